package io.github.taskpools.executor;

/**
 * A worker thread of the default thread factory: a thread that knows its worker, so that {@link
 * BwosTask#fork()} finds its deque with one type check and one field load. A daemon thread unless
 * the builder says otherwise.
 */
final class BwosWorkerThread extends Thread {
    final Worker worker;

    BwosWorkerThread(Worker worker, String name, boolean daemon) {
        super(null, worker, name);
        this.worker = worker;
        setDaemon(daemon);
    }
}
