package org.signet.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.signet.domain.Actor;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.error.Refusal;
import org.signet.store.SignerStore;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SignetFixture;

/** A draft's parties changed, moved in the signing order and removed: what each does, and what each refuses unchanged. */
class DraftRecipientsTest {
    @RegisterExtension
    final SignetFixture signet = SignetFixture.running();

    private static final Actor USER = Actor.user(1, "198.51.100.7", "AdminPages/1.0");

    private ApiFlow flow;
    private DraftRecipients recipients;
    private SignerStore signers;
    private Principal owner;
    private String doc;

    @BeforeEach
    void start() {
        flow = signet.flow();
        recipients = signet.server().app.draftRecipients();
        signers = signet.server().app.signers();
        owner = new Principal(signet.server().app.users().findByEmail(SignetFixture.OWNER).orElseThrow().id(), false);
        doc = flow.upload("Partnership", 1);
    }

    private long id(String s) {
        return Long.parseLong(s);
    }

    /** The parties as name:order, in signing order. */
    private List<String> order() {
        return signers.forDocument(id(doc)).stream().sorted(Comparator.comparingInt(Signer::signingOrder)
                .thenComparingLong(Signer::id)).map(s -> s.name() + ":" + s.signingOrder()).toList();
    }

    private Party add(String name, int order) {
        return flow.addSigner(doc, name, name.toLowerCase() + "@example.com", "signer", order);
    }

    @Test
    void move_pastAPartyOfAnotherNumber_exchangesTheirNumbers() {
        add("Ann", 1);
        Party bob = add("Bob", 2);
        recipients.move(owner, id(doc), id(bob.id()), DraftRecipients.Move.UP, USER);
        assertEquals(List.of("Bob:1", "Ann:2"), order());
    }

    @Test
    void move_upPastOneOfTheSameNumber_leavesTheGroupBeforeIt_laterNumbersMoveOn() {
        add("Ann", 1);
        add("Bob", 2);
        Party cy = add("Cy", 2);
        add("Dee", 3);
        recipients.move(owner, id(doc), id(cy.id()), DraftRecipients.Move.UP, USER);
        assertEquals(List.of("Ann:1", "Cy:2", "Bob:3", "Dee:4"), order());
    }

    @Test
    void move_downPastOneOfTheSameNumber_leavesTheGroupAfterIt() {
        Party ann = add("Ann", 1);
        add("Bob", 1);
        add("Cy", 2);
        recipients.move(owner, id(doc), id(ann.id()), DraftRecipients.Move.DOWN, USER);
        assertEquals(List.of("Bob:1", "Ann:2", "Cy:3"), order());
    }

    @Test
    void move_theFirstUp_changesNothing() {
        Party ann = add("Ann", 1);
        add("Bob", 2);
        recipients.move(owner, id(doc), id(ann.id()), DraftRecipients.Move.UP, USER);
        assertEquals(List.of("Ann:1", "Bob:2"), order());
    }

    @Test
    void change_rewritesTheParty_keepsThePinWhenNoneIsGiven_andEndsEarlierUnlocks() {
        Party ann = flow.addSigner(doc, Map.of("name", "Ann", "email", "ann@example.com", "pin_code", "1234"));
        Signer before = signers.find(id(ann.id())).orElseThrow();
        Signer after = recipients.change(owner, id(doc), id(ann.id()), new Workflow.SignerRequest("Ann Lee",
                "ann.lee@example.com", Signer.Role.APPROVER, 4, false, null, Signer.Verification.EMAIL_CODE, null), USER);
        assertEquals("Ann Lee", after.name());
        assertEquals("ann.lee@example.com", after.email());
        assertEquals(Signer.Role.APPROVER, after.role());
        assertEquals(4, after.signingOrder());
        assertEquals(Signer.Verification.EMAIL_CODE, after.verification());
        assertEquals(before.pinHash(), after.pinHash());
        assertNotEquals(before.gateVersion(), after.gateVersion());
        assertEquals(1, flow.audit(doc, "signer_changed").size());
    }

    @Test
    void change_toAnotherPartysEmail_refusedUnchanged() {
        Party ann = add("Ann", 1);
        add("Bob", 2);
        Refusal r = assertThrows(Refusal.class, () -> recipients.change(owner, id(doc), id(ann.id()),
                new Workflow.SignerRequest("Ann", "bob@example.com", Signer.Role.SIGNER, 1, false, null,
                        Signer.Verification.NONE, null), USER));
        assertEquals("duplicate_signer", r.code());
        assertEquals("ann@example.com", signers.find(id(ann.id())).orElseThrow().email());
    }

    @Test
    void remove_takesTheirFieldsWithThem() {
        Party ann = add("Ann", 1);
        Party bob = add("Bob", 2);
        flow.signatureFields(doc, ann.id(), bob.id());
        recipients.remove(owner, id(doc), id(bob.id()), USER);
        assertEquals(List.of("Ann:1"), order());
        assertEquals(1, flow.fields(doc).size());
        assertEquals(1, flow.audit(doc, "signer_removed").size());
    }

    @Test
    void aSentDocument_refusedInvalidState_nothingChanged() {
        Party ann = add("Ann", 1);
        flow.signatureFields(doc, ann.id());
        flow.send(doc);
        Refusal r = assertThrows(Refusal.class, () -> recipients.remove(owner, id(doc), id(ann.id()), USER));
        assertEquals("invalid_state", r.code());
        assertThrows(Refusal.class, () -> recipients.move(owner, id(doc), id(ann.id()), DraftRecipients.Move.DOWN, USER));
        assertEquals(List.of("Ann:1"), order());
    }

    @Test
    void anotherUsersDraft_refused403_aPartyOfAnotherDocument404() {
        Party ann = add("Ann", 1);
        long stranger = signet.server().account("stranger@example.com", false).user().id();
        Refusal forbidden = assertThrows(Refusal.class, () -> recipients.remove(new Principal(stranger, false), id(doc),
                id(ann.id()), USER));
        assertEquals(403, forbidden.status());
        String other = flow.upload("Other", 1);
        Refusal missing = assertThrows(Refusal.class, () -> recipients.remove(owner, id(other), id(ann.id()), USER));
        assertEquals(404, missing.status());
        assertEquals(List.of("Ann:1"), order());
    }
}
