package io.github.taskpools.examples;

/** What an example checks: a wrong result throws, so that the tests running the examples fail. */
final class Check {
    private Check() {
    }

    static void that(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("example went wrong: " + what);
        }
    }
}
