package org.signet.text;

import org.signet.config.Brand;

/**
 * The site's name and logo as every page shows them. They travel in the page's {@link Messages}, beside the words
 * of its language, so that each page, whichever class writes it, names the same site in its title and top bar.
 */
public final class SiteWords {
    /** The key that holds the site's name ({@code site.name}). */
    public static final String NAME = "site.name";
    /** The key that holds where the logo is served, present only when the site has one. */
    public static final String LOGO = "site.logo";
    /** Where the site serves its logo. */
    public static final String LOGO_PATH = "/assets/logo.png";
    /** The stylesheet with the site's accent, which every page links after its own. */
    public static final String STYLESHEET = "/assets/site.css";

    private SiteWords() {
    }

    /** {@code m} with {@code brand}'s name and, when it has one, its logo. */
    public static Messages of(Messages m, Brand brand) {
        Messages named = m.with(NAME, brand.name());
        return brand.hasLogo() ? named.with(LOGO, LOGO_PATH) : named;
    }

    /** The site's name; Signet's for words that were given none. */
    public static String name(Messages m) {
        return m.find(NAME).orElse(Brand.DEFAULT_NAME);
    }

    /**
     * The brand as markup: the logo with the site's name as its text alternative, or else Signet's small
     * mark (decoration only) followed by the name.
     */
    public static Html mark(Messages m) {
        String name = name(m);
        return m.find(LOGO)
                .map(src -> Html.of("<img class=\"brand-logo\" src=\"{}\" alt=\"{}\" />", src, name))
                .orElse(Html.of("<span class=\"brand-mark\" aria-hidden=\"true\"></span>{}", name));
    }
}
