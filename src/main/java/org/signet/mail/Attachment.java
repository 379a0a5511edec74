package org.signet.mail;

import java.util.Arrays;
import java.util.Objects;

/** A file attached to a {@link MailMessage}, such as the signed PDF sent on completion. */
public record Attachment(String filename, String contentType, byte[] content) {

    public Attachment {
        Objects.requireNonNull(filename, "filename");
        Objects.requireNonNull(contentType, "contentType");
        content = Objects.requireNonNull(content, "content").clone();
    }

    /** Returns a copy, so the attachment stays what it was when the message was made. */
    @Override
    public byte[] content() {
        return content.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Attachment that
                && filename.equals(that.filename)
                && contentType.equals(that.contentType)
                && Arrays.equals(content, that.content);
    }

    @Override
    public int hashCode() {
        return Objects.hash(filename, contentType, Arrays.hashCode(content));
    }

    @Override
    public String toString() {
        return "Attachment[filename=" + filename + ", contentType=" + contentType
                + ", bytes=" + content.length + "]";
    }
}
