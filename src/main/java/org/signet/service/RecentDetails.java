package org.signet.service;

import java.util.concurrent.ConcurrentHashMap;
import org.signet.domain.DocumentDetail;

/**
 * Documents' details as last read, each with the database's count of ended write transactions at
 * the time, so that reading one document again and again while nothing is written costs no query. Any
 * write anywhere makes every entry stale; a stale entry is simply read again.
 */
final class RecentDetails {
    /** Enough for every document a busy site's clients poll at once; beyond it the map starts over. */
    static final int CAPACITY = 4096;

    private record Entry(long writesEnded, DocumentDetail detail) {}

    private final ConcurrentHashMap<Long, Entry> entries = new ConcurrentHashMap<>();

    /** The detail of document {@code id} if it was read when the count stood at {@code writesEnded}. */
    DocumentDetail get(long id, long writesEnded) {
        Entry e = entries.get(id);
        return e != null && e.writesEnded == writesEnded ? e.detail : null;
    }

    /** Remembers {@code detail}, read in a transaction that began once the count stood at {@code writesEnded}. */
    void put(long writesEnded, DocumentDetail detail) {
        if (entries.size() >= CAPACITY) {
            entries.clear();
        }
        entries.put(detail.document().id(), new Entry(writesEnded, detail));
    }
}
