package org.signet.web.admin;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.signet.http.Request;
import org.signet.service.AcceptedFile;
import org.signet.service.DraftDetails;

/**
 * How the upload page receives a new document's file: as {@code POST /documents/upload} does, under the same limits,
 * intake checks and text parts, its title defaulting the same way. The pages declare what they need and the
 * wiring hands them the REST interface's own receiver, so the two never drift apart.
 */
@FunctionalInterface
public interface PageUpload {
    /** The text parts the page's form sends besides the upload's own. */
    Set<String> FORM_FIELDS = Set.of("csrf");

    /** A stored file and what the upload's text parts say about the draft. */
    record Draft(AcceptedFile file, DraftDetails details) {}

    /**
     * Receives the request's upload; {@code first} sees its text parts (the page's among them) before anything
     * is read from the file or stored, and may refuse it.
     */
    Draft receive(Request req, Consumer<Map<String, String>> first) throws IOException;
}
