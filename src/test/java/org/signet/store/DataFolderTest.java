package org.signet.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.TestServer;

/** The data folder: its scratch folder holds nothing a crash left behind once Signet starts again. */
class DataFolderTest {
    @TempDir
    Path dir;

    @Test
    void scratch_leftovers_removed() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path upload = Files.writeString(tmp.resolve("upload-123.part"), "%PDF-1.7 plaintext of an upload");
        Path render = Files.writeString(tmp.resolve("render-9.pdf"), "%PDF-1.7 a page being rendered");

        assertEquals(tmp, DataFolder.scratch(dir));

        assertFalse(Files.exists(upload));
        assertFalse(Files.exists(render));
        assertTrue(Files.isDirectory(tmp));
    }

    @Test
    void start_afterACrashLeftAnUploadInTmp_removesIt() throws Exception {
        TestServer.start(dir).close();
        Path leftover = Files.writeString(dir.resolve("tmp").resolve("upload-crashed.part"), "secret contract text");

        try (TestServer again = TestServer.start(dir)) {
            assertFalse(Files.exists(leftover));
            assertEquals(200, again.get("/healthz", null).statusCode());
        }
    }
}
