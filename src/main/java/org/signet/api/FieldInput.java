package org.signet.api;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.domain.AttachmentKind;
import org.signet.domain.Document;
import org.signet.domain.DocumentFile;
import org.signet.domain.FieldConditions;
import org.signet.domain.FieldRules;
import org.signet.domain.FieldType;
import org.signet.domain.FileLayout;
import org.signet.domain.NewField;
import org.signet.domain.NumberOptions;
import org.signet.domain.PageSize;
import org.signet.domain.VariableKeys;
import org.signet.error.ProblemList;
import org.signet.error.Refusal;
import org.signet.http.Keys;
import org.signet.http.Values;
import org.signet.json.Json;
import org.signet.service.DrawableText;
import org.signet.service.FieldDefaults;
import org.signet.text.TypedText;
import org.signet.text.Wire;

/**
 * Reads a fields payload: 400 invalid_data when the structure is unusable, otherwise every
 * problem of every field at once as {@code Field <n>: <message>} in 400 validation_failed. A
 * document's fields name a {@code signer_id}; a template's a {@code signer_slot} and may carry
 * a {@code variable_key}. Its names, placeholders, font families and options are one-line text held
 * to the text rule, reported per field like every other problem.
 */
public final class FieldInput {
    static final int MAX_FIELDS = 500;
    /** The most signer slots a template may have. */
    public static final int MAX_SLOTS = 50;
    /** What every field takes, besides whom it is for; a field type's own keys are added here. */
    static final Keys FIELD = Keys.of("field_type", "field_name", "page_number", "position_x", "position_y", "width",
            "height", "options", "font_size", "font_family", "placeholder", "is_required", "validation", "condition",
            "file_id", "default_value");
    /** A document's field, for one of its signers. */
    static final Keys DOCUMENT_FIELD = FIELD.and("signer_id");
    /** A template's field, for a signer slot, perhaps filled from a variable. */
    static final Keys TEMPLATE_FIELD = FIELD.and("signer_slot", "variable_key");

    /**
     * Whom fields are assigned to, and the pages they are placed on; the document's or template's
     * {@code files} (null to take the pages as one file) turn a {@code file_id} and a page inside that file into
     * the joined page stored; {@code owner} names what holds the files. {@code given} when a client sent them,
     * not when they are the fields found in the file, whose save shape carries keys of its own.
     */
    private record Target(String assigneeKey, Set<Long> assignees, String assigneeWhat, boolean variables,
            List<PageSize> pages, FileLayout files, String owner, boolean given) {
        Keys keys() {
            return variables ? TEMPLATE_FIELD : DOCUMENT_FIELD;
        }

        Target found() {
            return new Target(assigneeKey, assignees, assigneeWhat, variables, pages, files, owner, false);
        }
    }

    private FieldInput() {}

    /** A document's fields, for its signers. */
    public static List<NewField> parse(Object raw, Document d, Set<Long> signerIds) {
        return parse(raw, d, null, signerIds);
    }

    /** A document's fields, for its signers, each on a page of one of its files (by default the first). */
    public static List<NewField> parse(Object raw, Document d, FileLayout files, Set<Long> signerIds) {
        return parse(raw, forDocument(d, files, signerIds));
    }

    /** The fields found in a document's file, in their save shape, for its signers. */
    public static List<NewField> parseFound(Object raw, Document d, FileLayout files, Set<Long> signerIds) {
        return parse(raw, forDocument(d, files, signerIds).found());
    }

    /**
     * A template's fields, for signer slots 1 to {@link #MAX_SLOTS}, with variable keys unique among them,
     * each on a page of one of its {@code files} (by default the first; null takes {@code pages} as one file).
     */
    public static List<NewField> parseForTemplate(Object raw, List<PageSize> pages, FileLayout files) {
        return parse(raw, forTemplate(pages, files));
    }

    /** The fields found in a template's file, in their save shape, for its slots. */
    public static List<NewField> parseFoundForTemplate(Object raw, List<PageSize> pages, FileLayout files) {
        return parse(raw, forTemplate(pages, files).found());
    }

    private static Target forDocument(Document d, FileLayout files, Set<Long> signerIds) {
        return new Target("signer_id", signerIds, "a signer of this document", false, d.pages(), files,
                "document", true);
    }

    private static Target forTemplate(List<PageSize> pages, FileLayout files) {
        Set<Long> slots = new HashSet<>();
        for (long s = 1; s <= MAX_SLOTS; s++) {
            slots.add(s);
        }
        return new Target("signer_slot", slots, "a slot from 1 to " + MAX_SLOTS, true, pages, files,
                "template", true);
    }

    private static List<NewField> parse(Object raw, Target target) {
        if (!(raw instanceof List<?> items) || items.size() > MAX_FIELDS
                || !items.stream().allMatch(i -> i instanceof Map<?, ?>)) {
            throw Refusal.invalid("invalid_data",
                    "fields must be an array of at most " + MAX_FIELDS + " field objects.");
        }
        if (target.given()) {
            refuseUnknownKeys(items, target.keys());
        }
        List<String> errors = new ArrayList<>();
        List<NewField> out = new ArrayList<>();
        Map<String, Integer> keys = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            One one = new One(i + 1, (Map<?, ?>) items.get(i), target, errors);
            NewField f = one.read();
            if (f != null && f.variableKey() != null) {
                Integer first = keys.putIfAbsent(f.variableKey(), i + 1);
                if (first != null) {
                    errors.add("Field " + (i + 1) + ": variable_key '" + f.variableKey() + "' is already used by field "
                            + first + ".");
                }
            }
            if (f != null) {
                out.add(f);
            }
        }
        if (errors.isEmpty()) {
            conditions(out, errors);
        }
        if (!errors.isEmpty()) {
            throw ProblemList.of(errors).refusal("Some fields are not valid.");
        }
        return out;
    }

    /** Conditions on fields that are not there, on themselves or in a loop, once every field reads well. */
    private static void conditions(List<NewField> fields, List<String> errors) {
        List<FieldConditions.Node> nodes = fields.stream()
                .map(f -> new FieldConditions.Node(f.name(), f.type(), f.rules().condition(), "")).toList();
        FieldConditions.problems(nodes).entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> errors.add("Field " + (e.getKey() + 1) + ": " + e.getValue()));
    }

    /** 400 naming every key of every field that fields do not take, before anything else is checked. */
    private static void refuseUnknownKeys(List<?> items, Keys known) {
        List<String> unknown = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String prefix = "fields[" + i + "].";
            known.unknownIn((Map<?, ?>) items.get(i)).forEach(k -> unknown.add(prefix + k));
        }
        if (!unknown.isEmpty()) {
            throw Refusal.unknownKeys(unknown);
        }
    }

    /** One field's checks; records its problems and returns null when it has any. */
    private static final class One {
        private final int n;
        private final Map<?, ?> m;
        private final Target target;
        private final List<String> errors;
        private final int errorsBefore;
        /** The page as the client named it, inside its file; what a problem with it says. */
        private int namedPage;

        One(int n, Map<?, ?> m, Target target, List<String> errors) {
            this.n = n;
            this.m = m;
            this.target = target;
            this.errors = errors;
            this.errorsBefore = errors.size();
        }

        NewField read() {
            Long signer = signer();
            FieldType type = type();
            Integer page = page();
            Double x = number("position_x", true, null);
            Double y = number("position_y", true, null);
            Double w = number("width", false, type == null ? null : type.defaultWidth());
            Double h = number("height", false, type == null ? null : type.defaultHeight());
            positive("width", w);
            positive("height", h);
            if (page != null && x != null && y != null && w != null && h != null && w > 0 && h > 0) {
                onPage(page, x, y, w, h);
            }
            String options = type == FieldType.NUMBER ? numberOptions() : options(type);
            FieldRules rules = new FieldRulesInput(m, this::error).read(type);
            int fontSize = integer("font_size", 14, 1, 200);
            String fontFamily = text("font_family", "DM Sans", 100);
            String placeholder = text("placeholder", "", 255);
            String name = text("field_name", "", 100);
            boolean required = bool("is_required", true);
            String variableKey = target.variables() ? variableKey(type) : null;
            if (errors.size() > errorsBefore) {
                return null;
            }
            return new NewField(signer, type, name, page, x, y, w, h, placeholder, required, fontSize, fontFamily,
                    options, "", variableKey, rules.withDefault(defaultValue(type, options, rules)));
        }

        /**
         * The value the signer's page starts with, null for none; one the signer could not give is refused at
         * once, naming the field, since it would stand whenever the signer gives nothing.
         */
        private String defaultValue(FieldType type, String options, FieldRules rules) {
            Object v = m.get("default_value");
            if (v == null || v instanceof String s && s.isEmpty()) {
                return null;
            }
            String problem = v instanceof String s ? FieldDefaults.problem(type, options, rules.validation(), s)
                    : "must be a string";
            if (problem != null) {
                throw Refusal.invalidParam("fields[" + (n - 1) + "].default_value", "Field " + n + ": default_value "
                        + problem + ".");
            }
            return (String) v;
        }

        private String numberOptions() {
            NumberOptions options = new FieldRulesInput(m, this::error).numberOptions();
            return options == null ? "{}" : Json.write(options.wire());
        }

        private String variableKey(FieldType type) {
            Object v = m.get("variable_key");
            if (v == null || v instanceof String s && s.isEmpty()) {
                return null;
            }
            if (!(v instanceof String key) || !key.matches("[a-z0-9_]{1,64}")) {
                error("variable_key must be 1 to 64 lowercase letters, digits or underscores.");
                return null;
            }
            if (type != null && !VariableKeys.prefillable(type)) {
                error("variable_key is only for text, textarea, checkbox and dropdown fields.");
                return null;
            }
            return key;
        }

        private void error(String message) {
            errors.add("Field " + n + ": " + message);
        }

        private Long signer() {
            String key = target.assigneeKey();
            Object v = m.get(key);
            if (v == null) {
                error(key + " is required.");
                return null;
            }
            Long id = Values.integer(v);
            if (id == null || !target.assignees().contains(id)) {
                error(key + " " + v + " is not " + target.assigneeWhat() + ".");
                return null;
            }
            return id;
        }

        private FieldType type() {
            Object v = m.get("field_type");
            if (v == null) {
                error("field_type is required.");
                return null;
            }
            FieldType t = FieldType.fromWire(String.valueOf(v)).orElse(null);
            if (t == null) {
                error("unknown field_type '" + v + "'.");
            }
            return t;
        }

        private Integer page() {
            Object v = m.get("page_number");
            if (v == null) {
                error("page_number is required.");
                return null;
            }
            Long p = Values.integer(v);
            if (p == null || p < 1) {
                error("page_number must be an integer of at least 1.");
                return null;
            }
            DocumentFile file = file();
            if (target.files() != null && file == null) {
                return null;
            }
            int total = file == null ? target.pages().size() : file.totalPages();
            if (p > total) {
                error("page_number " + p + " is beyond the " + (file == null || target.files().files().size() == 1
                        ? "document's " : "file's ") + total + " page(s).");
                return null;
            }
            namedPage = p.intValue();
            return namedPage + (file == null ? 0 : target.files().offset(file.id()));
        }

        /** The file named by {@code file_id}, by default the first; null without files, or when unknown. */
        private DocumentFile file() {
            if (target.files() == null) {
                return null;
            }
            Object v = m.get("file_id");
            if (v == null) {
                return target.files().first();
            }
            Long id = Values.integer(v);
            DocumentFile f = id == null ? null : target.files().file(id).orElse(null);
            if (f == null) {
                error("file_id " + v + " is not a file of this " + target.owner() + ".");
            }
            return f;
        }

        private void onPage(int page, double x, double y, double w, double h) {
            PageSize box = target.pages().get(page - 1);
            if (x < 0 || y < 0 || x + w > box.width() + 0.01 || y + h > box.height() + 0.01) {
                error("the field lies outside page " + namedPage + " (" + points(box.width()) + " x "
                        + points(box.height()) + " points).");
            }
        }

        /** Page sizes come from PDF floats (A4 is 595.2756 x 841.8898); two decimals are what a reader needs. */
        private static String points(double size) {
            return Wire.number(Math.round(size * 100) / 100.0);
        }

        private Double number(String key, boolean required, Double dflt) {
            Object v = m.get(key);
            if (v == null) {
                if (required) {
                    error(key + " is required.");
                }
                return dflt;
            }
            Double x = Values.number(v);
            if (x == null || Math.abs(x) > 1e6) {
                error(key + " must be a number.");
                return null;
            }
            return x;
        }

        private void positive(String key, Double v) {
            if (v != null && v <= 0) {
                error(key + " must be greater than 0.");
            }
        }

        private String options(FieldType type) {
            Object v = m.get("options");
            List<String> options = new ArrayList<>();
            if (v instanceof List<?> list && list.stream().allMatch(o -> o instanceof String s && s.length() <= 255)) {
                for (int i = 0; i < list.size(); i++) {
                    TypedText.Checked checked = TypedText.check((String) list.get(i), TypedText.Shape.LINE);
                    if (checked.ok()) {
                        options.add(checked.text());
                    } else {
                        error(checked.message("options[" + i + "]"));
                    }
                }
            } else if (v != null) {
                error("options must be an array of strings.");
            }
            if (type == FieldType.DROPDOWN && options.isEmpty()) {
                error("a dropdown needs at least one option.");
            }
            if (type == FieldType.RADIO && options.size() < 2) {
                error("a radio field needs at least two options, its choices.");
            }
            if (type == FieldType.ATTACHMENT) {
                options = attachmentKinds(options);
            }
            DrawableText.check("options", String.join("", options), (name, message) -> error(message));
            return Json.write(options);
        }

        /**
         * An attachment field's options name the kinds of file it takes; a kind Signet does not know is
         * refused at once, naming the field, rather than leaving a field no file could ever fill.
         */
        private List<String> attachmentKinds(List<String> options) {
            for (String option : options) {
                if (AttachmentKind.fromWire(option).isEmpty()) {
                    throw Refusal.invalidParam("fields[" + (n - 1) + "].options", "Field " + n + ": an attachment "
                            + "field's options may name only pdf, png and jpg, not '" + option + "'.");
                }
            }
            return options.stream().distinct().toList();
        }

        private int integer(String key, int dflt, int min, int max) {
            Object v = m.get(key);
            if (v == null) {
                return dflt;
            }
            Long x = Values.integer(v);
            if (x == null || x < min || x > max) {
                error(key + " must be an integer from " + min + " to " + max + ".");
                return dflt;
            }
            return x.intValue();
        }

        private String text(String key, String dflt, int max) {
            Object v = m.get(key);
            if (v == null) {
                return dflt;
            }
            TypedText.Checked checked = v instanceof String s ? TypedText.check(s, TypedText.Shape.LINE) : null;
            if (checked != null && !checked.ok()) {
                error(checked.message(key));
                return dflt;
            }
            if (checked == null || checked.text().length() > max) {
                error(key + " must be a string of at most " + max + " characters.");
                return dflt;
            }
            return checked.text();
        }

        private boolean bool(String key, boolean dflt) {
            Object v = m.get(key);
            if (v == null) {
                return dflt;
            }
            Boolean b = Values.bool(v);
            if (b == null) {
                error(key + " must be a boolean.");
                return dflt;
            }
            return b;
        }
    }
}
