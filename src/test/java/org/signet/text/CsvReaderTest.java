package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The RFC 4180 shapes a spreadsheet writes, and the text that is not CSV. */
class CsvReaderTest {
    private static List<List<String>> read(String text) throws CsvReader.CsvException {
        return CsvReader.read(text.getBytes(StandardCharsets.UTF_8), 100, 100);
    }

    @Test
    void read_crlfAndLf_recordsInOrder() throws Exception {
        assertEquals(List.of(List.of("a", "b"), List.of("1", "2"), List.of("3", "4")), read("a,b\r\n1,2\n3,4"));
    }

    @Test
    void read_quotedCommaDoubledQuoteAndLineBreak_keptInTheField() throws Exception {
        assertEquals(List.of(List.of("Smith, Ann", "say \"hi\"", "two\r\nlines", "")),
                read("\"Smith, Ann\",\"say \"\"hi\"\"\",\"two\r\nlines\",\"\"\r\n"));
    }

    @Test
    void read_byteOrderMark_dropped() throws Exception {
        assertEquals(List.of(List.of("name")), read("\uFEFFname\r\n"));
    }

    @Test
    void read_emptyFieldsAndBlankLines_fieldsKeptLinesSkipped() throws Exception {
        assertEquals(List.of(List.of("", "", ""), List.of("x")), read(",,\r\n\r\n\nx\r\n\r\n"));
    }

    @Test
    void read_unclosedQuote_refusedWithTheLineItOpened() {
        CsvReader.CsvException e = assertThrows(CsvReader.CsvException.class, () -> read("a\r\n\"open,\r\nmore"));
        assertEquals("Line 2: a quoted field is not closed.", e.getMessage());
    }

    @Test
    void read_textAfterClosingQuote_refused() {
        CsvReader.CsvException e = assertThrows(CsvReader.CsvException.class, () -> read("a\n\"x\"y,z"));
        assertEquals("Line 2: text after the closing quote of a field.", e.getMessage());
    }

    @Test
    void read_quoteInsidePlainField_refused() {
        assertThrows(CsvReader.CsvException.class, () -> read("ab\"c,d"));
    }

    @Test
    void read_notUtf8_refused() {
        byte[] latin1 = "Jos\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        CsvReader.CsvException e = assertThrows(CsvReader.CsvException.class, () -> CsvReader.read(latin1, 10, 10));
        assertEquals("The file is not UTF-8 text; save it as CSV UTF-8.", e.getMessage());
    }

    @Test
    void read_moreRecordsThanAllowed_refusedBeforeReadingOn() {
        CsvReader.CsvException e = assertThrows(CsvReader.CsvException.class,
                () -> CsvReader.read("1\n2\n3\n".getBytes(StandardCharsets.UTF_8), 2, 10));
        assertEquals("Line 3: more than 2 records.", e.getMessage());
    }

    @Test
    void read_recordWithMoreFieldsThanAllowed_refusedAtIt() {
        byte[] wide = ("a,b\n1,2\n" + "x,".repeat(100_000) + "\n").getBytes(StandardCharsets.UTF_8);

        CsvReader.CsvException e = assertThrows(CsvReader.CsvException.class, () -> CsvReader.read(wide, 10, 2));

        assertEquals("Line 3: more than 2 values.", e.getMessage());
        assertTrue(e.tooManyFields());
    }
}
