package org.signet.pdf.render;

import java.io.IOException;

/** Rendering a page was stopped because it took more time or more drawing operations than a page may. */
public final class RenderLimitException extends IOException {
    private static final long serialVersionUID = 1L;

    RenderLimitException(String message) {
        super(message);
    }
}
