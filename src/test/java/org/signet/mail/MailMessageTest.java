package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MailMessageTest {

    private static final Attachment PDF = new Attachment("a.pdf", "application/pdf", new byte[] {1, 2, 3});

    @Test
    void constructor_nullArgument_namesIt() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new MailMessage("a@b.org", "A", null, "t", "h", List.of()));

        assertEquals("subject", e.getMessage());
    }

    @Test
    void constructor_copiesTheAttachmentList() {
        List<Attachment> attachments = new ArrayList<>(List.of(PDF));
        MailMessage message = new MailMessage("a@b.org", "A", "s", "t", "h", attachments);

        attachments.clear();

        assertEquals(List.of(PDF), message.attachments());
        assertThrows(UnsupportedOperationException.class, () -> message.attachments().add(PDF));
    }

    @Test
    void toString_leavesOutTheBodiesWithTheirLinks() {
        MailMessage message = new MailMessage("a@b.org", "A", "Please sign", "https://x/sign/SECRET",
                "<a href=\"https://x/sign/SECRET\">", List.of(PDF));

        String text = message.toString();

        assertFalse(text.contains("SECRET"), text);
        assertTrue(text.contains("a@b.org") && text.contains("Please sign"), text);
    }
}
