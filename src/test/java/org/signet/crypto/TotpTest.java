package org.signet.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** One-time codes against the SHA-1 test vectors of RFC 6238, appendix B, and the window of one step either side. */
class TotpTest {
    /** The appendix's SHA-1 seed: the ASCII digits "1234567890" twice. */
    private static final byte[] SEED = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);

    @Test
    void code_rfc6238Sha1Vectors_eightDigits() {
        long[][] vectors = {{59L, 94287082}, {1111111109L, 7081804}, {1111111111L, 14050471},
                {1234567890L, 89005924}, {2000000000L, 69279037}, {20000000000L, 65353130}};
        for (long[] v : vectors) {
            assertEquals(String.format("%08d", v[1]), Totp.code(SEED, Totp.step(v[0]), 8), "T = " + v[0]);
        }
    }

    @Test
    void code_sixDigits_areTheLastSixOfTheVector() {
        assertEquals("287082", Totp.code(SEED, Totp.step(59), 6));
        assertEquals("005924", Totp.code(SEED, Totp.step(1234567890L), 6));
    }

    @Test
    void matchingStep_oneStepEitherSide_butNotTwo() {
        long now = 1111111111L;
        long step = Totp.step(now);
        assertEquals(OptionalLong.of(step), Totp.matchingStep(SEED, Totp.code(SEED, step, 6), now));
        assertEquals(OptionalLong.of(step - 1), Totp.matchingStep(SEED, Totp.code(SEED, step - 1, 6), now));
        assertEquals(OptionalLong.of(step + 1), Totp.matchingStep(SEED, Totp.code(SEED, step + 1, 6), now));
        assertTrue(Totp.matchingStep(SEED, Totp.code(SEED, step - 2, 6), now).isEmpty());
        assertTrue(Totp.matchingStep(SEED, Totp.code(SEED, step + 2, 6), now).isEmpty());
    }

    @Test
    void matchingStep_notSixDigits_refusedWithoutComputing() {
        assertFalse(Totp.matchingStep(SEED, "12345", 59).isPresent());
        assertFalse(Totp.matchingStep(SEED, "1234567", 59).isPresent());
        assertFalse(Totp.matchingStep(SEED, "28708a", 59).isPresent());
    }

    @Test
    void newSecret_isTwentyBytes_andDiffersEachTime() {
        assertEquals(20, Totp.newSecret().length);
        assertFalse(java.util.Arrays.equals(Totp.newSecret(), Totp.newSecret()));
    }
}
