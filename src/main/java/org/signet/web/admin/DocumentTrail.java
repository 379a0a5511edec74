package org.signet.web.admin;

import static org.signet.web.admin.AdminView.esc;

import org.signet.domain.AuditEvent;
import org.signet.service.Documents;

/** A document's audit trail as a table, headed by whether its hash chain is intact ({@code chain_valid}). */
final class DocumentTrail {
    private DocumentTrail() {}

    static String render(AdminView v, Documents.Trail trail) {
        StringBuilder rows = new StringBuilder();
        for (AuditEvent e : trail.events()) {
            rows.append("<tr><td>").append(v.time(e.createdAt())).append("</td><td>").append(esc(e.action()))
                    .append("</td><td>").append(who(v, e)).append("</td><td>").append(esc(e.ipAddress()))
                    .append("</td><td>").append(esc(e.detail())).append("</td></tr>\n");
        }
        String verdict = "<p id=\"chain-valid\" data-chain-valid=\"" + trail.chainValid() + "\" class=\""
                + (trail.chainValid() ? "ok" : "error") + "\">"
                + v.t(trail.chainValid() ? "audit.chain_valid" : "audit.chain_broken") + "</p>\n";
        return "<section class=\"panel\">\n<h2 id=\"audit-heading\">" + v.t("audit.title") + "</h2>\n"
                + verdict + v.tableWrap("audit.title") + "<table class=\"table\" id=\"audit-trail\">\n"
                + "<caption class=\"visually-hidden\">" + v.t("audit.title") + "</caption>\n<thead><tr>"
                + v.th("audit.time") + v.th("audit.action") + v.th("audit.who") + v.th("audit.ip")
                + v.th("audit.detail") + "</tr></thead>\n<tbody>\n" + rows + "</tbody>\n</table>\n</div>\n</section>\n";
    }

    private static String who(AdminView v, AuditEvent e) {
        if (e.signerName() != null) {
            return esc(e.signerName());
        }
        if (e.userId() != null) {
            return v.t("audit.user", e.userId());
        }
        return e.apiKeyId() != null ? v.t("audit.api_key", e.apiKeyId()) : v.t("audit.site");
    }
}
