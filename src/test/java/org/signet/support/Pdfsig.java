package org.signet.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Poppler's {@code pdfsig} run on a PDF, and what its report says. */
public final class Pdfsig {
    private static final Path PDFSIG = Path.of("/usr/bin/pdfsig");

    private Pdfsig() {
    }

    /** pdfsig's report on {@code pdf}, written to a file in {@code dir}; the test is skipped without pdfsig. */
    public static String report(Path dir, byte[] pdf) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(PDFSIG), "poppler's pdfsig is not installed");
        Path file = Files.createTempFile(dir, "pdfsig", ".pdf");
        Files.write(file, pdf);
        Process process = new ProcessBuilder(PDFSIG.toString(), file.toString()).redirectErrorStream(true).start();
        String report = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("pdfsig did not finish");
        }
        return report;
    }

    /** Whether the last signature or timestamp in the report covers the whole file. */
    public static boolean lastSignatureCoversWholeFile(String report) {
        int last = report.lastIndexOf("Signature #");
        return last >= 0 && report.substring(last).contains("- Total document signed");
    }
}
