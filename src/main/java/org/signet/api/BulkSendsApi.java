package org.signet.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.BulkSend;
import org.signet.error.Refusal;
import org.signet.http.Request;
import org.signet.http.Response;
import org.signet.http.Router;
import org.signet.service.BulkSends;
import org.signet.service.ParseBudget;
import org.signet.service.Templates;
import org.signet.text.Wire;

/** {@code POST /templates/{id}/bulk-sends} starts one template sent to many; {@code GET /bulk-sends/{id}} shows how it goes. */
public final class BulkSendsApi {
    /** A thousand rows of JSON with their metadata fit in this; so do they as CSV. */
    private static final int MAX_ROWS_BYTES = 8 << 20;
    /**
     * Heap reading a CSV file may take for each of its bytes: the bytes, the text (two bytes a
     * character at worst), each value as a string and each row as a map of them.
     */
    private static final int CSV_HEAP_PER_BYTE = 10;

    private final BulkSends bulkSends;
    private final Templates templates;
    private final UploadReceiver uploads;
    private final BulkSendInput input;
    private final Wire wire;
    private final ParseBudget budget;

    public BulkSendsApi(BulkSends bulkSends, Templates templates, UploadReceiver uploads, DocumentInput input,
            Wire wire, ParseBudget budget) {
        this.bulkSends = bulkSends;
        this.templates = templates;
        this.uploads = uploads;
        this.input = new BulkSendInput(input);
        this.wire = wire;
        this.budget = budget;
    }

    public void routes(Router r) {
        r.post("/templates/{id}/bulk-sends", this::start);
        r.get("/bulk-sends/{id}", this::get);
    }

    private Response start(Request req) throws IOException {
        long id = req.pathId("id");
        Templates.Detail template = templates.get(req.caller().principal(), id);
        String type = Optional.ofNullable(req.header("Content-Type")).orElse("").toLowerCase();
        BulkSends.Rows read = type.startsWith("multipart/form-data")
                ? uploads.receive(req, (file, name) -> readCsv(file, template))
                : input.fromJson(req.json(MAX_ROWS_BYTES), template);
        if (read.problems().isEmpty()) {
            // Each row makes and mails a document as a request of its own would: the run counts as many.
            req.countFurtherUses(read.rows().size() - 1);
        }
        BulkSend b = bulkSends.start(req.caller().principal(), id, read.problems(), read.rows(), Actors.of(req));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", Wire.id(b.id()));
        out.put("team_id", b.teamId() == null ? null : Wire.id(b.teamId()));
        out.put("status", b.status().wire());
        out.put("total", b.total());
        return Response.ok(out);
    }

    private BulkSends.Rows readCsv(Path file, Templates.Detail template) throws IOException {
        long size = Files.size(file);
        refuseOversize(size);
        return budget.run(CSV_HEAP_PER_BYTE * size, () -> input.fromCsv(Files.readAllBytes(file), template));
    }

    /**
     * A CSV file's rows read as this interface reads them, for the administrator pages: once the parse budget has
     * room for them, and 413 {@code file_too_large} past the size of the same rows as JSON.
     */
    public BulkSends.CsvRows csvRows() {
        return (csv, template) -> {
            refuseOversize(csv.length);
            return budget.run(CSV_HEAP_PER_BYTE * (long) csv.length, () -> input.fromCsv(csv, template));
        };
    }

    /** Refused before anything of the file is read. */
    private static void refuseOversize(long size) {
        if (size > MAX_ROWS_BYTES) {
            throw new Refusal(Refusal.Kind.TOO_LARGE, "file_too_large", "A bulk send's CSV file is larger than the limit of "
                    + MAX_ROWS_BYTES + " bytes.", Map.of("max_bytes", MAX_ROWS_BYTES));
        }
    }

    private Response get(Request req) {
        BulkSends.Detail d = bulkSends.get(req.caller().principal(), req.pathId("id"));
        BulkSend b = d.bulkSend();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", Wire.id(b.id()));
        out.put("template_id", b.templateId());
        out.put("team_id", b.teamId() == null ? null : Wire.id(b.teamId()));
        out.put("status", b.status().wire());
        out.put("total", b.total());
        out.put("created", b.created());
        out.put("failed", b.failed());
        out.put("created_at", wire.time(b.createdAt()));
        out.put("completed_at", wire.time(b.completedAt()));
        out.put("rows", d.rows().stream().map(BulkSendsApi::rowForm).toList());
        return Response.ok(out);
    }

    private static Map<String, Object> rowForm(BulkSend.RowOutcome row) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("row", row.number());
        m.put("status", row.status().wire());
        m.put("document_id", row.documentId() == null ? null : Wire.id(row.documentId()));
        m.put("error", row.error());
        return m;
    }
}
