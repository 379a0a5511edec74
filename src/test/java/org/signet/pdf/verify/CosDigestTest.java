package org.signet.pdf.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.signet.pdf.read.InvalidFileException;

/**
 * Which keys a digest leaves out: only a page tree member's {@code /Parent} and an annotation's
 * {@code /P} naming its page. The same names elsewhere mean something a reader sees.
 */
class CosDigestTest {
    private static final COSName ALL_OFF = COSName.getPDFName("AllOff");
    private static final COSName ALL_ON = COSName.getPDFName("AllOn");
    private static final COSName TEXT = COSName.getPDFName("Text");

    @Test
    void of_visibilityPolicyOfOptionalContent_counts() throws Exception {
        assertNotEquals(digest(membership(ALL_OFF), Set.of()), digest(membership(ALL_ON), Set.of()));
    }

    @Test
    void of_prevAndLastOutsideAnOutline_count() throws Exception {
        COSDictionary one = new COSDictionary();
        one.setInt(COSName.PREV, 1);
        COSDictionary other = new COSDictionary();
        other.setInt(COSName.PREV, 2);
        COSDictionary last = new COSDictionary();
        last.setItem(COSName.LAST, COSName.getPDFName("Something"));

        assertNotEquals(digest(one, Set.of()), digest(other, Set.of()));
        assertNotEquals(digest(new COSDictionary(), Set.of()), digest(last, Set.of()));
    }

    @Test
    void of_anAnnotationsPage_leftOutOnlyWhenItIsAPageOfTheTree() throws Exception {
        COSDictionary first = pageWith("first");
        COSDictionary second = pageWith("second");
        Set<COSDictionary> tree = Set.of(first, second);

        assertEquals(digest(note(first), tree), digest(note(second), tree), "its page is compared as a page");
        assertNotEquals(digest(note(first), Set.of()), digest(note(second), Set.of()));
        COSDictionary policy = membership(ALL_OFF);
        policy.setItem(COSName.SUBTYPE, TEXT); // dressed as an annotation, its /P is still no page
        policy.setItem(COSName.RECT, new PDRectangle(0, 0, 1, 1).getCOSArray());
        COSDictionary shown = new COSDictionary(policy);
        shown.setItem(COSName.P, ALL_ON);
        assertNotEquals(digest(policy, tree), digest(shown, tree));
    }

    @Test
    void of_theParentOfAPageOfTheTree_leftOut_ofAnythingElse_counts() throws Exception {
        COSDictionary page = pageWith("page");
        COSDictionary field = new COSDictionary();
        field.setItem(COSName.T, COSName.getPDFName("fee"));

        String underA = digest(withParent(page, node(1)), Set.of(page));
        String underB = digest(withParent(page, node(2)), Set.of(page));
        assertEquals(underA, underB);
        assertNotEquals(digest(withParent(field, node(1)), Set.of()), digest(withParent(field, node(2)), Set.of()));
    }

    @Test
    void of_aFieldPointingAtAnotherAncestor_counts() throws Exception {
        COSDictionary top = field("top");
        COSDictionary middle = field("middle");
        COSDictionary leaf = field("leaf");
        kids(top, middle);
        kids(middle, leaf);
        String asMade = digest(top, Set.of());

        leaf.setItem(COSName.PARENT, top); // a viewer now inherits the top field's value, skipping the middle one's

        assertNotEquals(asMade, digest(top, Set.of()));
    }

    @Test
    void of_aDictionaryThatNamesItself_finishes() throws Exception {
        COSDictionary loop = new COSDictionary();
        loop.setItem(COSName.PARENT, loop);
        loop.setItem(COSName.PREV, loop);

        assertEquals(64, digest(loop, Set.of()).length());
    }

    private static String digest(COSBase value, Set<COSDictionary> pageTree) throws InvalidFileException {
        return new CosDigest(pageTree).of(value);
    }

    private static COSDictionary membership(COSName policy) {
        COSDictionary group = new COSDictionary();
        group.setItem(COSName.TYPE, COSName.getPDFName("OCG"));
        COSArray groups = new COSArray();
        groups.add(group);
        COSDictionary membership = new COSDictionary();
        membership.setItem(COSName.TYPE, COSName.getPDFName("OCMD"));
        membership.setItem(COSName.getPDFName("OCGs"), groups);
        membership.setItem(COSName.P, policy);
        return membership;
    }

    private static COSDictionary pageWith(String label) {
        COSDictionary page = new COSDictionary();
        page.setItem(COSName.TYPE, COSName.PAGE);
        page.setString(COSName.T, label);
        return page;
    }

    private static COSDictionary note(COSDictionary page) {
        COSDictionary note = new COSDictionary();
        note.setItem(COSName.SUBTYPE, TEXT);
        note.setItem(COSName.RECT, new PDRectangle(0, 0, 20, 20).getCOSArray());
        note.setItem(COSName.P, page);
        return note;
    }

    private static COSDictionary node(int rotation) {
        COSDictionary node = new COSDictionary();
        node.setItem(COSName.TYPE, COSName.PAGES);
        node.setItem(COSName.ROTATE, COSInteger.get(rotation));
        return node;
    }

    private static COSDictionary withParent(COSDictionary dict, COSDictionary parent) {
        dict.setItem(COSName.PARENT, parent);
        return dict;
    }

    private static COSDictionary field(String name) {
        COSDictionary field = new COSDictionary();
        field.setString(COSName.T, name);
        field.setString(COSName.V, name + " value");
        return field;
    }

    private static void kids(COSDictionary parent, COSDictionary kid) {
        COSArray kids = new COSArray();
        kids.add(kid);
        parent.setItem(COSName.KIDS, kids);
        kid.setItem(COSName.PARENT, parent);
    }
}
