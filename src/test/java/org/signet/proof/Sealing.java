package org.signet.proof;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.signet.support.Waits;

/** Has a completed document sealed through the interface, as a client that needs the sealed PDF now would. */
final class Sealing {
    private Sealing() {}

    /**
     * Has a completed document sealed unless it already is. The sealing job may be at the same
     * document (its first run comes 30 s after a start, which a slow machine can reach here): then
     * the request is refused, or answers with neither the sealed file nor an error, and the job's
     * own attempt is waited for. A document that cannot be sealed is a problem in the ledger.
     */
    static void sealed(ProofClient client, TrackedDocument doc, Ledger ledger) throws IOException {
        Map<?, ?> d = Answers.object(200, client.get("documents/" + doc.id));
        if (d.get("signed_file_hash") != null) {
            return;
        }
        HttpResponse<String> r = client.seal(doc.id);
        boolean refused = r.statusCode() == 400 && "invalid_state".equals(Answers.object(r).get("code"));
        d = refused ? Map.of() : Answers.object(200, r);
        if (d.get("signed_file_hash") == null && d.get("seal_error") == null) {
            Waits.awaitUntil(() -> sealEnded(client, doc), doc + " sealed by the sealing job", Duration.ofSeconds(60));
            d = Answers.object(200, client.get("documents/" + doc.id));
        }
        if (d.get("signed_file_hash") == null) {
            ledger.problem(doc + " is completed but could not be sealed: " + d.get("seal_error"));
        }
    }

    private static boolean sealEnded(ProofClient client, TrackedDocument doc) {
        try {
            Map<?, ?> d = Answers.object(200, client.get("documents/" + doc.id));
            return d.get("signed_file_hash") != null || d.get("seal_error") != null;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
