package org.signet.domain;

/**
 * What waits in one of Signet's queues: how many items, and since when the oldest has waited
 * (Unix seconds; null when nothing waits).
 */
public record Backlog(long depth, Long oldestAt) {}
