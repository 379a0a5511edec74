package org.signet.service;

import java.util.Optional;

/**
 * What the site's settings decide when a request leaves it open, read once from the configuration:
 * {@code allowDelegation} is {@code site.allow_delegation}.
 */
public record SiteDefaults(boolean allowDelegation) {
    /** Whether a new document allows handing over: as asked, else as the site does. */
    boolean allowDelegation(Optional<Boolean> asked) {
        return asked.orElse(allowDelegation);
    }
}
