package org.signet.config;

import java.net.URI;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.signet.domain.Language;
import org.signet.pdf.fonts.Fonts;

/** One known configuration key: its default, what values it accepts, and whether it is secret. */
record Setting(String key, String defaultValue, String expected, Predicate<String> valid, boolean secret) {

    /** Every key Signet reads. An unknown key in a properties file is an error, not a silent typo. */
    static final List<Setting> ALL = List.of(
            new Setting("server.host", "127.0.0.1", "a host name or address", s -> !s.isBlank(), false),
            new Setting("server.port", "8080", "a port number 0..65535", s -> intIn(s, 0, 65535), false),
            new Setting("server.connections", "1024", "an integer 16..20000", s -> intIn(s, 16, 20_000), false),
            new Setting("server.connections_per_ip", "128", "an integer 1..20000", s -> intIn(s, 1, 20_000), false),
            new Setting("server.header_timeout_seconds", "10", "an integer 1..600", s -> intIn(s, 1, 600), false),
            new Setting("server.min_transfer_rate", "2048", "bytes per second 0..100000000",
                    s -> intIn(s, 0, 100_000_000), false),
            new Setting("server.tls.keystore", "", "a path to a PKCS#12 file", s -> true, false),
            new Setting("server.tls.password", "", "a password", s -> true, true),
            new Setting("server.http_redirect_port", "", "empty, or a port number 0..65535",
                    s -> s.isEmpty() || intIn(s, 0, 65535), false),
            new Setting("server.acme_webroot", "", "a folder", s -> s.chars().noneMatch(Character::isISOControl), false),
            new Setting("site.url", "", "an http(s) URL without a trailing path", Setting::siteUrl, false),
            new Setting("site.name", Brand.DEFAULT_NAME, "1 to " + SiteBrand.MAX_NAME + " characters, without control "
                    + "characters or braces", SiteBrand::validName, false),
            new Setting("site.logo", "", "empty, or the path of a PNG file of at most " + SiteBrand.MAX_LOGO_KB
                    + " KB inside the data folder", s -> s.chars().noneMatch(Character::isISOControl), false),
            new Setting("site.accent", Palette.DEFAULT_ACCENT.hex(), "a colour #rrggbb",
                    s -> Colour.parse(s).isPresent(), false),
            new Setting("embed.origins", "", "a comma-separated list of origins scheme://host[:port], https or, on a "
                    + "loopback host, http", EmbedOrigins::valid, false),
            new Setting("rest.prefix", "wp-json", "letters, digits, '-' or '_'", Setting::segment, false),
            new Setting("rest.namespace", "wpsigner", "letters, digits, '-' or '_'", Setting::segment, false),
            new Setting("timezone", "UTC", "a time-zone id such as UTC or Europe/Berlin", Setting::zone, false),
            new Setting("site.language", "en", "a language code: " + Language.choices(),
                    s -> Language.fromCode(s.trim()).isPresent(), false),
            new Setting("smtp.host", "", "a host name", s -> true, false),
            new Setting("smtp.port", "587", "a port number 1..65535", s -> intIn(s, 1, 65535), false),
            new Setting("smtp.username", "", "a user name", s -> true, false),
            new Setting("smtp.password", "", "a password", s -> true, true),
            new Setting("smtp.starttls", "true", "true or false", Setting::bool, false),
            new Setting("smtp.from", "Signet <signet@localhost>", "an email address", s -> s.contains("@"), false),
            new Setting("upload.max_bytes", "26214400", "a byte count 1024..2147483647",
                    s -> longIn(s, 1024, Integer.MAX_VALUE), false),
            new Setting("storage.min_free_mb", "100", "megabytes 0..10000000", s -> longIn(s, 0, 10_000_000), false),
            new Setting("ratelimit.ip_per_minute", "100", "an integer 1..1000000", s -> intIn(s, 1, 1_000_000), false),
            new Setting("ratelimit.key_per_hour", "1000", "an integer 1..100000000",
                    s -> intIn(s, 1, 100_000_000), false),
            new Setting("idempotency.max_mb_per_key", "64", "an integer 1..100000 (MiB)", s -> intIn(s, 1, 100_000), false),
            new Setting("mail.retention_days", "30", "an integer 1..3650", s -> intIn(s, 1, 3650), false),
            new Setting("site.allow_delegation", "false", "true or false", Setting::bool, false),
            new Setting("public_links.per_link_per_day", "100", "an integer 1..1000000", s -> intIn(s, 1, 1_000_000),
                    false),
            new Setting("public_links.per_address_per_day", "3", "an integer 1..1000", s -> intIn(s, 1, 1000), false),
            new Setting("public_links.per_day", "500", "an integer 1..10000000", s -> intIn(s, 1, 10_000_000), false),
            new Setting("webhooks.allow_private", "false", "true or false", Setting::bool, false),
            new Setting("auth.require_second_factor", "false", "true or false", Setting::bool, false),
            new Setting("backup.dir", "", "a folder for the backups Signet takes itself",
                    s -> s.chars().noneMatch(Character::isISOControl), false),
            new Setting("backup.every_hours", "0", "an integer 0..8760 (0: Signet takes no backups itself)",
                    s -> intIn(s, 0, 8760), false),
            new Setting("backup.keep", "24", "an integer 1..100000", s -> intIn(s, 1, 100_000), false),
            new Setting("db.readers", "16", "an integer 2..256", s -> intIn(s, 2, 256), false),
            new Setting("db.url", "", "empty (the SQLite file in the data folder) or "
                    + DatabaseUrl.postgresql("host:port/name"), DatabaseUrl::acceptable, false),
            new Setting("db.user", "", "a PostgreSQL user name", s -> s.chars().noneMatch(Character::isISOControl), false),
            new Setting("db.password", "", "a password", s -> true, true),
            new Setting("db.synchronous", "FULL", "OFF, NORMAL, FULL or EXTRA",
                    s -> Set.of("OFF", "NORMAL", "FULL", "EXTRA").contains(s.toUpperCase(Locale.ROOT)), false),
            new Setting("trusted_proxies", "", "a comma-separated list of IP addresses or CIDR ranges",
                    Setting::proxies, false),
            new Setting("metrics.token", "", "empty, or 32 to 256 printable ASCII characters without spaces",
                    Setting::token, true),
            new Setting("log.format", "text", "text or json", s -> s.equals("text") || s.equals("json"), false),
            new Setting("pdf.font_dirs", Fonts.DEFAULT_FOLDERS, "a comma-separated list of folders",
                    s -> s.chars().noneMatch(Character::isISOControl), false),
            new Setting("signing.p12", "", "a path to a PKCS#12 file", s -> true, false),
            new Setting("signing.password", "", "a password", s -> true, true),
            new Setting("signing.tsa_urls", "", "comma-separated http(s) URLs of RFC 3161 time-stamp authorities",
                    Setting::urls, false),
            new Setting("signing.renew_days", "90", "an integer 1..3650", s -> intIn(s, 1, 3650), false),
            new Setting("auth.passwords", "true", "true or false", Setting::bool, false),
            new Setting("auth.oidc.issuer", "", "empty, or the OpenID provider's issuer: an https URL (http on a "
                    + "loopback host) without query or fragment", Setting::issuer, false),
            new Setting("auth.oidc.client_id", "", "the client id the provider gave Signet",
                    s -> s.chars().noneMatch(Character::isISOControl), false),
            new Setting("auth.oidc.client_secret", "", "the client secret the provider gave Signet", s -> true, true),
            new Setting("auth.oidc.label", "Single sign-on", "1 to 60 characters without control characters",
                    s -> !s.isBlank() && s.length() <= 60 && s.chars().noneMatch(Character::isISOControl), false),
            new Setting("auth.oidc.scopes", "openid email profile", "scopes separated by spaces, openid among them",
                    s -> s.matches("[\\x21\\x23-\\x5b\\x5d-\\x7e ]+") && List.of(s.trim().split(" +")).contains("openid"),
                    false),
            new Setting("auth.oidc.create_users", "false", "true or false", Setting::bool, false),
            new Setting("auth.oidc.admin_group", "", "empty, or a value of the provider's groups claim",
                    s -> s.chars().noneMatch(Character::isISOControl), false),
            retention("completed"), retention("declined"), retention("expired"), retention("draft"),
            new Setting("retention.minimum_days", "0", "days 0..36500 (0: no legal minimum)",
                    s -> intIn(s, 0, 36_500), false));

    /**
     * Keys renamed since they were first read, old name to new: the old name (and its environment variable) is
     * still read, with a warning at start naming the new one. {@code server.threads} sized the database's
     * readers, not the HTTP workers its name suggested.
     */
    static final Map<String, String> RENAMED = Map.of("server.threads", "db.readers");

    /** A password in a URL's user information ({@code https://user:password@host}). */
    private static final Pattern URL_PASSWORD =
            Pattern.compile("(://[^/@:\\s,]*:)[^@/\\s,]*@");

    /** A password given as a URL parameter ({@code jdbc:postgresql://host/db?password=...}). */
    private static final Pattern PASSWORD_PARAMETER =
            Pattern.compile("([?&]password=)[^&\\s]*", Pattern.CASE_INSENSITIVE);

    /** The environment variable that sets this key: SIGNET_ + upper case, dots as underscores. */
    String environmentName() {
        return environmentName(key);
    }

    /** The environment variable that sets {@code key}: SIGNET_ + upper case, dots as underscores. */
    static String environmentName(String key) {
        return "SIGNET_" + key.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    /** The value as it may be logged: a secret masked, and so is any password inside a URL. */
    String shown(String text) {
        if (secret) {
            return text.isEmpty() ? text : "****";
        }
        String masked = URL_PASSWORD.matcher(text).replaceAll("$1****@");
        return PASSWORD_PARAMETER.matcher(masked).replaceAll("$1****");
    }

    /** How many days documents that ended {@code status} are kept; 0, the default, keeps them for ever. */
    private static Setting retention(String status) {
        return new Setting("retention." + status + "_days", "0", "days 0..36500 (0: kept for ever)",
                s -> intIn(s, 0, 36_500), false);
    }

    static boolean intIn(String s, int min, int max) {
        return longIn(s, min, max);
    }

    static boolean longIn(String s, long min, long max) {
        try {
            long v = Long.parseLong(s.trim());
            return v >= min && v <= max;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean bool(String s) {
        return s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false");
    }

    /** Long enough that guessing it is hopeless, so the endpoint it opens needs no rate limit. */
    private static boolean token(String s) {
        return s.isEmpty() || s.length() >= 32 && s.length() <= 256 && s.chars().allMatch(c -> c > 0x20 && c < 0x7f);
    }

    /** The provider's issuer: https, or http only on a loopback host, where nothing crosses a network. */
    private static boolean issuer(String s) {
        if (s.isEmpty()) {
            return true;
        }
        try {
            URI u = new URI(s);
            boolean loopback = "localhost".equals(u.getHost()) || "127.0.0.1".equals(u.getHost());
            return u.getHost() != null && u.getRawQuery() == null && u.getRawFragment() == null
                    && ("https".equals(u.getScheme()) || "http".equals(u.getScheme()) && loopback);
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    private static boolean segment(String s) {
        return s.matches("[A-Za-z0-9_-]+");
    }

    private static boolean zone(String s) {
        try {
            ZoneId.of(s);
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    private static boolean siteUrl(String s) {
        if (s.isEmpty()) {
            return true;
        }
        try {
            URI u = new URI(s);
            return ("http".equals(u.getScheme()) || "https".equals(u.getScheme())) && u.getHost() != null
                    && u.getQuery() == null && !s.endsWith("/");
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean urls(String s) {
        for (String part : s.split(",", -1)) {
            if (part.isBlank() && !s.isBlank()) {
                return false;
            }
            if (!part.isBlank() && !httpUrl(part.trim())) {
                return false;
            }
        }
        return true;
    }

    private static boolean httpUrl(String s) {
        try {
            URI u = new URI(s);
            return ("http".equals(u.getScheme()) || "https".equals(u.getScheme())) && u.getHost() != null
                    && u.getFragment() == null;
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean proxies(String s) {
        try {
            IpRanges.parse(s);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
