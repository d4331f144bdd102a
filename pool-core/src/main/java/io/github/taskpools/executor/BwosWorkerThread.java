package io.github.taskpools.executor;

/**
 * A worker thread of the default thread factory: a daemon thread that knows its worker, so that
 * {@link BwosTask#fork()} finds its deque with one type check and one field load.
 */
final class BwosWorkerThread extends Thread {
    final Worker worker;

    BwosWorkerThread(Worker worker, String name) {
        super(null, worker, name);
        this.worker = worker;
        setDaemon(true);
    }
}
