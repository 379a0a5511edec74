package org.signet.text;

import java.util.Locale;
import java.util.Optional;
import org.signet.domain.Language;

/**
 * The browser's {@code Accept-Language} header read for the languages Signet speaks: the signer's pages
 * and the administrator pages both follow it when nothing else decides.
 */
public final class AcceptLanguage {
    /** A header longer than this is cut: a browser sends a handful of ranges, never hundreds. */
    private static final int MAX_RANGES = 32;

    private AcceptLanguage() {}

    /**
     * The supported language the browser weighs highest, the earlier on a tie (RFC 9110 section 12.5.4):
     * {@code de-CH,de;q=0.9,en;q=0.8} gives German. A range is matched by its primary subtag; {@code *}
     * and a weight of 0 choose nothing, so the site's default applies.
     */
    public static Optional<Language> preferred(String acceptLanguage) {
        if (acceptLanguage == null) {
            return Optional.empty();
        }
        Language best = null;
        double bestWeight = 0;
        String[] ranges = acceptLanguage.split(",", MAX_RANGES + 1);
        for (int i = 0; i < Math.min(ranges.length, MAX_RANGES); i++) {
            String[] parts = ranges[i].split(";", -1);
            String primary = parts[0].strip().toLowerCase(Locale.ROOT).split("-", 2)[0];
            Optional<Language> language = Language.fromCode(primary);
            double weight = weight(parts);
            if (language.isPresent() && weight > bestWeight) {
                best = language.get();
                bestWeight = weight;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The range's {@code q} (0 to 1, at most three decimals); 1 when absent, 0 when malformed. */
    private static double weight(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip();
            if (p.length() > 2 && (p.startsWith("q=") || p.startsWith("Q="))) {
                String q = p.substring(2);
                return q.matches("0(\\.\\d{0,3})?|1(\\.0{0,3})?") ? Double.parseDouble(q) : 0;
            }
        }
        return 1;
    }
}
