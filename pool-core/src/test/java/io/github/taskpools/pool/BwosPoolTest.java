package io.github.taskpools.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.taskpools.api.StealPolicies;
import io.github.taskpools.api.StealPolicy;
import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.Topology;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.api.WorkStealingPool;
import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.chaselev.ChaseLevDeque;
import io.github.taskpools.fencefree.BoundedTso;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.TheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The BWoS pool: every policy, with and without probabilistic acceptance, both variants; and the
 * same pool over other deques, the fence-free ones with their aborted steals.
 */
class BwosPoolTest {

    static Stream<Arguments> configurations() {
        List<Arguments> all = new ArrayList<>();
        String[] names = {"random", "seq", "last", "best-of-two", "best-of-many", "numa"};
        StealPolicy[] policies = {StealPolicies.RANDOM, StealPolicies.SEQUENTIAL, StealPolicies.LAST,
            StealPolicies.BEST_OF_TWO, StealPolicies.BEST_OF_MANY, StealPolicies.NUMA};
        for (BwosPool.Order order : BwosPool.Order.values()) {
            for (int p = 0; p < policies.length; p++) {
                for (boolean prob : new boolean[] {false, true}) {
                    all.add(Arguments.of(order, names[p], policies[p], prob));
                }
            }
        }
        return all.stream();
    }

    private static <E> BwosPool<E> pool(int workers, BwosPool.Order order, StealPolicy policy, boolean prob,
            int blocks, int size) {
        return BwosPool.builder(workers).order(order).policy(policy).probabilistic(prob)
                .blockCount(blocks).blockSize(size).randomizedStealing(order == BwosPool.Order.FIFO && prob)
                .topology(Topology.evenlySplit(workers, 2)).seed(workers * 31L + size).build();
    }

    /**
     * One thread drives four workers through random puts and gets against a model of each
     * worker's deque: a get returns the worker's own task in its order when it has one, otherwise
     * a task of another worker, and finds nothing only while every other worker's tasks sit in
     * that worker's owner-held block.
     */
    @ParameterizedTest(name = "{0} {1} probabilistic={3}")
    @MethodSource("configurations")
    void sequentialModel(BwosPool.Order order, String name, StealPolicy policy, boolean prob) {
        int workers = 4;
        int size = 3;
        BwosPool<Long> p = pool(workers, order, policy, prob, 3, size);
        List<ArrayDeque<Long>> model = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            p.worker(i).bind();
            model.add(new ArrayDeque<>());
        }
        SplittableRandom rnd = new SplittableRandom(name.hashCode() + (prob ? 1 : 0));
        long next = 1;
        for (int step = 0; step < 40_000; step++) {
            int w = rnd.nextInt(workers);
            WorkStealingPool.Worker<Long> worker = p.worker(w);
            if (rnd.nextInt(100) < 55) {
                if (worker.put(next)) {
                    model.get(w).addLast(next);
                }
                next++;
                continue;
            }
            Long got = worker.get();
            ArrayDeque<Long> own = model.get(w);
            if (!own.isEmpty()) {
                Long expected = order == BwosPool.Order.LIFO ? own.pollLast() : own.pollFirst();
                assertEquals(expected, got, "own task first, step " + step);
            } else if (got == null) {
                for (int v = 0; v < workers; v++) {
                    assertTrue(model.get(v).size() <= size,
                            "get found nothing while worker " + v + " had stealable tasks, step " + step);
                }
            } else {
                boolean found = false;
                for (int v = 0; v < workers && !found; v++) {
                    found = v != w && model.get(v).remove(got);
                }
                assertTrue(found, "stole " + got + ", which no other worker had, step " + step);
            }
        }
        long left = 0;
        for (ArrayDeque<Long> m : model) {
            left += m.size();
        }
        long drained = 0;
        for (int i = 0; i < workers; i++) {
            for (Long t; (t = p.worker(i).get()) != null; ) {
                drained++;
            }
        }
        assertEquals(left, drained, "the pool lost or invented tasks");
    }

    /**
     * Conservation: three worker threads (on two cores) put their own tasks in bursts and get
     * until every task of all of them is done; a put that finds the deque full runs the task at
     * once, as a work-stealing scheduler would. Every task is taken exactly once.
     */
    @ParameterizedTest(name = "{0} {1} probabilistic={3}")
    @MethodSource("configurations")
    void conservation(BwosPool.Order order, String name, StealPolicy policy, boolean prob) throws Exception {
        runConservation(pool(3, order, policy, prob, 4, 16));
    }

    /** The deques the pool can hold instead of BWoS ones; the fence-free two only on x86-64. */
    static Stream<Arguments> otherDeques() {
        List<Arguments> all = new ArrayList<>();
        all.add(Arguments.of("chase-lev", (IntFunction<WorkStealingDeque<?>>) i -> new ChaseLevDeque<>(64)));
        all.add(Arguments.of("the", (IntFunction<WorkStealingDeque<?>>) i -> new TheDeque<>(64)));
        if (BoundedTso.isSupported()) {
            all.add(Arguments.of("ff-the", (IntFunction<WorkStealingDeque<?>>) i -> new FfTheDeque<>(64, 8)));
            all.add(Arguments.of("ff-cl", (IntFunction<WorkStealingDeque<?>>) i -> new FfClDeque<>(64, 8)));
        }
        return all.stream();
    }

    /**
     * The same conservation stress with other deques: every task taken once. With FF-THE and FF-CL
     * a thief aborts while a victim holds δ tasks or fewer, so those tasks stay with their owner,
     * which takes them itself. δ = 8 is below this machine's bound for takes back to back (S = 61 to
     * 65 on the EPYCs measured), and is safe here only because every task taken is counted with a
     * locked increment ({@code done}), a full fence on x86-64: at most one take is ever in a worker's
     * store buffer, as in the jcstress tests. Counting in batches would void that.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("otherDeques")
    void conservationWithOtherDeques(String name, IntFunction<WorkStealingDeque<?>> factory) throws Exception {
        runConservation(BwosPool.builder(3).deques(factory).policy(StealPolicies.RANDOM).seed(name.hashCode())
                .build());
    }

    private static void runConservation(BwosPool<Long> p) throws Exception {
        int workers = p.workers();
        int perWorker = 100_000;
        long total = (long) workers * perWorker;
        AtomicLong done = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        BitSet[] taken = new BitSet[workers];
        long[] stolen = new long[workers];
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int id = w;
            threads.add(new Thread(() -> {
                WorkStealingPool.Worker<Long> me = p.worker(id);
                me.bind();
                BitSet mine = new BitSet();
                SplittableRandom rnd = new SplittableRandom(id);
                try {
                    long next = (long) id * perWorker + 1;
                    long end = next + perWorker;
                    while (done.get() < total) {
                        for (int i = rnd.nextInt(64); i > 0 && next < end; i--, next++) {
                            if (!me.put(next)) {
                                take(mine, next, done);
                            }
                        }
                        for (int i = rnd.nextInt(48); i > 0; i--) {
                            Long t = me.get();
                            if (t == null) {
                                Thread.onSpinWait();
                                break;
                            }
                            take(mine, t, done);
                        }
                        if (rnd.nextInt(64) == 0) {
                            Thread.yield();
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    done.set(Long.MAX_VALUE);
                } finally {
                    taken[id] = mine;
                    stolen[id] = me.stolen();
                }
            }, "worker-" + w));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join(120_000);
            assertTrue(!t.isAlive(), "worker did not finish");
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        BitSet all = new BitSet();
        for (BitSet b : taken) {
            BitSet dup = (BitSet) all.clone();
            dup.and(b);
            assertTrue(dup.isEmpty(), "task taken twice: " + dup.nextSetBit(0));
            all.or(b);
        }
        assertEquals(total, all.cardinality(), "tasks lost, first: " + all.nextClearBit(1));
        assertEquals(total, done.get());
        assertTrue(Arrays.stream(stolen).sum() > 0, "no worker ever stole: the test proves nothing");
    }

    private static void take(BitSet mine, long task, AtomicLong done) {
        if (mine.get((int) task)) {
            fail("task " + task + " taken twice by one worker");
        }
        mine.set((int) task);
        done.incrementAndGet();
    }

    @Test
    void handlesAreClaimedPerThread() throws Exception {
        BwosPool<String> p = BwosPool.builder(2).build();
        WorkStealingPool.Worker<String> mine = p.producer();
        assertSame(mine, p.consumer(), "producer and consumer of a thread are one worker");
        for (int i = 0; i <= 64; i++) { // one more than a block: block 0 is granted to thieves
            assertTrue(mine.put("t" + i));
        }
        ExecutorService other = Executors.newSingleThreadExecutor();
        ExecutorService third = Executors.newSingleThreadExecutor();
        try {
            WorkStealingPool.Worker<String> theirs = other.submit(p::consumer).get();
            assertEquals(1 - mine.index(), theirs.index());
            assertSame(theirs, other.submit(p::producer).get(), "the same thread gets the same worker");
            assertEquals("t0", other.submit(() -> p.consumer().get()).get(),
                    "the other worker's thread steals the oldest task");
            assertEquals("t64", mine.get(), "the owner takes its newest");
            ExecutionException full = assertThrows(ExecutionException.class, () -> third.submit(p::producer).get());
            assertTrue(full.getCause() instanceof IllegalStateException, full.toString());
            assertTrue(full.getCause().getMessage().startsWith("all 2 handles of this kind are bound to live threads"),
                    full.getCause().getMessage());
        } finally {
            other.shutdown();
            third.shutdown();
        }
    }

    /** Tasks that never fill a block are hidden from thieves until a failed steal asks for a grant. */
    @Test
    void aFailedStealAsksForAGrantOfTasksBelowABlock() throws Exception {
        BwosPool<String> p = BwosPool.builder(2).order(BwosPool.Order.LIFO).build();
        WorkStealingPool.Worker<String> mine = p.producer();
        for (int i = 0; i < 4; i++) { // a block holds 64: nothing is granted
            assertTrue(mine.put("t" + i));
        }
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            assertNull(other.submit(() -> p.consumer().get()).get(), "nothing granted yet; the miss asks for a grant");
            assertTrue(mine.put("t4"), "the owner answers the request at its next put");
            assertEquals("t0", other.submit(() -> p.consumer().get()).get(), "the oldest task was granted");
            assertEquals("t4", mine.get(), "the owner keeps the newest");
        } finally {
            other.shutdown();
        }
    }

    static Stream<Arguments> abandonedWorkerPools() {
        List<Arguments> all = new ArrayList<>();
        for (boolean dies : new boolean[] {false, true}) {
            all.add(Arguments.of("lifo-bwos", dies, (IntFunction<WorkStealingDeque<?>>) i -> new LifoBwosDeque<>(4, 64)));
            all.add(Arguments.of("fifo-bwos", dies, (IntFunction<WorkStealingDeque<?>>) i -> new FifoBwosDeque<>(4, 64)));
            if (BoundedTso.isSupported()) {
                all.add(Arguments.of("ff-the", dies, (IntFunction<WorkStealingDeque<?>>) i -> new FfTheDeque<>(64, 8)));
                all.add(Arguments.of("ff-cl", dies, (IntFunction<WorkStealingDeque<?>>) i -> new FfClDeque<>(64, 8)));
            }
        }
        return all.stream();
    }

    /**
     * Tasks a thief can never steal (a LIFO BWoS owner's ungranted block, an aborting deque's last
     * δ tasks) are not stranded when their worker's thread releases it or terminates while other
     * workers are free: a worker whose steals fail adopts the abandoned worker and pops them (at
     * once after a release, within a sweep period of failed steals after a death). While the owner
     * lives and holds its worker, they stay its own.
     */
    @ParameterizedTest(name = "{0} dies={1}")
    @MethodSource("abandonedWorkerPools")
    void tasksOfAnAbandonedWorkerAreAdopted(String name, boolean dies, IntFunction<WorkStealingDeque<?>> factory)
            throws Exception {
        BwosPool<String> p = BwosPool.builder(4).deques(factory).build();
        java.util.concurrent.CountDownLatch put = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch leave = new java.util.concurrent.CountDownLatch(1);
        Thread owner = new Thread(() -> {
            WorkStealingPool.Worker<String> w = p.producer();
            for (int i = 0; i < 3; i++) {
                assertTrue(w.put("t" + i));
            }
            put.countDown();
            try {
                leave.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!dies) {
                assertTrue(p.release());
            }
        });
        owner.start();
        put.await();
        WorkStealingPool.Worker<String> me = p.worker(1);
        me.bind();
        if (!name.equals("fifo-bwos")) { // FIFO BWoS thieves reach the producer's block
            assertNull(me.get(), name + ": a live owner's hidden tasks are its own");
        }
        leave.countDown();
        owner.join();
        List<String> got = new ArrayList<>();
        // A release marks the pool; a death is found by the periodic sweep of failed steals.
        for (int k = 0; got.size() < 3 && k < 4 * BwosPool.ADOPTION_PERIOD; k++) {
            String t = me.get();
            if (t != null) {
                got.add(t);
            }
        }
        assertNull(me.get(), name + ": nothing more");
        got.sort(null);
        assertEquals(List.of("t0", "t1", "t2"), got, name + ": every task of the abandoned worker");
        assertTrue(p.release());
        assertEquals(0, p.worker(0).index());
        assertNull(inNewThread(() -> p.producer().get()), name + ": the adopted worker, free again, is empty");
    }

    /**
     * A release that leaves tasks behind wakes a taker blocked on another worker: the owner put its
     * task before the taker's failed steal asked for a grant, so no put answers the request.
     */
    @Test
    void aReleaseWithTasksLeftWakesABlockedTaker() throws Exception {
        BwosPool<String> p = BwosPool.builder(4).order(BwosPool.Order.LIFO).build();
        ExecutorService owner = Executors.newSingleThreadExecutor();
        ExecutorService taker = Executors.newSingleThreadExecutor();
        try {
            owner.submit(() -> assertTrue(p.producer().put("hidden"))).get(); // not granted: no signal
            java.util.concurrent.Future<String> took = taker.submit(() -> {
                WorkStealingPool.Worker<String> w = p.worker(2);
                w.bind();
                return w.poll(30, java.util.concurrent.TimeUnit.SECONDS);
            });
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (p.waiters.waitingCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            Thread.sleep(20); // past its last look: parked
            assertEquals(1, p.waiters.waitingCount(), "the taker waits");
            assertTrue(owner.submit(p::release).get());
            assertEquals("hidden", took.get(20, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            owner.shutdownNow();
            taker.shutdownNow();
        }
    }

    private static <T> T inNewThread(java.util.concurrent.Callable<T> c) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                result.set(c.call());
            } catch (Exception e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) {
            throw failure.get();
        }
        return result.get();
    }

    @Test
    void badConfigurationsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> BwosPool.builder(0));
        assertThrows(IllegalArgumentException.class, () -> BwosPool.builder(2).blockCount(1).build());
        assertThrows(IllegalArgumentException.class, () -> BwosPool.builder(2).blockSize(0).build());
        assertThrows(IllegalArgumentException.class,
                () -> BwosPool.builder(2).topology(Topology.singleNode(3)).build());
        assertThrows(NullPointerException.class, () -> BwosPool.builder(2).policy(null));
        assertThrows(IllegalArgumentException.class, () -> Topology.of(0, -1));
        assertThrows(IllegalArgumentException.class, () -> Topology.of());
    }

    /**
     * A user's steal policy that answers an index out of range is named in the refusal, with the
     * index and the valid range, not surfaced as a bare ArrayIndexOutOfBoundsException.
     */
    @Test
    void aStealPolicyOutOfRangeIsNamed() {
        StealPolicy broken = (thief, victims) -> 99;
        BwosPool<Integer> pool = BwosPool.builder(2).policy(broken).build();
        String m = assertThrows(IllegalStateException.class, () -> pool.consumer().get()).getMessage();
        assertTrue(m.contains("selected victim 99") && m.contains("[0, 2)"), m);
    }

    /**
     * An aborted steal is visible through the pool: FF-CL and FF-THE with δ = 8. While the victim
     * holds δ tasks or fewer the thief's sweep answers ABORT (not EMPTY) and {@code steal} gives
     * {@code null}; beyond δ it steals the oldest; once the owner has taken everything, EMPTY.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("otherDeques")
    void abortIsVisibleThroughThePool(String name, IntFunction<WorkStealingDeque<?>> factory) {
        BwosPool<Long> p = BwosPool.builder(2).deques(factory).seed(7).build();
        WorkStealingPool.Worker<Long> owner = p.worker(0);
        WorkStealingPool.Worker<Long> thief = p.worker(1);
        owner.bind();
        boolean aborts = name.startsWith("ff-");
        for (long t = 1; t <= 8; t++) {
            assertTrue(owner.put(t));
        }
        StealResult<Long> r = thief.trySteal();
        if (aborts) {
            assertEquals(StealResult.Status.ABORT, r.status(), name + " with 8 tasks and delta 8");
            assertNull(thief.steal());
            assertEquals(8, p.deque(0).sizeEstimate(), "an aborted steal leaves the deque as it was");
            assertTrue(owner.put(9L));
            r = thief.trySteal();
        }
        assertEquals(StealResult.Status.STOLEN, r.status(), name);
        assertEquals(1L, r.task(), "the thief takes the oldest task");
        assertEquals(1, thief.stolen());
        Long t;
        while ((t = p.deque(0).pop()) != null) {
            assertTrue(t > 1, "the owner takes the rest");
        }
        assertEquals(StealResult.Status.EMPTY, thief.trySteal().status(), name + ": the owner took everything");
        assertEquals(StealResult.Status.EMPTY, owner.trySteal().status());
    }

    @Test
    void dequeFactoryIsChecked() {
        assertThrows(IllegalStateException.class,
                () -> BwosPool.builder(2).deques(i -> new ChaseLevDeque<>(64)).blockSize(8).build());
        assertThrows(NullPointerException.class, () -> BwosPool.builder(2).deques(i -> null).build());
        ChaseLevDeque<Long> shared = new ChaseLevDeque<>(64);
        assertThrows(IllegalArgumentException.class, () -> BwosPool.builder(2).deques(i -> shared).build());
        ChaseLevDeque<Long> full = new ChaseLevDeque<>(64);
        full.push(1L);
        assertThrows(IllegalArgumentException.class, () -> BwosPool.builder(1).deques(i -> full).build());
        if (BoundedTso.isSupported()) {
            IllegalArgumentException thep = assertThrows(IllegalArgumentException.class,
                    () -> BwosPool.builder(2).deques(i -> new ThepDeque<>(64)).build());
            assertTrue(thep.getMessage().contains("THEP"), thep.getMessage());
        }
        BwosPool<Long> p = BwosPool.builder(2).deques(i -> new ChaseLevDeque<>(64)).build();
        assertTrue(p.deque(1) instanceof ChaseLevDeque);
    }

    @Test
    void numaPolicyPrefersTheThiefsNode() {
        int[] node = {0, 0, 1, 1};
        BwosPool<Long> p = BwosPool.builder(4).policy(StealPolicies.NUMA).topology(Topology.of(node)).build();
        // Worker 0 is alone with worker 1 on node 0: three attempts in four go to worker 1.
        int[] hits = new int[4];
        StealPolicy.Thief thief = (StealPolicy.Thief) p.worker(0);
        StealPolicy.Victims victims = new StealPolicy.Victims() {
            @Override
            public int count() {
                return 4;
            }

            @Override
            public int sizeEstimate(int index) {
                return 0;
            }
        };
        for (int i = 0; i < 4000; i++) {
            hits[StealPolicies.NUMA.selectVictim(thief, victims)]++;
        }
        assertEquals(0, hits[0]);
        assertEquals(3000, hits[1]);
        assertEquals(1000, hits[2] + hits[3]);
    }

    /**
     * A worker blocked in take() is woken by another worker's grant: its failed steal asked the
     * owner for a grant, the owner's next put answers it, and the put signals the blocked worker.
     * Over FIFO BWoS and Chase-Lev deques every put signals.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("blockingShapes")
    void aBlockedTakeIsWokenByAnotherWorkersPut(String name, BwosPool<Long> pool) throws Exception {
        AtomicReference<Object> got = new AtomicReference<>();
        Thread taker = new Thread(() -> {
            WorkStealingPool.Worker<Long> w = pool.worker(1);
            w.bind();
            try {
                got.set(w.take());
            } catch (InterruptedException e) {
                got.set(e);
            }
        });
        taker.start();
        while (taker.getState() != Thread.State.WAITING) {
            assertTrue(taker.isAlive(), name + ": take returned on an empty pool: " + got.get());
            Thread.onSpinWait();
        }
        WorkStealingPool.Worker<Long> owner = pool.worker(0);
        owner.bind();
        // An owner that keeps putting: each put that publishes tasks to thieves (a grant answering
        // the taker's request, made when its steal failed; every put over FIFO BWoS and Chase-Lev)
        // signals the blocked taker. An owner that stops holds what its block hides (BWoS §8).
        for (long t = 1; t <= 1000 && taker.isAlive(); t++) {
            owner.put(t);
            Thread.sleep(1);
        }
        taker.join(10_000);
        assertTrue(!taker.isAlive(), name + ": the blocked worker was not woken");
        assertTrue(got.get() instanceof Long, name + ": " + got.get());
    }

    static Stream<Arguments> blockingShapes() {
        return Stream.of(
                Arguments.of("LIFO BWoS", BwosPool.<Long>builder(2).order(BwosPool.Order.LIFO).blockCount(4).blockSize(8).build()),
                Arguments.of("FIFO BWoS", BwosPool.<Long>builder(2).order(BwosPool.Order.FIFO).blockCount(4).blockSize(8).build()),
                Arguments.of("Chase-Lev", BwosPool.<Long>builder(2).deques(i -> new ChaseLevDeque<>(64)).build()));
    }

    /**
     * One grant publishes several tasks, but a put wakes one blocked taker: the woken taker that
     * got a task wakes the next (propagation), so both blocked takers get one with no further put.
     */
    @Test
    void aGrantOfSeveralTasksReachesEveryBlockedTaker() throws Exception {
        BwosPool<Long> pool = BwosPool.<Long>builder(3).order(BwosPool.Order.LIFO).blockCount(4).blockSize(4).build();
        WorkStealingPool.Worker<Long> owner = pool.worker(0);
        owner.bind();
        for (long t = 1; t <= 4; t++) {
            owner.put(t); // one full block, nothing granted yet
        }
        List<Thread> takers = new ArrayList<>();
        List<Object> got = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 1; i <= 2; i++) {
            int index = i;
            Thread taker = new Thread(() -> {
                WorkStealingPool.Worker<Long> w = pool.worker(index);
                w.bind();
                try {
                    got.add(w.take()); // its failed steal asks the owner for a grant
                } catch (InterruptedException e) {
                    got.add(e);
                }
            });
            takers.add(taker);
            taker.start();
        }
        for (Thread t : takers) {
            while (t.getState() != Thread.State.WAITING) {
                assertTrue(t.isAlive(), "a take returned before the grant: " + got);
                Thread.onSpinWait();
            }
        }
        owner.put(5L); // answers the requests: grants the older half of its block, then no more puts
        for (Thread t : takers) {
            t.join(10_000);
            assertTrue(!t.isAlive(), "a blocked taker was not woken: " + got);
        }
        assertEquals(2, got.size());
        assertTrue(got.stream().allMatch(x -> x instanceof Long), got.toString());
    }
}
