package org.signet.web.admin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.multipart.MultipartException;
import org.signet.http.multipart.MultipartIOException;
import org.signet.http.multipart.MultipartReader;
import org.signet.http.multipart.Part;

/**
 * The bulk send's posted form (multipart, so that it may carry a file): its CSRF token, what it asks for (check or
 * send), and the rows as a chosen CSV file or as text pasted into it, the file winning when one was chosen. Each is
 * read up to one byte past the interface's limit on a bulk send's CSV file, which then refuses it as too large.
 */
record BulkForm(String csrf, String change, byte[] csv) {
    /** One byte more than {@code BulkSendsApi}'s limit, so that a larger file reaches its refusal. */
    static final int MAX_CSV = (8 << 20) + 1;
    private static final int MAX_SHORT = 200;
    /** Room for the two CSV parts and the form's framing and short parts. */
    private static final long MAX_BODY = 2L * MAX_CSV + (64 << 10);

    static BulkForm read(Request req) throws IOException {
        String type = Optional.ofNullable(req.header("Content-Type")).orElse("");
        if (!type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
            throw Refusal.invalid("invalid_form", "The form was not sent as a form.");
        }
        String csrf = null;
        String change = "check";
        byte[] pasted = new byte[0];
        byte[] file = new byte[0];
        try (InputStream body = req.bodyStream()) {
            MultipartReader reader = new MultipartReader(body, MultipartReader.boundaryOf(type), MAX_BODY);
            for (Optional<Part> next = reader.next(); next.isPresent(); next = reader.next()) {
                Part part = next.get();
                switch (part.name()) {
                    case "csrf" -> csrf = part.readText(MAX_SHORT);
                    case "change" -> change = part.readText(MAX_SHORT);
                    case "csv" -> pasted = part.content().readNBytes(MAX_CSV);
                    case "file" -> file = part.content().readNBytes(MAX_CSV);
                    default -> { }
                }
            }
        } catch (MultipartException e) {
            throw malformed(e.tooLarge());
        } catch (MultipartIOException e) {
            throw malformed(e.reason().tooLarge());
        }
        return new BulkForm(csrf, change, file.length > 0 ? file : pasted);
    }

    /** The rows as text, to show again in the form. */
    String text() {
        return new String(csv, StandardCharsets.UTF_8);
    }

    private static Refusal malformed(boolean tooLarge) {
        return tooLarge ? new Refusal(Refusal.Kind.TOO_LARGE, "file_too_large", "The form is larger than the limit of "
                + MAX_BODY + " bytes.", Map.of("max_bytes", MAX_BODY))
                : Refusal.invalid("invalid_form", "The form could not be read.");
    }
}
