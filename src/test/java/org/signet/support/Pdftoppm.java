package org.signet.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A page as poppler draws it ({@code pdftoppm}, as Evince and Okular do): the proof that a forged file
 * really shows something else in a viewer, whatever PDFBox reads in it.
 */
public final class Pdftoppm {
    private static final Path PDFTOPPM = Path.of("/usr/bin/pdftoppm");

    private Pdftoppm() {}

    /** Whether poppler's pdftoppm is installed; without it, tests leave out what only a rendering proves. */
    public static boolean installed() {
        return Files.isExecutable(PDFTOPPM);
    }

    /**
     * Page {@code page} (from 1) of {@code pdf} drawn in grey at a low resolution, within its crop box as
     * viewers show it, as PGM bytes.
     */
    public static byte[] render(Path dir, byte[] pdf, int page) throws IOException, InterruptedException {
        Path file = Files.createTempFile(dir, "render", ".pdf");
        Files.write(file, pdf);
        String number = Integer.toString(page);
        Process process = new ProcessBuilder(PDFTOPPM.toString(), "-r", "36", "-gray", "-cropbox", "-f", number,
                "-l", number, file.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] image = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("pdftoppm did not finish");
        }
        if (process.exitValue() != 0 || image.length == 0) {
            throw new IOException("pdftoppm could not draw page " + page + " (exit " + process.exitValue() + ")");
        }
        return image;
    }
}
