package org.signet.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.domain.Actor;
import org.signet.domain.BulkSend;
import org.signet.domain.ExternalRef;
import org.signet.domain.Principal;
import org.signet.domain.TeamRole;
import org.signet.domain.Signer;
import org.signet.domain.TemplateField;
import org.signet.error.ProblemList;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.store.BulkSendStore;
import org.signet.store.Database;
import org.signet.text.Wire;

/**
 * One template sent to many. Every row is checked before anything is made, and only a clean set of
 * rows starts; the rows are then made in the background, each through the same path as a single
 * document made from the template and sent, in one transaction that also marks the row done, so a
 * restart goes on with the rows still pending and never makes one twice. {@code bulk_send.completed}
 * goes out with the last row.
 */
public final class BulkSends {
    private static final Logger LOG = Logger.getLogger("signet.jobs");
    /** The most rows one bulk send may have. */
    public static final int MAX_ROWS = 1000;
    private static final List<String> OPTIONAL_COLUMNS = List.of("external_id", "expires_at", "metadata");
    private static final String NO_ROWS = "There are no rows to send.";

    private final Database db;
    private final BulkSendStore store;
    private final Templates templates;
    private final WebhookEvents events;
    private final Runnable wake;

    /** A row as read from the client: its number, the request it makes, or the problems that refuse it. */
    public record RowRequest(int number, Templates.NewDocumentRequest request, ProblemList problems) {}

    /** A bulk send with its rows. */
    public record Detail(BulkSend bulkSend, List<BulkSend.RowOutcome> rows) {}

    /** Rows as read from a client's file or body: problems of the whole (such as the header's) and each row. */
    public record Rows(ProblemList problems, List<RowRequest> rows) {
        /** Nothing to check but one problem of the whole, such as a file that is no CSV. */
        public static Rows refused(String problem) {
            ProblemList problems = new ProblemList();
            problems.add(problem);
            return new Rows(problems, List.of());
        }
    }

    /** Reads a CSV file's rows against a template's columns, under the interface's limits on size and heap. */
    @FunctionalInterface
    public interface CsvRows {
        Rows read(byte[] csv, Templates.Detail template);
    }

    /** One row's problem: the column it concerns ("" when it names none) and its words. */
    public record RowProblem(String column, String words) {}

    /** One row as checked: its number from 1 after the header, the signers it names, and its problems. */
    public record RowCheck(int number, List<Templates.SlotSigner> signers, List<RowProblem> problems) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /** What checking found, nothing made: the problems of the whole, and every row with its own. */
    public record Check(List<String> problems, List<RowCheck> rows) {
        /** Whether a start would be accepted: any problem refuses the whole run, as {@link #start} does. */
        public boolean clean() {
            return problems.isEmpty() && rows.stream().allMatch(RowCheck::ok);
        }

        public long badRows() {
            return rows.stream().filter(r -> !r.ok()).count();
        }
    }

    public BulkSends(Database db, BulkSendStore store, Templates templates, WebhookEvents events, Runnable wake) {
        this.db = db;
        this.store = store;
        this.templates = templates;
        this.events = events;
        this.wake = wake;
    }

    /**
     * Starts a bulk send of template {@code templateId} (ownership as for the template), or refuses
     * it whole with 400 {@code validation_failed} counting every problem of every row and listing the
     * first as "Row n: ...", {@code problems} (such as a header's) first. Nothing is made here.
     */
    public BulkSend start(Principal p, long templateId, ProblemList problems, List<RowRequest> rows, Actor actor) {
        Templates.Detail template = templates.usable(p, templateId);
        ProblemList errors = new ProblemList();
        errors.addAll("", problems);
        if (rows.isEmpty() && problems.isEmpty()) {
            errors.add(NO_ROWS);
        }
        for (RowRequest row : rows) {
            ProblemList found = row.request() == null ? row.problems()
                    : ProblemList.of(Templates.problems(template, row.request()));
            errors.addAll("Row " + row.number() + ": ", found);
        }
        if (!errors.isEmpty()) {
            throw errors.refusal("The bulk send was not started: " + errors.count() + " problem(s) were found.");
        }
        List<String> requests = rows.stream().map(r -> requestJson(r.request())).toList();
        return db.inTransaction(() -> {
            // A team's template sends for the team: its rows are made as the team (see make).
            long id = store.insert(new BulkSendStore.Running(0, p.userId(), p.admin(), templateId, actor,
                    template.template().teamId()), requests);
            db.afterCommit(wake);
            return store.find(id).orElseThrow();
        });
    }

    /**
     * Checks {@code read} against template {@code templateId} (ownership as for the template) as {@link #start}
     * would, and makes nothing: every row with its problems, each named by the column it concerns where it names
     * one, for a page that shows them before the sender starts the run.
     */
    public Check check(Principal p, long templateId, Rows read) {
        Templates.Detail template = templates.get(p, templateId);
        List<String> whole = new ArrayList<>(read.problems().listed());
        if (read.rows().isEmpty() && read.problems().isEmpty()) {
            whole.add(NO_ROWS);
        }
        Set<String> columns = columns(template);
        List<RowCheck> rows = new ArrayList<>();
        for (RowRequest row : read.rows()) {
            List<String> found = row.request() == null ? row.problems().listed() : Templates.problems(template, row.request());
            rows.add(new RowCheck(row.number(), row.request() == null ? List.of() : row.request().signers(),
                    found.stream().map(words -> new RowProblem(columnNamed(words, columns), words)).toList()));
        }
        return new Check(whole, rows);
    }

    /**
     * A template's columns for a bulk send: {@code signerN_name} and {@code signerN_email} for each of its slots,
     * one per variable, then the optional {@code external_id}, {@code expires_at} and {@code metadata}.
     */
    public static Set<String> columns(Templates.Detail template) {
        Set<String> columns = new LinkedHashSet<>();
        for (int slot : template.slotNumbers()) {
            columns.add("signer" + slot + "_name");
            columns.add("signer" + slot + "_email");
        }
        template.variables().stream().map(TemplateField::variableKey).forEach(columns::add);
        columns.addAll(OPTIONAL_COLUMNS);
        return columns;
    }

    /** The column a problem's words begin with ("variables.x" names the column x), or "". */
    private static String columnNamed(String words, Set<String> columns) {
        String first = words.split("[\\s:,]", 2)[0].replaceFirst("^variables\\.", "");
        if (columns.contains(first)) {
            return first;
        }
        String unknown = words.startsWith("unknown column ") ? words.substring("unknown column ".length()) : "";
        return unknown.endsWith(".") ? unknown.substring(0, unknown.length() - 1) : "";
    }

    /** A bulk send with its rows; 404 when there is none, 403 when it is someone else's. */
    public Detail get(Principal p, long id) {
        return db.read(() -> {
            BulkSend b = templates.ownership().require(p, store.find(id), TeamRole.VIEWER, "Bulk send");
            return new Detail(b, store.rows(id));
        });
    }

    /**
     * Makes up to {@code budget} pending rows of the running bulk sends, oldest first, and completes
     * those with none left; returns how many rows it made or failed.
     */
    public int runOnce(int budget) {
        int done = 0;
        for (BulkSendStore.Running b : db.read(store::running)) {
            int room = budget - done;
            List<BulkSendStore.Pending> pending = db.read(() -> store.pending(b.id(), room));
            for (BulkSendStore.Pending row : pending) {
                make(b, row);
                done++;
            }
            if (done >= budget) {
                return done;
            }
            complete(b.id());
        }
        return done;
    }

    /**
     * One row: its document made and sent, and the row marked created, in one transaction; a refusal
     * (the template deleted since, a signer's address now refused) marks it failed with the reason.
     */
    private void make(BulkSendStore.Running b, BulkSendStore.Pending row) {
        // A team's bulk send, started by one of its members, makes the team's documents whoever is in it now.
        Principal owner = b.teamId() != null ? Principal.forTeam(b.ownerId(), b.teamId())
                : new Principal(b.ownerId(), b.admin());
        try {
            templates.createDocument(owner, b.templateId(), request(row.requestJson()), b.actor(), d -> {
                if (!store.markCreated(b.id(), row.number(), d.id())) {
                    throw new MadeElsewhere();
                }
            });
        } catch (MadeElsewhere e) {
            // Another run (another instance's) made the row first: this copy of it was rolled back.
            LOG.log(Level.FINE, "bulk send " + b.id() + " row " + row.number() + " was made by another run");
        } catch (Refusal e) {
            LOG.log(Level.FINE, "bulk send " + b.id() + " row " + row.number() + " failed: " + e.getMessage());
            db.inTransaction(() -> store.markFailed(b.id(), row.number(), String.join(" ", e.sentences())));
        }
    }

    /** The row was no longer pending when its document was to be recorded: it rolls that document back. */
    private static final class MadeElsewhere extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MadeElsewhere() {
            super(null, null, false, false);
        }
    }

    private void complete(long id) {
        db.inTransaction(() -> store.complete(id).ifPresent(done -> {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("bulk_send_id", Wire.id(done.id()));
            data.put("template_id", done.templateId());
            data.put("team_id", done.teamId() == null ? null : Wire.id(done.teamId()));
            data.put("status", done.status().wire());
            data.put("total", done.total());
            data.put("created", done.created());
            data.put("failed", done.failed());
            events.owner(done.ownerId(), done.teamId(), "bulk_send.completed", data);
        }));
    }

    /** A checked row as stored: only what the row gave; roles and order come from the template's slots. */
    private static String requestJson(Templates.NewDocumentRequest r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("signers", r.signers().stream().map(s -> Json.object("name", s.name(), "email", s.email())).toList());
        m.put("variables", r.variables());
        m.put("expires_at", r.expiresAt());
        m.put("external_id", r.ref().externalId());
        m.put("metadata", r.ref().metadata());
        return Json.write(m);
    }

    @SuppressWarnings("unchecked")
    private static Templates.NewDocumentRequest request(String json) {
        try {
            Map<String, Object> m = (Map<String, Object>) Json.parse(json);
            List<Templates.SlotSigner> signers = ((List<Map<String, String>>) m.get("signers")).stream()
                    .map(s -> new Templates.SlotSigner(s.get("name"), s.get("email"), null, null, false,
                            Signer.Verification.NONE, null)).toList();
            Number expires = (Number) m.get("expires_at");
            return new Templates.NewDocumentRequest(null, (Map<String, String>) m.get("variables"), signers, true,
                    expires == null ? null : expires.longValue(), new ExternalRef((String) m.get("external_id"),
                    (Map<String, String>) m.get("metadata")), Optional.empty());
        } catch (JsonSyntaxException | ClassCastException e) {
            throw new IllegalStateException("a bulk send row's request is not as stored", e);
        }
    }
}
