package org.signet.web;

import java.util.Locale;
import org.signet.service.SignerLink;
import org.signet.text.Messages;

/** The clear pages shown instead of the document when a link cannot be used (S7). */
final class Notices {
    private Notices() {}

    /** The notice for a closed link, naming the document and who sent it so the reader knows which it is. */
    static String of(Messages m, SignerLink.Closed closed, String documentTitle, String senderName) {
        String key = "notice." + closed.name().toLowerCase(Locale.ROOT);
        return SigningPages.notice(m, m.get(key + ".title"),
                m.get("notice.context", documentTitle, senderName) + "\n\n" + m.get(key + ".text"));
    }
}
