package org.signet;

import org.signet.http.HttpService;

/**
 * The server's port and open connections, for what is built before the server starts (the links in mails and
 * pages, {@code /metrics}): they ask only while a request is answered, by when the server is listening.
 */
final class Listening {
    private volatile HttpService http;

    /** Names the server now listening, and returns it. */
    HttpService started(HttpService server) {
        this.http = server;
        return server;
    }

    int port() {
        return server().port();
    }

    int openConnections() {
        return server().openConnections();
    }

    private HttpService server() {
        HttpService server = http;
        if (server == null) {
            throw new IllegalStateException("the server is not listening yet");
        }
        return server;
    }
}
