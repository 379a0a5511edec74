package org.signet.pdf.updates;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSDocument;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;

/**
 * Checks the incremental updates after a sealed revision byte by byte, with a reader of Signet's own
 * rather than a lenient parser's repaired view: every object an update writes, every
 * cross-reference entry it declares, and what follows the last {@code %%EOF}. What a PDF reader
 * would show differently is found by comparing the revisions; this finds what readers would
 * <em>disagree</em> over, and what a certification does not permit even when it shows nothing.
 */
public final class UpdateCheck {

    /** What a finding touches; the first four are the modification kinds of the revision comparison. */
    public enum Kind {
        PAGES, ANNOTATIONS, FORM, OTHER,
        /** The file's objects themselves: freed, renumbered, redefined, unreadable, or bytes after the end. */
        STRUCTURE;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One thing an update did that a certification does not permit, in words for a log or a reader. */
    public record Finding(Kind kind, String what) {
        public Finding {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(what, "what");
        }
    }

    private UpdateCheck() {}

    /**
     * The findings on the updates after {@code sealedEnd}, the end of the sealed revision, which
     * {@code sealed} is as PDFBox read it (and which this reads, so nothing else may have changed it
     * in memory); {@code sealedPages} are its pages. Empty when the updates only add what a
     * certification permits, or when there are none.
     */
    public static List<Finding> after(RandomAccessFile file, long length, long sealedEnd, COSDocument sealed,
            List<COSDictionary> sealedPages) throws IOException {
        RawBytes bytes = new RawBytes(file, length);
        UpdateReader.Result read = UpdateReader.read(bytes, sealedEnd);
        COSDictionary trailer = sealed.getTrailer();
        UpdateRules rules = new UpdateRules(new PriorObjects(sealed), number(trailer.getItem(COSName.ROOT)),
                reference(trailer.getItem(COSName.INFO)), annotationArrays(sealedPages), sealed.getStartXref());
        for (UpdateSection section : read.sections()) {
            rules.check(section);
        }
        if (read.damage() != null) {
            rules.found(Kind.STRUCTURE, "what follows byte " + read.damagedFrom() + " is not an update as written: "
                    + read.damage().getMessage());
        }
        return rules.findings();
    }

    private static long number(COSBase item) {
        return item instanceof COSObject o ? o.getObjectNumber() : -1;
    }

    private static RawValue reference(COSBase item) {
        return item instanceof COSObject o ? new RawValue.Ref(o.getObjectNumber(), o.getGenerationNumber()) : null;
    }

    /** The indirect /Annots arrays of the sealed pages: the only arrays a timestamp's widget may be added to. */
    private static Set<Long> annotationArrays(List<COSDictionary> pages) {
        Set<Long> out = new HashSet<>();
        for (COSDictionary page : pages) {
            if (page.getItem(COSName.ANNOTS) instanceof COSObject annots) {
                out.add(annots.getObjectNumber());
            }
        }
        return out;
    }
}
