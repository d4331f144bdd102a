package io.github.taskpools.testkit;

/**
 * Where the Lincheck tests can run. Lincheck 2.39, the newest release the project's registry
 * carries, instruments classes with ASM 9.6, which reads class files up to Java 22 (seen here:
 * "Unsupported class file major version 69" on JDK 25), so on newer JDKs the Lincheck tests are
 * skipped and say why; the jcstress, model and stress tests still run there.
 */
public final class LincheckSupport {
    private LincheckSupport() {
    }

    /** The newest Java feature release Lincheck 2.39 (ASM 9.6) can instrument. */
    public static final int NEWEST_JDK = 22;

    /** For {@code @EnabledIf}: whether this JDK is one Lincheck can instrument. */
    public static boolean runsOnThisJdk() {
        return Runtime.version().feature() <= NEWEST_JDK;
    }
}
