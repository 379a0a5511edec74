package org.signet.service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.signet.domain.Actor;
import org.signet.domain.BulkSend;
import org.signet.domain.ExternalRef;
import org.signet.domain.Principal;
import org.signet.domain.TeamRole;
import org.signet.domain.Signer;
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

    private final Database db;
    private final BulkSendStore store;
    private final Templates templates;
    private final WebhookEvents events;
    private final Runnable wake;

    /** A row as read from the client: its number, the request it makes, or the problems that refuse it. */
    public record RowRequest(int number, Templates.NewDocumentRequest request, ProblemList problems) {}

    /** A bulk send with its rows. */
    public record Detail(BulkSend bulkSend, List<BulkSend.RowOutcome> rows) {}

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
            errors.add("There are no rows to send.");
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
