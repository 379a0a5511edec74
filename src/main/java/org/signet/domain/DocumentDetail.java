package org.signet.domain;

import java.util.List;

/** A document with its signers (in signing order) and fields: what the single-document response shows. */
public record DocumentDetail(Document document, List<Signer> signers, List<Field> fields) {

    public DocumentDetail {
        signers = List.copyOf(signers);
        fields = List.copyOf(fields);
    }
}
