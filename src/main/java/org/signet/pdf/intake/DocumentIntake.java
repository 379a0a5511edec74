package org.signet.pdf.intake;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.signet.domain.MediaKind;
import org.signet.domain.PageSize;
import org.signet.pdf.read.InvalidFileException;
import org.signet.pdf.read.OpeningCost;

/**
 * Decides what an uploaded file is, checks that Signet can accept it, and gives the PDF to use as
 * the document: the upload itself, or a one-page PDF made from an image.
 */
public final class DocumentIntake {

    private final int maxPages;
    private final PdfInspector pdfs;
    private final ImageConverter images;

    /**
     * @param maxPages most pages a PDF may have (Signet uses 1000)
     * @param maxImagePixels most pixels an image may have in either direction (Signet uses 10000)
     */
    public DocumentIntake(int maxPages, int maxImagePixels) {
        if (maxPages < 1 || maxImagePixels < 1) {
            throw new IllegalArgumentException("limits must be positive: " + maxPages + ", " + maxImagePixels);
        }
        this.maxPages = maxPages;
        this.pdfs = new PdfInspector(maxPages);
        this.images = new ImageConverter(maxImagePixels);
    }

    /**
     * Inspects the uploaded {@code file}. For an image, writes a new PDF in the same directory,
     * which the caller deletes when done with it.
     *
     * @throws UnsupportedFileTypeException when the bytes are not a PDF, PNG or JPEG
     * @throws InvalidFileException with a human reason when the file cannot be accepted
     * @throws java.io.UncheckedIOException when the file cannot be read or the PDF for an image
     *     cannot be written (a fault of the server, not of the upload)
     */
    public Intake inspect(Path file) throws UnsupportedFileTypeException, InvalidFileException {
        Objects.requireNonNull(file, "file");
        MediaKind kind = sniff(file);
        if (kind == MediaKind.PDF) {
            PdfInspector.Inspected pdf = pdfs.inspect(file);
            return new Intake(kind, pdf.pages().size(), pdf.pages(), pdf.cleaned() == null ? file : pdf.cleaned(),
                    pdf.removed(), pdf.detected());
        }
        ImageConverter.Converted converted = images.convert(file, kind);
        return new Intake(kind, 1, List.of(converted.size()), converted.pdf(), List.of());
    }

    /**
     * The heap {@link #inspect} may take for {@code file}: for a PDF by its objects (see {@link OpeningCost}),
     * for an image what the largest allowed one costs.
     *
     * @throws UnsupportedFileTypeException when the bytes are not a PDF, PNG or JPEG
     * @throws InvalidFileException when the PDF has more objects than are accepted
     */
    public long heapCost(Path file) throws UnsupportedFileTypeException, InvalidFileException {
        return sniff(file) == MediaKind.PDF ? OpeningCost.of(file) : ImageConverter.HEAP_BYTES;
    }

    /** The most pages a PDF may have. */
    public int maxPages() {
        return maxPages;
    }

    private static MediaKind sniff(Path file) throws UnsupportedFileTypeException {
        byte[] head = FileSniffer.head(file);
        if (head.length == 0) {
            throw new UnsupportedFileTypeException("the file is empty");
        }
        return FileSniffer.sniff(head, head.length).orElseThrow(
                () -> new UnsupportedFileTypeException("the file is not a PDF, PNG or JPEG"));
    }
}
