package org.signet.pdf.fonts;

import java.awt.Font;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where Signet's fonts come from: Liberation Sans and Dancing Script in the jar, and the fonts installed
 * in the folders of {@code pdf.font_dirs}, indexed on first use so that start-up reads no font.
 */
public final class Fonts {

    /** The folders Debian's font packages install into, {@code fonts-droid-fallback}'s Hangul file included. */
    public static final String DEFAULT_FOLDERS = "/usr/share/fonts,/usr/local/share/fonts,/usr/share/fonts-droid-fallback";

    static final FontFile HANDWRITING = FontFile.inJar("/fonts/DancingScript-Regular.otf");
    private static final Map<List<Path>, FontIndex> INDEXES = new ConcurrentHashMap<>();
    private static volatile List<Path> folders = folders(DEFAULT_FOLDERS);

    private Fonts() {
    }

    /** Draws with the fonts in {@code fontFolders} from now on; called once at start, before any drawing. */
    public static void useFolders(List<Path> fontFolders) {
        folders = List.copyOf(fontFolders);
    }

    /** A comma-separated list of folders, blanks ignored. */
    public static List<Path> folders(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(String::strip).filter(s -> !s.isEmpty()).map(Path::of)
                .toList();
    }

    /** The fonts of the configured folders, listed the first time they are needed. */
    public static FontIndex index() {
        return INDEXES.computeIfAbsent(folders, FontIndex::scan);
    }

    /** The handwriting-style font for AWT at size 1; derive the size you need. */
    public static Font handwriting() {
        return HANDWRITING.awt();
    }
}
