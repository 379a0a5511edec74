package org.signet.service;

import java.io.IOException;
import org.signet.domain.Document;
import org.signet.domain.Principal;
import org.signet.domain.Template;
import org.signet.error.Refusal;

/**
 * The pages of a document or template as images for the sender's field editor, rendered as the signer's page
 * renders them ({@link PageImages}, same resolution and cache) but for the owner: the ownership rule of the
 * REST interface decides who may see them, and a page the file does not have is 404.
 */
public final class EditorPages {
    private final Documents documents;
    private final Templates templates;
    private final PageImages images;

    public EditorPages(Documents documents, Templates templates, PageImages images) {
        this.documents = documents;
        this.templates = templates;
        this.images = images;
    }

    /** Page {@code n} (from 1, over the document's files joined in order) of the caller's document, as PNG. */
    public byte[] documentPage(Principal p, long documentId, int n) throws IOException {
        Document d = documents.detail(p, documentId).document();
        return png(d.pdfFileId(), d.totalPages() == null ? 0 : d.totalPages(), n);
    }

    /** Page {@code n} (from 1, over the template's files joined in order) of the caller's template, as PNG. */
    public byte[] templatePage(Principal p, long templateId, int n) throws IOException {
        Template t = templates.get(p, templateId).template();
        return png(t.pdfFileId(), t.totalPages(), n);
    }

    private byte[] png(long pdfFileId, int total, int n) throws IOException {
        if (n < 1 || n > total) {
            throw Refusal.notFound("Page");
        }
        return images.shown(pdfFileId, n);
    }
}
