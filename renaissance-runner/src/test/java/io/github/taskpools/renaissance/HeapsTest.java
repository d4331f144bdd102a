package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeapsTest {

    @Test
    void readsSizesInOrderSkippingCommentsAndBlankLines() {
        Map<String, String> h = Heaps.parse("f", List.of("# heaps", "", "als = 2g", "fj-kmeans=512m # live set 90 MiB",
                "  dotty=1536M  "));
        assertEquals(List.of("als", "fj-kmeans", "dotty"), List.copyOf(h.keySet()));
        assertEquals(List.of("2g", "512m", "1536M"), List.copyOf(h.values()));
    }

    @Test
    void aBadLineIsRefusedWithItsNumberAndWhy() {
        String noEquals = assertThrows(IllegalArgumentException.class,
                () -> Heaps.parse("f", List.of("als 2g"))).getMessage();
        assertTrue(noEquals.startsWith("--heaps f line 1: expected benchmark=size"), noEquals);
        String badSize = assertThrows(IllegalArgumentException.class,
                () -> Heaps.parse("f", List.of("als=2g", "dotty=0m"))).getMessage();
        assertTrue(badSize.startsWith("--heaps f line 2: the size of dotty must be digits"), badSize);
        String twice = assertThrows(IllegalArgumentException.class,
                () -> Heaps.parse("f", List.of("als=2g", "als=1g"))).getMessage();
        assertEquals("--heaps f line 2: als is listed twice", twice);
        assertThrows(IllegalArgumentException.class, () -> Heaps.parse("f", List.of("=2g")));
    }

    @Test
    void aMissingFileIsNamed() {
        String m = assertThrows(IllegalArgumentException.class, () -> Heaps.read(Path.of("no-such-heaps.txt")))
                .getMessage();
        assertEquals("--heaps: no file no-such-heaps.txt", m);
    }

    @Test
    void theCommittedWholeSuiteHeapsParse() throws Exception {
        Map<String, String> h = Heaps.read(Path.of("heaps-0.16.1.txt")); // surefire runs in the module's directory
        List<String> suite = Files.readAllLines(Path.of("src/test/resources/renaissance-0.16.1/list.txt")).stream()
                .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0))).toList(); // --list: names, then text
        assertTrue(h.size() >= 20, h.toString());
        for (String b : h.keySet()) {
            assertTrue(suite.contains(b), b + " is a benchmark of Renaissance 0.16.1: " + suite);
        }
    }
}
