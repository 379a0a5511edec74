package org.signet.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileVaultTest {
    private static final int CHUNK = ChunkCipher.CHUNK_SIZE;
    private static final int SEALED = ChunkCipher.SEALED_CHUNK_SIZE;
    private static final int HEADER = ChunkCipher.HEADER.length;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 5 * 1024 * 1024})
    void write_roundTrip_sizeHashAndContentMatch(int size) throws Exception {
        FileVault vault = FileVault.open(dir);
        byte[] plain = random(size, size);
        StoredFile stored = vault.write(new ByteArrayInputStream(plain));

        assertEquals(size, stored.size());
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(plain)), stored.sha256Hex());
        assertArrayEquals(plain, vault.readAll(stored.ref()));
        try (InputStream in = vault.open(stored.ref())) {
            assertArrayEquals(plain, readInSmallPieces(in));
        }
        long chunks = Math.max(1, (size + CHUNK - 1) / CHUNK); // a full last chunk needs no empty one after it
        assertEquals(HEADER + size + chunks * ChunkCipher.TAG_BYTES, Files.size(fileOf(stored)));
    }

    @Test
    void write_bytesOnDisk_neverContainThePlaintext() throws Exception {
        byte[] marker = "SIGNET-PLAINTEXT-MARKER-32-BYTES".getBytes(StandardCharsets.US_ASCII);
        byte[] plain = new byte[marker.length * 5000];
        for (int i = 0; i < plain.length; i += marker.length) {
            System.arraycopy(marker, 0, plain, i, marker.length);
        }
        FileVault vault = FileVault.open(dir);
        StoredFile stored = vault.write(new ByteArrayInputStream(plain));

        byte[] disk = Files.readAllBytes(fileOf(stored));
        assertFalse(contains(disk, marker));
        assertFalse(contains(disk, Arrays.copyOf(marker, 8)));
        assertArrayEquals(plain, vault.readAll(stored.ref()));
    }

    @Test
    void write_samePlaintextTwice_differentNamesKeysAndCiphertext() throws Exception {
        FileVault vault = FileVault.open(dir);
        byte[] plain = random(1000, 1);
        StoredFile a = vault.write(new ByteArrayInputStream(plain));
        StoredFile b = vault.write(new ByteArrayInputStream(plain));

        assertNotEquals(a.name(), b.name());
        assertTrue(a.name().matches("[0-9a-f]{32}"));
        assertFalse(Arrays.equals(a.wrappedKey(), b.wrappedKey()));
        assertFalse(Arrays.equals(Files.readAllBytes(fileOf(a)), Files.readAllBytes(fileOf(b))));
        assertEquals(a.sha256Hex(), b.sha256Hex());
    }

    @Test
    void write_failingSource_leavesNoFileBehind() throws Exception {
        FileVault vault = FileVault.open(dir);
        InputStream failing = new InputStream() {
            private int served;

            @Override
            public int read() throws IOException {
                if (served++ > 3 * CHUNK) {
                    throw new IOException("client went away");
                }
                return 7;
            }
        };
        IOException e = assertThrows(IOException.class, () -> vault.write(failing));
        assertEquals("client went away", e.getMessage());
        assertEquals(List.of(), list(dir.resolve("files")));
    }

    @Test
    void open_firstTime_createsOwnerOnlyMasterKey() throws Exception {
        FileVault.open(dir);
        Path key = dir.resolve("keys/master.key");

        assertEquals(32, Files.size(key));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(key)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("keys"))));
        assertTrue(Files.isDirectory(dir.resolve("files")));
        assertEquals(List.of(key), list(dir.resolve("keys")));
    }

    @Test
    void open_again_keepsTheKeyAndReadsEarlierFiles() throws Exception {
        byte[] plain = random(200_000, 2);
        StoredFile stored = FileVault.open(dir).write(new ByteArrayInputStream(plain));
        byte[] key = Files.readAllBytes(dir.resolve("keys/master.key"));

        FileVault reopened = FileVault.open(dir);
        assertArrayEquals(key, Files.readAllBytes(dir.resolve("keys/master.key")));
        assertArrayEquals(plain, reopened.readAll(stored.ref()));
    }

    @Test
    void open_keyOfWrongLength_refused() throws Exception {
        Files.createDirectories(dir.resolve("keys"));
        Files.write(dir.resolve("keys/master.key"), new byte[31]);
        IOException e = assertThrows(IOException.class, () -> FileVault.open(dir));
        assertTrue(e.getMessage().contains("must hold exactly 32 bytes but holds 31"), e.getMessage());
    }

    @Test
    void open_flippedByteAnywhere_detected() throws Exception {
        FileVault vault = FileVault.open(dir);
        StoredFile stored = vault.write(new ByteArrayInputStream(random(2 * CHUNK + 100, 3)));
        Path file = fileOf(stored);
        byte[] good = Files.readAllBytes(file);
        for (int at : new int[] {0, 4, HEADER, HEADER + 500, HEADER + SEALED - 1, HEADER + SEALED + 7, good.length - 1}) {
            byte[] bad = good.clone();
            bad[at] ^= 0x20;
            Files.write(file, bad);
            assertThrows(IOException.class, () -> vault.readAll(stored.ref()), "flipped byte " + at);
        }
    }

    @Test
    void open_truncatedFile_detected() throws Exception {
        FileVault vault = FileVault.open(dir);
        StoredFile stored = vault.write(new ByteArrayInputStream(random(2 * CHUNK + 100, 4)));
        byte[] good = Files.readAllBytes(fileOf(stored));
        for (int length : new int[] {0, 3, HEADER, HEADER + 10, HEADER + SEALED, HEADER + SEALED + 1, good.length - 1}) {
            Files.write(fileOf(stored), Arrays.copyOf(good, length));
            assertThrows(IOException.class, () -> vault.readAll(stored.ref()), "truncated to " + length);
        }
    }

    @Test
    void open_droppedFinalChunk_detected() throws Exception {
        FileVault vault = FileVault.open(dir);
        StoredFile stored = vault.write(new ByteArrayInputStream(random(3 * CHUNK, 5)));
        byte[] good = Files.readAllBytes(fileOf(stored));
        assertEquals(HEADER + 3 * SEALED, good.length);

        Files.write(fileOf(stored), Arrays.copyOf(good, HEADER + 2 * SEALED));
        try (InputStream in = vault.open(stored.ref())) {
            IOException e = assertThrows(IOException.class, in::readAllBytes);
            assertTrue(e.getMessage().contains("chunk 1 failed authentication"), e.getMessage());
        }
    }

    @Test
    void open_appendedOrReorderedChunks_detected() throws Exception {
        FileVault vault = FileVault.open(dir);
        StoredFile stored = vault.write(new ByteArrayInputStream(random(2 * CHUNK + 5, 6)));
        byte[] good = Files.readAllBytes(fileOf(stored));

        byte[] appended = Arrays.copyOf(good, good.length + SEALED);
        System.arraycopy(good, HEADER, appended, good.length, SEALED);
        Files.write(fileOf(stored), appended);
        assertThrows(IOException.class, () -> vault.readAll(stored.ref()));

        byte[] swapped = good.clone();
        System.arraycopy(good, HEADER, swapped, HEADER + SEALED, SEALED);
        System.arraycopy(good, HEADER + SEALED, swapped, HEADER, SEALED);
        Files.write(fileOf(stored), swapped);
        assertThrows(IOException.class, () -> vault.readAll(stored.ref()));
    }

    @Test
    void open_chunksSwappedBetweenTwoFiles_detected() throws Exception {
        FileVault vault = FileVault.open(dir);
        StoredFile a = vault.write(new ByteArrayInputStream(random(2 * CHUNK + 9, 7)));
        StoredFile b = vault.write(new ByteArrayInputStream(random(2 * CHUNK + 9, 8)));
        byte[] aDisk = Files.readAllBytes(fileOf(a));
        byte[] bDisk = Files.readAllBytes(fileOf(b));
        byte[] aChunk = Arrays.copyOfRange(aDisk, HEADER + SEALED, HEADER + 2 * SEALED);
        System.arraycopy(bDisk, HEADER + SEALED, aDisk, HEADER + SEALED, SEALED);
        System.arraycopy(aChunk, 0, bDisk, HEADER + SEALED, SEALED);
        Files.write(fileOf(a), aDisk);
        Files.write(fileOf(b), bDisk);

        assertThrows(IOException.class, () -> vault.readAll(a.ref()));
        assertThrows(IOException.class, () -> vault.readAll(b.ref()));
    }

    @Test
    void open_wrongWrappedKey_refused() throws Exception {
        FileVault vault = FileVault.open(dir);
        StoredFile a = vault.write(new ByteArrayInputStream(random(100, 9)));
        StoredFile b = vault.write(new ByteArrayInputStream(random(100, 10)));

        IOException e = assertThrows(IOException.class, () -> vault.open(new StoredFile.Ref(a.name(), b.wrappedKey())));
        assertTrue(e.getMessage().contains("does not open with this master key"), e.getMessage());
        byte[] flipped = a.wrappedKey();
        flipped[20] ^= 1;
        assertThrows(IOException.class, () -> vault.open(new StoredFile.Ref(a.name(), flipped)));
        assertThrows(IOException.class, () -> vault.open(new StoredFile.Ref(a.name(), new byte[10])));

        FileVault other = FileVault.open(dir.resolve("other"));
        assertThrows(IOException.class, () -> other.open(a.ref()));
    }

    @Test
    void unseal_ciphersReusedAcrossThreadsAndAfterARefusal_everySecretOpensWithItsOwnContextOnly() throws Exception {
        FileVault vault = FileVault.open(dir);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 8; t++) {
            int thread = t;
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < 200; i++) {
                        byte[] secret = random(32, thread * 1000 + i);
                        byte[] sealed = vault.seal(secret, "ctx-" + thread);
                        assertThrows(IOException.class, () -> vault.unseal(sealed, "ctx-other"));
                        assertArrayEquals(secret, vault.unseal(sealed, "ctx-" + thread));
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join(60_000);
        }

        assertEquals(List.of(), failures);
    }

    @Test
    void delete_removesTheFileAndToleratesMissing() throws Exception {
        FileVault vault = FileVault.open(dir);
        StoredFile stored = vault.write(new ByteArrayInputStream(random(10, 11)));

        vault.delete(stored.name());
        assertFalse(Files.exists(fileOf(stored)));
        assertThrows(IOException.class, () -> vault.readAll(stored.ref()));
        vault.delete(stored.name());
        assertThrows(IllegalArgumentException.class, () -> vault.delete("../keys/master.key"));
        assertTrue(Files.exists(dir.resolve("keys/master.key")));
    }

    @Test
    void ref_isACopyAndComparesByContent() throws Exception {
        StoredFile stored = FileVault.open(dir).write(new ByteArrayInputStream(random(10, 12)));
        StoredFile.Ref ref = stored.ref();
        ref.wrappedKey()[0] ^= 1;

        assertEquals(new StoredFile.Ref(stored.name(), stored.wrappedKey()), ref);
        assertFalse(ref.toString().contains(Arrays.toString(stored.wrappedKey())));
    }

    private Path fileOf(StoredFile stored) {
        return dir.resolve("files").resolve(stored.name());
    }

    private static List<Path> list(Path directory) throws IOException {
        try (Stream<Path> paths = Files.list(directory)) {
            return paths.toList();
        }
    }

    private static byte[] readInSmallPieces(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1000];
        for (int n; (n = in.read(buf)) >= 0; ) {
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static byte[] random(int size, long randomSeed) {
        byte[] bytes = new byte[size];
        new Random(randomSeed).nextBytes(bytes);
        return bytes;
    }

    @Test
    void reading_filesOfACopyWithTheOriginalsKey_opensThem() throws Exception {
        FileVault vault = FileVault.open(dir.resolve("data"));
        StoredFile f = vault.write(new ByteArrayInputStream("kept".getBytes(StandardCharsets.US_ASCII)));
        Path copy = Files.createDirectories(dir.resolve("copy"));
        Files.copy(dir.resolve("data/files").resolve(f.name()), copy.resolve(f.name()));

        FileVault copied = FileVault.reading(dir.resolve("data/keys"), copy);

        assertTrue(copied.holds(f.name()));
        assertEquals("kept", new String(copied.readAll(f.ref()), StandardCharsets.US_ASCII));
        assertFalse(copied.holds(vault.newName()));
    }

    @Test
    void reading_withoutMasterKey_refusedAndMakesNone() throws Exception {
        Path keys = Files.createDirectories(dir.resolve("keys"));

        IOException e = assertThrows(IOException.class, () -> FileVault.reading(keys, dir));

        assertTrue(e.getMessage().contains("no master key"), e.getMessage());
        assertFalse(Files.exists(keys.resolve("master.key")));
    }
}
