package org.signet.text;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads comma-separated values as RFC 4180 defines them: fields split by commas, records by CRLF
 * (a bare LF too, as most tools write), a field in double quotes may hold commas, line breaks and
 * quotes written twice. The bytes must be UTF-8; a byte order mark at the start is dropped. Records
 * that are wholly empty (a trailing line break, a blank line) are skipped.
 */
public final class CsvReader {
    /** Text that is not CSV, or past a bound, with the line (from 1) where reading stopped. */
    public static final class CsvException extends Exception {
        private static final long serialVersionUID = 1L;
        private final boolean tooManyFields;

        CsvException(int line, String message) {
            this(line, message, false);
        }

        CsvException(int line, String message, boolean tooManyFields) {
            super("Line " + line + ": " + message);
            this.tooManyFields = tooManyFields;
        }

        CsvException(String message) {
            super(message);
            this.tooManyFields = false;
        }

        /** Reading stopped at a record with more fields than allowed. */
        public boolean tooManyFields() {
            return tooManyFields;
        }
    }

    private final String text;
    private final int maxFields;
    private int at;
    private int line = 1;

    private CsvReader(String text, int maxFields) {
        this.text = text;
        this.maxFields = maxFields;
    }

    /**
     * Every record of {@code utf8}, in order, stopping with an error past {@code maxRecords} records or
     * at a record of more than {@code maxFields} fields: the bounds keep what is read as small as what
     * the caller can use, however the text is built.
     */
    public static List<List<String>> read(byte[] utf8, int maxRecords, int maxFields) throws CsvException {
        String text = decode(utf8);
        return new CsvReader(text.startsWith("\uFEFF") ? text.substring(1) : text, maxFields).records(maxRecords);
    }

    private static String decode(byte[] utf8) throws CsvException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(utf8)).toString();
        } catch (CharacterCodingException e) {
            throw new CsvException("The file is not UTF-8 text; save it as CSV UTF-8.");
        }
    }

    private List<List<String>> records(int maxRecords) throws CsvException {
        List<List<String>> out = new ArrayList<>();
        while (at < text.length()) {
            int starts = line;
            List<String> record = record();
            if (record.size() > 1 || !record.get(0).isEmpty()) {
                if (out.size() == maxRecords) {
                    throw new CsvException(starts, "more than " + maxRecords + " records.");
                }
                out.add(record);
            }
        }
        return out;
    }

    /** One record, consuming its line break. */
    private List<String> record() throws CsvException {
        List<String> fields = new ArrayList<>();
        while (true) {
            fields.add(at < text.length() && text.charAt(at) == '"' ? quoted() : plain());
            if (at >= text.length()) {
                return fields;
            }
            char c = text.charAt(at++);
            if (c == '\r' && at < text.length() && text.charAt(at) == '\n') {
                at++;
            }
            if (c != ',') {
                line++;
                return fields;
            }
            if (fields.size() == maxFields) {
                throw new CsvException(line, "more than " + maxFields + " values.", true);
            }
        }
    }

    private String plain() throws CsvException {
        int start = at;
        while (at < text.length() && ",\r\n".indexOf(text.charAt(at)) < 0) {
            if (text.charAt(at) == '"') {
                throw new CsvException(line, "a quote inside a field that does not start with one; "
                        + "quote the whole field and write the quote twice.");
            }
            at++;
        }
        return text.substring(start, at);
    }

    private String quoted() throws CsvException {
        int opened = line;
        StringBuilder field = new StringBuilder();
        at++;
        while (true) {
            if (at >= text.length()) {
                throw new CsvException(opened, "a quoted field is not closed.");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                if (at < text.length() && text.charAt(at) == '"') {
                    field.append('"');
                    at++;
                    continue;
                }
                if (at < text.length() && ",\r\n".indexOf(text.charAt(at)) < 0) {
                    throw new CsvException(line, "text after the closing quote of a field.");
                }
                return field.toString();
            }
            if (c == '\n') {
                line++;
            }
            field.append(c);
        }
    }
}
