package org.signet.proof;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.proof.TrackedDocument.Signer;
import org.signet.proof.TrackedDocument.Step;
import org.signet.support.TestFiles;

/**
 * The requests that take a {@link TrackedDocument} from upload to completion, as an integrating
 * site and its signers send them, and what an acknowledged answer tells the client.
 */
final class DocumentSteps {
    private static final String SIGNATURE = TestFiles.pngDataUrl(300, 90);

    private DocumentSteps() {}

    /** Sends the request of {@code step}; a request that gets no answer throws IOException. */
    static HttpResponse<String> perform(ProofClient client, TrackedDocument doc, Step step) throws IOException {
        return switch (step) {
            case UPLOAD -> client.upload(doc.title, doc.pdf);
            case ADD_SIGNER -> client.post("documents/" + doc.id + "/signers", signerBody(doc.nextToAdd()));
            case SAVE_FIELDS -> client.post("documents/" + doc.id + "/fields", Map.of("fields", doc.fieldSpecs()));
            case SEND -> client.post("documents/" + doc.id + "/send", null);
            case SIGN -> client.link(doc.nextToSign().token, "submit", submission(doc.nextToSign()));
            case DONE -> throw new IllegalStateException(doc + " is done");
        };
    }

    /** Records what an acknowledged step made, from Signet's answer. */
    static void apply(TrackedDocument doc, Step step, HttpResponse<String> answer) {
        switch (step) {
            case UPLOAD -> doc.id = (String) Answers.object(answer).get("id");
            case ADD_SIGNER -> {
                Signer s = doc.nextToAdd();
                added(s, Answers.object(answer));
                doc.signers.add(s);
            }
            case SAVE_FIELDS -> doc.fieldsAre(Answers.array(answer));
            case SEND -> doc.sent = true;
            case SIGN -> doc.nextToSign().signed = true;
            case DONE -> throw new IllegalStateException(doc + " is done");
        }
    }

    /** Takes a signer's id and signing token from its record (the add-signer answer or the signer list). */
    static void added(Signer s, Map<?, ?> record) {
        s.id = (String) record.get("id");
        String url = (String) record.get("signing_url");
        s.token = url.substring(url.lastIndexOf('/') + 1);
    }

    static Map<String, Object> signerBody(Signer s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name);
        m.put("email", s.email);
        m.put("role", "signer");
        m.put("signing_order", s.order);
        return m;
    }

    private static Map<String, Object> submission(Signer s) {
        Map<String, Object> values = new LinkedHashMap<>();
        if (s.textFieldId != null) {
            values.put(s.textFieldId, s.textValue());
        }
        return Map.of("consent", true, "values", values, "signature", Map.of("method", "draw", "image", SIGNATURE));
    }
}
