package org.signet.web;

import static org.signet.web.PageHtml.text;

import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.List;
import org.signet.pdf.verify.SealCheck;
import org.signet.service.Verification;
import org.signet.text.Html;
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
        Html body = Html.of("{}<main id=\"main\" class=\"narrow verify\">\n{}{}</main>\n", PageHtml.topbar(m, Html.EMPTY),
                form(action, maxBytes, errorOrNull), outcome == null ? Html.EMPTY : results(outcome));
        Html script = Html.of("<script type=\"module\" src=\"{}\"></script>\n", SCRIPT);
        return PageHtml.document(m, m.get("verify.title"), "verify", STYLESHEET, script, body);
    }

    private Html form(String action, long maxBytes, String errorOrNull) {
        String megabytes = megabytes(maxBytes, m);
        return Html.of("<section class=\"card\" aria-labelledby=\"verify-title\">\n"
                + "<h1 id=\"verify-title\" class=\"card-title\">{}</h1>\n"
                + "<p>{}</p>\n"
                + "<form id=\"verify-form\" class=\"verify-form\" method=\"post\" action=\"{}\""
                + " enctype=\"multipart/form-data\" data-busy=\"{}\""
                + " data-failed=\"{}\" data-max-bytes=\"{}\""
                + " data-too-large=\"{}\">\n"
                + "<label class=\"label\" for=\"verify-file\">{}</label>\n"
                + "<input id=\"verify-file\" class=\"file-input\" type=\"file\" name=\"file\""
                + " accept=\"application/pdf,.pdf\" required=\"required\" aria-describedby=\"verify-hint message\" />\n"
                + "<p id=\"verify-hint\" class=\"hint\">{}</p>\n{}"
                + "<p id=\"verify-status\" class=\"hint verify-status\" role=\"status\" aria-live=\"polite\"></p>\n"
                + "<button id=\"verify-submit\" class=\"btn btn-primary\" type=\"submit\">{}</button>\n</form>\n</section>\n",
                text(m, "verify.title"), text(m, "verify.intro"), action, text(m, "verify.checking"),
                text(m, "verify.error.other"), maxBytes, text(m, "verify.error.file_too_large", megabytes),
                text(m, "verify.file_label"), text(m, "verify.file_hint", megabytes), PageHtml.messageRegion(errorOrNull),
                text(m, "verify.submit"));
    }

    private Html results(Verification.Outcome outcome) {
        SealCheck c = outcome.check();
        String verdict = verdict(outcome);
        boolean good = verdict.equals("good");
        Html facts = Html.join(List.of(
                fact("sealed_here", yesNo(outcome.sealedHere())),
                fact("intact", yesNo(c.intact())),
                fact("covers", yesNo(c.coversWholeFile())),
                fact("modified", modifications(c)),
                fact("certified", yesNo(c.certified())),
                fact("level", c.level() == null ? text(m, "verify.none") : c.level()),
                fact("sealed_at", c.sealedAt() == null ? text(m, "verify.none") : time(c.sealedAt().getEpochSecond())),
                fact("sha256", Html.of("<code class=\"hash\">{}</code>", c.sha256()))));
        return Html.of("<section id=\"results\" class=\"card verify-results\" aria-labelledby=\"results-title\""
                + " tabindex=\"-1\">\n"
                + "<h2 id=\"results-title\" class=\"card-title\">{}</h2>\n"
                + "<p id=\"verdict\" class=\"verdict {}\" data-verdict=\"{}\">{}</p>\n"
                + "<dl class=\"facts\">\n{}</dl>\n{}</section>\n", text(m, "verify.results"), good ? "is-good" : "is-bad",
                verdict, text(m, "verify.verdict." + verdict), facts,
                outcome.document().map(this::document).orElseGet(() -> outcome.purged().map(this::purged)
                        .orElse(Html.EMPTY)));
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

    /** One finding; {@code value} is text, or markup when it is {@link Html}. */
    private Html fact(String key, Object value) {
        return Html.of("<div class=\"fact\" data-fact=\"{}\">\n<dt>{}</dt>\n<dd>{}</dd>\n</div>\n", key,
                text(m, "verify.fact." + key), value);
    }

    private Html yesNo(boolean value) {
        return text(m, value ? "verify.yes" : "verify.no");
    }

    private Html modifications(SealCheck c) {
        if (!c.modifiedAfterSeal()) {
            return text(m, "verify.no");
        }
        List<String> kinds = c.changes().stream().sorted().map(k -> m.get("verify.change." + k.wire())).toList();
        return text(m, "verify.changed", String.join(", ", kinds));
    }

    private Html document(Verification.SealedDocument d) {
        Html rows = d.parties().stream().map(p -> Html.of("<tr>\n<td>{}</td>\n<td>{}</td>\n<td>{}</td>\n</tr>\n", p.name(),
                text(m, "role." + p.role()), p.signedAt() == null ? text(m, "verify.party.not_signed") : time(p.signedAt())))
                .collect(Html.joining());
        Html facts = Html.join(List.of(
                fact("document.name", d.title()),
                fact("document.id", d.id()),
                fact("document.completed_at", d.completedAt() == null ? text(m, "verify.none") : time(d.completedAt())),
                fact("document.chain", text(m, d.chainValid() ? "verify.chain_valid" : "verify.chain_broken"))));
        return Html.of("<div id=\"document\" class=\"verify-document\">\n"
                + "<h3 class=\"verify-subtitle\">{}</h3>\n"
                + "<p>{}</p>\n"
                + "<dl class=\"facts\">\n{}</dl>\n"
                + "<table class=\"parties-table\">\n<caption>{}</caption>\n"
                + "<thead>\n<tr>\n<th scope=\"col\">{}</th>\n<th scope=\"col\">{}</th>\n<th scope=\"col\">{}</th>\n"
                + "</tr>\n</thead>\n<tbody>\n{}</tbody>\n</table>\n</div>\n", text(m, "verify.document.title"),
                text(m, "verify.document.intro"), facts, text(m, "verify.parties"), text(m, "verify.party.name"),
                text(m, "verify.party.role"), text(m, "verify.party.signed_at"), rows);
    }

    /** A seal of a document purged since: what its record says, and the day it was purged. */
    private Html purged(Verification.PurgedSeal p) {
        Html facts = Html.join(List.of(
                fact("document.id", p.id()),
                fact("document.completed_at", p.completedAt() == null ? text(m, "verify.none") : time(p.completedAt())),
                fact("document.parties", p.parties()),
                fact("document.purged_at", time(p.purgedAt()))));
        return Html.of("<div id=\"purged\" class=\"verify-document\">\n"
                + "<h3 class=\"verify-subtitle\">{}</h3>\n"
                + "<p>{}</p>\n"
                + "<dl class=\"facts\">\n{}</dl>\n</div>\n", text(m, "verify.document.title"),
                text(m, "verify.purged.intro", wire.time(p.purgedAt()).substring(0, 10)), facts);
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
        return wire.time(epochSeconds) + " (" + wire.zone().getId() + ")";
    }
}
