package org.signet.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;

/**
 * The reads' baseline: the JDK's {@code HttpServer} in a process of its own, answering every request
 * with the same bytes and doing nothing else, on the worker set-up that serves the load best (see
 * {@link BarePool}).
 */
public final class BareServer {
    private BareServer() {}

    /**
     * Arguments: port, the worker set-up ({@link BarePool#argument()}), the file holding the body, its
     * content type. A process of its own,
     * started as Signet is, so that the two differ only in what happens between reading a request
     * and writing its answer.
     */
    public static void main(String[] args) throws IOException {
        // Without this each kept-alive answer waits for the client's delayed ACK (~40 ms); Signet sets it too.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        int port = Integer.parseInt(args[0]);
        BarePool pool = BarePool.parse(args[1]);
        byte[] body = Files.readAllBytes(Path.of(args[2]));
        String contentType = args[3];
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        ExecutorService workers = pool.executor();
        server.createContext("/", exchange -> answer(exchange, body, contentType));
        server.setExecutor(workers);
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop(0);
            if (workers != null) {
                workers.shutdown();
            }
        }, "bare-http-stop"));
    }

    private static void answer(HttpExchange exchange, byte[] body, String contentType) throws IOException {
        try (exchange) {
            exchange.getRequestBody().transferTo(OutputStream.nullOutputStream());
            exchange.getResponseHeaders().set("Content-Type", contentType);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
