package com.paystra;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, strict JSON reader and writer (RFC 8259), so the kit needs nothing but the JDK.
 * Objects read as LinkedHashMap (key order kept), arrays as List, numbers as BigDecimal.
 */
public final class Json {
    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    /** Parses any JSON value; throws IllegalArgumentException on malformed input. */
    public static Object parse(String text) {
        Json reader = new Json(text);
        reader.skipSpace();
        Object value = reader.value(0);
        reader.skipSpace();
        if (reader.at != text.length()) {
            throw reader.error("unexpected text after the JSON value");
        }
        return value;
    }

    /** Parses a JSON object. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(String text) {
        Object value = parse(text);
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("JSON: expected an object");
        }
        return (Map<String, Object>) value;
    }

    /**
     * Parses a flat JSON object of scalars into strings, as the gateway's answers are.
     * Numbers keep their digits, true/false/null become their names.
     */
    public static Map<String, String> parseFlat(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : parseObject(text).entrySet()) {
            Object value = entry.getValue();
            if (value instanceof Map || value instanceof List) {
                throw new IllegalArgumentException("JSON: \"" + entry.getKey() + "\" is not a plain value");
            }
            fields.put(entry.getKey(), value instanceof BigDecimal
                    ? ((BigDecimal) value).toPlainString() : String.valueOf(value));
        }
        return fields;
    }

    /** Writes Maps, Lists/arrays, Strings, Numbers, Booleans and null as compact JSON. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    /**
     * Writes as JSON.stringify(value, null, 2) does: two-space indent, and only the escapes
     * JSON needs, so a webhook body signed here has the same bytes as one the gateway signs.
     */
    public static String writeIndented(Object value) {
        StringBuilder out = new StringBuilder();
        writeIndented(value, "", out);
        return out.toString();
    }

    /** A LinkedHashMap of alternating keys and values: Json.object("verified", true, "fields", map). */
    public static Map<String, Object> object(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("Json.object needs key, value pairs");
        }
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            object.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return object;
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            quote((String) value, out, true);
        } else if (value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof BigDecimal) {
            out.append(((BigDecimal) value).toPlainString());
        } else if (value instanceof Integer || value instanceof Long) {
            out.append(value);
        } else if (value instanceof Number) {
            double number = ((Number) value).doubleValue();
            if (Double.isNaN(number) || Double.isInfinite(number)) {
                throw new IllegalArgumentException("JSON has no NaN or Infinity");
            }
            out.append(BigDecimal.valueOf(number).stripTrailingZeros().toPlainString());
        } else if (value instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(String.valueOf(entry.getKey()), out, true);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof Iterable) {
            out.append('[');
            boolean first = true;
            for (Object item : (Iterable<?>) value) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(item, out);
            }
            out.append(']');
        } else if (value instanceof Object[]) {
            write(List.of((Object[]) value), out);
        } else {
            throw new IllegalArgumentException("JSON cannot hold a " + value.getClass().getName());
        }
    }

    private static void writeIndented(Object value, String indent, StringBuilder out) {
        String inner = indent + "  ";
        if (value instanceof Map && !((Map<?, ?>) value).isEmpty()) {
            out.append("{\n");
            boolean first = true;
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                out.append(first ? "" : ",\n").append(inner);
                first = false;
                quote(String.valueOf(entry.getKey()), out, false);
                out.append(": ");
                writeIndented(entry.getValue(), inner, out);
            }
            out.append('\n').append(indent).append('}');
        } else if (value instanceof Iterable && ((Iterable<?>) value).iterator().hasNext()) {
            out.append("[\n");
            boolean first = true;
            for (Object item : (Iterable<?>) value) {
                out.append(first ? "" : ",\n").append(inner);
                first = false;
                writeIndented(item, inner, out);
            }
            out.append('\n').append(indent).append(']');
        } else if (value instanceof String) {
            quote((String) value, out, false);
        } else {
            write(value, out);
        }
    }

    /**
     * A JSON string. For a page, {@code < > &} and the line separators are escaped too, so JSON
     * placed in a page can never close a {@code <script>}; plain, only what JSON.stringify escapes
     * (quote, backslash, control characters and lone surrogates).
     */
    private static void quote(String text, StringBuilder out, boolean forPage) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                default:
                    boolean escaped = forPage
                        ? c == '<' || c == '>' || c == '&' || c == 0x2028 || c == 0x2029
                        : isLoneSurrogate(text, i);
                    if (c < 0x20 || escaped) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    private static boolean isLoneSurrogate(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
        }
        return Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
    }

    // ---- reader ----

    private static final int MAX_DEPTH = 64;

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested too deeply");
        }
        if (at >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(at);
        switch (c) {
            case '{': return object(depth);
            case '[': return array(depth);
            case '"': return string();
            case 't': return literal("true", Boolean.TRUE);
            case 'f': return literal("false", Boolean.FALSE);
            case 'n': return literal("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> object = new LinkedHashMap<>();
        at++; // {
        skipSpace();
        if (peek('}')) {
            at++;
            return object;
        }
        while (true) {
            skipSpace();
            if (!peek('"')) {
                throw error("expected a key");
            }
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            object.put(key, value(depth + 1));
            skipSpace();
            if (peek(',')) {
                at++;
            } else {
                expect('}');
                return object;
            }
        }
    }

    private List<Object> array(int depth) {
        List<Object> array = new ArrayList<>();
        at++; // [
        skipSpace();
        if (peek(']')) {
            at++;
            return array;
        }
        while (true) {
            skipSpace();
            array.add(value(depth + 1));
            skipSpace();
            if (peek(',')) {
                at++;
            } else {
                expect(']');
                return array;
            }
        }
    }

    private String string() {
        at++; // opening quote
        StringBuilder out = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (at >= text.length()) {
                throw error("unterminated escape");
            }
            char escape = text.charAt(at++);
            switch (escape) {
                case '"': out.append('"'); break;
                case '\\': out.append('\\'); break;
                case '/': out.append('/'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'n': out.append('\n'); break;
                case 'r': out.append('\r'); break;
                case 't': out.append('\t'); break;
                case 'u':
                    if (at + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    String hex = text.substring(at, at + 4);
                    if (!hex.matches("[0-9A-Fa-f]{4}")) {
                        throw error("bad \\u escape");
                    }
                    out.append((char) Integer.parseInt(hex, 16));
                    at += 4;
                    break;
                default:
                    throw error("bad escape \\" + escape);
            }
        }
    }

    private BigDecimal number() {
        int start = at;
        if (peek('-')) {
            at++;
        }
        if (peek('0')) {
            at++;
        } else if (digitAhead()) {
            while (digitAhead()) {
                at++;
            }
        } else {
            throw error("bad number");
        }
        if (peek('.')) {
            at++;
            if (!digitAhead()) {
                throw error("bad number");
            }
            while (digitAhead()) {
                at++;
            }
        }
        if (peek('e') || peek('E')) {
            at++;
            if (peek('+') || peek('-')) {
                at++;
            }
            if (!digitAhead()) {
                throw error("bad number");
            }
            while (digitAhead()) {
                at++;
            }
        }
        return new BigDecimal(text.substring(start, at));
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw error("unexpected word");
        }
        at += word.length();
        return value;
    }

    private boolean digitAhead() {
        return at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9';
    }

    private boolean peek(char c) {
        return at < text.length() && text.charAt(at) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private void skipSpace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }

    private IllegalArgumentException error(String message) {
        return new IllegalArgumentException("JSON: " + message + " at offset " + at);
    }
}
