package org.signet.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.signet.config.Config;
import org.signet.config.ConfigException;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.process.JavaCommand;
import org.signet.service.SiteSeal;

/**
 * The bench command: runs each comparison of Signet with its baseline side by side in one run and
 * prints one table of figures, ratios and targets.
 */
public final class Bench {
    /** How the bench's Signet differs from a default one: its clients are many, on one machine. */
    static final Map<String, String> SERVER_ENVIRONMENT = Map.of("SIGNET_RATELIMIT_IP_PER_MINUTE", "1000000");

    private final BenchSettings settings;
    private final PrintStream out;
    private final Progress progress;

    public Bench(BenchSettings settings, PrintStream out, PrintStream err) {
        this.settings = settings;
        this.out = out;
        this.progress = new Progress(err);
    }

    /** Runs every comparison and prints the table on standard output; progress goes to standard error. */
    public void run() throws IOException, InterruptedException {
        Files.createDirectories(settings.folder());
        Path scratch = Files.createTempDirectory(settings.folder().toAbsolutePath().normalize(), "signet-bench-");
        try {
            Path data = scratch.resolve("signet");
            progress.say("preparing " + data + " with " + BenchSettings.SMALL + " documents to list");
            BenchFolder.Accounts accounts = BenchFolder.prepare(data);
            BenchFolder.addDocuments(data, accounts.growthOwner(), 1, BenchSettings.SMALL);
            Run run = newRun(scratch, data);
            List<String> notes = new ArrayList<>();
            List<BenchFigure> rows = compare(run, data, accounts, notes);
            Report.print(out, run, rows, notes);
        } finally {
            delete(scratch);
        }
    }

    /** The run's shared setup, with Signet's configuration read as the server will read it. */
    private Run newRun(Path scratch, Path data) throws IOException {
        Map<String, String> environment = new HashMap<>(settings.environment());
        environment.putAll(SERVER_ENVIRONMENT);
        Config config = config(data, environment, Map.of("server.host", "127.0.0.1"));
        return new Run(settings, JavaCommand.ofCodeOf(Bench.class).options(settings.jvmOptions()), scratch, Loopback.probe(), progress,
                config.integer("server.connections"), config.string("db.synchronous"), config.restBase(),
                SERVER_ENVIRONMENT);
    }

    /** Signet's configuration of the folder {@code data}, read as the server reads it. */
    static Config config(Path data, Map<String, String> environment, Map<String, String> flags) throws IOException {
        try {
            return Config.load(data, Optional.empty(), environment, flags);
        } catch (ConfigException e) {
            throw new IOException("Signet's configuration is invalid: " + e.getMessage(), e);
        }
    }

    /** What was measured on the server that holds the small number of documents, and the growth beside it. */
    private record Findings(GrowthComparison.Result growth, ReadComparison.Result reads, WriteComparison.Result writes,
            PdfComparison.Result pdf, FrontCost.Result front) {}

    private List<BenchFigure> compare(Run run, Path data, BenchFolder.Accounts keys, List<String> notes)
            throws IOException, InterruptedException {
        Path large = run.scratch().resolve("signet-large");
        progress.say(String.format(Locale.ROOT, "growth: a copy of the folder grown to %,d documents with SQL",
                settings.documents()));
        BenchFolder.copy(data, large);
        BenchFolder.addDocuments(large, keys.growthOwner(), BenchSettings.SMALL + 1, settings.documents());
        Findings m = onSignet(run, data, large, keys);
        LongTermSealComparison.Result longTerm = LongTermSealComparison.run(run);
        StartComparison.Result start = StartComparison.run(run);
        notes.add(m.reads().note());
        notes.add(m.writes().note());
        notes.add(start.note());
        notes.add(m.front().note());
        notes.add(memoryNote());
        notes.add(othersNote(m.reads(), m.writes()));
        List<BenchFigure> rows = new ArrayList<>(m.reads().rows());
        rows.addAll(m.writes().rows());
        rows.addAll(m.growth().rows());
        rows.addAll(m.pdf().rows());
        rows.add(longTerm.row());
        rows.addAll(m.front().rows());
        rows.add(start.row());
        rows.add(m.reads().memory());
        return rows;
    }

    /**
     * Growth comes first, right after both servers start and before anything writes to them; the
     * server on the grown copy stops then, and the loads follow on the first one alone.
     */
    private Findings onSignet(Run run, Path data, Path large, BenchFolder.Accounts keys)
            throws IOException, InterruptedException {
        try (Server signet = run.signet(data, "signet.log").server(); SignetClient api = run.client(signet, keys.main())) {
            GrowthComparison.Result growth;
            try (Server grown = run.signet(large, "signet-large.log").server(); SignetClient small = run.client(signet, keys.growth());
                    SignetClient big = run.client(grown, keys.growth())) {
                growth = GrowthComparison.measure(run, small, big);
            }
            byte[] onePage = Pdfs.document(1);
            String document = Fixtures.readDocument(api, onePage);
            List<String> drafts = Fixtures.drafts(api, onePage, WriteComparison.DOCUMENTS);
            ReadComparison.Result reads = ReadComparison.run(run, signet, api, document);
            WriteComparison.Result writes = WriteComparison.run(run, signet, api, drafts);
            FrontCost.Result front = FrontCost.run(run, signet, api, document);
            return new Findings(growth, reads, writes, PdfComparison.run(run, api, siteCertificate(data)), front);
        }
    }

    /** The certificate Signet on {@code data} seals with, read (or first made) when first asked for. */
    private Supplier<SiteCertificate> siteCertificate(Path data) throws IOException {
        return SiteSeal.loading(config(data, settings.environment(), Map.of()));
    }

    /** Resident memory follows the heap the JVM allows itself, which by default is a quarter of the machine's memory. */
    private String memoryNote() {
        if (!settings.jvmOptions().isEmpty()) {
            return "memory: both servers were started with " + String.join(" ", settings.jvmOptions()) + ".";
        }
        long total = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : -1;
        return total <= 0 ? "memory: the machine's memory is not known here."
                : String.format(Locale.ROOT, "memory: this machine has %,d MB, so a JVM started without options may "
                        + "grow its heap to %,d MB; both servers were started so.", total >> 20, total >> 22);
    }

    /** Other processes competing for the processors change every figure; the reader must know how much they did. */
    private static String othersNote(ReadComparison.Result reads, WriteComparison.Result writes) {
        double[] busy = {reads.signet().othersPercent(), reads.bare().othersPercent(), writes.signet().othersPercent(),
            writes.raw().othersPercent()};
        String text = String.format(Locale.ROOT, "other processes kept %.0f%%, %.0f%%, %.0f%% and %.0f%% of one processor "
                + "busy during the four measured loads.", busy[0], busy[1], busy[2], busy[3]);
        boolean disturbed = Arrays.stream(busy).anyMatch(b -> b > 10);
        return disturbed ? text + " That disturbs the figures: run the bench again on an otherwise idle machine." : text;
    }

    /** Removes the scratch folder the bench made, and nothing outside it. */
    static void delete(Path scratch) throws IOException {
        try (Stream<Path> walk = Files.walk(scratch)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
