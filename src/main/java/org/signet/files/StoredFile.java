package org.signet.files;

import java.util.Arrays;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A file written to the {@link FileVault}: its random storage name, its data key wrapped by the
 * master key, and the size and SHA-256 of its plaintext.
 */
public record StoredFile(String name, byte[] wrappedKey, long size, String sha256Hex) {
    private static final Pattern NAME = Pattern.compile("[0-9a-f]{32}");

    public StoredFile {
        checkName(name);
        wrappedKey = Objects.requireNonNull(wrappedKey, "wrappedKey").clone();
        Objects.requireNonNull(sha256Hex, "sha256Hex");
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
    }

    /** The pair the database keeps; deleting its row destroys the file, whose key lives nowhere else. */
    public Ref ref() {
        return new Ref(name, wrappedKey);
    }

    @Override
    public byte[] wrappedKey() {
        return wrappedKey.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StoredFile f && name.equals(f.name) && Arrays.equals(wrappedKey, f.wrappedKey)
                && size == f.size && sha256Hex.equals(f.sha256Hex);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(wrappedKey), size, sha256Hex);
    }

    @Override
    public String toString() {
        return "StoredFile[name=" + name + ", size=" + size + ", sha256=" + sha256Hex + "]";
    }

    /** Refuses anything but a vault-generated name, so no name can reach outside the files directory. */
    static String checkName(String name) {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a stored file name: " + name);
        }
        return name;
    }

    /** What Signet needs to read a stored file back: its name and its wrapped data key. */
    public record Ref(String name, byte[] wrappedKey) {
        public Ref {
            checkName(name);
            wrappedKey = Objects.requireNonNull(wrappedKey, "wrappedKey").clone();
        }

        @Override
        public byte[] wrappedKey() {
            return wrappedKey.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Ref r && name.equals(r.name) && Arrays.equals(wrappedKey, r.wrappedKey);
        }

        @Override
        public int hashCode() {
            return 31 * name.hashCode() + Arrays.hashCode(wrappedKey);
        }

        @Override
        public String toString() {
            return "Ref[name=" + name + "]";
        }
    }
}
