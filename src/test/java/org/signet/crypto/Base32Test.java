package org.signet.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Base32 as RFC 4648 section 10 gives its test vectors, without padding as authenticator apps take it. */
class Base32Test {
    @Test
    void encode_rfc4648Vectors_withoutPadding() {
        String[][] vectors = {{"", ""}, {"f", "MY"}, {"fo", "MZXQ"}, {"foo", "MZXW6"}, {"foob", "MZXW6YQ"},
                {"fooba", "MZXW6YTB"}, {"foobar", "MZXW6YTBOI"}};
        for (String[] v : vectors) {
            assertEquals(v[1], Base32.encode(v[0].getBytes(StandardCharsets.US_ASCII)), v[0]);
        }
    }

    @Test
    void encode_twentyBytes_isThirtyTwoCharacters() {
        assertEquals("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
                Base32.encode("12345678901234567890".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void grouped_fourCharactersAtATime() {
        assertEquals("GEZD GNBV GY3T QOJQ", Base32.grouped("GEZDGNBVGY3TQOJQ"));
    }

    @Test
    void decode_roundTrip() {
        byte[] secret = Totp.newSecret();
        assertArrayEquals(secret, Base32.decode(Base32.encode(secret)));
    }
}
