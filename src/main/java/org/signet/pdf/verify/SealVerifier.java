package org.signet.pdf.verify;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.io.RandomAccessRead;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.signet.pdf.read.BoundedFilters;
import org.signet.pdf.read.FilePrefix;
import org.signet.pdf.read.InvalidFileException;
import org.signet.pdf.read.OpeningCost;
import org.signet.pdf.read.PageTree;
import org.signet.pdf.read.ScratchMemory;
import org.signet.pdf.read.StreamScan;
import org.signet.pdf.updates.UpdateCheck;
import org.signet.pdf.verify.SealCheck.Change;
import org.signet.pdf.verify.SealCheck.Kind;
import org.signet.pdf.verify.SealCheck.Signature;

/**
 * Checks what anyone holding a PDF may ask of its seal: whether every signature still matches the
 * bytes it signed, whether the last one covers the whole file, what was appended after the seal,
 * whether it certifies the document, and which PAdES baseline level (ETSI EN 319 142-1) the seal
 * reaches. Reads the file within the same bounds as intake: objects are counted before it is opened
 * ({@link OpeningCost}), streams decode under a cap, every object is visited a bounded number of
 * times, and a damaged file is refused rather than guessed at.
 */
public final class SealVerifier {
    /** More signatures than any real document carries; each costs a pass over the file. */
    static final int MAX_SIGNATURES = 32;

    private final Path file;
    private final long length;
    private final RandomAccessFile raw;

    private SealVerifier(Path file, RandomAccessFile raw) throws IOException {
        this.file = file;
        this.raw = raw;
        this.length = raw.length();
    }

    /**
     * Checks the PDF at {@code file}. {@code own} tells the caller's signatures and document
     * timestamps apart (by their certificate or the revision they sign); the last signature that is
     * not a document timestamp, at or before the last of them, is taken as the seal, else the last
     * signature that is not a document timestamp.
     *
     * @throws InvalidFileException when the file is not a PDF that can be read, or is too complex to check
     */
    public static SealCheck check(Path file, Predicate<Signature> own) throws InvalidFileException {
        Objects.requireNonNull(own, "own");
        OpeningCost.of(file);
        BoundedFilters.install();
        BoundedFilters.resetTrip();
        try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "r")) {
            SealCheck check = new SealVerifier(file, raw).check(own);
            if (BoundedFilters.tripped()) {
                throw StreamScan.tooLarge();
            }
            return check;
        } catch (InvalidPasswordException e) {
            throw new InvalidFileException("the PDF is encrypted with a password", e);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            // StackOverflowError: deeply nested objects; the stack is unwound by now, so it is safe.
            throw BoundedFilters.isOverLimit(e) ? StreamScan.tooLarge()
                    : new InvalidFileException("the PDF is damaged and cannot be read", e);
        }
    }

    private SealCheck check(Predicate<Signature> own) throws IOException, InvalidFileException {
        try (PDDocument now = load(length)) {
            List<Signature> signatures = signatures(now);
            String sha256 = ByteRange.prefixDigests(raw, new TreeSet<>(Set.of(length))).get(length);
            Chosen chosen = seal(signatures, own);
            Signature seal = chosen.seal();
            Signature last = signatures.stream().filter(s -> s.revisionEnd() > 0)
                    .max(Comparator.comparingLong(Signature::revisionEnd)).orElse(null);
            Set<Change> changes = seal == null ? Set.of() : changesAfter(seal, now, signatures);
            boolean covers = last != null && (last.revisionEnd() == length
                    || (last == seal ? changes : changesAfter(last, now, signatures)).isEmpty());
            boolean intact = !signatures.isEmpty() && signatures.stream().allMatch(Signature::intact);
            boolean certified = signatures.stream().anyMatch(Signature::certification) || hasDocMdp(now);
            Instant sealedAt = seal == null ? null : seal.timestampedAt() != null ? seal.timestampedAt()
                    : seal.signingTime();
            boolean verifiedOwn = chosen.own() && seal.intact() && seal.wholeRevision();
            return new SealCheck(sha256, signatures, seal, verifiedOwn, intact, covers, changes,
                    certified, level(seal, signatures, now), sealedAt);
        }
    }

    /** Every signature and document timestamp, ordered by the revision each signs. */
    private List<Signature> signatures(PDDocument document) throws IOException, InvalidFileException {
        List<PDSignature> dictionaries = distinct(document.getSignatureDictionaries());
        if (dictionaries.size() > MAX_SIGNATURES) {
            throw new InvalidFileException("the PDF has more than " + MAX_SIGNATURES + " signatures");
        }
        List<ByteRange> ranges = new ArrayList<>();
        TreeSet<Long> ends = new TreeSet<>();
        for (PDSignature s : dictionaries) {
            ByteRange range = ByteRange.of(s.getCOSObject(), length);
            ranges.add(range);
            if (range != null) {
                ends.add(range.end());
            }
        }
        Map<Long, String> revisions = ByteRange.prefixDigests(raw, ends);
        SignatureReader reader = new SignatureReader(raw);
        List<Signature> out = new ArrayList<>();
        for (int i = 0; i < dictionaries.size(); i++) {
            ByteRange range = ranges.get(i);
            out.add(reader.read(dictionaries.get(i), range, range == null ? null : revisions.get(range.end())));
        }
        out.sort(Comparator.comparingLong(Signature::revisionEnd));
        return out;
    }

    /** Two fields may name one signature dictionary; it is one signature. */
    private static List<PDSignature> distinct(List<PDSignature> all) {
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        return all.stream().filter(s -> seen.add(s.getCOSObject())).toList();
    }

    /** The signature taken as the seal, and whether the caller recognised it as its own. */
    private record Chosen(Signature seal, boolean own) {}

    /**
     * Walks back from the last revision: the first signature at or before a revision the caller
     * recognises is its seal. A long-term seal is recognised by a later revision, as the file
     * stored holds the signature with timestamps and validation material appended to it.
     */
    private static Chosen seal(List<Signature> signatures, Predicate<Signature> own) {
        Signature fallback = null;
        boolean recognised = false;
        for (int i = signatures.size() - 1; i >= 0; i--) {
            Signature s = signatures.get(i);
            if (s.revisionEnd() <= 0) {
                continue;
            }
            recognised = recognised || own.test(s);
            if (s.kind() == Kind.SIGNATURE) {
                if (recognised) {
                    return new Chosen(s, true);
                }
                fallback = fallback == null ? s : fallback;
            }
        }
        return new Chosen(fallback, false);
    }

    /**
     * What the updates after {@code signature}'s revision changed, read twice: strictly, as written
     * (what readers would disagree over, and what a certification does not permit), and as a reader
     * shows it, revision against revision. Signatures from {@code signature} on whose /Contents
     * carries more than zeros after the value are a change of their own.
     */
    private Set<Change> changesAfter(Signature signature, PDDocument now, List<Signature> signatures)
            throws IOException, InvalidFileException {
        Set<Change> changes = EnumSet.noneOf(Change.class);
        if (signatures.stream().anyMatch(s -> s.revisionEnd() >= signature.revisionEnd() && !s.cleanPadding())) {
            changes.add(Change.SIGNATURE);
        }
        if (signature.revisionEnd() == length) {
            return changes;
        }
        try (PDDocument signed = load(signature.revisionEnd())) {
            // First, while the sealed revision is exactly as parsed: nothing has asked PDFBox to repair it yet.
            List<COSDictionary> pages = PageTree.walk(signed.getDocumentCatalog().getCOSObject()
                    .getCOSDictionary(COSName.PAGES), PageTree.MAX_NODES).pages().stream().map(PageTree.Page::dict)
                    .toList();
            for (UpdateCheck.Finding f : UpdateCheck.after(raw, length, signature.revisionEnd(), signed.getDocument(),
                    pages)) {
                changes.add(Change.valueOf(f.kind().name()));
            }
            changes.addAll(RevisionDiff.between(signed, now));
        }
        return changes;
    }

    /**
     * B-B for a seal; B-T with a signature timestamp; B-LT when a DSS dictionary also holds validation
     * material; B-LTA when a document timestamp after the seal covers a revision with that material.
     */
    private String level(Signature seal, List<Signature> signatures, PDDocument now) throws IOException {
        if (seal == null) {
            return null;
        }
        if (seal.timestampedAt() == null) {
            return "B-B";
        }
        if (!hasValidationMaterial(now)) {
            return "B-T";
        }
        for (Signature s : signatures) {
            if (s.kind() == Kind.DOCUMENT_TIMESTAMP && s.revisionEnd() > seal.revisionEnd() && stampsMaterial(s, now)) {
                return "B-LTA";
            }
        }
        return "B-LT";
    }

    private boolean stampsMaterial(Signature timestamp, PDDocument now) throws IOException {
        if (timestamp.revisionEnd() == length) {
            return hasValidationMaterial(now);
        }
        try (PDDocument stamped = load(timestamp.revisionEnd())) {
            return hasValidationMaterial(stamped);
        }
    }

    /** A DSS dictionary with certificates, OCSP responses or CRLs (ETSI EN 319 142-1 §5.4.2). */
    private static boolean hasValidationMaterial(PDDocument document) {
        COSDictionary dss = document.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.DSS);
        if (dss == null) {
            return false;
        }
        for (COSName key : List.of(COSName.CERTS, COSName.OCSPS, COSName.CRLS)) {
            if (dss.getDictionaryObject(key) instanceof COSArray a && a.size() > 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasDocMdp(PDDocument document) {
        COSDictionary perms = document.getDocumentCatalog().getCOSObject().getCOSDictionary(COSName.PERMS);
        return perms != null && perms.getDictionaryObject(COSName.DOCMDP) instanceof COSDictionary;
    }

    /** The file as it was up to {@code end} (an earlier revision) or the whole file, each through its own handle. */
    private PDDocument load(long end) throws IOException {
        RandomAccessRead source = end == length ? new RandomAccessReadBufferedFile(file) : new FilePrefix(file, end);
        try {
            return Loader.loadPDF(source, "", null, null, ScratchMemory.bounded());
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }
}
