package io.github.taskpools.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The server process of the service benchmark (the runner starts one JVM per server, executor and
 * round): starts the {@link HttpService}, and beside it a control server on another loopback port,
 * served by a thread of its own and not by the executor under test, whose {@code GET /stats}
 * answers the counters the runner reads before and after each measured run ({@link #stats}).
 * Prints {@code READY port=<p> control=<c> pid=<pid>} once both listen, and stops when its standard
 * input ends (the runner closes it, or the runner died).
 */
@Command(name = "service-server", mixinStandardHelpOptions = true,
        description = "An HTTP service on an executor under test (started by the service benchmark).")
public final class ServerMain implements Callable<Integer> {
    @Option(names = "--server", required = true, description = "jetty or jdk")
    String server;

    @Option(names = "--executor", required = true, completionCandidates = ServiceExecutors.AllNames.class,
            description = "${COMPLETION-CANDIDATES}")
    String executor;

    @Option(names = "--parallelism", defaultValue = "-1", description = "workers (default: the available processors)")
    int parallelism;

    @Option(names = "--port", defaultValue = "0", description = "port of the service (default: any free port)")
    int port;

    @Option(names = "--backlog", defaultValue = "2048", description = "listen backlog")
    int backlog;

    @Option(names = "--selectors", defaultValue = "1", description = "Jetty's select loops")
    int selectors;

    @Option(names = "--slices", defaultValue = "8", description = "subtasks per fan-out request")
    int slices;

    @Option(names = "--block-micros", defaultValue = "1000", description = "the blocking endpoint's downstream latency")
    long blockMicros;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ServerMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        int p = parallelism > 0 ? parallelism : Runtime.getRuntime().availableProcessors();
        ServiceExecutor ex = ServiceExecutors.entry(executor).create(p);
        HttpService.Options options = new HttpService.Options("127.0.0.1", port, backlog, selectors, slices, blockMicros);
        ObjectMapper json = new ObjectMapper();
        ExecutorService controlThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "control");
            t.setDaemon(true);
            return t;
        });
        try (HttpService service = HttpService.start(server, ex, options)) {
            HttpServer control = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
            control.createContext("/stats", exchange -> {
                byte[] body = json.writeValueAsBytes(stats(service));
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            control.setExecutor(controlThread);
            control.start();
            System.out.printf("READY port=%d control=%d pid=%d%n", service.port(), control.getAddress().getPort(),
                    ProcessHandle.current().pid());
            System.out.flush();
            try (InputStream in = System.in) {
                while (in.read() >= 0) {
                    // the runner writes nothing; end of input means stop
                }
            }
            control.stop(0);
        } finally {
            controlThread.shutdownNow();
        }
        return 0;
    }

    /**
     * The counters of a running service: {@code requests} (replies given), {@code tasks} (handed to
     * the executor by the server), and the executor's {@code steals}, {@code parks} and {@code
     * wakes} (null where it has no such counter), with its name, parallelism and {@code threads}, and
     * the server's {@code selects} (its select loops' rounds that found connections ready; null where
     * it does not count them).
     */
    static Map<String, Object> stats(HttpService service) {
        ServiceExecutor ex = service.executor();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("server", service.server());
        m.put("executor", ex.name());
        m.put("parallelism", ex.parallelism());
        m.put("requests", service.endpoints().replies());
        m.put("steals", boxed(ex.steals()));
        m.put("parks", boxed(ex.parks()));
        m.put("wakes", boxed(ex.wakes()));
        m.put("threads", ex.threads());
        m.put("tasks", ex.tasks());
        m.put("selects", boxed(service.selects()));
        return m;
    }

    private static Long boxed(OptionalLong v) {
        return v.isPresent() ? v.getAsLong() : null;
    }
}
