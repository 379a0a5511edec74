package org.signet.service;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentStatus;
import org.signet.domain.FieldAttachment;
import org.signet.domain.Principal;
import org.signet.error.Refusal;
import org.signet.pdf.finish.CertificatePages;
import org.signet.store.AttachmentStore;
import org.signet.store.AuditStore;
import org.signet.store.Database;
import org.signet.store.StoredFiles;
import org.signet.text.FileNames;

/**
 * A completed document's certificate of completion as a file of its own, cut from the sealed PDF rather than
 * written again, so it says exactly what was sealed: the sealed PDF's pages after the document's own and the
 * attached files'.
 */
final class CompletionCertificates {
    private final Database db;
    private final AttachmentStore attachments;
    private final AuditStore audit;
    private final StoredFiles files;
    private final DocumentAccess access;

    CompletionCertificates(DocumentStores s) {
        this.db = s.db();
        this.attachments = s.attachments();
        this.audit = s.audit();
        this.files = s.files();
        this.access = new DocumentAccess(s);
    }

    /** The file is cut outside the transaction, which only records that it was handed out. */
    Documents.Download of(Principal p, long id, Actor actor, Function<Document, Refusal> sealPending) {
        Document d = db.read(() -> access.require(p, id));
        if (d.signedFileId() == null) {
            throw d.status() == DocumentStatus.COMPLETED ? sealPending.apply(d) : Refusal.notFound("Certificate");
        }
        byte[] certificate = cut(d);
        db.inTransaction(() -> audit.record(access.require(p, id).id(), "document_downloaded", actor, "certificate"));
        return new Documents.Download(FileNames.download(d.title() + "-certificate.pdf", "application/pdf"),
                "application/pdf", certificate.length, () -> new ByteArrayInputStream(certificate));
    }

    private byte[] cut(Document d) {
        try {
            int before = d.totalPages() == null ? 0 : d.totalPages();
            for (FieldAttachment a : attachments.forDocument(d.id())) {
                before += CertificatePages.count(files.read(a.pdfFileId()));
            }
            return CertificatePages.after(files.read(d.signedFileId()), before);
        } catch (IOException e) {
            throw new UncheckedIOException("the certificate of document " + d.id() + " cannot be cut", e);
        }
    }
}
