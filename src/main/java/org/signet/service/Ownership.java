package org.signet.service;

import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;
import org.signet.domain.Principal;
import org.signet.error.Refusal;

/**
 * The one ownership rule for everything a user owns (documents, templates, webhooks, API keys, bulk
 * sends): 404 {@code not_found} when it does not exist, checked first, then 403 {@code forbidden} when
 * it is another user's and the caller is no administrator. {@code what} names the thing as its
 * messages do: "Template not found.", "You are not allowed to access this template.".
 */
final class Ownership {
    private Ownership() {}

    /** The thing {@code found} holds, when there is one and {@code p} may use it. */
    static <T> T require(Principal p, Optional<T> found, ToLongFunction<T> owner, String what) {
        return check(p, found.orElseThrow(() -> Refusal.notFound(what)), owner, what);
    }

    /** {@code thing} itself, when {@code p} may use it; 403 when it is another user's. */
    static <T> T check(Principal p, T thing, ToLongFunction<T> owner, String what) {
        if (!p.mayAccess(owner.applyAsLong(thing))) {
            throw Refusal.forbidden(what.toLowerCase(Locale.ROOT));
        }
        return thing;
    }
}
