package org.signet.evidence.corpus;

import eu.europa.esig.dss.enumerations.Indication;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.signet.support.Dss;
import org.signet.support.Pdfsig;
import org.signet.support.Pdftoppm;

/**
 * What other readers make of a file: poppler's pdfsig and the EU's DSS on its signatures, and
 * poppler's pdftoppm on what a page shows.
 */
final class Peers {
    private Peers() {
    }

    /** A peer's finding: whether it reports the file broken or modified, and in a few words why. */
    record Finding(boolean bad, String summary) {
    }

    /** pdfsig reports a signature invalid, or the last one not covering the whole document. */
    static Finding pdfsig(Path dir, byte[] pdf) throws IOException, InterruptedException {
        String report = Pdfsig.report(dir, pdf);
        boolean invalid = report.contains("Signature is Invalid") || report.contains("Digest Mismatch");
        boolean whole = Pdfsig.lastSignatureCoversWholeFile(report);
        String summary = !report.contains("Signature #") ? "no signature" : invalid ? "invalid"
                : whole ? "valid, whole" : "valid, not whole";
        return new Finding(invalid || !whole, summary);
    }

    /** DSS failed the first signature, or found a change its certification does not permit; null when it gave no verdict. */
    static Finding dss(Dss.Verdict v) {
        if (v == null) {
            return new Finding(false, "no verdict");
        }
        boolean bad = v.indication() == Indication.TOTAL_FAILED || v.modified();
        return new Finding(bad, v.indication() + (v.subIndication() == null ? "" : "/" + v.subIndication())
                + " " + (v.level() == null ? "" : v.level().name().replace("PAdES_BASELINE_", ""))
                + (v.modified() ? " modified" : ""));
    }

    /**
     * Whether poppler's pdftoppm draws page {@code page} of two files differently; a page it cannot draw
     * differs from one it can.
     */
    static boolean drawnDifferently(Path dir, byte[] genuine, byte[] forged, int page)
            throws IOException, InterruptedException {
        byte[] before = Pdftoppm.render(dir, genuine, page);
        try {
            return !Arrays.equals(before, Pdftoppm.render(dir, forged, page));
        } catch (IOException cannotDraw) {
            return true;
        }
    }
}
