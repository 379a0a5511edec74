package org.signet.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.OSInfo;

/**
 * Keeps the SQLite driver's native library in the data folder, one copy per driver version, and
 * points the driver at it. Left to itself the driver copies the library out of the jar into the
 * system's temporary folder at every start, which was a tenth of Signet's start-up.
 */
final class SqliteLibrary {
    private static final String PATH_PROPERTY = "org.sqlite.lib.path";
    private static final String NAME_PROPERTY = "org.sqlite.lib.name";

    private SqliteLibrary() {}

    /**
     * Has the driver load its library from a copy in {@code libDir}. Does nothing when the operator
     * chose a library, or when no copy can be had: the driver's own way then applies.
     */
    static void useCopyIn(Path libDir) {
        if (System.getProperty(PATH_PROPERTY) != null) {
            return;
        }
        copyIn(libDir).ifPresent(library -> {
            System.setProperty(PATH_PROPERTY, library.getParent().toString());
            System.setProperty(NAME_PROPERTY, library.getFileName().toString());
        });
    }

    /**
     * The library for this platform in {@code libDir}/{driver version}, copied there from the jar
     * unless it is there already; empty when the jar has none for this platform or the copy fails.
     */
    static Optional<Path> copyIn(Path libDir) {
        String name = System.mapLibraryName("sqlitejdbc");
        try {
            Path dir = libDir.resolve(SQLiteJDBCLoader.getVersion());
            Path library = dir.resolve(name);
            if (Files.isRegularFile(library)) {
                return Optional.of(library);
            }
            String resource = "/org/sqlite/native/" + OSInfo.getNativeLibFolderPathForCurrentOS() + "/" + name;
            try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
                if (in == null) {
                    return Optional.empty();
                }
                DataFolder.create(libDir);
                DataFolder.create(dir);
                // Copied under another name and moved into place whole: a start cut short leaves no half library.
                Path partial = Files.createTempFile(dir, "sqlite", ".partial");
                // Into the owner-only file made above: a copy that replaced it would be made anew, readable by others.
                try (OutputStream out = Files.newOutputStream(partial)) {
                    in.transferTo(out);
                }
                Files.move(partial, library, StandardCopyOption.ATOMIC_MOVE);
                return Optional.of(library);
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
