package org.signet.pdf.fonts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The order fonts are tried in: the jar's, the preferred script fonts, then regular styles before others. */
class FontIndexTest {
    @TempDir
    Path dir;

    private static byte[] jarFont(String name) throws IOException {
        try (InputStream in = FontIndexTest.class.getResourceAsStream("/fonts/" + name)) {
            return in.readAllBytes();
        }
    }

    private static List<String> names(FontIndex index) {
        return index.families().stream().map(f -> f.regular().name() + "/" + f.bold().name()).toList();
    }

    @Test
    void scan_ordersJarThenPreferredThenRegularStylesFirst_andSkipsWhatIsNoFont() throws IOException {
        byte[] regular = jarFont("LiberationSans-Regular.ttf");
        byte[] bold = jarFont("LiberationSans-Bold.ttf");
        Path sub = Files.createDirectories(dir.resolve("truetype/some"));
        Files.write(sub.resolve("Alpha-Bold.ttf"), bold);
        Files.write(sub.resolve("Zeta-Regular.ttf"), regular);
        Files.write(sub.resolve("Zeta-Bold.ttf"), bold);
        Files.write(dir.resolve("NotoSansHebrew-Regular.ttf"), regular);
        Files.write(dir.resolve("Plain.TTF"), regular);
        Files.writeString(dir.resolve("broken.ttf"), "not a font");
        Files.writeString(dir.resolve("readme.txt"), "fonts");

        FontIndex index = FontIndex.scan(List.of(dir.resolve("missing"), dir));

        assertEquals(List.of("LiberationSans-Regular.ttf/LiberationSans-Bold.ttf",
                "NotoSansHebrew-Regular.ttf/NotoSansHebrew-Regular.ttf",
                "Zeta-Regular.ttf/Zeta-Bold.ttf", "Plain.TTF/Plain.TTF", "broken.ttf/broken.ttf",
                "Alpha-Bold.ttf/Alpha-Bold.ttf", "Zeta-Bold.ttf/Zeta-Bold.ttf"), names(index));
        assertFalse(index.families().get(4).regular().covers('A'), "a file that is no font covers nothing");
    }

    @Test
    void familyFor_firstFontWithTheGlyph_orNull() throws IOException {
        Files.write(dir.resolve("Other-Regular.ttf"), jarFont("LiberationSans-Regular.ttf"));
        FontIndex index = FontIndex.scan(List.of(dir));

        assertEquals(FontIndex.JAR, index.familyFor('A'));
        assertNull(index.familyFor(0xE000));
        assertEquals(FontIndex.JAR.bold(), index.familyFor('Ж').face(true, 'Ж'));
    }
}
