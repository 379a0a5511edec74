package org.signet.api;

import static org.signet.support.TestServer.expectObject;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.signet.json.Json;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;

/** Steps of the signing workflow done through the API, for tests that need a sendable document. */
public final class DocumentFlows {
    private DocumentFlows() {}

    /** Adds a signer and a required signature field for them on page 1; returns the signer id. */
    public static String addSignerWithSignatureField(TestServer server, Credentials c, String documentId,
            String email) {
        Map<String, Object> signer = expectObject(201, server.send("POST", "documents/" + documentId + "/signers", c,
                Json.write(Map.of("name", "Sam Signer", "email", email))));
        String signerId = (String) signer.get("id");
        HttpResponse<String> saved = server.send("POST", "documents/" + documentId + "/fields", c, Json.write(Map.of(
                "fields", List.of(Map.of("signer_id", Long.parseLong(signerId), "field_type", "signature",
                        "page_number", 1, "position_x", 72, "position_y", 600)))));
        if (saved.statusCode() != 200) {
            throw new AssertionError("saving fields failed: " + saved.statusCode() + " " + saved.body());
        }
        return signerId;
    }
}
