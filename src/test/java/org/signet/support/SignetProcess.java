package org.signet.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.signet.process.JavaCommand;

/**
 * Signet's command line run as an operator's shell runs it, {@code java org.signet.Main ...} in a JVM of
 * its own, with standard output and standard error kept apart: what reaches standard error there (the
 * log, SLF4J's own lines, a stack trace) is what an operator reads, which a command run in the test's JVM
 * cannot show.
 */
public final class SignetProcess {
    private static final long LIMIT_SECONDS = 120;

    private SignetProcess() {}

    /** Runs {@code args} with {@code environment} added, its output in files under {@code dir}, and waits for its exit. */
    public static CommandLine.Result run(Path dir, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path out = Files.createTempFile(dir, "stdout-", ".txt");
        Path err = Files.createTempFile(dir, "stderr-", ".txt");
        List<String> command = JavaCommand.ofThisJvm().options(List.of("-Xmx128m", "-XX:TieredStopAtLevel=1"))
                .mainClass("org.signet.Main").args(List.of(args)).toList();
        ProcessBuilder b = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        b.environment().putAll(environment);
        Process p = b.start();
        if (!p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", args) + " did not end within " + LIMIT_SECONDS + " s");
        }
        return new CommandLine.Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
