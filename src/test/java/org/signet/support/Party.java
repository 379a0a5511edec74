package org.signet.support;

/** A signer added through the REST interface: its id, who it is, and its personal signing link. */
public record Party(String id, String name, String email, String url) {
    /** The token at the end of the signing link. */
    public String token() {
        return url.substring(url.lastIndexOf('/') + 1);
    }
}
