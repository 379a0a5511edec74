package org.signet.service;

import java.util.Map;
import org.signet.error.Refusal;
import org.signet.text.TypedText;

/**
 * The sender's message given with a send: text over lines, held to the text rule, at most {@link #MAX}
 * characters, because it goes into every invitation and reminder of that send.
 */
public final class SendMessage {
    /** The longest message a send takes. */
    public static final int MAX = 2000;

    private SendMessage() {}

    /** The message as it is kept, null when none or blank was given; 400 naming {@code message} otherwise. */
    public static String checked(String message) {
        if (message == null || message.isBlank()) {
            return null;
        }
        TypedText.Checked checked = TypedText.check(message, TypedText.Shape.LINES);
        if (!checked.ok()) {
            throw Refusal.invalidParams(Map.of("message", checked.message("message")),
                    Map.of("message", checked.problem().code()));
        }
        String kept = checked.text().strip();
        if (kept.length() > MAX) {
            throw Refusal.invalidParam("message", "message must be at most " + MAX + " characters.");
        }
        return kept;
    }
}
