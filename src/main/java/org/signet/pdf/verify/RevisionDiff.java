package org.signet.pdf.verify;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.signet.pdf.read.InvalidFileException;
import org.signet.pdf.read.PageTree;
import org.signet.pdf.verify.SealCheck.Change;

/**
 * Compares a document as it was when signed (an earlier revision of the same file) with the document
 * as it is now, part by part: pages, annotations, form, and the rest of the catalogue. What a later
 * incremental update may add without changing what was signed is left out of the comparison: the
 * validation material of the DSS dictionary and document timestamps with their signature fields.
 */
final class RevisionDiff {
    /** Compared as their own parts, or validation material that may be added to a signed file. */
    private static final Set<COSName> NOT_OTHER = Set.of(COSName.PAGES, COSName.ACRO_FORM, COSName.DSS,
            COSName.EXTENSIONS, COSName.VERSION);

    /** The annotation flag that keeps an annotation from being shown or printed (ISO 32000-1 §12.5.3). */
    private static final int HIDDEN = 1 << 1;

    private RevisionDiff() {}

    /**
     * What differs between {@code signed} and {@code now}; empty when a reader would see the same document.
     *
     * @throws InvalidFileException when {@code signed} cannot be read, or either is too complex to compare
     */
    static Set<Change> between(PDDocument signed, PDDocument now) throws InvalidFileException {
        Parts before = Parts.of(signed, PageTree.walk(pageRoot(signed), PageTree.MAX_NODES));
        PageTree.Result tree;
        try {
            tree = PageTree.walk(pageRoot(now), PageTree.MAX_NODES);
        } catch (InvalidFileException damaged) {
            // The signed revision's tree was sound: an update made it one that viewers read otherwise than
            // PDFBox, so what they show cannot be compared, and it is not what was signed.
            return EnumSet.of(Change.PAGES);
        }
        Parts after = Parts.of(now, tree);
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

    private static COSDictionary pageRoot(PDDocument document) {
        return document.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.PAGES);
    }

    /** One revision's parts as digests. */
    private record Parts(List<String> pages, List<List<String>> annotations, List<String> form, List<String> other) {

        static Parts of(PDDocument document, PageTree.Result tree) throws InvalidFileException {
            CosDigest digest = new CosDigest(members(tree));
            Map<COSDictionary, String> nodes = new IdentityHashMap<>();
            COSDictionary catalog = document.getDocumentCatalog().getCOSObject();
            List<String> pages = new ArrayList<>();
            List<List<String>> annotations = new ArrayList<>();
            List<String> form = new ArrayList<>();
            for (PageTree.Page page : tree.pages()) {
                pages.add(pageDigest(digest, nodes, page));
                annotations.add(digest.of(pageAnnotations(page.dict(), false)));
                form.addAll(digest.of(pageAnnotations(page.dict(), true)));
            }
            form.addAll(formFields(digest, catalog.getCOSDictionary(COSName.ACRO_FORM)));
            COSDictionary info = document.getDocument().getTrailer().getCOSDictionary(COSName.INFO);
            List<String> other = List.of(digest.of(catalog, NOT_OTHER), info == null ? "" : digest.of(info));
            return new Parts(pages, annotations, form, other);
        }
    }

    /** Every page and node of the walked tree: their {@code /Parent} is known to be the node the walk came from. */
    private static Set<COSDictionary> members(PageTree.Result tree) {
        Set<COSDictionary> members = Collections.newSetFromMap(new IdentityHashMap<>());
        for (PageTree.Page page : tree.pages()) {
            members.add(page.dict());
            members.addAll(page.ancestors());
        }
        return members;
    }

    /**
     * A page without its annotations, and each node on the walk to it without its kids: what it
     * inherits along that walk, as viewers take it (ISO 32000-1 §7.7.3.4), and whatever else the
     * nodes say, such as the page count.
     */
    private static String pageDigest(CosDigest digest, Map<COSDictionary, String> nodes, PageTree.Page page)
            throws InvalidFileException {
        StringBuilder out = new StringBuilder(digest.of(page.dict(), Set.of(COSName.ANNOTS)));
        for (COSDictionary node : page.ancestors()) {
            String known = nodes.get(node);
            if (known == null) {
                known = digest.of(node, Set.of(COSName.KIDS));
                nodes.put(node, known);
            }
            out.append(' ').append(known);
        }
        return out.toString();
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

    /**
     * A widget without area (ISO 32000-1 §12.7.4.5: an invisible signature's) that is also hidden, or
     * has no appearance or an empty one. Hidden only by a flag that viewers read as one: an integer of
     * 32 bits (ISO 32000-1 §12.5.3), where PDFBox would also read {@code 2.0} or {@code 4294967298} as
     * hidden and poppler draws them.
     */
    private static boolean drawsNothing(COSDictionary widget) {
        if (!withoutArea(widget.getDictionaryObject(COSName.RECT))) {
            return false;
        }
        boolean hidden = widget.getDictionaryObject(COSName.F) instanceof COSInteger f && f.longValue() >= 0
                && f.longValue() <= Integer.MAX_VALUE && (f.longValue() & HIDDEN) != 0;
        return hidden || !widget.containsKey(COSName.AP) || emptyAppearance(widget.getDictionaryObject(COSName.AP));
    }

    private static boolean withoutArea(COSBase rect) {
        if (!(rect instanceof COSArray r) || r.size() != 4) {
            return false;
        }
        float[] corners = new float[4];
        for (int i = 0; i < 4; i++) {
            if (!(r.getObject(i) instanceof COSNumber n)) {
                return false;
            }
            corners[i] = n.floatValue();
        }
        return corners[0] == corners[2] || corners[1] == corners[3];
    }

    /** An appearance whose normal look is a stream without a byte: what PDFBox and Signet give an invisible field. */
    private static boolean emptyAppearance(COSBase appearance) {
        if (!(appearance instanceof COSDictionary ap) || !(ap.getDictionaryObject(COSName.N) instanceof COSStream n)) {
            return false;
        }
        try (InputStream in = n.createRawInputStream()) {
            return in.read() < 0;
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
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
