package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.signet.domain.FieldRules;

/** A field's validation: named formats, whole-value patterns, and a hostile pattern that RE2 runs in linear time. */
class FieldValidationTest {
    private static final String HOSTILE = "(a+)+$";
    /** The JDK since 9 remembers where {@code (a+)+$} failed, but not one group deeper: this one still backtracks. */
    private static final String HOSTILE_TO_JDK = "((a+)+)+$";

    private static FieldRules.Validation pattern(String p) {
        return new FieldRules.Validation(null, p, "Not the right form.");
    }

    private static FieldRules.Validation format(String f) {
        return new FieldRules.Validation(f, null, "");
    }

    @Test
    void failure_pattern_wholeValueMustMatch_emptyPasses() {
        assertNull(FieldValidation.failure(pattern("[0-9]{5}"), "75001"));
        assertEquals("Not the right form.", FieldValidation.failure(pattern("[0-9]{5}"), "750012"));
        assertNull(FieldValidation.failure(pattern("[0-9]{5}"), ""), "whether a value is needed is is_required");
    }

    @Test
    void failure_namedFormats_theirOwnWords() {
        assertNull(FieldValidation.failure(format("email"), "ann@example.com"));
        assertNotNull(FieldValidation.failure(format("email"), "ann@example"));
        assertNull(FieldValidation.failure(format("digits"), "0042"));
        assertEquals("must be digits only", FieldValidation.failure(format("digits"), "42 "));
        assertNull(FieldValidation.failure(format("date"), "2024-02-29"));
        assertNotNull(FieldValidation.failure(format("date"), "2023-02-29"), "no such day");
        assertNotNull(FieldValidation.failure(format("date"), "29/02/2024"));
    }

    @Test
    void patternProblem_whatRe2CannotRun_named() {
        assertNull(FieldValidation.patternProblem("[A-Z]{2}[0-9]{2}( ?[0-9A-Z]{4})+"));
        assertTrue(FieldValidation.patternProblem("(a)\\1").startsWith("is not a regular expression"));
        assertNotNull(FieldValidation.patternProblem("(?=a)a"), "no look-ahead in RE2");
        assertNotNull(FieldValidation.patternProblem("[a-"));
    }

    @Test
    void failure_hostilePatterns_re2AnswersInMilliseconds() {
        String value = "a".repeat(10_000) + "!";

        for (String hostile : new String[] {HOSTILE, HOSTILE_TO_JDK}) {
            long started = System.nanoTime();
            String failure = FieldValidation.failure(pattern(hostile), value);
            long millis = (System.nanoTime() - started) / 1_000_000;

            assertEquals("Not the right form.", failure);
            System.out.println("re2j: " + hostile + " against 10,000 a's and '!' in " + millis + " ms");
            assertTrue(millis < 1_000, millis + " ms");
        }
    }

    /**
     * What re2j spares the server: java.util.regex backtracks through the ways of splitting the a's among
     * the nested groups, exponentially many, and with 30 a's it has not finished after a second (24 a's
     * take about a second and a half, each more a's doubling it or worse). The input
     * stops the match by throwing once the second is up, so the test thread is freed.
     */
    @Test
    void javaUtilRegex_sameHostilePattern_stillRunningAfterASecond() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        CharSequence value = new Deadlined("a".repeat(30) + "!", deadline);
        ExecutorService worker = Executors.newSingleThreadExecutor();
        try {
            Future<Boolean> match = worker.submit(() -> java.util.regex.Pattern.compile(HOSTILE_TO_JDK).matcher(value).matches());
            boolean finished;
            try {
                match.get(5, TimeUnit.SECONDS);
                finished = true;
            } catch (java.util.concurrent.ExecutionException e) {
                finished = !(e.getCause() instanceof Deadlined.Expired);
            } catch (TimeoutException e) {
                finished = false;
            }
            assertFalse(finished, "java.util.regex finished ((a+)+)+$ against 30 a's within a second");
            assertNull(FieldValidation.failure(pattern(HOSTILE_TO_JDK), "a".repeat(30)));
        } finally {
            worker.shutdownNow();
        }
    }

    /** Text that throws once a deadline has passed, so that a runaway match can be stopped. */
    private record Deadlined(String text, long deadline) implements CharSequence {
        static final class Expired extends RuntimeException {
            private static final long serialVersionUID = 1L;
        }

        @Override
        public char charAt(int index) {
            if (System.nanoTime() > deadline) {
                throw new Expired();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Deadlined(text.substring(start, end), deadline);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
