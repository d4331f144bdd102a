package io.github.taskpools.baselines;

import io.github.taskpools.BlockingTakeCases;
import io.github.taskpools.baselines.salsa.ConcBagPool;
import io.github.taskpools.baselines.salsa.WsLifoPool;
import io.github.taskpools.baselines.salsa.WsMsqPool;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link BlockingTakeCases} on the baseline task pools. */
class BlockingTakeTest extends BlockingTakeCases {
    static Stream<Arguments> pools() {
        return Stream.of(
                pool("WsMsqPool", WsMsqPool::new),
                pool("WsLifoPool", WsLifoPool::new),
                pool("ConcBagPool", (c, p) -> new ConcBagPool<>(c, p, 4)));
    }
}
