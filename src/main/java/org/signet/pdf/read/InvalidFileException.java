package org.signet.pdf.read;

/**
 * Thrown when an upload is a PDF, PNG or JPEG that Signet cannot accept; the message is a short
 * reason fit to show an API client.
 */
public final class InvalidFileException extends Exception {

    private static final long serialVersionUID = 1L;

    public InvalidFileException(String reason) {
        super(reason);
    }

    public InvalidFileException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
