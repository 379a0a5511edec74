package org.signet.api;

import java.util.Map;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.json.Json;
import org.signet.service.PublicLinks;

/** A template's public link turned on and off (see docs/api/templates.md, Public links). */
public final class PublicLinksApi {
    private static final Keys ENABLE = Keys.of("enabled");

    private final PublicLinks links;

    public PublicLinksApi(PublicLinks links) {
        this.links = links;
    }

    public void routes(Router r) {
        r.post("/templates/{id}/public-link", this::enable);
        r.delete("/templates/{id}/public-link", this::disable);
    }

    /** {@code {"enabled": true}} answers the address; {@code false} turns it off, as DELETE does. */
    private Response enable(Request req) {
        long id = req.pathId("id");
        var b = req.json().refuseUnknown(ENABLE);
        Boolean enabled = b.optBool("enabled").orElse(null);
        if (enabled == null) {
            b.require("enabled");
        }
        b.check();
        if (!enabled) {
            links.disable(req.caller().principal(), id);
            return Response.ok(Json.object("enabled", false));
        }
        return Response.ok(Json.object("enabled", true, "url", links.enable(req.caller().principal(), id)));
    }

    private Response disable(Request req) {
        links.disable(req.caller().principal(), req.pathId("id"));
        return Response.ok(Map.of("enabled", false));
    }
}
