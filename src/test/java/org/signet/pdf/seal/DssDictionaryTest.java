package org.signet.pdf.seal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.pdf.finish.FinalPdfBuilderTest;

class DssDictionaryTest {
    @TempDir
    static Path dir;
    private static SiteCertificate site;
    private static byte[] sealed;

    @BeforeAll
    static void seal() throws Exception {
        site = SiteCertificate.loadOrCreate(dir.resolve("site.p12"), "pw".toCharArray(), "DSS test");
        sealed = new PdfSealer(site).seal(FinalPdfBuilderTest.original(1, 0), "r", "l", Instant.now());
    }

    @Test
    void append_material_storedInTheCatalogsDssAfterEveryEarlierByte() throws Exception {
        byte[] ocsp = {0x30, 0x03, 0x0a, 0x01, 0x00};
        byte[] crl = {0x30, 0x00};

        byte[] out = DssDictionary.append(sealed, new ValidationMaterial(List.of(site.certificate()), List.of(ocsp),
                List.of(crl)));

        assertArrayEquals(sealed, Arrays.copyOf(out, sealed.length));
        assertEquals(List.of(List.of(hex(site.certificate().getEncoded())), List.of(hex(ocsp)), List.of(hex(crl))),
                stored(out));
        try (PDDocument doc = Loader.loadPDF(out)) {
            COSDictionary esic = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.getPDFName("Extensions"))
                    .getCOSDictionary(COSName.getPDFName("ESIC"));
            assertEquals(5, esic.getInt(COSName.getPDFName("ExtensionLevel")));
            assertEquals(1, doc.getSignatureDictionaries().size());
        }
    }

    @Test
    void append_twice_keepsTheFirstAndAddsOnlyWhatIsNew() throws Exception {
        byte[] first = {0x30, 0x01, 0x01};
        byte[] second = {0x30, 0x01, 0x02};
        byte[] once = DssDictionary.append(sealed, new ValidationMaterial(List.of(), List.of(first), List.of()));

        byte[] twice = DssDictionary.append(once, new ValidationMaterial(List.of(), List.of(first, second), List.of()));

        assertEquals(List.of(hex(first), hex(second)), stored(twice).get(1));
    }

    /** The decoded streams of /Certs, /OCSPs and /CRLs, each item in hex. */
    private static List<List<String>> stored(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            COSDictionary dss = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.getPDFName("DSS"));
            List<List<String>> out = new ArrayList<>();
            for (String name : new String[] {"Certs", "OCSPs", "CRLs"}) {
                COSArray array = dss.getCOSArray(COSName.getPDFName(name));
                List<String> items = new ArrayList<>();
                for (int i = 0; i < array.size(); i++) {
                    try (InputStream in = ((COSStream) array.getObject(i)).createInputStream()) {
                        items.add(hex(in.readAllBytes()));
                    }
                }
                out.add(items);
            }
            return out;
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
