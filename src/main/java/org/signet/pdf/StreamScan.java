package org.signet.pdf;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;

/**
 * Decodes, once, every content stream and XObject a document's pages use, counting the bytes
 * against a budget, so that a document that would take unbounded time or memory to render is
 * refused at upload rather than on every page view; a page whose content is missing (a truncated
 * file that PDFBox "repaired") is refused too.
 */
final class StreamScan {

    /** Most bytes all of a document's page content may decode to. */
    static final long MAX_TOTAL_DECODED_BYTES = 1024L * 1024 * 1024;

    /** Most pixels an embedded image may declare: 10,000 x 10,000. */
    static final long MAX_IMAGE_PIXELS = 100_000_000L;

    /** Deeper nesting of forms inside forms than real documents use. */
    private static final int MAX_FORM_DEPTH = 32;

    /** Image codecs decode to rasters; their size is bounded by the declared pixel count instead. */
    private static final Set<COSName> IMAGE_CODECS = Set.of(
            COSName.DCT_DECODE, COSName.DCT_DECODE_ABBREVIATION, COSName.JPX_DECODE, COSName.JBIG2_DECODE,
            COSName.CCITTFAX_DECODE, COSName.CCITTFAX_DECODE_ABBREVIATION);

    private final Set<COSBase> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    private final byte[] sink = new byte[64 * 1024];
    private long decoded;

    /**
     * Scans the given page dictionaries.
     *
     * @throws InvalidFileException when content is missing, corrupt, or decodes past the budget
     */
    static void scan(List<COSDictionary> pages) throws InvalidFileException {
        StreamScan scan = new StreamScan();
        for (COSDictionary page : pages) {
            scan.contents(page.getDictionaryObject(COSName.CONTENTS), page.containsKey(COSName.CONTENTS));
            scan.resources(inheritedResources(page), 0);
        }
    }

    private void contents(COSBase contents, boolean declared) throws InvalidFileException {
        if (contents instanceof COSStream) {
            drain((COSStream) contents);
        } else if (contents instanceof COSArray) {
            COSArray parts = (COSArray) contents;
            for (int i = 0; i < parts.size(); i++) {
                contents(parts.getObject(i), true);
            }
        } else if (declared) {
            // The page names content that is not in the file: a truncated or damaged upload.
            throw damaged(null);
        }
    }

    private void resources(COSDictionary resources, int depth) throws InvalidFileException {
        if (resources == null || !seen.add(resources)) {
            return;
        }
        if (depth > MAX_FORM_DEPTH) {
            throw damaged(null);
        }
        COSDictionary xobjects = resources.getCOSDictionary(COSName.XOBJECT);
        if (xobjects == null) {
            return;
        }
        for (COSName name : xobjects.keySet()) {
            COSBase xobject = xobjects.getDictionaryObject(name);
            if (xobject instanceof COSStream && !seen.contains(xobject)) {
                xobject((COSStream) xobject, depth);
            }
        }
    }

    private void xobject(COSStream stream, int depth) throws InvalidFileException {
        if (COSName.IMAGE.equals(stream.getCOSName(COSName.SUBTYPE))) {
            long pixels = (long) stream.getInt(COSName.WIDTH, COSName.W, 0) * stream.getInt(COSName.HEIGHT, COSName.H, 0);
            if (pixels > MAX_IMAGE_PIXELS) {
                throw new InvalidFileException("the PDF contains an image too large to display");
            }
            if (usesImageCodec(stream)) {
                seen.add(stream);
                return;
            }
            drain(stream);
        } else {
            drain(stream);
            resources(stream.getCOSDictionary(COSName.RESOURCES), depth + 1);
        }
    }

    private void drain(COSStream stream) throws InvalidFileException {
        if (!seen.add(stream)) {
            return;
        }
        try (InputStream in = stream.createInputStream()) {
            for (int n; (n = in.read(sink)) != -1; ) {
                decoded += n;
                if (decoded > MAX_TOTAL_DECODED_BYTES) {
                    throw tooLarge();
                }
            }
        } catch (IOException | RuntimeException e) {
            throw BoundedFilters.isOverLimit(e) ? tooLarge() : damaged(e);
        }
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

    static InvalidFileException tooLarge() {
        return new InvalidFileException("the PDF expands to too much data to process (it may be a decompression bomb)");
    }

    private static InvalidFileException damaged(Throwable cause) {
        return new InvalidFileException("the PDF is damaged and cannot be read", cause);
    }
}
