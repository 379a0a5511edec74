package org.signet.store;

import java.sql.SQLException;
import java.util.Optional;
import org.signet.domain.PublicLink;
import org.signet.domain.PublicVisit;

/** The {@code public_links} and {@code public_link_visits} tables: tokens and codes by their digests only. */
public final class PublicLinkStore {
    private static final String VISIT = "id, link_id, name, email, code_hash, expires_at, attempts, created_at, "
            + "document_id";

    private final Database db;

    public PublicLinkStore(Database db) {
        this.db = db;
    }

    /** A visit to be written: who, the code's digest and sealed form, its mail's ticket, and its times. */
    public record NewVisit(long linkId, String visitHash, String name, String email, String codeHash,
            byte[] codeSealed, long ticket, long expiresAt, long createdAt) {}

    /** The template's link, replacing any it had (whose address then stops working). */
    public PublicLink replace(long templateId, String tokenHash, long now) {
        db.update("DELETE FROM public_links WHERE template_id = ?", templateId);
        long id = db.insert("INSERT INTO public_links(template_id, token_hash, created_at) VALUES (?,?,?)", templateId,
                tokenHash, now);
        return new PublicLink(id, templateId, now);
    }

    /** Turns the template's link off; true when it had one. */
    public boolean delete(long templateId) {
        return db.update("DELETE FROM public_links WHERE template_id = ?", templateId) > 0;
    }

    public Optional<PublicLink> findByTokenHash(String tokenHash) {
        return db.queryOne("SELECT id, template_id, created_at FROM public_links WHERE token_hash = ?",
                PublicLinkStore::link, tokenHash);
    }

    public Optional<PublicLink> findForTemplate(long templateId) {
        return db.queryOne("SELECT id, template_id, created_at FROM public_links WHERE template_id = ?",
                PublicLinkStore::link, templateId);
    }

    public long insertVisit(NewVisit v) {
        return db.insert("INSERT INTO public_link_visits(link_id, visit_hash, name, email, code_hash, code_sealed, "
                + "ticket, expires_at, created_at) VALUES (?,?,?,?,?,?,?,?,?)", v.linkId(), v.visitHash(), v.name(),
                v.email(), v.codeHash(), v.codeSealed(), v.ticket(), v.expiresAt(), v.createdAt());
    }

    public Optional<PublicVisit> findVisit(long linkId, String visitHash) {
        return db.queryOne("SELECT " + VISIT + " FROM public_link_visits WHERE link_id = ? AND visit_hash = ?",
                PublicLinkStore::visit, linkId, visitHash);
    }

    /** Visits made since {@code since}: of one link, of one address (any case) on any link, and of all links. */
    public long visitsOfLink(long linkId, long since) {
        return count("SELECT COUNT(*) FROM public_link_visits WHERE link_id = ? AND created_at >= ?", linkId, since);
    }

    public long visitsOfAddress(String email, long since) {
        return count("SELECT COUNT(*) FROM public_link_visits WHERE lower(email) = lower(?) AND created_at >= ?", email,
                since);
    }

    public long visitsOfAll(long since) {
        return count("SELECT COUNT(*) FROM public_link_visits WHERE created_at >= ?", since);
    }

    public void wrongCode(long visitId) {
        db.update("UPDATE public_link_visits SET attempts = attempts + 1 WHERE id = ?", visitId);
    }

    /**
     * The code worked: it works no more, and the visit names the document it made; false when another
     * request used it first.
     */
    public boolean proven(long visitId, long documentId) {
        return db.update("UPDATE public_link_visits SET code_hash = NULL, code_sealed = NULL, document_id = ? "
                + "WHERE id = ? AND code_hash IS NOT NULL", documentId, visitId) > 0;
    }

    /** The sealed code a queued mail's ticket names, while it may still be typed at {@code now}. */
    public Optional<byte[]> sealedCode(long ticket, long now) {
        return db.queryOne("SELECT code_sealed FROM public_link_visits WHERE ticket = ? AND code_sealed IS NOT NULL "
                + "AND expires_at > ?", r -> r.bytes("code_sealed"), ticket, now);
    }

    /** Forgets visits made before {@code before}, once the limits no longer count them. */
    public int deleteVisitsBefore(long before) {
        return db.update("DELETE FROM public_link_visits WHERE created_at < ?", before);
    }

    private long count(String sql, Object... params) {
        return db.queryOne(sql, r -> r.longAt(1), params).orElse(0L);
    }

    private static PublicLink link(Row r) throws SQLException {
        return new PublicLink(r.getLong("id"), r.getLong("template_id"), r.getLong("created_at"));
    }

    private static PublicVisit visit(Row r) throws SQLException {
        return new PublicVisit(r.getLong("id"), r.getLong("link_id"), r.string("name"), r.string("email"),
                r.string("code_hash"), r.getLong("expires_at"), r.getInt("attempts"), r.getLong("created_at"),
                r.nullableLong("document_id"));
    }
}
