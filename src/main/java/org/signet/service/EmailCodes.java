package org.signet.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.signet.crypto.Passwords;
import org.signet.domain.Actor;
import org.signet.domain.EmailAddress;
import org.signet.domain.EmailCode;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.files.FileVault;
import org.signet.mail.OneTimeCodes;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.EmailCodeMailStore;
import org.signet.store.EmailCodeStore;

/**
 * The one-time codes mailed to a signer whose link asks for one: at most one mail a minute and five in
 * 24 hours per signer, each code valid for 10 minutes and once, a new one replacing the last. The
 * database keeps only a code's digest; the code itself is held until its mail is handed to the mail
 * server, and is never answered, logged or written anywhere else: in memory where Signet is the
 * database's only process (SQLite), sealed under the master key in the database where several instances
 * share it (PostgreSQL), since any of them may send the mail.
 */
public final class EmailCodes {
    static final long RESEND_SECONDS = 60;
    static final int MAX_PER_DAY = 5;
    static final long DAY_SECONDS = 24 * 3600;
    static final long VALID_SECONDS = 10 * 60;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Database db;
    private final DocumentStore documents;
    private final EmailCodeStore codes;
    private final AuditStore audit;
    private final Notifications notify;
    private final Clock clock;
    /** Codes whose mail may still be going out, by the ticket its placeholder names. */
    private final Held held;

    /** A code sent: the address it went to, as the page may show it, and how long the code is valid. */
    public record Sent(String maskedEmail, long expiresIn) {}

    /** Codes held in this process's memory until their mail goes out: for the database's only process. */
    public EmailCodes(Database db, EmailCodeStore codes, DocumentStore documents, AuditStore audit, Notifications notify,
            Clock clock) {
        this(db, codes, documents, audit, notify, clock, new InMemory());
    }

    /** Codes held sealed in the database ({@code mail}, sealed by {@code vault}), for instances that share it. */
    public EmailCodes(Database db, EmailCodeStore codes, DocumentStore documents, AuditStore audit, Notifications notify,
            Clock clock, EmailCodeMailStore mail, FileVault vault) {
        this(db, codes, documents, audit, notify, clock, new InDatabase(mail, vault));
    }

    private EmailCodes(Database db, EmailCodeStore codes, DocumentStore documents, AuditStore audit,
            Notifications notify, Clock clock, Held held) {
        this.held = held;
        this.db = db;
        this.documents = documents;
        this.codes = codes;
        this.audit = audit;
        this.notify = notify;
        this.clock = clock;
    }

    /**
     * Mails the signer a new code, which replaces any code waiting, with the {@code email_code_sent}
     * audit event in the same transaction; 429 {@code code_daily_limit} or {@code code_wait} (with the
     * seconds to wait) when the limits say no mail now.
     */
    Sent send(SignerLink link, Visit visit) {
        Signer s = link.signer();
        // Refused before the hash: asks flooding in within the minute must not cost a fifth of a second each.
        requireAllowed(codes.find(s.id()), now());
        String code = String.format("%06d", RANDOM.nextInt(1_000_000));
        // PBKDF2 takes a fifth of a second: before the transaction, not holding every writer up.
        String hash = Passwords.hash(code.toCharArray());
        long ticket = RANDOM.nextLong() & Long.MAX_VALUE;
        return db.inTransaction(() -> {
            documents.lock(link.document().id());
            long now = now();
            EmailCode next = next(codes.find(s.id()), s.id(), hash, now);
            codes.save(next);
            held.forget(s.id(), now);
            held.put(ticket, s.id(), code, next.expiresAt());
            notify.emailCode(link.document(), s, OneTimeCodes.placeholder(ticket));
            audit.record(link.document().id(), "email_code_sent",
                    Actor.signer(s.id(), s.name(), visit.ip(), visit.userAgent()), null);
            return new Sent(EmailAddress.masked(s.email()), VALID_SECONDS);
        });
    }

    /**
     * The row after one more mail at {@code now}, if the limits allow it: asked again under the document's
     * lock, since another ask may have been mailed while this one's code was hashed.
     */
    private static EmailCode next(Optional<EmailCode> before, long signerId, String hash, long now) {
        requireAllowed(before, now);
        if (newWindow(before, now)) {
            return new EmailCode(signerId, hash, now + VALID_SECONDS, now, now, 1);
        }
        EmailCode b = before.get();
        return new EmailCode(signerId, hash, now + VALID_SECONDS, now, b.windowStart(), b.windowCount() + 1);
    }

    /** Whether a mail at {@code now} starts a new 24 hours: the first ever, or the first a day after the last window began. */
    private static boolean newWindow(Optional<EmailCode> before, long now) {
        return before.isEmpty() || now >= before.get().windowStart() + DAY_SECONDS;
    }

    /** 429 when the mails already sent ({@code before}) allow none at {@code now}. */
    private static void requireAllowed(Optional<EmailCode> before, long now) {
        if (newWindow(before, now)) {
            return;
        }
        EmailCode b = before.get();
        if (b.windowCount() >= MAX_PER_DAY) {
            throw Refusal.tooMany("code_daily_limit", "Five codes have been sent in 24 hours; ask again later.",
                    b.windowStart() + DAY_SECONDS - now);
        }
        if (now < b.sentAt() + RESEND_SECONDS) {
            throw Refusal.tooMany("code_wait", "A code was sent less than a minute ago; wait before asking again.",
                    b.sentAt() + RESEND_SECONDS - now);
        }
    }

    /** Whether a code sent to the signer may still be typed: the page then asks for it. */
    boolean waiting(Signer s) {
        long now = now();
        return codes.find(s.id()).filter(c -> c.waiting(now)).isPresent();
    }

    /**
     * Whether {@code typed} is the code waiting for the signer, compared in constant time; 400
     * {@code code_expired} when none is waiting (never sent, used, or past its 10 minutes).
     */
    boolean matches(Signer s, String typed) {
        EmailCode c = codes.find(s.id()).filter(found -> found.waiting(now())).orElseThrow(
                () -> Refusal.invalid("code_expired", "No code is waiting for this link; ask for a new one."));
        return Passwords.verify(typed.toCharArray(), c.codeHash());
    }

    /**
     * The waiting code works no more (it opened the link, or the link locked), and a mail of it still
     * queued is not sent.
     */
    void end(Signer s) {
        codes.used(s.id());
        held.forget(s.id(), now());
    }

    /** The code a queued mail's placeholder names, while it may still be typed; for the mail sender. */
    public Optional<String> forMail(long ticket) {
        return held.code(ticket, now());
    }

    private long now() {
        return clock.millis() / 1000;
    }

    /** Where codes wait for their mail, by ticket. */
    private interface Held {
        void put(long ticket, long signerId, String code, long expiresAt);

        /** The code of {@code ticket} if it is still valid at {@code now}. */
        Optional<String> code(long ticket, long now);

        /** Forgets the signer's code, and every code expired by {@code now}. */
        void forget(long signerId, long now);
    }

    private static final class InMemory implements Held {
        private record Entry(long signerId, String code, long expiresAt) {}

        private final Map<Long, Entry> entries = new ConcurrentHashMap<>();

        @Override
        public void put(long ticket, long signerId, String code, long expiresAt) {
            entries.put(ticket, new Entry(signerId, code, expiresAt));
        }

        @Override
        public Optional<String> code(long ticket, long now) {
            Entry e = entries.get(ticket);
            return e == null || e.expiresAt() <= now ? Optional.empty() : Optional.of(e.code());
        }

        @Override
        public void forget(long signerId, long now) {
            entries.values().removeIf(e -> e.signerId() == signerId || e.expiresAt() <= now);
        }
    }

    /** Sealed under the master key, as signing tokens are: the database never holds a code in clear. */
    private static final class InDatabase implements Held {
        private static final String CONTEXT = "email-code";
        private final EmailCodeMailStore store;
        private final FileVault vault;

        InDatabase(EmailCodeMailStore store, FileVault vault) {
            this.store = store;
            this.vault = vault;
        }

        @Override
        public void put(long ticket, long signerId, String code, long expiresAt) {
            store.put(ticket, signerId, vault.seal(padded(code), CONTEXT), expiresAt);
        }

        @Override
        public Optional<String> code(long ticket, long now) {
            return store.find(ticket, now).map(sealed -> {
                try {
                    return unpadded(vault.unseal(sealed, CONTEXT));
                } catch (IOException e) {
                    throw new UncheckedIOException("an emailed code does not open with this master key", e);
                }
            });
        }

        @Override
        public void forget(long signerId, long now) {
            store.deleteForSigner(signerId, now);
        }
    }

    /**
     * The vault seals 32-byte secrets: the code's length, the code, then random bytes, so that two
     * equal codes are not sealed alike.
     */
    static byte[] padded(String code) {
        byte[] digits = code.getBytes(StandardCharsets.UTF_8);
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        secret[0] = (byte) digits.length;
        System.arraycopy(digits, 0, secret, 1, digits.length);
        return secret;
    }

    /** The code {@link #padded} sealed. */
    static String unpadded(byte[] secret) {
        return new String(secret, 1, secret[0], StandardCharsets.UTF_8);
    }
}
