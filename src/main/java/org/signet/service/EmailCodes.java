package org.signet.service;

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
import org.signet.mail.OneTimeCodes;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.EmailCodeStore;

/**
 * The one-time codes mailed to a signer whose link asks for one: at most one mail a minute and five in
 * 24 hours per signer, each code valid for 10 minutes and once, a new one replacing the last. The
 * database keeps only a code's digest; the code itself is held in memory until its mail is handed to
 * the mail server, and is never answered, logged or written anywhere else.
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
    private final Map<Long, Held> held = new ConcurrentHashMap<>();

    private record Held(long signerId, String code, long expiresAt) {}

    /** A code sent: the address it went to, as the page may show it, and how long the code is valid. */
    public record Sent(String maskedEmail, long expiresIn) {}

    public EmailCodes(Database db, EmailCodeStore codes, DocumentStore documents, AuditStore audit, Notifications notify,
            Clock clock) {
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
        String code = String.format("%06d", RANDOM.nextInt(1_000_000));
        // PBKDF2 takes a fifth of a second: before the transaction, not holding every writer up.
        String hash = Passwords.hash(code.toCharArray());
        long ticket = RANDOM.nextLong() & Long.MAX_VALUE;
        return db.inTransaction(() -> {
            documents.lock(link.document().id());
            long now = now();
            EmailCode next = next(codes.find(s.id()), s.id(), hash, now);
            codes.save(next);
            held.values().removeIf(h -> h.signerId() == s.id() || h.expiresAt() <= now);
            held.put(ticket, new Held(s.id(), code, next.expiresAt()));
            notify.emailCode(link.document(), s, OneTimeCodes.placeholder(ticket));
            audit.record(link.document().id(), "email_code_sent",
                    Actor.signer(s.id(), s.name(), visit.ip(), visit.userAgent()), null);
            return new Sent(EmailAddress.masked(s.email()), VALID_SECONDS);
        });
    }

    /** The row after one more mail at {@code now}, if the limits allow it. */
    private static EmailCode next(Optional<EmailCode> before, long signerId, String hash, long now) {
        if (before.isEmpty() || now >= before.get().windowStart() + DAY_SECONDS) {
            return new EmailCode(signerId, hash, now + VALID_SECONDS, now, now, 1);
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
        return new EmailCode(signerId, hash, now + VALID_SECONDS, now, b.windowStart(), b.windowCount() + 1);
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

    /** The code opened the link: it works no more, and a mail of it still queued is not sent. */
    void used(Signer s) {
        codes.used(s.id());
        held.values().removeIf(h -> h.signerId() == s.id());
    }

    /** The code a queued mail's placeholder names, while it may still be typed; for the mail sender. */
    public Optional<String> forMail(long ticket) {
        Held h = held.get(ticket);
        return h == null || h.expiresAt() <= now() ? Optional.empty() : Optional.of(h.code());
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
