package org.signet.support;

/** A signer added through the REST interface: its id, who it is, and its personal signing link. */
public record Party(String id, String name, String email, String url) {
    /** The token at the end of the signing link, without the {@code ?lang=} a link may carry. */
    public String token() {
        String path = url.contains("?") ? url.substring(0, url.indexOf('?')) : url;
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
