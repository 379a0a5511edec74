package org.signet.support;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;

/** Builds multipart/form-data bodies (RFC 7578) for upload tests, including deliberately broken ones. */
public final class Multipart {
    private final String boundary = "----signet-test-boundary-7MA4YWxkTrZu0gW";
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    public Multipart text(String name, String value) {
        write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n");
        return this;
    }

    public Multipart file(String name, String filename, String contentType, byte[] content) {
        write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename
                + "\"\r\nContent-Type: " + contentType + "\r\n\r\n");
        body.writeBytes(content);
        write("\r\n");
        return this;
    }

    /** The finished body, with the closing delimiter. */
    public byte[] bytes() {
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        copy.writeBytes(body.toByteArray());
        copy.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return copy.toByteArray();
    }

    /** The body without its closing delimiter: what a client that stopped mid-upload sends. */
    public byte[] unterminated() {
        return body.toByteArray();
    }

    public String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    /** Sets method, body and Content-Type on a request builder. */
    public HttpRequest.Builder post(HttpRequest.Builder b) {
        return b.header("Content-Type", contentType()).POST(HttpRequest.BodyPublishers.ofByteArray(bytes()));
    }

    private void write(String s) {
        body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }
}
