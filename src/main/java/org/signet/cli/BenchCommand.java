package org.signet.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.bench.Bench;
import org.signet.bench.BenchSettings;
import org.signet.bench.PostgresBench;
import org.signet.config.DatabaseUrl;

/** {@code bench}: reads its options and runs {@link Bench}, which prints the comparison table. */
final class BenchCommand {
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;

    BenchCommand(PrintStream out, PrintStream err, Map<String, String> environment) {
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    int run(Arguments a) throws UsageException, CommandException {
        BenchSettings settings = settings(a);
        Optional<String> db = a.option("db");
        if (db.isPresent() && !DatabaseUrl.namesPostgresql(db.get())) {
            throw new UsageException("--db takes a PostgreSQL database, " + DatabaseUrl.postgresql("host:port/name"));
        }
        try {
            if (db.isPresent()) {
                new PostgresBench(settings, db.get(), out, err).run();
            } else {
                new Bench(settings, out, err).run();
            }
            return 0;
        } catch (IOException e) {
            throw new CommandException("bench failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommandException("bench interrupted");
        }
    }

    private BenchSettings settings(Arguments a) throws UsageException {
        Duration warmup = seconds(a, "warmup", "20");
        Duration duration = seconds(a, "duration", "10");
        int documents = whole(a, "documents", "1000000", BenchSettings.SMALL + 1);
        int samples = whole(a, "samples", "5", 1);
        // The scratch folder goes where the user runs the bench, not to /tmp, which may be memory whose fsync is free.
        Path folder = Path.of(a.option("data").orElse("."));
        return new BenchSettings(warmup, duration, documents, samples, folder, environment, jvmOptions(a));
    }

    /** {@code --jvm "-Xmx256m -XX:+UseSerialGC"}: options for both servers' JVMs, none by default. */
    private static List<String> jvmOptions(Arguments a) throws UsageException {
        String given = a.option("jvm").orElse("").strip();
        List<String> options = given.isEmpty() ? List.of() : List.of(given.split("\\s+"));
        if (options.stream().anyMatch(o -> !o.startsWith("-"))) {
            throw new UsageException("--jvm takes JVM options, each starting with '-', such as \"-Xmx256m\"");
        }
        return options;
    }

    private static Duration seconds(Arguments a, String name, String fallback) throws UsageException {
        String s = a.option(name).orElse(fallback);
        if (!s.matches("\\d{1,5}(\\.\\d{1,3})?")) {
            throw new UsageException("--" + name + " takes seconds, such as 20 or 0.5");
        }
        Duration d = Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000));
        if (name.equals("duration") && d.isZero()) {
            throw new UsageException("--duration must be more than 0 seconds");
        }
        return d;
    }

    private static int whole(Arguments a, String name, String fallback, int min) throws UsageException {
        String s = a.option(name).orElse(fallback).replace("_", "");
        if (!s.matches("\\d{1,9}") || Integer.parseInt(s) < min) {
            throw new UsageException("--" + name + " must be a whole number of at least " + min);
        }
        return Integer.parseInt(s);
    }
}
