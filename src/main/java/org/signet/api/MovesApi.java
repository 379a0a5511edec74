package org.signet.api;

import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Documents;
import org.signet.service.Moves;

/**
 * {@code POST /documents/{id}/move} and {@code POST /templates/{id}/move}: into a team ({@code team_id}) or out
 * of one ({@code team_id: null}), see docs/api/teams.md, Moving. Each answers the moved thing as its GET does.
 */
public final class MovesApi {
    private static final Keys MOVE = Keys.of("team_id");

    private final Moves moves;
    private final Documents documents;
    private final DocumentViews views;
    private final TemplatesApi templates;

    public MovesApi(Moves moves, Documents documents, DocumentViews views, TemplatesApi templates) {
        this.moves = moves;
        this.documents = documents;
        this.views = views;
        this.templates = templates;
    }

    public void routes(Router r) {
        r.post("/documents/{id}/move", this::document);
        r.post("/templates/{id}/move", this::template);
    }

    private Response document(Request req) {
        long id = req.pathId("id");
        Long teamId = destination(req.json());
        moves.document(req.caller().principal(), id, teamId, Actors.of(req));
        return Response.ok(views.singleForm(documents.detail(req.caller().principal(), id)));
    }

    private Response template(Request req) {
        long id = req.pathId("id");
        Long teamId = destination(req.json());
        moves.template(req.caller().principal(), id, teamId, Actors.of(req));
        return templates.answer(req.caller().principal(), id);
    }

    /** {@code team_id}, required: a team's id, or null for out of the team. */
    private static Long destination(Body b) {
        b.refuseUnknown(MOVE);
        if (!b.has("team_id")) {
            b.require("team_id");
        }
        Long teamId = b.isNull("team_id") ? null : b.optLong("team_id", 1, Long.MAX_VALUE).orElse(null);
        b.check();
        return teamId;
    }
}
