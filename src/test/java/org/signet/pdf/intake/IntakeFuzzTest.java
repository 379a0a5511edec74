package org.signet.pdf.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.MediaKind;
import org.signet.domain.PageSize;
import org.signet.pdf.read.InvalidFileException;
import org.signet.support.InputDeadline;

/**
 * Any bytes as an uploaded file through {@link DocumentIntake}, as every upload goes: the type sniffed
 * from the bytes, a PDF opened and checked, an image converted. The only outcomes are an accepted
 * {@link Intake} whose pages are sane, an {@link UnsupportedFileTypeException} or an
 * {@link InvalidFileException} with a reason, within 10 s and the fuzz JVM's 1 GiB heap.
 */
@Tag("jazzer")
class IntakeFuzzTest {
    private static final InputDeadline DEADLINE = new InputDeadline(Duration.ofSeconds(10));
    private static final DocumentIntake INTAKE = new DocumentIntake(1000, 10_000);

    @TempDir
    static Path dir;

    @FuzzTest(maxDuration = "5m")
    void inspect_anyBytes_acceptedOrRefusedWithAReason(byte[] input) throws Exception {
        Path upload = Files.write(dir.resolve("upload"), input);
        try {
            DEADLINE.run(() -> inspect(upload, input));
        } finally {
            clear();
        }
    }

    private static void inspect(Path upload, byte[] input) throws IOException {
        Optional<MediaKind> sniffed = FileSniffer.sniff(input, Math.min(input.length, FileSniffer.HEAD_LENGTH));
        Intake intake;
        try {
            intake = INTAKE.inspect(upload);
        } catch (UnsupportedFileTypeException e) {
            assertTrue(sniffed.isEmpty(), "refused as no PDF, PNG or JPEG but sniffed as " + sniffed);
            return;
        } catch (InvalidFileException e) {
            assertTrue(sniffed.isPresent(), "checked although its type is unknown");
            assertNotNull(e.getMessage());
            return;
        }
        assertEquals(sniffed.orElseThrow(), intake.kind());
        assertTrue(intake.totalPages() >= 1 && intake.totalPages() <= 1000, "pages: " + intake.totalPages());
        for (PageSize page : intake.pages()) {
            assertTrue(page.width() > 0 && page.height() > 0 && Double.isFinite(page.width() * page.height()),
                    "page size " + page);
        }
        assertTrue(Files.size(intake.pdf()) > 0, "an empty PDF to use");
    }

    private static void clear() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
    }
}
