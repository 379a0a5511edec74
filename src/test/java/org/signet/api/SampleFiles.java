package org.signet.api;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.signet.json.Json;
import org.signet.support.Multipart;
import org.signet.support.TestPdfs;
import org.signet.support.TestServer;
import org.signet.support.TestServer.Credentials;

/** Files and requests the document tests share: real PDFs and images, uploads, raw socket exchanges. */
public final class SampleFiles {
    /** {@code YYYY-MM-DD HH:MM:SS}, the seed's timestamp form. */
    public static final String TIMESTAMP = "\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}";

    private SampleFiles() {}

    public static byte[] pdf(int pages) {
        return TestPdfs.pages(pages);
    }

    public static byte[] png(int width, int height) {
        return image("png", width, height);
    }

    public static byte[] jpeg(int width, int height) {
        return image("jpg", width, height);
    }

    private static byte[] image(String format, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.ORANGE);
        g.fillRect(0, 0, width, height);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, format, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A PDF that needs a user password to open. */
    public static byte[] encryptedPdf() {
        try (PDDocument doc = Loader.loadPDF(pdf(1)); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            StandardProtectionPolicy policy = new StandardProtectionPolicy("owner-secret", "user-secret",
                    new AccessPermission());
            policy.setEncryptionKeyLength(128);
            doc.protect(policy);
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first {@code keep} bytes of a real PDF: the header is right, the rest is missing. */
    public static byte[] truncated(byte[] pdf, int keep) {
        return Arrays.copyOf(pdf, keep);
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static HttpResponse<String> upload(TestServer server, Credentials c, Multipart body) {
        return upload(server, c, "documents/upload", body);
    }

    public static HttpResponse<String> upload(TestServer server, Credentials c, String path, Multipart body) {
        return server.send(body.post(server.request(path, c)).build());
    }

    /** The document record of a JSON response, failing with the body when the status differs. */
    public static Map<String, Object> expect(int status, HttpResponse<String> r) {
        if (r.statusCode() != status) {
            throw new AssertionError("expected " + status + " but got " + r.statusCode() + ": " + r.body());
        }
        return TestServer.object(r);
    }

    public static String json(Object value) {
        return Json.write(value);
    }

    /** Encrypted files currently in the data folder's vault. */
    public static List<Path> vaultFiles(Path dataDir) {
        try (Stream<Path> s = Files.list(dataDir.resolve("files"))) {
            return s.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends {@code head} and {@code body} over a raw socket, half-closes the output, and returns
     * what the server answered within {@code timeoutMillis} (a read timeout fails the test).
     */
    public static String rawExchange(int port, String head, byte[] body, int timeoutMillis) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(timeoutMillis);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
