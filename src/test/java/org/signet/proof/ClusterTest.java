package org.signet.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.cli.Cli;
import org.signet.json.Json;
import org.signet.support.AdminClient;
import org.signet.support.Postgres;
import org.signet.support.TestServer.Credentials;
import org.signet.support.Waits;
import org.signet.support.WebhookReceiver;

/**
 * Several instances, proven on the real thing: three Signet processes on one PostgreSQL database
 * behind nginx (the file for several instances in docs/operations.md), four clients writing through nginx
 * (uploads, signers, fields, send, signatures through the links) while one instance at a time is
 * killed with SIGKILL and started again, round after round. Afterwards every answered write is
 * there, every audit chain holds, every stored file decrypts to its hash, every webhook delivery and
 * every mail arrived (in order per document, at most one extra copy per kill), each due reminder went
 * out once and not once per instance, a key limited to 20 requests an hour got 20 answers across the
 * three, and a key revoked through one instance was refused by the others within a second. The seed
 * is printed; {@code -Dcluster.seed=N} repeats it, {@code -Dcluster.rounds=N} runs longer.
 */
class ClusterTest {
    private static final int ROUNDS = Integer.getInteger("cluster.rounds", 4);
    private static final int WORKERS = 4;
    private static final int REMINDED = 6;
    private static final int LIMIT = 20;
    private static final String OWNER = "olivia@example.org";
    private static final String ADMIN_PASSWORD = "a cluster admin password";
    /** Each instance's reminder job first runs a minute after its start. */
    private static final Duration FIRST_REMINDER_RUN = Duration.ofSeconds(65);

    @RegisterExtension
    static final GreenMailExtension smtp = new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort());

    @TempDir
    Path dir;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final Ledger ledger = new Ledger();
    private int kills;

    @AfterEach
    void stopTimer() {
        timer.shutdownNow();
    }

    @Test
    void threeInstancesBehindNginx_killedInTurn_loseNothingAndDoNothingTwice() throws Exception {
        long randomSeed = Long.getLong("cluster.seed", new SecureRandom().nextLong());
        System.out.println("ClusterTest: seed " + randomSeed + " (repeat with -Dcluster.seed=" + randomSeed + ")");
        long began = System.nanoTime();
        Random random = new Random(randomSeed);
        Postgres.Database pg = Postgres.shared().freshDatabase();
        try (Cluster cluster = Cluster.plan(dir); WebhookReceiver hooks = WebhookReceiver.start();
                Connection db = pg.connect()) {
            cluster.configure(settings(pg, cluster.site()));
            Credentials owner = createKey("owner", 100_000_000);
            Credentials limited = createKey("limited", LIMIT);
            Map<?, ?> revokable = keyRecord(cli("keys", "create", "--user", OWNER, "--name", "revokable",
                    "--permission", "full", "--json", "--data", cluster.folder(0).toString()));
            cluster.startAll();
            HttpClient http = HttpClient.newBuilder().sslContext(cluster.trust()).proxy(HttpClient.Builder.NO_PROXY)
                    .connectTimeout(Duration.ofSeconds(5)).build();
            ProofClient client = new ProofClient(http, cluster.site(), owner);
            Answers.object(201, client.post("webhooks", Map.of("url", hooks.url(), "events", List.of("*"))));
            List<String> reminded = remindersDue(client, db);

            for (int round = 1; round <= ROUNDS; round++) {
                killUnderLoad(cluster, client, round, random);
                assertNoProblems(cluster);
            }

            // The reminders are queued before the queues are waited for, so their mail is checked too.
            awaitRemindersRun(cluster, db, reminded);
            finish(client, db);
            assertEquals(LIMIT, limitedAnswers(http, cluster, limited), "answers to the key limited to " + LIMIT
                    + " an hour, across three instances");
            revokedEverywhereWithinASecond(cluster, revokable);
            List<String> found = new ArrayList<>();
            ClusterChecks checks = new ClusterChecks(db, smtp, kills);
            found.addAll(checks.mail());
            found.addAll(checks.webhooks(hooks.drain()));
            found.addAll(checks.invariants());
            found.addAll(checks.files(pg, cluster.folder(0)));
            found.addAll(checks.remindedOnce(reminded));
            found.forEach(ledger::problem);
            assertNoProblems(cluster);
            System.out.printf("ClusterTest: seed %d, %d rounds in %.1f s: %d kills; %d acknowledged writes, %d documents;"
                    + " %s%n", randomSeed, ROUNDS, (System.nanoTime() - began) / 1e9, kills, ledger.acknowledgedWrites(),
                    ledger.documents.size(), checks.summary());
        }
    }

    /** Four clients through nginx; one instance killed at a random moment, the others serving on. */
    private void killUnderLoad(Cluster cluster, ProofClient client, int round, Random random) throws Exception {
        int victim = (round - 1) % Cluster.SIZE;
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> workers = new CrashWorkload(ledger, client, round, stop::get).start(WORKERS, random.nextLong());
        at(300 + random.nextInt(1200), () -> cluster.kill(victim));
        kills++;
        at(1000, () -> stop.set(true));
        for (Thread t : workers) {
            t.join(Duration.ofSeconds(60).toMillis());
            assertTrue(!t.isAlive(), t.getName() + " still runs after the round");
        }
        cluster.start(victim);
        cluster.awaitReady(victim);
        new InDoubtWrites(ledger, client).resolveAll();
        new AcknowledgedWrites(ledger, client).check(false);
    }

    /** Runs {@code action} on the timer thread after {@code millis}, and waits for it. */
    private void at(long millis, Runnable action) throws InterruptedException {
        try {
            timer.schedule(action, millis, TimeUnit.MILLISECONDS).get();
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause().getMessage(), e.getCause());
        }
    }

    /** Seals what completed, checks every document once more, and waits for the mail and webhook queues to empty. */
    private void finish(ProofClient client, Connection db) throws Exception {
        InParallel.forEach(ledger.documents.stream().filter(TrackedDocument::completed).toList(),
                doc -> Sealing.sealed(client, doc, ledger));
        new AcknowledgedWrites(ledger, client).check(true);
        ClusterChecks.awaitQueuesEmpty(db, Duration.ofSeconds(180));
    }

    /** {@link #REMINDED} documents sent to one signer each, with reminders every day, their invitations made two days old. */
    private List<String> remindersDue(ProofClient client, Connection db) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= REMINDED; i++) {
            TrackedDocument doc = new TrackedDocument("Reminded " + i, List.of(new TrackedDocument.Signer(
                    "Reminded signer " + i, "reminded" + i + "@example.org", 1)));
            for (TrackedDocument.Step step = doc.next(); step != TrackedDocument.Step.SIGN; step = doc.next()) {
                HttpResponse<String> answer = DocumentSteps.perform(client, doc, step);
                assertEquals(2, answer.statusCode() / 100, step + " of " + doc + ": " + answer.body());
                DocumentSteps.apply(doc, step, answer);
                if (step == TrackedDocument.Step.UPLOAD) {
                    Answers.object(200, client.put("documents/" + doc.id, Map.of("reminder_interval_days", 1)));
                }
            }
            ids.add(doc.id);
        }
        try (Statement s = db.createStatement()) {
            s.executeUpdate("UPDATE signers SET invited_at = invited_at - 172800 WHERE document_id IN ("
                    + String.join(",", ids) + ")");
        }
        return ids;
    }

    /**
     * Waits until every due reminder is sent and until every instance's reminder job has had its first
     * run, a minute after the three started (the job runs on a timer of its own that the test cannot
     * drive): the three first runs come within moments of each other while the reminders are due, so
     * a reminder sent once per instance would show.
     */
    private static void awaitRemindersRun(Cluster cluster, Connection db, List<String> reminded) {
        ClusterChecks.awaitReminded(db, reminded, FIRST_REMINDER_RUN.plusSeconds(90));
        Waits.awaitUntil(() -> System.nanoTime() - cluster.allStarted() > FIRST_REMINDER_RUN.toNanos(),
                "a minute since the instances started, when their reminder jobs ran", FIRST_REMINDER_RUN.plusSeconds(10));
    }

    /** 3 x 20 requests at once through nginx with a key limited to 20 an hour: the 2xx answers. */
    private static int limitedAnswers(HttpClient http, Cluster cluster, Credentials limited) throws Exception {
        List<Integer> statuses = java.util.Collections.synchronizedList(new ArrayList<>());
        InParallel.forEach(java.util.stream.IntStream.range(0, 3 * LIMIT).boxed().toList(), i -> {
            HttpRequest r = HttpRequest.newBuilder(URI.create(cluster.site() + "/wp-json/wpsigner/v1/documents?per_page=1"))
                    .header("X-WPS-API-Key", limited.key()).header("X-WPS-API-Secret", limited.secret()).build();
            try {
                statuses.add(http.send(r, HttpResponse.BodyHandlers.discarding()).statusCode());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.IOException(e);
            }
        });
        long refused = statuses.stream().filter(s -> s == 429).count();
        assertEquals(3 * LIMIT, statuses.stream().filter(s -> s == 200 || s == 429).count(), statuses.toString());
        assertEquals(2L * LIMIT, refused, statuses.toString());
        return (int) statuses.stream().filter(s -> s == 200).count();
    }

    /**
     * Each instance answers the key; an administrator revokes it on instance 1; instance 1 refuses it at
     * once, the other two within a second.
     */
    private static void revokedEverywhereWithinASecond(Cluster cluster, Map<?, ?> key) throws Exception {
        HttpClient plain = ProofClient.newHttpClient();
        Credentials c = new Credentials((String) key.get("key"), (String) key.get("secret"));
        for (int i = 0; i < Cluster.SIZE; i++) {
            assertEquals(200, keyAnswer(plain, cluster.direct(i), c), "instance " + (i + 1) + " before the revocation");
        }
        AdminClient admin = new AdminClient(cluster.direct(0), plain);
        assertEquals(302, admin.signIn(OWNER, ADMIN_PASSWORD).statusCode());
        HttpResponse<String> revoked = admin.post("/admin/keys/" + key.get("id") + "/revoke", admin.csrf());
        long at = System.nanoTime();
        assertEquals(302, revoked.statusCode(), revoked.body());
        assertEquals(401, keyAnswer(plain, cluster.direct(0), c), "instance 1, which revoked it, at once");
        for (int i = 1; i < Cluster.SIZE; i++) {
            int instance = i;
            Waits.awaitUntil(() -> keyAnswer(plain, cluster.direct(instance), c) == 401,
                    "instance " + (i + 1) + " refuses the revoked key", Duration.ofSeconds(5));
            long took = System.nanoTime() - at;
            assertTrue(took < Duration.ofSeconds(1).toNanos(), "instance " + (i + 1) + " refused the revoked key only "
                    + took / 1_000_000 + " ms after the revocation");
        }
    }

    private static int keyAnswer(HttpClient http, String base, Credentials c) {
        HttpRequest r = HttpRequest.newBuilder(URI.create(base + "/wp-json/wpsigner/v1/documents?per_page=1"))
                .header("X-WPS-API-Key", c.key()).header("X-WPS-API-Secret", c.secret()).build();
        try {
            return http.send(r, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** What an operator writes on each instance: the one database, real SMTP, nginx trusted, its address the site's. */
    private static String settings(Postgres.Database pg, String site) {
        return String.join("\n",
                "db.url=" + pg.url(),
                "db.user=" + pg.user(),
                "db.password=" + pg.password(),
                "smtp.host=127.0.0.1",
                "smtp.port=" + smtp.getSmtp().getPort(),
                "smtp.starttls=false",
                "smtp.from=Signet <signet@example.org>",
                "site.url=" + site,
                "trusted_proxies=127.0.0.1",
                "ratelimit.ip_per_minute=1000000",
                "webhooks.allow_private=true",
                "");
    }

    /** The owner (an administrator) on first use, and a Full Access key of theirs, made with the command line. */
    private Credentials createKey(String name, int perHour) {
        String folder = dir.resolve("signet-1").toString();
        if (name.equals("owner")) {
            cliWithInput(ADMIN_PASSWORD + "\n", "users", "add", "--email", OWNER, "--name", "Olivia Owner", "--admin",
                    "--password-stdin", "--data", folder);
        }
        Map<?, ?> made = keyRecord(cli("keys", "create", "--user", OWNER, "--name", name, "--permission", "full",
                "--rate-limit", Integer.toString(perHour), "--json", "--data", folder));
        return new Credentials((String) made.get("key"), (String) made.get("secret"));
    }

    private static Map<?, ?> keyRecord(String json) {
        try {
            return (Map<?, ?>) Json.parse(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    private static String cli(String... args) {
        return cliWithInput("", args);
    }

    private static String cliWithInput(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)))
                .run(args);
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8).strip();
    }

    private void assertNoProblems(Cluster cluster) {
        List<String> problems = ledger.problems();
        assertTrue(problems.isEmpty(), () -> problems.size() + " problem(s):\n  " + String.join("\n  ", problems)
                + "\nlogs: " + cluster.log(0).getParent() + "\nnginx: " + cluster.nginxErrors());
    }
}
