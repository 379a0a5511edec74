package org.signet.http.front;

import java.util.logging.Logger;

/** What the front tells the access log: requests it answered itself and connections it ended. */
final class FrontLog {
    private static final Logger LOG = Logger.getLogger("signet.access");

    void rejected(Rejection r, String requestId) {
        LOG.info("- - " + r.status() + " 0ms key=- rid=" + requestId + " (" + r.code() + ")");
    }

    void slow(String address) {
        LOG.info("connection from " + address + " closed: slower than the minimum transfer rate");
    }

    void aborted(String address, String why) {
        LOG.info("connection from " + address + " closed: " + why);
    }
}
