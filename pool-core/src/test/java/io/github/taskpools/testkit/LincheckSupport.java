package io.github.taskpools.testkit;

import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.Options;

/**
 * Where and how the Lincheck tests run. Every Lincheck test goes through {@link #check}.
 *
 * <p>Lincheck 2.39 is the newest release the project's registry carries. As released it
 * instruments classes with ASM 9.6 and Byte Buddy 1.14, which read class files up to Java 22 (on
 * JDK 25 it failed with "Unsupported class file major version 69"). The parent pom pins ASM 9.8
 * and Byte Buddy 1.17.8 in their place, which read Java 25's; both keep the API Lincheck 2.39 was
 * built against. On a JDK newer than {@value #NEWEST_JDK} the Lincheck tests are skipped and say
 * why; the jcstress, model and stress tests still run there.
 */
public final class LincheckSupport {
    private LincheckSupport() {
    }

    /** The newest Java feature release whose class files the pinned ASM and Byte Buddy read. */
    public static final int NEWEST_JDK = 25;

    /** For {@code @EnabledIf}: whether this JDK is one Lincheck can instrument. */
    public static boolean runsOnThisJdk() {
        return Runtime.version().feature() <= NEWEST_JDK;
    }

    /**
     * {@link LinChecker#check} of {@code testClass}, run on a new thread with no context class
     * loader, whose failure (a Lincheck verdict or any other throwable) is rethrown here.
     *
     * <p>Why a thread of its own: Lincheck's model checker walks the object graph of each new
     * test instance to instrument what it reaches, reading fields through
     * {@code Unsafe.objectFieldOffset}, which refuses the fields of records. The deques record
     * their owner thread, the thread that builds the test instance. From a thread with the
     * application class loader as context loader the walk reaches the loader's caches, and on
     * JDK 25 those hold a record ({@code SecureClassLoader.CodeSourceKey}): the model-checking
     * tests of BWoS and Chase-Lev failed there with "can't get field offset on a record class"
     * before they checked anything. With no context loader the walk stops at the thread.
     */
    public static void check(Class<?> testClass, Options<?, ?> options) {
        Throwable[] failure = new Throwable[1];
        Thread runner = new Thread(() -> {
            try {
                LinChecker.check(testClass, options);
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "lincheck-" + testClass.getSimpleName());
        runner.setContextClassLoader(null);
        runner.start();
        try {
            runner.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Lincheck checked " + testClass.getName(), e);
        }
        Throwable t = failure[0]; // read after join: happens-before the runner's write
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException("Lincheck failed on " + testClass.getName(), t);
        }
    }
}
