package org.signet.pdf.intake;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.signet.domain.MediaKind;
import org.signet.domain.PageSize;

/**
 * What an accepted upload is: its kind, its pages and the PDF to use as the document (the upload
 * itself for a PDF, a new file beside it for an image or for a PDF whose active content or text tags
 * were taken out), what kinds of active content were removed, and the fields found in it.
 */
public record Intake(MediaKind kind, int totalPages, List<PageSize> pages, Path pdf, List<String> removed,
        List<DetectedField> detected) {

    public Intake {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(pdf, "pdf");
        pages = List.copyOf(Objects.requireNonNull(pages, "pages"));
        removed = List.copyOf(removed);
        detected = List.copyOf(detected);
        if (totalPages < 1 || totalPages != pages.size()) {
            throw new IllegalArgumentException("totalPages " + totalPages + " but " + pages.size() + " page sizes");
        }
    }

    /** An upload in which no fields were found. */
    public Intake(MediaKind kind, int totalPages, List<PageSize> pages, Path pdf, List<String> removed) {
        this(kind, totalPages, pages, pdf, removed, List.of());
    }
}
