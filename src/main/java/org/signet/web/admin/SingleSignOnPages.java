package org.signet.web.admin;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.log.RequestLogRecord;
import org.signet.service.SingleSignOn;

/**
 * Single sign-on's two addresses: {@code /admin/oidc/start}, which sends the browser to the OpenID provider with
 * a binding cookie, and {@code /admin/oidc/callback}, where the provider sends it back. A refusal is a page in
 * the browser's words with the request id, and a log line with the same id and the reason in full.
 */
final class SingleSignOnPages implements AdminRoutes.Section {
    static final String BINDING_COOKIE = "signet_oidc";
    private static final Logger LOG = Logger.getLogger(SingleSignOn.LOGGER);

    private final SingleSignOn sso;

    SingleSignOnPages(SingleSignOn sso) {
        this.sso = sso;
    }

    @Override
    public void routes(Router site, AdminRoutes admin) {
        site.get("/admin/oidc/start", req -> start(req, admin));
        site.get("/admin/oidc/callback", req -> callback(req, admin));
    }

    private Response start(Request req, AdminRoutes admin) {
        try {
            SingleSignOn.Start start = sso.begin();
            return Response.redirect(start.redirect().toString())
                    .header("Set-Cookie", admin.bindingCookie(start.binding(), SingleSignOn.PENDING.toSeconds()));
        } catch (Refusal r) {
            return refused(req, admin, r);
        }
    }

    private Response callback(Request req, AdminRoutes admin) {
        SingleSignOn.Callback back = new SingleSignOn.Callback(req.query("state").orElse(null),
                req.query("code").orElse(null), req.query("error").orElse(null), req.cookie(BINDING_COOKIE));
        try {
            return admin.signedIn(req, sso.complete(back, req.clientIp(), req.cookie(AdminRoutes.SESSION_COOKIE)))
                    .header("Set-Cookie", admin.bindingCookie("", 0));
        } catch (Refusal r) {
            return refused(req, admin, r).header("Set-Cookie", admin.bindingCookie("", 0));
        }
    }

    private static Response refused(Request req, AdminRoutes admin, Refusal r) {
        LOG.log(new RequestLogRecord(LOG.getName(), Level.WARNING, "single sign-on refused (" + r.code() + "): "
                + r.getMessage() + " [request " + req.requestId() + "]", req.requestId()));
        return admin.view(req, null).error(r, null, req);
    }
}
