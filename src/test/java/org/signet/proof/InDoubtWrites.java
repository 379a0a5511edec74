package org.signet.proof;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.signet.proof.TrackedDocument.Signer;

/**
 * After a restart, finds out what became of each write that was in doubt at the kill: it may have
 * happened or not, but wholly or not at all. What happened becomes part of what the client knows,
 * so later rounds hold Signet to it.
 */
final class InDoubtWrites {
    private final Ledger ledger;
    private final ProofClient client;

    InDoubtWrites(Ledger ledger, ProofClient client) {
        this.ledger = ledger;
        this.client = client;
    }

    void resolveAll() throws IOException {
        for (TrackedDocument doc : List.copyOf(ledger.documents)) {
            if (doc.inDoubt != null) {
                boolean present = resolve(doc);
                ledger.resolved(present);
                doc.inDoubt = null;
                if (doc.id == null) {
                    ledger.documents.remove(doc);
                }
            }
        }
    }

    private boolean resolve(TrackedDocument doc) throws IOException {
        return switch (doc.inDoubt) {
            case UPLOAD -> uploaded(doc);
            case ADD_SIGNER -> signerAdded(doc);
            case SAVE_FIELDS -> fieldsSaved(doc);
            case SEND -> {
                doc.sent = !"draft".equals(detail(doc).get("status"));
                yield doc.sent;
            }
            case SIGN -> signed(doc);
            case DONE -> throw new IllegalStateException(doc + " was done");
        };
    }

    /** Titles are unique, so the upload is there exactly when one document has its title. */
    private boolean uploaded(TrackedDocument doc) throws IOException {
        String query = "documents?per_page=100&search=" + URLEncoder.encode(doc.title, StandardCharsets.UTF_8);
        List<Map<?, ?>> same = Answers.array(200, client.get(query)).stream().<Map<?, ?>>map(o -> (Map<?, ?>) o)
                .filter(d -> doc.title.equals(d.get("title"))).toList();
        if (same.size() > 1) {
            ledger.problem("one upload in doubt made " + same.size() + " documents titled '" + doc.title + "'");
        }
        if (!same.isEmpty()) {
            doc.id = (String) same.get(0).get("id");
        }
        return doc.id != null;
    }

    private boolean signerAdded(TrackedDocument doc) throws IOException {
        Signer s = doc.nextToAdd();
        for (Object o : Answers.array(200, client.get("documents/" + doc.id + "/signers"))) {
            Map<?, ?> record = (Map<?, ?>) o;
            if (s.email.equals(record.get("email"))) {
                DocumentSteps.added(s, record);
                doc.signers.add(s);
                return true;
            }
        }
        return false;
    }

    private boolean fieldsSaved(TrackedDocument doc) throws IOException {
        List<Object> fields = Answers.array(200, client.get("documents/" + doc.id + "/fields"));
        if (!fields.isEmpty()) {
            doc.fieldsAre(fields);
        }
        return doc.fieldsSaved;
    }

    /** A submission records the view and the signature together; one without the other is half a write. */
    private boolean signed(TrackedDocument doc) throws IOException {
        Signer s = doc.nextToSign();
        Object status = ((Map<?, ?>) ((List<?>) detail(doc).get("signers")).stream()
                .filter(r -> s.id.equals(((Map<?, ?>) r).get("id"))).findFirst()
                .orElseThrow(() -> new AssertionError(doc + " lost signer " + s.id))).get("status");
        if (!"signed".equals(status) && !"pending".equals(status)) {
            ledger.problem(doc + ": a signature in doubt left signer " + s.id + " " + status);
        }
        s.signed = "signed".equals(status);
        return s.signed;
    }

    private Map<?, ?> detail(TrackedDocument doc) throws IOException {
        return Answers.object(200, client.get("documents/" + doc.id));
    }
}
