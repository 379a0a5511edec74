package org.signet.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.signet.domain.RetentionPolicy;
import org.junit.jupiter.api.io.TempDir;
import org.signet.domain.Language;

class ConfigTest {
    @TempDir
    Path dir;

    @Test
    void load_precedenceIsDefaultThenFileThenEnvironmentThenFlag() throws Exception {
        Files.writeString(dir.resolve("signet.properties"),
                "server.port=9001\nrest.prefix=api\ntimezone=Europe/Berlin\nsmtp.host=mail.example.com\n");
        Config c = Config.load(dir, Optional.empty(),
                Map.of("SIGNET_SERVER_PORT", "9002", "SIGNET_TIMEZONE", "Asia/Tokyo"),
                Map.of("server.port", "9003"));
        assertEquals(9003, c.integer("server.port"));
        assertEquals(Config.Source.FLAG, c.source("server.port"));
        assertEquals("Asia/Tokyo", c.string("timezone"));
        assertEquals(Config.Source.ENVIRONMENT, c.source("timezone"));
        assertEquals("api", c.string("rest.prefix"));
        assertEquals(Config.Source.FILE, c.source("rest.prefix"));
        assertEquals("wpsigner", c.string("rest.namespace"));
        assertEquals(Config.Source.DEFAULT, c.source("rest.namespace"));
        assertEquals("/api/wpsigner/v1", c.restBase());
    }

    @Test
    void fontFolders_defaultIsDebiansFontFolders_aListIsSplitAtCommas() throws Exception {
        assertEquals(List.of(Path.of("/usr/share/fonts"), Path.of("/usr/local/share/fonts"),
                Path.of("/usr/share/fonts-droid-fallback")), Config.load(dir, Optional.empty(), Map.of(), Map.of())
                .fontFolders());
        assertEquals(List.of(Path.of("/opt/fonts"), Path.of("/srv/more fonts")), Config.load(dir, Optional.empty(),
                Map.of("SIGNET_PDF_FONT_DIRS", " /opt/fonts, ,/srv/more fonts "), Map.of()).fontFolders());
        assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(), Map.of(),
                Map.of("pdf.font_dirs", "/opt/fonts\n/etc")));
    }

    @Test
    void siteUrl_withTls_defaultsToHttpsAndCookiesAreSecure() throws Exception {
        Config plain = Config.load(dir, Optional.empty(), Map.of(), Map.of());
        assertEquals("http://localhost:8443", plain.siteUrl(8443));
        assertFalse(plain.tls() || plain.httpsSite());
        Config tls = plain.with("server.tls.keystore", "/etc/signet/tls.p12");
        assertEquals("https://localhost:8443", tls.siteUrl(8443));
        assertTrue(tls.tls() && tls.httpsSite());
        assertEquals("https://sign.example.com", tls.with("site.url", "https://sign.example.com").siteUrl(8443));
        assertTrue(plain.with("site.url", "https://sign.example.com").httpsSite(), "TLS at a proxy");
        assertFalse(tls.with("site.url", "http://sign.example.com").httpsSite());
    }

    @Test
    void httpRedirectPort_emptyOrAPort() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of(), Map.of());
        assertEquals("", c.string("server.http_redirect_port"));
        assertEquals(80, c.with("server.http_redirect_port", "80").integer("server.http_redirect_port"));
        assertThrows(ConfigException.class, () -> c.with("server.http_redirect_port", "http"));
        assertThrows(ConfigException.class, () -> c.with("server.http_redirect_port", "65536"));
    }

    @Test
    void retention_defaultKeepsForEver_aPeriodBelowTheMinimumStopsStart() throws Exception {
        assertEquals(RetentionPolicy.KEEP_FOREVER, Config.load(dir, Optional.empty(), Map.of(), Map.of()).retention());
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_RETENTION_COMPLETED_DAYS", "3650",
                "SIGNET_RETENTION_MINIMUM_DAYS", "365"), Map.of());
        assertEquals(new RetentionPolicy(3650, 0, 0, 0, 365), c.retention());
        ConfigException below = assertThrows(ConfigException.class, () -> c.with("retention.declined_days", "30"));
        assertTrue(below.getMessage().contains("retention.declined_days is 30 days, below retention.minimum_days (365)"),
                below.getMessage());
        assertThrows(ConfigException.class, () -> c.with("retention.draft_days", "-1"));
    }

    @Test
    void describe_masksTheKeystorePassword() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_SERVER_TLS_PASSWORD", "hunter2-tls"), Map.of());
        assertEquals("hunter2-tls", c.string("server.tls.password"));
        assertFalse(c.describe().contains("hunter2-tls"), c.describe());
        assertTrue(c.describe().contains("server.tls.password = ****"), c.describe());
    }

    @Test
    void load_explicitConfigFileReplacesTheDataFolderOne() throws Exception {
        Files.writeString(dir.resolve("signet.properties"), "server.port=9001\n");
        Path other = dir.resolve("other.properties");
        Files.writeString(other, "server.port=9005\n");
        assertEquals(9005, Config.load(dir, Optional.of(other), Map.of(), Map.of()).integer("server.port"));
        assertThrows(ConfigException.class,
                () -> Config.load(dir, Optional.of(dir.resolve("missing.properties")), Map.of(), Map.of()));
    }

    @Test
    void load_invalidValueNamesTheKeyAndWhereItCameFrom() {
        ConfigException e = assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(),
                Map.of("SIGNET_RATELIMIT_IP_PER_MINUTE", "lots"), Map.of()));
        assertTrue(e.getMessage().contains("ratelimit.ip_per_minute"), e.getMessage());
        assertTrue(e.getMessage().contains("SIGNET_RATELIMIT_IP_PER_MINUTE"), e.getMessage());
        assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(), Map.of(),
                Map.of("timezone", "Mars/Olympus")));
        assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(), Map.of(),
                Map.of("db.synchronous", "SOMETIMES")));
        assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(), Map.of(),
                Map.of("trusted_proxies", "10.0.0.0/99")));
    }

    @Test
    void load_unknownKeyInFileIsAnError() throws Exception {
        Files.writeString(dir.resolve("signet.properties"), "smtp.hots=typo\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> Config.load(dir, Optional.empty(), Map.of(), Map.of()));
        assertTrue(e.getMessage().contains("smtp.hots"));
    }

    @Test
    void load_metricsToken_emptyOrLongAndPrintable_maskedInDescribeAndErrors() throws Exception {
        String token = "k".repeat(31) + "Z";
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_METRICS_TOKEN", token), Map.of());
        assertEquals(token, c.string("metrics.token"));
        assertFalse(c.describe().contains(token), c.describe());
        assertTrue(c.describe().contains("metrics.token = ****"));
        assertEquals("", Config.load(dir, Optional.empty(), Map.of(), Map.of()).string("metrics.token"));
        for (String bad : List.of("short-guessable-token", "a".repeat(30) + " b", "a".repeat(31) + "\u00e9",
                "a".repeat(257))) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> Config.load(dir, Optional.empty(), Map.of(), Map.of("metrics.token", bad)));
            assertFalse(e.getMessage().contains(bad), e.getMessage());
        }
    }

    @Test
    void load_logFormat_textOrJson() throws Exception {
        assertEquals("text", Config.load(dir, Optional.empty(), Map.of(), Map.of()).string("log.format"));
        assertEquals("json", Config.load(dir, Optional.empty(), Map.of("SIGNET_LOG_FORMAT", "json"), Map.of())
                .string("log.format"));
        assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(), Map.of(), Map.of("log.format", "xml")));
    }

    @Test
    void describe_masksSecrets() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_SMTP_PASSWORD", "hunter2-secret"), Map.of());
        assertFalse(c.describe().contains("hunter2-secret"));
        assertTrue(c.describe().contains("smtp.password = ****"));
        ConfigException e = assertThrows(ConfigException.class, () -> c.with("smtp.port", "x"));
        assertFalse(e.getMessage().contains("hunter2"));
    }

    @Test
    void load_timestampAuthorities_listedInOrderAndTheirPasswordsNeverShown() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_SIGNING_TSA_URLS",
                " https://tsa.example.org/rfc3161 , http://signet:pa55word@tsa2.example.net:8080/tsr"), Map.of());

        assertEquals(List.of("https://tsa.example.org/rfc3161", "http://signet:pa55word@tsa2.example.net:8080/tsr"),
                c.list("signing.tsa_urls"));
        assertFalse(c.describe().contains("pa55word"), c.describe());
        assertTrue(c.describe().contains("http://signet:****@tsa2.example.net:8080/tsr"), c.describe());
        assertEquals(List.of(), Config.load(dir, Optional.empty(), Map.of(), Map.of()).list("signing.tsa_urls"));
        assertEquals(90, c.integer("signing.renew_days"));
    }

    @Test
    void load_timestampAuthorityThatIsNoHttpUrl_refusedWithoutShowingItsPassword() {
        for (String bad : List.of("ftp://tsa.example.org/", "tsa.example.org", "https://a.example.org/,,https://b.example.org/",
                "https://u:secret-pw@/nohost")) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> Config.load(dir, Optional.empty(), Map.of(), Map.of("signing.tsa_urls", bad)), bad);
            assertTrue(e.getMessage().contains("signing.tsa_urls"), e.getMessage());
            assertFalse(e.getMessage().contains("secret-pw"), e.getMessage());
        }
        assertThrows(ConfigException.class,
                () -> Config.load(dir, Optional.empty(), Map.of(), Map.of("signing.renew_days", "0")));
    }

    @Test
    void siteUrl_defaultsToTheBoundPort() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of(), Map.of());
        assertEquals("http://localhost:4321", c.siteUrl(4321));
        assertEquals("https://sign.example.com", c.with("site.url", "https://sign.example.com").siteUrl(4321));
        assertThrows(ConfigException.class, () -> c.with("site.url", "ftp://x"));
    }

    @Test
    void siteLanguage_englishByDefault_oneOfTheFourOtherwiseRefused() throws Exception {
        assertEquals(Language.EN, Config.load(dir, Optional.empty(), Map.of(), Map.of()).siteLanguage());
        assertEquals(Language.DE, Config.load(dir, Optional.empty(), Map.of("SIGNET_SITE_LANGUAGE", "de"), Map.of())
                .siteLanguage());
        for (String bad : new String[] {"it", "DE", "de-DE", ""}) {
            ConfigException e = assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(), Map.of(),
                    Map.of("site.language", bad)), bad);
            assertTrue(e.getMessage().contains("en, de, fr or es"), e.getMessage());
        }
    }

    @Test
    void embedOrigins_browserFormWithoutRepeats_emptyByDefault() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of(), Map.of());
        assertEquals(List.of(), c.embedOrigins());
        assertEquals(List.of("https://app.example.com", "https://app.example.com:8443", "http://localhost:3000",
                "http://127.0.0.2:8081", "https://xn--bcher-kva.example"), c.with("embed.origins",
                " HTTPS://App.Example.COM:443,https://app.example.com:8443 ,http://localhost:3000,"
                        + "http://127.0.0.2:8081,https://app.example.com,https://xn--bcher-kva.example").embedOrigins());
        assertEquals(List.of("http://127.0.0.1"), c.with("embed.origins", "http://127.0.0.1:80").embedOrigins());
    }

    @Test
    void embedOrigins_notExactlyAnHttpsOrLoopbackOrigin_refusedAtStart() throws Exception {
        for (String bad : new String[] {"http://app.example.com", "https://app.example.com/", "https://app.example.com/x",
                "https://*.example.com", "https://user@app.example.com", "https://app.example.com?x=1",
                "https://app.example.com#x", "app.example.com", "ftp://app.example.com", "https://[::1]:8080",
                "https://app.example.com:0", "https://app.example.com:65536", "http://127.0.0.300",
                "https://a.example.com,,https://b.example.com", "https://a.example.com https://b.example.com",
                "'self'", "null", "https://bücher.example", "http://localhost.evil.example"}) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> Config.load(dir, Optional.empty(), Map.of(), Map.of("embed.origins", bad)), bad);
            assertTrue(e.getMessage().contains("embed.origins"), e.getMessage());
        }
    }

    @Test
    void embedOrigins_siteOnPlainHttpElsewhereThanLoopback_refusedAtStart() throws Exception {
        Map<String, String> framed = Map.of("embed.origins", "https://app.example.com");
        Config loopback = Config.load(dir, Optional.empty(), Map.of(), framed);
        assertEquals(List.of("https://app.example.com"), loopback.with("site.url", "http://127.0.0.1:8080").embedOrigins());
        assertEquals(1, loopback.with("site.url", "https://sign.example.com/signet").embedOrigins().size());
        ConfigException e = assertThrows(ConfigException.class, () -> loopback.with("site.url", "http://sign.example.com"));
        assertTrue(e.getMessage().contains("embed.origins needs site.url on https"), e.getMessage());
        assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(),
                Map.of("SIGNET_SITE_URL", "http://10.0.0.5:8080"), framed));
    }

    @Test
    void load_dbReaders_defaultSixteenWithoutWarnings() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of(), Map.of());

        assertEquals(16, c.integer("db.readers"));
        assertEquals(List.of(), c.warnings());
    }

    @Test
    void load_serverThreadsInTheFile_readAsDbReadersWithAWarningNamingIt() throws Exception {
        Files.writeString(dir.resolve("signet.properties"), "server.threads=24\n");

        Config c = Config.load(dir, Optional.empty(), Map.of(), Map.of());

        assertEquals(24, c.integer("db.readers"));
        assertEquals(Config.Source.FILE, c.source("db.readers"));
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        assertTrue(c.warnings().get(0).startsWith("server.threads (in ")
                && c.warnings().get(0).contains("is now called db.readers"), c.warnings().get(0));
        assertThrows(IllegalArgumentException.class, () -> c.string("server.threads"));
    }

    @Test
    void load_serverThreadsBesideDbReaders_theNewNameWins() throws Exception {
        Files.writeString(dir.resolve("signet.properties"), "server.threads=24\ndb.readers=12\n");

        Config c = Config.load(dir, Optional.empty(), Map.of(), Map.of());

        assertEquals(12, c.integer("db.readers"));
        assertEquals(Config.Source.FILE, c.source("db.readers"));
    }

    @Test
    void load_oldEnvironmentVariable_readWithAWarningNamingTheNewOne() throws Exception {
        Config old = Config.load(dir, Optional.empty(), Map.of("SIGNET_SERVER_THREADS", "32"), Map.of());
        Config both = Config.load(dir, Optional.empty(),
                Map.of("SIGNET_SERVER_THREADS", "32", "SIGNET_DB_READERS", "8"), Map.of());

        assertEquals(32, old.integer("db.readers"));
        assertEquals(Config.Source.ENVIRONMENT, old.source("db.readers"));
        assertTrue(old.warnings().get(0).contains("SIGNET_SERVER_THREADS")
                && old.warnings().get(0).contains("SIGNET_DB_READERS"), old.warnings().toString());
        assertEquals(8, both.integer("db.readers"));
    }

    @Test
    void load_oldFlagAndOverride_readAsDbReaders() throws Exception {
        Config flag = Config.load(dir, Optional.empty(), Map.of(), Map.of("server.threads", "40"));

        assertEquals(40, flag.integer("db.readers"));
        assertEquals(Config.Source.FLAG, flag.source("db.readers"));
        assertEquals(1, flag.warnings().size());
        assertEquals(6, flag.with("server.threads", "6").integer("db.readers"));
        assertThrows(ConfigException.class, () -> flag.with("server.threads", "1"));
    }

    @Test
    void load_databaseUrl_emptyByDefaultAndPostgresAcceptedFromTheEnvironment() throws Exception {
        assertEquals("", Config.load(dir, Optional.empty(), Map.of(), Map.of()).string("db.url"));
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_DB_URL", "jdbc:postgresql://db.example.net:5432/signet",
                "SIGNET_DB_USER", "signet"), Map.of());
        assertEquals("jdbc:postgresql://db.example.net:5432/signet", c.string("db.url"));
        assertEquals(Config.Source.ENVIRONMENT, c.source("db.url"));
        assertEquals("signet", c.string("db.user"));
    }

    @Test
    void load_databaseUrlOfAnotherKind_refusedNamingTheSetting() {
        for (String bad : List.of("jdbc:sqlite:/var/lib/signet/signet.db", "postgresql://db/signet", "jdbc:mysql://db/signet",
                "jdbc:postgresql://", "jdbc:postgresql://db/x\nother")) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> Config.load(dir, Optional.empty(), Map.of("SIGNET_DB_URL", bad), Map.of()), bad);
            assertTrue(e.getMessage().contains("db.url"), e.getMessage());
            assertTrue(e.getMessage().contains("SIGNET_DB_URL"), e.getMessage());
        }
    }

    @Test
    void describe_databasePasswordNeverShown_norOneGivenInTheUrl() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_DB_PASSWORD", "hunter2-db",
                "SIGNET_DB_URL", "jdbc:postgresql://db/signet?ssl=true&password=url-pw-42&user=signet"), Map.of());
        assertEquals("hunter2-db", c.string("db.password"));
        assertFalse(c.describe().contains("hunter2-db"), c.describe());
        assertFalse(c.describe().contains("url-pw-42"), c.describe());
        assertTrue(c.describe().contains("db.password = ****"), c.describe());
        assertTrue(c.describe().contains("db.url = jdbc:postgresql://db/signet?ssl=true&password=****&user=signet"),
                c.describe());
    }

    @Test
    void load_singleSignOn_fromTheEnvironment_secretMasked() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_AUTH_OIDC_ISSUER", "https://id.example.com/realms/staff",
                "SIGNET_AUTH_OIDC_CLIENT_ID", "signet", "SIGNET_AUTH_OIDC_CLIENT_SECRET", "oidc-secret-42"),
                Map.of("auth.passwords", "false"));
        assertEquals("https://id.example.com/realms/staff", c.string("auth.oidc.issuer"));
        assertEquals("openid email profile", c.string("auth.oidc.scopes"));
        assertEquals("Single sign-on", c.string("auth.oidc.label"));
        assertFalse(c.bool("auth.oidc.create_users") || c.bool("auth.passwords"));
        assertFalse(c.describe().contains("oidc-secret-42"), c.describe());
        assertTrue(c.describe().contains("auth.oidc.client_secret = ****"), c.describe());
    }

    @Test
    void load_passwordsOffWithoutSingleSignOn_refusedSayingWhy() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> Config.load(dir, Optional.empty(), Map.of(), Map.of("auth.passwords", "false")));
        assertTrue(e.getMessage().contains("auth.passwords=false needs single sign-on (auth.oidc.issuer)"),
                e.getMessage());
        ConfigException noClient = assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(),
                Map.of(), Map.of("auth.oidc.issuer", "https://id.example.com")));
        assertTrue(noClient.getMessage().contains("auth.oidc.client_id"), noClient.getMessage());
    }

    @Test
    void load_singleSignOnIssuerAndScopes_checked() {
        for (String bad : List.of("http://id.example.com", "ftp://id.example.com", "https://id.example.com/?x=1",
                "https://id.example.com/#f", "not a url")) {
            assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(), Map.of(),
                    Map.of("auth.oidc.issuer", bad, "auth.oidc.client_id", "signet")), bad);
        }
        assertThrows(ConfigException.class, () -> Config.load(dir, Optional.empty(), Map.of(),
                Map.of("auth.oidc.scopes", "email profile")), "openid is required");
    }
}
