package org.signet.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.signet.pdf.fonts.Fonts;

/**
 * A font folder of a test class's own, for tests whose outcome depends on which characters no font can
 * draw. The machine's font folders hold whatever its packages brought (Debian's prometheus brings
 * fonts-glyphicons-halflings, an icon font with glyphs for private-use characters), so such a class
 * gives Signet a folder that holds only the script fonts Signet prefers, linked from wherever the
 * machine has them; on a machine without them the jar's fonts draw alone, and the tests that need the
 * scripts skip themselves ({@link ScriptText#assumeFontsInstalled()}).
 *
 * <p>Registered as a static field, it makes Signet draw with the folder for the class and with the
 * default folders after it; a server the class starts gets it through {@link #setting()}.
 */
public final class OwnFonts implements BeforeAllCallback, AfterAllCallback {
    /** The installed files Signet tries first for each script, as FontIndex names them. */
    private static final List<String> SCRIPT_FONTS = List.of("NotoSans-Regular.ttf", "NotoSans-Bold.ttf",
            "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf", "NotoSansArabic-Regular.ttf",
            "NotoSansArabic-Bold.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf",
            "DroidSansFallbackFull.ttf", "DroidSansFallback.ttf");
    private static final int MAX_DEPTH = 8;

    private Path folder;

    /** The folder, made on first use. */
    public synchronized Path folder() {
        if (folder == null) {
            try {
                folder = Files.createTempDirectory("signet-fonts");
                for (Path machine : Fonts.folders(Fonts.DEFAULT_FOLDERS)) {
                    linkScriptFonts(machine, folder);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return folder;
    }

    /** {@code pdf.font_dirs} naming the folder, for a server the class starts. */
    public String setting() {
        return "pdf.font_dirs=" + folder();
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Fonts.useFolders(List.of(folder()));
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        // Test classes share a JVM one after another: the next one draws as a fresh JVM would.
        Fonts.useFolders(Fonts.folders(Fonts.DEFAULT_FOLDERS));
        synchronized (this) {
            if (folder != null) {
                try (Stream<Path> links = Files.list(folder)) {
                    for (Path link : links.toList()) {
                        Files.delete(link);
                    }
                }
                Files.delete(folder);
                folder = null;
            }
        }
    }

    /** Links each script font under {@code machine} into {@code into}, the first of each name found. */
    private static void linkScriptFonts(Path machine, Path into) throws IOException {
        if (!Files.isDirectory(machine)) {
            return;
        }
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(machine, EnumSet.of(FileVisitOption.FOLLOW_LINKS), MAX_DEPTH, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile() && SCRIPT_FONTS.contains(file.getFileName().toString())) {
                    found.add(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        found.sort(Comparator.comparing(Path::toString));
        for (Path font : found) {
            Path link = into.resolve(font.getFileName().toString());
            if (!Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(link, font.toAbsolutePath());
            }
        }
    }
}
