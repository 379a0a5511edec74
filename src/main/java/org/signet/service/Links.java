package org.signet.service;

import java.util.function.Supplier;

/** Public addresses built from {@code site.url}, which by default is known only once the port is bound. */
public final class Links {
    private final Supplier<String> siteUrl;

    public Links(Supplier<String> siteUrl) {
        this.siteUrl = siteUrl;
    }

    public String site() {
        return siteUrl.get();
    }

    /** S7: {@code {site.url}/sign/{token}}. */
    public String signing(String token) {
        return siteUrl.get() + "/sign/" + token;
    }
}
