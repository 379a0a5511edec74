package org.signet.service;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.signet.crypto.Tokens;
import org.signet.files.FileVault;
import org.signet.files.OwnerOnly;
import org.signet.store.DataFolder;

/**
 * The layout of a backup's folder and the file work on it: copies that hash what they write and
 * reach the disk before they count, and the manifest written last, whole or not at all.
 */
final class BackupFolder {
    static final String MANIFEST = "manifest.json";
    static final String DATABASE = "signet.db";
    /** The paths a manifest may name: nothing in it can point outside the backup's folder. */
    private static final Pattern ENTRY = Pattern.compile(DATABASE + "|" + FileVault.FILES + "/[0-9a-f]{32}|"
            + FileVault.KEYS + "/[A-Za-z0-9_-][A-Za-z0-9._-]*");

    private BackupFolder() {}

    /**
     * Makes {@code dir} ready to be filled: created owner-only when absent (answers false), or
     * accepted when it is an empty folder (answers true); anything else is refused, so that
     * nothing already there is overwritten or mixed in.
     */
    static boolean requireEmpty(Path dir) throws BackupException, IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            DataFolder.create(dir);
            return false;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new BackupException(dir + " is not a folder");
        }
        try (Stream<Path> inside = Files.list(dir)) {
            if (inside.findAny().isPresent()) {
                throw new BackupException(dir + " is not empty; give a new or empty folder, so that nothing in it"
                        + " is overwritten or mixed with what is written there");
            }
        }
        return true;
    }

    /** Removes what was written into {@code dir}, and {@code dir} itself unless it {@code existed} before. */
    static void remove(Path dir, boolean existed) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(dir)) {
            all = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : all) {
            if (existed && p.equals(dir)) {
                continue;
            }
            Files.deleteIfExists(p);
        }
    }

    /**
     * Copies {@code source} to {@code folder/path}, owner-only, hashing the bytes on the way and
     * forcing them to disk; a missing source throws {@link NoSuchFileException}.
     */
    static BackupManifest.Entry copy(Path source, Path folder, String path) throws IOException {
        Path target = folder.resolve(path);
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        MessageDigest sha256 = Tokens.digest();
        long size;
        try (InputStream in = Files.newInputStream(source);
                FileChannel channel = FileChannel.open(tmp, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING), OwnerOnly.file())) {
            OutputStream out = new DigestOutputStream(Channels.newOutputStream(channel), sha256);
            size = in.transferTo(out);
            out.flush();
            channel.force(true);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        OwnerOnly.restrict(tmp); // one left by an earlier run kept its mode
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return new BackupManifest.Entry(path, size, HexFormat.of().formatHex(sha256.digest()));
    }

    /** The size and SHA-256 of {@code folder/path} as it is now, forced to disk first. */
    static BackupManifest.Entry entry(Path folder, String path) throws IOException {
        Path file = folder.resolve(path);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        try (InputStream in = Files.newInputStream(file)) {
            Digest d = digest(in);
            return new BackupManifest.Entry(path, d.size(), d.sha256());
        }
    }

    /** How many bytes a stream held and their SHA-256. */
    record Digest(long size, String sha256) {}

    /** Reads {@code in} to its end. */
    static Digest digest(InputStream in) throws IOException {
        MessageDigest sha256 = Tokens.digest();
        long size = 0;
        byte[] buffer = new byte[1 << 16];
        for (int n; (n = in.read(buffer)) > 0; ) {
            sha256.update(buffer, 0, n);
            size += n;
        }
        return new Digest(size, HexFormat.of().formatHex(sha256.digest()));
    }

    /** The key files in a keys folder (the master key, the site's certificate and its password). */
    static List<String> keyFiles(Path keysDir) throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> list = Files.list(keysDir)) {
            for (Path p : list.sorted().toList()) {
                String name = p.getFileName().toString();
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && !name.endsWith(".tmp")
                        && ENTRY.matcher(FileVault.KEYS + "/" + name).matches()) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /**
     * Writes the manifest beside its name, forces it to disk and renames it into place: until that
     * rename the folder holds no manifest, and so is never taken for a complete backup.
     */
    static void writeManifest(Path folder, BackupManifest manifest) throws IOException {
        Path tmp = folder.resolve(MANIFEST + ".tmp");
        try (FileChannel channel = FileChannel.open(tmp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                OwnerOnly.file())) {
            channel.write(ByteBuffer.wrap(manifest.toJson().getBytes(StandardCharsets.UTF_8)));
            channel.force(true);
        }
        Files.move(tmp, folder.resolve(MANIFEST), StandardCopyOption.ATOMIC_MOVE);
        syncDirectory(folder);
    }

    /** The manifest of a complete backup; a folder without one is no backup, whatever else it holds. */
    static BackupManifest readManifest(Path folder) throws BackupException, IOException {
        Path file = folder.resolve(MANIFEST);
        if (!Files.isDirectory(folder)) {
            throw new BackupException(folder + " is not a folder");
        }
        if (!Files.isRegularFile(file)) {
            throw new BackupException(folder + " holds no complete backup: it has no " + MANIFEST
                    + " (a backup writes it last, so this is an unfinished backup or another folder)");
        }
        BackupManifest m = BackupManifest.fromJson(Files.readString(file, StandardCharsets.UTF_8));
        List<BackupManifest.Entry> all = new ArrayList<>(m.files());
        all.addAll(m.keys());
        all.add(m.database());
        for (BackupManifest.Entry e : all) {
            if (!ENTRY.matcher(e.path()).matches()) {
                throw new BackupException("the manifest names a file a backup cannot hold: " + e.path());
            }
        }
        return m;
    }

    static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some platforms cannot open a folder; the renames in it have happened all the same.
        }
    }
}
