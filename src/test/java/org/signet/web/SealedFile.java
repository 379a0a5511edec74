package org.signet.web;

import java.io.IOException;
import java.net.http.HttpResponse;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.signet.support.ApiFlow;
import org.signet.support.DocumentSetup;
import org.signet.support.Party;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;

/** Fetches a document's file as raw PDF bytes through the REST interface and reads it back. */
final class SealedFile {
    private SealedFile() {}

    static byte[] download(TestServer server, Credentials key, String documentId) {
        HttpResponse<byte[]> r = server.sendForBytes(server.request("documents/" + documentId + "/file", key)
                .header("Accept", "application/pdf").GET().build());
        if (r.statusCode() != 200) {
            throw new AssertionError("download failed: " + r.statusCode());
        }
        return r.body();
    }

    /** A one-page document titled {@code title}, signed by Ann Able and sealed: its sealed PDF. */
    static byte[] signedAndSealed(ApiFlow flow, String title) {
        DocumentSetup doc = DocumentSetup.upload(flow, title, 1);
        Party ann = doc.party("Ann Able", "signer", 1);
        doc.field(ann, "signature", 1, 72, 600, 200, 60).send();
        TestServer.expect(200, flow.sign(ann.token()));
        doc.sealed();
        return download(flow.server, flow.key, doc.id());
    }

    static int pageCount(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return doc.getNumberOfPages();
        }
    }

    /** How many images page {@code number} (1-based) draws: the signatures placed on it. */
    static int images(byte[] pdf, int number) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            int count = 0;
            for (COSName name : doc.getPage(number - 1).getResources().getXObjectNames()) {
                if (doc.getPage(number - 1).getResources().isImageXObject(name)) {
                    count++;
                }
            }
            return count;
        }
    }
}
