package org.signet.http.multipart;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A header value split into its leading value and its {@code ; name=value} parameters, as used by
 * Content-Type and Content-Disposition; parameter names are lower-cased.
 */
record HeaderParams(String value, Map<String, String> params) {

    HeaderParams {
        params = Map.copyOf(params);
    }

    /**
     * Parses a header; a backslash inside quotes escapes only a quote, because browsers send
     * Windows paths such as {@code "C:\x\a.pdf"} unescaped (HTML multipart/form-data encoding).
     */
    static HeaderParams parse(String header, String error) throws MultipartException {
        int semi = header.indexOf(';');
        String value = (semi < 0 ? header : header.substring(0, semi)).trim();
        Map<String, String> params = new LinkedHashMap<>();
        int i = semi < 0 ? header.length() : semi + 1;
        while (true) {
            i = skipSpace(header, i);
            if (i == header.length()) {
                return new HeaderParams(value, params);
            }
            int eq = header.indexOf('=', i);
            if (eq < 0) {
                throw new MultipartException(error);
            }
            String name = header.substring(i, eq).trim().toLowerCase(Locale.ROOT);
            StringBuilder out = new StringBuilder();
            i = readValue(header, skipSpace(header, eq + 1), out, error);
            if (name.isEmpty() || !isToken(name) || params.putIfAbsent(name, out.toString()) != null) {
                throw new MultipartException(error);
            }
            i = skipSpace(header, i);
            if (i < header.length() && header.charAt(i++) != ';') {
                throw new MultipartException(error);
            }
        }
    }

    private static int readValue(String header, int i, StringBuilder out, String error) throws MultipartException {
        if (i < header.length() && header.charAt(i) == '"') {
            for (i++; i < header.length(); i++) {
                char c = header.charAt(i);
                if (c == '"') {
                    return i + 1;
                }
                if (c == '\\' && i + 1 < header.length() && header.charAt(i + 1) == '"') {
                    c = '"';
                    i++;
                }
                out.append(c);
            }
            throw new MultipartException(error);
        }
        int end = header.indexOf(';', i);
        end = end < 0 ? header.length() : end;
        String token = header.substring(i, end).trim();
        if (token.isEmpty() || token.indexOf('"') >= 0) {
            throw new MultipartException(error);
        }
        out.append(token);
        return end;
    }

    private static boolean isToken(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= ' ' || c >= 0x7f || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }
}
