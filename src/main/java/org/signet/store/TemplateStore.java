package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.signet.domain.DocumentFile;
import org.signet.domain.FieldType;
import org.signet.domain.FileLayout;
import org.signet.domain.ListScope;
import org.signet.domain.NewField;
import org.signet.domain.NewTemplate;
import org.signet.domain.Signer;
import org.signet.domain.Template;
import org.signet.domain.TemplateField;
import org.signet.domain.TemplateSlot;

/** Templates, their signer slots and their fields. */
public final class TemplateStore {
    private static final String COLUMNS = "id, owner_id, name, description, original_filename, media_type, total_pages, "
            + "page_sizes, original_file_id, pdf_file_id, file_hash, created_at, updated_at, team_id";
    private static final String FIELD_COLUMNS = "id, template_id, signer_slot, field_type, field_name, page_number, "
            + "position_x, position_y, width, height, placeholder, is_required, font_size, font_family, options, "
            + "variable_key, created_at, updated_at" + ", " + FieldRuleColumns.NAMES;

    private final Database db;
    private final Clock clock;

    /** One page of templates and the total across all pages. */
    public record Page(List<Template> items, long total) {}

    public TemplateStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public Template insert(NewTemplate t) {
        long now = now();
        return db.queryOne("INSERT INTO templates(owner_id, name, description, original_filename, media_type, "
                + "total_pages, page_sizes, original_file_id, pdf_file_id, file_hash, created_at, updated_at, team_id) "
                + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING " + COLUMNS, TemplateStore::map, t.ownerId(), t.name(),
                t.description(), t.originalFilename(), t.mediaType(), t.pages().size(),
                DocumentStore.pagesJson(t.pages()), t.originalFileId(), t.pdfFileId(), t.fileHash(), now, now, t.teamId())
                .orElseThrow();
    }

    public Optional<Template> find(long id) {
        return db.queryOne("SELECT " + COLUMNS + " FROM templates WHERE id = ?", TemplateStore::map, id);
    }

    /** One page, newest first, of the templates in {@code scope}, searched in name and description. */
    public Page list(ListScope scope, String search, int page, int perPage) {
        List<Object> params = new ArrayList<>();
        StringBuilder where = new StringBuilder(" WHERE 1=1");
        where.append(Scopes.where(scope, params));
        if (search != null && !search.isEmpty()) {
            // Templates are few per site; a LIKE over name and description is enough.
            String like = db.dialect().likeIgnoringCase();
            where.append(" AND (name " + like + " ? ESCAPE '\\' OR description " + like + " ? ESCAPE '\\')");
            String pattern = Dialect.containing(search);
            params.add(pattern);
            params.add(pattern);
        }
        long total = db.queryLong("SELECT count(*) FROM templates" + where, params.toArray());
        List<Object> pageParams = new ArrayList<>(params);
        pageParams.add(perPage);
        pageParams.add((long) (page - 1) * perPage);
        return new Page(db.query("SELECT " + COLUMNS + " FROM templates" + where + " ORDER BY id DESC LIMIT ? OFFSET ?",
                TemplateStore::map, pageParams.toArray()), total);
    }

    /** Moves the template into team {@code teamId}, or out of its team to {@code ownerId} for null; as it now is. */
    public Template moveTo(long id, Long teamId, long ownerId) {
        return db.queryOne("UPDATE templates SET team_id = ?, owner_id = ?, updated_at = ? WHERE id = ? RETURNING "
                + COLUMNS, TemplateStore::map, teamId, ownerId, now(), id).orElseThrow();
    }

    public Template update(long id, String name, String description) {
        return db.queryOne("UPDATE templates SET name = ?, description = ?, updated_at = ? WHERE id = ? RETURNING "
                + COLUMNS, TemplateStore::map, name, description, now(), id).orElseThrow();
    }

    /**
     * Records a template's files as they now are: the first file's name, type, original and hash, and
     * {@code pdfFileId}, the files joined, with every page's size.
     */
    public Template changeFiles(long id, FileLayout layout, long pdfFileId) {
        DocumentFile first = layout.first();
        return db.queryOne("UPDATE templates SET original_filename = ?, media_type = ?, original_file_id = ?, "
                        + "file_hash = ?, pdf_file_id = ?, total_pages = ?, page_sizes = ?, updated_at = ? WHERE id = ? "
                        + "RETURNING " + COLUMNS, TemplateStore::map, first.originalFilename(), first.mediaType(),
                first.originalFileId(), first.fileHash(), pdfFileId, layout.totalPages(),
                DocumentStore.pagesJson(layout.pages()), now(), id).orElseThrow();
    }

    /** Removes the template with its slots and fields (the caller forgets its files). */
    public boolean delete(long id) {
        return db.update("DELETE FROM templates WHERE id = ?", id) == 1;
    }

    public List<TemplateSlot> slots(long templateId) {
        return db.query("SELECT slot, role, signing_order FROM template_slots WHERE template_id = ? ORDER BY slot",
                r -> new TemplateSlot(r.getInt("slot"), Signer.Role.fromWire(r.string("role")).orElseThrow(),
                        r.getInt("signing_order")), templateId);
    }

    /** Adds a slot unless the template has it already. */
    public void addSlot(long templateId, TemplateSlot s) {
        db.update("INSERT INTO template_slots(template_id, slot, role, signing_order) VALUES (?,?,?,?) "
                + "ON CONFLICT(template_id, slot) DO NOTHING", templateId, s.slot(), s.role().wire(), s.signingOrder());
    }

    /** Replaces every slot of the template with {@code slots}; the caller runs it in a transaction. */
    public void replaceSlots(long templateId, List<TemplateSlot> slots) {
        db.update("DELETE FROM template_slots WHERE template_id = ?", templateId);
        slots.forEach(s -> addSlot(templateId, s));
        db.update("UPDATE templates SET updated_at = ? WHERE id = ?", now(), templateId);
    }

    /** Sets the variable key of one of the template's fields, null for none. */
    public void setVariableKey(long templateId, long fieldId, String key) {
        db.update("UPDATE template_fields SET variable_key = ?, updated_at = ? WHERE template_id = ? AND id = ?", key,
                now(), templateId, fieldId);
    }

    public List<TemplateField> fields(long templateId) {
        return db.query("SELECT " + FIELD_COLUMNS + " FROM template_fields WHERE template_id = ? ORDER BY id",
                TemplateStore::mapField, templateId);
    }

    /** How many of the template's fields lie on joined pages {@code from} to {@code to}. */
    public int countFieldsOnPages(long templateId, int from, int to) {
        return db.queryOne("SELECT COUNT(*) AS n FROM template_fields WHERE template_id = ? AND page_number BETWEEN ? AND ?",
                r -> r.getInt("n"), templateId, from, to).orElse(0);
    }

    /** Moves the fields on the joined pages after {@code after} {@code by} pages up, as a file before them goes. */
    public void moveFieldPagesUp(long templateId, int after, int by) {
        db.update("UPDATE template_fields SET page_number = page_number - ? WHERE template_id = ? AND page_number > ?",
                by, templateId, after);
    }

    /** Replaces every field of the template; the caller runs it in a transaction. {@code signerId} holds the slot. */
    public void replaceFields(long templateId, List<NewField> fields) {
        long now = now();
        db.update("DELETE FROM template_fields WHERE template_id = ?", templateId);
        for (NewField f : fields) {
            db.update("INSERT INTO template_fields(template_id, signer_slot, field_type, field_name, page_number, "
                    + "position_x, position_y, width, height, placeholder, is_required, font_size, font_family, options, "
                    + "variable_key, validation, shown_when, default_value, created_at, updated_at) "
                    + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", templateId,
                    f.signerId(), f.type().wire(), f.name(), f.pageNumber(), f.x(), f.y(), f.width(), f.height(),
                    f.placeholder(), f.required(), f.fontSize(), f.fontFamily(), f.options(), f.variableKey(),
                    FieldRuleColumns.validation(f.rules()), FieldRuleColumns.condition(f.rules()), f.rules().defaultValue(), now, now);
        }
        db.update("UPDATE templates SET updated_at = ? WHERE id = ?", now, templateId);
    }

    private long now() {
        return clock.millis() / 1000;
    }

    private static Template map(Row r) throws SQLException {
        return new Template(r.getLong("id"), r.getLong("owner_id"), r.string("name"), r.string("description"),
                r.string("original_filename"), r.string("media_type"), r.getInt("total_pages"),
                DocumentStore.pages(r.string("page_sizes")), r.getLong("original_file_id"), r.getLong("pdf_file_id"),
                r.string("file_hash"), r.getLong("created_at"), r.getLong("updated_at"), r.nullableLong("team_id"));
    }

    private static TemplateField mapField(Row r) throws SQLException {
        return new TemplateField(r.getLong("id"), r.getLong("template_id"), r.getInt("signer_slot"),
                FieldType.fromWire(r.string("field_type")).orElseThrow(), r.string("field_name"), r.getInt("page_number"),
                r.getDouble("position_x"), r.getDouble("position_y"), r.getDouble("width"), r.getDouble("height"),
                r.string("placeholder"), r.bool("is_required"), r.getInt("font_size"), r.string("font_family"),
                r.string("options"), r.string("variable_key"), FieldRuleColumns.read(r), r.getLong("created_at"),
                r.getLong("updated_at"));
    }
}
