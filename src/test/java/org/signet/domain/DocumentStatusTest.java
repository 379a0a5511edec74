package org.signet.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.signet.domain.DocumentStatus.COMPLETED;
import static org.signet.domain.DocumentStatus.DECLINED;
import static org.signet.domain.DocumentStatus.DRAFT;
import static org.signet.domain.DocumentStatus.EXPIRED;
import static org.signet.domain.DocumentStatus.SENT;
import static org.signet.domain.DocumentStatus.VIEWED;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.signet.domain.DocumentStatus.Trigger;

/** Every trigger from every document state, against the table in docs/api/workflow.md, Document states. */
class DocumentStatusTest {

    /** The whole table of document states: every state, every trigger; a missing entry means not allowed. */
    private static Map<Trigger, DocumentStatus> allowedFrom(DocumentStatus from) {
        Map<Trigger, DocumentStatus> m = new EnumMap<>(Trigger.class);
        switch (from) {
            case DRAFT -> {
                m.put(Trigger.SEND, SENT);
                m.put(Trigger.EXPIRE, EXPIRED);
            }
            case SENT -> {
                m.put(Trigger.RECALL, DRAFT);
                m.put(Trigger.FIRST_VIEW, VIEWED);
                m.put(Trigger.COMPLETE, COMPLETED);
                m.put(Trigger.DECLINE, DECLINED);
                m.put(Trigger.EXPIRE, EXPIRED);
            }
            case VIEWED -> {
                m.put(Trigger.RECALL, DRAFT);
                m.put(Trigger.COMPLETE, COMPLETED);
                m.put(Trigger.DECLINE, DECLINED);
                m.put(Trigger.EXPIRE, EXPIRED);
            }
            default -> { }
        }
        return m;
    }

    @Test
    void next_everyTriggerFromEveryState_followsTheTable() {
        for (DocumentStatus from : DocumentStatus.values()) {
            Map<Trigger, DocumentStatus> allowed = allowedFrom(from);
            for (Trigger t : Trigger.values()) {
                assertEquals(Optional.ofNullable(allowed.get(t)), from.next(t), from + " on " + t);
            }
        }
    }

    @Test
    void next_terminalStates_allowNothing() {
        for (DocumentStatus from : EnumSet.of(COMPLETED, DECLINED, EXPIRED)) {
            for (Trigger t : Trigger.values()) {
                assertTrue(from.next(t).isEmpty(), from + " on " + t);
            }
        }
    }

    @Test
    void terminal_onlyCompletedDeclinedExpired() {
        Set<DocumentStatus> terminal = EnumSet.noneOf(DocumentStatus.class);
        for (DocumentStatus s : DocumentStatus.values()) {
            if (s.terminal()) {
                terminal.add(s);
            }
        }
        assertEquals(EnumSet.of(COMPLETED, DECLINED, EXPIRED), terminal);
    }

    @Test
    void inProgress_onlySentAndViewed() {
        for (DocumentStatus s : DocumentStatus.values()) {
            assertEquals(s == SENT || s == VIEWED, s.inProgress(), s.wire());
        }
    }

    @Test
    void allowedByUpdate_draft_sendOrExpire() {
        assertEquals(EnumSet.of(SENT, EXPIRED), DRAFT.allowedByUpdate());
    }

    @Test
    void allowedByUpdate_sentOrViewed_recallOrExpire() {
        assertEquals(EnumSet.of(DRAFT, EXPIRED), SENT.allowedByUpdate());
        assertEquals(EnumSet.of(DRAFT, EXPIRED), VIEWED.allowedByUpdate());
    }

    @Test
    void allowedByUpdate_terminal_nothing() {
        assertTrue(COMPLETED.allowedByUpdate().isEmpty());
        assertTrue(DECLINED.allowedByUpdate().isEmpty());
        assertTrue(EXPIRED.allowedByUpdate().isEmpty());
    }

    @Test
    void fromWire_everyWireName_roundTrips() {
        for (DocumentStatus s : DocumentStatus.values()) {
            assertEquals(Optional.of(s), DocumentStatus.fromWire(s.wire()));
        }
        assertEquals("completed", COMPLETED.wire());
    }

    @Test
    void fromWire_unknownOrWrongCase_empty() {
        assertFalse(DocumentStatus.fromWire("Draft").isPresent());
        assertFalse(DocumentStatus.fromWire("deleted").isPresent());
        assertFalse(DocumentStatus.fromWire(null).isPresent());
    }
}
