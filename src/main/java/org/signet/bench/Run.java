package org.signet.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.signet.process.ChildProcess;
import org.signet.process.JavaCommand;
import org.signet.process.Launch;

/**
 * What every comparison of one bench run shares, including Signet's configuration read as Signet
 * reads it, so that the baselines match its pool size and {@code synchronous} setting. Both Signet
 * and the baseline run from the code the bench itself runs from, with the same JVM options, {@code
 * java} and nothing else, so that neither is tuned for the occasion.
 */
record Run(BenchSettings settings, JavaCommand java, Path scratch, Loopback loopback, Progress progress,
        int serverThreads, String synchronous, String restBase, Map<String, String> childEnvironment) {
    /** Generous: two cores shared with a build can make a JVM start slowly. */
    private static final Duration START_LIMIT = Duration.ofSeconds(60);

    /**
     * Signet as a user runs it, {@code java -jar signet.jar}; under Maven's test runner, where there
     * is no jar yet, its main class on the class path.
     */
    JavaCommand signetCommand() {
        return java.runsJar() ? java : java.mainClass("org.signet.Main");
    }

    /** Starts Signet on {@code dataDir} as a user would and waits for its first 200 on /healthz. */
    Started signet(Path dataDir, String logName) throws IOException {
        return signet(dataDir, logName, Map.of());
    }

    /** As above, with {@code settings} (environment variables such as {@code SIGNET_SIGNING_TSA_URLS}) added. */
    Started signet(Path dataDir, String logName, Map<String, String> settings) throws IOException {
        int port = ChildProcess.freePort();
        JavaCommand serve = signetCommand().args(List.of("serve", "--data", dataDir.toAbsolutePath().toString(),
                "--host", "127.0.0.1", "--port", Integer.toString(port)));
        return start(Launch.of("Signet", serve, scratch.resolve(logName)).environment(childEnvironment)
                .environment(settings), port);
    }

    /** Starts the baseline, {@link BareServer} answering {@code body} with its handlers run as {@code pool} says. */
    Started bare(Path body, String contentType, BarePool pool, String logName) throws IOException {
        int port = ChildProcess.freePort();
        JavaCommand bare = java.mainClass(BareServer.class.getName()).args(List.of(Integer.toString(port),
                pool.argument(), body.toAbsolutePath().toString(), contentType));
        return start(Launch.of("the bare server", bare, scratch.resolve(logName)), port);
    }

    private static Started start(Launch launch, int port) throws IOException {
        ChildProcess c = launch.start();
        try {
            return new Started(new Server(c, port), c.awaitHttp200(port, "/healthz", START_LIMIT));
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** A server just started, and how long from its start to its first 200 on /healthz. */
    record Started(Server server, Duration firstAnswer) implements AutoCloseable {
        @Override
        public void close() {
            server.close();
        }
    }

    SignetClient client(Server signet, Credentials key) {
        return new SignetClient(signet.address(), restBase, key);
    }
}
