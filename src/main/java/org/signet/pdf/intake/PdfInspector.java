package org.signet.pdf.intake;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.signet.domain.PageSize;
import org.signet.pdf.read.BoundedFilters;
import org.signet.pdf.read.InvalidFileException;
import org.signet.pdf.read.OpeningCost;
import org.signet.pdf.read.PageTree;
import org.signet.pdf.read.ScratchMemory;
import org.signet.pdf.read.StreamScan;

/** Opens an uploaded PDF with PDFBox and checks that Signet can show, fill and sign it. */
final class PdfInspector {

    /** How far from the end readers look for the end-of-file marker. */
    private static final int TAIL_BYTES = 1024;

    private final int maxPages;

    PdfInspector(int maxPages) {
        this.maxPages = maxPages;
    }

    /**
     * A PDF that passed: its pages' sizes, a copy without active content or text tags when it had some,
     * and the fields found in it.
     */
    record Inspected(List<PageSize> pages, Path cleaned, List<String> removed, List<DetectedField> detected) {}

    /**
     * Checks the PDF and returns the displayed size of every page and the fields it brings (see
     * {@link FieldDetector}); when it carries active content (see {@link ActiveContent}) or text tags,
     * also a copy without them, written beside the file.
     *
     * @throws InvalidFileException with a reason when the PDF cannot be accepted
     */
    Inspected inspect(Path file) throws InvalidFileException {
        BoundedFilters.install();
        BoundedFilters.resetTrip();
        requireEndMarker(file);
        OpeningCost.of(file);
        try (PDDocument document = Loader.loadPDF(file.toFile(), ScratchMemory.bounded())) {
            List<PageSize> pages = check(document);
            if (BoundedFilters.tripped()) {
                // PDFBox logged an over-limit stream and carried on without it.
                throw StreamScan.tooLarge();
            }
            List<String> removed = ActiveContent.strip(document.getDocumentCatalog().getCOSObject(),
                    pageDictionaries(document));
            FieldDetector.Result detected = FieldDetector.detect(document);
            if (removed.isEmpty() && !detected.changed()) {
                return new Inspected(pages, null, removed, detected.fields());
            }
            Path cleaned = file.resolveSibling(file.getFileName() + ".clean.pdf");
            document.save(cleaned.toFile());
            return new Inspected(pages, cleaned, removed, detected.fields());
        } catch (InvalidPasswordException e) {
            throw new InvalidFileException("the PDF is encrypted with a password", e);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            // StackOverflowError: deeply nested objects; the stack is unwound by now, so it is safe.
            throw BoundedFilters.isOverLimit(e) ? StreamScan.tooLarge() : damaged(e);
        }
    }

    /**
     * Refuses a file cut short: every PDF ends with {@code %%EOF}, and readers look for it in the
     * last kilobyte. PDFBox would "repair" a truncated upload by keeping whatever objects survive,
     * which can leave pages without their fonts or content.
     */
    private static void requireEndMarker(Path file) throws InvalidFileException {
        byte[] tail;
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            tail = new byte[(int) Math.min(in.length(), TAIL_BYTES)];
            in.seek(in.length() - tail.length);
            in.readFully(tail);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the uploaded file " + file, e);
        }
        if (!new String(tail, StandardCharsets.ISO_8859_1).contains("%%EOF")) {
            throw new InvalidFileException("the PDF is truncated and cannot be read");
        }
    }

    private List<PageSize> check(PDDocument document) throws InvalidFileException {
        if (document.isEncrypted()) {
            // Opened with the empty user password: only an owner password restricts it, but the
            // encryption would still stand in the way of adding signatures.
            throw new InvalidFileException("the PDF is encrypted; upload a copy without encryption");
        }
        COSDictionary root = document.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.PAGES);
        PageTree.Result tree = PageTree.walk(root, maxPages);
        if (tree.count() == 0) {
            throw new InvalidFileException("the PDF has no pages");
        }
        if (tree.count() > maxPages) {
            throw new InvalidFileException("the PDF has " + tree.count() + " pages; at most " + maxPages
                    + " are accepted");
        }
        if (document.getNumberOfPages() != tree.count()) {
            // PDFBox finds pages by the declared /Count; a wrong count would misplace them later.
            throw PageTree.damaged();
        }
        List<COSDictionary> pages = tree.pages().stream().map(PageTree.Page::dict).toList();
        StreamScan.scan(pages);
        List<PageSize> sizes = new ArrayList<>(tree.count());
        for (COSDictionary page : pages) {
            sizes.add(sizeOf(new PDPage(page), sizes.size() + 1));
        }
        return sizes;
    }

    private static List<COSDictionary> pageDictionaries(PDDocument document) {
        List<COSDictionary> pages = new ArrayList<>();
        document.getPages().forEach(p -> pages.add(p.getCOSObject()));
        return pages;
    }

    /** The crop box (what readers display), turned by the page's rotation. */
    static PageSize sizeOf(PDPage page, int number) throws InvalidFileException {
        PDRectangle box = page.getCropBox();
        float width = box.getWidth();
        float height = box.getHeight();
        if (!(width > 0 && height > 0) || !Float.isFinite(width) || !Float.isFinite(height)) {
            throw new InvalidFileException("page " + number + " of the PDF has no area");
        }
        int rotation = page.getRotation();
        boolean quarterTurn = rotation == 90 || rotation == 270;
        return quarterTurn ? new PageSize(height, width) : new PageSize(width, height);
    }

    private static InvalidFileException damaged(Throwable cause) {
        return new InvalidFileException("the PDF is damaged and cannot be read", cause);
    }
}
