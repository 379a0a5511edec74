package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/**
 * {@code GET /documents/{id}/file?version=certificate}: the certificate of completion alone, the pages the sealed PDF
 * ends with, recorded as a download; nothing before the document is sealed, and never one file's certificate.
 */
class CertificateDownloadTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    private HttpResponse<byte[]> pdf(ApiFlow flow, String path) {
        TestServer server = signet.server();
        return server.sendForBytes(server.request(path, flow.key).header("Accept", "application/pdf").GET().build());
    }

    @Test
    void certificate_ofASealedDocument_isTheLastPagesOfTheSealedPdf() throws Exception {
        ApiFlow flow = signet.flow();
        String doc = flow.upload("Two page lease", 2);
        Party tenant = flow.addSignerWithSignatureField(doc, "tenant@example.com");
        flow.send(doc);
        TestServer.expect(200, flow.sign(tenant.token()));
        flow.awaitSealed(doc);

        HttpResponse<byte[]> certificate = pdf(flow, "documents/" + doc + "/file?version=certificate");
        HttpResponse<byte[]> sealed = pdf(flow, "documents/" + doc + "/file?version=signed");

        assertEquals(200, certificate.statusCode());
        assertTrue(certificate.headers().firstValue("Content-Disposition").orElse("").contains("certificate.pdf"));
        try (PDDocument cut = Loader.loadPDF(certificate.body()); PDDocument whole = Loader.loadPDF(sealed.body())) {
            assertEquals(whole.getNumberOfPages() - 2, cut.getNumberOfPages());
            String text = new PDFTextStripper().getText(cut);
            assertTrue(text.startsWith("Certificate of completion") && text.contains("Two page lease"), text);
        }
        assertEquals(1, flow.audit(doc, "document_downloaded").stream()
                .filter(e -> "certificate".equals(e.get("detail"))).count());
    }

    @Test
    void certificate_ofADraft_404_andWithAFile_400() {
        ApiFlow flow = signet.flow();
        String doc = flow.upload("Draft", 1);

        assertEquals(404, pdf(flow, "documents/" + doc + "/file?version=certificate").statusCode());
        assertEquals(400, pdf(flow, "documents/" + doc + "/file?version=certificate&file_id=1").statusCode());
        assertEquals(400, pdf(flow, "documents/" + doc + "/file?version=seal").statusCode());
    }
}
