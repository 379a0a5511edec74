package org.signet.pdf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.signet.pdf.SealCheck.Change;

/**
 * Compares a document as it was when signed (an earlier revision of the same file) with the document
 * as it is now, part by part: pages, annotations, form, and the rest of the catalogue. What a later
 * incremental update may add without changing what was signed is left out of the comparison: the
 * validation material of the DSS dictionary and document timestamps with their signature fields.
 */
final class RevisionDiff {
    /** Inherited from the page tree (ISO 32000-1 §7.7.3.4), so part of what a page shows. */
    private static final List<COSName> INHERITED = List.of(COSName.RESOURCES, COSName.MEDIA_BOX, COSName.CROP_BOX,
            COSName.ROTATE);
    /** Compared as their own parts, or validation material that may be added to a signed file. */
    private static final Set<COSName> NOT_OTHER = Set.of(COSName.PAGES, COSName.ACRO_FORM, COSName.DSS,
            COSName.EXTENSIONS, COSName.VERSION);

    /** The annotation flag that keeps an annotation from being shown or printed (ISO 32000-1 §12.5.3). */
    private static final int HIDDEN = 1 << 1;

    private RevisionDiff() {}

    /** What differs between {@code signed} and {@code now}; empty when a reader would see the same document. */
    static Set<Change> between(PDDocument signed, PDDocument now) throws InvalidFileException {
        Parts before = Parts.of(signed);
        Parts after = Parts.of(now);
        Set<Change> changes = EnumSet.noneOf(Change.class);
        if (!before.pages().equals(after.pages())) {
            changes.add(Change.PAGES);
        }
        if (!before.annotations().equals(after.annotations())) {
            changes.add(Change.ANNOTATIONS);
        }
        if (!before.form().equals(after.form())) {
            changes.add(Change.FORM);
        }
        if (!before.other().equals(after.other())) {
            changes.add(Change.OTHER);
        }
        return changes;
    }

    /** One revision's parts as digests. */
    private record Parts(List<String> pages, List<List<String>> annotations, List<String> form, List<String> other) {

        static Parts of(PDDocument document) throws InvalidFileException {
            CosDigest digest = new CosDigest();
            COSDictionary catalog = document.getDocumentCatalog().getCOSObject();
            List<COSDictionary> pageDicts = PageTree.walk(catalog.getCOSDictionary(COSName.PAGES), PageTree.MAX_NODES)
                    .pages();
            List<String> pages = new ArrayList<>();
            List<List<String>> annotations = new ArrayList<>();
            List<String> form = new ArrayList<>();
            for (COSDictionary page : pageDicts) {
                pages.add(pageDigest(digest, page));
                annotations.add(digest.of(pageAnnotations(page, false)));
                form.addAll(digest.of(pageAnnotations(page, true)));
            }
            form.addAll(formFields(digest, catalog.getCOSDictionary(COSName.ACRO_FORM)));
            COSDictionary info = document.getDocument().getTrailer().getCOSDictionary(COSName.INFO);
            List<String> other = List.of(digest.of(catalog, NOT_OTHER), info == null ? "" : digest.of(info));
            return new Parts(pages, annotations, form, other);
        }
    }

    /** A page without its annotations, with what it inherits from the page tree. */
    private static String pageDigest(CosDigest digest, COSDictionary page) throws InvalidFileException {
        StringBuilder out = new StringBuilder(digest.of(page, Set.of(COSName.ANNOTS)));
        for (COSName key : INHERITED) {
            if (!page.containsKey(key)) {
                COSBase inherited = inherited(page, key);
                out.append(' ').append(key.getName()).append('=').append(inherited == null ? "" : digest.of(inherited));
            }
        }
        return out.toString();
    }

    /** The nearest ancestor's value of {@code key}; the page tree was walked already, so its depth is bounded. */
    private static COSBase inherited(COSDictionary page, COSName key) {
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (COSDictionary node = page.getCOSDictionary(COSName.PARENT); node != null && seen.add(node)
                && seen.size() <= PageTree.MAX_DEPTH; node = node.getCOSDictionary(COSName.PARENT)) {
            if (node.containsKey(key)) {
                return node.getDictionaryObject(key);
            }
        }
        return null;
    }

    /**
     * A page's annotations: the form's widgets, or all the others. The widget of a document timestamp
     * is neither while it draws nothing; one that shows something on the page changes what it shows.
     */
    private static List<COSDictionary> pageAnnotations(COSDictionary page, boolean widgets) {
        List<COSDictionary> out = new ArrayList<>();
        if (page.getDictionaryObject(COSName.ANNOTS) instanceof COSArray annots) {
            for (int i = 0; i < annots.size(); i++) {
                if (annots.getObject(i) instanceof COSDictionary a
                        && COSName.WIDGET.equals(a.getCOSName(COSName.SUBTYPE)) == widgets
                        && !(isDocumentTimestampField(a) && drawsNothing(a))) {
                    out.add(a);
                }
            }
        }
        return out;
    }

    /** Hidden, or a rectangle without area (ISO 32000-1 §12.5.3, §12.7.4.5: an invisible signature's widget). */
    private static boolean drawsNothing(COSDictionary widget) {
        if ((widget.getInt(COSName.F, 0) & HIDDEN) != 0) {
            return true;
        }
        if (!(widget.getDictionaryObject(COSName.RECT) instanceof COSArray rect) || rect.size() != 4) {
            return false;
        }
        float[] r = new float[4];
        for (int i = 0; i < 4; i++) {
            if (!(rect.getObject(i) instanceof COSNumber n)) {
                return false;
            }
            r[i] = n.floatValue();
        }
        return r[0] == r[2] || r[1] == r[3];
    }

    /** The form's own settings and its fields, without document timestamps' fields. */
    private static List<String> formFields(CosDigest digest, COSDictionary acroForm) throws InvalidFileException {
        if (acroForm == null) {
            return List.of();
        }
        // Adding a document timestamp sets the form's signature flags; they say nothing of the content.
        List<String> out = new ArrayList<>(List.of(digest.of(acroForm, Set.of(COSName.FIELDS, COSName.SIG_FLAGS))));
        if (acroForm.getDictionaryObject(COSName.FIELDS) instanceof COSArray fields) {
            for (int i = 0; i < fields.size(); i++) {
                COSBase field = fields.getObject(i);
                if (!(field instanceof COSDictionary f && isDocumentTimestampField(f))) {
                    out.add(digest.of(field));
                }
            }
        }
        return out;
    }

    /** A signature field, or its widget, whose value is a document timestamp; type and value may be inherited. */
    private static boolean isDocumentTimestampField(COSDictionary fieldOrWidget) {
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        COSName type = null;
        COSDictionary value = null;
        for (COSDictionary d = fieldOrWidget; d != null && seen.add(d) && seen.size() <= 8;
                d = d.getCOSDictionary(COSName.PARENT)) {
            type = type == null ? d.getCOSName(COSName.FT) : type;
            value = value == null && d.getDictionaryObject(COSName.V) instanceof COSDictionary v ? v : value;
        }
        return COSName.SIG.equals(type) && value != null && SignatureReader.isDocumentTimestamp(value);
    }
}
