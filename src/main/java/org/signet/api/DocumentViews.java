package org.signet.api;

import java.util.Map;
import org.signet.domain.Document;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;

/** Assembles the document responses from their parts. */
public final class DocumentViews {
    private final DocumentJson json;
    private final SignerJson signerJson;
    private final FieldJson fieldJson;
    private final SignerStore signers;
    private final FieldStore fields;
    private final java.util.function.Supplier<String> baseUrl;

    public DocumentViews(DocumentJson json, SignerJson signerJson, FieldJson fieldJson, SignerStore signers,
            FieldStore fields, java.util.function.Supplier<String> baseUrl) {
        this.json = json;
        this.signerJson = signerJson;
        this.fieldJson = fieldJson;
        this.signers = signers;
        this.fields = fields;
        this.baseUrl = baseUrl;
    }

    public Map<String, Object> listForm(Document d) {
        return json.listForm(d);
    }

    public Map<String, Object> singleForm(Document d) {
        return json.singleForm(d, signers.forDocument(d.id()).stream().map(signerJson::fullForm).toList(),
                fields.forDocument(d.id()).stream().map(fieldJson::form).toList());
    }

    String documentsUrl() {
        return baseUrl.get() + "/documents";
    }
}
