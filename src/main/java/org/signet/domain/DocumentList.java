package org.signet.domain;

import java.util.List;

/** One page of documents and the total across all pages. */
public record DocumentList(List<Document> items, long total) {

    public DocumentList {
        items = List.copyOf(items);
    }
}
