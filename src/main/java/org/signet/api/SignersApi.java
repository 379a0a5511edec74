package org.signet.api;

import java.util.Set;
import java.util.stream.Collectors;
import org.signet.crypto.Passwords;
import org.signet.domain.Document;
import org.signet.domain.EmailAddress;
import org.signet.domain.Signer;
import org.signet.http.Body;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Documents;
import org.signet.service.Workflow;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.UserStore;

/** Signers and fields of a document (S5): list and add signers, read and replace fields. */
public final class SignersApi {
    private final Documents documents;
    private final Workflow workflow;
    private final SignerStore signers;
    private final FieldStore fields;
    private final UserStore users;
    private final SignerJson signerJson;
    private final FieldJson fieldJson;

    public SignersApi(Documents documents, Workflow workflow, SignerStore signers, FieldStore fields, UserStore users,
            SignerJson signerJson, FieldJson fieldJson) {
        this.documents = documents;
        this.workflow = workflow;
        this.signers = signers;
        this.fields = fields;
        this.users = users;
        this.signerJson = signerJson;
        this.fieldJson = fieldJson;
    }

    public void routes(Router r) {
        r.get("/documents/{id}/signers", this::listSigners);
        r.post("/documents/{id}/signers", this::addSigner);
        r.get("/documents/{id}/fields", this::listFields);
        r.post("/documents/{id}/fields", this::saveFields);
    }

    private Response listSigners(Request req) {
        Document d = documents.visible(req.caller(), req.pathId("id"));
        return Response.ok(signers.forDocument(d.id()).stream().map(signerJson::listForm).toList());
    }

    private Response addSigner(Request req) {
        Document d = documents.visible(req.caller(), req.pathId("id"));
        Body b = req.json();
        String name = b.requireString("name");
        String email = b.requireString("email");
        Signer.Role role = b.optString("role").map(r -> Signer.Role.fromWire(r).orElseGet(() -> {
            b.reject("role", "role must be one of signer, viewer, approver.");
            return null;
        })).orElse(Signer.Role.SIGNER);
        int order = b.optLong("signing_order", 1, 1000).orElse(1L).intValue();
        boolean requireLogin = b.optBool("require_wp_login").orElse(false);
        String pin = b.optString("pin_code").orElse(null);
        b.check();
        checkSigner(b, name, email, requireLogin, pin);
        SignerStore.NewSigner fresh = new SignerStore.NewSigner(d.id(), name.strip(), email.strip(), role, order,
                pin == null ? null : Passwords.hash(pin.toCharArray()), requireLogin);
        Signer s = workflow.addSigner(d.id(), fresh, Actors.of(req));
        return Response.created(signerJson.listForm(s));
    }

    private void checkSigner(Body b, String name, String email, boolean requireLogin, String pin) {
        // A name goes into mail headers and bodies: no line breaks or other control characters.
        if (name.isBlank() || name.length() > 255 || name.chars().anyMatch(Character::isISOControl)) {
            b.reject("name", "name must be 1 to 255 characters, without line breaks or control characters.");
        }
        if (!EmailAddress.isValid(email.strip())) {
            b.reject("email", "email is not a valid email address.");
        } else if (requireLogin && users.findByEmail(email.strip()).isEmpty()) {
            b.reject("require_wp_login", "require_wp_login needs an email that belongs to a user of this site.");
        }
        if (pin != null && !pin.matches("\\d{4,8}")) {
            b.reject("pin_code", "pin_code must be 4 to 8 digits.");
        }
        b.check();
    }

    private Response listFields(Request req) {
        Document d = documents.visible(req.caller(), req.pathId("id"));
        return Response.ok(fields.forDocument(d.id()).stream().map(fieldJson::form).toList());
    }

    private Response saveFields(Request req) {
        Document d = documents.visible(req.caller(), req.pathId("id"));
        Body b = req.json();
        Set<Long> signerIds = signers.forDocument(d.id()).stream().map(Signer::id).collect(Collectors.toSet());
        var parsed = FieldInput.parse(b.raw("fields"), d, signerIds);
        return Response.ok(workflow.saveFields(d.id(), parsed, Actors.of(req)).stream().map(fieldJson::form).toList());
    }
}
