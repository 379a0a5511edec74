package org.signet.proof;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.signet.proof.TrackedDocument.Signer;
import org.signet.proof.TrackedDocument.Step;

/**
 * Concurrent writers against a Signet that will be killed under them: each worker takes its own
 * documents a step at a time (upload, signers, fields, send, signing through the links) and runs
 * until a request gets no answer. Every acknowledged step goes into the {@link Ledger}; the step
 * that got no answer stays in doubt on its document.
 */
final class CrashWorkload {
    /** The chance that a worker starts a new document rather than moving one of its own along. */
    private static final double NEW_DOCUMENT = 0.3;

    /** What a balancer answers when the instance it passed a request to died under it: the request is in doubt. */
    private static final Set<Integer> GATEWAY_FAILURES = Set.of(502, 504);

    private final Ledger ledger;
    private final ProofClient client;
    private final int round;
    private final BooleanSupplier stop;

    CrashWorkload(Ledger ledger, ProofClient client, int round) {
        this(ledger, client, round, () -> false);
    }

    /**
     * Workers that also end when {@code stop} says so between two requests, for a workload that
     * outlives a kill: behind a balancer the other instances keep answering.
     */
    CrashWorkload(Ledger ledger, ProofClient client, int round, BooleanSupplier stop) {
        this.ledger = ledger;
        this.client = client;
        this.round = round;
        this.stop = stop;
    }

    /** Starts {@code workers} threads on the open documents; each ends when Signet stops answering. */
    List<Thread> start(int workers, long randomSeed) {
        List<List<TrackedDocument>> shares = ledger.openDocuments(workers);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            Worker worker = new Worker(w, shares.get(w), new Random(randomSeed + 7919L * w));
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
            while (!stop.getAsBoolean()) {
                TrackedDocument doc = choose();
                Step step = doc.next();
                doc.inDoubt = step;
                doc.touched = true;
                HttpResponse<String> answer;
                try {
                    answer = DocumentSteps.perform(client, doc, step);
                } catch (IOException serverGone) {
                    return;
                }
                if (GATEWAY_FAILURES.contains(answer.statusCode())) {
                    return;
                }
                if (answer.statusCode() / 100 != 2) {
                    ledger.problem(doc + ": " + step + " answered " + answer.statusCode() + ": " + answer.body());
                    return;
                }
                DocumentSteps.apply(doc, step, answer);
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
}
