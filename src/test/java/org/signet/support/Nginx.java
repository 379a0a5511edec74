package org.signet.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.signet.process.ChildProcess;
import org.signet.process.Launch;

/**
 * Debian's nginx run by a test: one site file included into a small main configuration of the
 * test's own (pid, logs and temporary folders in a temporary folder, one process in the
 * foreground), with a self-signed certificate for localhost made by {@code openssl}; stopped on close.
 */
public final class Nginx implements AutoCloseable {
    public static final Path BINARY = Path.of("/usr/sbin/nginx");
    private static final Duration START_LIMIT = Duration.ofSeconds(30);
    private static final Duration STOP_LIMIT = Duration.ofSeconds(10);

    private final ChildProcess process;
    private final Path prefix;

    private Nginx(ChildProcess process, Path prefix) {
        this.process = process;
        this.prefix = prefix;
    }

    /** A self-signed certificate and key for localhost in {@code prefix} (cert.pem, key.pem). */
    public static void makeCertificate(Path prefix) throws IOException, InterruptedException {
        run(prefix, List.of("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                "-nodes", "-keyout", prefix.resolve("key.pem").toString(), "-out", prefix.resolve("cert.pem").toString(),
                "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"));
    }

    /** The main configuration that includes {@code site}, written to {@code prefix}/nginx.conf. */
    public static Path configure(Path prefix, String site) throws IOException {
        if (!Files.isExecutable(BINARY)) {
            throw new AssertionError(BINARY + " is missing: install Debian's nginx package (.ci/run does)");
        }
        Files.writeString(prefix.resolve("site.conf"), site, StandardCharsets.UTF_8);
        String main = "daemon off;\nmaster_process off;\npid " + prefix.resolve("nginx.pid") + ";\nerror_log "
                + prefix.resolve("error.log") + " info;\nevents { worker_connections 256; }\nhttp {\n    access_log "
                + prefix.resolve("access.log") + ";\n" + temp(prefix, "client_body") + temp(prefix, "proxy")
                + temp(prefix, "fastcgi") + temp(prefix, "uwsgi") + temp(prefix, "scgi") + "    include "
                + prefix.resolve("site.conf") + ";\n}\n";
        Path conf = prefix.resolve("nginx.conf");
        Files.writeString(conf, main, StandardCharsets.UTF_8);
        return conf;
    }

    private static String temp(Path prefix, String kind) {
        return "    " + kind + "_temp_path " + prefix.resolve(kind + "_temp") + ";\n";
    }

    /** {@code nginx -t} on the configuration: its report; fails unless nginx calls it successful. */
    public static String check(Path prefix, Path conf) throws IOException, InterruptedException {
        String report = run(prefix, List.of(BINARY.toString(), "-t", "-p", prefix.toString(), "-c", conf.toString()));
        if (!report.contains("test is successful")) {
            throw new AssertionError("nginx -t: " + report);
        }
        return report;
    }

    /** Runs nginx on {@code conf}; returns once it accepts connections on {@code port}. */
    public static Nginx start(Path prefix, Path conf, int port) throws IOException {
        ChildProcess p = Launch.of("nginx", List.of(BINARY.toString(), "-p", prefix.toString(), "-c", conf.toString()),
                prefix.resolve("nginx.out")).closeGrace(STOP_LIMIT).start();
        Nginx nginx = new Nginx(p, prefix);
        try {
            p.awaitReady("listening on " + port, () -> LocalPorts.accepts(port), START_LIMIT);
        } catch (IOException e) {
            nginx.close();
            // nginx writes its reasons to its error log, not to standard error
            throw new IOException(e.getMessage() + "\nits error log:\n" + nginx.errorLog(), e);
        }
        return nginx;
    }

    /** A TLS context that trusts the certificate {@link #makeCertificate} made and nothing else. */
    public static SSLContext trust(Path prefix) throws Exception {
        return RawHttps.trusting(prefix.resolve("cert.pem"));
    }

    public String errorLog() {
        try {
            return Files.readString(prefix.resolve("error.log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no error log: " + e.getMessage() + ")";
        }
    }

    private static String run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command.get(0) + " did not finish");
        }
        if (p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + out);
        }
        return out;
    }

    /** SIGTERM, then SIGKILL after 10 s. */
    @Override
    public void close() {
        process.close();
    }
}
