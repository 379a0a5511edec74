package org.signet.web;

import java.io.IOException;
import org.signet.config.Brand;
import org.signet.domain.Language;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Verification;
import org.signet.text.Messages;
import org.signet.text.SiteWords;
import org.signet.text.Wire;

/**
 * The verify page at {@code /verify}: anyone, without signing in, chooses a PDF and learns whether
 * this site sealed it and whether it changed since. A plain form post answers with the page and its
 * results, so it works without script; the page's script only spares the reload.
 */
public final class VerifyRoutes {
    /** Receives the file posted to the page, under the limits of every upload, and checks it. */
    @FunctionalInterface
    public interface Upload {
        Verification.Outcome check(Request req) throws IOException;
    }

    private final Upload upload;
    private final Wire wire;
    private final Language siteLanguage;
    private final long maxBytes;
    private final Brand brand;

    /**
     * @param maxBytes {@code upload.max_bytes}, which the page names in megabytes
     * @param brand the site's name and logo, which the page shows
     */
    public VerifyRoutes(Upload upload, Wire wire, Language siteLanguage, long maxBytes, Brand brand) {
        this.upload = upload;
        this.wire = wire;
        this.siteLanguage = siteLanguage;
        this.maxBytes = maxBytes;
        this.brand = brand;
    }

    public void routes(Router site) {
        site.get("/verify", this::form);
        site.post("/verify", this::check);
    }

    private Response form(Request req) {
        return html(200, page(req).render(action(req), maxBytes, null, null));
    }

    private Response check(Request req) throws IOException {
        VerifyPage page = page(req);
        try {
            return html(200, page.render(action(req), maxBytes, upload.check(req), null));
        } catch (Refusal e) {
            Response refused = html(e.status(), page.render(action(req), maxBytes, null, reason(req, e.code())));
            Object retryAfter = e.data().get("retry_after");
            return retryAfter == null ? refused : refused.header("Retry-After", String.valueOf(retryAfter));
        }
    }

    /** Why the file could not be checked, in the page's words; a refusal they do not name gets a general line. */
    private String reason(Request req, String code) {
        Messages m = words(req);
        return m.find("verify.error." + code).map(t -> Messages.fill(t, VerifyPage.megabytes(maxBytes, m)))
                .orElse(m.get("verify.error.other"));
    }

    private VerifyPage page(Request req) {
        return new VerifyPage(words(req), wire);
    }

    /** The signer pages' choice: the address's {@code ?lang=}, else the browser's, else the site's. */
    private Messages words(Request req) {
        return SiteWords.of(Messages.of(PageHtml.BUNDLE, PageLanguage.choose(req, null, siteLanguage)), brand);
    }

    /** The form posts back here, keeping a language the address named. */
    private static String action(Request req) {
        return "/verify" + PageLanguage.asked(req).map(l -> "?lang=" + l.code()).orElse("");
    }

    private static Response html(int status, String page) {
        return Response.html(status, page).header("Vary", "Accept-Language");
    }
}
