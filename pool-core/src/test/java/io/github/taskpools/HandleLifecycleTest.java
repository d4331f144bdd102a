package io.github.taskpools;

import io.github.taskpools.api.Topology;
import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.pool.BwosPool;
import io.github.taskpools.salsa.SalsaPool;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link HandleLifecycleCases} on every task pool of pool-core. */
class HandleLifecycleTest extends HandleLifecycleCases {
    static Stream<Arguments> pools() {
        Topology topo = Topology.evenlySplit(2, Math.max(1, HANDLES / 2));
        return Stream.of(
                pool("SalsaPool", n -> SalsaPool.<Integer>builder(n, n).topology(topo).build()),
                pool("SALSA+CAS", n -> SalsaPool.<Integer>builder(n, n).consumeByCas(true).topology(topo).build()),
                pool("CafePool", n -> CafePool.<Integer>builder().height(3).build()),
                pool("BwosPool LIFO", n -> BwosPool.builder(n).order(BwosPool.Order.LIFO).blockCount(8).blockSize(4)
                        .<Integer>build()),
                pool("BwosPool FIFO", n -> BwosPool.builder(n).order(BwosPool.Order.FIFO).blockCount(8).blockSize(4)
                        .<Integer>build()));
    }
}
