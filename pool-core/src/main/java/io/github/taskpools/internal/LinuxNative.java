package io.github.taskpools.internal;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.io.File;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The few Linux C library calls the library needs, bound through JNA's direct mapping (one JNI
 * registration per method, no proxy, no reflection per call): {@code sched_getcpu},
 * {@code sched_setaffinity} and the {@code membarrier} system call.
 *
 * <p>Nothing here throws on a machine without them: {@link #available()} says whether the binding
 * worked and {@link #unavailableReason()} why not (not Linux, JNA missing, no native dispatch
 * library for this platform), and every caller has a fallback. JNA is an optional dependency
 * ({@code requires static}): without it on the path, the first use of this class finds the JNA
 * classes missing inside the try below and records why; nothing else in the library loads JNA.
 *
 * <p>{@code membarrier} has no glibc wrapper, so it goes through {@code syscall(2)}. That function
 * is variadic; it is bound here with a fixed prototype of integer arguments, which is the same
 * calling sequence on x86-64 and AArch64 Linux (glibc's {@code syscall} only moves registers), the
 * only platforms the system-call number below is given for.
 */
public final class LinuxNative {
    private LinuxNative() {
    }

    /** {@code MEMBARRIER_CMD_QUERY}: the bit mask of supported commands. */
    public static final int MEMBARRIER_CMD_QUERY = 0;
    /** {@code MEMBARRIER_CMD_PRIVATE_EXPEDITED}: a barrier on every running thread of this process. */
    public static final int MEMBARRIER_CMD_PRIVATE_EXPEDITED = 1 << 3;
    /** {@code MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED}: the registration the command above needs. */
    public static final int MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED = 1 << 4;

    private static final String REASON;
    private static final long SYS_MEMBARRIER;

    static {
        String reason = null;
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        long sysMembarrier = -1;
        if (!os.startsWith("Linux")) {
            reason = "not Linux (os.name=" + os + ")";
        } else {
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                sysMembarrier = 324;
            } else if (arch.equals("aarch64")) {
                sysMembarrier = 283;
            }
            try {
                Native.register(LinuxNative.class, NativeLibrary.getInstance("c"));
            } catch (NoClassDefFoundError e) {
                reason = jnaMissing();
            } catch (Throwable e) { // LinkageError from JNA's loader, UnsatisfiedLinkError, ...
                reason = "JNA could not bind the C library: " + e;
            }
        }
        REASON = reason;
        SYS_MEMBARRIER = sysMembarrier;
    }

    /**
     * What is missing when the JNA classes are not found, told apart by where pool-core runs: on
     * the class path JNA must join it; pool-core as the named module {@code io.github.taskpools}
     * reads JNA only as the module {@code com.sun.jna}, which its {@code requires static} does not
     * resolve, so JNA must be on the module path and added to the module graph.
     */
    private static String jnaMissing() {
        String jna = "JNA (net.java.dev.jna:jna, an optional dependency)";
        Module self = LinuxNative.class.getModule();
        if (!self.isNamed()) {
            return jna + " is not on the class path";
        }
        String addModules = "add --add-modules com.sun.jna to the java command (the module "
                + self.getName() + " requires it only statically, so nothing else resolves it)";
        String modulePath = System.getProperty("jdk.module.path", "");
        if (!modulePath.isEmpty()) {
            Path[] entries = Arrays.stream(modulePath.split(File.pathSeparator))
                    .filter(entry -> !entry.isEmpty()).map(Path::of).toArray(Path[]::new);
            try {
                if (ModuleFinder.of(entries).find("com.sun.jna").isPresent()) {
                    return jna + " is on the module path but not in the module graph: " + addModules;
                }
            } catch (FindException e) {
                return jna + " is not in the module graph, and the module path cannot be read ("
                        + e.getMessage() + "): " + addModules;
            }
        }
        if (ClassLoader.getSystemClassLoader().getResource("com/sun/jna/Native.class") != null) {
            return jna + " is on the class path, which the named module " + self.getName()
                    + " cannot read: move it to the module path and " + addModules;
        }
        return jna + " is not on the module path: put it there and " + addModules;
    }

    private static native int sched_getcpu();

    private static native int sched_setaffinity(int pid, long cpusetsize, long[] mask);

    private static native long syscall(long number, int cmd, int flags, int cpuId);

    /** Whether the C library is bound. */
    public static boolean available() {
        return REASON == null;
    }

    /** Why the C library is not bound, or {@code null} if it is. */
    public static String unavailableReason() {
        return REASON;
    }

    /** The CPU the calling thread runs on ({@code sched_getcpu}), or -1 if unknown. */
    public static int currentCpu() {
        return available() ? sched_getcpu() : -1;
    }

    /**
     * Pins the calling thread to {@code cpu} ({@code sched_setaffinity} on the thread, pid 0).
     *
     * @return whether the kernel accepted the mask
     */
    public static boolean pinCurrentThread(int cpu) {
        if (cpu < 0) {
            throw new IllegalArgumentException("negative cpu " + cpu);
        }
        if (!available()) {
            return false;
        }
        long[] mask = new long[Math.max(16, cpu / 64 + 1)]; // at least glibc's 1024-bit cpu_set_t
        mask[cpu / 64] = 1L << (cpu % 64);
        return sched_setaffinity(0, mask.length * 8L, mask) == 0;
    }

    /**
     * Registers the process for private expedited membarrier. Idempotent in the kernel.
     *
     * @return {@code null} on success, otherwise the reason it is not available
     */
    public static String registerPrivateExpeditedMembarrier() {
        if (!available()) {
            return unavailableReason();
        }
        if (SYS_MEMBARRIER < 0) {
            return "no membarrier system-call number known for os.arch=" + System.getProperty("os.arch");
        }
        long supported = syscall(SYS_MEMBARRIER, MEMBARRIER_CMD_QUERY, 0, 0);
        if (supported < 0) {
            return "membarrier(MEMBARRIER_CMD_QUERY) failed (errno " + Native.getLastError()
                    + "): kernel older than 4.3 or the call is filtered";
        }
        if ((supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0) {
            return "the kernel does not support MEMBARRIER_CMD_PRIVATE_EXPEDITED (query mask 0x"
                    + Long.toHexString(supported) + ", needs 4.14)";
        }
        if (syscall(SYS_MEMBARRIER, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) != 0) {
            return "membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) failed (errno "
                    + Native.getLastError() + ")";
        }
        return null;
    }

    /**
     * Issues {@code membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)}: when it returns, every thread of
     * the process that was running has executed a full memory barrier, and every thread that was
     * not running will pass one (the context switch) before it runs again. The process must be
     * registered ({@link #registerPrivateExpeditedMembarrier()}).
     *
     * @throws IllegalStateException if the kernel refuses the call
     */
    public static void privateExpeditedMembarrier() {
        if (syscall(SYS_MEMBARRIER, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) {
            throw new IllegalStateException("membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) failed (errno "
                    + Native.getLastError() + ")");
        }
    }
}
