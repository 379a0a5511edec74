package org.signet.pdf.intake;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.signet.domain.AttachmentKind;
import org.signet.domain.FieldType;

/**
 * Reads the text of a tag, {@code {{type;signer=N;name=...;required=true|false;options=a|b}}}: the type
 * first, then optional settings in any order. Anything else between double braces is ordinary text and
 * stays on the page, so an author sees a mistyped tag instead of losing it silently.
 */
final class TagSyntax {
    /** Signer numbers a tag may name: as many as a template has slots. */
    static final int MAX_SIGNER = 50;
    static final int MAX_NAME = 100;

    /** What a tag says, before it has a place on the page. */
    record Tag(FieldType type, int signer, String name, boolean required, List<String> options) {}

    private TagSyntax() {}

    /** The tag in {@code text}, which must be exactly {@code {{...}}}; empty when it is not a valid tag. */
    static Optional<Tag> parse(String text) {
        if (!text.startsWith("{{") || !text.endsWith("}}") || text.length() < 5) {
            return Optional.empty();
        }
        String[] parts = text.substring(2, text.length() - 2).split(";", -1);
        FieldType type = FieldType.fromWire(parts[0].strip().toLowerCase(Locale.ROOT)).orElse(null);
        if (type == null) {
            return Optional.empty();
        }
        Settings s = new Settings();
        for (int i = 1; i < parts.length; i++) {
            if (!s.read(parts[i])) {
                return Optional.empty();
            }
        }
        if (type == FieldType.DROPDOWN && s.options.isEmpty()) {
            return Optional.empty();
        }
        if (type == FieldType.ATTACHMENT && !s.options.stream().allMatch(o -> AttachmentKind.fromWire(o).isPresent())) {
            return Optional.empty();
        }
        boolean listed = type == FieldType.DROPDOWN || type == FieldType.ATTACHMENT;
        return Optional.of(new Tag(type, s.signer, s.name, s.required, listed ? s.options : List.of()));
    }

    /** The settings after the type, each {@code key=value}; an unknown key or a bad value spoils the tag. */
    private static final class Settings {
        int signer = 1;
        String name = "";
        boolean required = true;
        List<String> options = new ArrayList<>();

        boolean read(String part) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                return part.isBlank();
            }
            String key = part.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            String value = part.substring(eq + 1).strip();
            switch (key) {
                case "signer":
                    signer = value.matches("[1-9][0-9]?") ? Integer.parseInt(value) : 0;
                    return signer >= 1 && signer <= MAX_SIGNER;
                case "name":
                    name = value;
                    return value.length() <= MAX_NAME;
                case "required":
                    required = value.equalsIgnoreCase("true");
                    return required || value.equalsIgnoreCase("false");
                case "options":
                    for (String option : value.split("\\|", -1)) {
                        options.add(option.strip());
                    }
                    return options.stream().noneMatch(String::isEmpty);
                default:
                    return false;
            }
        }
    }
}
