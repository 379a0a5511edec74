package org.signet.pdf.read;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.filter.DecodeOptions;
import org.apache.pdfbox.filter.DecodeResult;
import org.apache.pdfbox.filter.Filter;
import org.apache.pdfbox.filter.FilterFactory;
import org.signet.concurrent.Lazy;

/**
 * Caps how many bytes PDFBox may inflate from any one stream, so that a decompression bomb fails
 * with an {@link IOException} instead of exhausting the heap.
 *
 * <p>PDFBox 3 decodes every stream (cross-reference streams and object streams while loading,
 * content streams and images while rendering) wholly into memory and offers no limit. Every
 * decoder is looked up in {@link FilterFactory#INSTANCE}, so the expanding filters there (Flate,
 * LZW, RunLength) are replaced once by wrappers that count their output. The map is private,
 * hence reflection; {@link #install()} fails loudly if a PDFBox upgrade moves it, and the bomb
 * tests of {@code DocumentIntakeTest} catch that.
 */
public final class BoundedFilters {

    /** Largest decoded size of one stream: an A4 page scanned at 600 dpi in colour is about 105 MB. */
    static final long MAX_DECODED_BYTES = 128L * 1024 * 1024;

    /**
     * Largest decoded size of an object or cross-reference stream, which PDFBox holds whole in memory
     * while it reads the file: the cross-reference stream of a million objects is about 7 MB.
     */
    static final long MAX_STRUCTURE_BYTES = 32L * 1024 * 1024;

    private static final List<COSName> EXPANDING = List.of(
            COSName.FLATE_DECODE, COSName.FLATE_DECODE_ABBREVIATION,
            COSName.LZW_DECODE, COSName.LZW_DECODE_ABBREVIATION,
            COSName.RUN_LENGTH_DECODE, COSName.RUN_LENGTH_DECODE_ABBREVIATION);

    private static final Lazy<Boolean> INSTALLED = Lazy.of(BoundedFilters::capExpandingFilters);

    /** Set on the thread whose decoder hit the cap, even where PDFBox logs the error and goes on. */
    private static final ThreadLocal<Boolean> TRIPPED = ThreadLocal.withInitial(() -> Boolean.FALSE);

    private BoundedFilters() {
    }

    /** Installs the caps once for the whole JVM; later calls do nothing. */
    public static void install() {
        INSTALLED.get();
    }

    private static Boolean capExpandingFilters() {
        Map<COSName, Filter> filters = filterMap();
        for (COSName name : EXPANDING) {
            Filter original = filters.get(name);
            if (original != null && !(original instanceof Capped)) {
                filters.put(name, new Capped(original, MAX_DECODED_BYTES));
            }
        }
        return Boolean.TRUE;
    }

    @SuppressWarnings("unchecked")
    private static Map<COSName, Filter> filterMap() {
        try {
            Field field = FilterFactory.class.getDeclaredField("filters");
            field.setAccessible(true);
            return (Map<COSName, Filter>) field.get(FilterFactory.INSTANCE);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot bound PDFBox stream decoding in this PDFBox version", e);
        }
    }

    /** Forgets an earlier trip on this thread; call before working on a new document. */
    public static void resetTrip() {
        TRIPPED.remove();
    }

    /** True when a decoder on this thread hit the cap since {@link #resetTrip()}. */
    public static boolean tripped() {
        return TRIPPED.get();
    }

    /** True when a decoder on this thread hit the cap, or {@code error} was caused by that. */
    public static boolean isOverLimit(Throwable error) {
        if (tripped()) {
            return true;
        }
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof LimitExceededException) {
                return true;
            }
        }
        return false;
    }

    /** Thrown from inside a decoder when a stream grows past {@link #MAX_DECODED_BYTES}. */
    static final class LimitExceededException extends IOException {
        private static final long serialVersionUID = 1L;

        LimitExceededException(long limit) {
            super("a stream decodes to more than " + limit + " bytes");
        }
    }

    /** A decoder that delegates to PDFBox's own and stops once its output passes the limit. */
    private static final class Capped extends Filter {
        private final Filter original;
        private final long limit;

        Capped(Filter original, long limit) {
            this.original = original;
            this.limit = limit;
        }

        @Override
        public DecodeResult decode(InputStream encoded, OutputStream decoded, COSDictionary parameters, int index)
                throws IOException {
            return original.decode(encoded, new CountingOutputStream(decoded, limitFor(parameters)), parameters, index);
        }

        @Override
        public DecodeResult decode(InputStream encoded, OutputStream decoded, COSDictionary parameters, int index,
                DecodeOptions options) throws IOException {
            return original.decode(encoded, new CountingOutputStream(decoded, limitFor(parameters)), parameters, index,
                    options);
        }

        /** {@code parameters} is the stream's own dictionary, which says whether it holds the file's structure. */
        private long limitFor(COSDictionary parameters) {
            COSName type = parameters == null ? null : parameters.getCOSName(COSName.TYPE);
            boolean structure = COSName.OBJ_STM.equals(type) || COSName.XREF.equals(type);
            return structure ? Math.min(limit, MAX_STRUCTURE_BYTES) : limit;
        }

        @Override
        protected void encode(InputStream input, OutputStream encoded, COSDictionary parameters) throws IOException {
            original.encode(input, encoded, parameters, 0);
        }
    }

    /** Passes bytes through and throws once more than the limit have gone by. */
    private static final class CountingOutputStream extends FilterOutputStream {
        private final long limit;
        private long count;

        CountingOutputStream(OutputStream out, long limit) {
            super(out);
            this.limit = limit;
        }

        @Override
        public void write(int b) throws IOException {
            add(1);
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            add(len);
            out.write(b, off, len);
        }

        private void add(int n) throws LimitExceededException {
            count += n;
            if (count > limit) {
                TRIPPED.set(Boolean.TRUE);
                throw new LimitExceededException(limit);
            }
        }
    }
}
