import java.util.concurrent.locks.LockSupport;
public class Tick {
    public static void main(String[] a) throws Exception {
        long ns = Long.getLong("tick.ns", 2_000_000L);
        Thread t = new Thread(() -> { for (;;) LockSupport.parkNanos(ns); }, "tick");
        t.setDaemon(true); t.start();
        io.github.taskpools.service.ServerMain.main(a);
    }
}
