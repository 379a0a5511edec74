package org.signet.web.admin;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.signet.domain.Language;
import org.signet.error.Refusal;
import org.signet.text.Html;

/**
 * A service's refusal said in the page's words beside the input it concerns: the drafting pages' own words for its
 * code where they have them, else the pages' general words for it, else the service's English sentence for that
 * input (marked as English, so that a screen reader reads it as English).
 */
final class RefusalWords {
    private RefusalWords() {}

    /** The words for what {@code r} says about {@code param}; a refusal naming no input is said in full. */
    static Html words(AdminView v, String param, Refusal r) {
        Optional<String> own = Optional.of("compose.error." + r.code() + "." + param)
                .filter(key -> v.m.find(key).isPresent())
                .or(() -> Optional.of("compose.error." + r.code()).filter(key -> v.m.find(key).isPresent()));
        if (own.isPresent()) {
            // A limit is said in the page's numbers: the largest file in kilobytes.
            Object limit = r.data().get("max_bytes") instanceof Number n ? v.number((n.longValue() + 1023) / 1024) : "";
            return v.t(own.get(), limit);
        }
        String english = r.data().get("params") instanceof Map<?, ?> bad && bad.get(param) != null
                ? String.valueOf(bad.get(param)) : r.getMessage();
        return v.language() == Language.BASE ? Html.of("{}", english)
                : Html.of("<span lang=\"{}\">{}</span>", Language.BASE.code(), english);
    }

    /** The words in the element an input names with {@code aria-describedby="<param>-error"}. */
    static Html beside(AdminView v, String param, Refusal r) {
        return beside(param, words(v, param, r));
    }

    /** {@code words} as the error of the input {@code id}. */
    static Html beside(String id, Html words) {
        return Html.of("<p class=\"field-error\" id=\"{}-error\">{}</p>\n", id, words);
    }

    /** The input names a refusal concerns: its bad or missing parameters. */
    static Set<String> params(Refusal r) {
        Object params = r.data().get("params");
        if (params instanceof Map<?, ?> bad) {
            return bad.keySet().stream().map(String::valueOf).collect(Collectors.toSet());
        }
        if (params instanceof List<?> missing) {
            return missing.stream().map(String::valueOf).collect(Collectors.toSet());
        }
        return Set.of();
    }
}
