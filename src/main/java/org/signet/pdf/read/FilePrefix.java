package org.signet.pdf.read;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.io.RandomAccessRead;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.io.RandomAccessReadView;

/**
 * The first bytes of a file read as if they were all of it: an earlier revision of a PDF that later
 * incremental updates extended. PDFBox's own view of a range cannot hand out views of its own, which
 * its parser needs for every stream.
 */
public final class FilePrefix implements RandomAccessRead {
    private final RandomAccessReadBufferedFile file;
    private final long length;

    public FilePrefix(Path path, long length) throws IOException {
        this.file = new RandomAccessReadBufferedFile(path);
        this.length = Math.min(length, file.length());
    }

    @Override
    public int read() throws IOException {
        return isEOF() ? -1 : file.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (isEOF()) {
            return -1;
        }
        return file.read(b, off, (int) Math.min(len, length - file.getPosition()));
    }

    @Override
    public long getPosition() throws IOException {
        return file.getPosition();
    }

    @Override
    public void seek(long position) throws IOException {
        if (position < 0) {
            throw new IOException("Invalid position " + position);
        }
        file.seek(Math.min(position, length));
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public boolean isClosed() {
        return file.isClosed();
    }

    @Override
    public boolean isEOF() throws IOException {
        return file.getPosition() >= length;
    }

    @Override
    public RandomAccessReadView createView(long start, long viewLength) throws IOException {
        if (start < 0 || viewLength < 0 || start + viewLength > length) {
            throw new IOException("a view of " + viewLength + " bytes at " + start + " lies beyond the revision's end");
        }
        return file.createView(start, viewLength);
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
