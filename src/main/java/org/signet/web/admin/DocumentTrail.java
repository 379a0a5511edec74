package org.signet.web.admin;

import org.signet.domain.AuditEvent;
import org.signet.service.Documents;
import org.signet.text.Html;

/** A document's audit trail as a table, headed by whether its hash chain is intact ({@code chain_valid}). */
final class DocumentTrail {
    private DocumentTrail() {}

    static Html render(AdminView v, Documents.Trail trail) {
        Html rows = trail.events().stream().map(e -> Html.of("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                v.time(e.createdAt()), e.action(), who(v, e), e.ipAddress(), e.detail())).collect(Html.joining());
        Html verdict = Html.of("<p id=\"chain-valid\" data-chain-valid=\"{}\" class=\"{}\">{}</p>\n", trail.chainValid(),
                trail.chainValid() ? "ok" : "error", v.t(trail.chainValid() ? "audit.chain_valid" : "audit.chain_broken"));
        return Html.of("<section class=\"panel\">\n<h2 id=\"audit-heading\">{}</h2>\n{}{}<table class=\"table\" id=\"audit-trail\">\n"
                + "<caption class=\"visually-hidden\">{}</caption>\n<thead><tr>{}{}{}{}{}</tr></thead>\n<tbody>\n{}</tbody>\n"
                + "</table>\n</div>\n</section>\n", v.t("audit.title"), verdict, v.tableWrap("audit.title"), v.t("audit.title"),
                v.th("audit.time"), v.th("audit.action"), v.th("audit.who"), v.th("audit.ip"), v.th("audit.detail"), rows);
    }

    private static Html who(AdminView v, AuditEvent e) {
        if (e.signerName() != null) {
            return Html.of("{}", e.signerName());
        }
        if (e.userId() != null) {
            return v.t("audit.user", e.userId());
        }
        return e.apiKeyId() != null ? v.t("audit.api_key", e.apiKeyId()) : v.t("audit.site");
    }
}
