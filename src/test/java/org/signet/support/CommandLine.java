package org.signet.support;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.signet.cli.Cli;

/** Runs Signet's command line in the test's JVM, as a shell would, and keeps what it printed. */
public final class CommandLine {
    /** The exit code and what went to standard output and standard error. */
    public record Result(int code, String out, String err) {}

    private CommandLine() {}

    public static Result run(String... args) {
        return run(Map.of(), "", args);
    }

    public static Result run(Map<String, String> environment, String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                SuiteDatabase.forCommand(environment, args), new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)))
                .run(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
