package org.signet.domain;

import java.util.List;
import java.util.Map;

/**
 * A document with its signers (in signing order), fields and the files attached to its attachment
 * fields (by field id): what the single-document response shows.
 */
public record DocumentDetail(Document document, List<Signer> signers, List<Field> fields,
        Map<Long, FieldAttachment> attachments) {

    public DocumentDetail {
        signers = List.copyOf(signers);
        fields = List.copyOf(fields);
        attachments = Map.copyOf(attachments);
    }
}
