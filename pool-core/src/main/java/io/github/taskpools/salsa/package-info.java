/**
 * SALSA, a producer/consumer task pool for many producers and consumers: start with
 * {@link io.github.taskpools.salsa.SalsaPool} ({@code SalsaPool.builder(consumers, producers)}),
 * whose handles a thread takes with {@code producer()} or {@code consumer()} and gives back with
 * {@code release()}. Each consumer takes from its own chunks without a CAS in the common case and
 * steals whole chunks from the others when it runs out; producers put near their NUMA node. A
 * {@code get()} that returns {@code null} is linearizable: the pool was empty at some moment during
 * the call. {@link io.github.taskpools.salsa.FenceMode} chooses how the consumer's store-load
 * window is closed: a full fence (the default), or Linux {@code membarrier} on the stealer's side,
 * which needs JNA and falls back, saying why.
 *
 * <h2>Implementation notes</h2>
 * Gidron, Keidar, Perelman and Perez, "SALSA: Scalable and Low Synchronization NUMA-aware Algorithm
 * for Producer-Consumer Pools" (IPDPS'12): the work-stealing framework and access lists of §4
 * ({@code SalsaPool}, with {@code internal.AccessLists}) over one single-consumer pool per consumer
 * (the package-private {@code ScPool}, §5, Algorithms 3-6): chunk lists (§5.1, {@code ChunkList},
 * {@code Node}), the CAS-free consume (§5.2.2), chunk stealing with an ABA-tagged owner word (§5.3,
 * {@code Chunk}), chunk pools and producer-based balancing (§5.4), the emptiness check (§5.5), and
 * the memory reordering of §6.1 ({@code FenceMode}); SALSA+CAS, the comparison variant of §6.2, is
 * a builder option. {@code ScPool}'s class comment holds the §6.1 handshake and the "line 88"
 * causality argument; {@code Chunk}'s, reuse without hazard pointers. jcstress tests:
 * {@code io.github.taskpools.jcstress.salsa} in the jcstress-tests module (among them
 * {@code PutVsWait}, a put against a consumer about to park).
 */
package io.github.taskpools.salsa;
