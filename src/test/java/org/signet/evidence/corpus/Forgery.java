package org.signet.evidence.corpus;

import java.util.Objects;
import java.util.Set;

/**
 * One entry of the corpus: a file, why it is there, and what a verifier must say of it.
 *
 * @param name the entry's name, also its file's name
 * @param why what the file does, in a sentence
 * @param good whether the file is a genuine seal Signet must call good; every other entry must not be
 * @param modifications kinds of change Signet's answer must name among its modifications (wire names)
 * @param verdict the verify page's verdict the file must get, or null when any but "good" will do
 * @param visiblePage the page (from 1) on which a viewer shows the forgery changed, or 0 when it shows none
 * @param genuine the sealed file the forgery was made from, rendered beside it; null for a genuine entry
 * @param file the file itself
 */
record Forgery(String name, String why, boolean good, Set<String> modifications, String verdict, int visiblePage,
        byte[] genuine, byte[] file) {

    Forgery {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(file, "file");
        modifications = Set.copyOf(modifications);
    }

    /** A genuine seal: Signet must call it good. */
    static Forgery genuine(String name, String why, byte[] file) {
        return new Forgery(name, why, true, Set.of(), "good", 0, null, file);
    }

    /** A forgery made from {@code genuine}: anything but good. */
    static Forgery forged(String name, String why, byte[] genuine, byte[] file) {
        return new Forgery(name, why, false, Set.of(), null, 0, genuine, file);
    }

    /** The same entry, shown changed on {@code page} by a viewer. */
    Forgery visibleOn(int page) {
        return new Forgery(name, why, good, modifications, verdict, page, genuine, file);
    }

    /** The same entry, whose answer must name {@code kinds} among its modifications. */
    Forgery modifying(String... kinds) {
        return new Forgery(name, why, good, Set.of(kinds), verdict, visiblePage, genuine, file);
    }

    /** The same entry, whose verify page must give {@code expected} as its verdict. */
    Forgery judged(String expected) {
        return new Forgery(name, why, good, modifications, expected, visiblePage, genuine, file);
    }
}
