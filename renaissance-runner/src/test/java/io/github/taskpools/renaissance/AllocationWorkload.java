package io.github.taskpools.renaissance;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * A small allocation-heavy program the tests launch in real JVMs: it builds short linked lists and keeps a
 * sliding window of them alive, so young collections have survivors to copy (Object Copy) and their workers
 * something to balance (Termination). Arguments: the number of lists to allocate (in thousands), then
 * {@code --system-gc} to end with a full collection. It prints the JVM's own collection counts,
 * {@code <collector name>=<count>} per line, for the tests to check the GC-log parser against.
 */
public final class AllocationWorkload {

    static final class Node {
        final long value;
        final Node next;

        Node(long value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    public static void main(String[] args) {
        int lists = Integer.parseInt(args[0]) * 1000;
        Node[] window = new Node[20_000];
        long checksum = 0;
        for (int i = 0; i < lists; i++) {
            Node head = null;
            for (int j = 0; j < 16; j++) {
                head = new Node(i + j, head);
            }
            window[i % window.length] = head;
            checksum += head.value;
        }
        if (args.length > 1 && args[1].equals("--system-gc")) {
            System.gc();
        }
        System.out.println("checksum=" + checksum);
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            System.out.println(gc.getName() + "=" + gc.getCollectionCount());
        }
    }
}
