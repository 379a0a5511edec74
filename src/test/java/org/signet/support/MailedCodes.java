package org.signet.support;

import com.icegreen.greenmail.util.GreenMail;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one-time codes a running Signet mailed, read back from the test's SMTP server: a code mail's
 * plain text has the code on a line of its own, indented, which no other message has.
 */
public final class MailedCodes {
    private static final Pattern CODE_LINE = Pattern.compile("(?m)^ {4}(\\d{6})\\s*$");

    private MailedCodes() {}

    /** The code mails delivered to {@code email} so far, oldest first. */
    public static List<MimeMessage> mails(GreenMail mail, String email) {
        return Arrays.stream(mail.getReceivedMessages())
                .filter(m -> SentMail.recipient(m).equalsIgnoreCase(email) && code(m) != null).toList();
    }

    /** The code of the {@code n}th (from 1) code mail to {@code email}, once it has arrived. */
    public static String nth(GreenMail mail, String email, int n) {
        Waits.awaitUntil(() -> mails(mail, email).size() >= n, n + " code mail(s) to " + email);
        return code(mails(mail, email).get(n - 1));
    }

    /** The newest code mailed to {@code email}, once there is one. */
    public static String latest(GreenMail mail, String email) {
        Waits.awaitUntil(() -> !mails(mail, email).isEmpty(), "a code mail to " + email);
        List<MimeMessage> all = mails(mail, email);
        return code(all.get(all.size() - 1));
    }

    /** The plain and HTML bodies of a message, decoded. */
    public static List<String> bodies(MimeMessage m) {
        try {
            return new ArrayList<>(SentMail.bodies(m));
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The code a message carries, or null for a message that is no code mail. */
    public static String code(MimeMessage m) {
        for (String body : bodies(m)) {
            Matcher found = CODE_LINE.matcher(body.replace("\r\n", "\n"));
            if (found.find()) {
                return found.group(1);
            }
        }
        return null;
    }
}
