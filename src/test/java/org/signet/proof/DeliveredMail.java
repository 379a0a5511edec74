package org.signet.proof;

import com.icegreen.greenmail.base.GreenMailOperations;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The mail queue in the database against what a real SMTP server received: nothing queued is
 * lost, and nothing goes out twice beyond what at-least-once delivery allows, which is one more
 * copy of the message being handed over when the process dies. Messages are told apart by
 * recipient and subject, which the crash test's unique addresses and titles make unique.
 */
final class DeliveredMail {
    /** The queue's rows, the copies received, the copies beyond the first, and what is wrong. */
    record Findings(int queued, int sent, int copies, int extraCopies, List<String> problems) {}

    private DeliveredMail() {}

    /**
     * Compares the queue with the server's mailbox after {@code kills} kills; with {@code drained},
     * every queued message must also have been delivered by now.
     */
    static Findings check(Connection db, GreenMailOperations smtp, int kills, boolean drained) throws SQLException {
        Map<String, Integer> received = new HashMap<>();
        for (MimeMessage m : smtp.getReceivedMessages()) {
            received.merge(key(m), 1, Integer::sum);
        }
        List<String> problems = new ArrayList<>();
        int queued = 0;
        int sent = 0;
        int extra = 0;
        try (Statement s = db.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, recipient, subject, status FROM mail_outbox")) {
            while (rs.next()) {
                queued++;
                String status = rs.getString("status");
                int copies = received.getOrDefault(key(rs.getString("recipient"), rs.getString("subject")), 0);
                received.remove(key(rs.getString("recipient"), rs.getString("subject")));
                extra += Math.max(0, copies - 1);
                if (status.equals("sent")) {
                    sent++;
                }
                if ((status.equals("sent") && copies == 0) || status.equals("failed")
                        || (drained && !status.equals("sent"))) {
                    problems.add("message " + rs.getLong("id") + " to " + rs.getString("recipient") + " is " + status
                            + " and reached the server " + copies + " time(s)");
                }
            }
        }
        if (!received.isEmpty()) {
            problems.add("the server received messages nobody queued: " + received.keySet());
        }
        if (extra > kills) {
            problems.add(extra + " duplicate deliveries after " + kills + " kills; each kill may cause at most one");
        }
        int copies = smtp.getReceivedMessages().length;
        return new Findings(queued, sent, copies, extra, problems);
    }

    private static String key(MimeMessage m) {
        try {
            return key(((InternetAddress) m.getAllRecipients()[0]).getAddress(), m.getSubject());
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String key(String recipient, String subject) {
        return recipient.toLowerCase(Locale.ROOT) + " | " + subject;
    }
}
