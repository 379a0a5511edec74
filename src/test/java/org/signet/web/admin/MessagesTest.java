package org.signet.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.signet.domain.DocumentStatus;
import org.signet.domain.FactorChange;
import org.signet.domain.FieldType;
import org.signet.domain.Language;
import org.signet.domain.SignInMethod;
import org.signet.domain.Signer;
import org.signet.domain.WebhookDelivery;
import org.signet.error.Refusal;
import org.signet.store.StatsStore;
import org.signet.text.Messages;

/** Every message the administrator pages ask for exists: the literal keys in the sources, and the keys made from enum values. */
class MessagesTest {
    private static final Messages M = Messages.of("web/admin/messages", Language.BASE);
    private static final Pattern KEY = Pattern.compile("\"([a-z_]+\\.[a-z_]+(?:\\.[a-z_]+)?)\"");

    @Test
    void get_everyLiteralKeyInThePages_exists() throws IOException {
        List<String> missing = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("src/main/java/org/signet/web/admin"))) {
            for (Path f : files.toList()) {
                Matcher m = KEY.matcher(Files.readString(f));
                while (m.find()) {
                    String key = m.group(1);
                    if (!key.startsWith("web.") && !key.contains("properties") && M.find(key).isEmpty()) {
                        missing.add(f.getFileName() + ": " + key);
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void get_everyKeyMadeFromAnEnumValue_exists() {
        List<String> keys = new ArrayList<>();
        StatsStore.COUNTERS.forEach(c -> keys.add("state." + c));
        keys.add("state.total");
        for (DocumentStatus s : DocumentStatus.values()) {
            keys.add("state." + s.wire());
        }
        for (Signer.Status s : Signer.Status.values()) {
            keys.add("signer." + s.wire());
        }
        for (Signer.Role r : Signer.Role.values()) {
            keys.add("role." + r.wire());
        }
        for (FieldType t : FieldType.values()) {
            keys.add("field." + t.wire());
        }
        for (WebhookDelivery.Status s : WebhookDelivery.Status.values()) {
            keys.add("delivery." + s.wire());
        }
        for (Language l : Language.values()) {
            keys.add("account.language." + l.code());
        }
        for (Refusal.Kind k : Refusal.Kind.values()) {
            keys.add("error." + k.name().toLowerCase(java.util.Locale.ROOT));
        }
        for (SignInMethod m : SignInMethod.values()) {
            keys.add("record." + m.code());
        }
        for (FactorChange c : FactorChange.values()) {
            keys.add("record." + c.code());
        }
        assertEquals(List.of(), keys.stream().filter(k -> M.find(k).isEmpty()).toList());
    }

    @Test
    void get_fillsArgumentsAndRefusesUnknownKeys() {
        assertEquals("Page 2 of 5", M.get("pager.position", 2, 5));
        assertThrows(IllegalArgumentException.class, () -> M.get("no.such_key"));
        assertTrue(M.keys().size() > 100);
    }
}
