package org.signet.service;

import java.util.Objects;
import java.util.Optional;
import org.signet.domain.ExternalRef;
import org.signet.text.FileNames;

/**
 * What a request says about a new draft beside its file: its title (null: the file's name), expiry and
 * reminder interval (null: none), the client's own id and metadata, and whether it allows handing over
 * (empty: as the site does, see {@link SiteDefaults}), and the team it is for ({@code teamId}; null: the
 * caller's own, or a team key's team).
 */
public record DraftDetails(String title, Long expiresAt, Integer reminderIntervalDays, ExternalRef ref,
        Optional<Boolean> allowDelegation, Long teamId) {
    public DraftDetails {
        Objects.requireNonNull(allowDelegation, "allowDelegation: empty means the site's default");
    }

    /**
     * These details, titled after the uploaded file's name where they give no title of their own: the name without its
     * extension, as far as a PDF can draw it, or "Untitled document" when nothing of it is left.
     */
    public DraftDetails titledAfter(String filename) {
        String t = DrawableText.drawablePart(FileNames.withoutExtension(filename));
        return titledOr(t.isBlank() ? "Untitled document" : t);
    }

    /** Details for no team in particular. */
    public DraftDetails(String title, Long expiresAt, Integer reminderIntervalDays, ExternalRef ref,
            Optional<Boolean> allowDelegation) {
        this(title, expiresAt, reminderIntervalDays, ref, allowDelegation, null);
    }

    /** These details, titled {@code title} where they give no title of their own. */
    public DraftDetails titledOr(String title) {
        return this.title != null ? this
                : new DraftDetails(title, expiresAt, reminderIntervalDays, ref, allowDelegation, teamId);
    }

    /** These details for team {@code team} (null: personal). */
    public DraftDetails forTeam(Long team) {
        return new DraftDetails(title, expiresAt, reminderIntervalDays, ref, allowDelegation, team);
    }
}
