package io.github.taskpools.internal;

/**
 * Whether the running VM compiles Java with the compilers whose ordering of opaque and acquire
 * VarHandle accesses the library's store-load arguments rest on: HotSpot with JVMCI off, so that
 * the JIT is C2 (and C1, and the interpreter), never Graal. Two users: SALSA's asymmetric fence
 * ({@code io.github.taskpools.salsa.FenceMode#ASYMMETRIC}: the consumer's index store before its
 * ownership load) and the fence-free deques of {@code io.github.taskpools.fencefree} (the worker's
 * store to T before its load of H). C2 brackets every such access with compiler-only
 * {@code MemBarCPUOrder} nodes (see {@code io.github.taskpools.fencefree.BoundedTso}); nothing is
 * known of other compilers. Public only for those packages; the package is not exported.
 *
 * <p>JVMCI is detected by the {@code jdk.internal.vm.ci.enabled} property (JDK 17; JDK 25 keeps it
 * internal) and by the {@code jdk.internal.vm.ci} module, which {@code -XX:+EnableJVMCI} adds to
 * the boot layer; GraalVM by its {@code java.vendor.version}; Graal options by their
 * {@code jdk.graal.} or {@code graal.} prefix.
 */
public final class KnownJit {
    private KnownJit() {
    }

    private static final String REASON = check();

    /**
     * Null if the running VM's compilers are the known ones, else why not (for a message that
     * continues "...: ").
     */
    public static String unknownJitReason() {
        return REASON;
    }

    private static String check() {
        String vm = System.getProperty("java.vm.name", "");
        if (!vm.contains("HotSpot") && !vm.contains("OpenJDK")) {
            return "not HotSpot (java.vm.name=" + vm + "): only C2's ordering of opaque accesses is known";
        }
        if (Boolean.parseBoolean(System.getProperty("jdk.internal.vm.ci.enabled"))
                || ModuleLayer.boot().findModule("jdk.internal.vm.ci").isPresent()) {
            return "JVMCI is enabled: a JVMCI compiler (Graal) may compile the code, and only C2's ordering of"
                    + " opaque accesses is known";
        }
        String vendorVersion = System.getProperty("java.vendor.version", "");
        if (vendorVersion.contains("GraalVM")) {
            return "GraalVM (java.vendor.version=" + vendorVersion + "): its JIT may compile the code";
        }
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith("jdk.graal.") || key.startsWith("graal.")) {
                return "Graal options are set (" + key + "): a Graal JIT may compile the code";
            }
        }
        return null;
    }
}
