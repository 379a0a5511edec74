package org.signet.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files and folders that only Signet's own account may read: every file Signet writes is created
 * mode 0600 and every folder 0700, whatever the umask of the shell or service that started it. Java
 * cannot set the process's umask, so each creation asks for the mode itself; a umask only ever takes
 * bits away, so what is asked for here is what the file gets. On a file system without POSIX
 * permissions (Windows) nothing is asked for, and the folder's access list applies.
 */
public final class OwnerOnly {
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final String FILE = "rw-------";
    private static final String FOLDER = "rwx------";

    private OwnerOnly() {}

    /** The attribute that creates a file owner-only, for {@code FileChannel.open} and {@code Files.createFile}. */
    public static FileAttribute<?>[] file() {
        return attribute(FILE);
    }

    /** {@code dir} and any missing folder above it, each one it creates owner-only; one already there is left as it is. */
    public static Path folder(Path dir) throws IOException {
        return Files.createDirectories(dir, attribute(FOLDER));
    }

    /** Creates {@code file}, empty and owner-only; it must not exist yet. */
    public static Path createFile(Path file) throws IOException {
        return Files.createFile(file, file());
    }

    /** Writes {@code bytes} into {@code file}, which must not exist yet, owner-only from its first byte. */
    public static void write(Path file, byte[] bytes) throws IOException {
        try (OutputStream out = Files.newOutputStream(createFile(file))) {
            out.write(bytes);
        }
    }

    /** Copies {@code in} into {@code file}, which must not exist yet, owner-only from its first byte, and forces it to disk. */
    public static long copy(InputStream in, Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                file())) {
            long n = in.transferTo(Channels.newOutputStream(channel));
            channel.force(true);
            return n;
        }
    }

    /**
     * Takes every permission but the owner's away from {@code file} by its path: a change of mode by
     * name opens no descriptor of the file, so it disturbs no lock another program holds on it.
     */
    public static void restrict(Path file) throws IOException {
        if (POSIX) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(Files.isDirectory(file) ? FOLDER : FILE));
        }
    }

    /** Whether anyone but its owner may read, change or run {@code file} (never on a file system without POSIX permissions). */
    public static boolean sharedWithOthers(Path file) throws IOException {
        if (!POSIX) {
            return false;
        }
        String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
        return !mode.substring(3).equals("------");
    }

    private static FileAttribute<?>[] attribute(String permissions) {
        return POSIX ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))}
                : new FileAttribute<?>[0];
    }
}
