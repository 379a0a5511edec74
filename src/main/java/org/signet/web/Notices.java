package org.signet.web;

import org.signet.service.SignerLink;

/** The clear pages shown instead of the document when a link cannot be used (S7). */
final class Notices {
    private Notices() {}

    /** The notice for a closed link, naming the document and who sent it so the reader knows which it is. */
    static String of(SignerLink.Closed closed, String documentTitle, String senderName) {
        String context = "\u201c" + documentTitle + "\u201d, sent by " + senderName + ".";
        return switch (closed) {
            case COMPLETED -> SigningPages.notice("This document has been completed",
                    context + "\n\nEveryone has signed. The finished document is sent to every party by email.");
            case DECLINED -> SigningPages.notice("This document was declined",
                    context + "\n\nA party declined to sign, so it is no longer open for signing. The sender has been told.");
            case EXPIRED -> SigningPages.notice("This signing request has expired",
                    context + "\n\nIt can no longer be signed. Ask the sender for a new request if you still need to sign.");
            case RECALLED -> SigningPages.notice("This document was recalled",
                    context + "\n\nThe sender has withdrawn it, perhaps to make changes. If it is sent again you will get a new email.");
            case NOT_YOUR_TURN -> SigningPages.notice("It is not your turn yet",
                    context + "\n\nOthers need to sign first. You will receive an email when the document is ready for you.");
            case ALREADY_ACTED -> SigningPages.notice("You have already responded",
                    context + "\n\nThank you. Once everyone has signed, the finished document is sent to you by email.");
        };
    }
}
