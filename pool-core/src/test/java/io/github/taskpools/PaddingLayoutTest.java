package io.github.taskpools;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link PaddingLayoutCases} for the padded classes of pool-core. */
class PaddingLayoutTest extends PaddingLayoutCases {
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
                Arguments.of("fencefree.FfClDeque", List.of(Set.of("top"), Set.of("bottom"))),
                Arguments.of("fencefree.TheDeque", List.of(Set.of("top"), Set.of("bottom"), theLock)),
                Arguments.of("fencefree.FfTheDeque", List.of(Set.of("top"), Set.of("bottom"), theLock)),
                Arguments.of("fencefree.ThepDeque",
                        List.of(Set.of("top"), Set.of("bottom"), theLock, Set.of("echo"))),
                Arguments.of("bwos.FifoBwosDeque", List.of(fifoOwner, Set.of("stealBlock"))),
                Arguments.of("bwos.LifoBwosDeque", List.of(lifoOwner, Set.of("stealBlock"))),
                Arguments.of("executor.WorkerCount", List.of(Set.of("count"))),
                Arguments.of("internal.Waiters", List.of(Set.of("waiting", "epoch"))),
                Arguments.of("numapq.CalendarTable", List.of(Set.of("current"), Set.of("size"))));
    }
}
