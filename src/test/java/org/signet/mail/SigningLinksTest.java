package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Placeholders for signing links in queued mail, filled in as a message is handed over. */
class SigningLinksTest {
    private static final Map<Long, String> LINKS = Map.of(7L, "https://sign.example.org/sign/abc$1\\x");

    @Test
    void fill_everyPlaceholderReplacedByItsSignersLink() throws Exception {
        String body = "Open " + SigningLinks.placeholder(7) + " or <a href=\"" + SigningLinks.placeholder(7) + "\">";

        String filled = SigningLinks.fill(body, id -> Optional.ofNullable(LINKS.get(id)));

        assertEquals("Open https://sign.example.org/sign/abc$1\\x or <a href=\"https://sign.example.org/sign/abc$1\\x\">",
                filled);
    }

    @Test
    void fill_noPlaceholder_unchanged() throws Exception {
        assertEquals("Your document is attached.", SigningLinks.fill("Your document is attached.", id -> Optional.empty()));
    }

    @Test
    void fill_signerGone_permanentFailure() {
        MailDeliveryException e = assertThrows(MailDeliveryException.class,
                () -> SigningLinks.fill(SigningLinks.placeholder(9), id -> Optional.empty()));

        assertTrue(e.permanent());
        assertTrue(e.getMessage().contains("signer 9"), e.getMessage());
    }
}
