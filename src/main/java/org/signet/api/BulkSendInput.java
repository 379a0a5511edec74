package org.signet.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.signet.domain.EmailAddress;
import org.signet.domain.ExternalRef;
import org.signet.domain.Signer;
import org.signet.domain.TemplateField;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.service.BulkSends;
import org.signet.service.DrawableText;
import org.signet.service.Templates;
import org.signet.text.CsvReader;

/**
 * Reads a bulk send's rows, from a CSV file with a header row or from JSON {@code rows}, against the
 * template's columns: {@code signerN_name} and {@code signerN_email} for each of its slots, one column
 * per variable, and optional {@code external_id}, {@code expires_at} and {@code metadata} (JSON text in
 * a CSV). An empty value counts as not given. Each row's problems are kept for the report, never
 * thrown, so that every row is checked.
 */
final class BulkSendInput {
    private static final List<String> OPTIONAL = List.of("external_id", "expires_at", "metadata");

    private final DocumentInput input;

    /** What was read: problems of the whole (such as the header's) and each row. */
    record Read(List<String> problems, List<BulkSends.RowRequest> rows) {}

    BulkSendInput(DocumentInput input) {
        this.input = input;
    }

    Read fromCsv(byte[] bytes, Templates.Detail template) {
        List<List<String>> records;
        try {
            records = CsvReader.read(bytes, BulkSends.MAX_ROWS + 2);
        } catch (CsvReader.CsvException e) {
            return new Read(List.of(e.getMessage()), List.of());
        }
        if (records.size() > BulkSends.MAX_ROWS + 1) {
            return new Read(List.of("The file has more than " + BulkSends.MAX_ROWS + " rows."), List.of());
        }
        if (records.isEmpty()) {
            return new Read(List.of("The file is empty: it needs a header row and a row per document."), List.of());
        }
        List<String> header = records.get(0).stream().map(String::strip).toList();
        List<String> headerProblems = headerProblems(header, columns(template));
        if (!headerProblems.isEmpty()) {
            return new Read(headerProblems, List.of());
        }
        List<BulkSends.RowRequest> rows = new ArrayList<>();
        for (int n = 1; n < records.size(); n++) {
            List<String> record = records.get(n);
            List<String> problems = new ArrayList<>();
            if (record.size() != header.size()) {
                problems.add(record.size() + " values where the header has " + header.size() + ".");
            }
            rows.add(row(n, csvRow(header, record), template, problems));
        }
        return new Read(List.of(), rows);
    }

    private static Map<String, Object> csvRow(List<String> header, List<String> record) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < header.size() && i < record.size(); i++) {
            values.put(header.get(i), record.get(i));
        }
        return values;
    }

    /** {@code rows}: an array of objects, one per document, keyed by the same columns as a CSV file's header. */
    Read fromJson(Body b, Templates.Detail template) {
        Object raw = b.require("rows");
        b.check();
        if (!(raw instanceof List<?> list) || !list.stream().allMatch(r -> r instanceof Map<?, ?>)) {
            throw Refusal.invalidParam("rows", "rows must be an array of row objects.");
        }
        if (list.size() > BulkSends.MAX_ROWS) {
            throw Refusal.invalidParam("rows", "rows must hold at most " + BulkSends.MAX_ROWS + " rows.");
        }
        List<BulkSends.RowRequest> rows = new ArrayList<>();
        for (int n = 1; n <= list.size(); n++) {
            @SuppressWarnings("unchecked")
            Map<String, Object> values = (Map<String, Object>) list.get(n - 1);
            rows.add(row(n, values, template, new ArrayList<>()));
        }
        return new Read(List.of(), rows);
    }

    /** The template's columns: the signers' first, slot by slot, then the variables, then the optional ones. */
    static Set<String> columns(Templates.Detail template) {
        Set<String> columns = new LinkedHashSet<>();
        for (int slot : template.slotNumbers()) {
            columns.add("signer" + slot + "_name");
            columns.add("signer" + slot + "_email");
        }
        template.variables().stream().map(TemplateField::variableKey).forEach(columns::add);
        columns.addAll(OPTIONAL);
        return columns;
    }

    private static List<String> headerProblems(List<String> header, Set<String> columns) {
        List<String> problems = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String name : header) {
            if (!seen.add(name)) {
                problems.add("Header: the column " + name + " is given twice.");
            } else if (!columns.contains(name)) {
                problems.add("Header: " + (name.isEmpty() ? "a column has no name" : "unknown column " + name)
                        + "; the columns are " + String.join(", ", columns) + ".");
            }
        }
        columns.stream().filter(c -> c.startsWith("signer") && !seen.contains(c))
                .forEach(c -> problems.add("Header: the column " + c + " is missing."));
        return problems;
    }

    /** One row checked: the request it makes, or every problem it has, after those already in {@code problems}. */
    private BulkSends.RowRequest row(int n, Map<String, Object> given, Templates.Detail template,
            List<String> problems) {
        Map<String, Object> values = new LinkedHashMap<>();
        given.forEach((k, v) -> {
            if (!(v instanceof String s && s.isBlank())) {
                values.put(k, v);
            }
        });
        Body b = new Body(values);
        Set<String> columns = columns(template);
        values.keySet().stream().filter(k -> !columns.contains(k)).forEach(k -> problems.add("unknown column " + k + "."));
        List<Templates.SlotSigner> signers = new ArrayList<>();
        for (int slot : template.slotNumbers()) {
            signers.add(signer(b, "signer" + slot, problems));
        }
        Map<String, String> variables = new LinkedHashMap<>();
        template.variables().forEach(f -> b.optString(f.variableKey()).ifPresent(v -> variables.put(f.variableKey(), v)));
        Long expiresAt = input.expiresAt(b).orElse(null);
        ExternalRef ref = ExternalRefInput.read(b);
        try {
            b.check();
        } catch (Refusal e) {
            problems.addAll(e.sentences());
        }
        return problems.isEmpty() ? new BulkSends.RowRequest(n, new Templates.NewDocumentRequest(null, variables,
                signers, true, expiresAt, ref, null), List.of()) : new BulkSends.RowRequest(n, null, problems);
    }

    private static Templates.SlotSigner signer(Body b, String prefix, List<String> problems) {
        String name = null;
        String email = null;
        if (b.raw(prefix + "_name") == null) {
            problems.add(prefix + "_name is required.");
        } else {
            name = b.optLine(prefix + "_name", 255).orElse(null);
            DrawableText.check(prefix + "_name", name, b::reject);
        }
        if (b.raw(prefix + "_email") == null) {
            problems.add(prefix + "_email is required.");
        } else {
            email = b.optString(prefix + "_email").map(String::strip).orElse(null);
            if (email != null && !EmailAddress.isValid(email)) {
                b.reject(prefix + "_email", prefix + "_email is not a valid email address.");
            }
        }
        return new Templates.SlotSigner(name, email, null, null, false, Signer.Verification.NONE, null);
    }
}
