package org.signet.pdf.verify;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * What a PDF's signatures say about it: each signature and document timestamp read against the
 * bytes it covers, the one taken as the seal, what changed after the seal, and the PAdES level the
 * seal reaches.
 *
 * @param sha256 the SHA-256 of the whole file, lower-case hex
 * @param signatures every signature and document timestamp, in the order of the revisions they sign
 * @param seal the signature taken as the seal (the last one the caller recognised as its own or
 *     that lies within a revision the caller recognised, else the last signature that is not a
 *     document timestamp), or null when the file has none
 * @param ownSeal whether the seal is one the caller recognised as its own, and it verifies over a byte
 *     range that covers its whole revision but its own /Contents
 * @param intact every signature and timestamp verifies over exactly the bytes it names (false when
 *     there is none)
 * @param coversWholeFile the last signature or document timestamp covers the file to its end, or
 *     only validation material (a DSS dictionary) follows it
 * @param changes what incremental updates after the seal altered; validation material and document
 *     timestamps are not changes
 * @param certified a certification (DocMDP) signature is present
 * @param level "B-B", "B-T", "B-LT" or "B-LTA" for the seal; null without a seal
 * @param sealedAt the seal's signature timestamp, else the signing time it claims; null when neither
 */
public record SealCheck(String sha256, List<Signature> signatures, Signature seal, boolean ownSeal, boolean intact,
        boolean coversWholeFile, Set<Change> changes, boolean certified, String level, Instant sealedAt) {

    public SealCheck {
        Objects.requireNonNull(sha256, "sha256");
        signatures = List.copyOf(signatures);
        changes = Set.copyOf(changes);
    }

    /** Whether anything but validation material was appended after the seal. */
    public boolean modifiedAfterSeal() {
        return !changes.isEmpty();
    }

    /** What an incremental update after the seal touched. */
    public enum Change {
        /** Page content, resources or the pages themselves. */
        PAGES,
        /** Comments, highlights, stamps and other annotations that are not form widgets. */
        ANNOTATIONS,
        /** Form fields, their values and widgets, or a new signature field. */
        FORM,
        /** Anything else the document shows or carries: metadata, outlines, names, actions. */
        OTHER,
        /**
         * The file's objects themselves: an update frees an object, gives one a new generation,
         * redefines one beyond what validation material and document timestamps need, points its
         * cross-references at bytes it did not write, cannot be read strictly, or bytes follow the
         * last end-of-file marker.
         */
        STRUCTURE,
        /** Bytes other than zeros after the signature value inside a signature's /Contents. */
        SIGNATURE;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** An ordinary signature, or a document timestamp (a timestamp authority's token over the file). */
    public enum Kind { SIGNATURE, DOCUMENT_TIMESTAMP }

    /**
     * One signature as read from the file.
     *
     * @param revisionEnd where the revision it signs ends: the end of its last byte range
     * @param revisionSha256 the SHA-256 of the file up to {@code revisionEnd}, that is of the file as
     *     it was when signed; null when the byte range is not usable
     * @param signerCertificateSha256 the SHA-256 of the signer's certificate, lower-case hex; null
     *     when the signature names none that it carries
     * @param intact the signature verifies and its digest matches its byte ranges
     * @param signingTime the time the signature dictionary claims (/M); null when absent
     * @param timestampedAt the time of its signature timestamp (for a document timestamp, its own
     *     time); null when it has none that verifies
     * @param certification it is a certification signature (it has a DocMDP reference)
     * @param wholeRevision its byte range runs from the file's first byte to the end-of-file marker
     *     of the revision it signs, leaving out exactly its own /Contents
     * @param cleanPadding its /Contents holds nothing but zeros after the signature value
     */
    public record Signature(Kind kind, long revisionEnd, String revisionSha256, String signerCertificateSha256,
            boolean intact, Instant signingTime, Instant timestampedAt, boolean certification,
            boolean wholeRevision, boolean cleanPadding) {

        public Signature {
            Objects.requireNonNull(kind, "kind");
        }
    }
}
