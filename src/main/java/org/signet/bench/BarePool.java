package org.signet.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.signet.concurrent.NamedThreads;

/**
 * How the bare JDK server runs its handlers: on its own dispatcher thread (no executor, the JDK's
 * default), or on a fixed pool of so many threads. Which serves a load best depends on the machine
 * and the load, so the bench tries each before it measures the baseline.
 */
record BarePool(int threads) {
    /** The set-ups tried: the dispatcher thread, then fixed pools from one per processor to one per connection. */
    static final java.util.List<BarePool> CANDIDATES = java.util.List.of(new BarePool(0), new BarePool(2),
            new BarePool(4), new BarePool(16), new BarePool(32));

    /** As passed on the bare server's command line: "dispatcher" or the number of threads. */
    String argument() {
        return threads == 0 ? "dispatcher" : Integer.toString(threads);
    }

    static BarePool parse(String argument) {
        return new BarePool(argument.equals("dispatcher") ? 0 : Integer.parseInt(argument));
    }

    /** The executor to give the server; null leaves the handlers on the dispatcher thread. */
    ExecutorService executor() {
        return threads == 0 ? null : Executors.newFixedThreadPool(threads, NamedThreads.nonDaemon("bare-http-"));
    }

    String describe() {
        return threads == 0 ? "handlers on the dispatcher thread (no executor)" : "a fixed pool of " + threads + " threads";
    }
}
