package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.ExternalRef;
import org.signet.domain.PageSize;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Query;
import org.signet.json.Json;
import org.signet.support.InputDeadline;
import org.signet.support.SignetFixture;
import org.signet.text.Wire;

/**
 * Any request body through the decoding the document, field, paging and webhook endpoints use: the bytes
 * become a {@link Body} or a 400 {@code rest_invalid_json}, and each reader of a Body then gives its
 * command or a 400 refusal with a documented code, whose data the error envelope can write. A
 * {@code Refusal} of another kind, any other exception, or a hang is a finding.
 */
@Tag("jazzer")
class RequestBodyFuzzTest {
    private static final InputDeadline DEADLINE = new InputDeadline(Duration.ofSeconds(5));
    private static final Clock CLOCK = Clock.fixed(SignetFixture.START, ZoneOffset.UTC);
    private static final DocumentInput INPUT = new DocumentInput(new Wire(ZoneOffset.UTC), CLOCK);
    private static final List<PageSize> PAGES = List.of(new PageSize(595, 842), new PageSize(842, 595));
    private static final Document DOCUMENT = new Document(1, 1, "Contract", DocumentStatus.DRAFT, "contract.pdf",
            "application/pdf", PAGES.size(), PAGES, 1, 1, null, "0".repeat(64), null, null, null, null, null, 0, 0,
            null, Document.Seal.NONE, ExternalRef.NONE, false, null, null, null);
    private static final Set<String> BODY_CODES = Set.of("rest_invalid_param", "rest_missing_callback_param",
            "invalid_data", "validation_failed");

    @FuzzTest(maxDuration = "5m")
    void fromJson_anyBody_commandOrDocumentedRefusal(byte[] input) throws Exception {
        DEADLINE.run(() -> decode(input));
    }

    private static void decode(byte[] input) {
        Map<String, Object> values;
        try {
            values = values(Body.fromJson(input));
        } catch (Refusal e) {
            assertEquals(400, e.status());
            assertEquals("rest_invalid_json", e.code());
            return;
        }
        each(values, b -> INPUT.fromBody(b));
        each(values, b -> INPUT.forUpdate(b));
        each(values, b -> INPUT.fromText(textParts(values)));
        each(values, b -> {
            Query q = Query.parse(pagingQuery(values));
            Paging.from(q, 20);
            q.check();
        });
        each(values, b -> FieldInput.parse(b.raw("fields"), DOCUMENT, Set.of(7L, 8L)));
        each(values, b -> FieldInput.parseForTemplate(b.raw("fields"), PAGES, null));
        each(values, WebhooksApi::forCreate);
        each(values, WebhooksApi::forUpdate);
    }

    /** The parsed object, read back from a Body through the only reader that hands out raw values. */
    private static Map<String, Object> values(Body body) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String name : List.of("title", "expires_at", "reminder_interval_days", "status", "page", "per_page",
                "fields", "url", "events", "active")) {
            if (body.has(name)) {
                values.put(name, body.raw(name));
            }
        }
        return values;
    }

    /** The paging members as a query string would carry them: every value is text there. */
    private static String pagingQuery(Map<String, Object> values) {
        StringBuilder q = new StringBuilder();
        for (String name : List.of("page", "per_page")) {
            if (values.get(name) != null) {
                q.append(name).append('=').append(URLEncoder.encode(String.valueOf(values.get(name)),
                        StandardCharsets.UTF_8)).append('&');
            }
        }
        return q.toString();
    }

    /** The string members, as the text parts of an upload would carry them. */
    private static Map<String, String> textParts(Map<String, Object> values) {
        Map<String, String> text = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (v instanceof String s) {
                text.put(k, s);
            }
        });
        return text;
    }

    private static void each(Map<String, Object> values, Consumer<Body> reader) {
        try {
            reader.accept(new Body(values));
        } catch (Refusal r) {
            assertEquals(Refusal.Kind.INVALID, r.kind(), r.getMessage());
            assertTrue(BODY_CODES.contains(r.code()), r.code());
            assertFalse(r.data().isEmpty() && r.code().startsWith("rest_"), "no params named: " + r.getMessage());
            Json.write(Map.of("code", r.code(), "message", r.getMessage(), "data", r.data()));
        }
    }
}
