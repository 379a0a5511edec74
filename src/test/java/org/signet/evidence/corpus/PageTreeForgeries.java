package org.signet.evidence.corpus;

import java.util.List;
import org.apache.pdfbox.cos.COSName;
import org.signet.support.IncrementalUpdate;

/**
 * Forgeries of the page tree (ISO 32000-1 §7.7.3): a viewer walks it from the root and takes what
 * a page inherits from the nodes it walked through, whatever the page's /Parent says, and takes an
 * object whose /Type is /Page for a page even when it also has /Kids.
 */
final class PageTreeForgeries {
    private PageTreeForgeries() {
    }

    static List<Forgery> of(byte[] baseline, byte[] prepared) {
        return List.of(pageAsTreeNode(baseline),
                intermediateNode("intermediate_node_cropbox", "/CropBox [0 300 595 842]",
                        "a /Pages node inserted above the untouched page 1 crops the signature area off", baseline),
                intermediateNode("intermediate_node_rotate", "/Rotate 180",
                        "a /Pages node inserted above the untouched page 1 turns it upside down", baseline),
                intermediateResources(prepared));
    }

    /** Page 1 becomes a page with /Kids: the old page below it, and a content stream of its own, which viewers draw. */
    private static Forgery pageAsTreeNode(byte[] sealed) {
        int page = Pdfs.page(sealed, 0);
        IncrementalUpdate u = IncrementalUpdate.after(sealed);
        int copy = u.fresh();
        int content = u.fresh();
        int font = u.fresh();
        u.object(copy, 0, "<< /Parent " + page + " 0 R " + Pdfs.pageWith(sealed, 0, "", COSName.PARENT).substring(3));
        u.stream(content, "", Texts.forgeryAt(60, 420, "F1"));
        u.object(font, 0, Texts.HELVETICA_BOLD);
        u.object(page, 0, Pdfs.pageWith(sealed, 0, "/Kids [" + copy + " 0 R] /Contents " + content
                + " 0 R /Resources << /Font << /F1 " + font + " 0 R >> >> ", COSName.KIDS, COSName.CONTENTS,
                COSName.RESOURCES));
        return Forgery.forged("page_as_tree_node", "an update makes page 1 a /Type /Page with /Kids holding a copy"
                + " of the signed page, and gives it new content: viewers draw that content", sealed, u.bytes())
                .visibleOn(1).modifying("pages");
    }

    /** A /Pages node holding {@code entries} inserted between the root and page 1, which is not rewritten. */
    private static Forgery intermediateNode(String name, String entries, String why, byte[] sealed) {
        return Forgery.forged(name, why, sealed, insertNode(sealed, entries).bytes()).visibleOn(1).modifying("pages");
    }

    /**
     * The prepared page 1 inherits its resources; the node inserted above it names another form
     * XObject as /Amount, so the fee the page shows is another.
     */
    private static Forgery intermediateResources(byte[] sealed) {
        IncrementalUpdate u = IncrementalUpdate.after(sealed);
        int amount = u.fresh();
        u.stream(amount, "/Type /XObject /Subtype /Form /BBox [0 0 300 20] /Resources << /Font << /F1 "
                + AttackerOriginal.FONT + " 0 R >> >>", "BT /F1 14 Tf 0 0 Td (EUR 9,000,000) Tj ET");
        IncrementalUpdate inserted = insertNode(u, sealed, "/Resources << /Font << /F1 " + AttackerOriginal.FONT + " 0 R >>"
                + " /XObject << /Cover " + AttackerOriginal.COVER + " 0 R /Amount " + amount + " 0 R >> /Properties"
                + " << /LateFee " + AttackerOriginal.LATE_FEE_VISIBILITY + " 0 R >> >>");
        return Forgery.forged("intermediate_node_resources", "a /Pages node inserted above the untouched page 1,"
                + " which inherits its resources, names another form XObject for the fee: EUR 9,000,000",
                sealed, inserted.bytes()).visibleOn(1).modifying("pages");
    }

    private static IncrementalUpdate insertNode(byte[] sealed, String entries) {
        return insertNode(IncrementalUpdate.after(sealed), sealed, entries);
    }

    private static IncrementalUpdate insertNode(IncrementalUpdate u, byte[] sealed, String entries) {
        int root = Pdfs.pagesRoot(sealed);
        int page = Pdfs.page(sealed, 0);
        int node = u.fresh();
        u.object(node, 0, "<< /Type /Pages /Parent " + root + " 0 R /Kids [" + page + " 0 R] /Count 1 " + entries
                + " >>");
        String kids = Pdfs.read(sealed, doc -> CosText.of(doc.getDocumentCatalog().getCOSObject()
                .getCOSDictionary(COSName.PAGES).getItem(COSName.KIDS)));
        u.object(root, 0, Pdfs.pagesRootWith(sealed, "/Kids " + kids.replaceFirst(page + " 0 R", node + " 0 R")
                + " ", COSName.KIDS));
        return u;
    }
}
