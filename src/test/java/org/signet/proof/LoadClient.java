package org.signet.proof;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.signet.proof.TrackedDocument.Signer;
import org.signet.proof.TrackedDocument.Step;

/**
 * One client of the load test: an API key of its own, its own documents, and until the deadline a
 * seeded mix of reads (the list, a document, the statistics, an audit trail) and of the next step of
 * one of its documents (upload, signers, fields, send, signatures through the signers' links); the
 * client with the limited key only reads. What Signet acknowledged goes into a {@link Ledger}.
 */
final class LoadClient implements Runnable {
    private static final double READS = 0.55;
    private static final double NEW_DOCUMENT = 0.2;

    private final String name;
    private final ProofClient client;
    private final boolean limited;
    private final Random random;
    private final long deadlineNanos;
    private final LoadFigures figures;
    private final byte[] pdf;
    private final Ledger ledger;
    private final List<TrackedDocument> mine = new ArrayList<>();
    private int made;

    /** A request that may get no answer. */
    @FunctionalInterface
    private interface Call {
        HttpResponse<String> send() throws IOException;
    }

    LoadClient(String name, ProofClient client, boolean limited, Random random, long deadlineNanos,
            LoadFigures figures, byte[] pdf, Ledger ledger) {
        this.name = name;
        this.client = client;
        this.limited = limited;
        this.random = random;
        this.deadlineNanos = deadlineNanos;
        this.figures = figures;
        this.pdf = pdf;
        this.ledger = ledger;
    }

    @Override
    public void run() {
        while (System.nanoTime() < deadlineNanos) {
            // The limited key is a dashboard's: it only reads, and soon hears 429.
            if (limited || random.nextDouble() < READS) {
                read();
            } else {
                advance();
            }
        }
    }

    private void read() {
        TrackedDocument doc = uploaded();
        int pick = doc == null ? 2 * random.nextInt(2) : random.nextInt(4);
        switch (pick) {
            case 0 -> timed("GET documents", true, () -> client.get("documents?per_page=20"));
            case 1 -> timed("GET documents/{id}", true, () -> client.get("documents/" + doc.id));
            case 2 -> timed("GET stats", true, () -> client.get("stats"));
            default -> timed("GET documents/{id}/audit", true, () -> client.get("documents/" + doc.id + "/audit"));
        }
    }

    /** One of this client's documents that exists, or null. */
    private TrackedDocument uploaded() {
        List<TrackedDocument> known = mine.stream().filter(d -> d.id != null).toList();
        return known.isEmpty() ? null : known.get(random.nextInt(known.size()));
    }

    private void advance() {
        if (mine.size() > 8) {
            mine.removeIf(d -> d.next() == Step.DONE); // a few finished ones stay to be read
        }
        List<TrackedDocument> open = mine.stream().filter(d -> d.next() != Step.DONE).toList();
        TrackedDocument doc;
        if (open.isEmpty() || random.nextDouble() < NEW_DOCUMENT) {
            doc = newDocument();
            mine.add(doc);
        } else {
            doc = open.get(random.nextInt(open.size()));
        }
        Step step = doc.next();
        // A signature goes through the signer's link, which carries no API key and so no key's limit.
        HttpResponse<String> answer = timed(kind(step), step != Step.SIGN,
                () -> DocumentSteps.perform(client, doc, step));
        if (answer != null && answer.statusCode() / 100 == 2) {
            ledger.apply(doc, step, answer);
        }
    }

    private TrackedDocument newDocument() {
        String id = name + "n" + (++made);
        List<Signer> signers = new ArrayList<>();
        int count = 1 + random.nextInt(2);
        for (int i = 1; i <= count; i++) {
            signers.add(new Signer("Signer " + i + " of " + id, id + "s" + i + "@example.org", i));
        }
        return new TrackedDocument("Load " + id, signers, pdf);
    }

    private static String kind(Step step) {
        return switch (step) {
            case UPLOAD -> "POST documents/upload";
            case ADD_SIGNER -> "POST {id}/signers";
            case SAVE_FIELDS -> "POST {id}/fields";
            case SEND -> "POST {id}/send";
            case SIGN -> "POST /sign/{t}/submit";
            case DONE -> throw new IllegalArgumentException("no request");
        };
    }

    /** Sends, times and records one request; what must not happen is noted for the test to fail on. */
    private HttpResponse<String> timed(String kind, boolean withKey, Call call) {
        boolean limitedKey = limited && withKey;
        long start = System.nanoTime();
        HttpResponse<String> r;
        try {
            r = call.send();
        } catch (IOException e) {
            String row = limitedKey ? "limited key: " + kind : kind;
        figures.record(row, 0, System.nanoTime() - start, limitedKey);
            figures.unexpected(name + " " + kind + ": no answer (" + e + ")");
            return null;
        }
        figures.record(row(kind, limitedKey), r.statusCode(), System.nanoTime() - start, limitedKey);
        boolean expected = r.statusCode() / 100 == 2 || (limitedKey && r.statusCode() == 429);
        if (!expected || ServerLog.speaksOfBusyDatabase(r.body())) {
            figures.unexpected(name + (limitedKey ? " (limited key) " : " ") + kind + " " + r.request().uri().getPath()
                    + ": " + r.statusCode() + " " + r.body());
        }
        return r;
    }

    /** The limited key's requests get rows of their own, so its quick 429s do not blur the others' figures. */
    private static String row(String kind, boolean limitedKey) {
        return limitedKey ? "limited key: " + kind : kind;
    }
}
