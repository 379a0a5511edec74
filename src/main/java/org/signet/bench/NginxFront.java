package org.signet.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.signet.process.ChildProcess;
import org.signet.process.Launch;

/**
 * Debian's nginx in front of some of Signet's instances, as docs/operations.md configures a balancer
 * (round robin, keep-alive connections to the instances), on a loopback port, in plain HTTP:
 * what is measured is the spreading of requests, not TLS.
 */
final class NginxFront implements AutoCloseable {
    static final Path BINARY = Path.of("/usr/sbin/nginx");
    private static final Duration START_LIMIT = Duration.ofSeconds(30);

    private final ChildProcess process;
    private final int port;

    private NginxFront(ChildProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** nginx on a free port of its own, configured in {@code prefix}, passing requests to {@code instances}. */
    static NginxFront start(Path prefix, List<InetSocketAddress> instances) throws IOException {
        Files.createDirectories(prefix);
        int port = ChildProcess.freePort();
        Path conf = prefix.resolve("nginx.conf");
        Files.writeString(conf, configuration(prefix, port, instances), StandardCharsets.UTF_8);
        ChildProcess p = Launch.of("nginx", List.of(BINARY.toString(), "-p", prefix.toString(), "-c", conf.toString()),
                prefix.resolve("nginx.out")).start();
        try {
            p.awaitReady("nginx on port " + port, () -> accepts(port), START_LIMIT);
        } catch (IOException e) {
            p.close();
            throw new IOException(e.getMessage() + "; nginx's log: " + Files.readString(prefix.resolve("error.log")), e);
        }
        return new NginxFront(p, port);
    }

    InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", port);
    }

    ChildProcess process() {
        return process;
    }

    private static String configuration(Path prefix, int port, List<InetSocketAddress> instances) {
        StringBuilder upstream = new StringBuilder();
        for (InetSocketAddress a : instances) {
            upstream.append("        server 127.0.0.1:").append(a.getPort()).append(";\n");
        }
        String temp = "";
        for (String kind : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            temp += "    " + kind + "_temp_path " + prefix.resolve(kind + "_temp") + ";\n";
        }
        return "daemon off;\nmaster_process off;\npid " + prefix.resolve("nginx.pid") + ";\nerror_log "
                + prefix.resolve("error.log") + " warn;\nevents { worker_connections 1024; }\nhttp {\n    access_log off;\n"
                + temp + "    upstream signet {\n" + upstream + "        keepalive 64;\n    }\n    server {\n"
                + "        listen 127.0.0.1:" + port + ";\n        location / {\n            proxy_pass http://signet;\n"
                + "            proxy_http_version 1.1;\n            proxy_set_header Connection \"\";\n"
                + "            proxy_set_header Host $host;\n            proxy_set_header X-Forwarded-For $remote_addr;\n"
                + "        }\n    }\n}\n";
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        process.close();
    }
}
