package org.signet.pdf.updates;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Objects read exactly as written: escapes, references beside numbers, and what is refused. */
class RawLexerTest {
    @TempDir
    Path dir;

    private RawValue read(String text) throws Exception {
        Path file = dir.resolve("object");
        Files.write(file, text.getBytes(StandardCharsets.ISO_8859_1));
        try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "r")) {
            return new RawLexer(new RawBytes(raw, raw.length()), 0).value(0);
        }
    }

    @Test
    void value_literalStringEscapesAndLineEnds_decodedAsTheStandardSays() throws Exception {
        RawValue.Text t = (RawValue.Text) read("(a\\(b\\)\\n\\101\\\r\nc\r\nd)");

        assertEquals("a(b)\nAc\nd", new String(t.bytes(), StandardCharsets.ISO_8859_1));
    }

    @Test
    void value_hexStringWithAnOddDigit_lastDigitFollowedByZero() throws Exception {
        assertArrayEquals(new byte[] {(byte) 0xAB, (byte) 0xC0}, ((RawValue.Text) read("<AB C>")).bytes());
    }

    @Test
    void value_numbersBesideAReference_eachReadAsWritten() throws Exception {
        RawValue.Array a = (RawValue.Array) read("[1 2 R 3 4 2.0 -.5 4294967298]");

        assertEquals(new RawValue.Ref(1, 2), a.items().get(0));
        assertEquals(new RawValue.Number("3"), a.items().get(1));
        assertEquals(new RawValue.Number("4"), a.items().get(2));
        assertEquals("r:2", Canon.number((RawValue.Number) a.items().get(3)), "a real, never the integer 2");
        assertEquals("r:-0.5", Canon.number((RawValue.Number) a.items().get(4)));
        assertEquals(4_294_967_298L, ((RawValue.Number) a.items().get(5)).integer(), "read whole, never cut to 32 bits");
    }

    @Test
    void value_nameEscapes_decoded() throws Exception {
        assertEquals(new RawValue.Name("A B"), read("/A#20B"));
    }

    @Test
    void value_repeatedKeyOrDeepNesting_refused() throws Exception {
        assertThrows(DamagedUpdate.class, () -> read("<< /F 2 /F 4 >>"));
        assertThrows(DamagedUpdate.class, () -> read("[".repeat(RawLexer.MAX_DEPTH + 2)));
        assertInstanceOf(RawValue.Dict.class, read("<< /F 2 /G [<< >>] >>"));
    }
}
