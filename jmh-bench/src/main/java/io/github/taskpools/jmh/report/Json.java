package io.github.taskpools.jmh.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * JSON through Jackson, as plain trees: objects are {@link Map}s, arrays {@link List}s, numbers
 * {@link Number}s, plus strings, booleans and {@code null}. JMH's {@code -rf json} writes non-finite
 * numbers as the strings {@code "NaN"} and {@code "Infinity"}; {@link #number} accepts those. The
 * report writes non-finite numbers as {@code null}, so {@code summary.json} stays strict JSON.
 */
final class Json {
    private Json() {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .registerModule(new SimpleModule().addSerializer(Double.class, new FiniteOrNull()));

    static Object parse(String text) {
        try {
            return MAPPER.readValue(text, new TypeReference<Object>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
        }
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
        if (o instanceof Number) {
            return ((Number) o).doubleValue();
        }
        if (o instanceof String) {
            return Double.parseDouble((String) o); // "NaN", "Infinity", "-Infinity"
        }
        throw new IllegalArgumentException("expected a JSON number, got " + o);
    }

    /**
     * Writes a tree of {@link Map}s (string keys), {@link List}s, {@link String}s, {@link Number}s
     * (non-finite doubles as {@code null}), {@link Boolean}s and {@code null}, indented.
     *
     * @throws IllegalArgumentException for any other kind of value
     */
    static String write(Object value) {
        check(value);
        try {
            return MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Only plain trees: Jackson would otherwise write any bean, which the report never means to. */
    private static void check(Object v) {
        if (v instanceof Map) {
            ((Map<?, ?>) v).values().forEach(Json::check);
        } else if (v instanceof List) {
            ((List<?>) v).forEach(Json::check);
        } else if (v != null && !(v instanceof String) && !(v instanceof Number) && !(v instanceof Boolean)) {
            throw new IllegalArgumentException("cannot write " + v.getClass().getName() + " as JSON");
        }
    }

    /** Doubles as numbers when finite, else {@code null} (JSON has no NaN or infinity). */
    private static final class FiniteOrNull extends StdSerializer<Double> {
        FiniteOrNull() {
            super(Double.class);
        }

        @Override
        public void serialize(Double d, JsonGenerator g, SerializerProvider p) throws IOException {
            if (Double.isFinite(d)) {
                g.writeNumber(d);
            } else {
                g.writeNull();
            }
        }
    }
}
