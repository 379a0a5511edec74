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
 * Checks through Signet's interface that a copy of its data (a restored backup) holds every write
 * acknowledged before a moment: each document as copied then from the {@link Ledger}, with its
 * original file's bytes, its signers, saved fields, the signatures and typed values given, its
 * status, and an intact audit trail holding at least the events of those writes. Writes made
 * after that moment may be there too, so it asks for no less, not for exactly that.
 */
final class AcknowledgedBefore {
    private final Ledger ledger;
    private final ProofClient client;

    AcknowledgedBefore(Ledger ledger, ProofClient client) {
        this.ledger = ledger;
        this.client = client;
    }

    /** Checks each of {@code copies}, a few at a time; problems go to the ledger. */
    void check(List<TrackedDocument> copies) throws IOException {
        InParallel.forEach(copies, this::check);
    }

    private void check(TrackedDocument doc) throws IOException {
        HttpResponse<String> answer = client.get("documents/" + doc.id);
        if (answer.statusCode() != 200) {
            ledger.problem(doc + " ('" + doc.title + "') answered " + answer.statusCode() + ": " + answer.body());
            return;
        }
        Map<?, ?> d = Answers.object(answer);
        same(doc, "title", doc.title, d.get("title"));
        same(doc, "file_hash", doc.sha256, d.get("file_hash"));
        status(doc, (String) d.get("status"));
        signers(doc, (List<?>) d.get("signers"));
        if (doc.fieldsSaved) {
            fields(doc, (List<?>) d.get("fields"));
        }
        audit(doc);
        HttpResponse<byte[]> file = client.original(doc.id);
        same(doc, "original file", doc.sha256, file.statusCode() == 200 ? TestFiles.sha256(file.body())
                : "answer " + file.statusCode());
    }

    private void status(TrackedDocument doc, String status) {
        if (doc.completed()) {
            same(doc, "status", "completed", status);
        } else if (doc.sent && "draft".equals(status)) {
            ledger.problem(doc + ": sent before the moment, but a draft in the copy");
        }
    }

    private void signers(TrackedDocument doc, List<?> records) {
        Map<String, Map<?, ?>> byId = new TreeMap<>();
        records.forEach(o -> byId.put((String) ((Map<?, ?>) o).get("id"), (Map<?, ?>) o));
        for (Signer s : doc.signers) {
            Map<?, ?> r = byId.get(s.id);
            if (r == null) {
                ledger.problem(doc + ": signer " + s.id + " (" + s.email + ") is missing");
                continue;
            }
            same(doc, "signer name", s.name, r.get("name"));
            same(doc, "signer email", s.email, r.get("email"));
            same(doc, "signing_order", Integer.toString(s.order), r.get("signing_order"));
            if (s.signed) {
                same(doc, "signer " + s.id + " status", "signed", r.get("status"));
            }
        }
    }

    /** The saved fields, each holding what its signer submitted if the signature was acknowledged. */
    private void fields(TrackedDocument doc, List<?> records) {
        same(doc, "field count", doc.signers.size() + 1, records.size());
        for (Object o : records) {
            Map<?, ?> f = (Map<?, ?>) o;
            Signer s = doc.signerById((String) f.get("signer_id"));
            if (s.signed) {
                String expected = "text".equals(f.get("field_type")) ? s.textValue() : "signed";
                same(doc, f.get("field_type") + " field " + f.get("id"), expected, f.get("value"));
            }
        }
    }

    /** An intact chain with at least the events of the acknowledged writes. */
    private void audit(TrackedDocument doc) throws IOException {
        Map<?, ?> trail = Answers.object(200, client.get("documents/" + doc.id + "/audit"));
        same(doc, "chain_valid", true, trail.get("chain_valid"));
        Map<String, Integer> actions = new TreeMap<>();
        for (Object e : (List<?>) trail.get("events")) {
            actions.merge((String) ((Map<?, ?>) e).get("action"), 1, Integer::sum);
        }
        AcknowledgedWrites.expectedActions(doc).forEach((action, n) -> {
            if (actions.getOrDefault(action, 0) < n) {
                ledger.problem(doc + ": " + n + " " + action + " event(s) acknowledged, " + actions.get(action)
                        + " in the copy");
            }
        });
    }

    private void same(TrackedDocument doc, String what, Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            ledger.problem(doc + " ('" + doc.title + "'): " + what + " is " + actual + ", expected " + expected);
        }
    }
}
