package org.signet.api;

/** Client file names made safe to keep and show: no path, no control characters, bounded length. */
final class FileNames {
    private static final int MAX_LENGTH = 255;

    private FileNames() {}

    /** The last segment after any {@code /} or {@code \} (S4). */
    static String withoutPath(String name) {
        String base = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        base = base.replaceAll("\\p{Cntrl}", "").trim();
        if (base.length() <= MAX_LENGTH) {
            return base;
        }
        int start = base.length() - MAX_LENGTH;
        // Never start with the second half of a surrogate pair: that would be half a character.
        return base.substring(Character.isLowSurrogate(base.charAt(start)) ? start + 1 : start);
    }

    /** The name without its last extension: {@code a.b.pdf} becomes {@code a.b}. */
    static String withoutExtension(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
