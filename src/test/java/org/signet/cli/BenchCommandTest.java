package org.signet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bench command run for real at the smallest settings: it starts Signet and the baseline
 * server as processes, loads them, and must print every row of its table with figures in it.
 */
class BenchCommandTest {
    private static final List<String> ROWS = List.of(
            "reads: GET /documents/{id}, 32 connections (req/s)",
            "reads: p99 latency (ms)",
            "writes: POST /documents/{id}/signers, 16 connections (req/s)",
            "writes: p99 latency (ms)",
            "writes: errors (non-2xx)",
            "growth: /stats, 1,500 vs 1,000 docs (ms)",
            "growth: list status=sent, 1,500 vs 1,000 docs (ms)",
            "growth: search one exact title, 1,500 vs 1,000 docs (ms)",
            "growth: last list page, 1,500 vs 1,000 docs (ms)",
            "pdf: upload 200 pages vs PDFBox load+count (ms)",
            "pdf: seal 20 pages, 5 signers, 20 fields vs PDFBox signing (ms)",
            "footprint: start to first 200 on /healthz, new folder (ms)",
            "footprint: resident memory under the read load (MB)");
    private static final String NUMBER = "\\d[\\d,]*(\\.\\d+)?";

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void bench_quickRun_printsEveryRowWithFigures() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of(), new ByteArrayInputStream(new byte[0])).run(new String[] {"bench", "--warmup", "0.5",
                    "--duration", "0.5", "--documents", "1500", "--samples", "1", "--data", dir.toString(),
                    "--jvm", "-Xmx256m -XX:+UseSerialGC"});
        String table = out.toString(StandardCharsets.UTF_8);

        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertTrue(table.lines().findFirst().orElseThrow().contains("java -Xmx256m -XX:+UseSerialGC "),
                "the servers' command line names the options both were started with: " + table);
        for (String row : ROWS) {
            String line = table.lines().filter(l -> l.startsWith(row + "  ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no row '" + row + "' in:\n" + table));
            String[] columns = line.substring(row.length()).trim().split("\\s{2,}");
            assertEquals(5, columns.length, line);
            assertTrue(columns[0].matches(NUMBER), "Signet's figure in: " + line);
            assertTrue(columns[1].matches(NUMBER), "the baseline's figure in: " + line);
            assertTrue(columns[2].matches(NUMBER + "x") || row.startsWith("writes: errors") && columns[2].equals("-"),
                    "the ratio in: " + line);
            assertTrue(columns[4].matches("yes|NO"), "the verdict in: " + line);
        }
        assertTrue(table.lines().anyMatch(l -> l.matches("reads, baseline set-up: .*, the fastest of 5 tried .*")),
                "the report says which set-up the bare server ran with, and why: " + table);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "the scratch folder is removed");
        }
    }

    @Test
    void bench_jvmOptionWithoutDash_refusedBeforeAnythingStarts() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of(), new ByteArrayInputStream(new byte[0])).run(new String[] {"bench", "--jvm", "Xmx256m",
                    "--data", dir.toString()});

        assertEquals(2, code, out.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--jvm"), err.toString(StandardCharsets.UTF_8));
    }
}
