package org.signet.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.StringJoiner;
import java.util.function.ToIntFunction;
import org.signet.domain.Language;
import org.signet.domain.RetentionPolicy;
import org.signet.pdf.fonts.Fonts;

/**
 * Signet's settings, resolved once at start from (lowest to highest) built-in defaults, the
 * properties file, {@code SIGNET_*} environment variables and command-line flags.
 */
public final class Config {
    /** Where a value came from, so the start-up log can say why a setting has its value. */
    public enum Source { DEFAULT, FILE, ENVIRONMENT, FLAG }

    private record Value(String text, Source source) {}

    private final Path dataDir;
    private final Map<String, Value> values;
    private final List<String> warnings;
    private final Brand brand;

    private Config(Path dataDir, Map<String, Value> values, List<String> warnings, Brand brand) {
        this.dataDir = dataDir;
        this.values = Map.copyOf(values);
        this.warnings = List.copyOf(warnings);
        this.brand = brand;
    }

    /** The settings resolved, the site's logo read and its accent checked: the brand is made once, at start. */
    private static Config of(Path dataDir, Map<String, Value> values, List<String> warnings) throws ConfigException {
        Brand brand = SiteBrand.read(dataDir, values.get("site.name").text().trim(),
                values.get("site.logo").text().trim(), values.get("site.accent").text().trim());
        return new Config(dataDir, values, warnings, brand);
    }

    /**
     * Resolves every setting. {@code configFile} replaces {@code <dataDir>/signet.properties}
     * when present; a missing default file is fine, a missing named file is not.
     */
    public static Config load(Path dataDir, Optional<Path> configFile, Map<String, String> environment,
            Map<String, String> flags) throws ConfigException {
        Map<String, Value> values = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (Setting s : Setting.ALL) {
            values.put(s.key(), new Value(s.defaultValue(), Source.DEFAULT));
        }
        Path file = configFile.orElse(dataDir.resolve("signet.properties"));
        if (configFile.isPresent() || Files.exists(file)) {
            readFile(file, warnings).forEach((k, v) -> values.put(k, new Value(v, Source.FILE)));
        }
        Setting.RENAMED.forEach((old, now) -> {
            String env = environment.get(Setting.environmentName(old));
            if (env != null) {
                warnings.add(renamed(Setting.environmentName(old), Setting.environmentName(now), "the environment"));
                values.put(now, new Value(env, Source.ENVIRONMENT)); // the new name, read next, wins
            }
        });
        for (Setting s : Setting.ALL) {
            String env = environment.get(s.environmentName());
            if (env != null) {
                values.put(s.key(), new Value(env, Source.ENVIRONMENT));
            }
        }
        for (Map.Entry<String, String> f : flags.entrySet()) {
            String key = currentName(f.getKey(), "the command line", warnings);
            requireKnown(key, "command line");
            if (key.equals(f.getKey()) || !flags.containsKey(key)) {
                values.put(key, new Value(f.getValue(), Source.FLAG));
            }
        }
        validate(values);
        return of(dataDir.toAbsolutePath().normalize(), values, warnings);
    }

    /** A copy with one setting overridden, as a flag would; used by the demo and by tests. */
    public Config with(String key, String value) throws ConfigException {
        List<String> more = new ArrayList<>(warnings);
        String current = currentName(key, "an override", more);
        requireKnown(current, "override");
        Map<String, Value> copy = new LinkedHashMap<>(values);
        copy.put(current, new Value(value, Source.FLAG));
        validate(copy);
        return of(dataDir, copy, more);
    }

    /** What to tell the operator at start: settings given under a name that has since changed. */
    public List<String> warnings() {
        return warnings;
    }

    /** The key {@code key} is now read as, with a warning recorded when it was renamed. */
    private static String currentName(String key, String where, List<String> warnings) {
        String now = Setting.RENAMED.get(key);
        if (now == null) {
            return key;
        }
        warnings.add(renamed(key, now, where));
        return now;
    }

    private static String renamed(String old, String now, String where) {
        return old + " (in " + where + ") is now called " + now + "; its value is used as " + now
                + " until it is renamed";
    }

    private static Map<String, String> readFile(Path file, List<String> warnings) throws ConfigException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new ConfigException("cannot read configuration file " + file + ": " + e.getMessage());
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) {
            String key = currentName(k, file.toString(), warnings);
            requireKnown(key, file.toString());
            if (key.equals(k) || !p.containsKey(key)) {
                out.put(key, p.getProperty(k).trim());
            }
        }
        return out;
    }

    private static void requireKnown(String key, String where) throws ConfigException {
        if (setting(key).isEmpty()) {
            throw new ConfigException("unknown configuration key '" + key + "' in " + where);
        }
    }

    private static Optional<Setting> setting(String key) {
        return Setting.ALL.stream().filter(s -> s.key().equals(key)).findFirst();
    }

    private static void validate(Map<String, Value> values) throws ConfigException {
        for (Setting s : Setting.ALL) {
            Value v = values.get(s.key());
            if (!s.valid().test(v.text().trim())) {
                String shown = s.secret() ? "****" : "'" + s.shown(v.text()) + "'";
                throw new ConfigException("invalid value " + shown + " for " + s.key() + " (from "
                        + describeSource(s, v.source()) + "): expected " + s.expected());
            }
        }
        requireFramableSite(values);
        requireSignInMethod(values);
        requireRetentionAboveMinimum(values);
    }

    /**
     * Single sign-on needs its client's id; and a site without passwords needs single sign-on, or nobody could
     * sign in to its administrator pages.
     */
    private static void requireSignInMethod(Map<String, Value> values) throws ConfigException {
        boolean sso = !values.get("auth.oidc.issuer").text().isBlank();
        if (sso && values.get("auth.oidc.client_id").text().isBlank()) {
            throw new ConfigException("auth.oidc.issuer needs auth.oidc.client_id: the provider knows Signet by it");
        }
        if (!sso && values.get("auth.passwords").text().trim().equalsIgnoreCase("false")) {
            throw new ConfigException("auth.passwords=false needs single sign-on (auth.oidc.issuer): without "
                    + "passwords and without a provider nobody could sign in to the administrator pages");
        }
    }

    /** A period the site keeps documents for may not be shorter than the legal minimum it sets itself. */
    private static void requireRetentionAboveMinimum(Map<String, Value> values) throws ConfigException {
        RetentionPolicy policy = retention(key -> Integer.parseInt(values.get(key).text().trim()));
        Optional<Map.Entry<String, Integer>> below = policy.belowMinimum().entrySet().stream().findFirst();
        if (below.isPresent()) {
            throw new ConfigException(below.get().getKey() + " is " + below.get().getValue() + " days, below "
                    + "retention.minimum_days (" + policy.minimumDays() + "): keep documents at least the minimum, "
                    + "or 0 for ever");
        }
    }

    private static RetentionPolicy retention(ToIntFunction<String> days) {
        return new RetentionPolicy(days.applyAsInt("retention.completed_days"),
                days.applyAsInt("retention.declined_days"), days.applyAsInt("retention.expired_days"),
                days.applyAsInt("retention.draft_days"), days.applyAsInt("retention.minimum_days"));
    }

    /** How long documents are kept, by the status they ended in (see README.md, Your data). */
    public RetentionPolicy retention() {
        return retention(this::integer);
    }

    /**
     * Framed by another site, a gate's cookie must be {@code SameSite=None}, which browsers keep only when
     * {@code Secure}, which they keep only on https or a loopback host: elsewhere every gate would fail.
     */
    private static void requireFramableSite(Map<String, Value> values) throws ConfigException {
        String site = values.get("site.url").text().trim();
        if (!values.get("embed.origins").text().isBlank() && !site.isEmpty() && !EmbedOrigins.framableSite(site)) {
            throw new ConfigException("embed.origins needs site.url on https (or http on a loopback host), not '"
                    + site + "': a framed page's PIN and login need Secure cookies");
        }
    }

    private static String describeSource(Setting s, Source source) {
        return switch (source) {
            case DEFAULT -> "the built-in default";
            case FILE -> "the configuration file";
            case ENVIRONMENT -> s.environmentName();
            case FLAG -> "the command line";
        };
    }

    public Path dataDir() {
        return dataDir;
    }

    public String string(String key) {
        Value v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("unknown configuration key " + key);
        }
        return v.text().trim();
    }

    public int integer(String key) {
        return Integer.parseInt(string(key));
    }

    public long longValue(String key) {
        return Long.parseLong(string(key));
    }

    /** A comma-separated setting's entries, trimmed; empty when the setting is. */
    public List<String> list(String key) {
        return Arrays.stream(string(key).split(",")).map(String::trim).filter(e -> !e.isEmpty()).toList();
    }

    public boolean bool(String key) {
        return Boolean.parseBoolean(string(key).toLowerCase(Locale.ROOT));
    }

    public ZoneId zone() {
        return ZoneId.of(string("timezone"));
    }

    /** The language of signers who have none of their own, and of every email to a document's owner. */
    public Language siteLanguage() {
        return Language.fromCode(string("site.language")).orElseThrow();
    }

    public Source source(String key) {
        return values.get(key).source();
    }

    /** The public address used in links; by default derived from the port actually bound, https with TLS. */
    public String siteUrl(int boundPort) {
        String configured = string("site.url");
        return configured.isEmpty() ? (tls() ? "https" : "http") + "://localhost:" + boundPort : configured;
    }

    /** Whether Signet itself serves TLS ({@code server.tls.keystore} is set). */
    public boolean tls() {
        return !string("server.tls.keystore").isEmpty();
    }

    /** Whether the site is reached over https, by Signet's own TLS or a proxy's: cookies are then Secure. */
    public boolean httpsSite() {
        String configured = string("site.url");
        return configured.isEmpty() ? tls() : configured.startsWith("https:");
    }

    /** The origins that may frame the signer's pages, as browsers write them; empty when none may. */
    public List<String> embedOrigins() {
        return EmbedOrigins.parse(string("embed.origins"));
    }

    /** The site's own name, logo and accent colour, which pages, emails and certificates show. */
    public Brand brand() {
        return brand;
    }

    /** Where the fonts for the sealed PDF are looked for, besides those in the jar. */
    public List<Path> fontFolders() {
        return Fonts.folders(string("pdf.font_dirs"));
    }

    /** The REST base path, e.g. {@code /wp-json/wpsigner/v1}. */
    public String restBase() {
        return "/" + string("rest.prefix") + "/" + string("rest.namespace") + "/v1";
    }

    /** Every setting on one line each, secrets masked, for the start-up log. */
    public String describe() {
        StringJoiner out = new StringJoiner("\n");
        for (Setting s : Setting.ALL) {
            Value v = values.get(s.key());
            String shown = s.shown(v.text());
            out.add("  " + s.key() + " = " + shown + " (" + v.source().name().toLowerCase(Locale.ROOT) + ")");
        }
        return out.toString();
    }
}
