package org.signet.web.admin;

import org.signet.http.Request;
import org.signet.text.Html;

/** What the drafting pages just did, named by {@code ?notice=} among their own words only, as every page's notice is. */
final class ComposeNotice {
    private ComposeNotice() {}

    static Html of(AdminView v, Request req) {
        return req.query("notice").filter(n -> n.matches("[a-z_]{1,40}"))
                .filter(n -> v.m.find("compose.notice." + n).isPresent())
                .map(n -> v.notice("compose.notice." + n)).orElse(Html.EMPTY);
    }
}
