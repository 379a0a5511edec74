package org.signet.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.signet.json.Json;

/**
 * Runs axe-core (4.14.1, vendored gzipped under test resources, 180 KB instead of 650, with its
 * MPL-2.0 licence) in the page a browser shows, with the WCAG 2.0, 2.1 and 2.2 A and AA rules and its
 * best practices, and returns the violations as
 * readable lines naming the rule and the elements, so a failure says what to fix.
 */
public final class Axe {
    /** The WCAG 2.0, 2.1 and 2.2 A and AA rules and axe-core's best practices besides. */
    public static final List<String> WITH_BEST_PRACTICE = List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
            "best-practice");
    private static final String SOURCE = load();

    private Axe() {}

    /** The violations on the current page, best practice included: one line per rule, "rule: help [selector, selector]". */
    public static List<String> violations(WebDriver driver) {
        return violations(driver, WITH_BEST_PRACTICE);
    }

    /** The violations of the rules tagged with any of {@code tags}. */
    @SuppressWarnings("unchecked")
    public static List<String> violations(WebDriver driver, List<String> tags) {
        JavascriptExecutor js = (JavascriptExecutor) driver;
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        if (!Boolean.TRUE.equals(js.executeScript("return typeof window.axe === 'object';"))) {
            js.executeScript(SOURCE);
        }
        Object result = js.executeAsyncScript("var done = arguments[arguments.length - 1];"
                + "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}}).then(function (r) {"
                + "  done(JSON.stringify(r.violations.map(function (v) {"
                + "    return {id: v.id, help: v.help, nodes: v.nodes.map(function (n) { return n.target.join(' '); })};"
                + "  })));"
                + "}, function (e) { done(JSON.stringify([{id: 'axe-error', help: String(e), nodes: []}])); });", tags);
        List<String> out = new ArrayList<>();
        List<Object> parsed;
        try {
            parsed = (List<Object>) Json.parse((String) result);
        } catch (org.signet.json.JsonSyntaxException e) {
            throw new AssertionError("axe answered " + result, e);
        }
        for (Object o : parsed) {
            Map<String, Object> v = (Map<String, Object>) o;
            out.add(v.get("id") + ": " + v.get("help") + " " + v.get("nodes"));
        }
        return out;
    }

    private static String load() {
        try (InputStream packed = Axe.class.getResourceAsStream("/axe/axe.min.js.gz")) {
            if (packed == null) {
                throw new IllegalStateException("axe.min.js.gz is missing from the test resources");
            }
            return new String(new GZIPInputStream(packed).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
