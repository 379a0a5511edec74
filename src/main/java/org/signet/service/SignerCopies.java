package org.signet.service;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.MediaKind;
import org.signet.error.Refusal;
import org.signet.pdf.finish.FinalPdfBuilder;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.DetectedFieldStore;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.StoredFiles;
import org.signet.text.FileNames;

/**
 * The PDF a party may take away from their signing link: while the document is being
 * signed, its pages with the values given so far drawn in as the sealed document will draw them
 * (once this party has acted, their own among them); once it is completed and sealed, the signed
 * PDF. The link's gate and closures apply as on the page: a party whose turn has not come, or whose
 * document was recalled, declined or expired, is refused as the other endpoints refuse it.
 */
public final class SignerCopies {
    /** Which PDF a party gets. */
    public enum Kind {
        /** The original pages with the values given so far; not sealed, no certificate of completion. */
        WITH_VALUES,
        /** The completed document as sealed, with its certificate of completion. */
        SEALED
    }

    /** A copy to hand out: the document's title, its kind, its size (-1 when not made) and how to read it. */
    public record Copy(String title, Kind kind, long size, Documents.Opener opener) {
        public InputStream open() throws IOException {
            return opener.open();
        }

        /** The name it is saved under: the sealed PDF's wherever that is handed out, else the title's. */
        public String filename() {
            return kind == Kind.SEALED ? FileNames.sealed(title)
                    : FileNames.download(title, MediaKind.PDF.mediaType());
        }
    }

    private final Database db;
    private final DetectedFieldStore detected;
    private final Signing signing;
    private final LinkUnlock unlock;
    private final FieldStore fields;
    private final SignerStore signers;
    private final AuditStore audit;
    private final StoredFiles files;
    private final WorkGate gate;

    public SignerCopies(Database db, Signing signing, LinkUnlock unlock, FieldStore fields, SignerStore signers,
            AuditStore audit, StoredFiles files, WorkGate gate) {
        this.db = db;
        this.detected = new DetectedFieldStore(db);
        this.signing = signing;
        this.unlock = unlock;
        this.fields = fields;
        this.signers = signers;
        this.audit = audit;
        this.files = files;
        this.gate = gate;
    }

    /**
     * What this link's party may download now, its PIN and login aside: empty while their turn has not
     * come and once the document is recalled, declined or expired. A party who has acted keeps their copy.
     */
    public static Optional<Kind> available(SignerLink link) {
        SignerLink.Closed closed = link.closed();
        if (closed != null && closed != SignerLink.Closed.ALREADY_ACTED && closed != SignerLink.Closed.COMPLETED) {
            return Optional.empty();
        }
        Document d = link.document();
        // Until the sealed PDF is stored, a completed document is given as it stands, never as sealed.
        boolean sealed = d.status() == DocumentStatus.COMPLETED && d.signedFileId() != null;
        return Optional.of(sealed ? Kind.SEALED : Kind.WITH_VALUES);
    }

    /** The copy GET would give, checked but neither made nor recorded: what HEAD answers. */
    public Copy describe(String token, Visit visit) {
        SignerLink link = permitted(token, visit);
        return new Copy(link.document().title(), available(link).orElseThrow(), -1, InputStream::nullInputStream);
    }

    /** The copy, made or opened, and recorded as a {@code document_downloaded} event by this party. */
    public Copy download(String token, Visit visit) throws IOException {
        SignerLink link = permitted(token, visit);
        Copy copy = available(link).orElseThrow() == Kind.SEALED ? sealed(link) : withValues(link);
        db.inTransaction(() -> {
            // Recorded only if the link still allows it: the document may have been recalled meanwhile.
            SignerLink now = permitted(token, visit);
            audit.record(now.document().id(), "document_downloaded", Actor.signer(now.signer().id(),
                    now.signer().name(), visit.ip(), visit.userAgent()), copy.kind() == Kind.SEALED ? "signed" : "copy");
        });
        return copy;
    }

    /** The resolved link if its party may download; otherwise the refusal the other endpoints give. */
    private SignerLink permitted(String token, Visit visit) {
        SignerLink link = unlock.requirePassed(signing.resolve(token), visit.sessionId());
        if (available(link).isEmpty()) {
            Signing.requireCanAct(link);
            throw new IllegalStateException("no refusal for a closed link: " + link.closed());
        }
        return link;
    }

    private Copy sealed(SignerLink link) {
        long fileId = link.document().signedFileId();
        long size = files.size(fileId).orElseThrow(() -> Refusal.notFound("Signed file"));
        return new Copy(link.document().title(), Kind.SEALED, size, () -> files.open(fileId));
    }

    private Copy withValues(SignerLink link) throws IOException {
        Document d = link.document();
        PlacedValues.Split values = db.read(() -> PlacedValues.split(fields.forDocument(d.id()),
                DetectedFields.ofDocument(detected, d.id()), signers));
        // Drawing loads the whole PDF: it waits its turn with page rendering and intake.
        byte[] pdf = gate.run(() -> FinalPdfBuilder.withValues(files.read(d.pdfFileId()), values.painted(),
                values.filled()));
        return new Copy(d.title(), Kind.WITH_VALUES, pdf.length, () -> new ByteArrayInputStream(pdf));
    }
}
