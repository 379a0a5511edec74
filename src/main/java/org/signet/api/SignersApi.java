package org.signet.api;

import java.util.Map;
import org.signet.domain.Actor;
import org.signet.domain.DocumentDetail;
import org.signet.domain.EmailAddress;
import org.signet.domain.Language;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.http.Body;
import org.signet.http.Keys;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.Documents;
import org.signet.service.DrawableText;
import org.signet.service.Workflow;

/** Signers and fields of a document: list, add and update signers, read and replace fields. */
public final class SignersApi {
    /** A signer as a template's document names one: who, in what role and order, and how they are let in. */
    static final Keys SIGNER = Keys.of("name", "email", "role", "signing_order", "require_wp_login", "verification",
            "language");
    /** A signer added to a document, who may have a PIN besides. */
    private static final Keys NEW_SIGNER = SIGNER.and("pin_code");
    /** What a PUT may change of a signer (see {@link #updateSigner}). */
    private static final Keys SIGNER_CHANGE = Keys.of("language", "name", "email", "reason");
    /** A document's fields, given or found in its file (see {@link DetectedInput}). */
    private static final Keys FIELDS = Keys.of("fields", "from_detected", "signers");

    private final Documents documents;
    private final Workflow workflow;
    private final SignerJson signerJson;
    private final FieldJson fieldJson;

    public SignersApi(Documents documents, Workflow workflow, SignerJson signerJson, FieldJson fieldJson) {
        this.documents = documents;
        this.workflow = workflow;
        this.signerJson = signerJson;
        this.fieldJson = fieldJson;
    }

    public void routes(Router r) {
        r.get("/documents/{id}/signers", this::listSigners);
        r.post("/documents/{id}/signers", this::addSigner);
        r.put("/documents/{id}/signers/{signer_id}", this::updateSigner);
        r.get("/documents/{id}/fields", this::listFields);
        r.post("/documents/{id}/fields", this::saveFields);
    }

    private Response listSigners(Request req) {
        return Response.ok(documents.signers(req.caller().principal(), req.pathId("id")).stream()
                .map(signerJson::listForm).toList());
    }

    private Response addSigner(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(NEW_SIGNER);
        // A name goes into mail headers and bodies: no line breaks or other control characters.
        String name = b.requireLine("name", 255);
        DrawableText.check("name", name, b::reject);
        String email = b.requireString("email");
        Signer.Role role = b.optString("role").map(r -> Signer.Role.fromWire(r).orElseGet(() -> {
            b.reject("role", "role must be one of signer, viewer, approver.");
            return null;
        })).orElse(Signer.Role.SIGNER);
        int order = b.optLong("signing_order", 1, 1000).orElse(1L).intValue();
        boolean requireLogin = b.optBool("require_wp_login").orElse(false);
        String pin = b.optString("pin_code").orElse(null);
        Signer.Verification verification = verification(b);
        Language language = language(b);
        if (email != null && !EmailAddress.isValid(email.strip())) {
            b.reject("email", "email is not a valid email address.");
        }
        if (pin != null && !pin.matches("\\d{4,8}")) {
            b.reject("pin_code", "pin_code must be 4 to 8 digits.");
        }
        b.check();
        Signer s = workflow.addSigner(req.caller().principal(), id,
                new Workflow.SignerRequest(name, email.strip(), role, order, requireLogin, pin, verification, language),
                Actors.of(req));
        return Response.created(signerJson.listForm(s));
    }

    /**
     * Changes what may change once a signer exists: their language ({@code null} for the site's default)
     * and, with {@code name} and {@code email} together, who holds the place (see docs/api/workflow.md,
     * Handing over), with an optional {@code reason}.
     */
    private Response updateSigner(Request req) {
        long id = req.pathId("id");
        long signerId = req.pathId("signer_id");
        Body b = req.json().refuseUnknown(SIGNER_CHANGE);
        Language language = language(b);
        boolean handsOver = b.has("name") || b.has("email");
        String name = handsOver ? b.requireLine("name", 255) : null;
        DrawableText.check("name", name, b::reject);
        String email = handsOver ? b.requireString("email") : null;
        if (email != null && !EmailAddress.isValid(email.strip())) {
            b.reject("email", "email is not a valid email address.");
        }
        String reason = b.optText("reason", 1000).orElse(null);
        b.check();
        Workflow.SignerChange change = new Workflow.SignerChange(b.has("language"), language, name,
                email == null ? null : email.strip(), reason);
        return Response.ok(signerJson.listForm(workflow.changeSigner(req.caller().principal(), id, signerId, change,
                Actors.of(req))));
    }

    /** The optional {@code verification}: {@code email_code} for a code by email, {@code none} (or absent) for none. */
    static Signer.Verification verification(Body b) {
        return b.optString("verification").map(v -> Signer.Verification.fromWire(v).orElseGet(() -> {
            b.reject("verification", "verification must be one of none, email_code.");
            return null;
        })).orElse(Signer.Verification.NONE);
    }

    /** The optional {@code language}: one of the codes Signet speaks, or null (or absent) for the site's default. */
    static Language language(Body b) {
        return b.optString("language").map(code -> Language.fromCode(code).orElseGet(() -> {
            b.reject("language", "language must be one of " + Language.choices() + ".");
            return null;
        })).orElse(null);
    }

    private Response listFields(Request req) {
        DocumentDetail detail = documents.fields(req.caller().principal(), req.pathId("id"));
        return Response.ok(detail.fields().stream()
                .map(f -> fieldJson.form(f, detail.attachments().get(f.id()), detail.files())).toList());
    }

    /**
     * Places the fields found in the document's file, each for the signer its number maps to, replacing the fields
     * there were, as a save with {@code from_detected} does; the administrator pages place them through this too.
     */
    public Workflow.SavedFields placeFound(Principal p, long id, Map<Integer, Long> signerOf, Actor actor) {
        Object raw = documents.detectedFields(p, id, signerOf);
        return workflow.saveFields(p, id, (d, files, signerIds) -> FieldInput.parseFound(raw, d, files, signerIds), actor);
    }

    /** Saves the fields given, or with {@code from_detected} those found in the file, for the signers mapped. */
    private Response saveFields(Request req) {
        long id = req.pathId("id");
        Body b = req.json().refuseUnknown(FIELDS);
        Workflow.SavedFields saved = DetectedInput.wanted(b)
                ? placeFound(req.caller().principal(), id, DetectedInput.signers(b), Actors.of(req))
                : workflow.saveFields(req.caller().principal(), id, (d, files, signerIds) -> FieldInput.parse(b.raw("fields"),
                        d, files, signerIds), Actors.of(req));
        return Response.ok(saved.fields().stream().map(f -> fieldJson.form(f, null, saved.files())).toList());
    }
}
