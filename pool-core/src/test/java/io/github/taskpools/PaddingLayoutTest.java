package io.github.taskpools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
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
 */
class PaddingLayoutTest {
    private static final int GAP = 128;
    private static final Pattern PADDING = Pattern.compile("[a-z][0-9a-f]{2,3}");

    static Stream<Arguments> paddedClasses() {
        Set<String> theLock = Set.of("lock", "delta");
        Set<String> fifoOwner = Set.of("prod", "cons", "prodBWord", "prodBase", "prodEnd", "putSlot", "prodB",
                "consBlock", "consBase", "consEnd", "getSlot", "consInProd", "blockAdvances");
        // pushLimit is the owner's too, though thieves write it (a grant request): on the owner's line,
        // as HotSpot's _push_limit, so that the fast path reads no other line.
        Set<String> lifoOwner = Set.of("top", "topRound", "topBlock", "topBase", "blockEnd", "frontSlot",
                "putSlot", "blockAdvances", "pushLimit", "grants", "grantsOnRequest");
        return Stream.of(
                Arguments.of("cafe.CafePool", List.of(Set.of("pt"), Set.of("gt"), Set.of("oldProducers"))),
                Arguments.of("chaselev.ChaseLevDeque", List.of(Set.of("top"), Set.of("bottom"))),
                Arguments.of("chaselev.SeqCstChaseLevDeque", List.of(Set.of("top"), Set.of("bottom"))),
                Arguments.of("fencefree.FfClDeque", List.of(Set.of("top"), Set.of("bottom"))),
                Arguments.of("fencefree.TheDeque", List.of(Set.of("top"), Set.of("bottom"), theLock)),
                Arguments.of("fencefree.FfTheDeque", List.of(Set.of("top"), Set.of("bottom"), theLock)),
                Arguments.of("fencefree.ThepDeque",
                        List.of(Set.of("top"), Set.of("bottom"), theLock, Set.of("echo"))),
                Arguments.of("bwos.FifoBwosDeque", List.of(fifoOwner, Set.of("stealBlock"))),
                Arguments.of("bwos.LifoBwosDeque", List.of(lifoOwner, Set.of("stealBlock"))),
                Arguments.of("executor.SearchCount", List.of(Set.of("count"))),
                Arguments.of("internal.Waiters", List.of(Set.of("waiting", "epoch"))),
                Arguments.of("numapq.CalendarTable", List.of(Set.of("current"), Set.of("size"))),
                Arguments.of("salsa.MsQueue", List.of(Set.of("head"), Set.of("tail"))),
                Arguments.of("salsa.TreiberStack", List.of(Set.of("top"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("paddedClasses")
    void hotFieldsHaveTheirOwnCacheLines(String name, List<Set<String>> hotGroups) throws ClassNotFoundException {
        ClassLayout layout = ClassLayout.parseClass(Class.forName("io.github.taskpools." + name));
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
