package org.signet.http.multipart;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The Content-Disposition header of one multipart/form-data part as read: its field name and optional file
 * name (RFC 7578 §4.2). The header Signet writes on a download is another thing, an {@code attachment} made
 * by {@code http.Response.download}.
 */
record FormDataDisposition(String name, Optional<String> filename) {
    private static final String MALFORMED = "malformed Content-Disposition";

    static FormDataDisposition parse(String header) throws MultipartException {
        if (header == null) {
            throw new MultipartException("part has no Content-Disposition");
        }
        HeaderParams parsed = HeaderParams.parse(header, MALFORMED);
        String name = parsed.params().get("name");
        if (!parsed.value().equalsIgnoreCase("form-data") || name == null) {
            throw new MultipartException(MALFORMED);
        }
        String extended = parsed.params().get("filename*");
        if (extended != null) {
            return new FormDataDisposition(name, Optional.of(decodeExtended(extended)));
        }
        return new FormDataDisposition(name, Optional.ofNullable(parsed.params().get("filename")));
    }

    /** Decodes an RFC 5987 §3.2 ext-value: {@code charset'language'percent-encoded}. */
    private static String decodeExtended(String value) throws MultipartException {
        int first = value.indexOf('\'');
        int second = first < 0 ? -1 : value.indexOf('\'', first + 1);
        if (second < 0) {
            throw new MultipartException(MALFORMED);
        }
        String charset = value.substring(0, first);
        Charset cs;
        if (charset.equalsIgnoreCase("UTF-8")) {
            cs = StandardCharsets.UTF_8;
        } else if (charset.equalsIgnoreCase("ISO-8859-1")) {
            cs = StandardCharsets.ISO_8859_1;
        } else {
            throw new MultipartException(MALFORMED + ": unsupported charset in filename*");
        }
        return decode(percentDecode(value.substring(second + 1)), cs);
    }

    private static byte[] percentDecode(String s) throws MultipartException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
                int lo = hi < 0 ? -1 : Character.digit(s.charAt(i + 2), 16);
                if (lo < 0) {
                    throw new MultipartException(MALFORMED + ": bad percent-encoding in filename*");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else if (c > ' ' && c < 0x7f) {
                out.write(c);
            } else {
                throw new MultipartException(MALFORMED + ": bad character in filename*");
            }
        }
        return out.toByteArray();
    }

    private static String decode(byte[] bytes, Charset cs) throws MultipartException {
        try {
            return cs.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new MultipartException(MALFORMED + ": filename* is not valid " + cs.name());
        }
    }
}
