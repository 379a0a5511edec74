package org.signet.service;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.signet.support.ApiFlow;
import org.signet.support.SealedDocuments;
import org.signet.support.TestServer;

/**
 * A data folder a real Signet serves from, holding documents in their usual states: two drafts, one
 * sent and one completed and sealed, so its stored files are originals and a sealed PDF.
 */
final class ServedFolder implements AutoCloseable {
    final Path dataDir;
    final TestServer server;
    final ApiFlow flow;
    /** The documents' ids, the sealed one last. */
    final List<String> documents;

    private ServedFolder(Path dataDir, TestServer server, ApiFlow flow, List<String> documents) {
        this.dataDir = dataDir;
        this.server = server;
        this.flow = flow;
        this.documents = documents;
    }

    static ServedFolder start(Path dataDir) throws Exception {
        TestServer server = TestServer.start(dataDir);
        try {
            ApiFlow flow = new ApiFlow(server, server.account("owner@example.org", false).full(), Clock.systemUTC());
            String sent = flow.upload("Sent", 1);
            flow.addSignerWithSignatureField(sent, "sam@example.org");
            flow.send(sent);
            String sealed = SealedDocuments.completed(flow);
            flow.awaitSealed(sealed);
            return new ServedFolder(dataDir, server, flow, List.of(flow.upload("Draft", 2), flow.upload("Other", 1),
                    sent, sealed));
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
    }

    Backups backups() {
        return new Backups(server.app.database(), dataDir, Clock.systemUTC());
    }

    @Override
    public void close() {
        server.close();
    }
}
