package org.signet.web.admin;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.signet.domain.Actor;
import org.signet.domain.DocumentDetail;
import org.signet.domain.FileLayout;
import org.signet.domain.Principal;
import org.signet.service.Documents;
import org.signet.service.EditorPages;
import org.signet.service.Workflow;
import org.signet.text.Html;

/**
 * A draft's fields in the editor: its signers as recipients, saved through {@link Workflow#saveFields} as
 * {@code POST /documents/{id}/fields} saves them, audit event and all; back to its recipients, on to sending, under
 * the draft's steps as the upload, recipients and sending pages show them.
 */
final class DocumentFieldsEdited implements EditedFields {
    private final Documents documents;
    private final Workflow workflow;
    private final EditorPages pages;
    private final FieldReading.ForDocument reader;

    DocumentFieldsEdited(Documents documents, Workflow workflow, EditorPages pages, FieldReading.ForDocument reader) {
        this.documents = documents;
        this.workflow = workflow;
        this.pages = pages;
        this.reader = reader;
    }

    @Override
    public String area() {
        return "documents";
    }

    @Override
    public Html steps(AdminView v, long id) {
        return DraftSteps.render(v, id, DraftSteps.Step.FIELDS);
    }

    @Override
    public String back(long id) {
        return "/admin/documents/" + id + "/recipients";
    }

    @Override
    public String next(long id) {
        return "/admin/documents/" + id + "/send";
    }

    @Override
    public String nextWords() {
        return "editor.next_review";
    }

    @Override
    public Model load(Principal p, long id) {
        DocumentDetail detail = documents.fields(p, id);
        List<Recipient> recipients = detail.signers().stream()
                .map(s -> new Recipient(s.id(), s.name(), s.role().wire())).toList();
        return new Model(detail.document().title(), "signer_id", recipients, detail.files(),
                shapes(detail.fields(), detail.files()));
    }

    @Override
    public List<Map<String, Object>> save(Principal p, long id, Object raw, Actor actor) {
        Workflow.SavedFields saved = workflow.saveFields(p, id,
                (d, files, signerIds) -> reader.read(raw, d, files, signerIds), actor);
        return shapes(saved.fields(), saved.files());
    }

    private static List<Map<String, Object>> shapes(List<org.signet.domain.Field> fields, FileLayout files) {
        return fields.stream().map(f -> FieldShape.of(f, files)).toList();
    }

    @Override
    public byte[] page(Principal p, long id, int n) throws IOException {
        return pages.documentPage(p, id, n);
    }
}
