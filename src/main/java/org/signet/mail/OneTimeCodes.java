package org.signet.mail;

import java.util.Optional;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One-time codes in queued mail: like a signing link, a code is a credential, so a message is queued
 * with a placeholder naming the code's ticket and the code is put in only as the message is handed to
 * the mail server. The database keeps no more than the code's digest.
 */
public final class OneTimeCodes {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\[\\[one-time-code:(\\d{1,19})]]");

    private OneTimeCodes() {}

    /** What a template's {@code code} variable holds until delivery. */
    public static String placeholder(long ticket) {
        return "[[one-time-code:" + ticket + "]]";
    }

    /**
     * The text with every placeholder replaced by its code; {@code codes} answers empty for a code that
     * has expired, been replaced or used, or was lost with a restart, and then the message cannot go out:
     * the signer asks for a new one.
     */
    static String fill(String text, LongFunction<Optional<String>> codes) throws MailDeliveryException {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String code = codes.apply(Long.parseLong(m.group(1))).orElseThrow(() -> new MailDeliveryException(
                    "Not sent: the code it carries has expired or been replaced", true, null));
            m.appendReplacement(out, Matcher.quoteReplacement(code));
        }
        m.appendTail(out);
        return out.toString();
    }
}
