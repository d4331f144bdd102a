import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import jdk.test.whitebox.WhiteBox;

/**
 * GC-heavy, deterministic workload for heap verification of the G1 BWoS patch:
 * deep object graphs (trees, long linked lists), large reference arrays (split
 * into partial-array tasks by G1), and churn. Young, concurrent-start, mixed
 * and full collections are forced through the WhiteBox API. Every retained
 * structure carries a checksum computed when it was built; all are re-walked
 * and compared at every checkpoint and at the end.
 *
 * Workloads (the second argument), each exercising G1's task queues its own way,
 * with the same schedule of forced collections and its own checksums:
 *   mixed   (default) all of the below at once, as described above;
 *   wide    wide, shallow trees (fan-out 48, depth 3, 110K leaves each; 48 is
 *           below G1's 50-slot array chunk, so a node's array is scanned
 *           whole): every scanned node pushes 48 tasks, so idle GC threads
 *           find much to steal;
 *   deep    long linked lists (300K-600K links each): scanning a link pushes
 *           one task, so a queue holds one or two and there is almost nothing
 *           to steal;
 *   arrays  large reference arrays (512K-1M slots of boxed values), which G1
 *           splits into partial-array tasks.
 *
 * Usage: java -Xbootclasspath/a:wb.jar -XX:+UnlockDiagnosticVMOptions
 *        -XX:+WhiteBoxAPI GcStress [iterations] [mixed|wide|deep|arrays]
 */
public class GcStress {
    static final class Node {
        Node left, right;
        final long value;
        Node(long value) { this.value = value; }
    }

    static final class Link {
        final Link next;
        final int value;
        Link(Link next, int value) { this.next = next; this.value = value; }
    }

    static final WhiteBox WB = WhiteBox.getWhiteBox();

    // Retained rings; replacing an entry turns the old one into old-gen garbage.
    static final Node[] trees = new Node[24];
    static final long[] treeSums = new long[trees.length];
    static final Object[][] arrays = new Object[4][];
    static final long[] arraySums = new long[arrays.length];
    static final Link[] lists = new Link[4];
    static final long[] listSums = new long[lists.length];
    static long sink;

    static Node tree(SplittableRandom r, int depth, long[] sum) {
        Node n = new Node(r.nextLong());
        sum[0] += n.value;
        if (depth > 0) {
            n.left = tree(r, depth - 1, sum);
            n.right = tree(r, depth - 1, sum);
        }
        return n;
    }

    static long walk(Node root) {
        long sum = 0;
        ArrayList<Node> stack = new ArrayList<>();
        stack.add(root);
        while (!stack.isEmpty()) {
            Node n = stack.remove(stack.size() - 1);
            sum += n.value;
            if (n.left != null) stack.add(n.left);
            if (n.right != null) stack.add(n.right);
        }
        return sum;
    }

    static long walk(Object[] a) {
        long sum = 0;
        for (Object o : a) {
            if (o instanceof long[]) {
                for (long v : (long[]) o) sum += v;
            } else if (o instanceof Node) {
                sum += ((Node) o).value * 3;
            } else if (o != null) {
                sum += ((Long) o);
            }
        }
        return sum;
    }

    static long walk(Link l) {
        long sum = 0;
        for (; l != null; l = l.next) sum += l.value;
        return sum;
    }

    static int failures = 0;

    static void check(String where) {
        for (int i = 0; i < trees.length; i++) {
            if (trees[i] != null && walk(trees[i]) != treeSums[i]) { failures++; System.out.println("MISMATCH tree " + i + " at " + where); }
        }
        for (int i = 0; i < arrays.length; i++) {
            if (arrays[i] != null && walk(arrays[i]) != arraySums[i]) { failures++; System.out.println("MISMATCH array " + i + " at " + where); }
        }
        for (int i = 0; i < lists.length; i++) {
            if (lists[i] != null && walk(lists[i]) != listSums[i]) { failures++; System.out.println("MISMATCH list " + i + " at " + where); }
        }
    }

    static void concurrentCycle() throws InterruptedException {
        WB.g1StartConcMarkCycle();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (WB.g1InConcurrentMark() && System.nanoTime() < deadline) {
            churn(new SplittableRandom(7), 2000);   // mutate while marking
            Thread.sleep(1);
        }
    }

    static void churn(SplittableRandom r, int n) {
        List<Object> tmp = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tmp.add(new byte[16 + r.nextInt(512)]);
            tmp.add(new Node(i));
            if (tmp.size() > 256) tmp.clear();
        }
        sink += tmp.size();
    }

    static final class Fan {
        final Object[] kids;
        Fan(int n) { kids = new Object[n]; }
    }

    // wide: a ring of wide, shallow trees and their checksums
    static final Object[] fans = new Object[8];
    static final long[] fanSums = new long[fans.length];
    // deep: a ring of long linked lists (lists/listSums above hold mixed's)
    static final Link[] chains = new Link[8];
    static final long[] chainSums = new long[chains.length];
    // arrays: a ring of large reference arrays
    static final Object[][] bigArrays = new Object[6][];
    static final long[] bigArraySums = new long[bigArrays.length];

    static Object fan(SplittableRandom r, int depth, long[] sum) {
        if (depth == 0) {
            Node n = new Node(r.nextLong());
            sum[0] += n.value;
            return n;
        }
        Fan f = new Fan(48);
        for (int i = 0; i < f.kids.length; i++) f.kids[i] = fan(r, depth - 1, sum);
        return f;
    }

    static long walkFan(Object o) {
        long sum = 0;
        ArrayList<Object> stack = new ArrayList<>();
        stack.add(o);
        while (!stack.isEmpty()) {
            Object x = stack.remove(stack.size() - 1);
            if (x instanceof Node) sum += ((Node) x).value;
            else for (Object k : ((Fan) x).kids) stack.add(k);
        }
        return sum;
    }

    /** One step of workload {@code w}: replaces one retained structure (the old one becomes garbage). */
    static void build(String w, SplittableRandom r, int it) {
        switch (w) {
            case "wide": {
                int f = it % fans.length;
                long[] sum = new long[1];
                fans[f] = fan(r, 3, sum);
                fanSums[f] = sum[0];
                break;
            }
            case "deep": {
                int l = it % chains.length;
                Link head = null;
                long s = 0;
                int len = 300_000 + r.nextInt(300_000);
                for (int i = 0; i < len; i++) { int v = r.nextInt(); head = new Link(head, v); s += v; }
                chains[l] = head;
                chainSums[l] = s;
                break;
            }
            case "arrays": {
                int a = it % bigArrays.length;
                Object[] big = new Object[(1 << 19) + r.nextInt(1 << 19)];
                long s = 0;
                for (int i = 0; i < big.length; i++) { long v = r.nextLong(); big[i] = Long.valueOf(v); s += v; }
                bigArrays[a] = big;
                bigArraySums[a] = s;
                break;
            }
            default:
                throw new IllegalArgumentException("unknown workload " + w + " (known: mixed, wide, deep, arrays)");
        }
    }

    static void checkOthers(String where) {
        for (int i = 0; i < fans.length; i++) {
            if (fans[i] != null && walkFan(fans[i]) != fanSums[i]) { failures++; System.out.println("MISMATCH wide tree " + i + " at " + where); }
        }
        for (int i = 0; i < chains.length; i++) {
            if (chains[i] != null && walk(chains[i]) != chainSums[i]) { failures++; System.out.println("MISMATCH chain " + i + " at " + where); }
        }
        for (int i = 0; i < bigArrays.length; i++) {
            if (bigArrays[i] != null && walk(bigArrays[i]) != bigArraySums[i]) { failures++; System.out.println("MISMATCH big array " + i + " at " + where); }
        }
    }

    public static void main(String[] args) throws Exception {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        String workload = args.length > 1 ? args[1] : "mixed";
        SplittableRandom r = new SplittableRandom(20240601L);
        for (int it = 0; it < iterations; it++) {
            if (workload.equals("mixed")) {
                mixedStep(r, it);
            } else {
                build(workload, r, it);
            }
            churn(r, 20_000);

            if (it % 2 == 0) WB.youngGC();
            if (it % 10 == 4) {                            // marking, then young/mixed
                concurrentCycle();
                for (int k = 0; k < 4; k++) { churn(r, 5000); WB.youngGC(); }
            }
            if (it % 15 == 14) { WB.fullGC(); }
            if (it % 10 == 9) { check("iteration " + it); checkOthers("iteration " + it); }
        }
        WB.fullGC();
        check("end");
        checkOthers("end");
        long total = 0;
        for (long v : treeSums) total += v;
        for (long v : arraySums) total += v;
        for (long v : listSums) total += v;
        for (long v : fanSums) total += v;
        for (long v : chainSums) total += v;
        for (long v : bigArraySums) total += v;
        System.out.println("checksum " + Long.toHexString(total) + " failures " + failures + " workload " + workload);
        if (failures != 0) System.exit(1);
    }

    /** One step of the mixed workload: a tree, every third step an array, every fifth a list. */
    static void mixedStep(SplittableRandom r, int it) {
        int t = it % trees.length;
        long[] sum = new long[1];
        trees[t] = tree(r, 13 + (it % 3), sum);      // 16K..64K nodes
        treeSums[t] = sum[0];

        if (it % 3 == 0) {                              // large reference arrays
            int a = (it / 3) % arrays.length;
            Object[] big = new Object[(1 << 18) + r.nextInt(1 << 18)];
            long s = 0;
            for (int i = 0; i < big.length; i++) {
                switch (i % 4) {
                    case 0: { long v = r.nextLong(); big[i] = Long.valueOf(v); s += v; break; }
                    case 1: { Node n = new Node(r.nextInt()); big[i] = n; s += n.value * 3; break; }
                    case 2: if (i % 64 == 2) { long[] p = new long[8]; for (int k = 0; k < 8; k++) { p[k] = k + i; s += p[k]; } big[i] = p; } break;
                    default: big[i] = big[i - 1]; s += (big[i] instanceof Node) ? ((Node) big[i]).value * 3 : (big[i] == null ? 0 : (big[i] instanceof long[] ? sumOf((long[]) big[i]) : (Long) big[i]));
                }
            }
            arrays[a] = big;
            arraySums[a] = s;
        }
        if (it % 5 == 0) {                              // deep linked lists
            int l = (it / 5) % lists.length;
            Link head = null;
            long s = 0;
            int len = 200_000 + r.nextInt(100_000);
            for (int i = 0; i < len; i++) { int v = r.nextInt(); head = new Link(head, v); s += v; }
            lists[l] = head;
            listSums[l] = s;
        }
    }

    static long sumOf(long[] p) { long s = 0; for (long v : p) s += v; return s; }
}
