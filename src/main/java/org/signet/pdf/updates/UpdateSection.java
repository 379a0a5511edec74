package org.signet.pdf.updates;

import java.util.List;

/**
 * One incremental update as written (ISO 32000-1 §7.5.6): the objects in its body, the
 * cross-reference entries it declares, its trailer, and where its {@code startxref} points.
 *
 * @param xrefAt where its cross-reference table or stream begins
 * @param startxref the offset its {@code startxref} line gives
 */
record UpdateSection(long start, List<WrittenObject> objects, List<XrefEntry> entries, RawValue.Dict trailer,
        long xrefAt, long startxref) {

    UpdateSection {
        objects = List.copyOf(objects);
        entries = List.copyOf(entries);
    }

    /** An object in the update's body, where its {@code number generation obj} begins. */
    record WrittenObject(long number, int generation, long offset, RawValue value) {}

    /**
     * One cross-reference entry: {@code type} 0 frees the object, 1 places it at {@code offset},
     * 2 places it in an object stream (§7.5.8.3).
     */
    record XrefEntry(long number, int type, long offset, int generation) {}
}
