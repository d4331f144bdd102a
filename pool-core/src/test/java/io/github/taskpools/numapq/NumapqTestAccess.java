package io.github.taskpools.numapq;

import io.github.taskpools.internal.Waiters;

/**
 * The test-access point of the {@code numapq} package: what the jcstress tests in
 * {@code io.github.taskpools.jcstress.numapq} drive of the delegation layer's package-private parts
 * (operation descriptors, register slots, the calendar queue's descriptor-driven enqueue and
 * dequeue, its blocked takers). Test sources only (pool-core's tests jar, on the jcstress tests'
 * class path): never part of the library.
 */
public final class NumapqTestAccess {
    private NumapqTestAccess() {
    }

    /** The queue's blocked takers (its {@code waiters}): a taker's last look against an offer. */
    public static Waiters waiters(CalendarQueue<?> queue) {
        return queue.waiters;
    }

    /** Algorithm 4 on {@code queue}: the enqueue of {@code op}, run as one of its executors (no locality). */
    public static <E> void enqueue(CalendarQueue<E> queue, OperationHandle<E> op) {
        queue.enqueue(op.operation, null);
    }

    /** Algorithm 6 on {@code queue}: the dequeue of {@code op}, run as one of its executors (no locality); its event or null. */
    public static <E> Event<E> dequeue(CalendarQueue<E> queue, OperationHandle<E> op) {
        return CalendarQueue.castEvent(queue.dequeue(op.operation, null));
    }

    /** An operation descriptor ({@code Operation}, thesis §3.1), as the tests hold one. */
    public static final class OperationHandle<E> {
        final Operation<E> operation;

        private OperationHandle(Operation<E> operation) {
            this.operation = operation;
        }

        /** A new enqueue descriptor of {@code event}. */
        public static <E> OperationHandle<E> enqueue(Event<E> event) {
            return new OperationHandle<>(Operation.enqueue(event));
        }

        /** A new dequeue descriptor. */
        public static <E> OperationHandle<E> dequeue() {
            return new OperationHandle<>(Operation.dequeue());
        }

        /** Blocking variants: moves the descriptor from FREE to IN_HANDLING; whether this caller did. */
        public boolean tryHandle() {
            return operation.tryHandle();
        }

        /** Blocking variants: records {@code outcome} and moves the descriptor to DONE (release). */
        public void complete(Event<E> outcome) {
            operation.complete(outcome);
        }

        /** Whether the descriptor is done (acquire): {@link #result()} may be read after. */
        public boolean isComplete() {
            return operation.isComplete();
        }

        /** The recorded outcome (a plain read, after {@link #isComplete()}). */
        public Event<E> result() {
            return operation.result;
        }

        /** Whether {@code o}, from {@link RegisterSlotHandle#read()}, is this descriptor. */
        public boolean is(Object o) {
            return o == operation;
        }
    }

    /** A delegation channel's register slot ({@code RegisterSlot}, Algorithms 11 and 12). */
    public static final class RegisterSlotHandle {
        final RegisterSlot slot = new RegisterSlot();

        /** Algorithm 11 WRITE, by the requester only. */
        public void write(OperationHandle<?> op) {
            slot.write(op.operation);
        }

        /**
         * Algorithm 11 READ: the posted descriptor if this caller is the first to take it, else null;
         * an opaque token to compare with {@link OperationHandle#is}.
         */
        public Object read() {
            return slot.read();
        }

        /** The requester takes back its unread request (Algorithm 12 line 13); whether it did. */
        public boolean revoke() {
            return slot.revoke();
        }
    }
}
