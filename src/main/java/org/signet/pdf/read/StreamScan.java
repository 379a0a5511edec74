package org.signet.pdf.read;

import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;

/**
 * Decodes, once, every content stream and XObject a document's pages use, and charges every use of
 * each against a budget: a stream shared by many pages, or drawn three times on one, costs a
 * renderer each time, so it counts each time. A document that would take unbounded time or
 * memory to render is refused at upload rather than on every page view; a page whose content is
 * missing (a truncated file that PDFBox "repaired") is refused too.
 */
public final class StreamScan {

    /** Most bytes all of a document's page content may decode to, each stream once. */
    static final long MAX_TOTAL_DECODED_BYTES = 1024L * 1024 * 1024;

    /** Most decoded bytes one page may use, counting every use of a shared stream or form. */
    static final long MAX_PAGE_BYTES = 64L * 1024 * 1024;

    /** Most decoded bytes all pages may use, counting every use. */
    static final long MAX_DOCUMENT_BYTES = 512L * 1024 * 1024;

    /** Most pixels an embedded image may declare: 10,000 x 10,000. */
    static final long MAX_IMAGE_PIXELS = 100_000_000L;

    /** Deeper nesting of forms inside forms than real documents use. */
    private static final int MAX_FORM_DEPTH = 32;

    /** Image codecs decode to rasters; their size is bounded by the declared pixel count instead. */
    private static final Set<COSName> IMAGE_CODECS = Set.of(
            COSName.DCT_DECODE, COSName.DCT_DECODE_ABBREVIATION, COSName.JPX_DECODE, COSName.JBIG2_DECODE,
            COSName.CCITTFAX_DECODE, COSName.CCITTFAX_DECODE_ABBREVIATION);

    private final Map<COSStream, Long> decodedSize = new IdentityHashMap<>();
    private final Map<COSDictionary, Long> resourcesCost = new IdentityHashMap<>();
    private final Set<COSDictionary> walking = Collections.newSetFromMap(new IdentityHashMap<>());
    private long decoded;

    /**
     * Scans the given page dictionaries.
     *
     * @throws InvalidFileException when content is missing, corrupt, or decodes past a budget
     */
    public static void scan(List<COSDictionary> pages) throws InvalidFileException {
        StreamScan scan = new StreamScan();
        long document = 0;
        for (COSDictionary page : pages) {
            long cost = scan.contents(page.getDictionaryObject(COSName.CONTENTS), page.containsKey(COSName.CONTENTS))
                    + scan.resources(inheritedResources(page), 0);
            document += cost;
            if (cost > MAX_PAGE_BYTES || document > MAX_DOCUMENT_BYTES) {
                throw tooLarge();
            }
        }
    }

    /** What drawing the page's content costs, each part as often as it is listed. */
    private long contents(COSBase contents, boolean declared) throws InvalidFileException {
        if (contents instanceof COSStream) {
            return size((COSStream) contents);
        }
        if (contents instanceof COSArray) {
            COSArray parts = (COSArray) contents;
            long cost = 0;
            for (int i = 0; i < parts.size(); i++) {
                cost += contents(parts.getObject(i), true);
            }
            return cost;
        }
        if (declared) {
            // The page names content that is not in the file: a truncated or damaged upload.
            throw damaged(null);
        }
        return 0;
    }

    /** What the XObjects a resource dictionary offers cost, forms with what they draw; worked out once per dictionary. */
    private long resources(COSDictionary resources, int depth) throws InvalidFileException {
        if (resources == null) {
            return 0;
        }
        Long known = resourcesCost.get(resources);
        if (known != null) {
            return known;
        }
        if (!walking.add(resources)) {
            // A form that draws itself: renderers cut that loop, so it costs nothing more.
            return 0;
        }
        if (depth > MAX_FORM_DEPTH) {
            throw damaged(null);
        }
        long cost = 0;
        COSDictionary xobjects = resources.getCOSDictionary(COSName.XOBJECT);
        if (xobjects != null) {
            for (COSName name : xobjects.keySet()) {
                if (xobjects.getDictionaryObject(name) instanceof COSStream xobject) {
                    cost += xobject(xobject, depth);
                }
            }
        }
        walking.remove(resources);
        resourcesCost.put(resources, cost);
        return cost;
    }

    private long xobject(COSStream stream, int depth) throws InvalidFileException {
        if (COSName.IMAGE.equals(stream.getCOSName(COSName.SUBTYPE))) {
            long pixels = (long) stream.getInt(COSName.WIDTH, COSName.W, 0) * stream.getInt(COSName.HEIGHT, COSName.H, 0);
            if (pixels > MAX_IMAGE_PIXELS) {
                throw new InvalidFileException("the PDF contains an image too large to display");
            }
            return usesImageCodec(stream) ? 0 : size(stream);
        }
        return size(stream) + resources(stream.getCOSDictionary(COSName.RESOURCES), depth + 1);
    }

    /** A stream's decoded size, decoding it into a counter the first time it is met. */
    private long size(COSStream stream) throws InvalidFileException {
        Long known = decodedSize.get(stream);
        if (known != null) {
            return known;
        }
        long size;
        try {
            size = DecodedLength.of(stream, MAX_TOTAL_DECODED_BYTES - decoded);
        } catch (IOException | RuntimeException e) {
            throw e instanceof DecodedLength.OverBudget || BoundedFilters.isOverLimit(e) ? tooLarge() : damaged(e);
        }
        decoded += size;
        decodedSize.put(stream, size);
        return size;
    }

    private static boolean usesImageCodec(COSStream stream) {
        COSBase filters = stream.getFilters();
        if (filters instanceof COSName) {
            return IMAGE_CODECS.contains(filters);
        }
        if (filters instanceof COSArray) {
            for (COSBase filter : ((COSArray) filters).toList()) {
                if (filter instanceof COSName && IMAGE_CODECS.contains(filter)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The page's /Resources or the nearest ancestor's; the parent chain is known to be finite. */
    private static COSDictionary inheritedResources(COSDictionary page) {
        for (COSDictionary node = page; node != null; node = node.getCOSDictionary(COSName.PARENT, COSName.P)) {
            COSDictionary resources = node.getCOSDictionary(COSName.RESOURCES);
            if (resources != null) {
                return resources;
            }
        }
        return null;
    }

    public static InvalidFileException tooLarge() {
        return new InvalidFileException("the PDF expands to too much data to process (it may be a decompression bomb)");
    }

    private static InvalidFileException damaged(Throwable cause) {
        return new InvalidFileException("the PDF is damaged and cannot be read", cause);
    }
}
