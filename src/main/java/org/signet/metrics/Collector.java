package org.signet.metrics;

/** One group of figures, written into each scrape by reading what it watches at that moment. */
public interface Collector {
    /** A short name for the group, used when it fails to say which figures are missing. */
    String name();

    void collect(Exposition out);
}
