package org.signet.mail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class AttachmentTest {

    @Test
    void content_isCopiedInAndOut() {
        byte[] bytes = {1, 2, 3};
        Attachment attachment = new Attachment("a.pdf", "application/pdf", bytes);

        bytes[0] = 9;
        attachment.content()[1] = 9;

        assertArrayEquals(new byte[] {1, 2, 3}, attachment.content());
    }

    @Test
    void equals_comparesContent() {
        assertEquals(new Attachment("a.pdf", "application/pdf", new byte[] {1, 2}),
                new Attachment("a.pdf", "application/pdf", new byte[] {1, 2}));
    }

    @Test
    void constructor_nullContent_namesIt() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new Attachment("a.pdf", "application/pdf", null));

        assertEquals("content", e.getMessage());
    }
}
