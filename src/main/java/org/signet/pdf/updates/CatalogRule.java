package org.signet.pdf.updates;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.pdf.updates.UpdateCheck.Kind;

/**
 * How the catalog, the form, a page and their arrays may be redefined after a certification: each
 * only to gain validation material or a document timestamp's invisible field, every other key and
 * every earlier entry exactly as it was.
 */
final class CatalogRule {
    /** Validation material, the form (judged on its own), and the ESIC extension that declares the store. */
    private static final Set<String> CATALOG_ADDITIONS = Set.of("DSS", "AcroForm", "Extensions");
    private static final Set<String> FORM_ADDITIONS = Set.of("Fields", "SigFlags");

    private final UpdateRules rules;
    private final PriorObjects objects;

    CatalogRule(UpdateRules rules, PriorObjects objects) {
        this.rules = rules;
        this.objects = objects;
    }

    void check(RawValue was, RawValue now) throws IOException {
        if (!(was instanceof RawValue.Dict before) || !(now instanceof RawValue.Dict after)) {
            rules.found(Kind.STRUCTURE, "the catalog is no longer a dictionary");
            return;
        }
        for (String key : changedBesides(before, after, CATALOG_ADDITIONS)) {
            rules.found(Kind.OTHER, "the catalog's /" + key + " is changed");
        }
        RawValue formBefore = before.get("AcroForm");
        RawValue formAfter = after.get("AcroForm");
        boolean sameReference = formBefore instanceof RawValue.Ref && formBefore.equals(formAfter);
        if (!sameReference) {
            form(objects.resolve(formBefore), objects.resolve(formAfter));
        }
        RawValue extensionsBefore = before.get("Extensions");
        if (!(extensionsBefore instanceof RawValue.Ref && extensionsBefore.equals(after.get("Extensions")))) {
            extensions(objects.resolve(extensionsBefore), objects.resolve(after.get("Extensions")));
        }
    }

    /** The form may gain document timestamps' fields and its signature flags; nothing else of it may change. */
    void form(RawValue was, RawValue now) throws IOException {
        RawValue.Dict before = was == null ? new RawValue.Dict(Map.of()) : was instanceof RawValue.Dict d ? d : null;
        if (before == null || !(now instanceof RawValue.Dict after)) {
            rules.found(Kind.FORM, "the form is replaced by something that is not a form");
            return;
        }
        for (String key : changedBesides(before, after, FORM_ADDITIONS)) {
            rules.found(Kind.FORM, "the form's /" + key + " is changed");
        }
        RawValue fieldsBefore = before.get("Fields");
        if (!(fieldsBefore instanceof RawValue.Ref && fieldsBefore.equals(after.get("Fields")))) {
            appended(objects.resolve(fieldsBefore), objects.resolve(after.get("Fields")), Kind.FORM,
                    "the form's fields");
        }
        if (after.get("SigFlags") != null && !(after.get("SigFlags") instanceof RawValue.Number n && n.isInteger())) {
            rules.found(Kind.FORM, "the form's /SigFlags is not an integer");
        }
    }

    /** A page may gain document timestamps' invisible widgets among its annotations, and nothing else. */
    void page(long number, RawValue.Dict before, RawValue now) throws IOException {
        if (!(now instanceof RawValue.Dict after)) {
            rules.found(Kind.PAGES, "page object " + number + " is replaced by something that is not a page");
            return;
        }
        for (String key : changedBesides(before, after, Set.of("Annots"))) {
            rules.found(Kind.PAGES, "page object " + number + " has its /" + key + " changed");
        }
        RawValue annotsBefore = before.get("Annots");
        if (!(annotsBefore instanceof RawValue.Ref && annotsBefore.equals(after.get("Annots")))) {
            appended(objects.resolve(annotsBefore), objects.resolve(after.get("Annots")), Kind.ANNOTATIONS,
                    "page object " + number + "'s annotations");
        }
    }

    /** The extensions may gain or renew the ESIC entry that declares the store (ISO 32000-1 §7.12). */
    void extensions(RawValue was, RawValue now) throws IOException {
        RawValue.Dict before = was instanceof RawValue.Dict d ? d : new RawValue.Dict(Map.of());
        if (now == null) {
            if (was != null) {
                rules.found(Kind.OTHER, "the catalog's /Extensions is removed");
            }
            return;
        }
        if (!(now instanceof RawValue.Dict after)) {
            rules.found(Kind.OTHER, "the catalog's /Extensions is not a dictionary");
            return;
        }
        for (String key : changedBesides(before, after, Set.of("ESIC"))) {
            rules.found(Kind.OTHER, "the catalog's /Extensions /" + key + " is changed");
        }
    }

    /**
     * An array (the form's fields, a page's annotations) as it was, with only document timestamps'
     * invisible fields after its earlier entries.
     */
    void appended(RawValue was, RawValue now, Kind kind, String what) throws IOException {
        List<RawValue> before = was == null ? List.of() : was instanceof RawValue.Array a ? a.items() : null;
        if (before == null || !(now instanceof RawValue.Array after) || after.items().size() < before.size()) {
            rules.found(kind, what + " lose entries or change shape");
            return;
        }
        for (int i = 0; i < before.size(); i++) {
            if (!Canon.of(before.get(i)).equals(Canon.of(after.items().get(i)))) {
                rules.found(kind, what + " have an entry changed");
                return;
            }
        }
        for (RawValue added : after.items().subList(before.size(), after.items().size())) {
            String why = added instanceof RawValue.Ref r && objects.createdAfterSeal(r.number())
                    ? InvisibleTimestampField.whyNot(objects.get(r.number()), objects)
                    : "is not a new object";
            if (why != null) {
                rules.found(kind, what + " gain an entry that " + why);
            }
        }
    }

    /** The keys, other than {@code allowed}, whose values differ between two versions of a dictionary. */
    private static Set<String> changedBesides(RawValue.Dict before, RawValue.Dict after, Set<String> allowed)
            throws IOException {
        Set<String> keys = new LinkedHashSet<>(before.entries().keySet());
        keys.addAll(after.entries().keySet());
        Set<String> changed = new LinkedHashSet<>();
        for (String key : keys) {
            if (allowed.contains(key)) {
                continue;
            }
            RawValue b = before.get(key);
            RawValue a = after.get(key);
            if (b == null ? a != null : a == null || !Canon.of(b).equals(Canon.of(a))) {
                changed.add(key);
            }
        }
        return changed;
    }
}
