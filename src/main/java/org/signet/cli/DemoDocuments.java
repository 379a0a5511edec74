package org.signet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The demo's documents, made through the REST interface from the sample files: two drafts, an
 * NDA waiting for its first signer, one completed by both parties, one declined, and an NDA
 * template with two variables (each signer's job title).
 */
final class DemoDocuments {
    private final DemoClient client;

    /** What the demo prints: the link a person can open to sign. */
    record Seeded(String pendingDocumentId, String signingUrl, String secondSignerUrl, long templateId) {}

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
        return new Seeded(pending.get(0), pending.get(1), pending.get(2), template());
    }

    /** An NDA sent to two signers in order, fields on the signature blocks; returns id and both links. */
    private List<String> nda(String title) throws IOException {
        Draft d = twoParties(title, "Ann Able", "ann@example.com", "Bob Baker", "bob@example.com", List.of());
        client.post("/documents/" + d.id() + "/send", Map.of());
        return List.of(d.id(), (String) d.first().get("signing_url"), (String) d.second().get("signing_url"));
    }

    /**
     * A template made from a draft NDA with both signature blocks and a job-title line under each,
     * whose names give the variables {@code disclosing_title} and {@code receiving_title}.
     */
    private long template() throws IOException {
        Draft d = twoParties("Mutual NDA (template source)", "Disclosing party", "disclosing@example.com",
                "Receiving party", "receiving@example.com", List.of("Disclosing title", "Receiving title"));
        Map<String, Object> template = client.post("/templates", Map.of("document_id", Long.parseLong(d.id()),
                "name", "Mutual NDA", "description", "Two parties; each signer's job title is filled in ahead of time"));
        return ((Number) template.get("id")).longValue();
    }

    /** A draft NDA, its two signers as returned by the interface. */
    private record Draft(String id, Map<String, Object> first, Map<String, Object> second) {}

    /**
     * Uploads the NDA with two signers in order and their signature blocks; {@code titles}, when
     * given, adds a named job-title line under each block.
     */
    private Draft twoParties(String title, String firstName, String firstEmail, String secondName, String secondEmail,
            List<String> titles) throws IOException {
        String id = client.upload("mutual-nda.pdf", sample("mutual-nda.pdf"), title);
        Map<String, Object> first = client.post("/documents/" + id + "/signers",
                Map.of("name", firstName, "email", firstEmail, "signing_order", 1));
        Map<String, Object> second = client.post("/documents/" + id + "/signers",
                Map.of("name", secondName, "email", secondEmail, "signing_order", 2));
        List<Object> fields = new ArrayList<>();
        fields.addAll(block((String) first.get("id"), 72));
        fields.addAll(block((String) second.get("id"), 330));
        if (!titles.isEmpty()) {
            fields.add(jobTitle((String) first.get("id"), 72, titles.get(0)));
            fields.add(jobTitle((String) second.get("id"), 330, titles.get(1)));
        }
        client.post("/documents/" + id + "/fields", Map.of("fields", fields));
        return new Draft(id, first, second);
    }

    /** A text line for a signer's job title, in the blank space under a signature block. */
    private static Map<String, Object> jobTitle(String signerId, int x, String name) {
        return Map.of("signer_id", signerId, "field_type", "text", "field_name", name, "page_number", 3,
                "position_x", x, "position_y", 460, "width", 210, "height", 22, "is_required", false);
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
