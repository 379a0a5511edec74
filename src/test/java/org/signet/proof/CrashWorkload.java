package org.signet.proof;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.signet.proof.TrackedDocument.Signer;
import org.signet.proof.TrackedDocument.Step;
import org.signet.support.TestFiles;

/**
 * Concurrent writers against a Signet that will be killed under them: each worker takes its own
 * documents a step at a time (upload, signers, fields, send, signing through the links) and runs
 * until a request gets no answer. Every acknowledged step goes into the {@link Ledger}; the step
 * that got no answer stays in doubt on its document.
 */
final class CrashWorkload {
    private static final String SIGNATURE = TestFiles.pngDataUrl(300, 90);
    /** The chance that a worker starts a new document rather than moving one of its own along. */
    private static final double NEW_DOCUMENT = 0.3;

    private final Ledger ledger;
    private final ProofClient client;
    private final int round;

    CrashWorkload(Ledger ledger, ProofClient client, int round) {
        this.ledger = ledger;
        this.client = client;
        this.round = round;
    }

    /** Starts {@code workers} threads on the open documents; each ends when Signet stops answering. */
    List<Thread> start(int workers, long seed) {
        List<List<TrackedDocument>> shares = ledger.openDocuments(workers);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            Worker worker = new Worker(w, shares.get(w), new Random(seed + 7919L * w));
            Thread t = new Thread(worker::run, "crash-worker-" + w);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        return threads;
    }

    /** One client: its documents, its random choices, one request at a time. */
    private final class Worker {
        private final int number;
        private final List<TrackedDocument> mine;
        private final Random random;
        private int made;

        Worker(int number, List<TrackedDocument> mine, Random random) {
            this.number = number;
            this.mine = new ArrayList<>(mine);
            this.random = random;
        }

        void run() {
            while (true) {
                TrackedDocument doc = choose();
                Step step = doc.next();
                doc.inDoubt = step;
                doc.touched = true;
                HttpResponse<String> answer;
                try {
                    answer = perform(doc, step);
                } catch (IOException serverGone) {
                    return;
                }
                if (answer.statusCode() / 100 != 2) {
                    ledger.problem(doc + ": " + step + " answered " + answer.statusCode() + ": " + answer.body());
                    return;
                }
                apply(doc, step, answer);
                doc.inDoubt = null;
                ledger.acknowledged(step);
            }
        }

        private TrackedDocument choose() {
            mine.removeIf(d -> d.next() == Step.DONE);
            if (mine.isEmpty() || random.nextDouble() < NEW_DOCUMENT) {
                TrackedDocument d = newDocument();
                mine.add(d);
                ledger.documents.add(d);
                return d;
            }
            return mine.get(random.nextInt(mine.size()));
        }

        private TrackedDocument newDocument() {
            String name = "r" + round + "w" + number + "n" + (++made);
            List<Signer> signers = new ArrayList<>();
            int count = 1 + random.nextInt(2);
            for (int i = 1; i <= count; i++) {
                signers.add(new Signer("Signer " + i + " of " + name, name + "s" + i + "@example.org", i));
            }
            return new TrackedDocument("Crash " + name, signers);
        }
    }

    private HttpResponse<String> perform(TrackedDocument doc, Step step) throws IOException {
        return switch (step) {
            case UPLOAD -> client.upload(doc.title, doc.pdf);
            case ADD_SIGNER -> client.post("documents/" + doc.id + "/signers", signerBody(doc.nextToAdd()));
            case SAVE_FIELDS -> client.post("documents/" + doc.id + "/fields", Map.of("fields", doc.fieldSpecs()));
            case SEND -> client.post("documents/" + doc.id + "/send", null);
            case SIGN -> client.link(doc.nextToSign().token, "submit", submission(doc.nextToSign()));
            case DONE -> throw new IllegalStateException(doc + " is done");
        };
    }

    /** Records what an acknowledged step made, from Signet's answer. */
    private static void apply(TrackedDocument doc, Step step, HttpResponse<String> answer) {
        switch (step) {
            case UPLOAD -> doc.id = (String) Answers.object(answer).get("id");
            case ADD_SIGNER -> {
                Signer s = doc.nextToAdd();
                added(s, Answers.object(answer));
                doc.signers.add(s);
            }
            case SAVE_FIELDS -> doc.fieldsAre(Answers.array(answer));
            case SEND -> doc.sent = true;
            case SIGN -> doc.nextToSign().signed = true;
            case DONE -> throw new IllegalStateException(doc + " is done");
        }
    }

    /** Takes a signer's id and signing token from its record (the add-signer answer or the signer list). */
    static void added(Signer s, Map<?, ?> record) {
        s.id = (String) record.get("id");
        String url = (String) record.get("signing_url");
        s.token = url.substring(url.lastIndexOf('/') + 1);
    }

    static Map<String, Object> signerBody(Signer s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name);
        m.put("email", s.email);
        m.put("role", "signer");
        m.put("signing_order", s.order);
        return m;
    }

    private static Map<String, Object> submission(Signer s) {
        Map<String, Object> values = new LinkedHashMap<>();
        if (s.textFieldId != null) {
            values.put(s.textFieldId, s.textValue());
        }
        return Map.of("consent", true, "values", values, "signature", Map.of("method", "draw", "image", SIGNATURE));
    }
}
