package io.github.taskpools.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.taskpools.service.Orders.FanoutSummary;
import io.github.taskpools.service.Orders.LineItem;
import io.github.taskpools.service.Orders.Order;
import io.github.taskpools.service.Orders.SliceTotal;
import io.github.taskpools.service.Orders.Summary;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each server with each executor, at 1, 2 and 4 workers, on the loopback: a short bounded load from
 * the JDK's HttpClient against every endpoint, checking every reply (status and content), that as
 * many replies came back as requests went out and as the server counted, that every request went
 * through the executor under test and nothing else did before the first request (Jetty's select
 * loops run on threads of their own).
 */
class ServiceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CLIENTS = 8;
    private static final int PER_CLIENT = 15;

    static Stream<Arguments> configurations() {
        List<Arguments> out = new ArrayList<>();
        for (String server : HttpService.SERVERS) {
            for (ServiceExecutors.Entry e : Stream.concat(ServiceExecutors.ENTRIES.stream(),
                    ServiceExecutors.OPT_IN.stream()).toList()) {
                for (int p : new int[] {1, 2, 4}) {
                    out.add(Arguments.of(server, e.name(), p));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on {1}, parallelism {2}")
    @MethodSource("configurations")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void servesEveryEndpoint(String server, String executor, int parallelism) throws Exception {
        ServiceExecutors.Entry entry = ServiceExecutors.entry(executor);
        Assumptions.assumeTrue(entry.available(), executor + " needs a newer JDK");
        Counting counting = new Counting(entry.create(parallelism));
        HttpService.Options options = new HttpService.Options("127.0.0.1", 0, 128, 1, 4, 1000);
        try (HttpService service = HttpService.start(server, counting, options)) {
            assertEquals(0, counting.executed.get(), "tasks given to the executor before any request");
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
            URI base = URI.create("http://127.0.0.1:" + service.port());
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            List<Future<Integer>> done = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int id = c;
                done.add(clients.submit(() -> load(client, base, id)));
            }
            int replies = 0;
            for (Future<Integer> f : done) {
                replies += f.get(100, TimeUnit.SECONDS);
            }
            clients.shutdown();
            assertEquals(CLIENTS * PER_CLIENT, replies, "replies received");
            assertEquals(replies, service.endpoints().replies(), "replies the server counted");
            // Every request went through the executor, and every fan-out subtask too (4 per fan-out).
            int fanouts = CLIENTS * ((PER_CLIENT + 4) / 5);
            assertTrue(counting.executed.get() >= replies + 4L * fanouts,
                    counting.executed.get() + " tasks executed for " + replies + " requests");
            // The server's own tasks, counted by ServiceExecutor.execute: the fan-out subtasks are not
            // among them; the JDK's server hands over every exchange, Jetty a connection's requests
            // that arrive while one of its tasks runs in that task.
            long serverTasks = counting.tasks();
            assertTrue(serverTasks > 0 && serverTasks <= counting.executed.get() - 4L * fanouts,
                    serverTasks + " server tasks of " + counting.executed.get() + " executed");
            if (server.equals("jdk")) {
                assertTrue(serverTasks >= replies, serverTasks + " server tasks for " + replies + " exchanges");
                assertTrue(service.selects().isEmpty(), "the JDK's server does not count its select rounds");
            } else {
                // Jetty's tasks come from select rounds that found connections ready: counted.
                long selects = service.selects().orElseThrow();
                assertTrue(selects > 0, selects + " select rounds for " + serverTasks + " server tasks");
            }
            if (!executor.equals("threadpoolexecutor") && !executor.equals("virtual")) {
                assertTrue(counting.steals().isPresent(), "steal count");
            }
        }
    }

    /** Sends PER_CLIENT requests, round robin over the endpoints; returns the number of checked replies. */
    private static int load(HttpClient client, URI base, int id) throws Exception {
        int replies = 0;
        for (int i = 0; i < PER_CLIENT; i++) {
            long seed = id * 1000L + i;
            switch (i % 5) {
                case 0 -> checkSummary(client, base, Endpoints.JSON, Orders.generate(seed, Orders.Size.SMALL.items));
                case 1 -> checkSummary(client, base, Endpoints.JSON, Orders.generate(seed, Orders.Size.MEDIUM.items));
                case 2 -> checkSummary(client, base, Endpoints.JSON, Orders.generate(seed, Orders.Size.LARGE.items));
                case 3 -> checkFanout(client, base, Orders.generate(seed, Orders.Size.MEDIUM.items));
                default -> {
                    long start = System.nanoTime();
                    checkSummary(client, base, Endpoints.BLOCKING, Orders.generate(seed, Orders.Size.SMALL.items));
                    assertTrue(System.nanoTime() - start >= 1_000_000, "the blocking endpoint waited 1 ms");
                }
            }
            replies++;
        }
        return replies;
    }

    private static byte[] post(HttpClient client, URI base, String path, Object body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build();
        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, response.statusCode(), () -> path + ": " + new String(response.body()));
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(""));
        return response.body();
    }

    private static void checkSummary(HttpClient client, URI base, String path, Order order) throws Exception {
        Summary got = JSON.readValue(post(client, base, path, order), Summary.class);
        assertEquals(Pricing.summarize(order), got, path);
        assertEquals(order.items().size(), got.items());
        assertEquals(got.subtotalCents(), got.byCategory().stream().mapToLong(c -> c.amountCents()).sum()
                + order.items().stream().mapToLong(i -> i.quantity() * i.unitPriceCents() * i.discountPercent() / 100)
                        .sum(), "categories add up to the subtotal less line discounts");
    }

    private static void checkFanout(HttpClient client, URI base, Order order) throws Exception {
        FanoutSummary got = JSON.readValue(post(client, base, Endpoints.FANOUT, order), FanoutSummary.class);
        Summary whole = Pricing.summarize(order);
        assertEquals(4, got.slices().size(), "slices");
        assertEquals(whole.totalCents(), got.totalCents(), "fan-out total = whole-order total");
        assertEquals(whole.quantity(), got.quantity());
        int items = 0;
        for (int i = 0; i < got.slices().size(); i++) {
            SliceTotal s = got.slices().get(i);
            assertEquals(i, s.slice());
            List<LineItem> slice = order.items().subList(items, items + s.items());
            CRC32 crc = new CRC32();
            crc.update(JSON.writeValueAsBytes(slice));
            assertEquals(crc.getValue(), s.checksum(), "checksum of slice " + i);
            items += s.items();
        }
        assertEquals(order.items().size(), items, "the slices cover the items");
    }

    /** The executor under test, counting the tasks given to it. */
    private static final class Counting extends ServiceExecutor {
        final AtomicLong executed;
        final ServiceExecutor real;

        Counting(ServiceExecutor real) {
            this(real, new AtomicLong());
        }

        private Counting(ServiceExecutor real, AtomicLong executed) {
            super(real.name(), real.parallelism(), new AbstractExecutorService() {
                @Override public void execute(Runnable task) {
                    executed.incrementAndGet();
                    real.executor().execute(task);
                }

                @Override public void shutdown() {
                    real.executor().shutdown();
                }

                @Override public List<Runnable> shutdownNow() {
                    return real.executor().shutdownNow();
                }

                @Override public boolean isShutdown() {
                    return real.executor().isShutdown();
                }

                @Override public boolean isTerminated() {
                    return real.executor().isTerminated();
                }

                @Override public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
                    return real.executor().awaitTermination(timeout, unit);
                }
            }, real::block);
            this.executed = executed;
            this.real = real;
        }

        @Override public OptionalLong steals() {
            return real.steals();
        }

        @Override public OptionalLong parks() {
            return real.parks();
        }

        @Override public OptionalLong wakes() {
            return real.wakes();
        }

        @Override public int threads() {
            return real.threads();
        }

        @Override public int idleThreads() {
            return real.idleThreads();
        }

        @Override public long queuedTasks() {
            return real.queuedTasks();
        }
    }
}
