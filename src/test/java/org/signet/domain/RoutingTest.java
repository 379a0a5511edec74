package org.signet.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.signet.domain.Signer.Role;
import org.signet.domain.Signer.Status;

/** Who is invited when: approvers first, then groups by signing order, viewers never blocking. */
class RoutingTest {

    private static Signer party(long id, Role role, int order, Status status, boolean invited) {
        return new Signer(id, 1, "Party " + id, "p" + id + "@example.org", role, order, status, "token" + id, null,
                false, Signer.Verification.NONE, null, invited ? 1_000L : null, null, null, status == Status.SIGNED ? 2_000L : null, null, null, null,
                null, 0, null, 0, 0, 0);
    }

    private static Signer pending(long id, Role role, int order) {
        return party(id, role, order, Status.PENDING, false);
    }

    private static Signer signed(long id, Role role, int order) {
        return party(id, role, order, Status.SIGNED, true);
    }

    private static List<Long> ids(List<Signer> signers) {
        return signers.stream().map(Signer::id).toList();
    }

    @Test
    void inOrder_mixedRoles_approversFirstThenBySigningOrderThenById() {
        List<Signer> all = List.of(pending(5, Role.SIGNER, 2), pending(1, Role.SIGNER, 1), pending(2, Role.APPROVER, 2),
                pending(6, Role.VIEWER, 1), pending(3, Role.APPROVER, 1));

        assertEquals(List.of(3L, 2L, 1L, 6L, 5L), ids(Routing.inOrder(all)));
    }

    @Test
    void open_approversPending_onlyTheFirstApproverGroupIsOpen() {
        List<Signer> all = List.of(pending(1, Role.SIGNER, 1), pending(2, Role.APPROVER, 2),
                pending(3, Role.APPROVER, 1), pending(4, Role.VIEWER, 1));

        assertEquals(List.of(3L), ids(Routing.open(all)));
    }

    @Test
    void open_firstApproverApproved_nextApproverGroupOpensBeforeAnySigner() {
        List<Signer> all = List.of(pending(1, Role.SIGNER, 1), pending(2, Role.APPROVER, 2),
                signed(3, Role.APPROVER, 1));

        assertEquals(List.of(3L, 2L), ids(Routing.open(all)));
    }

    @Test
    void open_approverWithHighOrder_stillComesBeforeSignersWithLowOrder() {
        List<Signer> all = List.of(pending(1, Role.SIGNER, 1), pending(2, Role.APPROVER, 9));

        assertEquals(List.of(2L), ids(Routing.open(all)));
    }

    @Test
    void open_everyApproverApproved_firstSignerGroupOpens() {
        List<Signer> all = List.of(signed(1, Role.APPROVER, 1), signed(2, Role.APPROVER, 1),
                pending(3, Role.SIGNER, 1), pending(4, Role.SIGNER, 2));

        assertEquals(List.of(1L, 2L, 3L), ids(Routing.open(all)));
    }

    @Test
    void open_equalSigningOrder_wholeGroupOpensTogether() {
        List<Signer> all = List.of(pending(5, Role.SIGNER, 1), pending(2, Role.SIGNER, 1),
                pending(3, Role.SIGNER, 2));

        assertEquals(List.of(2L, 5L), ids(Routing.open(all)));
    }

    @Test
    void open_differentSigningOrder_nextGroupWaitsUntilEveryoneBeforeSigned() {
        Signer first = pending(1, Role.SIGNER, 1);
        Signer second = pending(2, Role.SIGNER, 1);
        Signer later = pending(3, Role.SIGNER, 2);

        assertEquals(List.of(1L, 2L), ids(Routing.open(List.of(signed(1, Role.SIGNER, 1), second, later))));
        assertEquals(List.of(1L, 2L, 3L),
                ids(Routing.open(List.of(signed(1, Role.SIGNER, 1), signed(2, Role.SIGNER, 1), later))));
        assertEquals(List.of(1L, 2L), ids(Routing.open(List.of(first, second, later))));
    }

    @Test
    void open_viewedSignerStillBlocks() {
        List<Signer> all = List.of(party(1, Role.SIGNER, 1, Status.VIEWED, true), pending(2, Role.SIGNER, 2));

        assertEquals(List.of(1L), ids(Routing.open(all)));
    }

    @Test
    void open_viewerOnlyGroup_neverBlocksTheNextGroup() {
        List<Signer> all = List.of(pending(1, Role.VIEWER, 1), pending(2, Role.SIGNER, 2),
                pending(3, Role.SIGNER, 3));

        assertEquals(List.of(1L, 2L), ids(Routing.open(all)));
    }

    @Test
    void open_viewerInLaterGroup_waitsForItsGroup() {
        List<Signer> all = List.of(pending(1, Role.SIGNER, 1), pending(2, Role.VIEWER, 2),
                pending(3, Role.SIGNER, 2));

        assertEquals(List.of(1L), ids(Routing.open(all)));
        assertEquals(List.of(1L, 2L, 3L),
                ids(Routing.open(List.of(signed(1, Role.SIGNER, 1), pending(2, Role.VIEWER, 2),
                        pending(3, Role.SIGNER, 2)))));
    }

    @Test
    void open_viewerBehindApprover_waitsForApproval() {
        List<Signer> all = List.of(pending(1, Role.APPROVER, 1), pending(2, Role.VIEWER, 1));

        assertEquals(List.of(1L), ids(Routing.open(all)));
    }

    @Test
    void open_noSigners_nothingOpen() {
        assertEquals(List.of(), Routing.open(List.of()));
    }

    @Test
    void toInvite_openPartiesAlreadyInvited_leftOut() {
        List<Signer> all = List.of(party(1, Role.SIGNER, 1, Status.PENDING, true), pending(2, Role.SIGNER, 1),
                pending(3, Role.SIGNER, 2));

        assertEquals(List.of(2L), ids(Routing.toInvite(all)));
    }

    @Test
    void toInvite_everyoneInvitedAndWaiting_nothingToSend() {
        List<Signer> all = List.of(party(1, Role.SIGNER, 1, Status.VIEWED, true), pending(2, Role.SIGNER, 2));

        assertEquals(List.of(), Routing.toInvite(all));
    }

    @Test
    void isTurn_laterGroup_falseUntilEarlierGroupSigned() {
        List<Signer> waiting = List.of(pending(1, Role.SIGNER, 1), pending(2, Role.SIGNER, 2));
        List<Signer> done = List.of(signed(1, Role.SIGNER, 1), pending(2, Role.SIGNER, 2));

        assertTrue(Routing.isTurn(waiting, 1));
        assertFalse(Routing.isTurn(waiting, 2));
        assertTrue(Routing.isTurn(done, 2));
        assertFalse(Routing.isTurn(done, 99));
    }

    @Test
    void complete_everySignerAndApproverSigned_trueWhateverTheViewers() {
        assertTrue(Routing.complete(List.of(signed(1, Role.APPROVER, 1), signed(2, Role.SIGNER, 1),
                pending(3, Role.VIEWER, 1))));
    }

    @Test
    void complete_someoneStillToAct_false() {
        assertFalse(Routing.complete(List.of(signed(1, Role.SIGNER, 1), pending(2, Role.SIGNER, 2))));
        assertFalse(Routing.complete(List.of(pending(1, Role.APPROVER, 1), signed(2, Role.SIGNER, 1))));
        assertFalse(Routing.complete(List.of(party(1, Role.SIGNER, 1, Status.DECLINED, true))));
    }

    @Test
    void complete_onlyViewersOrNobody_false() {
        assertFalse(Routing.complete(List.of(party(1, Role.VIEWER, 1, Status.VIEWED, true))));
        assertFalse(Routing.complete(List.of()));
    }

    @Test
    void firstOrderAfterActed_nobodyActed_anyOrder() {
        List<Signer> all = List.of(pending(1, Role.APPROVER, 1), pending(2, Role.SIGNER, 3));

        assertEquals(1, Routing.firstOrderAfterActed(all, Role.SIGNER).getAsInt());
        assertEquals(1, Routing.firstOrderAfterActed(all, Role.APPROVER).getAsInt());
    }

    @Test
    void firstOrderAfterActed_signerSigned_afterTheirGroup_andNoApproverAtAll() {
        List<Signer> all = List.of(signed(1, Role.APPROVER, 4), signed(2, Role.SIGNER, 2), pending(3, Role.SIGNER, 2),
                pending(4, Role.VIEWER, 7));

        assertEquals(3, Routing.firstOrderAfterActed(all, Role.SIGNER).getAsInt());
        assertEquals(3, Routing.firstOrderAfterActed(all, Role.VIEWER).getAsInt());
        assertTrue(Routing.firstOrderAfterActed(all, Role.APPROVER).isEmpty());
    }

    @Test
    void firstOrderAfterActed_onlyAnApproverApproved_laterApprovers_signersAnywhere() {
        List<Signer> all = List.of(signed(1, Role.APPROVER, 2), pending(2, Role.APPROVER, 3), pending(3, Role.SIGNER, 1));

        assertEquals(3, Routing.firstOrderAfterActed(all, Role.APPROVER).getAsInt());
        assertEquals(1, Routing.firstOrderAfterActed(all, Role.SIGNER).getAsInt());
    }
}
