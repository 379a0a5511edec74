package org.signet.process;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to start and how: the command, a name for messages, environment variables added to this
 * process's own, the working folder, the log file its output goes to, and how long {@link
 * ChildProcess#close()} grants a graceful stop. Each method answers a new launch.
 */
public final class Launch {
    private static final Duration DEFAULT_GRACE = Duration.ofSeconds(30);

    private final String name;
    private final List<String> command;
    private final Map<String, String> environment;
    private final Path directory;
    private final Path log;
    private final boolean appendLog;
    private final Duration closeGrace;

    private Launch(String name, List<String> command, Map<String, String> environment, Path directory, Path log,
            boolean appendLog, Duration closeGrace) {
        this.name = name;
        this.command = List.copyOf(command);
        this.environment = Map.copyOf(environment);
        this.directory = directory;
        this.log = log;
        this.appendLog = appendLog;
        this.closeGrace = closeGrace;
    }

    /** {@code command}, called {@code name} in messages (such as "Signet" or "Caddy"), its output going to {@code log}. */
    public static Launch of(String name, List<String> command, Path log) {
        return new Launch(name, command, Map.of(), null, Objects.requireNonNull(log, "log"), false, DEFAULT_GRACE);
    }

    /** As {@link #of(String, List, Path)} for a Java program. */
    public static Launch of(String name, JavaCommand command, Path log) {
        return of(name, command.toList(), log);
    }

    /** Variables set for the child beside those it inherits; later values win. */
    public Launch environment(Map<String, String> more) {
        Map<String, String> all = new HashMap<>(environment);
        all.putAll(more);
        return new Launch(name, command, all, directory, log, appendLog, closeGrace);
    }

    /** The child's working folder; by default this process's own. */
    public Launch directory(Path folder) {
        return new Launch(name, command, environment, folder, log, appendLog, closeGrace);
    }

    /** Appends to the log rather than starting it afresh; the child's own lines are still told apart. */
    public Launch appendingLog() {
        return new Launch(name, command, environment, directory, log, true, closeGrace);
    }

    /** How long {@link ChildProcess#close()} waits after SIGTERM before SIGKILL; zero kills at once. 30 s by default. */
    public Launch closeGrace(Duration grace) {
        return new Launch(name, command, environment, directory, log, appendLog, grace);
    }

    /** Starts the child; it is stopped when this JVM exits, if nothing stopped it before. */
    public ChildProcess start() throws IOException {
        ChildLog childLog = ChildLog.at(log, appendLog);
        // A file, not a pipe: a pipe nobody reads stalls the child once it is full.
        ProcessBuilder.Redirect output = appendLog ? ProcessBuilder.Redirect.appendTo(log.toFile())
                : ProcessBuilder.Redirect.to(log.toFile());
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output);
        if (directory != null) {
            b.directory(directory.toFile());
        }
        b.environment().putAll(environment);
        long started = System.nanoTime();
        return new ChildProcess(name, b.start(), started, childLog, closeGrace);
    }
}
