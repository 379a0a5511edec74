package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;
import org.signet.support.TestServer;

/** Signing tokens at rest: the database file holds only their hashes and sealed copies; old links keep working. */
class SignerTokensTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.stopped();

    @Test
    void newLink_signersTableHoldsOnlyTheHashAndASealedCopy() throws Exception {
        TestServer server = signet.start();
        ApiFlow flow = signet.flow();
        String doc = flow.upload("Lease", 1);
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        assertEquals(200, flow.session(ann.token()).statusCode(), "the link works");
        Database db = server.app.database();
        long id = Long.parseLong(ann.id());

        String stored = db.queryOne("SELECT access_token FROM signers WHERE id = ?", r -> r.string("access_token"),
                id).orElseThrow();
        byte[] sealed = db.queryOne("SELECT access_token_sealed FROM signers WHERE id = ?",
                r -> r.bytes("access_token_sealed"), id).orElseThrow();

        assertEquals(SignerTokens.hash(ann.token()), stored);
        assertFalse(stored.contains(ann.token()));
        byte[] raw = Base64.getUrlDecoder().decode(ann.token());
        assertFalse(new String(sealed, StandardCharsets.ISO_8859_1).contains(
                new String(raw, StandardCharsets.ISO_8859_1)), "the sealed copy is not the token");
        assertFalse(new String(sealed, StandardCharsets.ISO_8859_1).contains(ann.token()));
        assertTrue(sealed.length > raw.length, "sealed: nonce and tag around the encrypted token");
    }

    @Test
    void invitedSigner_tokenNotFindableInTheDatabaseFiles() throws Exception {
        TestServer server = signet.start();
        ApiFlow flow = signet.flow();
        String doc = flow.upload("Lease", 1);
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        assertEquals(1, flow.mail.queued("ann@example.org", "invitation").size(), "the invitation is queued");
        byte[] token = ann.token().getBytes(StandardCharsets.US_ASCII);

        for (String name : new String[] {"signet.db", "signet.db-wal"}) {
            Path file = signet.dir().resolve(name);
            if (java.nio.file.Files.exists(file)) {
                assertFalse(contains(java.nio.file.Files.readAllBytes(file), token), name + " holds the token");
            }
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @Test
    void linkFromBeforeTokensWereSealed_stillWorksAndIsSealedAtStart() throws Exception {
        TestServer server = signet.start();
        ApiFlow flow = signet.flow();
        String doc = flow.upload("Lease", 1);
        Party ann = flow.addSignerWithSignatureField(doc, "ann@example.org");
        flow.send(doc);
        // As a database from before sealing has it: the token itself, in clear, no sealed copy.
        String oldToken = Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[32]).replace('A', 'k');
        server.app.database().update("UPDATE signers SET access_token = ?, access_token_sealed = NULL WHERE id = ?",
                oldToken, Long.parseLong(ann.id()));

        TestServer again = signet.start();
        ApiFlow visitor = new ApiFlow(again, null, signet.clock());
        assertEquals(200, visitor.session(oldToken).statusCode(), "the old link still opens");
        assertEquals(0L, again.app.database().queryLong("SELECT count(*) FROM signers WHERE access_token = ?",
                oldToken));
        assertEquals(0L, again.app.database().queryLong(
                "SELECT count(*) FROM signers WHERE access_token_sealed IS NULL"));
    }
}
