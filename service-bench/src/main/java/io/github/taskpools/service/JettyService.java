package io.github.taskpools.service;

import java.nio.ByteBuffer;
import java.util.OptionalLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;

/**
 * The endpoints on Jetty 12 (its core {@link Handler} API, HTTP/1.1, keep-alive): the request
 * thread pool is the executor under test ({@link JettyThreadPool}), the select loops have threads
 * of their own ({@link JettyConnector}). A handler reads the body on its request thread and writes
 * the reply when {@link Endpoints#handle} completes: at once, or for the fan-out endpoint on the
 * thread that finishes the last subtask.
 */
final class JettyService implements HttpService {
    private final Server server;
    private final JettyConnector connector;
    private final Endpoints endpoints;
    private final ServiceExecutor executor;

    private JettyService(Server server, JettyConnector connector, Endpoints endpoints, ServiceExecutor executor) {
        this.server = server;
        this.connector = connector;
        this.endpoints = endpoints;
        this.executor = executor;
    }

    static JettyService start(Endpoints endpoints, ServiceExecutor executor, Options options) throws Exception {
        Server server = new Server(new JettyThreadPool(executor));
        JettyConnector connector = new JettyConnector(server, options.selectors());
        connector.setHost(options.host());
        connector.setPort(options.port());
        connector.setAcceptQueueSize(options.backlog());
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                ByteBuffer in = Content.Source.asByteBuffer(request);
                byte[] body = new byte[in.remaining()];
                in.get(body);
                endpoints.handle(request.getMethod(), Request.getPathInContext(request), body)
                        .thenAccept(reply -> {
                            response.setStatus(reply.status());
                            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                            response.write(true, ByteBuffer.wrap(reply.body()), callback);
                        });
                return true;
            }
        });
        server.setStopTimeout(5_000);
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new JettyService(server, connector, endpoints, executor);
    }

    @Override
    public String server() {
        return "jetty";
    }

    @Override
    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public Endpoints endpoints() {
        return endpoints;
    }

    @Override
    public ServiceExecutor executor() {
        return executor;
    }

    /** Its selectors' select() calls that returned ready keys ({@code ManagedSelector.getSelectCount}). */
    @Override
    public OptionalLong selects() {
        return OptionalLong.of(connector.getSelectorManager().getBeans(ManagedSelector.class).stream()
                .mapToLong(ManagedSelector::getSelectCount).sum());
    }

    @Override
    public void close() throws Exception {
        try {
            server.stop();
        } finally {
            executor.close();
        }
    }
}
