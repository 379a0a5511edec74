package org.signet.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** The data folder of S1: creates it owner-only and opens its migrated database. */
public final class DataFolder {
    private DataFolder() {}

    public static Database openDatabase(Path dataDir, String synchronous, int poolSize)
            throws IOException, Migrations.SchemaTooNewException {
        create(dataDir);
        Database db = Database.open(dataDir.resolve("signet.db"), synchronous, poolSize);
        try {
            Migrations.fromClasspath().apply(db);
            return db;
        } catch (Migrations.SchemaTooNewException | RuntimeException e) {
            db.close();
            throw e;
        }
    }

    public static void create(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            try {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows: the folder inherits its parent's ACL
            }
        }
    }
}
