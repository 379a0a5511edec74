package org.signet.pdf.read;

import java.nio.file.Path;

/**
 * What opening an uploaded PDF may cost in heap, judged by its {@link ObjectCensus} before PDFBox
 * reads it, and the bound on objects past which it is refused: a file of 25 MB can hold a
 * cross-reference table of more than a million entries, which PDFBox reads whole into memory.
 */
public final class OpeningCost {
    /**
     * Most objects, and most cross-reference entries, a PDF may have. A thousand pages of tagged text
     * with forms run to tens of thousands; a hundred thousand, all read, take about 60 MB of heap.
     */
    public static final long MAX_OBJECTS = 100_000;

    /** Heap an object takes once PDFBox has read it with its entry and values: about 600 bytes measured. */
    static final long BYTES_PER_OBJECT = 640;

    /** Heap any document takes besides its objects: the stream scratch memory and the reader's buffers. */
    static final long BASE_BYTES = 16L << 20;

    private OpeningCost() {
    }

    /**
     * The heap opening {@code file} once may take.
     *
     * @throws InvalidFileException when it has more than {@link #MAX_OBJECTS} objects or entries
     */
    public static long of(Path file) throws InvalidFileException {
        ObjectCensus.Count count = ObjectCensus.of(file);
        if (count.entries() > MAX_OBJECTS) {
            throw new InvalidFileException("the PDF's cross-reference table has " + count.entries() + " entries; at most "
                    + MAX_OBJECTS + " are accepted");
        }
        if (count.objects() > MAX_OBJECTS) {
            throw new InvalidFileException("the PDF has " + count.objects() + " objects; at most " + MAX_OBJECTS
                    + " are accepted");
        }
        return BASE_BYTES + count.largest() * BYTES_PER_OBJECT;
    }
}
