package org.signet.domain;

import java.util.List;
import java.util.Map;

/**
 * A document with its signers (in signing order), fields, the files attached to its attachment
 * fields (by field id) and its own files in order: what the single-document response shows.
 */
public record DocumentDetail(Document document, List<Signer> signers, List<Field> fields,
        Map<Long, FieldAttachment> attachments, FileLayout files) {

    public DocumentDetail {
        signers = List.copyOf(signers);
        fields = List.copyOf(fields);
        attachments = Map.copyOf(attachments);
    }
}
