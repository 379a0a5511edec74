package org.signet.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * What every comparison of one bench run shares, including Signet's configuration read as Signet
 * reads it, so that the baselines match its pool size and {@code synchronous} setting.
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
