package org.signet.domain;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The languages Signet speaks to signers in: their pages and their emails. The wire form is the
 * ISO 639-1 code, which is also the suffix of each language's message files.
 */
public enum Language {
    EN, DE, FR, ES;

    /** The first one is the language of the base message files, the one the others fall back to. */
    public static final Language BASE = EN;

    /** {@code en}, {@code de}, {@code fr}, {@code es}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public Locale locale() {
        return Locale.forLanguageTag(code());
    }

    /** The language with this exact code, lower case as it is written on the wire. */
    public static Optional<Language> fromCode(String code) {
        return Arrays.stream(values()).filter(l -> l.code().equals(code)).findFirst();
    }

    /** The codes as a message lists them: "en, de, fr or es". */
    public static String choices() {
        String all = String.join(", ", Arrays.stream(values()).map(Language::code).toList());
        int last = all.lastIndexOf(", ");
        return all.substring(0, last) + " or " + all.substring(last + 2);
    }
}
