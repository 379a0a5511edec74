package org.signet.pdf.read;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Counts, in one pass over a PDF's bytes and without parsing it, how many cross-reference entries
 * and objects a reader could come to hold: PDFBox keeps every entry of every cross-reference section
 * in memory before it checks one, and when the table proves wrong it rebuilds it from every object
 * it finds in the file. Both cost memory by the entry, so a file of 25 MB can ask for more than a
 * small server's heap; counting first lets such a file be refused before it is read whole.
 *
 * <p>The count errs high, never low: every line shaped as an in-use entry ({@code offset generation n},
 * ISO 32000-1 §7.5.4) counts wherever it stands, a cross-reference stream counts its {@code /Index}
 * ranges or, without them, its {@code /Size} (§7.5.8.2), and an object stream its {@code /N}
 * (§7.5.7). Bytes inside streams are scanned as text too; compressed data rarely looks like a
 * token, and when it does it only raises the count.
 */
public final class ObjectCensus {
    private static final int BUFFER = 64 * 1024;
    /** Longer tokens are kept only as "long": no keyword or count this looks for is longer. */
    private static final int TOKEN = 20;
    /** A number past 18 digits is taken as this: more than any bound. */
    private static final long HUGE = Long.MAX_VALUE / 4;

    private final byte[] token = new byte[TOKEN];
    private int tokenLength;
    private boolean tokenLong;

    private long entryLines;
    private long objKeywords;
    private long maxSize;
    private long xrefStreams;
    private long indexArrays;
    private long indexEntries;
    private long streamObjects;

    /** What the last tokens began: a {@code /Size} or {@code /N} awaiting its number, an {@code /Index} array. */
    private enum Expect { NOTHING, SIZE, N, INDEX_OPEN, INDEX_START, INDEX_COUNT }

    private Expect expect = Expect.NOTHING;
    private int lineTokens;
    private boolean lineFirstTwoNumbers;
    private boolean lineEndsWithN;

    private ObjectCensus() {
    }

    /** What a file holds by the census's count. */
    public record Count(long entries, long objects) {
        /** The larger of the two, which decides what opening the file may cost. */
        public long largest() {
            return Math.max(entries, objects);
        }
    }

    /** Counts the PDF at {@code file}. */
    public static Count of(Path file) {
        ObjectCensus census = new ObjectCensus();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[BUFFER];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                for (int i = 0; i < n; i++) {
                    census.accept(buffer[i]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the uploaded file " + file, e);
        }
        census.endToken();
        census.endLine();
        return census.count();
    }

    private Count count() {
        long withoutIndex = Math.max(0, xrefStreams - indexArrays);
        long entries = plus(plus(entryLines, indexEntries), times(withoutIndex, maxSize));
        long objects = Math.max(plus(objKeywords, streamObjects), maxSize);
        return new Count(entries, objects);
    }

    private void accept(byte b) {
        switch (b) {
            case '\r', '\n' -> {
                endToken();
                endLine();
            }
            case ' ', '\t', '\f', 0 -> endToken();
            case '[', ']' -> {
                endToken();
                token[0] = b;
                tokenLength = 1;
                endToken();
            }
            case '(', ')', '<', '>', '{', '}', '%' -> endToken();
            case '/' -> {
                endToken();
                append(b);
            }
            default -> append(b);
        }
    }

    private void append(byte b) {
        if (tokenLength < TOKEN) {
            token[tokenLength++] = b;
        } else {
            tokenLong = true;
        }
    }

    private void endToken() {
        if (tokenLength == 0) {
            return;
        }
        long number = tokenLong ? -1 : number();
        lineTokens++;
        if (lineTokens <= 2) {
            lineFirstTwoNumbers = (lineTokens == 1 || lineFirstTwoNumbers) && number >= 0;
        }
        lineEndsWithN = !tokenLong && tokenLength == 1 && token[0] == 'n';
        if (!tokenLong) {
            keyword(number);
        }
        tokenLength = 0;
        tokenLong = false;
    }

    /** Counts what the token says: the number or array a name before it announced, else a name of its own. */
    private void keyword(long number) {
        Expect was = expect;
        expect = Expect.NOTHING;
        if (!continues(was, number)) {
            names();
        }
    }

    /** Takes the token as what {@code was} announced; false when it is not that. */
    private boolean continues(Expect was, long number) {
        if (was == Expect.INDEX_OPEN && is("[")) {
            expect = Expect.INDEX_START;
            return true;
        }
        if (number < 0) {
            return false;
        }
        switch (was) {
            case SIZE -> maxSize = Math.max(maxSize, number);
            case N -> streamObjects = plus(streamObjects, number);
            case INDEX_START -> expect = Expect.INDEX_COUNT;
            case INDEX_COUNT -> {
                indexEntries = plus(indexEntries, number);
                expect = Expect.INDEX_START;
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private void names() {
        if (is("obj")) {
            objKeywords++;
        } else if (is("/Size")) {
            expect = Expect.SIZE;
        } else if (is("/N")) {
            expect = Expect.N;
        } else if (is("/Index")) {
            indexArrays++;
            expect = Expect.INDEX_OPEN;
        } else if (is("/XRef")) {
            xrefStreams++;
        }
    }

    /** A line {@code offset generation [x] n}, as PDFBox reads an in-use entry; the rest of its line may be anything. */
    private void endLine() {
        if (lineTokens >= 3 && lineFirstTwoNumbers && lineEndsWithN) {
            entryLines++;
        }
        lineTokens = 0;
        lineFirstTwoNumbers = false;
        lineEndsWithN = false;
    }

    /** The token as a non-negative number, -1 when it is not one. */
    private long number() {
        long value = 0;
        for (int i = 0; i < tokenLength; i++) {
            byte c = token[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            value = i >= 18 ? HUGE : value * 10 + (c - '0');
        }
        return value;
    }

    private boolean is(String word) {
        if (word.length() != tokenLength) {
            return false;
        }
        for (int i = 0; i < tokenLength; i++) {
            if (token[i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static long plus(long a, long b) {
        return Math.min(HUGE, a + b);
    }

    private static long times(long a, long b) {
        return a == 0 || b == 0 ? 0 : b > HUGE / a ? HUGE : a * b;
    }
}
