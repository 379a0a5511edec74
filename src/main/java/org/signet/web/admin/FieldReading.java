package org.signet.web.admin;

import java.util.List;
import java.util.Set;
import org.signet.domain.Document;
import org.signet.domain.FileLayout;
import org.signet.domain.NewField;
import org.signet.domain.PageSize;

/**
 * The REST interface's reader of a fields payload, which the field editor's saves go through too, so a field
 * placed on the page is checked by the very rules {@code POST .../fields} applies. The pages sit beside the
 * interface rather than above it, so the wiring hands the reader over.
 *
 * @param document reads a document's fields for its signers, on its files' pages
 * @param template reads a template's fields for its signer slots, on its files' pages
 */
public record FieldReading(ForDocument document, ForTemplate template) {

    /** A document's fields, read against the document, its files and its signers' ids. */
    @FunctionalInterface
    public interface ForDocument {
        List<NewField> read(Object raw, Document d, FileLayout files, Set<Long> signerIds);
    }

    /** A template's fields, read against its pages and files. */
    @FunctionalInterface
    public interface ForTemplate {
        List<NewField> read(Object raw, List<PageSize> pages, FileLayout files);
    }
}
