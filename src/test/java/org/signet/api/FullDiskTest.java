package org.signet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.signet.support.Multipart;
import org.signet.support.SignetFixture;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Account;

/**
 * A data folder whose disk is full, or nearly: a write that finds no room is 507 {@code insufficient_storage}
 * with {@code Retry-After}, never a 500; an upload is refused before it starts while the disk has less room
 * than {@code storage.min_free_mb}; the log names the folder and its free space, {@code /metrics} shows it,
 * and what was acknowledged is kept and read back.
 */
class FullDiskTest {
    /** Far above the free space of any disk the suite runs on: every upload is short of room. */
    private static final String MORE_THAN_ANY_DISK = "storage.min_free_mb=10000000";

    @RegisterExtension
    final SignetFixture signet = SignetFixture.running(MORE_THAN_ANY_DISK, "webhooks.allow_private=true");

    private final List<String> logged = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (logged) {
                logged.add(r.getMessage());
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @Test
    void upload_withLessRoomThanTheMinimum_507BeforeItStarts_andTheLogAndMetricsSayWhy() {
        TestServer server = signet.server();
        Account owner = server.account("disk@example.org", false);
        List<String> before = server.vaultFiles();
        Logger.getLogger("signet.files").addHandler(capture);
        HttpResponse<String> refused;
        try {
            refused = server.upload(owner.full(), new Multipart().file("file", "a.pdf", "application/pdf",
                    TestFiles.pdf(1)));
        } finally {
            Logger.getLogger("signet.files").removeHandler(capture);
        }

        assertInsufficientStorage(refused);
        assertEquals(before, server.vaultFiles(), "nothing was stored");
        assertEquals(200, server.get("documents", owner.full()).statusCode(), "reads still work");
        assertEquals(201, server.send("POST", "webhooks", owner.full(), "{\"url\":\"http://127.0.0.1:9/hook\","
                + "\"events\":[\"document.completed\"]}").statusCode(), "only uploads need the room");
        String line = String.join("\n", logged);
        assertTrue(line.contains(signet.dir().toAbsolutePath().toString()) && line.contains("MB free"), line);
        String metrics = server.get("/metrics", null).body();
        assertTrue(metrics.contains("signet_data_folder_min_free_bytes " + 10_000_000L * 1024 * 1024), metrics);
        assertTrue(metrics.lines().anyMatch(l -> l.matches("signet_data_folder_free_bytes [1-9][0-9]*")), metrics);
    }

    @Test
    void uploads_untilTheDiskIsFull_507NeverA500_keptWhatWasAcknowledged_andTakenAgainOnceThereIsRoom(
            @TempDir Path dir) throws Exception {
        SuiteDatabase.assumeSqlite("the database file is what fills the disk beside the encrypted files");
        Path disk = Files.createDirectory(dir.resolve("disk"));
        mountSmallDisk(disk);
        List<String> acknowledged = new ArrayList<>();
        try {
            Path data = disk.resolve("data");
            try (TestServer server = TestServer.start(data, "storage.min_free_mb=0")) {
                Account owner = server.account("full@example.org", false);
                Path filler = fill(disk, 2 << 20);
                HttpResponse<String> last = null;
                for (int i = 0; i < 40 && (last == null || last.statusCode() == 201); i++) {
                    last = server.upload(owner.full(), new Multipart().file("file", "scan.png", "image/png",
                            TestFiles.noisePng(300, 300)));
                    assertTrue(last.statusCode() == 201 || last.statusCode() == 507, last.statusCode() + " " + last.body());
                    if (last.statusCode() == 201) {
                        acknowledged.add((String) TestServer.object(last).get("id"));
                    }
                }
                assertInsufficientStorage(last);
                for (String id : acknowledged) {
                    assertEquals(200, server.get("documents/" + id + "/file", owner.full()).statusCode(), id);
                }
                Files.delete(filler);
                assertEquals(201, server.upload(owner.full(), new Multipart().file("file", "a.pdf", "application/pdf",
                        TestFiles.pdf(1))).statusCode(), "taken again once there is room");
            }
            assertEquals("ok", integrityCheck(data.resolve("signet.db")));
        } finally {
            unmount(disk);
        }
    }

    private static void assertInsufficientStorage(HttpResponse<String> r) {
        assertEquals(507, r.statusCode(), r.body());
        assertEquals("insufficient_storage", TestServer.code(r));
        assertEquals(String.valueOf(TestServer.data(r).get("retry_after")), r.headers().firstValue("Retry-After")
                .orElseThrow());
    }

    /** A 40 MB tmpfs on {@code at}; the test is skipped, saying why, where this machine lets no test mount one. */
    private static void mountSmallDisk(Path at) throws Exception {
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=40m", "tmpfs", at.toString())
                .redirectErrorStream(true).start();
        boolean done = mount.waitFor(30, TimeUnit.SECONDS);
        String said = new String(mount.getInputStream().readAllBytes());
        Assumptions.assumeTrue(done && mount.exitValue() == 0,
                "a 40 MB tmpfs cannot be mounted here (it takes root with CAP_SYS_ADMIN): " + said.strip());
    }

    private static void unmount(Path at) throws Exception {
        Process umount = new ProcessBuilder("umount", at.toString()).redirectErrorStream(true).start();
        assertTrue(umount.waitFor(30, TimeUnit.SECONDS) && umount.exitValue() == 0,
                new String(umount.getInputStream().readAllBytes()));
    }

    /** A file taking all the room on {@code disk} but {@code leave} bytes. */
    private static Path fill(Path disk, long leave) throws IOException {
        Path filler = disk.resolve("filler");
        long size = Files.getFileStore(disk).getUsableSpace() - leave;
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(filler)) {
            for (long written = 0; written < size; written += block.length) {
                out.write(block, 0, (int) Math.min(block.length, size - written));
            }
        }
        assertFalse(Files.getFileStore(disk).getUsableSpace() > leave + (1 << 20), "the disk is nearly full");
        return filler;
    }

    private static String integrityCheck(Path database) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + database);
                ResultSet rs = c.createStatement().executeQuery("PRAGMA integrity_check")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
