package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.Postgres;

class DataFolderInstanceTest {
    @TempDir
    Path dir;

    @Test
    void instanceName_sameFolderSameName_anotherFolderAnother() throws IOException {
        DataFolder.create(dir.resolve("a"));
        DataFolder.create(dir.resolve("b"));
        String first = DataFolder.instanceName(dir.resolve("a"));

        assertEquals(first, DataFolder.instanceName(dir.resolve("a")), "a restart keeps its name");
        assertNotEquals(first, DataFolder.instanceName(dir.resolve("b")));
        assertTrue(first.matches("[0-9a-f]{24}"), first);
    }

    @Test
    void instanceName_damagedFile_refusedNamingIt() throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(DataFolder.INSTANCE_NAME), "not a name\n");

        IOException e = assertThrows(IOException.class, () -> DataFolder.instanceName(dir));

        assertTrue(e.getMessage().contains(DataFolder.INSTANCE_NAME), e.getMessage());
    }

    @Test
    void openDatabase_postgres_claimsCarryTheFoldersName() throws Exception {
        Postgres.Database pg = Postgres.shared().freshDatabase();

        try (Database db = DataFolder.openDatabase(dir, pg.url(), pg.user(), pg.password(), "FULL", 2)) {
            assertEquals(DataFolder.instanceName(dir), db.instance());
            assertTrue(new MailOutboxStore(db).newLease(0, java.time.Duration.ofMinutes(1)).holder()
                    .startsWith(db.instance() + "/"));
        }
    }
}
