package org.signet.http;

import org.signet.crypto.Tokens;

/**
 * Entity tags for answers a client may keep a copy of (the pages' scripts and stylesheets, a document's progress):
 * the tag is a digest of the bytes, and a request that names it in {@code If-None-Match} gets a 304 without a body
 * (RFC 9110 sections 8.8.3 and 13.1.2), so an unchanged answer costs a few bytes.
 */
public final class EntityTags {
    private EntityTags() {}

    /** A strong tag of {@code bytes}: the first 128 bits of their SHA-256, quoted. */
    public static String of(byte[] bytes) {
        return "\"" + Tokens.sha256Hex(bytes).substring(0, 32) + "\"";
    }

    /** Whether the copy a client holds, named in {@code ifNoneMatch} (a list, weak or strong), is {@code etag}. */
    public static boolean unchanged(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String held = tag.strip();
            if (held.equals("*") || (held.startsWith("W/") ? held.substring(2) : held).equals(etag)) {
                return true;
            }
        }
        return false;
    }

    /** {@code bytes} as {@code contentType} with their tag {@code etag}, or a 304 when {@code req} holds them already. */
    public static Response answer(Request req, String contentType, byte[] bytes, String etag) {
        Response response = unchanged(req.header("If-None-Match"), etag) ? Response.bytes(304, null, new byte[0])
                : Response.bytes(200, contentType, bytes);
        return response.header("ETag", etag);
    }
}
