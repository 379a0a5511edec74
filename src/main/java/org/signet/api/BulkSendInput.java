package org.signet.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.signet.domain.EmailAddress;
import org.signet.domain.ExternalRef;
import org.signet.domain.Signer;
import org.signet.error.ProblemList;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Keys;
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
    /** A JSON bulk send holds its rows; a row's own keys are the template's columns, checked row by row. */
    private static final Keys ROWS = Keys.of("rows");

    private final DocumentInput input;

    BulkSendInput(DocumentInput input) {
        this.input = input;
    }

    /**
     * Reads a CSV file's rows. A record with more values than the template has columns cannot be right,
     * so reading stops there: a header of a million columns costs no more than one of the template's.
     */
    BulkSends.Rows fromCsv(byte[] bytes, Templates.Detail template) {
        Set<String> columns = BulkSends.columns(template);
        List<List<String>> records;
        try {
            records = CsvReader.read(bytes, BulkSends.MAX_ROWS + 2, columns.size());
        } catch (CsvReader.CsvException e) {
            return BulkSends.Rows.refused(e.getMessage() + (e.tooManyFields() ? " The template has " + columns.size()
                    + " columns: " + String.join(", ", columns) + "." : ""));
        }
        if (records.size() > BulkSends.MAX_ROWS + 1) {
            return BulkSends.Rows.refused("The file has more than " + BulkSends.MAX_ROWS + " rows.");
        }
        if (records.isEmpty()) {
            return BulkSends.Rows.refused("The file is empty: it needs a header row and a row per document.");
        }
        List<String> header = records.get(0).stream().map(String::strip).toList();
        ProblemList headerProblems = headerProblems(header, columns);
        if (!headerProblems.isEmpty()) {
            return new BulkSends.Rows(headerProblems, List.of());
        }
        List<BulkSends.RowRequest> rows = new ArrayList<>();
        for (int n = 1; n < records.size(); n++) {
            List<String> record = records.get(n);
            ProblemList problems = new ProblemList();
            if (record.size() != header.size()) {
                problems.add(record.size() + " values where the header has " + header.size() + ".");
            }
            rows.add(row(n, csvRow(header, record), template, problems));
        }
        return new BulkSends.Rows(new ProblemList(), rows);
    }

    private static Map<String, Object> csvRow(List<String> header, List<String> record) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < header.size() && i < record.size(); i++) {
            values.put(header.get(i), record.get(i));
        }
        return values;
    }

    /** {@code rows}: an array of objects, one per document, keyed by the same columns as a CSV file's header. */
    BulkSends.Rows fromJson(Body b, Templates.Detail template) {
        b.refuseUnknown(ROWS);
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
            rows.add(row(n, values, template, new ProblemList()));
        }
        return new BulkSends.Rows(new ProblemList(), rows);
    }

    /** The header's problems; the template's columns are named once, with the first unknown one. */
    private static ProblemList headerProblems(List<String> header, Set<String> columns) {
        ProblemList problems = new ProblemList();
        Set<String> seen = new LinkedHashSet<>();
        boolean named = false;
        for (String name : header) {
            if (!seen.add(name)) {
                problems.add("Header: the column " + name + " is given twice.");
            } else if (!columns.contains(name)) {
                problems.add("Header: " + (name.isEmpty() ? "a column has no name" : "unknown column " + name)
                        + (named ? "." : "; the columns are " + String.join(", ", columns) + "."));
                named = true;
            }
        }
        columns.stream().filter(c -> c.startsWith("signer") && !seen.contains(c))
                .forEach(c -> problems.add("Header: the column " + c + " is missing."));
        return problems;
    }

    /** One row checked: the request it makes, or every problem it has, after those already in {@code problems}. */
    private BulkSends.RowRequest row(int n, Map<String, Object> given, Templates.Detail template,
            ProblemList problems) {
        Map<String, Object> values = new LinkedHashMap<>();
        given.forEach((k, v) -> {
            if (!(v instanceof String s && s.isBlank())) {
                values.put(k, v);
            }
        });
        Body b = new Body(values);
        Set<String> columns = BulkSends.columns(template);
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
            e.sentences().forEach(problems::add);
        }
        return problems.isEmpty() ? new BulkSends.RowRequest(n, new Templates.NewDocumentRequest(null, variables,
                signers, true, expiresAt, ref, Optional.empty()), new ProblemList()) : new BulkSends.RowRequest(n, null, problems);
    }

    private static Templates.SlotSigner signer(Body b, String prefix, ProblemList problems) {
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
