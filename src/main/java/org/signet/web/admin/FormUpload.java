package org.signet.web.admin;

import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.signet.http.Request;
import org.signet.service.AcceptedFile;
import org.signet.service.AdminSessions;
import org.signet.service.AdminSessions.Session;

/**
 * How a page receives a form that carries a file: through the REST interface's own upload receiver, under its limits,
 * intake checks and refusals, reading the form's text parts before the file is stored. The wiring hands the pages that
 * receiver, so a page and the REST interface never accept or refuse an upload differently.
 */
@FunctionalInterface
public interface FormUpload {
    /** The text part with the session's CSRF token, which the pages' form reader cannot see in a multipart body. */
    String CSRF = "csrf";

    /** What the pages' file choosers offer for a document's file; the intake decides by the bytes whatever is sent. */
    String DOCUMENT_TYPES = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

    /** A stored file and what the form's text parts were read as. */
    record Received<T>(AcceptedFile file, T text) {}

    /**
     * Receives the request's upload; {@code read} turns the text parts named in {@code fields} into what the page goes
     * on with, and may refuse them, before the file goes through the intake, so a refused form stores nothing.
     */
    <T> Received<T> receive(Request req, Set<String> fields, Function<Map<String, String>, T> read) throws IOException;

    /**
     * As {@link #receive}, for a page's form: its CSRF token is read among the text parts and a stale one refused
     * ({@code csrf}, 403) before {@code read} sees them or anything is stored.
     */
    default <T> Received<T> receiveForm(Request req, Session s, Set<String> fields,
            Function<Map<String, String>, T> read) throws IOException {
        Set<String> named = new HashSet<>(fields);
        named.add(CSRF);
        return receive(req, named, text -> {
            if (!AdminSessions.csrfMatches(s, text.get(CSRF))) {
                throw AdminRoutes.csrfRefusal();
            }
            return read.apply(text);
        });
    }
}
