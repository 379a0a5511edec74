package org.signet.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Times Signet from its start on a new, empty data folder to its first 200 on {@code /healthz},
 * against the bare JDK server started the same way.
 */
final class StartComparison {
    private StartComparison() {}

    static Row run(Run run) throws IOException {
        int samples = run.settings().samples();
        run.progress().say("footprint: " + samples + " starts of Signet on new data folders, and of the bare server");
        Latencies signet = new Latencies();
        for (int i = 0; i < samples; i++) {
            int port = Launcher.freePort();
            try (Child c = Child.start(run.launcher().signet(run.scratch().resolve("start-" + i), port), port,
                    run.childEnvironment(), run.scratch().resolve("start-" + i + ".log"))) {
                signet.add(c.awaitFirst200("/healthz").toNanos());
            }
        }
        Path body = run.scratch().resolve("health.json");
        Files.writeString(body, "{\"status\":\"ok\"}", StandardCharsets.UTF_8);
        Latencies bare = new Latencies();
        for (int i = 0; i < samples; i++) {
            int port = Launcher.freePort();
            try (Child c = Child.start(run.launcher().bareServer(port, run.serverThreads(), body, "application/json"), port,
                    Map.of(), run.scratch().resolve("bare-start-" + i + ".log"))) {
                bare.add(c.awaitFirst200("/healthz").toNanos());
            }
        }
        return new Row("footprint: start to first 200 on /healthz", "ms", signet.medianMillis(), bare.medianMillis(),
                Target.valueAtMost(1000, "ms"));
    }
}
