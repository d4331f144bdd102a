package io.github.taskpools.examples;

import io.github.taskpools.api.Topology;
import io.github.taskpools.numapq.CalendarQueue;
import io.github.taskpools.numapq.ConcurrentPriorityQueue;
import io.github.taskpools.numapq.Event;
import io.github.taskpools.numapq.NumaCalendarQueue;
import java.util.OptionalLong;

/** docs/usage.md's calendar queue example: timed events, smallest key first. */
public final class CalendarQueueExample {
    private CalendarQueueExample() {
    }

    public static void main(String[] args) throws Exception {
        ConcurrentPriorityQueue<String> pq = new CalendarQueue<>();   // lock-free CRCQ, unbounded
        pq.offer(2_000L, "later");
        pq.offer(1_000L, "sooner");                  // key: a long timestamp; smallest first
        OptionalLong next = pq.peekKey();            // a hint under concurrency, like size()
        Event<String> e = pq.poll();                 // e.key(), e.value(); null when empty
        Check.that(next.isPresent() && next.getAsLong() == 1_000L, "peekKey gives the smallest key");
        Check.that(e.key() == 1_000L && "sooner".equals(e.value()), "poll takes the smallest key first");

        CalendarQueue<String> timers = new CalendarQueue<>();
        Thread scheduler = new Thread(() -> {
            try {
                Event<String> due = timers.take();   // parks while empty; an offer wakes it
                Check.that("tick".equals(due.value()), "take gets the offered event");
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        });
        scheduler.start();
        timers.offer(System.nanoTime(), "tick");
        scheduler.join();

        NumaCalendarQueue<String> numa = NumaCalendarQueue.<String>builder(Topology.evenlySplit(4, 2))
                .channel(NumaCalendarQueue.Channel.P) // Q, TWO_Q or P
                .nonBlocking(true)                    // NB-: descriptors with a candidate (Algorithms 4-6)
                .repost(true)                         // R-: repost an operation whose bucket changed node
                .nodesPerSocket(1)                    // > 1: per-socket channels (-SKT)
                .build();
        numa.register(0);                             // once per thread: its worker (and node) in the topology
        numa.offer(5L, "five");
        numa.offer(3L, "three");
        Event<String> first = numa.poll();
        Check.that(first != null && first.key() == 3L, "the NUMA queue takes the smallest key first");
        Check.that(numa.release(), "this thread held worker 0");
        numa.register(0);                             // free again: this thread (or another) may take it
        Check.that(numa.poll().key() == 5L, "the event offered before the release is still there");
        numa.release();                               // gives the worker back (or the thread's end)
        System.out.println("calendar queues: " + e.value() + ", then " + first.value());
    }
}
