package org.signet.service;

import java.nio.file.Path;
import java.security.cert.CertificateEncodingException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.signet.domain.Document;
import org.signet.domain.MediaKind;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.pdf.intake.FileSniffer;
import org.signet.pdf.read.InvalidFileException;
import org.signet.pdf.read.OpeningCost;
import org.signet.pdf.seal.SiteCertificate;
import org.signet.pdf.verify.SealCheck;
import org.signet.pdf.verify.SealVerifier;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DocumentStore;
import org.signet.store.RetentionStore;
import org.signet.store.SignerStore;

/**
 * Answers anyone holding a PDF, without credentials: whether this site sealed it, whether it is
 * unchanged, and, for a file that is one of the site's stored seals, which document it is. Nothing
 * of the file is kept and nothing is written.
 *
 * <p>A seal is this site's when its certificate is the site's certificate now, or when it lies within
 * a sealed file the site stored: the revision it signs (a seal without timestamps), or a later
 * revision that ends with a document timestamp (a long-term seal, stored with its timestamps and
 * validation material). Every sealed file's hash is recorded when it is stored, so a seal made
 * before the certificate was replaced is still recognised while its document exists, and after it is purged:
 * the purge keeps those hashes in the document's record, so a copy someone kept is still known as sealed here,
 * and the answer says when the document was purged.
 */
public final class Verification {
    private static final String SHA256_HEX = "[0-9a-f]{64}";

    private final Database db;
    private final DocumentStore documents;
    private final SignerStore signers;
    private final AuditStore audit;
    private final RetentionStore purged;
    private final Supplier<SiteCertificate> certificate;
    private final WorkGate gate;
    private final ParseBudget budget;

    public Verification(Database db, DocumentStore documents, SignerStore signers, AuditStore audit,
            RetentionStore purged, Supplier<SiteCertificate> certificate, WorkGate gate, ParseBudget budget) {
        this.purged = purged;
        this.db = db;
        this.documents = documents;
        this.signers = signers;
        this.audit = audit;
        this.certificate = certificate;
        this.gate = gate;
        this.budget = budget;
    }

    /**
     * What the file's seal says, and the stored document it is a seal of, if any; or, for a seal of a document
     * purged since, what its record says.
     */
    public record Outcome(SealCheck check, Optional<SealedDocument> document, Optional<PurgedSeal> purged) {
        /** The seal is this site's (its certificate, now or before). */
        public boolean sealedHere() {
            return check.ownSeal();
        }
    }

    /** A stored document as anyone holding its sealed file may see it: no address, token or IP. */
    public record SealedDocument(long id, String title, Long completedAt, boolean chainValid, List<Party> parties) {}

    /** A sealed document that was purged: its number, when it was completed, sealed and purged, how many took part. */
    public record PurgedSeal(long id, Long completedAt, Long sealedAt, long purgedAt, int parties) {}

    /** A party by name and role, and when they signed (null when they did not). */
    public record Party(String name, String role, Long signedAt) {}

    /**
     * Checks the uploaded {@code file}, which the caller owns and deletes; 400 {@code invalid_file_type}
     * when it is not a PDF, {@code invalid_file} when it cannot be read.
     */
    public Outcome check(Path file) {
        requirePdf(file);
        String site = siteFingerprint();
        // The document and one earlier revision of it are open at once while the changes between them are read.
        SealCheck check = budget.run(2 * openingCost(file), () -> gate.run(() -> verify(file, site)));
        Optional<SealedDocument> document = documents.sealedRevisionOwner(check.sha256()).flatMap(this::sealed);
        return new Outcome(check, document, document.isPresent() ? Optional.empty() : purgedSeal(check.sha256()));
    }

    /** The stored document one of whose sealed files has this SHA-256; 400 when malformed, 404 when unknown. */
    public SealedDocument document(String sha256) {
        if (sha256 == null || !sha256.matches(SHA256_HEX)) {
            throw Refusal.invalidParam("sha256", "sha256 must be 64 lower-case hexadecimal digits.");
        }
        return documents.sealedRevisionOwner(sha256).flatMap(this::sealed)
                .orElseThrow(() -> Refusal.notFound("Sealed document"));
    }

    /**
     * The purged document one of whose sealed files has this SHA-256, when it was purged; empty when it was not
     * (it may still be stored: see {@link #document}); 400 when malformed.
     */
    public Optional<PurgedSeal> purged(String sha256) {
        if (sha256 == null || !sha256.matches(SHA256_HEX)) {
            throw Refusal.invalidParam("sha256", "sha256 must be 64 lower-case hexadecimal digits.");
        }
        return purgedSeal(sha256);
    }

    private Optional<PurgedSeal> purgedSeal(String sha256) {
        return db.read(() -> purged.purgedRevisionOwner(sha256).flatMap(purged::purged)
                .map(r -> new PurgedSeal(r.id(), r.completedAt(), r.sealedAt(), r.purgedAt(), r.parties())));
    }

    /** What opening the file may cost, counted before it is read; 400 {@code invalid_file} when it has too many objects. */
    private static long openingCost(Path file) {
        try {
            return OpeningCost.of(file);
        } catch (InvalidFileException e) {
            throw cannotCheck(e);
        }
    }

    private SealCheck verify(Path file, String siteFingerprint) {
        try {
            return SealVerifier.check(file, s -> siteFingerprint.equals(s.signerCertificateSha256())
                    || s.revisionSha256() != null && (documents.sealedRevisionOwner(s.revisionSha256()).isPresent()
                            || purged.purgedRevisionOwner(s.revisionSha256()).isPresent()));
        } catch (InvalidFileException e) {
            throw cannotCheck(e);
        }
    }

    private static Refusal cannotCheck(InvalidFileException e) {
        return Refusal.invalid("invalid_file", "The file cannot be checked: " + e.getMessage() + ".");
    }

    private Optional<SealedDocument> sealed(long documentId) {
        return db.read(() -> documents.find(documentId).map(d -> new SealedDocument(d.id(), d.title(),
                d.completedAt(), audit.chainValid(d.id()), parties(d))));
    }

    private List<Party> parties(Document d) {
        return signers.forDocument(d.id()).stream()
                .map(s -> new Party(s.name(), s.role().wire(),
                        s.status() == Signer.Status.SIGNED ? s.signedAt() : null))
                .toList();
    }

    /** The SHA-256 of the site's certificate now, as the verifier reports each signer's. */
    private String siteFingerprint() {
        try {
            return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(certificate.get().certificate().getEncoded()));
        } catch (CertificateEncodingException | java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("the site certificate cannot be encoded", e);
        }
    }

    private static void requirePdf(Path file) {
        byte[] head = FileSniffer.head(file);
        if (head.length == 0) {
            throw Refusal.invalid("invalid_file_type", "Only PDF files can be checked (the file is empty).");
        }
        if (FileSniffer.sniff(head, head.length).filter(k -> k == MediaKind.PDF).isEmpty()) {
            throw Refusal.invalid("invalid_file_type", "Only PDF files can be checked (the file is not a PDF).");
        }
    }
}
