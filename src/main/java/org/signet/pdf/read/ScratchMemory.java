package org.signet.pdf.read;

import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.io.RandomAccessStreamCache.StreamCacheCreateFunction;

/** How much heap PDFBox may use for the streams it writes while a file is open, before it spills to disk. */
public final class ScratchMemory {
    /** Scratch memory PDFBox may use for streams it writes before spilling to a temporary file. */
    private static final long BYTES = 8L * 1024 * 1024;

    private ScratchMemory() {}

    /** A stream cache that keeps PDFBox's scratch data within a few megabytes of heap. */
    public static StreamCacheCreateFunction bounded() {
        return MemoryUsageSetting.setupMixed(BYTES).streamCache;
    }
}
