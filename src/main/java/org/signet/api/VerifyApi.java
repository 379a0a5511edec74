package org.signet.api;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.pdf.verify.SealCheck;
import org.signet.service.Verification;
import org.signet.text.Wire;

/**
 * {@code POST {base}/verify} (a PDF as the multipart part {@code file}) and {@code GET
 * {base}/verify/{sha256}}: anyone holding a file may check it against this site's seals, without
 * credentials. Registered among the site's routes under the REST base, so the per-IP limit applies
 * and no key is asked for. Nothing of the file is kept.
 */
public final class VerifyApi {
    private final Verification verification;
    private final UploadReceiver uploads;
    private final Wire wire;
    private final String restBase;

    public VerifyApi(Verification verification, UploadReceiver uploads, Wire wire, String restBase) {
        this.verification = verification;
        this.uploads = uploads;
        this.wire = wire;
        this.restBase = restBase;
    }

    public void routes(Router site) {
        site.post(restBase + "/verify", this::check);
        site.get(restBase + "/verify/{sha256}", this::lookup);
    }

    private Response check(Request req) throws IOException {
        Verification.Outcome outcome = uploads.receive(req, (file, name) -> verification.check(file));
        return Response.ok(outcome(outcome));
    }

    private Response lookup(Request req) {
        String sha256 = req.pathParam("sha256");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sha256", sha256);
        Optional<Verification.PurgedSeal> purged = verification.purged(sha256);
        if (purged.isPresent()) {
            out.put("purged", purged(purged.get()));
        } else {
            out.put("document", document(verification.document(sha256)));
        }
        return Response.ok(out);
    }

    private Map<String, Object> outcome(Verification.Outcome o) {
        SealCheck c = o.check();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sha256", c.sha256());
        out.put("sealed_here", o.sealedHere());
        out.put("intact", c.intact());
        out.put("covers_whole_file", c.coversWholeFile());
        out.put("modified_after_seal", c.modifiedAfterSeal());
        out.put("modifications", c.changes().stream().sorted().map(SealCheck.Change::wire).toList());
        out.put("certified", c.certified());
        out.put("seal_level", c.level());
        out.put("sealed_at", c.sealedAt() == null ? null : wire.time(c.sealedAt().getEpochSecond()));
        o.document().ifPresent(d -> out.put("document", document(d)));
        o.purged().ifPresent(p -> out.put("purged", purged(p)));
        return out;
    }

    /** A purged document's seal: its number and times, and how many took part; its title and parties are gone. */
    private Map<String, Object> purged(Verification.PurgedSeal p) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", Wire.id(p.id()));
        out.put("completed_at", wire.time(p.completedAt()));
        out.put("sealed_at", wire.time(p.sealedAt()));
        out.put("purged_at", wire.time(p.purgedAt()));
        out.put("parties", Wire.integer(p.parties()));
        return out;
    }

    private Map<String, Object> document(Verification.SealedDocument d) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", Wire.id(d.id()));
        out.put("title", d.title());
        out.put("completed_at", wire.time(d.completedAt()));
        out.put("chain_valid", d.chainValid());
        out.put("parties", d.parties().stream().map(this::party).toList());
        return out;
    }

    private Map<String, Object> party(Verification.Party p) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", p.name());
        out.put("role", p.role());
        out.put("signed_at", wire.time(p.signedAt()));
        return out;
    }
}
