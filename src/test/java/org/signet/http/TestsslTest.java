package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.json.Json;
import org.signet.support.TestServer;
import org.signet.support.TlsPki;

/**
 * testssl.sh (Debian's {@code testssl.sh}) against Signet's own HTTPS with a test authority: protocols,
 * cipher suites, forward secrecy, the server's preferences and certificate, the security headers and
 * the known vulnerabilities. No finding may be rated above LOW.
 */
class TestsslTest {
    private static final Path TESTSSL = Path.of("/usr/bin/testssl");
    private static final Set<String> TOO_SEVERE = Set.of("MEDIUM", "HIGH", "CRITICAL");
    private static final String PASSWORD = "keystore-password-2b81";

    @TempDir
    Path dir;

    @Test
    void testssl_findsNothingAboveLow() throws Exception {
        assertTrue(Files.isExecutable(TESTSSL), TESTSSL + " is missing: apt-get install testssl.sh (.ci/run does)");
        TlsPki pki = TlsPki.create();
        Path keystore = dir.resolve("tls.p12");
        pki.writeKeystore(keystore, PASSWORD);
        Path ca = pki.writeRootPem(dir.resolve("ca.pem"));
        Path report = dir.resolve("testssl.json");
        try (TestServer server = TestServer.start(dir, "server.tls.keystore=" + keystore, "server.tls.password=" + PASSWORD)) {
            String output = run(List.of(TESTSSL.toString(), "--quiet", "--color", "0", "--warnings", "off",
                    "--nodns", "none", "--connect-timeout", "5", "--openssl-timeout", "10", "--add-ca", ca.toString(),
                    "--jsonfile", report.toString(), "-p", "-s", "-f", "-P", "-S", "-h", "-U",
                    "127.0.0.1:" + server.app.port()));
            assertTrue(Files.exists(report), "testssl.sh wrote no report: " + output);
        }
        List<String> severe = new ArrayList<>();
        for (Object o : (List<?>) Json.parse(Files.readString(report, StandardCharsets.UTF_8))) {
            Map<?, ?> finding = (Map<?, ?>) o;
            String line = finding.get("severity") + " " + finding.get("id") + ": " + finding.get("finding");
            System.out.println("testssl.sh " + line);
            if (TOO_SEVERE.contains(String.valueOf(finding.get("severity")))) {
                severe.add(line);
            }
        }
        assertTrue(severe.isEmpty(), "findings above LOW: " + severe);
    }

    /** Runs testssl.sh, bounded to two minutes; what it printed. */
    private String run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("testssl.out").toFile())
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("testssl.sh did not finish within two minutes: "
                    + Files.readString(dir.resolve("testssl.out")));
        }
        return Files.readString(dir.resolve("testssl.out"));
    }
}
