package org.signet.pdf.intake;

/** Thrown when an upload's bytes are not a PDF, PNG or JPEG, whatever its name says. */
public final class UnsupportedFileTypeException extends Exception {

    private static final long serialVersionUID = 1L;

    public UnsupportedFileTypeException(String reason) {
        super(reason);
    }
}
