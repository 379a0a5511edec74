package org.signet.evidence.corpus;

import java.util.List;
import org.signet.support.IncrementalUpdate;

/**
 * The shadow attacks on a certified document (docs/evidence-corpus.md names their source) and their kin:
 * the prepared original carries what the update will reveal or swap in, so the update itself is
 * small or, for hide-and-replace, writes no object at all.
 */
final class ShadowForgeries {
    private ShadowForgeries() {
    }

    static List<Forgery> of(byte[] prepared) {
        return List.of(
                forged("optional_content_policy", "an update redefines the optional-content membership dictionary"
                        + " from /AllOff to /AnyOn, so the hidden late fee of EUR 9,000,000 is shown", prepared,
                        IncrementalUpdate.after(prepared).object(AttackerOriginal.LATE_FEE_VISIBILITY, 0, "<< /Type /OCMD /OCGs ["
                                + AttackerOriginal.LATE_FEE_GROUP + " 0 R] /P /AnyOn >>").bytes(), "pages"),
                forged("shadow_hide", "an update gives the white cover over the penalty line an empty body, so the"
                        + " signed but covered penalty of EUR 9,000,000 shows", prepared,
                        IncrementalUpdate.after(prepared).stream(AttackerOriginal.COVER,
                                "/Type /XObject /Subtype /Form /BBox [0 0 400 28]", "").bytes(), "pages"),
                forged("shadow_replace", "an update redefines the form XObject that draws the fee: EUR 900 becomes"
                        + " EUR 9,000,000", prepared, IncrementalUpdate.after(prepared).stream(AttackerOriginal.AMOUNT,
                                "/Type /XObject /Subtype /Form /BBox [0 0 300 20] /Resources << /Font << /F1 "
                                        + AttackerOriginal.FONT + " 0 R >> >>",
                                "BT /F1 14 Tf 0 0 Td (EUR 9,000,000) Tj ET").bytes(), "pages"),
                forged("shadow_hide_and_replace", "an update of a cross-reference table only, no object body: it"
                        + " points page 1's content stream at the shadow body signed inside an unused stream",
                        prepared, IncrementalUpdate.after(prepared).pointer(AttackerOriginal.CONTENT,
                                AttackerOriginal.shadowBodyOffset(prepared)).bytes(), "pages"));
    }

    private static Forgery forged(String name, String why, byte[] prepared, byte[] file, String kind) {
        return Forgery.forged(name, why, prepared, file).visibleOn(1).modifying(kind);
    }
}
