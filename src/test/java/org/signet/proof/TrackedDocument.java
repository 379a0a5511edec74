package org.signet.proof;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.signet.support.TestFiles;

/**
 * One document as its client knows it: what Signet acknowledged (a 2xx received), and the one
 * request whose answer never came because the server died. Each document is driven by one worker
 * at a time, one request after another, so at most one request of it is ever in doubt.
 */
final class TrackedDocument {
    /** The requests that take a document from upload to completion, in order. */
    enum Step { UPLOAD, ADD_SIGNER, SAVE_FIELDS, SEND, SIGN, DONE }

    /** A signer as the client knows it; id and token once the add was acknowledged. */
    static final class Signer {
        final String name;
        final String email;
        final int order;
        String id;
        String token;
        String textFieldId;
        boolean signed;

        Signer(String name, String email, int order) {
            this.name = name;
            this.email = email;
            this.order = order;
        }

        /** What this signer types into its text field: different for every signer, so a mix-up shows. */
        String textValue() {
            return "typed by " + email;
        }
    }

    final String title;
    final byte[] pdf;
    final String sha256;
    final List<Signer> planned;
    String id;
    final List<Signer> signers = new ArrayList<>();
    boolean fieldsSaved;
    boolean sent;
    /** The request sent but not answered, if any. */
    Step inDoubt;
    /** Something was asked of Signet since the last check through its interface. */
    boolean touched = true;
    boolean contentChecked;

    /** A document whose one page names it, so that its file differs from every other's. */
    TrackedDocument(String title, List<Signer> planned) {
        this(title, planned, TestFiles.pdf(1, title + " page "));
    }

    TrackedDocument(String title, List<Signer> planned, byte[] pdf) {
        this.title = title;
        this.pdf = pdf;
        this.sha256 = TestFiles.sha256(pdf);
        this.planned = List.copyOf(planned);
    }

    /** A copy of what is known now, signers included, for a check of what was acknowledged by this moment. */
    TrackedDocument copy() {
        TrackedDocument c = new TrackedDocument(title, planned, pdf);
        c.id = id;
        for (Signer s : signers) {
            Signer t = new Signer(s.name, s.email, s.order);
            t.id = s.id;
            t.token = s.token;
            t.textFieldId = s.textFieldId;
            t.signed = s.signed;
            c.signers.add(t);
        }
        c.fieldsSaved = fieldsSaved;
        c.sent = sent;
        c.inDoubt = inDoubt;
        c.contentChecked = contentChecked;
        return c;
    }

    Step next() {
        if (id == null) {
            return Step.UPLOAD;
        }
        if (signers.size() < planned.size()) {
            return Step.ADD_SIGNER;
        }
        if (!fieldsSaved) {
            return Step.SAVE_FIELDS;
        }
        if (!sent) {
            return Step.SEND;
        }
        return nextToSign() == null ? Step.DONE : Step.SIGN;
    }

    Signer nextToAdd() {
        return planned.get(signers.size());
    }

    /** Signers sign in their order; each is its own group, so only the first unsigned one may. */
    Signer nextToSign() {
        return signers.stream().filter(s -> !s.signed).findFirst().orElse(null);
    }

    boolean completed() {
        return sent && nextToSign() == null;
    }

    /** The status Signet must report for what the client knows. */
    String expectedStatus() {
        if (!sent) {
            return "draft";
        }
        if (completed()) {
            return "completed";
        }
        return signers.stream().anyMatch(s -> s.signed) ? "viewed" : "sent";
    }

    /** A signature field for every signer, and a required text field for the first. */
    List<Map<String, Object>> fieldSpecs() {
        List<Map<String, Object>> fields = new ArrayList<>();
        for (int i = 0; i < signers.size(); i++) {
            fields.add(field(signers.get(i).id, "signature", 72, 100 + 90 * i));
        }
        fields.add(field(signers.get(0).id, "text", 72, 500));
        return fields;
    }

    /** Takes the ids of the saved fields from Signet's answer (or its field list). */
    void fieldsAre(List<Object> records) {
        for (Object o : records) {
            Map<?, ?> f = (Map<?, ?>) o;
            if ("text".equals(f.get("field_type"))) {
                signerById((String) f.get("signer_id")).textFieldId = (String) f.get("id");
            }
        }
        fieldsSaved = true;
    }

    Signer signerById(String signerId) {
        return signers.stream().filter(s -> s.id.equals(signerId)).findFirst()
                .orElseThrow(() -> new AssertionError("document " + id + " has no signer " + signerId));
    }

    private static Map<String, Object> field(String signerId, String type, double x, double y) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("signer_id", Long.parseLong(signerId));
        m.put("field_type", type);
        m.put("page_number", 1);
        m.put("position_x", x);
        m.put("position_y", y);
        return m;
    }

    @Override
    public String toString() {
        return "document " + (id == null ? "(not acknowledged) '" + title + "'" : id);
    }
}
