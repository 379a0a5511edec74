package org.signet.pdf.read;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.filter.FilterFactory;

/**
 * How many bytes a stream decodes to, found by decoding it into a counter. PDFBox's own decoding
 * ({@link COSStream#createInputStream()}) holds the whole result in memory, up to the 128 MiB one
 * stream may have, and two uploads doing that at once do not fit the heap of a small server.
 */
public final class DecodedLength {
    private DecodedLength() {
    }

    /** Thrown once the decoded bytes pass the budget given. */
    public static final class OverBudget extends IOException {
        private static final long serialVersionUID = 1L;

        OverBudget() {
            super("the stream decodes to more than its budget");
        }
    }

    /**
     * The decoded length of {@code stream}, or {@link OverBudget} once it passes {@code budget}. A
     * stream with one filter is decoded through it into the counter; one without filters is its raw
     * bytes, and one with several (which real files hardly use) is read through PDFBox.
     */
    static long of(COSStream stream, long budget) throws IOException {
        return of(stream, budget, (bytes, offset, length) -> { });
    }

    /** Sees what is decoded, in order, as it is counted. */
    @FunctionalInterface
    public interface Watcher {
        void see(byte[] bytes, int offset, int length);
    }

    /** As {@link #of(COSStream, long)}, showing the decoded bytes to {@code watcher} on the way. */
    public static long of(COSStream stream, long budget, Watcher watcher) throws IOException {
        List<COSName> filters = filters(stream.getFilters());
        Counter counter = new Counter(budget, watcher);
        if (filters.size() == 1) {
            try (InputStream raw = stream.createRawInputStream()) {
                FilterFactory.INSTANCE.getFilter(filters.get(0)).decode(raw, counter, stream, 0);
            }
        } else {
            try (InputStream in = stream.createInputStream()) {
                in.transferTo(counter);
            }
        }
        return counter.count;
    }

    private static List<COSName> filters(COSBase filters) throws IOException {
        List<COSName> names = new ArrayList<>();
        if (filters instanceof COSName name) {
            names.add(name);
        } else if (filters instanceof COSArray array) {
            for (int i = 0; i < array.size(); i++) {
                if (!(array.getObject(i) instanceof COSName name)) {
                    throw new IOException("a filter that is not a name");
                }
                names.add(name);
            }
        }
        return names;
    }

    /** Counts what is written to it, shows it to a watcher and keeps none of it. */
    private static final class Counter extends OutputStream {
        private final long budget;
        private final Watcher watcher;
        private long count;

        Counter(long budget, Watcher watcher) {
            this.budget = budget;
            this.watcher = watcher;
        }

        @Override
        public void write(int b) throws IOException {
            add(1);
            watcher.see(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            add(len);
            watcher.see(b, off, len);
        }

        private void add(int n) throws OverBudget {
            count += n;
            if (count > budget) {
                throw new OverBudget();
            }
        }
    }
}
