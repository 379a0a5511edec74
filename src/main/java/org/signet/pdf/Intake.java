package org.signet.pdf;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.signet.domain.PageSize;

/**
 * What an accepted upload is: its kind, its pages and the PDF to use as the document (the upload
 * itself for a PDF, a new file beside it for an image or for a PDF whose active content was taken
 * out), and what kinds of active content were removed.
 */
public record Intake(MediaKind kind, int totalPages, List<PageSize> pages, Path pdf, List<String> removed) {

    public Intake {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(pdf, "pdf");
        pages = List.copyOf(Objects.requireNonNull(pages, "pages"));
        removed = List.copyOf(removed);
        if (totalPages < 1 || totalPages != pages.size()) {
            throw new IllegalArgumentException("totalPages " + totalPages + " but " + pages.size() + " page sizes");
        }
    }
}
