package org.signet.store;

import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import org.signet.domain.Field;
import org.signet.domain.FieldType;
import org.signet.domain.NewField;

/** Field rows: replaced as a whole on save, filled with values at signing. */
public final class FieldStore {
    private static final String COLUMNS = "id, document_id, signer_id, field_type, field_name, page_number, position_x, "
            + "position_y, width, height, value, placeholder, is_required, font_size, font_family, options, prefilled, "
            + "created_at, updated_at, " + FieldRuleColumns.NAMES;

    private final Database db;
    private final Clock clock;

    public FieldStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Replaces every field of the document; the caller runs it in a transaction (all or nothing). */
    public void replaceAll(long documentId, List<NewField> fields) {
        long now = clock.millis() / 1000;
        db.update("DELETE FROM fields WHERE document_id = ?", documentId);
        for (NewField f : fields) {
            db.update("INSERT INTO fields(document_id, signer_id, field_type, field_name, page_number, position_x, "
                            + "position_y, width, height, value, placeholder, is_required, font_size, font_family, options, "
                            + "prefilled, validation, shown_when, default_value, created_at, updated_at) "
                            + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    documentId, f.signerId(), f.type().wire(), f.name(), f.pageNumber(), f.x(), f.y(), f.width(),
                    f.height(), f.value(), f.placeholder(), f.required(), f.fontSize(), f.fontFamily(), f.options(),
                    !f.value().isEmpty(), FieldRuleColumns.validation(f.rules()), FieldRuleColumns.condition(f.rules()),
                    f.rules().defaultValue(), now, now);
        }
    }

    public List<Field> forDocument(long documentId) {
        return db.query("SELECT " + COLUMNS + " FROM fields WHERE document_id = ? ORDER BY id", FieldStore::map, documentId);
    }

    /** How many fields lie on joined pages {@code from} to {@code to}, both included. */
    public int countOnPages(long documentId, int from, int to) {
        return db.queryOne("SELECT COUNT(*) AS n FROM fields WHERE document_id = ? AND page_number BETWEEN ? AND ?",
                r -> r.getInt("n"), documentId, from, to).orElse(0);
    }

    /** Moves the fields on the joined pages after {@code after} {@code by} pages up, as a file before them goes. */
    public void movePagesUp(long documentId, int after, int by) {
        db.update("UPDATE fields SET page_number = page_number - ? WHERE document_id = ? AND page_number > ?", by,
                documentId, after);
    }

    public List<Field> forSigner(long signerId) {
        return db.query("SELECT " + COLUMNS + " FROM fields WHERE signer_id = ? ORDER BY id", FieldStore::map, signerId);
    }

    public void setValue(long fieldId, String value) {
        db.update("UPDATE fields SET value = ?, updated_at = ? WHERE id = ?", value, clock.millis() / 1000, fieldId);
    }

    private static Field map(Row r) throws SQLException {
        return new Field(r.getLong("id"), r.getLong("document_id"), r.getLong("signer_id"),
                FieldType.fromWire(r.string("field_type")).orElseThrow(), r.string("field_name"),
                r.getInt("page_number"), r.getDouble("position_x"), r.getDouble("position_y"), r.getDouble("width"),
                r.getDouble("height"), r.string("value"), r.string("placeholder"), r.bool("is_required"),
                r.getInt("font_size"), r.string("font_family"), r.string("options"), r.bool("prefilled"),
                FieldRuleColumns.read(r), r.getLong("created_at"),
                r.getLong("updated_at"));
    }
}
