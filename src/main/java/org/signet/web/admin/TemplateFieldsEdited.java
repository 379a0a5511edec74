package org.signet.web.admin;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.signet.domain.Actor;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.service.EditorPages;
import org.signet.service.Templates;
import org.signet.text.Html;

/**
 * A template's fields in the editor: its signer slots as recipients (slot 1 at least, so an empty template can be
 * given its first fields), named by their number as the page's words say, saved through
 * {@link Templates#saveFields} as {@code POST /templates/{id}/fields} saves them; back to the template's page,
 * which is also where the sender goes when done.
 */
final class TemplateFieldsEdited implements EditedFields {
    private final Templates templates;
    private final EditorPages pages;
    private final FieldReading.ForTemplate reader;

    TemplateFieldsEdited(Templates templates, EditorPages pages, FieldReading.ForTemplate reader) {
        this.templates = templates;
        this.pages = pages;
        this.reader = reader;
    }

    @Override
    public String area() {
        return "templates";
    }

    /** A template is made on its own page, not in steps: its editor keeps only its back and done links. */
    @Override
    public Html steps(AdminView v, long id) {
        return Html.EMPTY;
    }

    @Override
    public String back(long id) {
        return "/admin/templates/" + id;
    }

    @Override
    public String next(long id) {
        return back(id);
    }

    @Override
    public String nextWords() {
        return "editor.done";
    }

    @Override
    public Model load(Principal p, long id) {
        // The editor changes the template: a team's viewer is refused it as any change.
        Templates.Detail t = templates.usable(p, id);
        return new Model(t.template().name(), "signer_slot", recipients(t), t.files(), shapes(t));
    }

    /** The slots in order, each with its role; a slot has no name of its own, so "" leaves it to the page. */
    private static List<Recipient> recipients(Templates.Detail t) {
        TreeSet<Integer> slots = new TreeSet<>(t.slotNumbers());
        slots.add(1);
        Map<Integer, String> roles = new HashMap<>();
        t.slots().forEach(s -> roles.put(s.slot(), s.role().wire()));
        return slots.stream().map(n -> new Recipient(n, "", roles.getOrDefault(n, Signer.Role.SIGNER.wire()))).toList();
    }

    private static List<Map<String, Object>> shapes(Templates.Detail t) {
        return t.fields().stream().map(f -> FieldShape.of(f, t.files())).toList();
    }

    @Override
    public List<Map<String, Object>> save(Principal p, long id, Object raw, Actor actor) {
        return shapes(templates.saveFields(p, id, (pages, files) -> reader.read(raw, pages, files)));
    }

    @Override
    public byte[] page(Principal p, long id, int n) throws IOException {
        return pages.templatePage(p, id, n);
    }
}
