package org.signet.http.front;

import org.signet.log.AccessLines;

/** What the front tells the access log ({@link AccessLines}): requests it answered itself and connections it ended. */
final class FrontLog {

    void rejected(Rejection r, String requestId) {
        AccessLines.request("-", "-", r.status(), 0, "-", requestId, r.code());
    }

    void slow(String address) {
        AccessLines.connectionClosed(address, "slower than the minimum transfer rate");
    }

    void aborted(String address, String why) {
        AccessLines.connectionClosed(address, why);
    }
}
