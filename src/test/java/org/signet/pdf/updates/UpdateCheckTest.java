package org.signet.pdf.updates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.pdf.seal.DocumentTimestamp;
import org.signet.pdf.seal.DssDictionary;
import org.signet.pdf.seal.PdfSealer;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.pdf.seal.Timestamper;
import org.signet.pdf.seal.ValidationMaterial;
import org.signet.pdf.updates.UpdateCheck.Finding;
import org.signet.pdf.updates.UpdateCheck.Kind;
import org.signet.support.IncrementalUpdate;
import org.signet.support.TestFiles;

/**
 * The strict reader of the updates after a seal, on files Signet makes (validation material and
 * document timestamps, which must pass) and on updates written byte by byte to do what a
 * certification does not permit, each of which must be named.
 */
class UpdateCheckTest {
    /** A token the reader never opens: it judges the updates' objects, not the timestamps' values. */
    private static final Timestamper PLACEHOLDER = content -> new byte[] {0x30, 0x03, 0x02, 0x01, 0x00};

    @TempDir
    static Path dir;
    private static SiteCertificate site;
    private static byte[] sealed;

    @BeforeAll
    static void seal() throws Exception {
        site = SiteCertificate.loadOrCreate(dir.resolve("site.p12"), "pw".toCharArray(), "Update check test");
        sealed = new PdfSealer(site).seal(TestFiles.pdf(2), "All parties signed", "Signet",
                Instant.parse("2026-02-03T04:05:06Z"));
    }

    private static byte[] longTerm(byte[] pdf) throws Exception {
        ValidationMaterial material = new ValidationMaterial(List.of(site.certificate()), List.of(new byte[] {1, 2}),
                List.of());
        return DocumentTimestamp.append(DssDictionary.append(pdf, material), PLACEHOLDER);
    }

    @Test
    void after_validationMaterialAndDocumentTimestampsRenewedTwice_nothing() throws Exception {
        byte[] renewed = longTerm(longTerm(sealed));

        assertEquals(List.of(), findings(renewed));
    }

    @Test
    void after_nothingAppended_nothing() throws Exception {
        assertEquals(List.of(), findings(sealed));
        assertEquals(List.of(), findings(concat(sealed, "\r\n \n")), "white space after the end is nothing");
    }

    @Test
    void after_bytesAfterTheLastEndOfFile_structure() throws Exception {
        assertEquals(Set.of(Kind.STRUCTURE), kinds(concat(longTerm(sealed), "%PDF-junk\n")));
        assertEquals(Set.of(Kind.STRUCTURE), kinds(concat(sealed, "% a comment\n")));
    }

    @Test
    void after_anUpdateThatFreesASignedObject_structure() throws Exception {
        int content = contentOfPageOne();

        List<Finding> found = findings(IncrementalUpdate.after(sealed).free(content, 1).bytes());

        assertEquals(List.of(new Finding(Kind.STRUCTURE, "object " + content + " is freed")), found);
    }

    @Test
    void after_aNewObjectInTheHoleAFreedOneLeft_structure() throws Exception {
        int content = contentOfPageOne();
        byte[] freed = IncrementalUpdate.after(sealed).free(content, 1).bytes();

        List<Finding> found = findings(IncrementalUpdate.after(freed)
                .object(content, 2, "<< /Length 0 >>\nstream\n\nendstream").bytes());

        assertTrue(found.contains(new Finding(Kind.STRUCTURE, "object " + content
                + " reuses a number the document had freed")), found.toString());
    }

    @Test
    void after_aSignedObjectRedefinedUnderANewGeneration_structure() throws Exception {
        int content = contentOfPageOne();

        List<Finding> found = findings(IncrementalUpdate.after(sealed)
                .object(content, 1, "<< /Length 0 >>\nstream\n\nendstream").bytes());

        assertTrue(found.contains(new Finding(Kind.STRUCTURE, "object " + content + " is given a new generation")),
                found.toString());
    }

    @Test
    void after_crossReferencesPointingAtAnOlderBody_structure() throws Exception {
        int content = contentOfPageOne();
        long olderBody = offsetOf(content);

        List<Finding> found = findings(IncrementalUpdate.after(sealed).pointer(content, olderBody).bytes());

        assertTrue(found.contains(new Finding(Kind.STRUCTURE,
                "object " + content + " is pointed at bytes the update did not write")), found.toString());
    }

    @Test
    void after_aContentStreamRedefinedAsValidationMaterial_structure() throws Exception {
        int content = contentOfPageOne();
        String catalog = catalogWith("/DSS << /Certs [" + content + " 0 R] >>");

        List<Finding> found = findings(IncrementalUpdate.after(sealed).object(root(), 0, catalog)
                .object(content, 0, "<< /Length 9 >>\nstream\n0 0 m S Q\nendstream").bytes());

        assertEquals(List.of(new Finding(Kind.STRUCTURE, "object " + content + " of the signed document is redefined")),
                found);
    }

    @Test
    void after_aKeyAddedToTheCatalog_other() throws Exception {
        List<Finding> found = findings(IncrementalUpdate.after(sealed).object(root(), 0,
                catalogWith("/OpenAction << /S /JavaScript /JS (app.alert(1)) >>")).bytes());

        assertEquals(List.of(new Finding(Kind.OTHER, "the catalog's /OpenAction is changed")), found);
    }

    @Test
    void after_aStreamWithAnIndirectLength_cannotBeReadStrictly() throws Exception {
        IncrementalUpdate update = IncrementalUpdate.after(sealed);
        int next = update.fresh();

        List<Finding> found = findings(update.object(next, 0, "<< /Length " + (next + 1) + " 0 R >>\nstream\nx\nendstream")
                .object(next + 1, 0, "1").bytes());

        assertEquals(Set.of(Kind.STRUCTURE), found.stream().map(Finding::kind).collect(Collectors.toSet()));
        assertTrue(found.get(0).what().startsWith("what follows byte " + sealed.length + " is not an update"),
                found.toString());
    }

    @Test
    void after_anOverlayDressedAsATimestampWidgetWithRealFlags_annotations() throws Exception {
        byte[] lt = longTerm(sealed);

        byte[] overlay = timestampWidget(lt, new COSFloat(2.0f), 0, 0, 600, 800);
        byte[] beyond32Bits = timestampWidget(lt, COSInteger.get(4_294_967_298L), 0, 0, 600, 800);
        byte[] flatRealFlags = timestampWidget(lt, new COSFloat(2.0f), 0, 0, 0, 0);

        assertTrue(kinds(overlay).contains(Kind.ANNOTATIONS), findings(overlay).toString());
        assertTrue(kinds(beyond32Bits).contains(Kind.ANNOTATIONS), findings(beyond32Bits).toString());
        assertTrue(findings(flatRealFlags).toString().contains("has flags that are not a 32-bit integer"),
                findings(flatRealFlags).toString());
        assertEquals(List.of(), findings(timestampWidget(lt, COSInteger.get(2), 0, 0, 0, 0)),
                "hidden by an integer, with no area, drawing text it never shows: allowed");
    }

    /**
     * {@code pdf} with a document timestamp's field added whose widget has {@code flags}, the
     * rectangle given, and an appearance that draws text.
     */
    private static byte[] timestampWidget(byte[] pdf, org.apache.pdfbox.cos.COSBase flags, float... rect)
            throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            COSDictionary sig = new COSDictionary();
            sig.setName(COSName.SUB_FILTER, "ETSI.RFC3161");
            sig.setItem(COSName.TYPE, COSName.DOC_TIME_STAMP);
            var stream = doc.getDocument().createCOSStream();
            try (var out = stream.createOutputStream()) {
                out.write("BT /F1 40 Tf 50 400 Td (PAY MALLORY) Tj ET".getBytes(StandardCharsets.US_ASCII));
            }
            stream.setItem(COSName.SUBTYPE, COSName.FORM);
            stream.setItem(COSName.BBOX, new COSArray(List.of(COSInteger.ZERO, COSInteger.ZERO,
                    COSInteger.get(600), COSInteger.get(800))));
            COSDictionary ap = new COSDictionary();
            ap.setItem(COSName.N, stream);
            COSDictionary widget = new COSDictionary();
            widget.setItem(COSName.FT, COSName.SIG);
            widget.setItem(COSName.SUBTYPE, COSName.WIDGET);
            widget.setItem(COSName.V, sig);
            widget.setItem(COSName.F, flags);
            widget.setItem(COSName.AP, ap);
            COSArray r = new COSArray();
            for (float f : rect) {
                r.add(new COSFloat(f));
            }
            widget.setItem(COSName.RECT, r);
            sig.setDirect(false);
            widget.setDirect(false);
            PDPage page = doc.getPage(0);
            COSArray annots = page.getCOSObject().getCOSArray(COSName.ANNOTS);
            annots.add(widget);
            annots.setNeedToBeUpdated(true);
            page.getCOSObject().setNeedToBeUpdated(true);
            COSDictionary form = doc.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.ACRO_FORM);
            form.getCOSArray(COSName.FIELDS).add(widget);
            form.getCOSArray(COSName.FIELDS).setNeedToBeUpdated(true);
            form.setNeedToBeUpdated(true);
            doc.getDocumentCatalog().getCOSObject().setNeedToBeUpdated(true);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.saveIncremental(out);
            return out.toByteArray();
        }
    }

    private static Set<Kind> kinds(byte[] pdf) throws Exception {
        return findings(pdf).stream().map(Finding::kind).collect(Collectors.toSet());
    }

    /** The findings on everything after the sealed revision, which ends where {@link #sealed} does. */
    private static List<Finding> findings(byte[] pdf) throws Exception {
        Path file = Files.createTempFile(dir, "check", ".pdf");
        Files.write(file, pdf);
        try (PDDocument signed = Loader.loadPDF(new RandomAccessReadBuffer(Arrays.copyOf(pdf, sealed.length)));
                RandomAccessFile raw = new RandomAccessFile(file.toFile(), "r")) {
            List<COSDictionary> pages = new ArrayList<>();
            signed.getPages().forEach(p -> pages.add(p.getCOSObject()));
            return UpdateCheck.after(raw, pdf.length, sealed.length, signed.getDocument(), pages);
        } finally {
            Files.delete(file);
        }
    }

    private static byte[] concat(byte[] pdf, String tail) {
        byte[] out = Arrays.copyOf(pdf, pdf.length + tail.length());
        System.arraycopy(tail.getBytes(StandardCharsets.ISO_8859_1), 0, out, pdf.length, tail.length());
        return out;
    }

    /** The object number of page 1's content stream in the sealed file. */
    private static int contentOfPageOne() throws Exception {
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            return (int) ((COSObject) doc.getPage(0).getCOSObject().getItem(COSName.CONTENTS)).getObjectNumber();
        }
    }

    private static int root() throws Exception {
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            return (int) ((COSObject) doc.getDocument().getTrailer().getItem(COSName.ROOT)).getObjectNumber();
        }
    }

    /** Where the sealed file's body of object {@code number} begins. */
    private static long offsetOf(int number) throws Exception {
        try (PDDocument doc = Loader.loadPDF(sealed)) {
            return doc.getDocument().getXrefTable().entrySet().stream()
                    .filter(e -> e.getKey().getNumber() == number).findFirst().orElseThrow().getValue();
        }
    }

    /** The catalog as the sealed file has it, with {@code extra} entries written in. */
    private static String catalogWith(String extra) throws Exception {
        Matcher m = Pattern.compile("(?s)\n" + root() + " 0 obj\n(.*?)\nendobj")
                .matcher(new String(sealed, StandardCharsets.ISO_8859_1));
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        return last.substring(0, last.lastIndexOf(">>")) + extra + "\n>>";
    }
}
