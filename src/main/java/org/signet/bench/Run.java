package org.signet.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * What every comparison of one bench run shares: the settings, how to start servers, the scratch
 * folder, the load's client addresses, progress output, and the configuration Signet runs with
 * (read from the same places Signet reads it, so the baselines use the same pool size and
 * {@code synchronous} setting).
 */
record Run(BenchSettings settings, Launcher launcher, Path scratch, Loopback loopback, Progress progress,
        int serverThreads, String synchronous, String restBase, Map<String, String> childEnvironment) {

    /** Starts Signet on {@code dataDir} as a user would and waits for its first 200 on /healthz. */
    Child startSignet(Path dataDir, String logName) throws IOException {
        int port = Launcher.freePort();
        Child c = Child.start(launcher.signet(dataDir, port), port, childEnvironment, scratch.resolve(logName));
        try {
            c.awaitFirst200("/healthz");
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    SignetClient client(Child signet, Credentials key) {
        return new SignetClient(signet.address(), restBase, key);
    }
}
