package org.signet.process;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What to start and how: the command, a name for messages, environment variables added to this
 * process's own, the working folder, the log file its output goes to, and how long {@link
 * ChildProcess#close()} grants a graceful stop.
 */
public final class Launch {
    private final String name;
    private final List<String> command;
    private final Path log;
    private final Map<String, String> environment = new HashMap<>();
    private Path directory;
    private boolean appendLog;
    private Duration closeGrace = Duration.ofSeconds(30);

    private Launch(String name, List<String> command, Path log) {
        this.name = name;
        this.command = List.copyOf(command);
        this.log = log;
    }

    /** {@code command}, called {@code name} in messages (such as "Signet" or "Caddy"), its output going to {@code log}. */
    public static Launch of(String name, List<String> command, Path log) {
        return new Launch(name, command, log);
    }

    /** As {@link #of(String, List, Path)} for a Java program. */
    public static Launch of(String name, JavaCommand command, Path log) {
        return of(name, command.toList(), log);
    }

    /** Variables set for the child beside those it inherits. */
    public Launch environment(Map<String, String> more) {
        environment.putAll(more);
        return this;
    }

    /** The child's working folder; by default this process's own. */
    public Launch directory(Path folder) {
        directory = folder;
        return this;
    }

    /** Appends to the log rather than starting it afresh; the child's own lines are still told apart. */
    public Launch appendingLog() {
        appendLog = true;
        return this;
    }

    /** How long {@link ChildProcess#close()} waits after SIGTERM before SIGKILL; zero kills at once. 30 s by default. */
    public Launch closeGrace(Duration grace) {
        closeGrace = grace;
        return this;
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
