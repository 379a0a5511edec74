package org.signet.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;
import org.signet.error.Refusal;

/**
 * The answers a certificate authority fetches over plain HTTP to see that this host asks for its
 * certificate (ACME's http-01 challenge): {@code /.well-known/acme-challenge/<token>} from the folder
 * a client such as {@code certbot certonly --webroot -w <folder>} writes them to. With Signet on
 * port 80 itself (the redirect port) nothing else could answer them, and renewals would fail.
 */
final class AcmeChallenges {
    static final String PREFIX = "/.well-known/acme-challenge/";
    /** A token is base64url; anything else (a dot, a slash) never reaches the file system. */
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{1,256}");
    private static final long MAX_BYTES = 64 * 1024;

    private final Optional<Path> webroot;

    /** {@code webroot} is the folder given to the ACME client; empty when there is none. */
    AcmeChallenges(Optional<Path> webroot) {
        this.webroot = webroot;
    }

    /** Whether {@code path} asks for a challenge this Signet answers (or refuses), rather than a redirect. */
    boolean covers(String path) {
        return webroot.isPresent() && path.startsWith(PREFIX);
    }

    /** The challenge's content as plain text; 404 when the token is malformed or no such file is waiting. */
    Response answer(String path) {
        String token = path.substring(PREFIX.length());
        if (!TOKEN.matcher(token).matches()) {
            throw Refusal.noRoute();
        }
        Path file = webroot.orElseThrow().resolve(".well-known").resolve("acme-challenge").resolve(token);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_BYTES) {
                throw Refusal.noRoute();
            }
            return Response.bytes(200, "text/plain; charset=UTF-8", Files.readAllBytes(file));
        } catch (IOException e) {
            throw Refusal.noRoute();
        }
    }
}
