package org.signet.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Signet's one thread factory: threads named {@code prefix1}, {@code prefix2}, ... so that logs and thread
 * dumps say whose they are. Daemon threads do not keep the JVM alive; the HTTP workers are not daemons, so
 * a request being answered is finished before the JVM exits.
 */
public final class NamedThreads {
    private NamedThreads() {}

    /** Daemon threads named {@code prefix} and a count from 1. */
    public static ThreadFactory daemon(String prefix) {
        return factory(prefix, true);
    }

    /** Threads that keep the JVM alive, named {@code prefix} and a count from 1. */
    public static ThreadFactory nonDaemon(String prefix) {
        return factory(prefix, false);
    }

    private static ThreadFactory factory(String prefix, boolean daemon) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(daemon);
            return t;
        };
    }
}
