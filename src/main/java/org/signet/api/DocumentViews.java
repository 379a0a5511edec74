package org.signet.api;

import java.util.Map;
import java.util.function.Supplier;
import org.signet.domain.Document;
import org.signet.domain.DocumentDetail;
import org.signet.domain.PurgeRecord;

/** Assembles the document responses from their parts. */
public final class DocumentViews {
    private final DocumentJson json;
    private final SignerJson signerJson;
    private final FieldJson fieldJson;
    private final Supplier<String> baseUrl;

    public DocumentViews(DocumentJson json, SignerJson signerJson, FieldJson fieldJson, Supplier<String> baseUrl) {
        this.json = json;
        this.signerJson = signerJson;
        this.fieldJson = fieldJson;
        this.baseUrl = baseUrl;
    }

    public Map<String, Object> listForm(Document d) {
        return json.listForm(d);
    }

    public Map<String, Object> singleForm(DocumentDetail detail) {
        return json.singleForm(detail.document(), detail.signers().stream().map(signerJson::fullForm).toList(),
                detail.fields().stream().map(f -> fieldJson.form(f, detail.attachments().get(f.id()), detail.files()))
                        .toList(), detail.files());
    }

    public Map<String, Object> purgedForm(PurgeRecord r) {
        return json.purgedForm(r);
    }

    String documentsUrl() {
        return baseUrl.get() + "/documents";
    }
}
