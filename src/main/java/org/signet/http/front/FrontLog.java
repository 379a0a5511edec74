package org.signet.http.front;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.log.RequestLogRecord;

/** What the front tells the access log: requests it answered itself and connections it ended. */
final class FrontLog {
    private static final Logger LOG = Logger.getLogger("signet.access");

    void rejected(Rejection r, String requestId) {
        LOG.log(new RequestLogRecord(LOG.getName(), Level.INFO, "- - " + r.status() + " 0ms key=- rid=" + requestId
                + " (" + r.code() + ")", requestId));
    }

    void slow(String address) {
        LOG.info("connection from " + address + " closed: slower than the minimum transfer rate");
    }

    void aborted(String address, String why) {
        LOG.info("connection from " + address + " closed: " + why);
    }
}
