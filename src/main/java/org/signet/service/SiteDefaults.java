package org.signet.service;

import java.util.Optional;
import org.signet.domain.RetentionPolicy;

/**
 * What the site's settings decide when a request leaves it open, read once from the configuration:
 * {@code allowDelegation} is {@code site.allow_delegation}, {@code retention} the {@code retention.*} settings.
 */
public record SiteDefaults(boolean allowDelegation, RetentionPolicy retention) {
    /** Whether a new document allows handing over: as asked, else as the site does. */
    boolean allowDelegation(Optional<Boolean> asked) {
        return asked.orElse(allowDelegation);
    }
}
