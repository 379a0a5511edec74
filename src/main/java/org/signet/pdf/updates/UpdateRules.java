package org.signet.pdf.updates;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.signet.pdf.updates.UpdateCheck.Finding;
import org.signet.pdf.updates.UpdateCheck.Kind;

/**
 * What an update after a certification that permits no changes (DocMDP P=1) may do, checked on
 * the update as written: add validation material (a /DSS dictionary and what it holds) and document
 * timestamps whose fields no viewer draws, redefining the catalog, the form and a page's annotations
 * only to add them. Anything else is a finding; so is an update that frees an object, gives one a
 * new generation, reuses a free number, or whose cross-references name bytes it did not write.
 */
final class UpdateRules {
    /** Most objects followed from the /DSS dictionary; a real store holds a few dozen. */
    private static final int MAX_REACHED = 100_000;

    private final PriorObjects objects;
    private final long root;
    private final RawValue info;
    private final Set<Long> annotationArrays;
    private final Set<Finding> findings = new LinkedHashSet<>();
    private final CatalogRule catalogRule;
    private long previousXref;

    UpdateRules(PriorObjects objects, long root, RawValue info, Set<Long> annotationArrays, long previousXref) {
        this.objects = objects;
        this.root = root;
        this.info = info;
        this.annotationArrays = Set.copyOf(annotationArrays);
        this.previousXref = previousXref;
        this.catalogRule = new CatalogRule(this, objects);
    }

    List<Finding> findings() {
        return List.copyOf(findings);
    }

    void found(Kind kind, String what) {
        findings.add(new Finding(kind, what));
    }

    /** Checks one update against the objects as they stood before it, then lays it over them. */
    void check(UpdateSection section) throws IOException {
        trailer(section);
        Map<Long, UpdateSection.WrittenObject> named = named(section);
        Before before = before();
        Map<Long, RawValue> replaced = new HashMap<>();
        long highestInUse = objects.highestInUse();
        for (UpdateSection.WrittenObject o : named.values()) {
            Integer generation = objects.generation(o.number());
            if (generation == null) {
                if (o.number() < highestInUse) {
                    found(Kind.STRUCTURE, "object " + o.number() + " reuses a number the document had freed");
                }
            } else if (generation != o.generation()) {
                found(Kind.STRUCTURE, "object " + o.number() + " is given a new generation");
            } else {
                replaced.put(o.number(), objects.get(o.number()));
            }
        }
        for (UpdateSection.WrittenObject o : named.values()) {
            objects.define(o.number(), o.generation(), o.value());
        }
        for (Map.Entry<Long, RawValue> e : replaced.entrySet()) {
            RawValue now = objects.get(e.getKey());
            if (!Canon.same(e.getValue(), now)) {
                redefined(e.getKey(), e.getValue(), now, before);
            }
        }
        for (UpdateSection.XrefEntry entry : section.entries()) {
            if (entry.type() == 0 && entry.number() != 0 && objects.generation(entry.number()) != null
                    && !named.containsKey(entry.number())) {
                found(Kind.STRUCTURE, "object " + entry.number() + " is freed");
                objects.free(entry.number());
            }
        }
        previousXref = section.startxref();
    }

    private void trailer(UpdateSection section) throws IOException {
        RawValue.Dict trailer = section.trailer();
        if (section.startxref() != section.xrefAt()) {
            found(Kind.STRUCTURE, "startxref does not point at the update's cross-references");
        }
        Long prev = trailer.get("Prev") instanceof RawValue.Number n ? n.integer() : null;
        if (prev == null || prev != previousXref) {
            found(Kind.STRUCTURE, "an update's /Prev does not point at the revision before it");
        }
        if (!(trailer.get("Root") instanceof RawValue.Ref r) || r.number() != root) {
            found(Kind.STRUCTURE, "an update names another document catalog");
        }
        if (!Objects.equals(canon(info), canon(trailer.get("Info")))) {
            found(Kind.OTHER, "an update names other document information");
        }
        for (String key : List.of("Encrypt", "XRefStm")) {
            if (trailer.get(key) != null) {
                found(Kind.STRUCTURE, "an update's trailer has /" + key);
            }
        }
    }

    private static String canon(RawValue value) throws IOException {
        return value == null ? null : Canon.of(value);
    }

    /**
     * The objects the update's cross-references place in its own body; an entry that points
     * elsewhere (at an older body, or at nothing), a body the entries do not name, and an object
     * stream are findings, since readers would disagree over them.
     */
    private Map<Long, UpdateSection.WrittenObject> named(UpdateSection section) {
        Map<Long, UpdateSection.WrittenObject> byOffset = new HashMap<>();
        Set<Long> written = new HashSet<>();
        for (UpdateSection.WrittenObject o : section.objects()) {
            byOffset.put(o.offset(), o);
            if (!written.add(o.number())) {
                found(Kind.STRUCTURE, "object " + o.number() + " is written twice in one update");
            }
        }
        Map<Long, UpdateSection.WrittenObject> named = new java.util.LinkedHashMap<>();
        Set<Long> entries = new HashSet<>();
        for (UpdateSection.XrefEntry e : section.entries()) {
            if (!entries.add(e.number())) {
                found(Kind.STRUCTURE, "object " + e.number() + " has two cross-reference entries in one update");
            } else if (e.type() == 2) {
                found(Kind.STRUCTURE, "object " + e.number() + " is placed in an object stream");
            } else if (e.type() == 1) {
                UpdateSection.WrittenObject o = byOffset.get(e.offset());
                if (o == null || o.number() != e.number() || o.generation() != e.generation()) {
                    found(Kind.STRUCTURE, "object " + e.number() + " is pointed at bytes the update did not write");
                } else {
                    named.put(o.number(), o);
                }
            }
        }
        for (UpdateSection.WrittenObject o : section.objects()) {
            if (!named.containsKey(o.number())) {
                found(Kind.STRUCTURE, "object " + o.number() + " is written but not in the cross-references");
            }
        }
        return named;
    }

    /** Where the catalog's parts stood before the update, so that each redefinition is judged by its role. */
    private record Before(RawValue.Dict catalog, Long acroForm, Long fields, Long extensions, Set<Long> dssStructure,
            Set<Long> dssReached) {}

    private Before before() throws IOException {
        RawValue.Dict catalog = objects.get(root) instanceof RawValue.Dict d ? d : new RawValue.Dict(Map.of());
        Long acroForm = number(catalog.get("AcroForm"));
        RawValue form = objects.resolve(catalog.get("AcroForm"));
        Long fields = form instanceof RawValue.Dict f ? number(f.get("Fields")) : null;
        RawValue dss = catalog.get("DSS");
        return new Before(catalog, acroForm, fields, number(catalog.get("Extensions")), reached(dss, false),
                reached(dss, true));
    }

    private static Long number(RawValue value) {
        return value instanceof RawValue.Ref r ? r.number() : null;
    }

    /**
     * The objects reached from {@code start} through references: all of them, or only the
     * dictionaries and arrays that give the store its shape (never a stream, which a page could share).
     */
    private Set<Long> reached(RawValue start, boolean streamsToo) throws IOException {
        Set<Long> out = new HashSet<>();
        Deque<RawValue> todo = new ArrayDeque<>();
        todo.push(start == null ? new RawValue.Null() : start);
        int visits = 0;
        while (!todo.isEmpty() && ++visits < MAX_REACHED) {
            RawValue v = todo.pop();
            if (v instanceof RawValue.Ref r) {
                RawValue target = objects.get(r.number());
                if ((streamsToo || !(target instanceof RawValue.Stream)) && target != null && out.add(r.number())) {
                    todo.push(target);
                }
            } else if (v instanceof RawValue.Array a) {
                a.items().forEach(todo::push);
            } else if (v instanceof RawValue.Dict d) {
                d.entries().values().forEach(todo::push);
            } else if (v instanceof RawValue.Stream s) {
                s.dict().entries().values().forEach(todo::push);
            }
        }
        return out;
    }

    private void redefined(long number, RawValue was, RawValue now, Before before) throws IOException {
        if (number == root) {
            catalogRule.check(was, now);
        } else if (Objects.equals(before.acroForm(), number)) {
            catalogRule.form(was, now);
        } else if (Objects.equals(before.fields(), number)) {
            catalogRule.appended(was, now, Kind.FORM, "the form's fields");
        } else if (annotationArrays.contains(number)) {
            catalogRule.appended(was, now, Kind.ANNOTATIONS, "a page's annotations");
        } else if (was instanceof RawValue.Dict d && "Page".equals(d.name("Type"))) {
            catalogRule.page(number, d, now);
        } else if (Objects.equals(before.extensions(), number)) {
            catalogRule.extensions(was, now);
        } else if (before.dssStructure().contains(number)
                || objects.createdAfterSeal(number) && before.dssReached().contains(number)) {
            return; // validation material, added to or rewritten
        } else if (objects.createdAfterSeal(number) && InvisibleTimestampField.whyNot(was, objects) == null) {
            String why = InvisibleTimestampField.whyNot(now, objects);
            if (why != null) {
                found(Kind.ANNOTATIONS, "a document timestamp's field, rewritten, " + why);
            }
        } else if (info instanceof RawValue.Ref r && r.number() == number) {
            found(Kind.OTHER, "the document information is rewritten");
        } else {
            found(Kind.STRUCTURE, "object " + number + " of the signed document is redefined");
        }
    }
}
