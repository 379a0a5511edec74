package org.signet.pdf.seal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * Appends validation material to a PDF's document security store (ETSI EN 319 142-1 §5.4.2, the
 * /DSS of the catalog with /Certs, /OCSPs and /CRLs) in an incremental update, keeping what an
 * earlier update stored there and adding each item only once. Per-signature /VRI dictionaries are
 * left out: they are optional for PAdES baseline signatures and validators look in the arrays.
 */
public final class DssDictionary {
    private static final COSName DSS = COSName.getPDFName("DSS");
    private static final COSName CERTS = COSName.getPDFName("Certs");
    private static final COSName OCSPS = COSName.getPDFName("OCSPs");
    private static final COSName CRLS = COSName.getPDFName("CRLs");

    private DssDictionary() {
    }

    /**
     * The PDF with {@code material} added to its document security store.
     *
     * @throws IOException if the PDF cannot be read or a certificate cannot be encoded
     */
    public static byte[] append(byte[] pdf, ValidationMaterial material) throws IOException {
        Objects.requireNonNull(pdf, "pdf");
        Objects.requireNonNull(material, "material");
        try (PDDocument document = Loader.loadPDF(pdf)) {
            COSDictionary catalog = document.getDocumentCatalog().getCOSObject();
            COSDictionary dss = indirect(catalog, DSS, COSDictionary.class);
            dss.setItem(COSName.TYPE, DSS);
            add(document, indirect(dss, CERTS, COSArray.class), encoded(material.certificates()));
            add(document, indirect(dss, OCSPS, COSArray.class), material.ocspResponses());
            add(document, indirect(dss, CRLS, COSArray.class), material.crls());
            declareExtension(document, catalog);
            catalog.setNeedToBeUpdated(true);
            ByteArrayOutputStream out = new ByteArrayOutputStream(pdf.length + 64 * 1024);
            document.saveIncremental(out);
            return out.toByteArray();
        }
    }

    /** The entry {@code name} of {@code parent}, created as an indirect object when absent; marked for the update. */
    private static <T extends COSBase> T indirect(COSDictionary parent, COSName name, Class<T> type) throws IOException {
        COSBase existing = parent.getDictionaryObject(name);
        T entry;
        if (type.isInstance(existing)) {
            entry = type.cast(existing);
        } else if (existing == null) {
            entry = type == COSArray.class ? type.cast(new COSArray()) : type.cast(new COSDictionary());
            entry.setDirect(false);
            parent.setItem(name, entry);
        } else {
            throw new IOException("The PDF's /" + name.getName() + " is not a " + type.getSimpleName());
        }
        if (entry instanceof COSArray a) {
            a.setNeedToBeUpdated(true);
        } else {
            ((COSDictionary) entry).setNeedToBeUpdated(true);
        }
        return entry;
    }

    private static void add(PDDocument document, COSArray array, List<byte[]> items) throws IOException {
        Set<String> present = new HashSet<>();
        for (int i = 0; i < array.size(); i++) {
            if (array.getObject(i) instanceof COSStream stream) {
                try (InputStream in = stream.createInputStream()) {
                    present.add(sha256(in.readAllBytes()));
                }
            }
        }
        for (byte[] item : items) {
            if (present.add(sha256(item))) {
                COSStream stream = document.getDocument().createCOSStream();
                try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
                    out.write(item);
                }
                array.add(stream);
            }
        }
    }

    /**
     * A PDF 1.7 file declares the ETSI extension that introduced the store (level 5 of ESIC);
     * in PDF 2.0 the store is part of the standard.
     */
    private static void declareExtension(PDDocument document, COSDictionary catalog) {
        if (document.getVersion() >= 2.0f) {
            return;
        }
        COSDictionary extensions = catalog.getCOSDictionary(COSName.getPDFName("Extensions"));
        if (extensions == null) {
            extensions = new COSDictionary();
            catalog.setItem(COSName.getPDFName("Extensions"), extensions);
        }
        COSDictionary esic = new COSDictionary();
        esic.setName(COSName.getPDFName("BaseVersion"), "1.7");
        esic.setInt(COSName.getPDFName("ExtensionLevel"), 5);
        extensions.setItem(COSName.getPDFName("ESIC"), esic);
        extensions.setNeedToBeUpdated(true);
    }

    private static List<byte[]> encoded(List<X509Certificate> certificates) throws IOException {
        try {
            List<byte[]> out = new java.util.ArrayList<>();
            for (X509Certificate c : certificates) {
                out.add(c.getEncoded());
            }
            return out;
        } catch (GeneralSecurityException e) {
            throw new IOException("Cannot encode a certificate: " + e.getMessage(), e);
        }
    }

    private static String sha256(byte[] bytes) throws IOException {
        try {
            return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }
}
