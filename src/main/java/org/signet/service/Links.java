package org.signet.service;

import java.util.function.Supplier;
import org.signet.domain.Signer;

/** Public addresses built from {@code site.url}, which by default is known only once the port is bound. */
public final class Links {
    private final Supplier<String> siteUrl;

    public Links(Supplier<String> siteUrl) {
        this.siteUrl = siteUrl;
    }

    public String site() {
        return siteUrl.get();
    }

    /**
     * {@code {site.url}/sign/{token}}, with {@code ?lang=xx} when the signer has a language of their own,
     * so the page speaks it even before the token is looked up (and in a browser that asks for another).
     */
    public String signing(Signer s) {
        String link = siteUrl.get() + "/sign/" + s.accessToken();
        return s.language() == null ? link : link + "?lang=" + s.language().code();
    }
}
