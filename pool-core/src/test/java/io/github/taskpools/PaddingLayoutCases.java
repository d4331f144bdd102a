package io.github.taskpools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The padded classes keep their hot fields on their own cache lines on the running JVM: measured
 * with JOL on the real field offsets, each group of hot fields is at least {@value #GAP} bytes (two
 * lines, against adjacent-line prefetch) away from the object header, from every other field that
 * is not padding, and from the end of the object (the next object in the heap).
 *
 * <p>Padding made of {@code long}s is not enough: since JDK 15 HotSpot fills alignment holes of a
 * superclass with a subclass's narrow fields (-XX:+UseEmptySlotsInSupers), so a 4-byte field (an
 * int, a compressed reference) can land in the hole after the header or after another hot field,
 * in front of the padding meant to isolate it. Padding fields are named by one letter and two or
 * three digits ({@code p00}, {@code b017}).
 *
 * <p>The cases; {@code PaddingLayoutTest} here and in pool-baselines give the classes
 * ({@code paddedClasses()}: a class name, relative to {@link #packagePrefix()}, and its groups of
 * hot fields).
 */
public abstract class PaddingLayoutCases {
    private static final int GAP = 128;
    private static final Pattern PADDING = Pattern.compile("[a-z][0-9a-f]{2,3}");

    /** What the names of {@code paddedClasses()} are relative to. */
    protected String packagePrefix() {
        return "io.github.taskpools.";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("paddedClasses")
    void hotFieldsHaveTheirOwnCacheLines(String name, List<Set<String>> hotGroups) throws ClassNotFoundException {
        ClassLayout layout = ClassLayout.parseClass(Class.forName(packagePrefix() + name));
        String printed = layout.toPrintable();
        List<String> problems = new ArrayList<>();
        for (Set<String> group : hotGroups) {
            long start = Long.MAX_VALUE;
            long end = Long.MIN_VALUE;
            int found = 0;
            for (FieldLayout f : layout.fields()) {
                if (group.contains(f.name())) {
                    start = Math.min(start, f.offset());
                    end = Math.max(end, f.offset() + f.size());
                    found++;
                }
            }
            assertTrue(found == group.size(), () -> name + ": fields " + group + " not all found in\n" + printed);
            if (start - layout.headerSize() < GAP) {
                problems.add(group + " at " + start + " is " + (start - layout.headerSize()) + " bytes after the header");
            }
            if (layout.instanceSize() - end < GAP) {
                problems.add(group + " ends " + (layout.instanceSize() - end) + " bytes before the object's end");
            }
            for (FieldLayout f : layout.fields()) {
                if (group.contains(f.name()) || PADDING.matcher(f.name()).matches()) {
                    continue;
                }
                long gap = f.offset() >= end ? f.offset() - end : start - (f.offset() + f.size());
                if (gap < GAP) {
                    problems.add(group + " [" + start + ", " + end + ") is " + gap + " bytes from " + f.name()
                            + " at " + f.offset());
                }
            }
        }
        assertTrue(problems.isEmpty(), () -> name + ": " + problems + "\n" + printed);
    }
}
