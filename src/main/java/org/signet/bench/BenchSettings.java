package org.signet.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How long and how large one bench run is, in which folder its scratch folder is made, and the JVM
 * options (none by default) that both Signet and the baseline server are started with.
 */
public record BenchSettings(Duration warmup, Duration duration, int documents, int samples, Path folder,
        Map<String, String> environment, List<String> jvmOptions) {
    /** The growth comparison's small end: the figures at this many documents are its baseline. */
    public static final int SMALL = 1_000;

    public BenchSettings {
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(folder, "folder");
        environment = Map.copyOf(environment);
        jvmOptions = List.copyOf(jvmOptions);
        if (jvmOptions.stream().anyMatch(o -> !o.startsWith("-"))) {
            throw new IllegalArgumentException("JVM options start with '-', such as -Xmx256m");
        }
        if (warmup.isNegative() || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("warm-up must be at least 0 s and the measured window longer than 0 s");
        }
        if (documents <= SMALL) {
            throw new IllegalArgumentException("documents must be more than " + SMALL + ", the growth comparison's small end");
        }
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1");
        }
    }
}
