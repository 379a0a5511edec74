package org.signet.service;

import java.util.concurrent.ConcurrentHashMap;
import org.signet.domain.DocumentDetail;

/**
 * Documents' details as last read, each with the count of the database's writer turns it was read
 * under, so that reading one document again and again while nothing is written costs no query. Any
 * write anywhere makes every entry stale; a stale entry is simply read again.
 */
final class RecentDetails {
    /** Enough for every document a busy site's clients poll at once; beyond it the map starts over. */
    static final int CAPACITY = 4096;

    private record Entry(long writerTurns, DocumentDetail detail) {}

    private final ConcurrentHashMap<Long, Entry> entries = new ConcurrentHashMap<>();

    /** The detail of document {@code id} if it was read while the writer turns stood at {@code writerTurns}. */
    DocumentDetail get(long id, long writerTurns) {
        Entry e = entries.get(id);
        return e != null && e.writerTurns == writerTurns ? e.detail : null;
    }

    /** Remembers {@code detail}, read in a transaction that began once the writer turns stood at {@code writerTurns}. */
    void put(long writerTurns, DocumentDetail detail) {
        if (entries.size() >= CAPACITY) {
            entries.clear();
        }
        entries.put(detail.document().id(), new Entry(writerTurns, detail));
    }
}
