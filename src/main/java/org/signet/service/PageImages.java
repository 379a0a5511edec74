package org.signet.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.signet.error.Refusal;
import org.signet.pdf.render.PageRenderer;
import org.signet.pdf.render.RenderLimitException;
import org.signet.store.StoredFiles;

/**
 * Pages rendered to PNG for the signing page, cached in memory (least recently used first out).
 * The cache is not on disk because a page image is the document in clear. The decrypted PDF
 * lives in a private temporary file only while rendering.
 */
public final class PageImages {
    public static final float DPI = 110;
    private static final int CAPACITY = 96;

    private final StoredFiles files;
    private final Path tmpDir;
    private final WorkGate gate;
    private final Map<String, byte[]> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
            return size() > CAPACITY;
        }
    };

    public PageImages(StoredFiles files, Path tmpDir, WorkGate gate) {
        this.files = files;
        this.tmpDir = tmpDir;
        this.gate = gate;
    }

    public byte[] png(long pdfFileId, int page) throws IOException {
        String key = pdfFileId + ":" + page;
        synchronized (cache) {
            byte[] hit = cache.get(key);
            if (hit != null) {
                return hit;
            }
        }
        byte[] rendered = gate.run(() -> render(pdfFileId, page));
        synchronized (cache) {
            cache.put(key, rendered);
        }
        return rendered;
    }

    /**
     * Page {@code page} as PNG for a person to see; a page past the renderer's limits is 503
     * {@code page_unavailable}, saying which limit, rather than an unexpected failure.
     */
    public byte[] shown(long pdfFileId, int page) throws IOException {
        try {
            return png(pdfFileId, page);
        } catch (RenderLimitException e) {
            throw new Refusal(Refusal.Kind.UNAVAILABLE, "page_unavailable", "This page cannot be shown: "
                    + e.getMessage() + ".", Map.of());
        }
    }

    private byte[] render(long pdfFileId, int page) throws IOException {
        Path pdf = Files.createTempFile(tmpDir, "render-", ".pdf");
        try {
            try (var in = files.open(pdfFileId)) {
                // Into the owner-only file made above: a copy that replaced it would be made anew, readable by others.
                try (var out = Files.newOutputStream(pdf)) {
                    in.transferTo(out);
                }
            }
            return PageRenderer.renderPng(pdf, page, DPI);
        } finally {
            Files.deleteIfExists(pdf);
        }
    }
}
