package org.signet.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium driven through Debian's chromedriver, for the signer's page tests.
 * One per test class keeps the suite fast; {@link #reset} gives each test a clean start.
 */
public final class Browser implements AutoCloseable {
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Duration WAIT = Duration.ofSeconds(15);
    /** Pages run no script at all, as with JavaScript turned off in the browser's settings. */
    public static final String NO_SCRIPT = "--blink-settings=scriptEnabled=false";

    private final Path profile;
    private final ChromeDriverService service;
    private final ChromeDriver driver;

    private Browser(Path profile, ChromeDriverService service, ChromeDriver driver) {
        this.profile = profile;
        this.service = service;
        this.driver = driver;
    }

    /**
     * Starts Chromium, or skips the calling test class when this machine has no chromedriver.
     * {@code extraArguments} go on Chromium's command line, e.g. {@link #NO_SCRIPT}.
     */
    public static Browser start(String... extraArguments) throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMEDRIVER), "no " + CHROMEDRIVER + ": browser tests skipped");
        Path profile = Files.createTempDirectory("signet-chromium-");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString())).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toString());
        // The machine may have no network and no name service: every flag here keeps Chromium
        // from reaching out, and localhost is mapped by hand because it may not resolve.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--no-first-run",
                "--disable-extensions", "--disable-sync", "--host-resolver-rules=MAP localhost 127.0.0.1",
                "--user-data-dir=" + profile);
        options.addArguments(extraArguments);
        // The page's console, so tests can require that a page logs no error.
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        try {
            return new Browser(profile, service, new ChromeDriver(service, options));
        } catch (RuntimeException e) {
            service.stop();
            deleteTree(profile);
            throw e;
        }
    }

    public WebDriver driver() {
        return driver;
    }

    /** Forgets cookies and leaves the current page, then sets the window to {@code width} x {@code height}. */
    public void reset(int width, int height) {
        driver.get("about:blank");
        // WebDriver's own cookie deletion covers only the current page's site; this covers all.
        driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
        driver.manage().window().setSize(new Dimension(width, height));
    }

    public void open(String url) {
        driver.get(url);
    }

    /** The element once it is displayed, or a timeout naming what was awaited. */
    public WebElement visible(By by) {
        return await().until(ExpectedConditions.visibilityOfElementLocated(by));
    }

    /** The element once it can be clicked (displayed and enabled). */
    public WebElement clickable(By by) {
        return await().until(ExpectedConditions.elementToBeClickable(by));
    }

    public void click(By by) {
        clickable(by).click();
    }

    public <T> T until(Function<WebDriver, T> condition) {
        return await().until(condition);
    }

    public WebDriverWait await() {
        WebDriverWait wait = new WebDriverWait(driver, WAIT, Duration.ofMillis(50));
        wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return wait;
    }

    public List<WebElement> all(By by) {
        return driver.findElements(by);
    }

    public boolean present(By by) {
        return !driver.findElements(by).isEmpty();
    }

    public Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /**
     * The console errors the pages logged since the last call (reading empties the log): script
     * errors, CSP violations, resources that failed to load.
     */
    public List<String> consoleErrors() {
        return driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                .map(e -> e.getMessage()).toList();
    }

    /** Saves what the window shows now as a PNG at {@code file}, and the page's markup beside it. */
    public void snapshot(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        Files.writeString(file.resolveSibling(file.getFileName() + ".html"), driver.getPageSource());
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
            deleteTree(profile);
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
