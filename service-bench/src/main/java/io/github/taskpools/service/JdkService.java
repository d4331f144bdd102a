package io.github.taskpools.service;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;

/**
 * The endpoints on the JDK's {@link HttpServer} (module {@code jdk.httpserver}): its dispatcher
 * thread accepts connections and reads request headers, {@link HttpServer#setExecutor} hands each
 * exchange to the executor under test. A handler reads the body on its request thread and sends
 * the reply when {@link Endpoints#handle} completes: at once, or for the fan-out endpoint on the
 * thread that finishes the last subtask (an exchange may be completed from any thread). Sockets
 * are {@code TCP_NODELAY} ({@code sun.net.httpserver.nodelay}, unless set otherwise).
 */
final class JdkService implements HttpService {
    static {
        // Without TCP_NODELAY the server's separate writes of headers and body meet the client's
        // delayed ACK: about 40 ms per keep-alive request. Read once, when the JDK's server
        // configuration class loads, so it is set before the first server is made.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private final HttpServer server;
    private final Endpoints endpoints;
    private final ServiceExecutor executor;

    private JdkService(HttpServer server, Endpoints endpoints, ServiceExecutor executor) {
        this.server = server;
        this.endpoints = endpoints;
        this.executor = executor;
    }

    static JdkService start(Endpoints endpoints, ServiceExecutor executor, Options options) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(options.host(), options.port()), options.backlog());
        server.createContext("/", exchange -> {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            endpoints.handle(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), body)
                    .thenAccept(reply -> send(exchange, reply));
        });
        server.setExecutor(executor::execute);
        server.start();
        return new JdkService(server, endpoints, executor);
    }

    private static void send(HttpExchange exchange, Endpoints.Reply reply) {
        try (OutputStream out = exchange.getResponseBody()) {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(reply.status(), reply.body().length);
            out.write(reply.body());
        } catch (IOException e) {
            // The client went away: the exchange is closed, as the server does after a failed write.
            exchange.close();
        }
    }

    @Override
    public String server() {
        return "jdk";
    }

    @Override
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public Endpoints endpoints() {
        return endpoints;
    }

    @Override
    public ServiceExecutor executor() {
        return executor;
    }

    @Override
    public void close() throws Exception {
        try {
            server.stop(0);
        } finally {
            executor.close();
        }
    }
}
