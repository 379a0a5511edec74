package org.signet.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.signet.support.TestFiles;

class SiteBrandTest {
    @TempDir
    Path dir;

    private Config load(Map<String, String> flags) throws ConfigException {
        return Config.load(dir, Optional.empty(), Map.of(), flags);
    }

    private ConfigException refused(Map<String, String> flags) {
        return assertThrows(ConfigException.class, () -> load(flags));
    }

    @Test
    void load_nothingSet_isSignetsOwnNameAndBlueWithoutLogo() throws Exception {
        Brand brand = load(Map.of()).brand();

        assertEquals(Brand.DEFAULT, brand);
        assertEquals("Signet", brand.name());
        assertEquals("#1d4ed8", brand.accent().hex());
        assertFalse(brand.hasLogo());
    }

    @Test
    void load_nameFromEnvironmentOrFlag_isTheBrandsName() throws Exception {
        Config c = Config.load(dir, Optional.empty(), Map.of("SIGNET_SITE_NAME", "Société Générale – Sign"), Map.of());
        assertEquals("Société Générale – Sign", c.brand().name());
        assertEquals(Config.Source.ENVIRONMENT, c.source("site.name"));
        assertEquals("Acme", load(Map.of("site.name", "  Acme ")).brand().name());
        assertEquals("x".repeat(80), load(Map.of("site.name", "x".repeat(80))).brand().name());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "Acme\u0007Sign", "Acme\nSign", "Acme\u202eSign", "Acme {{link}}", "Acme\u2028"})
    void load_nameBlankOrWithControlsBidiMarksOrBraces_refusedNamingTheSetting(String name) {
        ConfigException e = refused(Map.of("site.name", name));

        assertTrue(e.getMessage().contains("for site.name"), e.getMessage());
        assertTrue(e.getMessage().contains("without control characters or braces"), e.getMessage());
    }

    @Test
    void load_nameOverEightyCharacters_refused() {
        assertTrue(refused(Map.of("site.name", "é".repeat(81))).getMessage().contains("site.name"));
    }

    @Test
    void load_pngLogoInTheDataFolder_readAtStart() throws Exception {
        byte[] png = TestFiles.png(120, 40);
        Files.createDirectories(dir.resolve("brand"));
        Files.write(dir.resolve("brand/logo.png"), png);

        Brand brand = load(Map.of("site.logo", "brand/logo.png")).brand();

        assertTrue(brand.hasLogo());
        assertArrayEquals(png, brand.logo().orElseThrow());
        Files.write(dir.resolve("brand/logo.png"), TestFiles.jpeg(10, 10));
        assertArrayEquals(png, brand.logo().orElseThrow(), "read once, at start");
    }

    @Test
    void load_logoMissing_refusedNamingTheSettingAndTheFile() {
        ConfigException e = refused(Map.of("site.logo", "logo.png"));

        assertTrue(e.getMessage().startsWith("site.logo "), e.getMessage());
        assertTrue(e.getMessage().contains(dir.resolve("logo.png").toAbsolutePath().normalize() + " does not exist"),
                e.getMessage());
    }

    @Test
    void load_logoNotAPng_refused() throws Exception {
        Files.write(dir.resolve("logo.png"), TestFiles.jpeg(20, 20));

        assertTrue(refused(Map.of("site.logo", "logo.png")).getMessage().endsWith("is not a PNG image"));
        Files.write(dir.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        assertTrue(refused(Map.of("site.logo", "logo.png")).getMessage().endsWith("is not a PNG image"),
                "a signature alone is no image");
    }

    @Test
    void load_logoOverHalfAMegabyte_refused() throws Exception {
        byte[] big = TestFiles.noisePng(500, 400);
        assertTrue(big.length > 512 * 1024, "the test file is too small: " + big.length);
        Files.write(dir.resolve("logo.png"), big);

        ConfigException e = refused(Map.of("site.logo", "logo.png"));

        assertTrue(e.getMessage().startsWith("site.logo "), e.getMessage());
        assertTrue(e.getMessage().endsWith("is larger than 512 KB"), e.getMessage());
    }

    @Test
    void load_logoClaimingAHugeImage_refused() throws Exception {
        Files.write(dir.resolve("logo.png"), TestFiles.pngHeaderClaiming(100_000, 20));

        assertTrue(refused(Map.of("site.logo", "logo.png")).getMessage().contains("is 100000x20 pixels"));
    }

    @Test
    void load_logoOutsideTheDataFolderOrAFolder_refused(@TempDir Path elsewhere) throws Exception {
        Files.write(elsewhere.resolve("logo.png"), TestFiles.png(10, 10));
        Path data = Files.createDirectory(dir.resolve("data"));
        Files.write(dir.resolve("logo.png"), TestFiles.png(10, 10));

        for (String path : new String[] {"../logo.png", elsewhere.resolve("logo.png").toString()}) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> Config.load(data, Optional.empty(), Map.of(), Map.of("site.logo", path)));
            assertTrue(e.getMessage().contains("is outside the data folder"), e.getMessage());
        }
        Files.createDirectory(data.resolve("logo"));
        ConfigException e = assertThrows(ConfigException.class,
                () -> Config.load(data, Optional.empty(), Map.of(), Map.of("site.logo", "logo")));
        assertTrue(e.getMessage().endsWith("is not a file"), e.getMessage());
    }

    @Test
    void load_accentWithContrastOfAtLeastFourAndAHalf_isTheBrandsAccent() throws Exception {
        assertEquals("#0f766e", load(Map.of("site.accent", "#0F766E")).brand().accent().hex());
        assertEquals("#767676", load(Map.of("site.accent", "#767676")).brand().accent().hex(), "4.54:1");
    }

    @Test
    void load_accentTooLightForWhiteText_refusedWithItsRatio() {
        ConfigException e = refused(Map.of("site.accent", "#777777"));

        assertEquals("site.accent #777777 has a contrast of 4.47:1 against white; the white text on buttons needs"
                + " at least 4.5:1, so choose a darker colour", e.getMessage());
        assertTrue(refused(Map.of("site.accent", "#7dd3fc")).getMessage().contains("contrast of 1.66:1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"blue", "#12345", "#1234567", "1d4ed8", "#gggggg", ""})
    void load_accentNotAColour_refusedNamingTheSetting(String accent) {
        ConfigException e = refused(Map.of("site.accent", accent));

        assertTrue(e.getMessage().contains("for site.accent"), e.getMessage());
        assertTrue(e.getMessage().endsWith("expected a colour #rrggbb"), e.getMessage());
    }

    @Test
    void ratio_cutNotRounded() {
        assertEquals("4.49:1", SiteBrand.ratio(4.4999));
        assertEquals("21.00:1", SiteBrand.ratio(21));
    }
}
