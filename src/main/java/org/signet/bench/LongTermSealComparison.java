package org.signet.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.signet.config.Config;
import org.signet.config.ConfigException;
import org.signet.evidence.Sealer;
import org.signet.service.SiteSeal;

/**
 * Times a B-LTA seal of the same 20 pages as the B-B one, on a second Signet configured with a
 * {@link LocalTimestampAuthority}, against Signet's own sealer run alone in the bench's process with
 * the same certificate and authority: PDFBox signing with a signature timestamp, the validation
 * material in a document security store and a document timestamp over it all, saved incrementally.
 */
final class LongTermSealComparison {
    /** Median milliseconds of each side. */
    record Result(double seal, double bareSealer) {
        BenchFigure row() {
            return new BenchFigure("pdf: seal " + PdfComparison.SEAL_PAGES + " pages at B-LTA vs the sealer alone, local TSA",
                    "ms", seal, bareSealer, Target.ratioAtMost(2));
        }
    }

    private LongTermSealComparison() {}

    static Result run(Run run) throws IOException {
        int samples = run.settings().samples();
        int warmups = Math.min(2, samples - 1);
        Path data = run.scratch().resolve("signet-lta");
        BenchFolder.Accounts accounts = BenchFolder.prepare(data);
        byte[] pdf = Pdfs.document(PdfComparison.SEAL_PAGES);
        try (LocalTimestampAuthority authority = LocalTimestampAuthority.start()) {
            Map<String, String> settings = Map.of("SIGNET_SIGNING_TSA_URLS", authority.url().toString());
            run.progress().say("pdf: sealing at B-LTA with a local time-stamp authority, " + warmups + " warm-up and "
                    + samples + " timed runs");
            Latencies seals = new Latencies();
            try (Server signet = run.signet(data, "signet-lta.log", settings).server();
                    SignetClient api = run.client(signet, accounts.main())) {
                for (int i = 0; i < warmups + samples; i++) {
                    long nanos = PdfComparison.seal(api, pdf, i);
                    if (i >= warmups) {
                        seals.add(nanos);
                    }
                }
            }
            // After Signet's first seal, which made the certificate the baseline now reads from the same folder.
            Sealer sealer = sealer(data, settings);
            double bare = PdfComparison.median(Math.max(warmups, 5), Math.max(samples, 20),
                    () -> sealer.seal(pdf, "Baseline", "Bench", Instant.now()));
            return new Result(seals.medianMillis(), bare);
        }
    }

    private static Sealer sealer(Path data, Map<String, String> settings) throws IOException {
        try {
            Config config = Config.load(data, Optional.empty(), settings, Map.of());
            return SiteSeal.sealer(config, SiteSeal.loading(config));
        } catch (ConfigException e) {
            throw new IOException("Signet's configuration is invalid: " + e.getMessage(), e);
        }
    }
}
