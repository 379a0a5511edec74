package org.signet.domain;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The kinds of file an attachment field takes, by the names its {@code options} list them with; a field
 * whose options name none takes all three (see docs/api/workflow.md, Fields).
 */
public enum AttachmentKind {
    PDF("application/pdf"), PNG("image/png"), JPG("image/jpeg");

    private final String mediaType;

    AttachmentKind(String mediaType) {
        this.mediaType = mediaType;
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String mediaType() {
        return mediaType;
    }

    public static Optional<AttachmentKind> fromWire(String s) {
        return Arrays.stream(values()).filter(k -> k.wire().equals(s)).findFirst();
    }

    /** The kind whose media type this is, or empty for another type. */
    public static Optional<AttachmentKind> ofMediaType(String mediaType) {
        return Arrays.stream(values()).filter(k -> k.mediaType.equals(mediaType)).findFirst();
    }

    /** The kinds a field allows, from its checked options: all three when it names none. */
    public static Set<AttachmentKind> allowed(List<String> options) {
        Set<AttachmentKind> kinds = EnumSet.noneOf(AttachmentKind.class);
        options.forEach(o -> fromWire(o).ifPresent(kinds::add));
        return kinds.isEmpty() ? EnumSet.allOf(AttachmentKind.class) : kinds;
    }

    /** The kinds' names as options list them, in the order given, e.g. "pdf, png". */
    public static String names(Set<AttachmentKind> kinds) {
        return String.join(", ", kinds.stream().map(AttachmentKind::wire).toList());
    }
}
