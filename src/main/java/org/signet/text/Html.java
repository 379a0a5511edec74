package org.signet.text;

/** HTML escaping shared by the email templates and the signer's pages. */
public final class Html {
    private Html() {}

    /**
     * Escapes text for element content and double- or single-quoted attribute values. Null
     * becomes the empty string so that an absent optional value never prints "null"; control
     * characters other than tab and line breaks (not allowed in XML 1.0) become spaces.
     */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? ' ' : c);
            }
        }
        return out.toString();
    }
}
