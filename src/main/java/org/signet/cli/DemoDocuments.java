package org.signet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The demo's documents, made through the REST interface from the sample files: two drafts, an
 * NDA waiting for its first signer, one completed by both parties, one declined.
 */
final class DemoDocuments {
    private final DemoClient client;

    /** What the demo prints: the link a person can open to sign. */
    record Seeded(String pendingDocumentId, String signingUrl, String secondSignerUrl) {}

    DemoDocuments(DemoClient client) {
        this.client = client;
    }

    Seeded seed() throws IOException {
        client.upload("floor-plan.png", sample("floor-plan.png"), "Floor plan - Unit 4B");
        String receipt = client.upload("delivery-receipt.jpg", sample("delivery-receipt.jpg"),
                "Delivery receipt #2041");
        client.post("/documents/" + receipt + "/signers", Map.of("name", "Dana Driver", "email", "dana@example.com"));
        List<String> completed = nda("Mutual NDA - Acme / Blue Harbor (signed)");
        client.sign(completed.get(1), "submit", typed("Ann Able"));
        client.sign(completed.get(2), "submit", typed("Bob Baker"));
        List<String> declined = nda("Mutual NDA - Initech / Blue Harbor (declined)");
        client.sign(declined.get(1), "decline", Map.of("reason", "The term of five years is too long for us."));
        List<String> pending = nda("Mutual NDA - Northwind / Blue Harbor");
        return new Seeded(pending.get(0), pending.get(1), pending.get(2));
    }

    /** An NDA sent to two signers in order, fields on the signature blocks; returns id and both links. */
    private List<String> nda(String title) throws IOException {
        String id = client.upload("mutual-nda.pdf", sample("mutual-nda.pdf"), title);
        Map<String, Object> ann = client.post("/documents/" + id + "/signers",
                Map.of("name", "Ann Able", "email", "ann@example.com", "signing_order", 1));
        Map<String, Object> bob = client.post("/documents/" + id + "/signers",
                Map.of("name", "Bob Baker", "email", "bob@example.com", "signing_order", 2));
        List<Object> fields = new ArrayList<>();
        fields.addAll(block((String) ann.get("id"), 72));
        fields.addAll(block((String) bob.get("id"), 330));
        client.post("/documents/" + id + "/fields", Map.of("fields", fields));
        client.post("/documents/" + id + "/send", Map.of());
        return List.of(id, (String) ann.get("signing_url"), (String) bob.get("signing_url"));
    }

    /** Signature, name and date on a signature block of page 3 (sample-data/README.md). */
    private static List<Map<String, Object>> block(String signerId, int x) {
        return List.of(
                Map.of("signer_id", signerId, "field_type", "signature", "page_number", 3, "position_x", x,
                        "position_y", 282, "width", 210, "height", 42),
                Map.of("signer_id", signerId, "field_type", "name", "page_number", 3, "position_x", x,
                        "position_y", 348, "width", 210, "height", 22),
                Map.of("signer_id", signerId, "field_type", "date", "page_number", 3, "position_x", x,
                        "position_y", 394, "width", 210, "height", 22));
    }

    private static Map<String, Object> typed(String name) {
        return Map.of("consent", true, "signature", Map.of("method", "type", "text", name));
    }

    private static byte[] sample(String name) throws IOException {
        try (InputStream in = DemoDocuments.class.getResourceAsStream("/sample-data/" + name)) {
            if (in == null) {
                throw new IOException("sample file " + name + " is missing from the jar");
            }
            return in.readAllBytes();
        }
    }
}
