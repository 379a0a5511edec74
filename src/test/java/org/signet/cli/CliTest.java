package org.signet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.signet.crypto.Base32;
import org.signet.crypto.Totp;
import org.signet.json.Json;
import org.signet.support.AdminClient;
import org.signet.support.ApiFlow;
import org.signet.support.Party;
import org.signet.support.SuiteDatabase;
import org.signet.support.TestServer.Credentials;
import org.signet.support.TestServer;

class CliTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {}

    private Result run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                SuiteDatabase.forCommand(Map.of(), args), new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)))
                .run(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void keysCreateJson_printsOneLineThatWorksAgainstARunningServer() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            String data = dir.toString();
            assertEquals(0, run("", "users", "add", "--email", "ops@example.com", "--name", "Ops", "--data", data).code());
            Result created = run("", "--data", data, "keys", "create", "--user", "ops@example.com", "--name", "ci",
                    "--permission", "read", "--json");
            assertEquals(0, created.code(), created.err());
            String[] lines = created.out().strip().split("\n");
            assertEquals(1, lines.length);
            @SuppressWarnings("unchecked")
            Map<String, Object> json = (Map<String, Object>) Json.parse(lines[0]);
            assertTrue(((String) json.get("key")).matches("wps_[0-9A-Za-z]{32}"));
            assertTrue(((String) json.get("secret")).matches("[0-9A-Za-z]{40}"));
            assertEquals("read", json.get("permission"));
            Credentials c = new Credentials((String) json.get("key"), (String) json.get("secret"));
            assertEquals(200, server.get("stats", c).statusCode(), "a key made by the CLI works at once");

            String id = ((Number) json.get("id")).toString();
            assertEquals(0, run("", "keys", "revoke", id, "--data", data).code());
            assertEquals(401, server.get("stats", c).statusCode(), "a revoked key stops at once");
        }
    }

    /** A sent document whose one signer must sign in as {@code email}; its signing link's token. */
    private static String loginLink(ApiFlow owner, String email) {
        String doc = owner.upload("Contract", 1);
        Party p = owner.addSigner(doc, Map.of("name", "Pat", "email", email, "require_wp_login", true));
        owner.saveFields(doc, List.of(ApiFlow.field(p.id(), "signature", 1, 72, 100, 200, 60)));
        owner.send(doc);
        return p.token();
    }

    /** Adds pat@example.com from the command line with {@code password}, and signs in to the pages as Pat. */
    private AdminClient patSignedIn(TestServer server, String password) {
        assertEquals(0, run(password + "\n", "users", "add", "--email", "pat@example.com", "--name", "Pat",
                "--password-stdin", "--data", dir.toString()).code());
        AdminClient pages = new AdminClient(server);
        assertEquals(302, pages.signIn("pat@example.com", password).statusCode());
        return pages;
    }

    @Test
    void usersPasswd_endsTheAccountsSessionsOnTheRunningServer() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            String data = dir.toString();
            AdminClient pages = patSignedIn(server, "old password");
            assertEquals(200, pages.get("/admin/keys").statusCode());
            ApiFlow owner = new ApiFlow(server, server.account("owner@example.com", false).full(), Clock.systemUTC());
            String token = loginLink(owner, "pat@example.com");
            String unlocked = ApiFlow.cookie(TestServer.expect(200, owner.postToLink(token, "login",
                    Map.of("email", "pat@example.com", "password", "old password"))));

            Result changed = run("new password\n", "users", "passwd", "--email", "pat@example.com", "--data", data);

            assertEquals(0, changed.code(), changed.err());
            HttpResponse<String> keys = pages.get("/admin/keys");
            assertEquals(302, keys.statusCode());
            assertEquals("/admin/login?notice=expired", keys.headers().firstValue("Location").orElseThrow());
            assertEquals("login", TestServer.object(owner.session(token, unlocked)).get("requires"));
            assertEquals(401, new AdminClient(server).signIn("pat@example.com", "old password").statusCode());
            assertEquals(302, new AdminClient(server).signIn("pat@example.com", "new password").statusCode());
        }
    }

    @Test
    void usersDisable_endsTheAccountsSessionsOnTheRunningServer() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            String data = dir.toString();
            AdminClient pages = patSignedIn(server, "a password");
            ApiFlow owner = new ApiFlow(server, server.account("owner@example.com", false).full(), Clock.systemUTC());
            String token = loginLink(owner, "pat@example.com");
            String unlocked = ApiFlow.cookie(TestServer.expect(200, owner.postToLink(token, "login",
                    Map.of("email", "pat@example.com", "password", "a password"))));

            Result disabled = run("", "users", "disable", "--email", "pat@example.com", "--data", data);

            assertEquals(0, disabled.code(), disabled.err());
            assertEquals(302, pages.get("/admin/keys").statusCode());
            assertEquals("login", TestServer.object(owner.session(token, unlocked)).get("requires"));
            assertEquals(1, run("", "users", "disable", "--email", "nobody@example.com", "--data", data).code());
        }
    }

    @Test
    void usersReset2fa_removesTheAppAndEndsTheAccountsSessionsOnTheRunningServer() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            String data = dir.toString();
            AdminClient pages = patSignedIn(server, "a password");
            String csrf = AdminClient.csrfOf(pages.get("/admin/account/app"));
            pages.post("/admin/account/app/begin", csrf);
            Matcher m = Pattern.compile("id=\"app-secret\" class=\"secret\">([A-Z2-7 ]+)<")
                    .matcher(pages.get("/admin/account/app").body());
            assertTrue(m.find());
            byte[] secret = Base32.decode(m.group(1));
            String code = Totp.code(secret, Totp.step(System.currentTimeMillis() / 1000), Totp.DIGITS);
            assertEquals(200, pages.post("/admin/account/app/confirm", csrf, "code", code).statusCode());

            Result reset = run("", "users", "reset-2fa", "--email", "pat@example.com", "--data", data);

            assertEquals(0, reset.code(), reset.err());
            assertTrue(reset.out().contains("Second factor removed for pat@example.com"), reset.out());
            assertEquals(302, pages.get("/admin/keys").statusCode(), "the session has ended");
            HttpResponse<String> again = new AdminClient(server).signIn("pat@example.com", "a password");
            assertEquals("/admin", again.headers().firstValue("Location").orElseThrow(), "the password alone signs in");
            assertEquals(1, run("", "users", "reset-2fa", "--email", "nobody@example.com", "--data", data).code());
        }
    }

    @Test
    void usersAdd_withPasswordFromStdinAndList() {
        String data = dir.toString();
        Result add = run("correct horse battery\n", "users", "add", "--email", "Root@Example.com", "--name", "Root",
                "--admin", "--password-stdin", "--data", data);
        assertEquals(0, add.code(), add.err());
        Result list = run("", "users", "list", "--data", data);
        assertTrue(list.out().contains("Root@Example.com"));
        assertTrue(list.out().contains("set"));
        Result dup = run("", "users", "add", "--email", "root@example.com", "--name", "Again", "--data", data);
        assertEquals(1, dup.code());
        assertTrue(dup.err().contains("already exists"));
    }

    @Test
    void usersAdd_administratorWithoutAPassword_refusedAndNothingMade() {
        String data = dir.toString();
        Result none = run("", "users", "add", "--email", "root@example.com", "--name", "Root", "--admin", "--data", data);

        assertEquals(1, none.code(), none.out());
        assertEquals("signet: no user was added: an administrator needs a password (type it at the prompt, or give it"
                + " on standard input with --password-stdin): no password given on standard input", none.err().strip());
        assertFalse(run("", "users", "list", "--data", data).out().contains("root@example.com"));
    }

    @Test
    void usersAdd_administratorWithoutTheFlag_readsThePasswordAndCanSignIn() throws Exception {
        try (TestServer server = TestServer.start(dir)) {
            Result add = run("correct horse battery\n", "users", "add", "--email", "root@example.com", "--name", "Root",
                    "--admin", "--data", dir.toString());

            assertEquals(0, add.code(), add.err());
            assertEquals(302, new AdminClient(server).signIn("root@example.com", "correct horse battery").statusCode());
        }
    }

    @Test
    void usersAdd_withoutAPassword_saysHowToSetOne() {
        Result add = run("", "users", "add", "--email", "api@example.com", "--name", "Api", "--data", dir.toString());

        assertEquals(0, add.code(), add.err());
        assertTrue(add.out().strip().endsWith(": api@example.com; no password, so no sign-in until users passwd --email"
                + " api@example.com sets one"), add.out());
    }

    @Test
    void usersAddAndKeysCreate_namesBreakingTheTextRule_usageErrorNothingMade() {
        String data = dir.toString();
        Result user = run("", "users", "add", "--email", "eve@example.com", "--name", "Eve\u202eAdmin", "--data", data);
        assertEquals(0, run("", "users", "add", "--email", "ops@example.com", "--name", "Zoe\u0308", "--data", data).code());
        Result key = run("", "keys", "create", "--user", "ops@example.com", "--name", "ci\u0000", "--permission", "read",
                "--data", data);
        Result description = run("", "keys", "create", "--user", "ops@example.com", "--name", "ci", "--permission",
                "read", "--description", "line\nbreak", "--data", data);

        assertEquals(2, user.code());
        assertTrue(user.err().contains("--name must not contain bidirectional"), user.err());
        assertEquals(2, key.code());
        assertTrue(key.err().contains("--name must not contain control characters"), key.err());
        assertEquals(2, description.code());
        String users = run("", "users", "list", "--data", data).out();
        assertTrue(!users.contains("eve@example.com") && users.contains("Zo\u00eb"), users);
        assertTrue(run("", "keys", "list", "--data", data).out().lines().noneMatch(l -> l.contains("ci")));
    }

    @Test
    void run_usageErrorsExitTwoWithAMessage() {
        assertEquals(2, run("", "keys", "create", "--user", "x@example.com", "--name", "n", "--permission", "admin",
                "--data", dir.toString()).code());
        Result unknown = run("", "frobnicate");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("frobnicate"));
        assertEquals(2, run("", "serve", "--bogus").code());
        assertEquals(0, run("", "--help").code());
        assertTrue(run("", "--version").out().startsWith("signet "));
    }

    @Test
    void run_invalidConfigurationStopsWithTheKeyNamed() {
        Result r = run("", "serve", "--port", "99999", "--data", dir.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("server.port"), r.err());
    }
}
