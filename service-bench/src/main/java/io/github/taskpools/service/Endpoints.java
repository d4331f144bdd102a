package io.github.taskpools.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.taskpools.service.Orders.FanoutSummary;
import io.github.taskpools.service.Orders.LineItem;
import io.github.taskpools.service.Orders.Order;
import io.github.taskpools.service.Orders.SliceTotal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.CRC32;

/**
 * The service's endpoints, the same on every server: each takes a posted {@link Order} as JSON and
 * answers JSON.
 * <ul>
 *   <li>{@value #JSON}: parse, price ({@link Pricing#summarize}), serialize the {@link Orders.Summary}:
 *       the benchmark posts the small, medium and large orders of {@link Orders.Size} here;</li>
 *   <li>{@value #FANOUT}: parse, then split the items into {@code slices} subtasks on the request
 *       executor (one {@link CompletableFuture#supplyAsync} each: price the slice, serialize its items
 *       and checksum the bytes), join them without blocking ({@link CompletableFuture#allOf}) and
 *       answer the {@link FanoutSummary} from the thread that finishes last;</li>
 *   <li>{@value #BLOCKING}: parse and price as {@value #JSON}, but first wait {@code blockMicros} for a
 *       simulated downstream call, through the executor's {@link ServiceExecutor#block blocking
 *       strategy}.</li>
 * </ul>
 * A request that is not a POST of one of these gets 405 or 404, a body that is not an order 400.
 * {@link #handle} never throws: a failure becomes a 500 reply.
 */
public final class Endpoints {
    public static final String JSON = "/json";
    public static final String FANOUT = "/fanout";
    public static final String BLOCKING = "/blocking";

    /** A reply: HTTP status and JSON body. */
    public record Reply(int status, byte[] body) {
    }

    private final ObjectMapper mapper = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    private final ServiceExecutor executor;
    private final int slices;
    private final long blockNanos;
    /** Replies given (any status); LongAdder: incremented by request threads, summed by /stats. */
    private final LongAdder replies = new LongAdder();

    /**
     * @param executor    the executor the requests run on, whose threads the fan-out's subtasks and
     *                    the blocking endpoint's wait use
     * @param slices      the fan-out endpoint's subtasks per request (at least 1)
     * @param blockMicros the blocking endpoint's downstream latency, in microseconds (at least 0)
     */
    public Endpoints(ServiceExecutor executor, int slices, long blockMicros) {
        if (slices < 1) {
            throw new IllegalArgumentException("slices must be at least 1, got " + slices);
        }
        if (blockMicros < 0) {
            throw new IllegalArgumentException("blockMicros must not be negative, got " + blockMicros);
        }
        this.executor = executor;
        this.slices = slices;
        this.blockNanos = blockMicros * 1000;
    }

    /** The object mapper of the endpoints (for clients that want the same JSON). */
    public ObjectMapper mapper() {
        return mapper;
    }

    /** Replies given so far, of any status. */
    public long replies() {
        return replies.sum();
    }

    /**
     * Answers one request; the future is complete on return except for {@value #FANOUT}, whose reply
     * completes on the executor thread that finishes the last subtask.
     */
    public CompletableFuture<Reply> handle(String method, String path, byte[] body) {
        CompletableFuture<Reply> reply;
        if (!(JSON.equals(path) || FANOUT.equals(path) || BLOCKING.equals(path))) {
            reply = CompletableFuture.completedFuture(error(404, "no endpoint " + path));
        } else if (!"POST".equals(method)) {
            reply = CompletableFuture.completedFuture(error(405, path + " takes POST, not " + method));
        } else {
            try {
                Order order = mapper.readValue(body, Order.class);
                reply = switch (path) {
                    case JSON -> CompletableFuture.completedFuture(ok(Pricing.summarize(order)));
                    case FANOUT -> fanout(order);
                    default -> CompletableFuture.completedFuture(blocking(order));
                };
            } catch (JsonProcessingException e) {
                reply = CompletableFuture.completedFuture(error(400, "not an order: " + e.getOriginalMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                reply = CompletableFuture.completedFuture(error(503, "interrupted"));
            } catch (IOException | RuntimeException e) {
                reply = CompletableFuture.completedFuture(error(500, e.toString()));
            }
        }
        return reply.handle((r, e) -> {
            replies.increment();
            return e == null ? r : error(500, e.toString());
        });
    }

    private CompletableFuture<Reply> fanout(Order order) {
        List<LineItem> items = order.items();
        int n = Math.max(1, Math.min(slices, items.size()));
        List<CompletableFuture<SliceTotal>> parts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int index = i;
            List<LineItem> slice = items.subList(i * items.size() / n, (i + 1) * items.size() / n);
            parts.add(CompletableFuture.supplyAsync(() -> Pricing.slice(index, slice, checksum(slice)),
                    executor.executor()));
        }
        return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new)).thenApply(done -> {
            List<SliceTotal> totals = new ArrayList<>(n);
            long subtotal = 0;
            long lineDiscounts = 0;
            int quantity = 0;
            for (CompletableFuture<SliceTotal> p : parts) {
                SliceTotal t = p.join(); // complete: allOf has completed
                totals.add(t);
                subtotal += t.subtotalCents();
                lineDiscounts += t.lineDiscountCents();
                quantity += t.quantity();
            }
            long discount = lineDiscounts + Pricing.tierDiscount(order, subtotal - lineDiscounts);
            long tax = Pricing.tax(order, subtotal - discount);
            return ok(new FanoutSummary(order.id(), totals, quantity, subtotal, discount, tax,
                    subtotal - discount + tax));
        });
    }

    /** The CRC-32 of the items' JSON: the subtask's serialization work. */
    long checksum(List<LineItem> items) {
        try {
            CRC32 crc = new CRC32();
            crc.update(mapper.writeValueAsBytes(items));
            return crc.getValue();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize line items", e);
        }
    }

    private Reply blocking(Order order) throws InterruptedException {
        executor.block(new DownstreamCall(System.nanoTime() + blockNanos));
        return ok(Pricing.summarize(order));
    }

    private Reply ok(Object value) {
        try {
            return new Reply(200, mapper.writeValueAsBytes(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize " + value.getClass().getSimpleName(), e);
        }
    }

    private Reply error(int status, String message) {
        try {
            return new Reply(status, mapper.writeValueAsBytes(java.util.Map.of("error", message)));
        } catch (JsonProcessingException e) {
            return new Reply(status, ("{\"error\":\"" + status + "\"}").getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A downstream call that answers at {@code deadline} (System.nanoTime); its wait is a sleep. */
    private static final class DownstreamCall implements ForkJoinPool.ManagedBlocker {
        private final long deadline;

        DownstreamCall(long deadline) {
            this.deadline = deadline;
        }

        @Override
        public boolean isReleasable() {
            return System.nanoTime() - deadline >= 0;
        }

        @Override
        public boolean block() throws InterruptedException {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            }
            return isReleasable();
        }
    }
}
