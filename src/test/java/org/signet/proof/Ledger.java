package org.signet.proof;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.signet.proof.TrackedDocument.Step;

/**
 * Everything the clients of the crash and load tests were told, across every restart: the documents they
 * made, the writes Signet acknowledged, and what became of the writes that were in doubt when it
 * was killed. Problems found by any check are collected here and fail the test together.
 */
final class Ledger {
    final List<TrackedDocument> documents = new CopyOnWriteArrayList<>();
    private final Map<Step, Integer> acknowledged = new EnumMap<>(Step.class);
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private int inDoubtPresent;
    private int inDoubtAbsent;

    /**
     * Records what an acknowledged step made (see {@link DocumentSteps#apply}), the document itself
     * when the step made it; under the ledger's lock, so {@link #copies()} sees each write whole.
     */
    synchronized void apply(TrackedDocument doc, Step step, HttpResponse<String> answer) {
        DocumentSteps.apply(doc, step, answer);
        acknowledged(step);
        if (step == Step.UPLOAD) {
            documents.add(doc);
        }
    }

    /** Copies of the documents as acknowledged until now, which later writes leave as they are. */
    synchronized List<TrackedDocument> copies() {
        return documents.stream().map(TrackedDocument::copy).toList();
    }

    synchronized void acknowledged(Step step) {
        acknowledged.merge(step, 1, Integer::sum);
    }

    synchronized int acknowledgedWrites() {
        return acknowledged.values().stream().mapToInt(Integer::intValue).sum();
    }

    synchronized Map<Step, Integer> acknowledgedBySteps() {
        return new EnumMap<>(acknowledged);
    }

    /** A write in doubt at a kill, found applied (whole) or not at all after the restart. */
    synchronized void resolved(boolean present) {
        if (present) {
            inDoubtPresent++;
        } else {
            inDoubtAbsent++;
        }
    }

    synchronized int inDoubtPresent() {
        return inDoubtPresent;
    }

    synchronized int inDoubtAbsent() {
        return inDoubtAbsent;
    }

    void problem(String what) {
        problems.add(what);
    }

    List<String> problems() {
        return new ArrayList<>(problems);
    }

    /** Documents still to be driven, dealt out to {@code workers} workers in turn. */
    List<List<TrackedDocument>> openDocuments(int workers) {
        List<List<TrackedDocument>> out = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            out.add(new ArrayList<>());
        }
        int i = 0;
        for (TrackedDocument d : documents) {
            if (d.next() != Step.DONE) {
                out.get(i++ % workers).add(d);
            }
        }
        return out;
    }
}
