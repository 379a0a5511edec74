package org.signet.mail;

import java.util.Optional;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Signing links in queued mail: a message is stored with a placeholder naming the signer, and
 * the link, whose token is a credential, is put in only as the message is handed to the mail server.
 * So the queue in the database never holds a token.
 */
public final class SigningLinks {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\[\\[signing-link:(\\d{1,18})]]");

    private SigningLinks() {}

    /**
     * A signer's link as it is now, for a message to {@code recipient}: empty when the signer no longer
     * exists or is no longer that recipient (their place was handed over to someone else), so a message
     * queued for the old person never carries the new person's link.
     */
    @FunctionalInterface
    public interface Resolver {
        Optional<String> link(long signerId, String recipient);
    }

    /** What a template's {@code link} variable holds for this signer until delivery. */
    public static String placeholder(long signerId) {
        return "[[signing-link:" + signerId + "]]";
    }

    /**
     * The text with every placeholder replaced by its signer's link; {@code links} answers empty for a
     * signer that no longer exists (or is no longer the message's recipient), and then the message cannot go out.
     */
    static String fill(String text, LongFunction<Optional<String>> links) throws MailDeliveryException {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            long signer = Long.parseLong(m.group(1));
            String link = links.apply(signer).orElseThrow(() -> new MailDeliveryException(
                    "Not sent: the signing link of signer " + signer + " no longer exists for this recipient",
                    true, null));
            m.appendReplacement(out, Matcher.quoteReplacement(link));
        }
        m.appendTail(out);
        return out.toString();
    }
}
