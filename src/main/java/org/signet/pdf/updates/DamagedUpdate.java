package org.signet.pdf.updates;

/** An incremental update that is not written as the PDF standard says, and so cannot be read strictly. */
final class DamagedUpdate extends Exception {
    private static final long serialVersionUID = 1L;

    DamagedUpdate(String what, long position) {
        super(what + " at byte " + position);
    }
}
