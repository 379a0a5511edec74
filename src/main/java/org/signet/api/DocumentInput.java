package org.signet.api;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.http.Body;
import org.signet.json.Json;

/** Reads and checks a document's client-set details: title, expires_at, reminder_interval_days, status. */
public final class DocumentInput {
    private final Wire wire;
    private final Clock clock;

    /** Details given at creation; null means not given. */
    public record Details(String title, Long expiresAt, Integer reminderIntervalDays) {}

    /** A PUT: the resulting details, and the status asked for, if any. */
    public record Update(Optional<DocumentStatus> status, String title, Long expiresAt, Integer reminderIntervalDays,
            Map<String, Object> changed) {
        public boolean changesDetails() {
            return !changed.isEmpty();
        }

        public String describe() {
            return Json.write(changed);
        }
    }

    public DocumentInput(Wire wire, Clock clock) {
        this.wire = wire;
        this.clock = clock;
    }

    /** The text parts of an upload. */
    /** The text parts of an upload; an empty part (as HTML forms send) counts as not given. */
    Details fromText(Map<String, String> text) {
        Map<String, Object> values = new LinkedHashMap<>();
        text.forEach((k, v) -> {
            if (!v.isBlank()) {
                values.put(k, v);
            }
        });
        return fromBody(new Body(values));
    }

    Details fromBody(Body b) {
        String title = b.optString("title").map(t -> checkTitle(b, t)).orElse(null);
        Long expires = expiresAt(b).orElse(null);
        Integer reminder = b.optLong("reminder_interval_days", 1, 30).map(Long::intValue).orElse(null);
        b.check();
        return new Details(title, expires, reminder);
    }

    Update forUpdate(Body b, Document d) {
        Map<String, Object> changed = new LinkedHashMap<>();
        String title = b.optString("title").map(t -> checkTitle(b, t)).orElse(d.title());
        Long expires = b.isNull("expires_at") ? null : expiresAt(b).orElse(d.expiresAt());
        Integer reminder = b.isNull("reminder_interval_days") ? null
                : b.optLong("reminder_interval_days", 1, 30).map(Long::intValue).orElse(d.reminderIntervalDays());
        Optional<DocumentStatus> status = b.optString("status").map(s -> DocumentStatus.fromWire(s).orElseGet(() -> {
            b.reject("status", "status is not one of draft, sent, viewed, completed, declined, expired.");
            return null;
        }));
        b.check();
        note(changed, "title", d.title(), title);
        note(changed, "expires_at", wire.time(d.expiresAt()), wire.time(expires));
        note(changed, "reminder_interval_days", d.reminderIntervalDays(), reminder);
        return new Update(status, title, expires, reminder, changed);
    }

    private static void note(Map<String, Object> changed, String key, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            changed.put(key, after);
        }
    }

    private static String checkTitle(Body b, String t) {
        String title = t.strip();
        if (title.isEmpty() || title.length() > 255 || title.chars().anyMatch(Character::isISOControl)) {
            b.reject("title", "title must be 1 to 255 characters, without line breaks or control characters.");
            return null;
        }
        return title;
    }

    private Optional<Long> expiresAt(Body b) {
        return b.optString("expires_at").filter(s -> !s.isBlank()).map(s -> {
            try {
                long t = wire.parseTime(s);
                if (t <= clock.millis() / 1000) {
                    b.reject("expires_at", "expires_at must be in the future.");
                }
                return t;
            } catch (IllegalArgumentException e) {
                b.reject("expires_at", "expires_at must be a timestamp of the form YYYY-MM-DD HH:MM:SS.");
                return null;
            }
        });
    }
}
