package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SmtpSettingsTest {

    @Test
    void toString_withPassword_masksIt() {
        SmtpSettings settings = new SmtpSettings("smtp.example.org", 587, "signet", "Corr3ct-Horse", true,
                "noreply@example.org");

        String text = settings.toString();

        assertFalse(text.contains("Corr3ct-Horse"), text);
        assertTrue(text.contains("password=****"), text);
        assertTrue(text.contains("smtp.example.org") && text.contains("587") && text.contains("signet"), text);
    }

    @Test
    void authenticates_dependsOnUsername() {
        assertTrue(new SmtpSettings("h", 25, "user", "pw", false, "a@b.org").authenticates());
        assertFalse(new SmtpSettings("h", 25, "", "pw", false, "a@b.org").authenticates());
        assertFalse(new SmtpSettings("h", 25, null, null, false, "a@b.org").authenticates());
    }

    @Test
    void constructor_portOutOfRange_throws() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SmtpSettings("h", 70000, null, null, false, "a@b.org"));

        assertTrue(e.getMessage().contains("70000"), e.getMessage());
    }

    @Test
    void constructor_blankHost_throws() {
        assertThrows(IllegalArgumentException.class, () -> new SmtpSettings(" ", 25, null, null, false, "a@b.org"));
    }
}
