package org.signet.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.domain.Signer;
import org.signet.service.Links;
import org.signet.text.Wire;

/** A signer's wire forms. The access token, PIN, signature IP and user agent are never put here. */
public final class SignerJson {
    private final Wire wire;
    private final Links links;

    public SignerJson(Wire wire, Links links) {
        this.wire = wire;
        this.links = links;
    }

    /** GET /documents/{id}/signers and the add-signer response: with the signing URL. */
    public Map<String, Object> listForm(Signer s) {
        Map<String, Object> m = base(s);
        m.put("signing_url", links.signing(s));
        return m;
    }

    /** Inside the single-document response: every public detail, no URL. */
    public Map<String, Object> fullForm(Signer s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", Wire.id(s.id()));
        m.put("document_id", Wire.id(s.documentId()));
        m.putAll(base(s));
        m.put("declined_at", wire.time(s.declinedAt()));
        m.put("decline_reason", s.declineReason());
        m.put("created_at", wire.time(s.createdAt()));
        m.put("updated_at", wire.time(s.updatedAt()));
        return m;
    }

    private Map<String, Object> base(Signer s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", Wire.id(s.id()));
        m.put("name", s.name());
        m.put("email", s.email());
        m.put("role", s.role().wire());
        m.put("signing_order", Integer.toString(s.signingOrder()));
        m.put("status", s.status().wire());
        m.put("language", s.language() == null ? null : s.language().code());
        m.put("verification", s.verification().wire());
        m.put("viewed_at", wire.time(s.viewedAt()));
        m.put("signed_at", wire.time(s.signedAt()));
        return m;
    }
}
