package org.signet.service;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.signet.domain.Actor;
import org.signet.domain.Document;
import org.signet.domain.DocumentDetail;
import org.signet.domain.DocumentFile;
import org.signet.domain.ExternalRef;
import org.signet.domain.Field;
import org.signet.domain.FileLayout;
import org.signet.domain.Language;
import org.signet.domain.ListScope;
import org.signet.domain.NewField;
import org.signet.domain.NewTemplate;
import org.signet.domain.PageSize;
import org.signet.domain.Principal;
import org.signet.domain.Signer;
import org.signet.domain.Template;
import org.signet.domain.TeamRole;
import org.signet.domain.TemplateField;
import org.signet.domain.TemplateSlot;
import org.signet.domain.VariableKeys;
import org.signet.error.Refusal;
import org.signet.json.Json;
import org.signet.domain.MediaKind;
import org.signet.store.Database;
import org.signet.store.FieldStore;
import org.signet.store.SignerStore;
import org.signet.store.StoredFiles;
import org.signet.store.TemplateStore;

/**
 * Templates: made from a document or an upload, edited, and turned into new documents with
 * their signers in the template's slots and some fields filled in ahead of time from variables.
 * Ownership as for documents. A template and every document made from it hold their own copies of
 * the files, in the same order, so deleting one never touches another.
 */
public final class Templates {
    /** The latest signing order a slot may take, as a signer's. */
    private static final int MAX_ORDER = 1000;

    private final Database db;
    private final TemplateStore templates;
    private final SignerStore signers;
    private final FieldStore fields;
    private final StoredFiles files;
    private final TemplateFiles templateFiles;
    private final Documents documents;
    private final Workflow workflow;
    private final DocumentAccess access;
    private final DetectedFields detected;

    /** A template with its slots, its fields (on the joined pages of its files) and its files in order. */
    public record Detail(Template template, List<TemplateSlot> slots, List<TemplateField> fields, FileLayout files) {
        /** The fields that carry a variable key: what a new document can be prefilled with. */
        public List<TemplateField> variables() {
            return fields.stream().filter(f -> f.variableKey() != null).toList();
        }

        /** Every slot a signer must fill: the recorded ones and any a field is assigned to. */
        public Set<Integer> slotNumbers() {
            Set<Integer> all = new TreeSet<>();
            slots.forEach(s -> all.add(s.slot()));
            fields.forEach(f -> all.add(f.signerSlot()));
            return all;
        }
    }

    /** One page of templates and the total. */
    public record Page(List<Detail> items, long total) {}

    /** The signer for one slot, as the client gave it; null role and order take the slot's, a null language the site's. */
    public record SlotSigner(String name, String email, Signer.Role role, Integer signingOrder, boolean requireLogin,
            Signer.Verification verification, Language language) {}

    /**
     * What {@code POST /templates/{id}/documents} asks for; null title takes the template's name, empty
     * {@code allowDelegation} the site's default.
     */
    public record NewDocumentRequest(String title, Map<String, String> variables, List<SlotSigner> signers, boolean send,
            Long expiresAt, ExternalRef ref, Optional<Boolean> allowDelegation) {}

    /** A document made from a template, and whether it was sent. */
    public record Created(DocumentDetail detail, boolean sent) {}

    public Templates(DocumentStores s, TemplateStore templates, TemplateFiles templateFiles, Documents documents,
            Workflow workflow) {
        this.db = s.db();
        this.templates = templates;
        this.signers = s.signers();
        this.fields = s.fields();
        this.files = s.files();
        this.templateFiles = templateFiles;
        this.documents = documents;
        this.workflow = workflow;
        this.access = new DocumentAccess(s);
        this.detected = new DetectedFields(s);
    }

    public Page list(Principal p, String search, int page, int perPage) {
        return list(p, null, search, page, perPage);
    }

    /** The templates of team {@code teamId}, or for null the caller's own and their teams' (a team key's: its team's). */
    public Page list(Principal p, Long teamId, String search, int page, int perPage) {
        return db.read(() -> {
            ListScope scope = access.ownership().scope(p, teamId, TeamRole.VIEWER);
            return pageOf(templates.list(scope, search, page, perPage));
        });
    }

    /**
     * The caller's personal templates alone, none of a team's: the administrator pages' "Personal" list. A team's
     * key has no personal templates.
     */
    public Page listPersonal(Principal p, String search, int page, int perPage) {
        if (p.actsForTeam()) {
            return new Page(List.of(), 0);
        }
        return db.read(() -> pageOf(templates.list(ListScope.personal(p.userId()), search, page, perPage)));
    }

    public Detail get(Principal p, long id) {
        return db.read(() -> detailOf(readable(p, id)));
    }

    /**
     * The template with what it holds, when {@code p} may make documents from it or change it (a team's member, not
     * a viewer).
     */
    public Detail usable(Principal p, long id) {
        return db.read(() -> detailOf(owned(p, id)));
    }

    /** Whether {@code p} may make documents from {@code t} and change it, as {@link #usable} decides, without refusing. */
    public boolean usableBy(Principal p, Template t) {
        return db.read(() -> access.ownership().allows(p, t, TeamRole.MEMBER));
    }

    /** The rule the template's documents and bulk sends follow. */
    Ownership ownership() {
        return access.ownership();
    }

    /**
     * As whom a public link makes the template's documents: its owner, or for a team's template the team
     * (whoever made it, and whether they are still in it); 404 when the template is gone.
     */
    public Principal ownerOf(long id) {
        return db.read(() -> templates.find(id).map(t -> t.teamId() != null ? Principal.forTeam(t.ownerId(), t.teamId())
                        : new Principal(t.ownerId(), false))
                .orElseThrow(() -> Refusal.notFound("Template")));
    }

    /**
     * A template from one of the caller's documents, in any state: a copy of each of its files in order
     * and of its fields, its signers as slots 1..n in signing order, and a suggested variable key for
     * every field a value can be given to ahead of time.
     */
    public Detail fromDocument(Principal p, long documentId, String name, String description) {
        return fromDocument(p, documentId, name, description, null);
    }

    /** As {@link #fromDocument(Principal, long, String, String)}, the template going to team {@code teamId} (null: see {@link Documents#teamForNew}). */
    public Detail fromDocument(Principal p, long documentId, String name, String description, Long teamId) {
        Document d = db.read(() -> access.read(p, documentId));
        List<DocumentFile> source = db.read(() -> documents.files(d.id()));
        Copies copies = copy(source, d.pdfFileId());
        try {
            return db.inTransaction(() -> {
                Document now = access.read(p, documentId);
                Long team = documents.teamForNew(p, teamId);
                if (!sameFiles(documents.files(now.id()), source) || now.pdfFileId() != d.pdfFileId()) {
                    throw Refusal.conflict("files_changed", "The document's files changed meanwhile; try again.");
                }
                List<Signer> parties = signers.forDocument(now.id());
                List<Field> placed = fields.forDocument(now.id());
                DocumentFile first = copies.files().get(0);
                Template t = templates.insert(new NewTemplate(p.userId(), name, description,
                        first.originalFilename(), first.mediaType(), now.pages(), first.originalFileId(),
                        copies.joinedPdf(), first.fileHash(), team));
                templateFiles.record(t.id(), copies.files());
                copies.claim(files);
                Map<Long, Integer> slotOf = new HashMap<>();
                for (Signer s : parties) {
                    slotOf.put(s.id(), slotOf.size() + 1);
                    templates.addSlot(t.id(), new TemplateSlot(slotOf.size(), s.role(), s.signingOrder()));
                }
                List<String> keys = VariableKeys.suggest(placed.stream().map(Field::type).toList(),
                        placed.stream().map(Field::name).toList());
                List<NewField> copied = new ArrayList<>();
                for (int i = 0; i < placed.size(); i++) {
                    Field f = placed.get(i);
                    copied.add(new NewField(slotOf.get(f.signerId()), f.type(), f.name(), f.pageNumber(), f.x(), f.y(),
                            f.width(), f.height(), f.placeholder(), f.required(), f.fontSize(), f.fontFamily(),
                            f.options(), "", keys.get(i), f.rules()));
                }
                templates.replaceFields(t.id(), copied);
                return detailOf(t);
            });
        } catch (RuntimeException e) {
            copies.discard(files);
            throw e;
        }
    }

    /** An empty template from an accepted upload, its first file. */
    public Detail upload(Principal p, AcceptedFile f, String name, String description) {
        return upload(p, f, name, description, null);
    }

    /** As {@link #upload(Principal, AcceptedFile, String, String)}, for team {@code teamId} (null: see {@link Documents#teamForNew}). */
    public Detail upload(Principal p, AcceptedFile f, String name, String description, Long teamId) {
        return db.inTransaction(() -> {
            Long team = documents.teamForNew(p, teamId);
            Template t = templates.insert(new NewTemplate(p.userId(), name, description, f.originalFilename(),
                    f.kind().mediaType(), f.pages(), f.originalFileId(), f.pdfFileId(), f.fileHash(), team));
            templateFiles.record(t.id(), List.of(f.asFileOf(t.id())));
            files.claim(f.originalFileId(), f.pdfFileId());
            detected.recordForTemplate(t.id(), f.detected());
            return detailOf(t);
        });
    }

    public Detail update(Principal p, long id, String name, String description) {
        return db.inTransaction(() -> {
            Template t = owned(p, id);
            return detailOf(templates.update(id, name != null ? name : t.name(),
                    description != null ? description : t.description()));
        });
    }

    /** Deletes the template and its copies of the files; documents made from it keep theirs. */
    public void delete(Principal p, long id) {
        List<String> erase = db.inTransaction(() -> {
            Template t = owned(p, id);
            Set<Long> stored = templateFiles.storedFiles(t);
            templates.delete(id);
            List<String> names = new ArrayList<>();
            stored.forEach(f -> files.forget(f).ifPresent(names::add));
            return names;
        });
        erase.forEach(files::erase);
    }

    /**
     * The fields found in the template's file, each for the slot of its signer number, in the save shape;
     * 400 naming {@code from_detected} when there are none.
     */
    public List<Map<String, Object>> detectedAsSlots(Principal p, long id) {
        return db.read(() -> detected.asSlots(readable(p, id).id()));
    }

    public List<TemplateField> fields(Principal p, long id) {
        return db.read(() -> templates.fields(readable(p, id).id()));
    }

    /**
     * Replaces the template's fields, all or nothing; slots a field names are added with default roles.
     * {@code reader} reads them against the template's pages and files, each on a page of one file.
     */
    public Detail saveFields(Principal p, long id, BiFunction<List<PageSize>, FileLayout, List<NewField>> reader) {
        return db.inTransaction(() -> {
            Template t = owned(p, id);
            List<NewField> replacement = reader.apply(t.pages(), new FileLayout(templateFiles.files(t.id())));
            templates.replaceFields(t.id(), replacement);
            replacement.stream().map(f -> (int) f.signerId()).distinct()
                    .forEach(slot -> templates.addSlot(t.id(), new TemplateSlot(slot, Signer.Role.SIGNER, slot)));
            return detailOf(t);
        });
    }

    /**
     * Replaces the template's slots (the role and signing order each slot's signer gets by default): numbered 1 to n,
     * orders from 1 to 1000; a slot that fields are assigned to cannot be left out. All or nothing.
     */
    public Detail saveSlots(Principal p, long id, List<TemplateSlot> slots) {
        return db.inTransaction(() -> {
            Template t = owned(p, id);
            for (int i = 0; i < slots.size(); i++) {
                TemplateSlot s = slots.get(i);
                if (s.slot() != i + 1 || s.signingOrder() < 1 || s.signingOrder() > MAX_ORDER) {
                    throw Refusal.invalidParam("slots", "slots must be numbered from 1 in order, each with a signing order"
                            + " from 1 to " + MAX_ORDER + ".");
                }
            }
            templates.fields(t.id()).stream().mapToInt(TemplateField::signerSlot).filter(n -> n > slots.size())
                    .min().ifPresent(n -> {
                        throw Refusal.invalidParam("slots", "slot " + n + " has fields; they must be removed or given to"
                                + " another slot first.");
                    });
            templates.replaceSlots(t.id(), slots);
            return detailOf(t);
        });
    }

    /**
     * Sets the variable keys of the template's fields by field id: a blank key removes one, a key is 1 to 64
     * lowercase letters, digits or underscores, used by one field only, on a field a value can be given to ahead
     * of time. All or nothing; each refused key is named by its field's id.
     */
    public Detail saveVariables(Principal p, long id, Map<Long, String> keys) {
        return db.inTransaction(() -> {
            Template t = owned(p, id);
            Map<Long, TemplateField> byId = new HashMap<>();
            templates.fields(t.id()).forEach(f -> byId.put(f.id(), f));
            Map<String, String> refused = new LinkedHashMap<>();
            Map<String, Long> used = new HashMap<>();
            byId.values().stream().filter(f -> f.variableKey() != null && !keys.containsKey(f.id()))
                    .forEach(f -> used.put(f.variableKey(), f.id()));
            keys.forEach((fieldId, key) -> checkKey(byId.get(fieldId), fieldId, key, used, refused));
            if (!refused.isEmpty()) {
                throw Refusal.invalid("rest_invalid_param", "Invalid parameter(s): " + String.join(", ", refused.keySet()),
                        Json.object("params", refused));
            }
            keys.forEach((fieldId, key) -> templates.setVariableKey(t.id(), fieldId, key.isBlank() ? null : key.strip()));
            return detailOf(t);
        });
    }

    private static void checkKey(TemplateField f, long fieldId, String key, Map<String, Long> used,
            Map<String, String> refused) {
        String name = "variables." + fieldId;
        String k = key.strip();
        if (f == null || !VariableKeys.prefillable(f.type())) {
            refused.put(name, "field " + fieldId + " cannot be given a value ahead of time.");
        } else if (!k.isEmpty() && !k.matches("[a-z0-9_]{1,64}")) {
            refused.put(name, "variable_key must be 1 to 64 lowercase letters, digits or underscores.");
        } else if (!k.isEmpty() && used.putIfAbsent(k, fieldId) != null) {
            refused.put(name, "variable_key '" + k + "' is already used by another field.");
        }
    }

    /**
     * A new draft owned by the caller, with its own copy of each file in order, the request's signers in the
     * template's slots, fields assigned to them and prefilled from the variables; sent when asked. All
     * or nothing: a refusal at any step leaves no document and no file behind.
     */
    public Created createDocument(Principal p, long id, NewDocumentRequest r, Actor actor) {
        return createDocument(p, id, r, actor, d -> { });
    }

    /**
     * As {@link #createDocument(Principal, long, NewDocumentRequest, Actor)}, with {@code alongside}
     * run on the new document inside the same transaction, so that what it records stands or falls
     * with the document.
     */
    public Created createDocument(Principal p, long id, NewDocumentRequest r, Actor actor,
            Consumer<Document> alongside) {
        Detail template = usable(p, id);
        checkSlots(template, r.signers());
        Map<String, String> prefill = prefill(template, r.variables());
        Template t = template.template();
        Copies copies = copy(template.files().files(), t.pdfFileId());
        try {
            return db.inTransaction(() -> {
                DocumentFile first = copies.files().get(0);
                AcceptedFile file = new AcceptedFile(first.originalFilename(), MediaKind.ofMediaType(first.mediaType()),
                        first.totalPages(), first.pages(), first.originalFileId(), first.pdfFileId(), first.fileHash(),
                        List.of());
                // A team's template makes the team's documents.
                DraftDetails draft = new DraftDetails(r.title(), r.expiresAt(), null, r.ref(), r.allowDelegation(),
                        t.teamId()).titledOr(t.name());
                Document d = documents.create(p.userId(), file, draft, t.id(), actor);
                if (copies.files().size() > 1) {
                    // Fields are kept on the joined pages, so the template's land on the same pages here.
                    documents.appendFiles(d, copies.files().subList(1, copies.files().size()), copies.joinedPdf());
                }
                copies.claim(files);
                detected.copyTemplateToDocument(t.id(), d.id());
                Map<Integer, Long> signerOfSlot = addSigners(p, d, template, r.signers(), actor);
                List<NewField> placed = template.fields().stream().map(f -> f.forSigner(signerOfSlot.get(f.signerSlot()),
                        f.variableKey() == null ? "" : prefill.getOrDefault(f.variableKey(), ""))).toList();
                workflow.saveFields(p, d.id(), (doc, files, ids) -> placed, actor);
                if (r.send()) {
                    workflow.send(p, d.id(), actor);
                }
                alongside.accept(d);
                return new Created(documents.detail(p, d.id()), r.send());
            });
        } catch (RuntimeException e) {
            copies.discard(files);
            throw e;
        }
    }

    /**
     * What would refuse {@code r} against {@code template} (a slot without a signer, an unknown
     * variable, a value a field cannot take), one sentence each; empty when nothing would.
     */
    public static List<String> problems(Detail template, NewDocumentRequest r) {
        try {
            checkSlots(template, r.signers());
            prefill(template, r.variables());
            return List.of();
        } catch (Refusal e) {
            return e.sentences();
        }
    }

    private Map<Integer, Long> addSigners(Principal p, Document d, Detail template, List<SlotSigner> given, Actor actor) {
        Map<Integer, TemplateSlot> slots = new HashMap<>();
        template.slots().forEach(s -> slots.put(s.slot(), s));
        Map<Integer, Long> signerOfSlot = new LinkedHashMap<>();
        int i = 0;
        for (int slot : template.slotNumbers()) {
            SlotSigner s = given.get(i++);
            TemplateSlot defaults = slots.getOrDefault(slot, new TemplateSlot(slot, Signer.Role.SIGNER, slot));
            Signer added = workflow.addSigner(p, d.id(), new Workflow.SignerRequest(s.name(), s.email(),
                    s.role() != null ? s.role() : defaults.role(),
                    s.signingOrder() != null ? s.signingOrder() : defaults.signingOrder(), s.requireLogin(), null,
                    s.verification(), s.language()), actor);
            signerOfSlot.put(slot, added.id());
        }
        return signerOfSlot;
    }

    /** One signer per slot, matched by position; fewer is a 400 naming the slots left empty. */
    private static void checkSlots(Detail template, List<SlotSigner> given) {
        List<Integer> slots = new ArrayList<>(template.slotNumbers());
        if (given.size() < slots.size()) {
            List<Integer> missing = slots.subList(given.size(), slots.size());
            throw Refusal.invalid("rest_invalid_param", "Invalid parameter(s): signers", Json.object("params",
                    Map.of("signers", "signers must fill the template's " + slots.size() + " slot(s); missing: "
                            + missing + "."), "missing_slots", missing));
        }
        if (given.size() > slots.size()) {
            throw Refusal.invalidParam("signers", "the template has " + slots.size() + " slot(s) but "
                    + given.size() + " signers were given.");
        }
    }

    /** The variables checked against the template's keys and their fields' rules, as kept; unknown keys are a 400. */
    private static Map<String, String> prefill(Detail template, Map<String, String> variables) {
        Map<String, TemplateField> byKey = new HashMap<>();
        template.variables().forEach(f -> byKey.put(f.variableKey(), f));
        List<String> unknown = variables.keySet().stream().filter(k -> !byKey.containsKey(k)).sorted().toList();
        if (!unknown.isEmpty()) {
            throw Refusal.invalid("rest_invalid_param", "Invalid parameter(s): variables", Json.object("params",
                    Map.of("variables", "unknown variable key(s): " + String.join(", ", unknown) + "."),
                    "unknown_variables", unknown));
        }
        FieldValues.Refused refused = new FieldValues.Refused();
        Map<String, String> kept = new LinkedHashMap<>();
        variables.forEach((key, value) -> {
            TemplateField f = byKey.get(key);
            FieldValues.Fit fit = FieldValues.fit(f.type(), f.options(), value);
            if (fit.ok()) {
                kept.put(key, fit.value());
            } else {
                refused.add("variables." + key, key, fit);
            }
        });
        refused.throwIfAny();
        return kept;
    }

    /** The template, when {@code p} may change it or make documents from it: its owner, or a team member but a viewer. */
    private Template owned(Principal p, long id) {
        return access.ownership().require(p, templates.find(id), TeamRole.MEMBER, "Template");
    }

    /** The template, when {@code p} may read it: a team's viewer too. */
    private Template readable(Principal p, long id) {
        return access.ownership().require(p, templates.find(id), TeamRole.VIEWER, "Template");
    }

    private Page pageOf(TemplateStore.Page found) {
        return new Page(found.items().stream().map(this::detailOf).toList(), found.total());
    }

    private Detail detailOf(Template t) {
        return new Detail(t, templates.slots(t.id()), templates.fields(t.id()),
                new FileLayout(templateFiles.files(t.id())));
    }

    private static boolean sameFiles(List<DocumentFile> now, List<DocumentFile> before) {
        return now.stream().map(DocumentFile::id).toList().equals(before.stream().map(DocumentFile::id).toList());
    }

    /**
     * The stored files a new document or template gets: its own encrypted copy of each file's original
     * and PDF, in order, and of the joined PDF (the one file's PDF when there is one).
     */
    private record Copies(List<DocumentFile> files, long joinedPdf, Set<Long> stored) {
        void claim(StoredFiles to) {
            to.claim(stored.stream().mapToLong(Long::longValue).toArray());
        }

        void discard(StoredFiles from) {
            discard(from, stored);
        }

        static void discard(StoredFiles from, Set<Long> stored) {
            List<String> names = new ArrayList<>();
            stored.forEach(id -> from.forget(id).ifPresent(names::add));
            names.forEach(from::erase);
        }
    }

    private Copies copy(List<DocumentFile> source, long joinedPdf) {
        Set<Long> made = new LinkedHashSet<>();
        try {
            List<DocumentFile> copied = new ArrayList<>();
            for (DocumentFile f : source) {
                long original = copyOne(f.originalFileId(), made);
                long pdf = f.pdfFileId() == f.originalFileId() ? original : copyOne(f.pdfFileId(), made);
                copied.add(new DocumentFile(0, 0, 0, f.originalFilename(), f.mediaType(), f.totalPages(), f.pages(),
                        original, pdf, f.fileHash()));
            }
            long joined = source.size() == 1 ? copied.get(0).pdfFileId() : copyOne(joinedPdf, made);
            return new Copies(copied, joined, made);
        } catch (RuntimeException e) {
            Copies.discard(files, made);
            throw e;
        }
    }

    private long copyOne(long fileId, Set<Long> made) {
        try (InputStream in = files.open(fileId)) {
            long id = files.save(in).id();
            made.add(id);
            return id;
        } catch (IOException e) {
            throw new UncheckedIOException("could not copy stored file " + fileId, e);
        }
    }
}
