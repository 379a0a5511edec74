package org.signet.error;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The problems found in a request, as many as there are, of which only the first {@link #LISTED} are
 * kept to be listed and the rest counted: a request can be built to have millions (a CSV header of
 * unknown columns), and an answer listing them all would be larger than the request and than the heap
 * (see docs/api/errors.md, Codes).
 */
public final class ProblemList {
    /** How many problems an answer lists. */
    public static final int LISTED = 20;

    private final List<String> listed = new ArrayList<>();
    private long count;

    /** Adds a problem: kept while fewer than {@link #LISTED} are, counted always. */
    public void add(String problem) {
        if (listed.size() < LISTED) {
            listed.add(problem);
        }
        count++;
    }

    /** Adds {@code other}'s problems, each after {@code prefix}, and counts those it did not list. */
    public void addAll(String prefix, ProblemList other) {
        other.listed.forEach(p -> add(prefix + p));
        count += other.count - other.listed.size();
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** How many problems were found, listed or not. */
    public long count() {
        return count;
    }

    /** The first problems found, at most {@link #LISTED}. */
    public List<String> listed() {
        return Collections.unmodifiableList(listed);
    }

    /**
     * 400 {@code validation_failed} with {@code message}: {@code data.errors} lists the first problems,
     * and {@code data.errors_not_listed} counts the rest when there are more.
     */
    public Refusal refusal(String message) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("errors", List.copyOf(listed));
        if (count > listed.size()) {
            data.put("errors_not_listed", count - listed.size());
        }
        return Refusal.invalid("validation_failed", message, data);
    }

    /** The problems in {@code all}, the first listed and the rest counted. */
    public static ProblemList of(List<String> all) {
        ProblemList problems = new ProblemList();
        all.forEach(problems::add);
        return problems;
    }
}
