package org.signet.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.signet.support.TestServer.Account;

/**
 * Two Signet servers on one PostgreSQL database, as two instances behind a balancer are: always
 * PostgreSQL (this JVM's {@link Postgres}), whatever database the rest of the suite runs on, so that
 * tests of several instances run in the normal suite too. Each has a data folder of its own (and so an
 * instance name of its own), the second with a copy of the keys the first one's start made.
 */
public final class TwoInstances implements AutoCloseable {
    public final Path dir;
    public final Postgres.Database database;
    public final TestServer first;
    public final TestServer second;

    private TwoInstances(Path dir, Postgres.Database database, TestServer first, TestServer second) {
        this.dir = dir;
        this.database = database;
        this.first = first;
        this.second = second;
    }

    /** Starts both on a fresh database with {@code settings} (key=value) on top of the test defaults. */
    public static TwoInstances start(Clock clock, String... settings) throws Exception {
        Path dir = Files.createTempDirectory("signet-two-");
        Postgres.Database pg = Postgres.shared().freshDatabase();
        List<String> all = new ArrayList<>(List.of("db.url=" + pg.url(), "db.user=" + pg.user(),
                "db.password=" + pg.password()));
        all.addAll(Arrays.asList(settings));
        String[] flags = all.toArray(String[]::new);
        TestServer first = TestServer.start(dir.resolve("first"), clock, flags);
        try {
            copyKeys(dir.resolve("first"), dir.resolve("second"));
            return new TwoInstances(dir, pg, first, TestServer.start(dir.resolve("second"), clock, flags));
        } catch (Exception | Error e) {
            first.close();
            throw e;
        }
    }

    /** The second instance's folder gets a copy of the keys the first one's start made, as an operator copies them. */
    private static void copyKeys(Path from, Path to) throws IOException {
        Path keys = Files.createDirectories(to.resolve("keys"));
        try (Stream<Path> files = Files.list(from.resolve("keys"))) {
            for (Path f : files.toList()) {
                Files.copy(f, keys.resolve(f.getFileName()));
            }
        }
    }

    /** An owner with keys (made through the first), and a flow for it on each instance. */
    public record Owner(Account account, ApiFlow onFirst, ApiFlow onSecond) {}

    public Owner owner(String email, Clock clock) {
        Account a = first.account(email, false);
        return new Owner(a, new ApiFlow(first, a.full(), clock), new ApiFlow(second, a.full(), clock));
    }

    /** Runs every task at once and returns what each returned, in order (see {@link Race}). */
    public static <T> List<T> race(List<Callable<T>> tasks) throws Exception {
        return Race.run(tasks.size(), tasks.size(), i -> tasks.get(i).call());
    }

    @Override
    public void close() {
        try {
            second.close();
        } finally {
            first.close();
        }
    }
}
