/**
 * The algorithms of the bounded array-based work-stealing deques: Chase-Lev, Cilk's THE and the
 * fence-free FF-THE, THEP and FF-CL of Morrison and Afek. Users do not see this package: they use
 * the exported final classes {@code chaselev.ChaseLevDeque} and {@code fencefree.TheDeque},
 * {@code FfTheDeque}, {@code FfClDeque} and {@code ThepDeque}, which declare only their
 * constructors and {@code toString} and inherit the rest from here; module-info exports the
 * package to the baselines module alone, whose {@code SeqCstChaseLevDeque} runs the same Chase-Lev
 * algorithm with every access volatile.
 *
 * <h2>Implementation notes</h2>
 * <pre>
 * exported deque                 algorithm here           on                     paper
 * chaselev.ChaseLevDeque         ChaseLevLeOrderings      AbstractChaseLevDeque  PPoPP'13 Fig. 1
 * baselines: SeqCstChaseLevDeque ChaseLevSeqCstOrderings  AbstractChaseLevDeque  the same, seq_cst
 * fencefree.TheDeque             TheDequeImpl             AbstractTheDeque       ASPLOS'14 Fig. 2b
 * fencefree.FfTheDeque           FfTheDequeImpl           AbstractTheDeque       ASPLOS'14 Fig. 3
 * fencefree.ThepDeque            ThepDequeImpl            AbstractTheDeque       ASPLOS'14 Fig. 5
 * fencefree.FfClDeque            FfClDequeImpl            TaskArrayDeque         ASPLOS'14 Fig. 4
 * </pre>
 * (PPoPP'13: Lê, Pop, Cohen and Zappa Nardelli's Chase-Lev (Chase and Lev, SPAA'05) for weak
 * memory models; ASPLOS'14: Morrison and Afek, "Fence-Free Work Stealing on Bounded TSO
 * Processors", whose Fig. 2b is Cilk's THE of Frigo, Leiserson and Randall, PLDI'98.)
 * Every one of them extends {@link TaskArrayDeque}, the shared ring: a fixed circular array of
 * tasks with the thieves' index {@code top} (H) and the owner's index {@code bottom} (T), each on
 * cache lines of its own (padding between the levels of the class chain, checked with JOL by
 * {@code PaddingLayoutTest}), and what the deques do alike on top of their algorithms (estimates,
 * {@code stealInto} by single steals, capacity and owner checks). {@link BoundedTsoChecks} guards
 * the fence-free deques' constructors (processor, JIT, δ) and holds the thieves' δ test;
 * {@link Aborted} is their internal ABORT result. {@link DequeChecks} holds the checks on callers
 * that the BWoS deques ({@code bwos}) share with these. The package depends on {@code api} and on
 * {@code internal.KnownJit} only.
 *
 * <h2>Memory orderings, side by side</h2>
 * H is {@code top}, T is {@code bottom}, P is THEP's echo. REL is a release fence followed by an
 * opaque store, FENCE a full fence, CAS a {@code compareAndSet} (volatile); "lock" is the THE
 * family's per-deque lock, taken with a CAS after an opaque test and freed with a release store.
 * A take's "conflict" is the take that may race a thief for its task: the last task in
 * Chase-Lev and FF-CL, a take that finds H above its new T in the THE family.
 * Each class comment argues its column (Chase-Lev's in {@code chaselev.ChaseLevDeque}, the
 * sequentially consistent one's in {@code baselines.chaselev.SeqCstChaseLevDeque}), and each field
 * has its modes and pairings in a comment of its own.
 * <pre>
 * access               Chase-Lev  CL seq_cst  THE        FF-THE     THEP       FF-CL
 * push   read H        acquire    volatile    acquire    acquire    acquire    acquire
 *        write slot    plain      volatile    plain      plain      plain      plain
 *        publish T     REL        volatile    REL        REL        REL        REL
 *        full-looking  -          -           H again    H again    H again    -
 *                                             in lock    in lock    in lock
 * take   T = T - 1     opaque     volatile    opaque     opaque     opaque     opaque
 *        fence         FENCE      FENCE       FENCE      -          -          -
 *        read H        opaque     volatile    opaque     opaque     opaque     opaque
 *        echo P        -          -           -          -          release    -
 *        own slot      plain      volatile    plain      plain      plain      plain
 *        conflict      CAS H      CAS H       lock       lock       lock       CAS H
 *        restore T     opaque     volatile    opaque     opaque     opaque     opaque
 * steal  exclusion     -          -           lock       lock       lock       -
 *        read H        acquire    volatile    plain      plain      plain      acquire
 *        read T        -          -           acquire    acquire    acquire    -
 *        raise H       -          -           release    release    release    -
 *        fence         FENCE      FENCE       FENCE      FENCE      FENCE      -
 *        read T        acquire    volatile    acquire    acquire    acquire    acquire
 *        wait for P    -          -           -          -          acquire    -
 *        read slot     plain      volatile    plain      plain      plain      plain
 *        claim         CAS H      CAS H       (lock)     (lock)     (lock)     CAS H
 *        give back H   -          -           release    release    release    -
 * all    estimates     opaque reads of H, and of T by any thread but the owner (sizeEstimate,
 *                      probeStealable, remainingCapacity)
 *        owner         plain, written by bindOwner, whose contract gives happens-before
 * </pre>
 * The pairings the columns rely on:
 * <ul>
 *   <li><b>push's REL with a thief's acquire of T</b>: a thief that reads T past index i reads
 *       task i. A fence rather than a release store, so that the take's later opaque stores of T
 *       publish it too (C11's fence rule; the JMM has no same-thread release sequences).</li>
 *   <li><b>push's acquire of H with whatever moved H past the slot's previous index</b>: the
 *       winning CAS (Chase-Lev, FF-CL) or a later thief's release under the lock (the THE family):
 *       the claimer's read of the slot happens-before the owner overwrites it. Near the full mark
 *       the THE family reads H again under the lock, where a thief's raise-and-give-back cannot
 *       show (see {@link AbstractTheDeque}, "bounded array").</li>
 *   <li><b>take's FENCE with the thief's FENCE</b> (Chase-Lev, THE): the two are totally
 *       ordered, a Dekker handshake on T and H. FF-THE, THEP and FF-CL drop the take's fence: on
 *       bounded TSO at most δ takes hide in the store buffer ({@code fencefree.BoundedTso}), and a
 *       thief takes task h only if it reads T - δ > h ({@link BoundedTsoChecks#beyondDelta}); FF-CL
 *       drops the thief's fence too, its two acquire loads and the CAS sufficing.</li>
 *   <li><b>THEP's release of P with the waiting thief's acquire</b>: once P echoes the thief's
 *       counter, the thief's later reads of T see the echoing take's store of T or a later one,
 *       and THE's exact test decides.</li>
 *   <li><b>The lock</b>: its CAS and its release store order each thief's critical section (and
 *       the worker's locked take) after the previous holder's.</li>
 * </ul>
 */
package io.github.taskpools.arraydeque;
