package org.signet.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The documents the loads work on, made through the REST interface as an integrating site makes them. */
final class Fixtures {
    private Fixtures() {}

    /** A draft with 3 signers and 6 fields (a signature and a date each): about 3 KB of JSON to read. */
    static String readDocument(SignetClient api, byte[] pdf) throws IOException {
        String id = (String) api.upload("agreement.pdf", pdf, "Service agreement - Blue Harbor").get("id");
        List<Map<String, Object>> fields = new ArrayList<>();
        String[] names = {"Ann Able", "Bob Baker", "Cy Carter"};
        for (int i = 0; i < names.length; i++) {
            String signer = (String) signer(api, id, names[i], i + 1).get("id");
            fields.add(field(signer, "signature", 1, 72 + 160 * i, 600, 150, 40));
            fields.add(field(signer, "date", 1, 72 + 160 * i, 650, 100, 22));
        }
        api.postForList("/documents/" + id + "/fields", Map.of("fields", fields));
        return id;
    }

    /** {@code count} drafts without signers, for the write load to add signers to. */
    static List<String> drafts(SignetClient api, byte[] pdf, int count) throws IOException {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            ids.add((String) api.upload("draft.pdf", pdf, "Draft " + i).get("id"));
        }
        return ids;
    }

    /** Adds a signer whose email is made from the name; answers the signer as added (id, signing_url...). */
    static Map<String, Object> signer(SignetClient api, String documentId, String name, int order) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("email", name.toLowerCase().replace(' ', '.') + "@example.com");
        body.put("signing_order", order);
        return api.post("/documents/" + documentId + "/signers", body);
    }

    /** A field box on a page, in points from the page's top-left corner. */
    static Map<String, Object> field(String signerId, String type, int page, double x, double y, double w, double h) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("signer_id", signerId);
        f.put("field_type", type);
        f.put("page_number", page);
        f.put("position_x", x);
        f.put("position_y", y);
        f.put("width", w);
        f.put("height", h);
        return f;
    }
}
