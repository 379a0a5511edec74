package org.signet.web;

/**
 * The file name a party's copy is saved under: the document's title made safe for any file system
 * (no path separators, no characters Windows refuses, no control characters), ending in {@code .pdf}.
 */
final class DownloadName {
    private static final int MAX_LENGTH = 120;

    private DownloadName() {}

    static String of(String title) {
        String name = title.replaceAll("[\\p{Cntrl}/\\\\:*?\"<>|]", "_").replaceAll("\\s+", " ");
        if (name.regionMatches(true, Math.max(0, name.length() - 4), ".pdf", 0, 4)) {
            name = name.substring(0, name.length() - 4);
        }
        if (name.codePointCount(0, name.length()) > MAX_LENGTH) {
            name = name.substring(0, name.offsetByCodePoints(0, MAX_LENGTH));
        }
        // A leading dot would hide the file on Unix; Windows drops trailing dots and spaces.
        name = name.replaceAll("^[. ]+", "").replaceAll("[. ]+$", "");
        return (name.isEmpty() ? "document" : name) + ".pdf";
    }
}
