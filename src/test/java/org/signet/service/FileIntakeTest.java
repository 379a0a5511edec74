package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;

/** Uploads through the real server: a PDF's active content is gone from what is signed and sealed, and the trail says so. */
class FileIntakeTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
    }

    private String uploadActive() {
        HttpResponse<String> r = signet.server().upload(flow.key, new Multipart().text("title", "Active")
                .file("file", "active.pdf", "application/pdf", TestFiles.pdfWithActiveContent()));
        return (String) expectObject(201, r).get("id");
    }

    @Test
    void upload_pdfWithOpenActionJavaScript_sealedWithoutIt() throws Exception {
        String doc = uploadActive();
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        flow.sign(ann.token());
        flow.awaitSealed(doc);

        byte[] sealed = signet.server().sendForBytes(signet.server().request("documents/" + doc + "/file", flow.key)
                .header("Accept", "application/pdf").GET().build()).body();

        try (PDDocument pdf = Loader.loadPDF(sealed)) {
            COSDictionary catalog = pdf.getDocumentCatalog().getCOSObject();
            assertNull(catalog.getDictionaryObject(COSName.OPEN_ACTION));
            COSDictionary names = catalog.getCOSDictionary(COSName.NAMES);
            assertTrue(names == null || !names.containsKey(COSName.JAVA_SCRIPT));
            assertTrue(names == null || !names.containsKey(COSName.EMBEDDED_FILES));
        }
        assertTrue(!new String(sealed, java.nio.charset.StandardCharsets.ISO_8859_1).contains("app.alert"));
    }

    @Test
    void upload_activeContentRemoved_notedInTheTrail() {
        String doc = uploadActive();

        Map<String, Object> created = flow.audit(doc, "document_created").get(0);

        String detail = (String) created.get("detail");
        assertTrue(detail.startsWith("active content removed: "), detail);
        assertTrue(detail.contains("JavaScript") && detail.contains("embedded files"), detail);
    }

    @Test
    void staged_activeContentRemoved_notedWhenItBecomesADocument() {
        HttpResponse<String> r = signet.server().postMultipart("files", flow.key, new Multipart()
                .file("file", "active.pdf", "application/pdf", TestFiles.pdfWithActiveContent()));
        String path = (String) expectObject(201, r).get("file_path");

        String doc = (String) expectObject(201, flow.post("documents", Map.of("title", "Staged", "file_path", path)))
                .get("id");

        assertTrue(((String) flow.audit(doc, "document_created").get(0).get("detail")).contains("JavaScript"));
    }

    @Test
    void upload_plainPdf_nothingNoted() {
        String doc = flow.upload("Plain", 1);

        assertEquals(List.of(), flow.audit(doc, "document_created").stream()
                .filter(e -> e.get("detail") != null).toList());
    }
}
