package io.github.taskpools.jmh.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal JSON reader, enough for JMH's {@code -rf json} output: objects become
 * {@link LinkedHashMap}s, arrays {@link List}s, numbers {@link Double}s, plus strings, booleans and
 * {@code null}. JMH writes non-finite numbers as the strings {@code "NaN"} and {@code "Infinity"};
 * {@link #number} accepts those.
 */
final class Json {
    private final String s;
    private int pos;

    private Json(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        Json p = new Json(text);
        p.ws();
        Object v = p.value();
        p.ws();
        if (p.pos != p.s.length()) {
            throw p.error("trailing characters");
        }
        return v;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object o) {
        if (!(o instanceof Map)) {
            throw new IllegalArgumentException("expected a JSON object, got " + o);
        }
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> array(Object o) {
        if (!(o instanceof List)) {
            throw new IllegalArgumentException("expected a JSON array, got " + o);
        }
        return (List<Object>) o;
    }

    static double number(Object o) {
        if (o instanceof Double) {
            return (Double) o;
        }
        if (o instanceof String) {
            return Double.parseDouble((String) o); // "NaN", "Infinity", "-Infinity"
        }
        throw new IllegalArgumentException("expected a JSON number, got " + o);
    }

    /**
     * Writes {@code value} as JSON: {@link Map}s (string keys), {@link List}s, {@link String}s,
     * {@link Number}s (non-finite ones as {@code null}), {@link Boolean}s and {@code null}; nested
     * containers are indented by two spaces per level.
     */
    static String write(Object value) {
        StringBuilder b = new StringBuilder();
        write(b, value, 0);
        return b.append('\n').toString();
    }

    private static void write(StringBuilder b, Object v, int indent) {
        if (v == null) {
            b.append("null");
        } else if (v instanceof String) {
            quote(b, (String) v);
        } else if (v instanceof Boolean) {
            b.append(v);
        } else if (v instanceof Number) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) {
                b.append("null");
            } else if (v instanceof Integer || v instanceof Long) {
                b.append(v);
            } else {
                b.append(d);
            }
        } else if (v instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) v;
            if (m.isEmpty()) {
                b.append("{}");
                return;
            }
            b.append("{\n");
            int k = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                b.append("  ".repeat(indent + 1));
                quote(b, String.valueOf(e.getKey()));
                b.append(": ");
                write(b, e.getValue(), indent + 1);
                b.append(++k < m.size() ? ",\n" : "\n");
            }
            b.append("  ".repeat(indent)).append('}');
        } else if (v instanceof List) {
            List<?> l = (List<?>) v;
            if (l.isEmpty()) {
                b.append("[]");
                return;
            }
            b.append("[\n");
            for (int k = 0; k < l.size(); k++) {
                b.append("  ".repeat(indent + 1));
                write(b, l.get(k), indent + 1);
                b.append(k + 1 < l.size() ? ",\n" : "\n");
            }
            b.append("  ".repeat(indent)).append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + v.getClass().getName() + " as JSON");
        }
    }

    private static void quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    b.append("\\\"");
                    break;
                case '\\':
                    b.append("\\\\");
                    break;
                case '\n':
                    b.append("\\n");
                    break;
                case '\r':
                    b.append("\\r");
                    break;
                case '\t':
                    b.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    private Object value() {
        if (pos >= s.length()) {
            throw error("unexpected end");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{':
                return obj();
            case '[':
                return arr();
            case '"':
                return str();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                return num();
        }
    }

    private Map<String, Object> obj() {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        ws();
        if (peek() == '}') {
            pos++;
            return m;
        }
        for (;;) {
            ws();
            if (peek() != '"') {
                throw error("expected a key");
            }
            String k = str();
            ws();
            expect(':');
            ws();
            m.put(k, value());
            ws();
            char c = next();
            if (c == '}') {
                return m;
            }
            if (c != ',') {
                throw error("expected , or }");
            }
        }
    }

    private List<Object> arr() {
        List<Object> a = new ArrayList<>();
        pos++;
        ws();
        if (peek() == ']') {
            pos++;
            return a;
        }
        for (;;) {
            ws();
            a.add(value());
            ws();
            char c = next();
            if (c == ']') {
                return a;
            }
            if (c != ',') {
                throw error("expected , or ]");
            }
        }
    }

    private String str() {
        expect('"');
        StringBuilder b = new StringBuilder();
        for (;;) {
            char c = next();
            if (c == '"') {
                return b.toString();
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    b.append(e);
                    break;
                case 'b':
                    b.append('\b');
                    break;
                case 'f':
                    b.append('\f');
                    break;
                case 'n':
                    b.append('\n');
                    break;
                case 'r':
                    b.append('\r');
                    break;
                case 't':
                    b.append('\t');
                    break;
                case 'u':
                    if (pos + 4 > s.length()) {
                        throw error("bad \\u escape");
                    }
                    b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                    pos += 4;
                    break;
                default:
                    throw error("bad escape \\" + e);
            }
        }
    }

    private Double num() {
        int start = pos;
        while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
        if (start == pos) {
            throw error("unexpected character '" + s.charAt(pos) + "'");
        }
        return Double.valueOf(s.substring(start, pos));
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, pos)) {
            throw error("expected " + word);
        }
        pos += word.length();
        return v;
    }

    private void ws() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }

    private char peek() {
        if (pos >= s.length()) {
            throw error("unexpected end");
        }
        return s.charAt(pos);
    }

    private char next() {
        char c = peek();
        pos++;
        return c;
    }

    private void expect(char c) {
        if (next() != c) {
            pos--;
            throw error("expected '" + c + "'");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at offset " + pos);
    }
}
