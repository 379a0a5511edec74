package org.signet.proof;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.signet.process.ChildProcess;
import org.signet.support.Nginx;
import org.signet.support.DocExamples;

/**
 * Three Signet processes on one PostgreSQL database behind Debian's nginx, configured as
 * docs/operations.md, Several instances behind nginx, shows, with loopback ports in place of the
 * hosts: each instance has its own data folder, settings and log, all with the same {@code keys/},
 * and each listens on a port of its own so that a restarted instance comes back where nginx expects it.
 */
final class Cluster implements AutoCloseable {
    static final int SIZE = 3;
    private static final String[] README_HOSTS = {"10.0.0.11:8080", "10.0.0.12:8080", "10.0.0.13:8080"};

    private final ArchivedSignet signet;
    private final Path dir;
    private final List<Integer> ports = new ArrayList<>();
    private final ChildProcess[] running = new ChildProcess[SIZE];
    private long allStartedAt;
    private final int publicPort;
    private Nginx nginx;

    private Cluster(ArchivedSignet signet, Path dir, int publicPort) throws IOException {
        this.signet = signet;
        this.dir = dir;
        this.publicPort = publicPort;
        for (int i = 0; i < SIZE; i++) {
            ports.add(ChildProcess.freePort());
        }
    }

    /** The folders and ports of a cluster under {@code dir}, nothing started; {@link #folder} 0 is made first. */
    static Cluster plan(Path dir) throws IOException {
        return new Cluster(ArchivedSignet.withClassArchive(dir.resolve("jvm")), dir, ChildProcess.freePort());
    }

    /** The public address, nginx's, which every link names. */
    String site() {
        return "https://localhost:" + publicPort;
    }

    /** One instance's own address, bypassing nginx. */
    String direct(int instance) {
        return "http://127.0.0.1:" + ports.get(instance);
    }

    Path folder(int instance) {
        return dir.resolve("signet-" + (instance + 1));
    }

    Path log(int instance) {
        return dir.resolve("signet-" + (instance + 1) + ".log");
    }

    /** Writes {@code settings} into every instance's folder, and copies folder 0's keys into the others. */
    void configure(String settings) throws IOException {
        for (int i = 0; i < SIZE; i++) {
            Files.createDirectories(folder(i));
            Files.writeString(folder(i).resolve("signet.properties"), settings);
        }
    }

    /** Gives every other instance a copy of instance 0's {@code keys/}, as an operator copies them from a secret. */
    private void shareKeys() throws IOException {
        Path keys = folder(0).resolve("keys");
        for (int i = 1; i < SIZE; i++) {
            Path to = Files.createDirectories(folder(i).resolve("keys"));
            try (var files = Files.list(keys)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
    }

    /**
     * Starts the first instance, which makes the keys and records the master key's check value in
     * the database; gives the others copies of its keys, starts them, then nginx in front of all.
     */
    void startAll() throws Exception {
        start(0);
        awaitReady(0);
        shareKeys();
        for (int i = 1; i < SIZE; i++) {
            start(i);
        }
        for (int i = 1; i < SIZE; i++) {
            awaitReady(i);
        }
        allStartedAt = System.nanoTime();
        Path prefix = Files.createDirectories(dir.resolve("nginx"));
        Nginx.makeCertificate(prefix);
        nginx = Nginx.start(prefix, Nginx.configure(prefix, site(prefix)), publicPort);
    }

    void start(int instance) throws IOException {
        running[instance] = signet.start(folder(instance), log(instance), ports.get(instance));
    }

    void awaitReady(int instance) throws IOException {
        ArchivedSignet.awaitReady(running[instance], ports.get(instance));
    }

    /** SIGKILL to one instance; nginx keeps sending to the others. */
    void kill(int instance) {
        ArchivedSignet.kill(running[instance]);
        running[instance] = null;
    }

    boolean isRunning(int instance) {
        return running[instance] != null;
    }

    /** Nanoseconds (System.nanoTime) of the first start of the last of the instances to start. */
    long allStarted() {
        return allStartedAt;
    }

    /** A TLS context that trusts nginx's certificate. */
    SSLContext trust() throws Exception {
        return Nginx.trust(dir.resolve("nginx"));
    }

    String nginxErrors() {
        return nginx == null ? "" : nginx.errorLog();
    }

    private String site(Path prefix) throws IOException {
        String site = DocExamples.file(DocExamples.OPERATIONS, "/etc/nginx/conf.d/signet-cluster.conf");
        for (int i = 0; i < SIZE; i++) {
            site = DocExamples.replace(site, README_HOSTS[i], "127.0.0.1:" + ports.get(i));
        }
        site = DocExamples.replace(site, "listen 443 ssl;", "listen 127.0.0.1:" + publicPort + " ssl;");
        site = DocExamples.replace(site, "/etc/letsencrypt/live/sign.example.com/fullchain.pem",
                prefix.resolve("cert.pem").toString());
        return DocExamples.replace(site, "/etc/letsencrypt/live/sign.example.com/privkey.pem",
                prefix.resolve("key.pem").toString());
    }

    @Override
    public void close() {
        for (int i = 0; i < SIZE; i++) {
            if (running[i] != null) {
                running[i].close();
            }
        }
        if (nginx != null) {
            nginx.close();
        }
    }
}
