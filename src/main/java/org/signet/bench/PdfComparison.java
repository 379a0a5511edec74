package org.signet.bench;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.signet.pdf.seal.PdfSealer;
import org.signet.pdf.seal.SiteCertificate;

/**
 * Times Signet's upload of 200 pages against PDFBox's bare parse-and-count of the same bytes, and its
 * sealing of 20 pages with 5 signers and 20 fields against PDFBox's own signing of the same 20 pages
 * with the same key and CMS (load, add the signature, save incrementally): the least a PAdES seal
 * built on PDFBox can cost.
 */
final class PdfComparison {
    static final int UPLOAD_PAGES = 200;
    static final int SEAL_PAGES = 20;
    static final int SIGNERS = 5;
    private static final String[] FIELDS = {"signature", "initials", "date", "text"};
    private static final Duration POLL = Duration.ofMillis(5);
    private static final Duration SEAL_LIMIT = Duration.ofMinutes(2);

    /** Median milliseconds of each side. */
    record Result(double upload, double bareLoad, double seal, double bareSigning) {
        List<BenchFigure> rows() {
            return List.of(
                    new BenchFigure("pdf: upload " + UPLOAD_PAGES + " pages vs PDFBox load+count", "ms", upload, bareLoad,
                            Target.ratioAtMost(2)),
                    new BenchFigure("pdf: seal " + SEAL_PAGES + " pages, " + SIGNERS + " signers, "
                            + SIGNERS * FIELDS.length + " fields vs PDFBox signing", "ms", seal, bareSigning,
                            Target.ratioAtMost(2)));
        }
    }

    /** Something timed once. */
    interface Timed {
        void run() throws IOException;
    }

    private PdfComparison() {}

    /** {@code certificate}: the site certificate Signet seals with, for PDFBox to sign with the same key. */
    static Result run(Run run, SignetClient api, Supplier<SiteCertificate> certificate) throws IOException {
        int samples = run.settings().samples();
        // Two warm-up runs, fewer in a quick run of one or two samples, which is for checking, not for figures.
        int warmups = Math.min(2, samples - 1);
        byte[] big = Pdfs.document(UPLOAD_PAGES);
        byte[] small = Pdfs.document(SEAL_PAGES);
        run.progress().say("pdf: " + UPLOAD_PAGES + "-page upload (" + big.length / 1024 + " KB), " + warmups
                + " warm-up and " + samples + " timed runs each side");
        int[] n = {0};
        double upload = median(warmups, samples, () -> api.upload("large.pdf", big, "Large upload " + ++n[0]));
        double load = median(Math.max(warmups, 5), Math.max(samples, 20), () -> Pdfs.loadAndCount(big));
        run.progress().say("pdf: sealing " + SEAL_PAGES + " pages with " + SIGNERS + " signers, " + warmups
                + " warm-up and " + samples + " timed runs");
        double seal = sealMillis(api, small, warmups, samples);
        PdfSealer sealer = new PdfSealer(certificate.get());
        double signing = median(Math.max(warmups, 5), Math.max(samples, 20),
                () -> sealer.seal(small, "Baseline", "Bench", Instant.now()));
        return new Result(upload, load, seal, signing);
    }

    /** The median of {@code samples} timed seals (see {@link #seal}) after {@code warmups} untimed ones. */
    static double sealMillis(SignetClient api, byte[] pdf, int warmups, int samples) throws IOException {
        Latencies seals = new Latencies();
        for (int i = 0; i < warmups + samples; i++) {
            long nanos = seal(api, pdf, i);
            if (i >= warmups) {
                seals.add(nanos);
            }
        }
        return seals.medianMillis();
    }

    static double median(int warmups, int samples, Timed work) throws IOException {
        Latencies times = new Latencies();
        for (int i = 0; i < warmups + samples; i++) {
            long start = System.nanoTime();
            work.run();
            if (i >= warmups) {
                times.add(System.nanoTime() - start);
            }
        }
        return times.medianMillis();
    }

    /**
     * Prepares a document, has every party sign it, and answers the time from the last signature's
     * answer until the document shows its sealed file's hash (asked every 5 ms, so within 5 ms).
     */
    static long seal(SignetClient api, byte[] pdf, int round) throws IOException {
        String id = (String) api.upload("seal.pdf", pdf, "Sealed agreement " + round).get("id");
        Map<String, String> links = new LinkedHashMap<>();
        List<Map<String, Object>> fields = new ArrayList<>();
        for (int s = 0; s < SIGNERS; s++) {
            Map<String, Object> added = Fixtures.signer(api, id, "Party " + (char) ('A' + s) + " Round" + round, 1);
            String signer = (String) added.get("id");
            links.put(signer, (String) added.get("signing_url"));
            for (int f = 0; f < FIELDS.length; f++) {
                int page = 1 + (s * FIELDS.length + f) % SEAL_PAGES;
                fields.add(Fixtures.field(signer, FIELDS[f], page, 72 + 90 * f, 120 + 110 * s, 80, 30));
            }
        }
        List<Map<String, Object>> saved = api.postForList("/documents/" + id + "/fields", Map.of("fields", fields));
        api.post("/documents/" + id + "/send", Map.of());
        for (Map.Entry<String, String> signer : links.entrySet()) {
            api.toLink(signer.getValue(), "submit", submission(signer.getKey(), saved));
        }
        long signed = System.nanoTime();
        long deadline = signed + SEAL_LIMIT.toNanos();
        while (api.get("/documents/" + id).get("signed_file_hash") == null) {
            if (System.nanoTime() > deadline) {
                throw new IOException("document " + id + " was not sealed within " + SEAL_LIMIT.toMinutes() + " min");
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
        return System.nanoTime() - signed;
    }

    /** Consent, a typed signature (which also serves as initials), and a value for the text field. */
    private static Map<String, Object> submission(String signer, List<Map<String, Object>> saved) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map<String, Object> f : saved) {
            if (signer.equals(f.get("signer_id")) && "text".equals(f.get("field_type"))) {
                values.put((String) f.get("id"), "Director");
            }
        }
        return Map.of("consent", true, "values", values, "signature", Map.of("method", "type", "text", "Party " + signer));
    }
}
