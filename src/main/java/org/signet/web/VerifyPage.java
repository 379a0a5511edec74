package org.signet.web;

import static org.signet.web.PageHtml.escape;
import static org.signet.web.PageHtml.text;

import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.List;
import org.signet.pdf.verify.SealCheck;
import org.signet.service.Verification;
import org.signet.text.Messages;
import org.signet.text.Wire;

/**
 * The HTML of the verify page: a form to choose a PDF, and below it what checking the file found,
 * in plain words: a verdict, each finding, and the stored document the file is a seal of. Every word
 * comes from {@code m}, the page's language's catalogue.
 */
final class VerifyPage {
    static final String STYLESHEET = "/assets/verify.css";
    static final String SCRIPT = "/assets/verify.js";

    private final Messages m;
    private final Wire wire;

    VerifyPage(Messages m, Wire wire) {
        this.m = m;
        this.wire = wire;
    }

    /**
     * The page: the form posting to {@code action}, then {@code outcome}'s results when there is one,
     * or {@code errorOrNull} beside the form when the file could not be checked.
     *
     * @param maxBytes the largest upload accepted ({@code upload.max_bytes}), which the form names in megabytes
     */
    String render(String action, long maxBytes, Verification.Outcome outcome, String errorOrNull) {
        String body = PageHtml.topbar(m, "")
                + "<main id=\"main\" class=\"narrow verify\">\n"
                + form(action, maxBytes, errorOrNull)
                + (outcome == null ? "" : results(outcome))
                + "</main>\n";
        String script = "<script src=\"" + SCRIPT + "\" defer=\"defer\"></script>\n";
        return PageHtml.document(m, m.get("verify.title"), "verify", STYLESHEET, script, body);
    }

    private String form(String action, long maxBytes, String errorOrNull) {
        String megabytes = megabytes(maxBytes, m);
        return "<section class=\"card\" aria-labelledby=\"verify-title\">\n"
                + "<h1 id=\"verify-title\" class=\"card-title\">" + text(m, "verify.title") + "</h1>\n"
                + "<p>" + text(m, "verify.intro") + "</p>\n"
                + "<form id=\"verify-form\" class=\"verify-form\" method=\"post\" action=\"" + escape(action)
                + "\" enctype=\"multipart/form-data\" data-busy=\"" + text(m, "verify.checking")
                + "\" data-failed=\"" + text(m, "verify.error.other") + "\" data-max-bytes=\"" + maxBytes
                + "\" data-too-large=\"" + text(m, "verify.error.file_too_large", megabytes) + "\">\n"
                + "<label class=\"label\" for=\"verify-file\">" + text(m, "verify.file_label") + "</label>\n"
                + "<input id=\"verify-file\" class=\"file-input\" type=\"file\" name=\"file\""
                + " accept=\"application/pdf,.pdf\" required=\"required\" aria-describedby=\"verify-hint message\" />\n"
                + "<p id=\"verify-hint\" class=\"hint\">" + text(m, "verify.file_hint", megabytes)
                + "</p>\n"
                + PageHtml.messageRegion(errorOrNull)
                + "<p id=\"verify-status\" class=\"hint verify-status\" role=\"status\" aria-live=\"polite\"></p>\n"
                + "<button id=\"verify-submit\" class=\"btn btn-primary\" type=\"submit\">" + text(m, "verify.submit")
                + "</button>\n</form>\n</section>\n";
    }

    private String results(Verification.Outcome outcome) {
        SealCheck c = outcome.check();
        String verdict = verdict(outcome);
        boolean good = verdict.equals("good");
        return "<section id=\"results\" class=\"card verify-results\" aria-labelledby=\"results-title\""
                + " tabindex=\"-1\">\n"
                + "<h2 id=\"results-title\" class=\"card-title\">" + text(m, "verify.results") + "</h2>\n"
                + "<p id=\"verdict\" class=\"verdict " + (good ? "is-good" : "is-bad") + "\" data-verdict=\"" + verdict
                + "\">" + text(m, "verify.verdict." + verdict) + "</p>\n"
                + "<dl class=\"facts\">\n"
                + fact("sealed_here", yesNo(outcome.sealedHere()))
                + fact("intact", yesNo(c.intact()))
                + fact("covers", yesNo(c.coversWholeFile()))
                + fact("modified", modifications(c))
                + fact("certified", yesNo(c.certified()))
                + fact("level", c.level() == null ? text(m, "verify.none") : escape(c.level()))
                + fact("sealed_at", c.sealedAt() == null ? text(m, "verify.none") : time(c.sealedAt().getEpochSecond()))
                + fact("sha256", "<code class=\"hash\">" + escape(c.sha256()) + "</code>")
                + "</dl>\n"
                + outcome.document().map(this::document).orElse("")
                + "</section>\n";
    }

    /** The one sentence that sums up the findings, as the key of its message. */
    static String verdict(Verification.Outcome outcome) {
        SealCheck c = outcome.check();
        if (c.seal() == null) {
            return "unsigned";
        }
        if (!c.intact()) {
            return "broken";
        }
        if (!outcome.sealedHere()) {
            return "foreign";
        }
        if (c.modifiedAfterSeal()) {
            return "changed";
        }
        return c.coversWholeFile() ? "good" : "appended";
    }

    private String fact(String key, String valueMarkup) {
        return "<div class=\"fact\" data-fact=\"" + key + "\">\n<dt>" + text(m, "verify.fact." + key) + "</dt>\n<dd>"
                + valueMarkup + "</dd>\n</div>\n";
    }

    private String yesNo(boolean value) {
        return text(m, value ? "verify.yes" : "verify.no");
    }

    private String modifications(SealCheck c) {
        if (!c.modifiedAfterSeal()) {
            return text(m, "verify.no");
        }
        List<String> kinds = c.changes().stream().sorted().map(k -> m.get("verify.change." + k.wire())).toList();
        return text(m, "verify.changed", escape(String.join(", ", kinds)));
    }

    private String document(Verification.SealedDocument d) {
        StringBuilder rows = new StringBuilder();
        for (Verification.Party p : d.parties()) {
            rows.append("<tr>\n<td>").append(escape(p.name())).append("</td>\n<td>")
                    .append(text(m, "role." + p.role())).append("</td>\n<td>")
                    .append(p.signedAt() == null ? text(m, "verify.party.not_signed") : time(p.signedAt()))
                    .append("</td>\n</tr>\n");
        }
        return "<div id=\"document\" class=\"verify-document\">\n"
                + "<h3 class=\"verify-subtitle\">" + text(m, "verify.document.title") + "</h3>\n"
                + "<p>" + text(m, "verify.document.intro") + "</p>\n"
                + "<dl class=\"facts\">\n"
                + fact("document.name", escape(d.title()))
                + fact("document.id", escape(String.valueOf(d.id())))
                + fact("document.completed_at",
                        d.completedAt() == null ? text(m, "verify.none") : time(d.completedAt()))
                + fact("document.chain", text(m, d.chainValid() ? "verify.chain_valid" : "verify.chain_broken"))
                + "</dl>\n"
                + "<table class=\"parties-table\">\n<caption>" + text(m, "verify.parties") + "</caption>\n"
                + "<thead>\n<tr>\n<th scope=\"col\">" + text(m, "verify.party.name") + "</th>\n<th scope=\"col\">"
                + text(m, "verify.party.role") + "</th>\n<th scope=\"col\">" + text(m, "verify.party.signed_at")
                + "</th>\n</tr>\n</thead>\n<tbody>\n" + rows + "</tbody>\n</table>\n</div>\n";
    }

    /** {@code upload.max_bytes} in megabytes (MiB) as {@code m}'s language writes a number, never rounded up. */
    static String megabytes(long bytes, Messages m) {
        NumberFormat format = NumberFormat.getNumberInstance(m.language().locale());
        format.setMaximumFractionDigits(1);
        format.setRoundingMode(RoundingMode.DOWN);
        return format.format(bytes / (1024.0 * 1024.0));
    }

    /** A time as the REST interface writes it, with the site's time zone named. */
    private String time(long epochSeconds) {
        return escape(wire.time(epochSeconds) + " (" + wire.zone().getId() + ")");
    }
}
