package org.signet.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/** The probe against a real JDK server, and against a port nobody listens on. */
class HttpProbeTest {
    @Test
    void status_serverAnswers_itsStatusCode() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", x -> {
            byte[] body = "not yet".getBytes();
            x.sendResponseHeaders(x.getRequestURI().getPath().equals("/healthz") ? 503 : 404, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
        try {
            assertEquals(503, HttpProbe.status(server.getAddress().getPort(), "/healthz"));
            assertEquals(404, HttpProbe.status(server.getAddress().getPort(), "/other"));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void status_nothingListens_minusOne() throws IOException {
        assertEquals(-1, HttpProbe.status(ChildProcess.freePort(), "/healthz"));
    }
}
