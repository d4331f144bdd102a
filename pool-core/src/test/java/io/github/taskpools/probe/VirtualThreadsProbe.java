package io.github.taskpools.probe;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosVirtualThreads;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ThreadFactory;

/**
 * Run in a child JVM by {@code BwosVirtualThreadsTest}, so that it starts from a fresh JVM. In a
 * package of its own, so that it can run on the class path while pool-core is a named module on the
 * module path. Prints {@code OK}, or the exception's class name and message on two lines.
 * <ul>
 *   <li>no argument: asks for a virtual-thread factory on a BwosExecutor;</li>
 *   <li>{@code io}: a virtual thread of one pool makes the JVM's first socket round trip, the pool
 *       is closed, and a virtual thread of a second pool makes another one (it must not wait for
 *       I/O pollers that ran on the first pool).</li>
 * </ul>
 */
public final class VirtualThreadsProbe {
    private VirtualThreadsProbe() {
    }

    public static void main(String[] args) throws Exception {
        try {
            if (args.length > 0 && args[0].equals("io")) {
                try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
                    server.setSoTimeout(20_000);
                    for (int round = 0; round < 2; round++) {
                        try (BwosExecutor pool = BwosExecutor.builder().parallelism(1).build()) {
                            roundTrip(BwosVirtualThreads.newThreadFactory(pool), server);
                        }
                    }
                }
            } else {
                try (BwosExecutor pool = BwosExecutor.builder().parallelism(1).build()) {
                    BwosVirtualThreads.newThreadFactory(pool);
                }
            }
            System.out.println("OK");
        } catch (RuntimeException e) {
            System.out.println(e.getClass().getName());
            System.out.println(e.getMessage());
        }
    }

    /** A virtual thread of {@code factory} connects, writes a byte and reads its echo (with a timeout). */
    private static void roundTrip(ThreadFactory factory, ServerSocket server) throws Exception {
        Exception[] failure = new Exception[1];
        Thread client = factory.newThread(() -> {
            try (Socket s = new Socket(server.getInetAddress(), server.getLocalPort())) {
                s.setSoTimeout(20_000);
                s.getOutputStream().write(42);
                if (s.getInputStream().read() != 42) {
                    throw new IllegalStateException("wrong echo");
                }
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        client.start();
        try (Socket peer = server.accept(); InputStream in = peer.getInputStream(); OutputStream out = peer.getOutputStream()) {
            out.write(in.read());
            client.join();
        }
        if (failure[0] != null) {
            throw new IllegalStateException("the socket round trip failed: " + failure[0], failure[0]);
        }
    }
}
