package org.signet.pdf.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.junit.jupiter.api.Test;

/**
 * The page tree as PDF viewers walk it (poppler, pdf.js): a {@code /Type /Page} is a page whatever
 * else it holds, a dictionary without a type is a node only with a {@code /Kids} array, and pages
 * inherit along the path the walk took. Whatever PDFBox would read otherwise is refused.
 */
class PageTreeTest {

    @Test
    void walk_wellFormedTree_pagesInOrderWithTheirPath() throws Exception {
        COSDictionary root = node();
        COSDictionary middle = node();
        COSDictionary first = page();
        COSDictionary second = page();
        adopt(root, first, middle);
        adopt(middle, second);

        PageTree.Result tree = PageTree.walk(root, 10);

        assertEquals(2, tree.count());
        assertSame(first, tree.pages().get(0).dict());
        assertSame(second, tree.pages().get(1).dict());
        assertEquals(List.of(root, middle), tree.pages().get(1).ancestors());
    }

    @Test
    void walk_pageThatAlsoHasKids_refused() throws Exception {
        COSDictionary root = node();
        COSDictionary shadow = page();
        COSDictionary hidden = page();
        adopt(root, shadow);
        adopt(shadow, hidden); // PDFBox would walk into the kid; viewers draw the page's own content

        assertDamaged(root);
    }

    @Test
    void walk_pagesNodeWithoutKids_refused() throws Exception {
        COSDictionary root = node();
        COSDictionary empty = node();
        empty.removeItem(COSName.KIDS);
        adopt(root, page(), empty);

        assertDamaged(root);
    }

    @Test
    void walk_kidsThatAreNoArray_refused() throws Exception {
        COSDictionary root = node();
        COSDictionary untyped = new COSDictionary();
        untyped.setItem(COSName.KIDS, COSInteger.ONE);
        adopt(root, page(), untyped);

        assertDamaged(root);
    }

    @Test
    void walk_untypedDictionaries_nodeWithKidsArrayPageWithout() throws Exception {
        COSDictionary root = node();
        COSDictionary untypedNode = new COSDictionary();
        untypedNode.setItem(COSName.KIDS, new COSArray());
        COSDictionary untypedPage = new COSDictionary();
        adopt(root, untypedNode);
        adopt(untypedNode, untypedPage);

        PageTree.Result tree = PageTree.walk(root, 10);

        assertEquals(1, tree.count());
        assertSame(untypedPage, tree.pages().get(0).dict());
    }

    @Test
    void walk_untypedNodeWithWhatPagesInherit_refused() throws Exception {
        COSDictionary root = node();
        COSDictionary untyped = new COSDictionary();
        untyped.setItem(COSName.KIDS, new COSArray());
        untyped.setInt(COSName.ROTATE, 90); // viewers inherit it, PDFBox only from a node typed /Pages
        adopt(root, untyped);
        adopt(untyped, page());

        assertDamaged(root);
    }

    @Test
    void walk_parentOtherThanTheNodeWalkedFrom_refused() throws Exception {
        COSDictionary root = node();
        COSDictionary inserted = node();
        COSDictionary page = page();
        adopt(root, inserted);
        adopt(inserted, page);
        page.setItem(COSName.PARENT, root); // PDFBox inherits along /Parent, viewers along the walk

        assertDamaged(root);
    }

    @Test
    void walk_pageWithoutParent_refused() throws Exception {
        COSDictionary root = node();
        COSDictionary page = page();
        adopt(root, page);
        page.removeItem(COSName.PARENT);

        assertDamaged(root);
    }

    @Test
    void walk_rootWithAParent_refused() throws Exception {
        COSDictionary above = node();
        COSDictionary root = node();
        adopt(root, page());
        root.setItem(COSName.PARENT, above);

        assertDamaged(root);
    }

    @Test
    void walk_pageInTwoPlaces_refused() throws Exception {
        COSDictionary root = node();
        COSDictionary page = page();
        adopt(root, page);
        root.getCOSArray(COSName.KIDS).add(page);

        assertDamaged(root);
    }

    @Test
    void inherited_nearestOnTheWalkedPath_ownValueFirst() throws Exception {
        COSDictionary root = node();
        COSDictionary middle = node();
        COSDictionary turned = page();
        COSDictionary own = page();
        root.setInt(COSName.ROTATE, 90);
        middle.setInt(COSName.ROTATE, 180);
        own.setInt(COSName.ROTATE, 270);
        adopt(root, middle);
        adopt(middle, turned, own);

        List<PageTree.Page> pages = PageTree.walk(root, 10).pages();

        assertEquals(COSInteger.get(180), pages.get(0).inherited(COSName.ROTATE));
        assertEquals(COSInteger.get(270), pages.get(1).inherited(COSName.ROTATE));
        assertNull(pages.get(0).inherited(COSName.CROP_BOX));
    }

    @Test
    void walk_keepsOnlyTheFirstPagesButCountsAll() throws Exception {
        COSDictionary root = node();
        adopt(root, page(), page(), page());

        PageTree.Result tree = PageTree.walk(root, 2);

        assertEquals(3, tree.count());
        assertEquals(2, tree.pages().size());
    }

    private static void assertDamaged(COSDictionary root) {
        InvalidFileException e = assertThrows(InvalidFileException.class, () -> PageTree.walk(root, 10));
        assertEquals("the PDF's page tree is damaged", e.getMessage());
    }

    private static COSDictionary node() {
        COSDictionary node = new COSDictionary();
        node.setItem(COSName.TYPE, COSName.PAGES);
        node.setItem(COSName.KIDS, new COSArray());
        return node;
    }

    private static COSDictionary page() {
        COSDictionary page = new COSDictionary();
        page.setItem(COSName.TYPE, COSName.PAGE);
        return page;
    }

    /** Makes {@code kids} the kids of {@code parent}, each pointing back to it. */
    private static void adopt(COSDictionary parent, COSDictionary... kids) {
        COSArray array = parent.getCOSArray(COSName.KIDS);
        if (array == null) {
            array = new COSArray();
            parent.setItem(COSName.KIDS, array);
        }
        for (COSDictionary kid : kids) {
            array.add(kid);
            kid.setItem(COSName.PARENT, parent);
        }
    }
}
