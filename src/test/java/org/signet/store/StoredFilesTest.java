package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.support.TestServer.expectObject;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.files.FileVault;
import org.signet.support.ApiFlow;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/**
 * Stored files and what a crash may leave of them: a file written whose owner never committed, a
 * write cut off before its row, bytes whose row was forgotten but not yet erased. The next start
 * destroys exactly those, and never a file something owns.
 */
class StoredFilesTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running().onSystemClock();

    private Account alice;
    private StoredFiles files;
    private FileVault vault;

    @BeforeEach
    void start() throws Exception {
        alice = signet.server().account("alice@example.com", false);
        vault = MasterKeyCheck.openVault(signet.server().app.database(), signet.dir(), Clock.systemUTC());
        files = new StoredFiles(signet.server().app.database(), vault, Clock.systemUTC());
    }

    @Test
    void destroyUnclaimed_savedButNeverClaimed_destroysRowAndBytes() throws Exception {
        StoredFiles.Saved saved = files.save(new byte[] {1, 2, 3});
        String name = nameOf(saved.id());

        assertEquals(1, files.destroyUnclaimed());

        assertEquals(0, count("SELECT count(*) FROM stored_files WHERE id = ?", saved.id()));
        assertFalse(vault.holds(name), "the bytes are gone too");
        assertEquals(0, count("SELECT count(*) FROM unclaimed_files"));
    }

    @Test
    void destroyUnclaimed_claimedInItsOwnersTransaction_keepsTheFile() throws Exception {
        StoredFiles.Saved saved = files.save(new byte[] {4, 5, 6});
        signet.server().app.database().inTransaction(() -> files.claim(saved.id()));

        assertEquals(0, files.destroyUnclaimed());
        assertArrayEquals(new byte[] {4, 5, 6}, files.read(saved.id()));
    }

    @Test
    void destroyUnclaimed_writeCutOffBeforeItsRow_removesFileAndTemporaryFile() throws Exception {
        String name = vault.newName();
        signet.server().app.database().update("INSERT INTO unclaimed_files(name, listed_at) VALUES (?, 0)", name);
        vault.write(name, new ByteArrayInputStream(new byte[] {7}));
        leaveUnfinishedBytes(name);

        assertEquals(1, files.destroyUnclaimed());

        assertFalse(vault.holds(name));
        assertFalse(Files.exists(vaultFile(name + ".tmp")));
        assertEquals(0, count("SELECT count(*) FROM file_chunks WHERE name = ?", name));
    }

    @Test
    void destroyUnclaimed_forgottenButNotErased_erasesTheBytes() throws Exception {
        StoredFiles.Saved saved = files.save(new byte[] {9});
        String name = nameOf(saved.id());
        signet.server().app.database().inTransaction(() -> files.claim(saved.id()));
        signet.server().app.database().inTransaction(() -> files.forget(saved.id()));

        assertTrue(vault.holds(name), "a crash came before the erase");
        assertEquals(1, files.destroyUnclaimed());
        assertFalse(vault.holds(name));
    }

    @Test
    void destroyUnclaimed_listedButOwnedByADocument_keepsItAndStrikesItOff() throws Exception {
        String id = signet.server().uploadPdf(alice.full(), "kept.pdf", TestFiles.pdf(1));
        long fileId = signet.server().app.database().queryLong("SELECT original_file_id FROM documents WHERE id = ?",
                Long.parseLong(id));
        signet.server().app.database().update("INSERT INTO unclaimed_files(name, listed_at) VALUES (?, 0)", nameOf(fileId));

        assertEquals(0, files.destroyUnclaimed());

        assertEquals(0, count("SELECT count(*) FROM unclaimed_files"));
        assertEquals(200, signet.server().get("documents/" + id + "/file", alice.full()).statusCode());
    }

    @Test
    void destroyAbandoned_listedWithinTheHour_keepsItForTheRequestStillWritingIt() throws Exception {
        StoredFiles.Saved recent = files.save(new byte[] {1});
        StoredFiles.Saved old = files.save(new byte[] {2});
        String oldName = nameOf(old.id());
        signet.server().app.database().update("UPDATE unclaimed_files SET listed_at = ? WHERE name = ?",
                Clock.systemUTC().millis() / 1000 - StoredFiles.ABANDONED_AFTER_SECONDS - 1, oldName);

        assertEquals(1, files.destroyAbandoned());

        assertFalse(vault.holds(oldName));
        assertEquals(0, count("SELECT count(*) FROM stored_files WHERE id = ?", old.id()));
        assertArrayEquals(new byte[] {1}, files.read(recent.id()));
        assertEquals(1, count("SELECT count(*) FROM unclaimed_files"));
    }

    @Test
    void recorded_byPage_eachFileOnceInTheOrderSaved() throws Exception {
        long last = files.recorded().stream().mapToLong(StoredFiles.Recorded::id).max().orElse(0);
        List<Long> saved = List.of(files.save(new byte[] {1}).id(), files.save(new byte[] {2}).id(),
                files.save(new byte[] {3}).id());

        List<StoredFiles.Recorded> first = files.recorded(last, 2);
        List<StoredFiles.Recorded> second = files.recorded(first.get(1).id(), 2);

        assertEquals(saved.subList(0, 2), first.stream().map(StoredFiles.Recorded::id).toList());
        assertEquals(saved.subList(2, 3), second.stream().map(StoredFiles.Recorded::id).toList());
        assertEquals(List.of(), files.recorded(saved.get(2), 2));
        assertTrue(second.get(0).unclaimed());
    }

    @Test
    void save_insideATransaction_isRefused() {
        assertThrows(IllegalStateException.class, () -> signet.server().app.database().inTransaction(() -> {
            try {
                return files.save(new byte[] {1});
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }));
    }

    /** Every way a file comes in claims it in the transaction that records its owner. */
    @Test
    void everyOwner_claimsItsFiles() {
        ApiFlow flow = new ApiFlow(signet.server(), alice.full(), Clock.systemUTC());
        String doc = signet.server().uploadPdf(alice.full(), "doc.pdf", TestFiles.pdf(1));
        signet.server().upload(alice.full(), new Multipart().file("file", "scan.png", "image/png", TestFiles.png(40, 30)));
        expectObject(201, signet.server().postMultipart("files", alice.full(),
                new Multipart().file("file", "staged.pdf", "application/pdf", TestFiles.pdf(1))));
        expectObject(201, signet.server().postMultipart("templates/upload", alice.full(),
                new Multipart().file("file", "form.pdf", "application/pdf", TestFiles.pdf(1))));
        expectObject(201, flow.post("templates", Map.of("document_id", Long.parseLong(doc), "name", "Copy")));
        String signer = flow.addSignerWithSignatureField(doc, "sam@example.com").token();
        flow.send(doc);
        TestServer.expect(200, flow.sign(signer));
        flow.awaitSealed(doc);

        assertEquals(List.of(), signet.server().app.database().query("SELECT name FROM unclaimed_files", r -> r.string("name")));
    }

    private String nameOf(long fileId) {
        return signet.server().app.database().queryOne("SELECT name FROM stored_files WHERE id = ?", r -> r.string("name"), fileId)
                .orElseThrow();
    }

    private long count(String sql, Object... params) {
        return signet.server().app.database().queryLong(sql, params);
    }

    /** What a crash in the middle of a write leaves: a temporary file in the folder, or rows in the database. */
    private void leaveUnfinishedBytes(String name) throws Exception {
        if (signet.server().app.database().dialect() == Dialect.SQLITE) {
            Files.write(vaultFile(name + ".tmp"), new byte[] {8});
        } else {
            signet.server().app.database().update("INSERT INTO file_chunks(name, seq, bytes) VALUES (?, 1, ?)", name,
                    new byte[] {8});
        }
    }

    private Path vaultFile(String name) {
        return signet.dir().resolve("files").resolve(name);
    }

    @Test
    void recorded_savedThenClaimed_listsEachWithWhetherItIsStillUnclaimed() throws Exception {
        StoredFiles.Saved claimed = files.save(new byte[] {1});
        files.claim(claimed.id());
        StoredFiles.Saved pending = files.save(new byte[] {2, 3});

        List<StoredFiles.Recorded> recorded = files.recorded();

        assertEquals(List.of(claimed.id(), pending.id()), recorded.stream().map(StoredFiles.Recorded::id).toList());
        assertEquals(List.of(false, true), recorded.stream().map(StoredFiles.Recorded::unclaimed).toList());
        assertEquals(pending.sha256(), recorded.get(1).file().sha256Hex());
        assertEquals(2, recorded.get(1).file().size());
        assertArrayEquals(new byte[] {2, 3}, vault.readAll(recorded.get(1).file().ref()));
    }
}
