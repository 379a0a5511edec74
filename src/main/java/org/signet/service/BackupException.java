package org.signet.service;

import java.util.List;

/** A backup that could not be made, checked or restored; the message says what was found and where. */
public final class BackupException extends Exception {
    private static final long serialVersionUID = 1L;
    /** Problems listed in a message, at most; the rest are counted. */
    private static final int SHOWN = 20;

    public BackupException(String message) {
        super(message);
    }

    /** A check's problems, each on a line of its own, the first few of many named and the rest counted. */
    static BackupException problems(String what, List<String> problems) {
        StringBuilder m = new StringBuilder(what).append(':');
        problems.stream().limit(SHOWN).forEach(p -> m.append("\n  ").append(p));
        if (problems.size() > SHOWN) {
            m.append("\n  and ").append(problems.size() - SHOWN).append(" more");
        }
        return new BackupException(m.toString());
    }
}
