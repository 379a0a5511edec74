package org.signet.web;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.signet.domain.Document;
import org.signet.domain.DocumentFile;
import org.signet.domain.Field;
import org.signet.domain.FieldAttachment;
import org.signet.domain.FileLayout;
import org.signet.domain.Routing;
import org.signet.domain.Signer;
import org.signet.json.Json;
import org.signet.service.SignerCopies;
import org.signet.service.SignerLink;
import org.signet.service.Signing;
import org.signet.text.Wire;

/**
 * {@code GET /sign/{token}/session}: what the page needs to show a signer their part, who else
 * takes part and where to download the document. Until the link is unlocked, or when it is closed,
 * nothing of the document's content is included.
 */
public final class SessionJson {
    private final Signing signing;

    public SessionJson(Signing signing) {
        this.signing = signing;
    }

    /** The session; {@code pending} is what the browser must still pass (pin, login), null when nothing. */
    Map<String, Object> render(SignerLink link, String pending) {
        Document d = link.document();
        boolean unlocked = pending == null;
        boolean shown = unlocked && link.closed() == null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("document_id", Wire.id(d.id()));
        m.put("title", d.title());
        m.put("sender_name", signing.senderName(link));
        m.put("total_pages", Wire.integer(d.totalPages() == null ? 0 : d.totalPages()));
        m.put("pages", shown ? d.pages().stream().map(p -> Json.object("width", p.width(), "height", p.height())).toList()
                : List.of());
        m.put("files", shown ? files(signing.files(link)) : List.of());
        m.put("signer", signer(link));
        Signing.Shown fields = shown ? signing.shown(link) : Signing.Shown.NOTHING;
        Map<Long, FieldAttachment> attached = shown ? signing.attached(link) : Map.of();
        m.put("fields", fields.mine().stream().map(f -> field(f, attached.get(f.id()))).toList());
        m.put("completed_values", fields.others().stream().map(f -> completed(f, fields.imagesByField())).toList());
        m.put("review_fields", fields.toReview().stream().map(f -> toReview(f, link.parties())).toList());
        m.put("parties", unlocked && inFlow(link) ? parties(link) : List.of());
        m.put("requires", pending);
        m.put("can_act", unlocked && link.canAct());
        m.put("can_delegate", unlocked && link.canAct() && d.allowDelegation());
        m.put("closed", link.closed() == null ? null : link.closed().name().toLowerCase());
        m.put("document_status", d.status().wire());
        Optional<SignerCopies.Kind> copy = unlocked ? SignerCopies.available(link) : Optional.empty();
        m.put("download_url", copy.isPresent() ? SigningRoutes.copyPath(link.signer().accessToken()) : null);
        m.put("sealed", copy.orElse(null) == SignerCopies.Kind.SEALED);
        return m;
    }

    /** Each of the document's files in order: its id, name, first page among the pages shown and its page count. */
    private static List<Map<String, Object>> files(FileLayout layout) {
        List<Map<String, Object>> out = new ArrayList<>();
        int first = 1;
        for (DocumentFile f : layout.files()) {
            out.add(Json.object("id", Wire.id(f.id()), "name", f.originalFilename(), "first_page", Integer.toString(first),
                    "pages", Integer.toString(f.totalPages())));
            first += f.totalPages();
        }
        return out;
    }

    /** A party waiting, acting or done sees who takes part; once recalled, declined or expired, nobody does. */
    private static boolean inFlow(SignerLink link) {
        SignerLink.Closed c = link.closed();
        return c != SignerLink.Closed.RECALLED && c != SignerLink.Closed.DECLINED && c != SignerLink.Closed.EXPIRED;
    }

    /** Every party in the order they take their turns; names and progress only, never an address or a token. */
    private static List<Map<String, Object>> parties(SignerLink link) {
        return Routing.inOrder(link.parties()).stream().map(p -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("role", p.role().wire());
            m.put("status", p.status().wire());
            m.put("signing_order", Integer.toString(p.signingOrder()));
            m.put("is_you", p.id() == link.signer().id());
            return m;
        }).toList();
    }

    /** Another party's field still to be filled, as an approver reviews it: where it is and whose, no value. */
    private static Map<String, Object> toReview(Field f, List<Signer> parties) {
        Map<String, Object> m = box(f);
        m.put("id", Wire.id(f.id()));
        m.put("field_name", f.name());
        m.put("is_required", Wire.flag(f.required()));
        m.put("signer_name", parties.stream().filter(p -> p.id() == f.signerId()).map(Signer::name).findFirst()
                .orElse(""));
        return m;
    }

    private static Map<String, Object> signer(SignerLink link) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("id", Wire.id(link.signer().id()));
        s.put("name", link.signer().name());
        s.put("email", link.signer().email());
        s.put("role", link.signer().role().wire());
        s.put("status", link.signer().status().wire());
        return s;
    }

    /** One of the signer's own fields; an attachment field says which file is attached, null while none is. */
    private static Map<String, Object> field(Field f, FieldAttachment attached) {
        Map<String, Object> m = box(f);
        m.put("id", Wire.id(f.id()));
        m.put("field_name", f.name());
        m.put("is_required", Wire.flag(f.required()));
        m.put("options", f.options());
        m.putAll(f.rules().wire());
        m.put("value", f.value());
        m.put("placeholder", f.placeholder());
        m.put("font_size", Integer.toString(f.fontSize()));
        m.put("prefilled", Wire.flag(f.prefilled()));
        if (f.type().attachment()) {
            m.put("attachment", attached == null ? null : Json.object("filename", attached.filename(),
                    "size", Long.toString(attached.size()), "kind", attached.kind().wire()));
        }
        return m;
    }

    private static Map<String, Object> completed(Field f, Map<Long, byte[]> images) {
        Map<String, Object> m = box(f);
        String value = f.value();
        if (f.type().image()) {
            byte[] b = images.get(f.id());
            value = b == null ? "" : "data:" + mediaType(b) + ";base64," + Base64.getEncoder().encodeToString(b);
        }
        m.put("value", value);
        return m;
    }

    private static String mediaType(byte[] image) {
        return image.length > 1 && (image[0] & 0xff) == 0xFF && (image[1] & 0xff) == 0xD8 ? "image/jpeg" : "image/png";
    }

    private static Map<String, Object> box(Field f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("field_type", f.type().wire());
        m.put("page_number", Integer.toString(f.pageNumber()));
        m.put("position_x", Wire.number(f.x()));
        m.put("position_y", Wire.number(f.y()));
        m.put("width", Wire.number(f.width()));
        m.put("height", Wire.number(f.height()));
        return m;
    }
}
