package org.signet.web;

import org.signet.config.Palette;

/**
 * The stylesheet that gives the pages the site's accent ({@code site.accent}): custom properties on the root,
 * served as {@code /assets/site.css} after each page's own stylesheet, so the colour reaches every page without
 * an inline style the pages' Content-Security-Policy would refuse.
 */
final class SiteStyle {
    private SiteStyle() {
    }

    /** The custom properties for {@code palette}; Signet's own accent gives exactly the values of look.css. */
    static String css(Palette palette) {
        return "/* The site's accent (site.accent) and the shades drawn from it; white text on --primary. */\n"
                + ":root {\n"
                + property("accent", palette.accent().hex())
                + property("primary", palette.accent().hex())
                + property("primary-hover", palette.hover().hex())
                + property("primary-soft", palette.soft().hex())
                + property("primary-ink", palette.ink().hex())
                + property("brand-ink", palette.brandInk().hex())
                + property("focus", palette.focus().hex())
                + "}\n";
    }

    private static String property(String name, String value) {
        return "  --" + name + ": " + value + ";\n";
    }
}
