package io.github.taskpools.baselines.salsa;

import static io.github.taskpools.salsa.ComparisonPoolsLincheckTest.modelCheckingOptions;
import static io.github.taskpools.salsa.ComparisonPoolsLincheckTest.stressOptions;

import io.github.taskpools.api.Topology;
import io.github.taskpools.salsa.ComparisonPoolsLincheckTest.Scenario;
import io.github.taskpools.testkit.LincheckSupport;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Linearizability of the comparison pools of §6.2 (WS-MSQ, WS-LIFO, ConcBag) with pool-core's
 * {@link io.github.taskpools.salsa.ComparisonPoolsLincheckTest} scenario (one producer, two
 * consumers, through unbound handles), options and bag specification; that test says why a
 * null of these pools is linearizable in the scenario.
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
class ComparisonPoolsLincheckTest {

    /** WS-MSQ. */
    public static class WsMsq extends Scenario {
        public WsMsq() {
            this(new WsMsqPool<>(2, 1, Topology.evenlySplit(2, 2)));
        }

        private WsMsq(WsMsqPool<Integer> p) {
            super(p.producer(0), p.consumer(0), p.consumer(1));
        }
    }

    /** WS-LIFO. */
    public static class WsLifo extends Scenario {
        public WsLifo() {
            this(new WsLifoPool<>(2, 1, Topology.evenlySplit(2, 2)));
        }

        private WsLifo(WsLifoPool<Integer> p) {
            super(p.producer(0), p.consumer(0), p.consumer(1));
        }
    }

    /** ConcBag. */
    public static class ConcBag extends Scenario {
        public ConcBag() {
            this(new ConcBagPool<>(2, 1, 2));
        }

        private ConcBag(ConcBagPool<Integer> p) {
            super(p.producer(0), p.consumer(0), p.consumer(1));
        }
    }

    private static Class<?> scenario(String name) throws ClassNotFoundException {
        return Class.forName(ComparisonPoolsLincheckTest.class.getName() + "$" + name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"WsMsq", "WsLifo", "ConcBag"})
    void modelChecking(String name) throws ClassNotFoundException {
        LincheckSupport.check(scenario(name), modelCheckingOptions());
    }

    @ParameterizedTest
    @ValueSource(strings = {"WsMsq", "WsLifo", "ConcBag"})
    void stress(String name) throws ClassNotFoundException {
        LincheckSupport.check(scenario(name), stressOptions());
    }
}
