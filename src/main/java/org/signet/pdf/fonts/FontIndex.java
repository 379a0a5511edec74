package org.signet.pdf.fonts;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The fonts Signet draws text with, in the order it tries them for each character: the sans-serif in
 * the jar, then the installed fonts that cover the scripts people sign in (Noto Sans for Latin, Greek
 * and Cyrillic, Noto Sans Hebrew, Arabic and Devanagari, Droid Sans Fallback for Chinese, Japanese and
 * Korean), then every other TrueType file in the folders, regular styles first. Making the index only
 * lists file names; a file is read when a character is first looked for in it.
 */
public final class FontIndex {

    /** A regular font and the bold one that goes with it (the regular again when there is none). */
    public record Family(FontFile regular, FontFile bold) {
        FontFile face(boolean wantBold, int codePoint) {
            return wantBold && bold.covers(codePoint) ? bold : regular;
        }
    }

    static final Family JAR = new Family(FontFile.inJar("/fonts/LiberationSans-Regular.ttf"),
            FontFile.inJar("/fonts/LiberationSans-Bold.ttf"));
    /** Installed fonts by file name, in order of preference, each with its bold file. */
    private static final List<String[]> PREFERRED = List.of(
            new String[] {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf"},
            new String[] {"NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf"},
            new String[] {"NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"},
            new String[] {"NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf"},
            // The full file draws Chinese and Japanese; only the other one has every Hangul syllable.
            new String[] {"DroidSansFallbackFull.ttf", null},
            new String[] {"DroidSansFallback.ttf", null});
    private static final Pattern FONT_FILE = Pattern.compile("(?i).+\\.(ttf|otf)");
    private static final Pattern STYLED = Pattern.compile(
            "(?i).*(bold|italic|oblique|light|thin|black|medium|semi|extra|condensed|narrow|display|mono).*");
    private static final int MAX_DEPTH = 8;

    private final List<Family> families;

    private FontIndex(List<Family> families) {
        this.families = List.copyOf(families);
    }

    /** Lists the font files under {@code folders} (missing folders are skipped) and orders them. */
    static FontIndex scan(List<Path> folders) {
        Map<String, FontFile> byName = new LinkedHashMap<>();
        for (Path folder : folders) {
            list(folder).forEach(f -> byName.putIfAbsent(f.name().toLowerCase(Locale.ROOT), f));
        }
        List<Family> order = new ArrayList<>(List.of(JAR));
        for (String[] names : PREFERRED) {
            FontFile regular = byName.remove(names[0].toLowerCase(Locale.ROOT));
            FontFile bold = names[1] == null ? null : byName.remove(names[1].toLowerCase(Locale.ROOT));
            if (regular != null) {
                order.add(new Family(regular, bold != null ? bold : regular));
            }
        }
        byName.values().stream().sorted(Comparator.comparingInt(FontIndex::styleRank)
                .thenComparing(FontFile::name)).forEach(f -> order.add(new Family(f, boldOf(f, byName))));
        return new FontIndex(order);
    }

    /** The first family with a glyph for {@code codePoint}, or null when no font has one. */
    public Family familyFor(int codePoint) {
        for (Family f : families) {
            if (f.regular().covers(codePoint)) {
                return f;
            }
        }
        return null;
    }

    List<Family> families() {
        return families;
    }

    /** Regular styles first ("-Regular", then plain names), bold, italic and the like after them. */
    private static int styleRank(FontFile f) {
        String base = f.name().replaceFirst("(?i)\\.(ttf|otf)$", "");
        if (base.endsWith("-Regular")) {
            return 0;
        }
        return STYLED.matcher(base).matches() ? 2 : 1;
    }

    private static FontFile boldOf(FontFile regular, Map<String, FontFile> byName) {
        String name = regular.name().toLowerCase(Locale.ROOT);
        FontFile bold = name.contains("-regular.") ? byName.get(name.replace("-regular.", "-bold.")) : null;
        return bold != null ? bold : regular;
    }

    /** Every font file below {@code folder}, in name order; links are followed, loops and unreadable folders skipped. */
    private static List<FontFile> list(Path folder) {
        List<FontFile> found = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return found;
        }
        try {
            Files.walkFileTree(folder, EnumSet.of(FileVisitOption.FOLLOW_LINKS), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile() && FONT_FILE.matcher(file.getFileName().toString()).matches()) {
                        found.add(FontFile.onDisk(file));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // A folder that cannot be listed adds no fonts; the others still count.
        }
        found.sort(Comparator.comparing(f -> f.path().toString()));
        return found;
    }
}
