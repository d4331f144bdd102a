package io.github.taskpools.service;

import java.util.List;
import java.util.OptionalLong;

/**
 * A running HTTP server whose requests run on an executor under test, answering {@link Endpoints}:
 * Jetty 12 ({@code jetty}) or the JDK's {@code com.sun.net.httpserver.HttpServer} ({@code jdk}).
 * {@link #close} stops the server and then the executor.
 */
public interface HttpService extends AutoCloseable {
    /** The servers, by name. */
    List<String> SERVERS = List.of("jetty", "jdk");

    /** The server's name, one of {@link #SERVERS}. */
    String server();

    /** The port it listens on. */
    int port();

    /** The endpoints it answers. */
    Endpoints endpoints();

    /** The executor its requests run on. */
    ServiceExecutor executor();

    /**
     * The rounds of the server's select loops so far that found connections ready (each hands the
     * executor the work of those connections), or empty where the server does not count them.
     */
    default OptionalLong selects() {
        return OptionalLong.empty();
    }

    /** Stops the server, then closes the executor. */
    @Override
    void close() throws Exception;

    /** What a server needs besides the executor. */
    record Options(String host, int port, int backlog, int selectors, int slices, long blockMicros) {
        public Options {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0 to 65535, got " + port);
            }
            if (backlog < 1) {
                throw new IllegalArgumentException("backlog must be at least 1, got " + backlog);
            }
        }

        /** On the loopback, an ephemeral port, Jetty with one selector, 8 fan-out slices, 1 ms downstream. */
        public static Options defaults() {
            return new Options("127.0.0.1", 0, 2048, 1, 8, 1000);
        }
    }

    /**
     * Starts {@code server} on {@code executor}; on failure, closes the executor.
     *
     * @throws IllegalArgumentException if the server is not one of {@link #SERVERS}
     */
    static HttpService start(String server, ServiceExecutor executor, Options options) throws Exception {
        Endpoints endpoints = new Endpoints(executor, options.slices(), options.blockMicros());
        try {
            return switch (server) {
                case "jetty" -> JettyService.start(endpoints, executor, options);
                case "jdk" -> JdkService.start(endpoints, executor, options);
                default -> throw new IllegalArgumentException("unknown server '" + server + "' (known: "
                        + String.join(", ", SERVERS) + ")");
            };
        } catch (Exception | Error e) {
            executor.close();
            throw e;
        }
    }
}
