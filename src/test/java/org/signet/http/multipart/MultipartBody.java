package org.signet.http.multipart;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;

/** Builds test bodies the way a browser does (RFC 7578 §4.1). */
final class MultipartBody {
    private final String boundary;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    MultipartBody(String boundary) {
        this.boundary = boundary;
    }

    MultipartBody text(String name, String value) {
        return raw("Content-Disposition: form-data; name=\"" + name + "\"\r\n", value.getBytes(UTF_8));
    }

    MultipartBody file(String name, String filename, String type, byte[] content) {
        return raw("Content-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename
                + "\"\r\nContent-Type: " + type + "\r\n", content);
    }

    MultipartBody raw(String headers, byte[] content) {
        out.writeBytes(("--" + boundary + "\r\n" + headers + "\r\n").getBytes(UTF_8));
        out.writeBytes(content);
        out.writeBytes("\r\n".getBytes(UTF_8));
        return this;
    }

    byte[] close() {
        out.writeBytes(("--" + boundary + "--").getBytes(UTF_8));
        return out.toByteArray();
    }
}

