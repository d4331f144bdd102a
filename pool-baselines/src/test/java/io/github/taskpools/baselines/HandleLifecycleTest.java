package io.github.taskpools.baselines;

import io.github.taskpools.HandleLifecycleCases;
import io.github.taskpools.baselines.salsa.ConcBagPool;
import io.github.taskpools.baselines.salsa.WsLifoPool;
import io.github.taskpools.baselines.salsa.WsMsqPool;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link HandleLifecycleCases} on the baseline task pools. */
class HandleLifecycleTest extends HandleLifecycleCases {
    static Stream<Arguments> pools() {
        return Stream.of(
                pool("WsMsqPool", n -> new WsMsqPool<>(n, n)),
                pool("WsLifoPool", n -> new WsLifoPool<>(n, n)),
                pool("ConcBagPool", n -> new ConcBagPool<>(n, n, 4)));
    }
}
