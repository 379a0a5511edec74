package org.signet.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Who is invited when: approvers first, grouped by signing_order; then signers and viewers,
 * grouped by signing_order. A group opens when every approver has approved and every signer of
 * the groups before it has signed. Viewers travel with their group and never hold anyone up.
 */
public final class Routing {
    private Routing() {}

    /** The groups in the order they open. */
    static List<List<Signer>> groups(List<Signer> signers) {
        Map<Integer, List<Signer>> approvers = new TreeMap<>();
        Map<Integer, List<Signer>> others = new TreeMap<>();
        for (Signer s : signers) {
            (s.role() == Signer.Role.APPROVER ? approvers : others)
                    .computeIfAbsent(s.signingOrder(), k -> new ArrayList<>()).add(s);
        }
        List<List<Signer>> out = new ArrayList<>(approvers.values());
        out.addAll(others.values());
        out.forEach(g -> g.sort(Comparator.comparingLong(Signer::id)));
        return out;
    }

    /** Every party in the order they take their turns: approvers first, then by signing_order, ties by id. */
    public static List<Signer> inOrder(List<Signer> signers) {
        return groups(signers).stream().flatMap(List::stream).toList();
    }

    private static boolean blocking(Signer s) {
        return s.role() != Signer.Role.VIEWER && !s.done();
    }

    /** Everyone whose group is open: all groups up to and including the first with someone still to act. */
    public static List<Signer> open(List<Signer> signers) {
        List<Signer> out = new ArrayList<>();
        for (List<Signer> group : groups(signers)) {
            out.addAll(group);
            if (group.stream().anyMatch(Routing::blocking)) {
                break;
            }
        }
        return out;
    }

    /** Open parties not yet invited: the invitations to send now. */
    public static List<Signer> toInvite(List<Signer> signers) {
        return open(signers).stream().filter(s -> !s.invited()).toList();
    }

    /** Whether it is this party's turn: their group is open. */
    public static boolean isTurn(List<Signer> signers, long signerId) {
        return open(signers).stream().anyMatch(s -> s.id() == signerId);
    }

    /**
     * The lowest signing_order at which a party of {@code role} may join so that their turn comes after
     * everyone who has already acted, or empty when none would: an approver once a signer has signed,
     * since approvers go before every signer. A group in which someone has acted is closed to newcomers.
     */
    public static OptionalInt firstOrderAfterActed(List<Signer> signers, Signer.Role role) {
        boolean approver = role == Signer.Role.APPROVER;
        if (approver && signers.stream().anyMatch(s -> s.role() != Signer.Role.APPROVER && s.acted())) {
            return OptionalInt.empty();
        }
        int lastActed = signers.stream().filter(s -> (s.role() == Signer.Role.APPROVER) == approver && s.acted())
                .mapToInt(Signer::signingOrder).max().orElse(0);
        return OptionalInt.of(lastActed + 1);
    }

    /** Every signer and approver has signed or approved (viewers do not count). */
    public static boolean complete(List<Signer> signers) {
        return signers.stream().noneMatch(Routing::blocking)
                && signers.stream().anyMatch(s -> s.role() != Signer.Role.VIEWER);
    }
}
