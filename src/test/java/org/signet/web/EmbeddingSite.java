package org.signet.web;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.signet.text.Html;

/**
 * Another site that embeds Signet's signing page, as an integrator's would: a JDK {@code HttpServer} on
 * its own loopback address whose page {@code /frame?src=URL} frames {@code URL} and keeps every message
 * it receives, with the origin it came from, in {@code window.received}.
 */
final class EmbeddingSite implements AutoCloseable {
    private static final String PAGE = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\" />"
            + "<title>An integrator's page</title>\n"
            + "<script>window.received = [];\n"
            + "window.addEventListener('message', function (e) {\n"
            + "  window.received.push({origin: e.origin, data: e.data});\n"
            + "});</script></head>\n"
            + "<body><h1>Sign here</h1>\n"
            + "<iframe id=\"signet\" title=\"Signing\" src=\"%s\" width=\"1200\" height=\"850\"></iframe>\n"
            + "</body></html>\n";

    private final HttpServer server;
    private final ExecutorService workers = Executors.newFixedThreadPool(2);

    private EmbeddingSite(HttpServer server) {
        this.server = server;
    }

    /** Starts the site on {@code address} (such as 127.0.0.2), any free port. */
    static EmbeddingSite start(String address) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), 0), 0);
        EmbeddingSite site = new EmbeddingSite(server);
        server.setExecutor(site.workers);
        server.createContext("/frame", exchange -> {
            try (exchange) {
                String query = exchange.getRequestURI().getRawQuery();
                String src = URLDecoder.decode(query.substring("src=".length()), StandardCharsets.UTF_8);
                byte[] body = String.format(PAGE, Html.of("{}", src)).getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/html; charset=UTF-8");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        server.start();
        return site;
    }

    /** This site's origin, as a browser writes it. */
    String origin() {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort();
    }

    /** The address of the page that frames {@code src}. */
    String framing(String src) {
        return origin() + "/frame?src=" + java.net.URLEncoder.encode(src, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
    }
}
