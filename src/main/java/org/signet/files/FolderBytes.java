package org.signet.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * Sealed bytes as one file per stored file in a folder (the data folder's {@code files/}): written to
 * a temporary name, forced to disk and renamed into place, so a name never shows a partial file.
 */
public final class FolderBytes implements SealedBytes {
    private final Path folder;

    public FolderBytes(Path folder) {
        this.folder = folder;
    }

    @Override
    public <T> T store(String name, Content<T> content) throws IOException {
        Path tmp = folder.resolve(StoredFile.checkName(name) + ".tmp");
        try {
            T written;
            try (FileChannel channel = FileChannel.open(tmp, Set.of(StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), OwnerOnly.file());
                    OutputStream out = Channels.newOutputStream(channel)) {
                written = content.writeTo(out);
                channel.force(true);
            }
            Files.move(tmp, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
            syncDirectory();
            return written;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    @Override
    public InputStream open(String name) throws IOException {
        return Files.newInputStream(folder.resolve(StoredFile.checkName(name)));
    }

    @Override
    public boolean holds(String name) {
        return Files.isRegularFile(folder.resolve(StoredFile.checkName(name)));
    }

    /** Also removes the temporary file of a write that a crash interrupted; one already gone is not an error. */
    @Override
    public void delete(String name) throws IOException {
        Files.deleteIfExists(folder.resolve(StoredFile.checkName(name)));
        Files.deleteIfExists(folder.resolve(name + ".tmp"));
    }

    /** Makes the rename durable, so a database row never outlives its file across a crash. */
    private void syncDirectory() {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // Some platforms cannot open a directory; the rename itself has already succeeded.
        }
    }
}
