package org.signet.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How long and how large one bench run is: warm-up and measured window of each HTTP load, the
 * number of documents the growth comparison grows to, how many timed runs each PDF and start-up
 * figure is the median of, and the folder the run's scratch folder is made in (its disk is the
 * one whose fsyncs the write comparison pays for).
 */
public record BenchSettings(Duration warmup, Duration duration, int documents, int samples, Path folder,
        Map<String, String> environment) {
    /** The growth comparison's small end: the figures at this many documents are its baseline. */
    public static final int SMALL = 1_000;

    public BenchSettings {
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(folder, "folder");
        environment = Map.copyOf(environment);
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
