package org.signet.service;

import java.util.Map;
import java.util.Objects;
import java.util.logging.Logger;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.Owned;
import org.signet.domain.Principal;
import org.signet.domain.Template;
import org.signet.domain.TeamRole;
import org.signet.error.Refusal;
import org.signet.store.Database;
import org.signet.store.TemplateStore;

/**
 * Moving a document or a template between a person and a team (see docs/api/teams.md, Moving): into a team
 * by someone who may change it where it is and is a member (not a viewer) of the team; out of a team by
 * the team's admin or owner, to whom it then belongs. A document's move is recorded in its audit trail; a
 * template has none, so its move is a line of the {@code signet.teams} log, naming who moved it and from where to
 * where. People move things; a team's key, which acts for one team only, does not.
 */
public final class Moves {
    private static final Logger LOG = Logger.getLogger("signet.teams");

    private final Database db;
    private final DocumentStores stores;
    private final TemplateStore templates;
    private final Ownership ownership;

    public Moves(DocumentStores s, TemplateStore templates) {
        this.db = s.db();
        this.stores = s;
        this.templates = templates;
        this.ownership = new Ownership(s.teams());
    }

    /** Moves document {@code id} into team {@code teamId}, or for null out of its team to the caller; as it now is. */
    public Document document(Principal p, long id, Long teamId, Actor actor) {
        return db.inTransaction(() -> {
            stores.documents().lock(id);
            Document d = movable(p, stores.documents().find(id).orElse(null), teamId, "Document");
            if (Objects.equals(d.teamId(), teamId)) {
                return d;
            }
            Document moved = stores.documents().moveTo(d.id(), teamId, teamId == null ? p.userId() : d.ownerId());
            stores.audit().record(d.id(), "document_moved", actor, where(d.teamId()) + " -> " + where(teamId));
            return moved;
        });
    }

    /** Moves template {@code id} as {@link #document} moves a document, and logs the move once it is committed. */
    public Template template(Principal p, long id, Long teamId, Actor actor) {
        return db.inTransaction(() -> {
            Template t = movable(p, templates.find(id).orElse(null), teamId, "Template");
            if (Objects.equals(t.teamId(), teamId)) {
                return t;
            }
            Template moved = templates.moveTo(t.id(), teamId, teamId == null ? p.userId() : t.ownerId());
            db.afterCommit(() -> LOG.info(() -> "Template " + t.id() + " moved from " + where(t.teamId()) + " to "
                    + where(teamId) + " by user " + p.userId() + (actor.apiKeyId() == null ? ""
                    : " with key " + actor.apiKeyId())));
            return moved;
        });
    }

    /**
     * {@code thing}, when {@code p} may take it from where it is (its owner for a personal one, a team's admin
     * or owner for a team's) to team {@code teamId}, where {@code p} must be a member but a viewer (null: to
     * {@code p} alone).
     */
    private <T extends Owned> T movable(Principal p, T thing, Long teamId, String what) {
        if (thing == null) {
            throw Refusal.notFound(what);
        }
        if (p.actsForTeam()) {
            ownership.check(p, thing, TeamRole.VIEWER, what);
            throw new Refusal(Refusal.Kind.FORBIDDEN, "forbidden", "A team's API key does not move things between "
                    + "teams; its members do.", Map.of());
        }
        ownership.check(p, thing, TeamRole.ADMIN, what);
        if (teamId != null) {
            ownership.requireTeam(p, teamId, TeamRole.MEMBER);
        }
        return thing;
    }

    private static String where(Long teamId) {
        return teamId == null ? "personal" : "team " + teamId;
    }
}
