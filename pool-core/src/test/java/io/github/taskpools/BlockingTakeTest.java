package io.github.taskpools;

import io.github.taskpools.api.Topology;
import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.internal.LinuxNative;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link BlockingTakeCases} on every task pool of pool-core. */
class BlockingTakeTest extends BlockingTakeCases {
    static Stream<Arguments> pools() {
        List<Arguments> pools = new ArrayList<>(List.of(
                pool("SalsaPool FULL", (c, p) -> SalsaPool.builder(c, p).topology(Topology.evenlySplit(2, 1)).build()),
                pool("SALSA+CAS", (c, p) -> SalsaPool.builder(c, p).consumeByCas(true)
                        .topology(Topology.evenlySplit(2, 1)).build()),
                pool("CafePool", (c, p) -> CafePool.builder().height(3).build())));
        if (LinuxNative.available()) {
            pools.add(pool("SalsaPool ASYMMETRIC", (c, p) -> SalsaPool.builder(c, p).fence(FenceMode.ASYMMETRIC)
                    .chunkSize(4).topology(Topology.evenlySplit(2, 1)).build()));
            pools.add(pool("SALSA+CAS asked for ASYMMETRIC", (c, p) -> SalsaPool.builder(c, p)
                    .fence(FenceMode.ASYMMETRIC).consumeByCas(true).topology(Topology.evenlySplit(2, 1)).build()));
        }
        return pools.stream();
    }
}
