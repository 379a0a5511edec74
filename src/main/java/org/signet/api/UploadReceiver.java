package org.signet.api;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import org.signet.error.Refusal;
import org.signet.files.DiskSpace;
import org.signet.http.Request;
import org.signet.http.multipart.MultipartException;
import org.signet.http.multipart.MultipartIOException;
import org.signet.http.multipart.MultipartReader;
import org.signet.http.multipart.Part;
import org.signet.service.AcceptedFile;
import org.signet.service.FileIntake;
import org.signet.text.FileNames;

/**
 * Receives a multipart upload: streams the file part to a private temporary file under the
 * size limit and hands it to {@link FileIntake}, which decides the type by its bytes, validates it
 * and stores it encrypted, or to another use that keeps nothing (checking a seal). Shared by every
 * endpoint that accepts a file.
 */
public final class UploadReceiver {
    /** Room for multipart framing and the small text parts around the file. */
    private static final long FRAMING_ALLOWANCE = 1 << 20;
    private static final int MAX_TEXT = 10_000;
    private static final int MAX_EPILOGUE = 64 * 1024;

    private final FileIntake intake;
    private final Path tmpDir;
    private final long maxBytes;
    private final DiskSpace disk;

    /** {@code disk}: the room an upload to be stored needs before it starts. */
    public UploadReceiver(FileIntake intake, Path tmpDir, long maxBytes, DiskSpace disk) {
        this.intake = intake;
        this.tmpDir = tmpDir;
        this.maxBytes = maxBytes;
        this.disk = disk;
    }

    /** What is done with an upload's file while it exists; the file is deleted once this returns. */
    @FunctionalInterface
    public interface FileUse<T> {
        T use(Path file, String clientFilename) throws IOException;
    }

    /**
     * Receives the upload; {@code checkText} sees the text parts before anything is stored, so a
     * bad title or date refuses the request without leaving a file behind.
     */
    public AcceptedFile receive(Request req, Set<String> textFields, Consumer<Map<String, String>> checkText)
            throws IOException {
        requireRoom();
        return receive(req, textFields, (file, r) -> {
            checkText.accept(r.text());
            return intake.accept(file, r.filename());
        });
    }

    /** A stored upload and what {@link #receiveReading} read from its text parts. */
    public record WithText<T>(AcceptedFile file, T text) {}

    /**
     * As {@link #receive(Request, Set, Consumer)}, with {@code readText} turning the text parts into what the
     * caller goes on with, read (and refused if bad) before anything is stored.
     */
    public <T> WithText<T> receiveReading(Request req, Set<String> textFields, Function<Map<String, String>, T> readText)
            throws IOException {
        requireRoom();
        return receive(req, textFields, (file, r) -> {
            T text = readText.apply(r.text());
            return new WithText<>(intake.accept(file, r.filename()), text);
        });
    }

    /**
     * Receives the upload's file part, under the same limits, for {@code use} rather than for storing: it needs
     * no more room than its temporary file.
     */
    public <T> T receive(Request req, FileUse<T> use) throws IOException {
        return receive(req, Set.of(), (file, r) -> use.use(file, r.filename()));
    }

    /** As {@link #receive(Request, FileUse)}, for a file {@code use} keeps: it needs the room an upload needs. */
    public <T> T receiveToKeep(Request req, FileUse<T> use) throws IOException {
        requireRoom();
        return receive(req, use);
    }

    /**
     * Receives a file sent as the whole body, to be kept, its type in Content-Type ({@code rawTypes}, else 415), its
     * name in the query's {@code filename} (none: empty), under the same size limit, for {@code use}.
     */
    public <T> T receiveRaw(Request req, Set<String> rawTypes, FileUse<T> use) throws IOException {
        String type = Optional.ofNullable(req.header("Content-Type")).orElse("").split(";", 2)[0].strip()
                .toLowerCase(Locale.ROOT);
        if (!rawTypes.contains(type)) {
            throw Refusal.unsupportedMediaType(String.join(", ", new TreeSet<>(rawTypes)));
        }
        refuseDeclaredOversize(req.header("Content-Length"));
        requireRoom();
        Path tmp = Files.createTempFile(tmpDir, "upload-", ".part");
        try {
            try {
                copyLimited(new ClientBody(req.bodyStream()), tmp);
            } catch (ClientBody.Incomplete e) {
                throw Refusal.invalidParam("file", "Malformed upload: " + e.getMessage());
            }
            return use.use(tmp, FileNames.withoutPath(req.query("filename").orElse("")));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private interface Use<T> {
        T use(Path file, Received received) throws IOException;
    }

    private <T> T receive(Request req, Set<String> textFields, Use<T> use) throws IOException {
        String contentType = Optional.ofNullable(req.header("Content-Type")).orElse("");
        if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
            throw Refusal.missingParams(List.of("file"));
        }
        refuseDeclaredOversize(req.header("Content-Length"));
        Path tmp = Files.createTempFile(tmpDir, "upload-", ".part");
        try {
            return use.use(tmp, readParts(new ClientBody(req.bodyStream()), boundary(contentType), tmp, textFields));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private record Received(String filename, Map<String, String> text) {}

    private Received readParts(ClientBody body, String boundary, Path tmp, Set<String> textFields) throws IOException {
        MultipartReader reader = new MultipartReader(body, boundary, maxBytes + FRAMING_ALLOWANCE);
        String filename = null;
        Map<String, String> text = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        try {
            for (Optional<Part> next = reader.next(); next.isPresent(); next = reader.next()) {
                Part part = next.get();
                boolean isFile = part.name().equals("file") || part.name().equals("document");
                refuseSecond(names, part.name(), isFile && filename != null);
                if (isFile) {
                    filename = FileNames.withoutPath(part.filename().orElse(""));
                    copyLimited(part.content(), tmp);
                } else if (textFields.contains(part.name()) && part.filename().isEmpty()) {
                    text.put(part.name(), part.readText(MAX_TEXT));
                }
            }
            drainEpilogue(body);
        } catch (MultipartException e) {
            throw malformed(e);
        } catch (MultipartIOException e) {
            throw malformed(e.reason());
        } catch (ClientBody.Incomplete e) {
            throw Refusal.invalidParam("file", "Malformed upload: " + e.getMessage());
        }
        if (filename == null) {
            throw Refusal.missingParams(List.of("file"));
        }
        return new Received(filename, text);
    }

    /**
     * Two parts of one name, or a file sent both as {@code file} and as {@code document}, could each be
     * what the client meant: refused rather than one of them guessed at.
     */
    private static void refuseSecond(Set<String> names, String name, boolean secondFile) {
        if (!names.add(name) || secondFile) {
            throw Refusal.invalidParam(name, "The upload has more than one " + (secondFile ? "file" : "part named "
                    + name) + "; send each once.");
        }
    }

    /**
     * Reads what follows the closing delimiter (RFC 2046 §5.1.1 lets an epilogue be ignored, but not
     * a body that stops short of its Content-Length: that upload was cut off and is refused).
     */
    private static void drainEpilogue(ClientBody body) throws IOException {
        if (body.skipNBytesOrEnd(MAX_EPILOGUE + 1) > MAX_EPILOGUE) {
            throw Refusal.invalidParam("file", "Malformed upload: more than " + MAX_EPILOGUE
                    + " bytes after the closing boundary.");
        }
    }

    private void copyLimited(InputStream in, Path target) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try (OutputStream out = Files.newOutputStream(target)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                total += n;
                if (total > maxBytes) {
                    throw tooLarge();
                }
                out.write(buffer, 0, n);
            }
        }
    }

    private void refuseDeclaredOversize(String contentLength) {
        if (contentLength != null && contentLength.matches("\\d{1,19}")
                && Long.parseLong(contentLength) > maxBytes + FRAMING_ALLOWANCE) {
            throw tooLarge();
        }
    }

    private static String boundary(String contentType) {
        try {
            return MultipartReader.boundaryOf(contentType);
        } catch (MultipartException e) {
            throw Refusal.invalidParam("Content-Type", e.getMessage());
        }
    }

    private RuntimeException malformed(MultipartException e) {
        return e.tooLarge() ? tooLarge() : Refusal.invalidParam("file", "Malformed upload: " + e.getMessage());
    }

    private Refusal tooLarge() {
        return new Refusal(Refusal.Kind.TOO_LARGE, "file_too_large", "The file is larger than the limit of " + maxBytes + " bytes.",
                Map.of("max_bytes", maxBytes));
    }

    /** The request body, telling a connection that ended early apart from failures writing Signet's own files. */
    private static final class ClientBody extends FilterInputStream {
        /** The client's body ended or failed before the length it announced. */
        static final class Incomplete extends IOException {
            private static final long serialVersionUID = 1L;

            Incomplete(IOException cause) {
                super("the body ended before all of it arrived (" + cause.getMessage() + ")", cause);
            }
        }

        ClientBody(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return in.read();
            } catch (IOException e) {
                throw new Incomplete(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return in.read(b, off, len);
            } catch (IOException e) {
                throw new Incomplete(e);
            }
        }

        /** Reads and drops up to {@code max} bytes; returns how many there were. */
        long skipNBytesOrEnd(long max) throws IOException {
            byte[] buffer = new byte[8192];
            long total = 0;
            for (int n = 0; n >= 0 && total < max; n = read(buffer, 0, (int) Math.min(buffer.length, max - total))) {
                total += n;
            }
            return total;
        }
    }

    /** 507 before an upload is read when the data folder has less room than {@code storage.min_free_mb}. */
    private void requireRoom() {
        if (!disk.roomForUpload()) {
            throw Refusal.insufficientStorage(DiskSpace.RETRY_AFTER_SECONDS);
        }
    }
}
