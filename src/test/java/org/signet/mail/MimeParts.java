package org.signet.mail;

import jakarta.mail.MessagingException;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMultipart;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The parts of a received MIME message, found by walking its multiparts, for assertions. */
final class MimeParts {

    /** Media types in document order, e.g. [multipart/mixed, multipart/alternative, text/plain, ...]. */
    final List<String> structure = new ArrayList<>();
    final List<Part> attachments = new ArrayList<>();
    String text;
    String html;

    private MimeParts() {
    }

    static MimeParts of(Part message) throws MessagingException, IOException {
        MimeParts parts = new MimeParts();
        parts.walk(message);
        return parts;
    }

    private void walk(Part part) throws MessagingException, IOException {
        structure.add(part.getContentType().split(";")[0].strip().toLowerCase());
        if (part.getContent() instanceof MimeMultipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                walk(multipart.getBodyPart(i));
            }
        } else if (Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
            attachments.add(part);
        } else if (part.isMimeType("text/plain")) {
            text = (String) part.getContent();
        } else if (part.isMimeType("text/html")) {
            html = (String) part.getContent();
        }
    }
}
