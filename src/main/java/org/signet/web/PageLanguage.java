package org.signet.web;

import java.util.Locale;
import java.util.Optional;
import org.signet.domain.Language;
import org.signet.http.Request;
import org.signet.text.AcceptLanguage;

/**
 * Which language a signer's page speaks: the link's {@code ?lang=xx}, else the signer's own
 * language, else the best the browser asks for in {@code Accept-Language}, else {@code site.language}.
 * A page that depends on the browser's header says so with {@code Vary: Accept-Language}.
 */
final class PageLanguage {
    private PageLanguage() {}

    /**
     * @param signerOwn the signer's language, or null when they have none or the link names no signer
     */
    static Language choose(Request req, Language signerOwn, Language site) {
        return asked(req).or(() -> Optional.ofNullable(signerOwn))
                .or(() -> AcceptLanguage.preferred(req.header("Accept-Language")))
                .orElse(site);
    }

    /** The language the address names with {@code lang}; an unknown value is ignored, never an error. */
    static Optional<Language> asked(Request req) {
        return req.query("lang").flatMap(code -> Language.fromCode(code.toLowerCase(Locale.ROOT)));
    }
}
