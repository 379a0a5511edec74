package org.signet.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The bench's output: what ran where, the table, and what each baseline is, so the figures can be read alone. */
final class Report {
    private Report() {}

    static void print(PrintStream out, Run run, List<BenchFigure> rows, List<String> notes) {
        BenchSettings s = run.settings();
        out.printf("Signet bench: %d processors, Java %s, %s %s; %s%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), System.getProperty("os.name"), System.getProperty("os.arch"),
                run.signetCommand().describe());
        out.printf("HTTP loads: %s each side; db.synchronous=%s; server pool %d threads; clients from %s%n",
                ReadComparison.phases(run), run.synchronous(), run.serverThreads(),
                run.loopback().distinct() ? "distinct loopback addresses" : "127.0.0.1");
        out.println();
        Table.print(out, rows);
        out.println();
        out.println("Baselines, measured in the same run: reads, a bare JDK HttpServer process (its fastest worker");
        out.println("set-up, tried in this run) answering the same bytes to the same client; writes, BEGIN IMMEDIATE/INSERT/COMMIT into the same");
        out.println("signers table, one connection per thread, same synchronous; growth, Signet on a copy of the folder");
        out.printf(Locale.ROOT, "with %,d documents, running beside the grown one, the requests taking turns; pdf, PDFBox in the%n",
                BenchSettings.SMALL);
        out.println("bench's own process on the same bytes (upload: load and count the pages; seal: PDFBox signing the same");
        out.println("pages with Signet's key and CMS, incrementally saved, against Signet from the last signature's answer to the sealed hash,");
        out.println("polled every 5 ms; B-LTA: Signet's sealer alone with the same key and the same local time-stamp authority,");
        out.println("against a second Signet configured with that authority); footprint, the bare JDK HttpServer process. Latencies are medians and p99s of");
        out.printf("every request recorded; pdf and start figures are medians of timed runs (%d).%n", s.samples());
        notes.forEach(out::println);
    }
}
