package org.signet.pdf.intake;

import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.signet.pdf.read.DecodedLength;
import org.signet.pdf.read.PageBox;

/**
 * Finds the fields an uploaded PDF brings: text tags in each page's own content, which are taken out
 * of the page so neither signers nor the sealed document show them, and the fields of its form, which
 * stay as they are until the form is flattened into the finished document.
 */
final class FieldDetector {
    /** As many fields as a document may have. */
    static final int MAX_FIELDS = 500;

    /**
     * Pages whose own content decodes to more than this are not searched for tags: rewriting a page
     * holds all of its operators in memory, and text pages are far smaller (a dense page of text is
     * about 100 KB). Their tags stay as text, which the author sees.
     */
    static final long MAX_SEARCHED_CONTENT_BYTES = 4L * 1024 * 1024;

    /** What was found, and whether the document in memory was changed (tags taken out). */
    record Result(List<DetectedField> fields, boolean changed) {}

    private FieldDetector() {}

    /** Detects tags page by page, then form fields, at most {@link #MAX_FIELDS} in all. */
    static Result detect(PDDocument document) throws IOException {
        List<DetectedField> fields = new ArrayList<>();
        boolean changed = false;
        Map<PDFont, String[]> unicodeByFont = new IdentityHashMap<>();
        // The page tree's iterator, not getPage(i), which walks the tree from its root for every page.
        int i = -1;
        for (PDPage page : document.getPages()) {
            i++;
            if (fields.size() >= MAX_FIELDS) {
                break;
            }
            if (!searchable(page, TagScreen.of(page))) {
                continue;
            }
            List<TagFinder.Found> tags = TagFinder.find(page, unicodeByFont);
            if (tags.size() > MAX_FIELDS - fields.size()) {
                tags = tags.subList(0, MAX_FIELDS - fields.size());
            }
            for (TagFinder.Found tag : tags) {
                placed(page, i + 1, tag).ifPresent(fields::add);
            }
            TagEraser.erase(document, page, tags);
            changed |= !tags.isEmpty();
        }
        fields.addAll(FormFields.read(document, MAX_FIELDS - fields.size()));
        return new Result(List.copyOf(fields), changed);
    }

    /**
     * Whether the page's own content is small enough to search and, as {@code screen} sees it on the
     * way, may hold a tag at all.
     */
    private static boolean searchable(PDPage page, TagScreen screen) throws IOException {
        long left = MAX_SEARCHED_CONTENT_BYTES;
        COSBase contents = page.getCOSObject().getDictionaryObject(COSName.CONTENTS);
        List<COSBase> parts = new ArrayList<>();
        if (contents instanceof COSArray array) {
            array.forEach(parts::add);
        } else if (contents != null) {
            parts.add(contents);
        }
        for (COSBase part : parts) {
            COSBase stream = part instanceof COSObject o ? o.getObject() : part;
            if (stream instanceof COSStream s) {
                try {
                    left -= DecodedLength.of(s, left, screen::see);
                } catch (DecodedLength.OverBudget e) {
                    return false;
                }
            }
        }
        return left >= 0 && screen.mayHoldTag();
    }

    /** The tag's box becomes the field's box; a tag drawn off the page is still taken out, but gives no field. */
    private static Optional<DetectedField> placed(PDPage page, int number, TagFinder.Found found) {
        Rectangle2D r = found.box();
        TagSyntax.Tag tag = found.tag();
        return PageBox.ofUserRect(page, r.getMinX(), r.getMinY(), r.getMaxX(), r.getMaxY()).map(b -> new DetectedField(
                tag.type(), tag.signer(), tag.name(), number, b.x(), b.y(), b.width(), b.height(), tag.required(),
                tag.options(), null));
    }
}
