package org.signet.pdf.intake;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;

/**
 * What an uploaded PDF would run or carry by itself: JavaScript anywhere, actions that run
 * when the document or a page opens, launch actions, embedded files and XFA forms. Signet shows and
 * seals documents; none of that belongs in what every party receives, so it is taken out at intake.
 * Links that a reader follows only when clicked stay.
 */
final class ActiveContent {
    private static final COSName LAUNCH = COSName.getPDFName("Launch");
    private static final COSName XFA = COSName.getPDFName("XFA");
    private static final int MAX_FIELDS = 100_000;

    private final Set<String> removed = new LinkedHashSet<>();

    private ActiveContent() {}

    /** Removes the active content from the document in memory; says what kinds were removed (empty: none). */
    static List<String> strip(COSDictionary catalog, List<COSDictionary> pages) {
        ActiveContent a = new ActiveContent();
        a.document(catalog);
        for (COSDictionary page : pages) {
            a.remove(page, COSName.AA, "actions run when a page opens");
            a.annotations(page.getDictionaryObject(COSName.ANNOTS));
        }
        return List.copyOf(a.removed);
    }

    private void document(COSDictionary catalog) {
        if (catalog.getDictionaryObject(COSName.OPEN_ACTION) instanceof COSDictionary) {
            // An /OpenAction array is only a page to open at; a dictionary is an action that runs.
            remove(catalog, COSName.OPEN_ACTION, "an action run when the document opens");
        }
        remove(catalog, COSName.AA, "actions run on document events");
        if (catalog.getDictionaryObject(COSName.NAMES) instanceof COSDictionary names) {
            remove(names, COSName.JAVA_SCRIPT, "JavaScript");
            remove(names, COSName.EMBEDDED_FILES, "embedded files");
        }
        if (catalog.getDictionaryObject(COSName.ACRO_FORM) instanceof COSDictionary form) {
            remove(form, XFA, "an XFA form");
            fields(form.getDictionaryObject(COSName.FIELDS), new int[] {0});
        }
    }

    private void annotations(COSBase annots) {
        if (!(annots instanceof COSArray array)) {
            return;
        }
        for (int i = array.size() - 1; i >= 0; i--) {
            if (!(array.getObject(i) instanceof COSDictionary annot)) {
                continue;
            }
            if (COSName.getPDFName("FileAttachment").equals(annot.getCOSName(COSName.SUBTYPE))) {
                array.remove(i);
                removed.add("embedded files");
                continue;
            }
            remove(annot, COSName.AA, "actions run on form or annotation events");
            if (annot.getDictionaryObject(COSName.A) instanceof COSDictionary action && runs(action)) {
                remove(annot, COSName.A, kind(action));
            }
        }
    }

    /** Form fields carry their own event actions; the tree is walked with a bound, as it comes from the upload. */
    private void fields(COSBase fields, int[] seen) {
        if (!(fields instanceof COSArray array)) {
            return;
        }
        for (int i = 0; i < array.size() && seen[0]++ < MAX_FIELDS; i++) {
            if (array.getObject(i) instanceof COSDictionary field) {
                remove(field, COSName.AA, "actions run on form or annotation events");
                fields(field.getDictionaryObject(COSName.KIDS), seen);
            }
        }
    }

    /** JavaScript and launch actions, also when they hide in an action's /Next chain. */
    private static boolean runs(COSDictionary action) {
        List<COSDictionary> chain = new ArrayList<>();
        for (COSDictionary a = action; a != null && chain.size() < 100; ) {
            chain.add(a);
            COSName type = a.getCOSName(COSName.S);
            if (COSName.JAVA_SCRIPT.equals(type) || LAUNCH.equals(type)) {
                return true;
            }
            a = a.getDictionaryObject(COSName.NEXT) instanceof COSDictionary next && !chain.contains(next) ? next : null;
        }
        return false;
    }

    private static String kind(COSDictionary action) {
        return LAUNCH.equals(action.getCOSName(COSName.S)) ? "launch actions" : "JavaScript";
    }

    private void remove(COSDictionary from, COSName key, String what) {
        if (from.containsKey(key)) {
            from.removeItem(key);
            removed.add(what);
        }
    }
}
