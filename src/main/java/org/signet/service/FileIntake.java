package org.signet.service;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.signet.domain.AttachmentKind;
import org.signet.error.Refusal;
import org.signet.pdf.intake.DocumentIntake;
import org.signet.pdf.intake.FileSniffer;
import org.signet.pdf.intake.Intake;
import org.signet.pdf.intake.UnsupportedFileTypeException;
import org.signet.pdf.read.InvalidFileException;
import org.signet.store.StoredFiles;

/**
 * Accepts an uploaded file: decides its type by its bytes, validates it, and stores the
 * original (and for an image its one-page PDF) encrypted. Shared by every way a file comes in.
 */
public final class FileIntake {
    private final DocumentIntake intake;
    private final StoredFiles files;
    private final WorkGate gate;
    private final ParseBudget budget;

    public FileIntake(DocumentIntake intake, StoredFiles files, WorkGate gate, ParseBudget budget) {
        this.intake = intake;
        this.files = files;
        this.gate = gate;
        this.budget = budget;
    }

    /**
     * Checks and stores {@code file}, which the caller owns and deletes afterwards; 400
     * {@code invalid_file_type} or {@code invalid_file} when it cannot be used.
     */
    public AcceptedFile accept(Path file, String clientFilename) throws IOException {
        Intake checked = inspect(file);
        try {
            StoredFiles.Saved original = save(file);
            StoredFiles.Saved pdf = checked.pdf().equals(file) ? original : save(checked.pdf());
            String name = clientFilename.isEmpty() ? "document." + checked.kind().extension() : clientFilename;
            return new AcceptedFile(name, checked.kind(), checked.totalPages(), checked.pages(), original.id(), pdf.id(),
                    original.sha256(), checked.removed(), checked.detected());
        } finally {
            if (!checked.pdf().equals(file)) {
                Files.deleteIfExists(checked.pdf());
            }
        }
    }

    /**
     * Checks and stores a file a signer attaches to a field taking {@code allowed} kinds: its kind is read
     * from its bytes before anything is decoded, so a wrong kind costs nothing; then it passes the same
     * intake as a document. What is kept is a PDF with its active content taken out, or the image as it
     * came, with the one-page PDF made from it; 400 {@code invalid_file_type} or {@code invalid_file}.
     */
    public AttachedFile acceptAttachment(Path file, String clientFilename, Set<AttachmentKind> allowed)
            throws IOException {
        AttachmentKind kind = kindOf(file, allowed);
        Intake checked = inspect(file);
        try {
            StoredFiles.Saved pdf = save(checked.pdf());
            StoredFiles.Saved kept = kind == AttachmentKind.PDF ? pdf : save(file);
            String name = clientFilename.isEmpty() ? "attachment." + kind.wire() : clientFilename;
            return new AttachedFile(name, kind, kept.id(), pdf.id(), kept.size(), kept.sha256(), checked.removed());
        } finally {
            if (!checked.pdf().equals(file)) {
                Files.deleteIfExists(checked.pdf());
            }
        }
    }

    private static AttachmentKind kindOf(Path file, Set<AttachmentKind> allowed) {
        byte[] head = FileSniffer.head(file);
        AttachmentKind kind = FileSniffer.sniff(head, head.length)
                .flatMap(k -> AttachmentKind.ofMediaType(k.mediaType())).orElse(null);
        if (kind == null || !allowed.contains(kind)) {
            String names = AttachmentKind.names(allowed).toUpperCase(Locale.ROOT).replace("JPG", "JPEG");
            throw Refusal.invalid("invalid_file_type", "This field takes only " + names + " files"
                    + (head.length == 0 ? " (the file is empty)." : "."), Map.of("allowed", allowedWire(allowed)));
        }
        return kind;
    }

    private static List<String> allowedWire(Set<AttachmentKind> allowed) {
        return allowed.stream().map(AttachmentKind::wire).toList();
    }

    /**
     * Inspects {@code file} once the parse budget has room for what it may cost (its objects counted
     * first, and a PDF with too many refused unread) and a worker is free.
     */
    private Intake inspect(Path file) {
        long cost = refusing(() -> intake.heapCost(file));
        return budget.run(cost, () -> gate.run(() -> refusing(() -> intake.inspect(file))));
    }

    /** A step of intake that may find the file unusable. */
    @FunctionalInterface
    private interface Check<T> {
        T run() throws UnsupportedFileTypeException, InvalidFileException;
    }

    /** {@code check}'s result; 400 {@code invalid_file_type} or {@code invalid_file} when it finds the file unusable. */
    private static <T> T refusing(Check<T> check) {
        try {
            return check.run();
        } catch (UnsupportedFileTypeException e) {
            throw Refusal.invalid("invalid_file_type", "Only PDF, PNG and JPEG files are accepted (" + e.getMessage() + ").");
        } catch (InvalidFileException e) {
            throw Refusal.invalid("invalid_file", "The file cannot be used: " + e.getMessage() + ".");
        }
    }

    private StoredFiles.Saved save(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return files.save(in);
        }
    }
}
