package org.signet.evidence.corpus;

import eu.europa.esig.dss.enumerations.Indication;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.signet.support.Dss;
import org.signet.support.Pdfsig;

/**
 * What other readers make of a file: poppler's pdfsig and the EU's DSS on its signatures, and
 * poppler's pdftoppm on what a page shows.
 */
final class Peers {
    private static final Path PDFTOPPM = Path.of("/usr/bin/pdftoppm");

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

    /** Page {@code page} (from 1) of {@code pdf} as pdftoppm draws it at 50 dpi, within its crop box as viewers show it. */
    static BufferedImage render(Path dir, byte[] pdf, int page) throws IOException, InterruptedException {
        Path file = Files.createTempFile(dir, "render", ".pdf");
        Files.write(file, pdf);
        Path prefix = dir.resolve(file.getFileName() + "-page");
        String n = Integer.toString(page);
        Process p = new ProcessBuilder(PDFTOPPM.toString(), "-r", "50", "-png", "-cropbox", "-f", n, "-l", n, "-singlefile",
                file.toString(), prefix.toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("pdftoppm did not finish");
        }
        Path png = Path.of(prefix + ".png");
        return Files.exists(png) ? ImageIO.read(png.toFile()) : null;
    }

    static boolean installed() {
        return Files.isExecutable(PDFTOPPM);
    }

    /** Whether two renderings differ in size or in any pixel; a page that could not be drawn differs from one that was. */
    static boolean differ(BufferedImage a, BufferedImage b) {
        if (a == null || b == null) {
            return a != b;
        }
        if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
            return true;
        }
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    return true;
                }
            }
        }
        return false;
    }
}
