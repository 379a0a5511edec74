package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.store.Database;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;

/**
 * What the busiest requests cost the database: statements run and write transactions begun on the
 * request's own thread (background jobs are not counted). A budget that a change exceeds fails here,
 * so a row read twice or a write lock taken for a read shows up as a test failure, not as a slow site.
 */
class RequestCostTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private ApiFlow flow;
    private final Cost cost = new Cost();

    @BeforeEach
    void start() throws Exception {
        flow = signet.flow();
        signet.server().app.database().watch(cost);
    }

    @AfterEach
    void stop() {
        signet.server().app.database().watch(Database.Watcher.NONE);
    }

    @Test
    void submit_signerWithFourFields_withinBudget() {
        Party ann = sentToTwoSigners();
        flow.session(ann.token());
        Cost.Spent spent = requestsOwn(cost.of(() -> flow.sign(ann.token(), Map.of())));
        report("POST /sign/{token}/submit (4 fields)", spent);
        // On PostgreSQL the document's row is locked first, by one statement more.
        assertTrue(spent.statements() <= (SuiteDatabase.onPostgres() ? 21 : 20), "statements: " + spent);
        assertEquals(1, spent.writeTransactions(), "write transactions: " + spent);
    }

    @Test
    void session_alreadyViewedSigner_readsWithoutTheWriteLock() {
        Party ann = sentToTwoSigners();
        flow.session(ann.token());
        Cost.Spent spent = requestsOwn(cost.of(() -> flow.session(ann.token())));
        report("GET /sign/{token}/session (viewed)", spent);
        assertTrue(spent.statements() <= 6, "statements: " + spent);
        assertEquals(0, spent.writeTransactions(), "write transactions: " + spent);
    }

    @Test
    void page_alreadyViewedSigner_readsWithoutTheWriteLock() {
        Party ann = sentToTwoSigners();
        flow.session(ann.token());
        Cost.Spent spent = requestsOwn(cost.of(() -> signet.server().send(signet.server().request("/sign/" + ann.token(), null).GET().build())));
        report("GET /sign/{token} (viewed)", spent);
        assertTrue(spent.statements() <= 5, "statements: " + spent);
        assertEquals(0, spent.writeTransactions(), "write transactions: " + spent);
    }

    @Test
    void getDocument_afterAChange_oneReadTransactionAndTheKeyFromMemory() {
        String doc = flow.upload("Lease", 1);
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.get("documents/" + doc);
        flow.put("documents/" + doc, Map.of("title", "Lease 2"));
        Cost.Spent spent = requestsOwn(cost.of(() -> flow.get("documents/" + doc)));
        report("GET /documents/{id} (changed since)", spent);
        assertEquals(List.of("auth_changes", "documents", "signers", "fields", "document_files"), spent.tables(),
                "statements: " + spent);
        assertEquals(1, spent.readTransactions(), "the document, its signers, fields and files in one snapshot: " + spent);
        assertEquals(0, spent.writeTransactions(), "write transactions: " + spent);
    }

    /**
     * On PostgreSQL every request also counts itself against its address's rate limit and its key's, if
     * it has one, in the database the instances share (statements outside the request's own
     * transactions): checked to be there, then set apart, so that the rest compares with SQLite's.
     */
    private static Cost.Spent requestsOwn(Cost.Spent spent) {
        if (!SuiteDatabase.onPostgres()) {
            return spent;
        }
        long counts = spent.sql().stream().filter(q -> q.startsWith("INSERT INTO rate_windows")).count();
        assertTrue(counts >= 1 && counts <= 2, "the address's rate count, and the key's when there is one: " + spent);
        return new Cost.Spent(spent.sql().stream().filter(q -> !q.startsWith("INSERT INTO rate_windows")).toList(),
                spent.writeTransactions(), spent.readTransactions());
    }

    /**
     * The tables a request reads to know its key while nothing was committed: none on SQLite, whose data_version
     * tells; PostgreSQL has no such counter, so there the auth counter is read on every request.
     */
    private static List<String> counterWhileNothingCommitted() {
        return SuiteDatabase.onPostgres() ? List.of("auth_changes") : List.of();
    }

    @Test
    void getDocument_nothingWrittenSince_answeredWithoutReadingTheDocument() {
        String doc = flow.upload("Lease", 1);
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        String first = flow.get("documents/" + doc).body();
        Cost.Spent spent = requestsOwn(cost.of(() -> flow.get("documents/" + doc)));
        report("GET /documents/{id} (unchanged)", spent);
        // On PostgreSQL another instance may have changed the document: it is read every time there.
        List<String> read = SuiteDatabase.onPostgres()
                ? List.of("auth_changes", "documents", "signers", "fields", "document_files")
                : List.of();
        assertEquals(read, spent.tables(), "nothing committed since, so not even the key's counter (on SQLite): " + spent);
        assertEquals(SuiteDatabase.onPostgres() ? 1 : 0, spent.readTransactions(), "read transactions: " + spent);
        assertEquals(first, flow.get("documents/" + doc).body());
    }

    @Test
    void listDocuments_search_totalAndPageFromOneConsultationOfTheIndex() {
        flow.upload("Lease Northwind", 1);
        flow.upload("Lease Acme", 1);
        flow.get("documents?search=Northwind");
        Cost.Spent spent = requestsOwn(cost.of(() -> flow.get("documents?search=Northwind")));
        report("GET /documents?search=Northwind", spent);
        String search = SuiteDatabase.onPostgres() ? "title ILIKE" : "documents_fts";
        assertEquals(1, spent.sql().stream().filter(q -> q.contains(search)).count(), "statements: " + spent);
        assertEquals(1, spent.readTransactions(), "read transactions: " + spent);
    }

    @Test
    void listDocuments_totalAndPage_oneReadTransaction() {
        flow.upload("Lease", 1);
        flow.get("documents");
        Cost.Spent spent = requestsOwn(cost.of(() -> flow.get("documents?status=draft")));
        report("GET /documents?status=draft", spent);
        assertEquals(2 + counterWhileNothingCommitted().size(), spent.statements(), "the total and the page (nothing "
                + "committed since the last request, so not the auth counter on SQLite): " + spent);
        assertEquals(1, spent.readTransactions(), "read transactions: " + spent);
    }

    @Test
    void updateDocument_titleAndStatus_readsTheDocumentOnce() {
        String doc = flow.upload("Lease", 1);
        flow.addSignerWithSignatureField(doc, "ann@example.org");
        Cost.Spent spent = requestsOwn(cost.of(() -> flow.put("documents/" + doc, Map.of("title", "Lease 2", "status", "sent"))));
        report("PUT /documents/{id} (title + send)", spent);
        assertEquals(1, spent.count("SELECT id, owner_id, title, status"), "document reads: " + spent);
        assertEquals(1, spent.writeTransactions(), "write transactions: " + spent);
    }

    @Test
    void addSigner_toADraft_withinBudget() {
        String doc = flow.upload("Lease", 1);
        flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        Cost.Spent spent = requestsOwn(cost.of(() -> flow.post("documents/" + doc + "/signers",
                Map.of("name", "Bob Baker", "email", "bob@example.org", "signing_order", 2))));
        report("POST /documents/{id}/signers", spent);
        spent.sql().forEach(q -> System.out.println("  " + q));
        assertEquals(1, spent.writeTransactions(), "write transactions: " + spent);
        // On PostgreSQL the audit head comes with the locked document row, not from a read of its own.
        assertEquals(SuiteDatabase.onPostgres() ? 0 : 1, spent.count("SELECT audit_head"), "statements: " + spent);
        assertTrue(spent.statements() <= (SuiteDatabase.onPostgres() ? 7 : 8), "statements: " + spent);
    }

    private Party sentToTwoSigners() {
        String doc = flow.upload("Supply agreement", 1);
        Party ann = flow.addSigner(doc, "Ann Able", "ann@example.org", "signer", 1);
        Party bob = flow.addSigner(doc, "Bob Baker", "bob@example.org", "signer", 2);
        flow.saveFields(doc, List.of(
                ApiFlow.field(ann.id(), "signature", 1, 72, 600),
                ApiFlow.field(ann.id(), "date", 1, 72, 660),
                ApiFlow.field(ann.id(), "name", 1, 300, 660),
                ApiFlow.field(ann.id(), "email", 1, 300, 700),
                ApiFlow.field(bob.id(), "signature", 1, 300, 600)));
        flow.send(doc);
        return ann;
    }

    private static void report(String request, Cost.Spent spent) {
        System.out.println("request cost: " + request + ": " + spent.statements() + " statements, "
                + spent.writeTransactions() + " write transaction(s), " + spent.readTransactions() + " read transaction(s)");
    }

    /** Records the statements run on the server's request threads. */
    private static final class Cost implements Database.Watcher {
        private final List<String> statements = new ArrayList<>();
        private int writeTransactions;
        private int readTransactions;

        record Spent(List<String> sql, int writeTransactions, int readTransactions) {
            int statements() {
                return sql.size();
            }

            /** The table each statement reads from, in order. */
            List<String> tables() {
                return sql.stream().map(s -> s.replaceAll("(?s).*? FROM (\\w+).*", "$1")).toList();
            }

            long count(String fragment) {
                return sql.stream().filter(s -> s.contains(fragment)).count();
            }
        }

        Spent of(Supplier<HttpResponse<String>> request) {
            synchronized (this) {
                statements.clear();
                writeTransactions = 0;
                readTransactions = 0;
            }
            HttpResponse<String> r = request.get();
            assertTrue(r.statusCode() < 300, "answered " + r.statusCode() + ": " + r.body());
            synchronized (this) {
                return new Spent(List.copyOf(statements), writeTransactions, readTransactions);
            }
        }

        private static boolean onRequestThread() {
            return Thread.currentThread().getName().startsWith("signet-http-");
        }

        @Override
        public synchronized void statement(String sql) {
            if (onRequestThread()) {
                statements.add(sql);
            }
        }

        @Override
        public synchronized void writeTransaction() {
            if (onRequestThread()) {
                writeTransactions++;
            }
        }

        @Override
        public synchronized void readTransaction() {
            if (onRequestThread()) {
                readTransactions++;
            }
        }
    }
}
