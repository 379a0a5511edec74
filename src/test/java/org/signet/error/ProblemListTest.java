package org.signet.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** However many problems a request has, an answer lists the first twenty and counts the rest. */
class ProblemListTest {
    @Test
    void refusal_millionProblems_firstTwentyAndTheRestCounted() {
        ProblemList problems = new ProblemList();
        for (int i = 1; i <= 1_000_000; i++) {
            problems.add("Header: unknown column u" + i + ".");
        }

        Refusal r = problems.refusal("Not started.");

        assertEquals("validation_failed", r.code());
        List<?> errors = (List<?>) r.data().get("errors");
        assertEquals(ProblemList.LISTED, errors.size());
        assertEquals("Header: unknown column u1.", errors.get(0));
        assertEquals(1_000_000L - ProblemList.LISTED, r.data().get("errors_not_listed"));
    }

    @Test
    void refusal_fewProblems_allListedNoneCounted() {
        Refusal r = ProblemList.of(List.of("a", "b")).refusal("Not valid.");

        assertEquals(Map.of("errors", List.of("a", "b")), r.data());
    }

    @Test
    void addAll_anotherList_prefixedAndItsUnlistedCounted() {
        ProblemList row = new ProblemList();
        for (int i = 0; i < 25; i++) {
            row.add("problem " + i);
        }
        ProblemList all = new ProblemList();

        all.addAll("Row 1: ", row);

        assertEquals(25, all.count());
        assertEquals("Row 1: problem 0", all.listed().get(0));
        assertFalse(all.isEmpty());
    }
}
