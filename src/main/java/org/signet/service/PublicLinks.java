package org.signet.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.crypto.Passwords;
import org.signet.crypto.Tokens;
import org.signet.domain.Actor;
import org.signet.domain.EmailAddress;
import org.signet.domain.ExternalRef;
import org.signet.domain.Principal;
import org.signet.domain.PublicLink;
import org.signet.domain.PublicVisit;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.files.FileVault;
import org.signet.mail.OneTimeCodes;
import org.signet.store.Database;
import org.signet.store.PublicLinkStore;

/**
 * Public links (docs/api/templates.md, Public links): a template's address anyone may open, give a name
 * and an email, prove the email with a mailed code, and sign as the template's only party in a new
 * document of the template's owner, made, sent, audited and sealed as any document from the template.
 * The address's token and the visitor's secret are kept as SHA-256 digests, the code as a PBKDF2 digest
 * and, until its mail goes out, sealed under the master key. The limits per link, per address and per
 * day bound the mail a stranger can make Signet send.
 */
public final class PublicLinks {
    static final long VALID_SECONDS = 10 * 60;
    static final int MAX_ATTEMPTS = 5;
    static final long DAY_SECONDS = 24 * 3600;
    /** What {@link #externalId} prefixes, so the owner can list a link's documents by it. */
    public static final String SOURCE = "public-link:";
    private static final String CONTEXT = "public-link-code";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Database db;
    private final PublicLinkStore store;
    private final Templates templates;
    private final Notifications notify;
    private final FileVault vault;
    private final Links links;
    private final Clock clock;
    private final Limits limits;

    /** How many visits may ask for a code in 24 hours: on one link, for one address, and on all links. */
    public record Limits(int perLink, int perAddress, int perDay) {}

    /** A code mailed: the secret the visitor's browser keeps for the next step, the masked address, the code's life. */
    public record Started(String visitSecret, String maskedEmail, long expiresIn) {}

    /** The address proven: the document made and where its new party signs. */
    public record Proven(long documentId, String signingUrl) {}

    public PublicLinks(Database db, PublicLinkStore store, Templates templates, Notifications notify, FileVault vault,
            Links links, Clock clock, Limits limits) {
        this.db = db;
        this.store = store;
        this.templates = templates;
        this.notify = notify;
        this.vault = vault;
        this.links = links;
        this.clock = clock;
        this.limits = limits;
    }

    /**
     * Turns the template's link on and answers its address; one already on is replaced, its old address
     * answering 404 from then on (only the token's digest is kept, so the old address cannot be shown again).
     * A template with more than one party is refused: a visitor can fill only one place.
     */
    public String enable(Principal p, long templateId) {
        Templates.Detail t = templates.usable(p, templateId);
        if (t.slotNumbers().size() > 1) {
            throw Refusal.invalid("public_link_one_party", "A public link needs a template with one party; this one has "
                    + t.slotNumbers().size() + ".");
        }
        String token = Tokens.base64Url(32);
        db.inTransaction(() -> store.replace(templateId, Tokens.sha256Hex(token), now()));
        return url(token);
    }

    /** Turns the template's link off; 404 when it had none. */
    public void disable(Principal p, long templateId) {
        templates.usable(p, templateId);
        if (!db.inTransaction(() -> store.delete(templateId))) {
            throw Refusal.notFound("Public link");
        }
    }

    /** The address of the link whose token is {@code token}: {@code {site.url}/p/{token}}. */
    private String url(String token) {
        return links.site() + "/p/" + token;
    }

    /** The template's name, for the page a visitor opens; 404 when the link is off or never was. */
    public String templateName(String token) {
        PublicLink link = link(token);
        return templates.get(templates.ownerOf(link.templateId()), link.templateId()).template().name();
    }

    /**
     * Mails {@code email} a code for a new visit, after the limits (429 {@code public_link_limit}, with the
     * seconds until a visit counted falls out of its day); the answer's secret is what {@link #verify} asks.
     */
    public Started start(String token, String name, String email, Visit visit) {
        PublicLink link = link(token);
        Principal owner = templates.ownerOf(link.templateId());
        String templateName = templates.get(owner, link.templateId()).template().name();
        requireRoom(link, email, now());
        String code = String.format("%06d", RANDOM.nextInt(1_000_000));
        // PBKDF2 takes a fifth of a second: before the transaction, not holding every writer up.
        String hash = Passwords.hash(code.toCharArray());
        String secret = Tokens.base64Url(32);
        long ticket = RANDOM.nextLong() & Long.MAX_VALUE;
        return db.inTransaction(() -> {
            long now = now();
            requireRoom(link, email, now);
            store.deleteVisitsBefore(now - 2 * DAY_SECONDS);
            store.insertVisit(new PublicLinkStore.NewVisit(link.id(), Tokens.sha256Hex(secret), name, email, hash,
                    vault.seal(EmailCodes.padded(code), CONTEXT), ticket, now + VALID_SECONDS, now));
            notify.publicLinkCode(templateName, owner.userId(), name, email, OneTimeCodes.placeholder(ticket));
            return new Started(secret, EmailAddress.masked(email), VALID_SECONDS);
        });
    }

    private void requireRoom(PublicLink link, String email, long now) {
        long since = now - DAY_SECONDS;
        if (store.visitsOfLink(link.id(), since) >= limits.perLink()
                || store.visitsOfAddress(email, since) >= limits.perAddress()
                || store.visitsOfAll(since) >= limits.perDay()) {
            throw Refusal.tooMany("public_link_limit", "This link has been used too often for now; try again later.",
                    DAY_SECONDS);
        }
    }

    /**
     * Checks the code the visit holding {@code secret} was mailed (400 {@code code_expired} when none is
     * waiting, {@code invalid_code} with the attempts left when wrong) and, when right, makes the document:
     * the visitor is its one party, it is sent, and the visit names it, all in one transaction, so a code
     * sent twice at once makes one document.
     */
    public Proven verify(String token, String secret, String code, Visit visit) {
        PublicLink link = link(token);
        long now = now();
        PublicVisit v = Optional.ofNullable(secret).flatMap(s -> store.findVisit(link.id(), Tokens.sha256Hex(s)))
                .filter(found -> found.waiting(now, MAX_ATTEMPTS)).orElseThrow(() -> Refusal.invalid("code_expired",
                        "No code is waiting for this visit; give your name and email again."));
        if (!Passwords.verify(code.toCharArray(), v.codeHash())) {
            db.inTransaction(() -> {
                store.wrongCode(v.id());
                return null;
            });
            int left = MAX_ATTEMPTS - v.attempts() - 1;
            throw Refusal.invalid("invalid_code", "The code is not the one that was mailed.",
                    Map.of("attempts_left", left));
        }
        Principal owner = templates.ownerOf(link.templateId());
        Templates.NewDocumentRequest request = new Templates.NewDocumentRequest(null, Map.of(),
                List.of(new Templates.SlotSigner(v.name(), v.email(), null, null, false, Signer.Verification.NONE, null)),
                true, null, new ExternalRef(externalId(link.templateId()), Map.of()), Optional.empty());
        Templates.Created made = templates.createDocument(owner, link.templateId(), request,
                Actor.user(owner.userId(), visit.ip(), visit.userAgent()), d -> {
                    if (!store.proven(v.id(), d.id())) {
                        throw Refusal.invalid("code_expired", "This code has been used already.");
                    }
                });
        Signer party = made.detail().signers().get(0);
        return new Proven(made.detail().document().id(), links.signing(party));
    }

    /** The {@code external_id} of every document the template's public link makes. */
    public static String externalId(long templateId) {
        return SOURCE + templateId;
    }

    /** The code a queued mail's placeholder names, while it may still be typed; for the mail sender. */
    public Optional<String> forMail(long ticket) {
        return store.sealedCode(ticket, now()).map(sealed -> {
            try {
                return EmailCodes.unpadded(vault.unseal(sealed, CONTEXT));
            } catch (IOException e) {
                throw new UncheckedIOException("a public link's code does not open with this master key", e);
            }
        });
    }

    private PublicLink link(String token) {
        return store.findByTokenHash(Tokens.sha256Hex(token)).orElseThrow(() -> Refusal.notFound("Public link"));
    }

    private long now() {
        return clock.millis() / 1000;
    }
}
