package org.signet.web;

import java.io.IOException;
import java.net.http.HttpResponse;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
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
