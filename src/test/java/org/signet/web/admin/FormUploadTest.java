package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.service.AdminSessions.Session;

/** A page's form received through the upload: its CSRF token checked among the text parts before the page reads any. */
class FormUploadTest {
    private static final Session SESSION = new Session(null, "session-token", false);

    /** A receiver handing {@code read} the parts it was asked for, as the REST receiver does, recording the names. */
    private static final class Sending implements FormUpload {
        final Map<String, String> parts;
        final List<Set<String>> asked = new ArrayList<>();

        Sending(Map<String, String> parts) {
            this.parts = parts;
        }

        @Override
        public <T> Received<T> receive(Request req, Set<String> fields, Function<Map<String, String>, T> read) {
            asked.add(Set.copyOf(fields));
            Map<String, String> named = new LinkedHashMap<>(parts);
            named.keySet().retainAll(fields);
            return new Received<>(null, read.apply(named));
        }
    }

    @Test
    void receiveForm_tokenMatches_readsThePageFieldsWithTheToken() throws Exception {
        Sending sending = new Sending(Map.of("csrf", "session-token", "name", "Lease", "other", "x"));

        FormUpload.Received<String> got = sending.receiveForm(null, SESSION, Set.of("name"), text -> text.get("name")
                + " " + text.keySet().size());

        assertEquals("Lease 2", got.text());
        assertEquals(List.of(Set.of("csrf", "name")), sending.asked);
    }

    @Test
    void receiveForm_staleToken_refusedBeforeTheReading() {
        Sending sending = new Sending(Map.of("csrf", "stale", "title", "Lease"));
        List<Map<String, String>> read = new ArrayList<>();

        Refusal r = assertThrows(Refusal.class, () -> sending.receiveForm(null, SESSION, Set.of("title"), read::add));

        assertEquals("csrf", r.code());
        assertEquals(403, r.status());
        assertEquals(List.of(), read, "the page read nothing");
    }

    @Test
    void receiveForm_noToken_refused() {
        Sending sending = new Sending(Map.of("title", "Lease"));

        assertEquals("csrf", assertThrows(Refusal.class,
                () -> sending.receiveForm(null, SESSION, Set.of("title"), text -> text)).code());
    }
}
