package io.github.taskpools.service;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.io.SelectorManager;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Jetty's HTTP/1.1 connector with its select loops on threads of their own, so that every worker
 * of the executor under test is free for requests: a select loop blocks in {@code select()} for
 * the server's life, which on a fixed pool of two workers would hold one of them (and, with an
 * acceptor thread too, both). There are no acceptor threads: a selector accepts.
 *
 * <p>Implementation notes. Jetty 12.1's {@code SelectorManager} starts its {@code ManagedSelector}s
 * while it starts, and each starts its select loop with {@code SelectorManager.execute}; every
 * later {@code execute} (an endpoint's creation or destruction) and every task a selector produces
 * (run through the manager's executor, the server's {@link JettyThreadPool}) goes to the executor.
 * So the manager below runs what it is asked to execute while starting on a new daemon thread; the
 * service tests check that nothing reached the executor when the server had started.
 */
final class JettyConnector extends ServerConnector {
    /** Numbers the select-loop threads; getAndIncrement (volatile) by whichever thread starts a connector. */
    private static final AtomicInteger LOOPS = new AtomicInteger();

    /**
     * @param selectors the select loops (each on a thread of its own), at least 1
     */
    JettyConnector(Server server, int selectors) {
        super(server, null, null, null, 0, checkSelectors(selectors), new HttpConnectionFactory());
    }

    private static int checkSelectors(int selectors) {
        if (selectors < 1) {
            throw new IllegalArgumentException("selectors must be at least 1, got " + selectors);
        }
        return selectors;
    }

    @Override
    protected SelectorManager newSelectorManager(Executor executor, Scheduler scheduler, int selectors) {
        return new OwnLoops(executor, scheduler, selectors);
    }

    /** The connector's selector manager, whose select loops run on their own threads. */
    private final class OwnLoops extends ServerConnectorManager {
        OwnLoops(Executor executor, Scheduler scheduler, int selectors) {
            super(executor, scheduler, selectors);
        }

        @Override
        protected void execute(Runnable task) {
            if (isStarting()) {
                Thread loop = new Thread(task, "jetty-selector-" + LOOPS.incrementAndGet());
                loop.setDaemon(true);
                loop.start();
            } else {
                super.execute(task);
            }
        }
    }
}
