package org.signet.proof;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.signet.proof.TrackedDocument.Signer;
import org.signet.support.TestFiles;

/**
 * Checks through Signet's interface that every acknowledged write is there with its content: the
 * document, its original file's bytes, its signers, fields and typed values, its status, and an
 * audit trail whose chain holds and whose events are exactly those the writes made.
 */
final class AcknowledgedWrites {
    private final Ledger ledger;
    private final ProofClient client;

    AcknowledgedWrites(Ledger ledger, ProofClient client) {
        this.ledger = ledger;
        this.client = client;
    }

    /**
     * Checks the documents touched since their last check, or all of them, a few at a time (no one
     * writes meanwhile, and each document is checked by one thread); returns how many were checked.
     */
    int check(boolean all) throws IOException {
        List<TrackedDocument> due = ledger.documents.stream().filter(d -> all || d.touched).toList();
        InParallel.forEach(due, doc -> {
            check(doc);
            doc.touched = false;
        });
        return due.size();
    }

    private void check(TrackedDocument doc) throws IOException {
        Map<?, ?> d = Answers.object(200, client.get("documents/" + doc.id));
        same(doc, "title", doc.title, d.get("title"));
        same(doc, "file_hash", doc.sha256, d.get("file_hash"));
        same(doc, "status", doc.expectedStatus(), d.get("status"));
        signers(doc, (List<?>) d.get("signers"));
        fields(doc, (List<?>) d.get("fields"));
        audit(doc);
        if (!doc.contentChecked) {
            HttpResponse<byte[]> file = client.original(doc.id);
            same(doc, "original file", doc.sha256, file.statusCode() == 200 ? TestFiles.sha256(file.body())
                    : "answer " + file.statusCode());
            doc.contentChecked = true;
        }
    }

    private void signers(TrackedDocument doc, List<?> records) {
        same(doc, "signer count", doc.signers.size(), records.size());
        for (Object o : records) {
            Map<?, ?> r = (Map<?, ?>) o;
            Signer s = doc.signerById((String) r.get("id"));
            same(doc, "signer name", s.name, r.get("name"));
            same(doc, "signer email", s.email, r.get("email"));
            same(doc, "signing_order", Integer.toString(s.order), r.get("signing_order"));
            same(doc, "signer " + s.id + " status", s.signed ? "signed" : "pending", r.get("status"));
        }
    }

    /** The saved fields, with the values their signers submitted and nothing else. */
    private void fields(TrackedDocument doc, List<?> records) {
        same(doc, "field count", doc.fieldsSaved ? doc.signers.size() + 1 : 0, records.size());
        for (Object o : records) {
            Map<?, ?> f = (Map<?, ?>) o;
            Signer s = doc.signerById((String) f.get("signer_id"));
            String expected = !s.signed ? "" : "text".equals(f.get("field_type")) ? s.textValue() : "signed";
            same(doc, f.get("field_type") + " field " + f.get("id"), expected, f.get("value"));
        }
    }

    /** The events of every acknowledged write, no more and no less, in an intact chain. */
    private void audit(TrackedDocument doc) throws IOException {
        Map<?, ?> trail = Answers.object(200, client.get("documents/" + doc.id + "/audit"));
        same(doc, "chain_valid", true, trail.get("chain_valid"));
        Map<String, Integer> actions = new TreeMap<>();
        for (Object e : (List<?>) trail.get("events")) {
            actions.merge((String) ((Map<?, ?>) e).get("action"), 1, Integer::sum);
        }
        same(doc, "audit events", expectedActions(doc), actions);
    }

    /** The audit events of the writes acknowledged for {@code doc}, by action. */
    static Map<String, Integer> expectedActions(TrackedDocument doc) {
        long signed = doc.signers.stream().filter(s -> s.signed).count();
        Map<String, Integer> expected = new TreeMap<>();
        expected.put("document_created", 1);
        expected.put("signer_added", doc.signers.size());
        expected.put("fields_saved", doc.fieldsSaved ? 1 : 0);
        expected.put("document_sent", doc.sent ? 1 : 0);
        // Signers sign in turn: sending invites the first, each signature the next.
        expected.put("invitation_sent", doc.sent ? (int) Math.min(doc.signers.size(), signed + 1) : 0);
        expected.put("document_viewed", (int) signed);
        expected.put("document_signed", (int) signed);
        expected.put("document_completed", doc.completed() ? 1 : 0);
        expected.put("document_downloaded", doc.contentChecked ? 1 : 0);
        expected.values().removeIf(n -> n == 0);
        return expected;
    }

    private void same(TrackedDocument doc, String what, Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            ledger.problem(doc + " ('" + doc.title + "'): " + what + " is " + actual + ", expected " + expected);
        }
    }
}
