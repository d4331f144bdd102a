package io.github.taskpools.examples;

import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;

/**
 * docs/usage.md's asymmetric fence: asks SalsaPool for {@link FenceMode#ASYMMETRIC} and prints the
 * mode it got and, when it fell back to {@link FenceMode#FULL}, why (JNA missing or not in the
 * module graph, no membarrier, or a JVM the fence's proof does not cover).
 */
public final class FenceModeExample {
    private FenceModeExample() {
    }

    public static void main(String[] args) {
        SalsaPool<Runnable> pool = SalsaPool.builder(2, 1).fence(FenceMode.ASYMMETRIC).build();
        String reason = pool.fenceFallbackReason();
        Check.that((pool.fenceMode() == FenceMode.ASYMMETRIC) == (reason == null),
                "a fallback to FULL comes with its reason");
        System.out.println("fence mode " + pool.fenceMode() + (reason == null ? "" : "; fell back: " + reason));
    }
}
