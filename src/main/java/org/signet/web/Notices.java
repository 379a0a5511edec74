package org.signet.web;

import java.util.Locale;
import java.util.Optional;
import org.signet.service.SignerCopies;
import org.signet.service.SignerLink;
import org.signet.text.Messages;

/** The clear pages shown instead of the document when a link cannot be used. */
final class Notices {
    private Notices() {}

    /**
     * The notice for a closed link, naming the document and who sent it so the reader knows which
     * it is, and offering the party's copy when there is one to keep (the signed PDF once sealed).
     */
    static String of(Messages m, SignerLink link, String token, String senderName) {
        SignerLink.Closed closed = link.closed();
        String key = "notice." + closed.name().toLowerCase(Locale.ROOT);
        String text = m.get("notice.context", link.document().title(), senderName) + "\n\n" + m.get(key + ".text");
        Optional<SignerCopies.Kind> copy = SignerCopies.available(link);
        if (copy.isEmpty()) {
            return SigningPages.notice(m, m.get(key + ".title"), text);
        }
        return SigningPages.notice(m, m.get(key + ".title"), text,
                SigningRoutes.copyPath(token),
                m.get(copy.get() == SignerCopies.Kind.SEALED ? "notice.download.signed" : "notice.download.copy"));
    }
}
