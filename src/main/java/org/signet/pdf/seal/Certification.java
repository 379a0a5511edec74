package org.signet.pdf.seal;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;

/**
 * Makes a signature the document's certification signature (ISO 32000-2 §12.8.2.2, DocMDP), so
 * that readers and validators report any later change other than those the permission allows.
 */
final class Certification {

    /**
     * The DocMDP permission: 1, no changes at all. ISO 32000-2 §12.8.2.2.2 still lets a document
     * security store and document timestamps be added after it, which is all the long-term
     * material ever adds; a form filled or a page drawn on afterwards is reported as a change.
     */
    static final int PERMISSION = 1;

    private Certification() {
    }

    /** Adds the DocMDP reference to {@code signature} and names it in the catalog's /Perms. */
    static void certify(PDDocument document, PDSignature signature) {
        COSDictionary params = new COSDictionary();
        params.setItem(COSName.TYPE, COSName.getPDFName("TransformParams"));
        params.setInt(COSName.P, PERMISSION);
        params.setName(COSName.V, "1.2");
        COSDictionary reference = new COSDictionary();
        reference.setItem(COSName.TYPE, COSName.getPDFName("SigRef"));
        reference.setItem(COSName.getPDFName("TransformMethod"), COSName.DOCMDP);
        reference.setItem(COSName.getPDFName("TransformParams"), params);
        COSArray references = new COSArray();
        references.add(reference);
        signature.getCOSObject().setItem(COSName.getPDFName("Reference"), references);

        COSDictionary perms = new COSDictionary();
        perms.setItem(COSName.DOCMDP, signature);
        COSDictionary catalog = document.getDocumentCatalog().getCOSObject();
        catalog.setItem(COSName.PERMS, perms);
        catalog.setNeedToBeUpdated(true);
    }
}
