package org.signet.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** {@code Content-Disposition: attachment} with an ASCII fallback name and the UTF-8 name of RFC 6266 §4.3. */
public final class ContentDisposition {
    private ContentDisposition() {}

    public static String attachment(String filename) {
        String ascii = filename.replaceAll("[^\\x20-\\x7e]", "_").replace("\\", "_").replace("\"", "'");
        // URLEncoder leaves '*' as is, but RFC 8187 §3.2.1 attr-char does not allow it.
        String encoded = URLEncoder.encode(filename, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A");
        return "attachment; filename=\"" + ascii + "\"; filename*=UTF-8''" + encoded;
    }
}
