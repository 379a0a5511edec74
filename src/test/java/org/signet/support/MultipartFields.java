package org.signet.support;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A multipart/form-data body (RFC 7578) read as the object its description's schema speaks of: each
 * part's name with its text (a file part with an empty string, its bytes being no schema's business).
 * Written apart from Signet's own reader so that the contract check does not trust what it checks.
 */
final class MultipartFields {
    private static final Pattern BOUNDARY = Pattern.compile("(?i);\\s*boundary=(\"([^\"]+)\"|[^;\\s]+)");
    private static final Pattern NAME = Pattern.compile("(?i)[;\\s]name=\"([^\"]*)\"");
    private static final Pattern FILENAME = Pattern.compile("(?i)[;\\s]filename=\"");

    private MultipartFields() {}

    /** The parts by name (the first of each), or empty with the reason in {@code out} when the body is not multipart. */
    static Optional<ObjectNode> read(String contentType, byte[] body, List<String> out) {
        Matcher m = BOUNDARY.matcher(contentType);
        if (!m.find()) {
            out.add("multipart Content-Type without a boundary");
            return Optional.empty();
        }
        byte[] delimiter = ("--" + (m.group(2) != null ? m.group(2) : m.group(1))).getBytes(StandardCharsets.US_ASCII);
        ObjectNode fields = JsonNodeFactory.instance.objectNode();
        int at = indexOf(body, delimiter, 0);
        if (at < 0 || at > 0 && (at < 2 || body[at - 2] != '\r' || body[at - 1] != '\n')) {
            out.add("multipart body without its first boundary");
            return Optional.empty();
        }
        while (true) {
            int afterDelimiter = at + delimiter.length;
            if (startsWith(body, afterDelimiter, "--")) {
                return Optional.of(fields);
            }
            if (!startsWith(body, afterDelimiter, "\r\n")) {
                out.add("multipart boundary not followed by a line break");
                return Optional.empty();
            }
            int headEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), afterDelimiter + 2);
            int next = indexOf(body, ("\r\n" + new String(delimiter, StandardCharsets.US_ASCII))
                    .getBytes(StandardCharsets.US_ASCII), afterDelimiter);
            if (headEnd < 0 || next < 0 || headEnd > next) {
                out.add("multipart body ends inside a part, without the closing boundary");
                return Optional.empty();
            }
            String head = new String(body, afterDelimiter + 2, headEnd - afterDelimiter - 2, StandardCharsets.UTF_8);
            if (!part(head, new String(body, headEnd + 4, next - headEnd - 4, StandardCharsets.UTF_8), fields, out)) {
                return Optional.empty();
            }
            at = next + 2;
        }
    }

    private static boolean part(String head, String content, ObjectNode fields, List<String> out) {
        String disposition = head.lines().filter(l -> l.regionMatches(true, 0, "Content-Disposition:", 0, 20))
                .findFirst().orElse("");
        Matcher name = NAME.matcher(disposition);
        if (!disposition.toLowerCase().contains("form-data") || !name.find()) {
            out.add("a multipart part without Content-Disposition: form-data and a name");
            return false;
        }
        if (!fields.has(name.group(1))) {
            fields.put(name.group(1), FILENAME.matcher(disposition).find() ? "" : content);
        }
        return true;
    }

    private static boolean startsWith(byte[] body, int at, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        if (at + b.length > body.length) {
            return false;
        }
        for (int i = 0; i < b.length; i++) {
            if (body[at + i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] body, byte[] needle, int from) {
        outer:
        for (int i = from; i <= body.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (body[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
