package org.signet.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.json.JsonSyntaxException;
import org.signet.process.ChildProcess;
import org.signet.process.JavaCommand;
import org.signet.process.Launch;
import org.signet.support.Multipart;
import org.signet.support.SignetJvm;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestFiles;
import org.signet.support.TestServer.Credentials;
import org.signet.support.Waits;

/**
 * What Signet leaves on disk holds no live credential and is its owner's alone. Signet and its
 * commands run as a shell with umask 022 starts them, the mode that made the database world-readable
 * before: a signer is added under an idempotency key (its answer holds the signing link), the document
 * is sent by mail, a webhook is registered (its answer holds the secret). Then, with the server stopped,
 * every byte of every file in the data folder, in a backup made without the keys and in a folder
 * restored from it is searched for the link's token and the webhook's secret, in the forms they could
 * be written in, and every file there must be mode 0600 and every folder 0700, as must the database's
 * write-ahead log and its index while the server runs.
 */
class SecretsAtRestTest {
    private static final String REST = "/wp-json/wpsigner/v1/";
    private static final String UMASK = "022";
    private static final Duration COMMAND_LIMIT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void dataFolderBackupAndRestore_holdNoLiveTokenOrSecret_andAreOwnerOnly() throws Exception {
        SuiteDatabase.assumeSqlite("the database's own files, and the backup that copies them, are SQLite's");
        Path data = dir.resolve("data");
        cli(data, "secret password\n", "users", "add", "--email", "ops@example.org", "--name", "Ops", "--admin",
                "--password-stdin");
        Credentials key = key(data);
        Map<String, byte[]> secrets = new LinkedHashMap<>();
        List<String> whileServing = new ArrayList<>();
        GreenMail smtp = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        smtp.start();
        try (SignetJvm server = SignetJvm.startUnderUmask(data, UMASK, Map.of("SIGNET_SMTP_HOST", "127.0.0.1",
                "SIGNET_SMTP_PORT", Integer.toString(smtp.getSmtp().getPort()), "SIGNET_SMTP_STARTTLS", "false",
                "SIGNET_WEBHOOKS_ALLOW_PRIVATE", "true"))) {
            String token = signerLinkToken(server, key);
            Waits.awaitUntil(() -> smtp.getReceivedMessages().length > 0, "the invitation was mailed");
            String secret = webhookSecret(server, key);
            secrets.putAll(forms("the signing link's token", token, Base64.getUrlDecoder().decode(token)));
            secrets.putAll(forms("the webhook's secret", secret, secret.getBytes(StandardCharsets.UTF_8)));
            assertTrue(Files.exists(data.resolve("signet.db-wal")), "the server has its write-ahead log open");
            whileServing.addAll(notOwnerOnly(data));
            assertEquals(0, server.process().stop(Duration.ofSeconds(30)), "a graceful stop");
        } finally {
            smtp.stop();
        }
        Path backup = dir.resolve("backup");
        cli(data, "", "backup", "--to", backup.toString());
        Path restored = dir.resolve("restored");
        cli(restored, "", "restore", "--from", backup.toString(), "--keys", data.resolve("keys").toString());

        List<String> found = new ArrayList<>(whileServing);
        for (Path folder : List.of(data, backup, restored)) {
            found.addAll(holders(folder, secrets));
            found.addAll(notOwnerOnly(folder));
        }
        assertEquals(List.of(), found);
        assertTrue(Files.isRegularFile(data.resolve("signet.db")) && Files.isRegularFile(backup.resolve("signet.db")),
                "the folders hold databases");
    }

    /** Adds a signer under an idempotency key, places a field and sends; answers the link's token. */
    private static String signerLinkToken(SignetJvm server, Credentials key) {
        Multipart upload = new Multipart().text("title", "Contract").file("file", "contract.pdf", "application/pdf",
                TestFiles.pdf(1));
        String id = (String) object(201, server.send(upload.post(server.request(REST + "documents/upload", key)).build()))
                .get("id");
        Map<?, ?> signer = object(201, server.send(json(server, key, "documents/" + id + "/signers",
                "{\"name\":\"Ann Able\",\"email\":\"ann@example.com\"}").header("Idempotency-Key", "add-ann").build()));
        Answers.array(200, server.send(json(server, key, "documents/" + id + "/fields", "{\"fields\":[{\"signer_id\":\""
                + signer.get("id") + "\",\"field_type\":\"signature\",\"page_number\":1,\"position_x\":72,"
                + "\"position_y\":100,\"width\":200,\"height\":40}]}").build()));
        object(200, server.send(json(server, key, "documents/" + id + "/send", "{}").build()));
        String url = (String) signer.get("signing_url");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private static String webhookSecret(SignetJvm server, Credentials key) {
        return (String) object(201, server.send(json(server, key, "webhooks",
                "{\"url\":\"http://127.0.0.1:9/hook\",\"events\":[\"*\"]}").header("Idempotency-Key", "hook").build()))
                .get("secret");
    }

    private static HttpRequest.Builder json(SignetJvm server, Credentials key, String path, String body) {
        return server.request(REST + path, key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private static Map<?, ?> object(int status, HttpResponse<String> r) {
        return Answers.object(status, r);
    }

    /** A secret as text, and its bytes raw, in hex and in base64, each as a searchable byte string. */
    private static Map<String, byte[]> forms(String what, String text, byte[] raw) {
        Map<String, byte[]> forms = new LinkedHashMap<>();
        forms.put(what, text.getBytes(StandardCharsets.UTF_8));
        forms.put(what + " (raw bytes)", raw);
        forms.put(what + " (hex)", HexFormat.of().formatHex(raw).getBytes(StandardCharsets.US_ASCII));
        forms.put(what + " (HEX)", HexFormat.of().withUpperCase().formatHex(raw).getBytes(StandardCharsets.US_ASCII));
        forms.put(what + " (base64)", Base64.getEncoder().encode(raw));
        forms.put(what + " (base64url)", Base64.getUrlEncoder().withoutPadding().encode(raw));
        return forms;
    }

    /** Which files under {@code folder} hold any of {@code secrets}, and which. */
    private static List<String> holders(Path folder, Map<String, byte[]> secrets) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : files(folder)) {
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                byte[] bytes = Files.readAllBytes(file);
                secrets.forEach((what, form) -> {
                    if (indexOf(bytes, form) >= 0) {
                        found.add(dirName(folder, file) + " holds " + what);
                    }
                });
            }
        }
        return found;
    }

    /** Files that are not mode 0600 and folders that are not 0700, the folder itself included. */
    private static List<String> notOwnerOnly(Path folder) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path p : files(folder)) {
            String wanted = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "rwx------" : "rw-------";
            String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
            if (!mode.equals(wanted)) {
                found.add(dirName(folder, p) + " is " + mode);
            }
        }
        return found;
    }

    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> all = Files.walk(folder)) {
            return all.toList();
        }
    }

    private static String dirName(Path folder, Path p) {
        return folder.getFileName() + "/" + folder.relativize(p);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private Credentials key(Path data) throws IOException {
        String out = cli(data, "", "keys", "create", "--user", "ops@example.org", "--name", "ops", "--permission", "full",
                "--json");
        String line = out.lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow(() ->
                new AssertionError("keys create --json printed " + out));
        Map<?, ?> made;
        try {
            made = (Map<?, ?>) Json.parse(line);
        } catch (JsonSyntaxException e) {
            throw new AssertionError("keys create --json printed " + out, e);
        }
        return new Credentials((String) made.get("key"), (String) made.get("secret"));
    }

    private int commands;

    /** Runs a command in a JVM of its own started under the umask, as an operator's shell does; it must succeed. */
    private String cli(Path data, String stdin, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--data", data.toString()));
        JavaCommand java = JavaCommand.ofThisJvm().options(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"))
                .property("java.awt.headless", "true").mainClass("org.signet.Main").args(all);
        Path input = dir.resolve("stdin-" + commands);
        Files.writeString(input, stdin, StandardCharsets.UTF_8);
        Launch launch = Launch.of(args[0], SignetJvm.underUmask(UMASK, java.toList(), input),
                dir.resolve(args[0] + "-" + commands++ + ".log"));
        try (ChildProcess p = launch.start()) {
            assertEquals(0, p.awaitExit(COMMAND_LIMIT), String.join(" ", args) + " printed:\n" + p.log());
            return p.log();
        }
    }
}
