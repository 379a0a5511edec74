package org.signet.concurrent;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value made the first time it is asked for, once, however many threads ask at the same time: Signet's
 * one way of putting off work that start-up need not wait for. Keyed caches use
 * {@code ConcurrentHashMap.computeIfAbsent} instead. When making the value fails, nothing is kept and the
 * next call tries again.
 */
public final class Lazy<T> implements Supplier<T> {
    private Supplier<? extends T> make;
    private volatile T value;

    private Lazy(Supplier<? extends T> make) {
        this.make = Objects.requireNonNull(make, "make");
    }

    /** A value {@code make} makes on the first {@link #get()}; {@code make} must not return null. */
    public static <T> Lazy<T> of(Supplier<? extends T> make) {
        return new Lazy<>(make);
    }

    @Override
    public T get() {
        T v = value;
        if (v != null) {
            return v;
        }
        synchronized (this) {
            if (value == null) {
                value = Objects.requireNonNull(make.get(), "a lazy value was made as null");
                make = null; // what it captured is no longer needed
            }
            return value;
        }
    }
}
