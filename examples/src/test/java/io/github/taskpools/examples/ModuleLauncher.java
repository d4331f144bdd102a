package io.github.taskpools.examples;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ResolvedModule;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Starts an example as a user would: {@code java -p <module path> -m module/class} in a JVM of its
 * own, on the JDK running the tests. The module path is what this module needs and nothing else:
 * the jars and class directories of the modules it requires (not statically), directly or through
 * them, as resolved in this test JVM's boot layer (the JDK's own modules come from the runtime image).
 */
final class ModuleLauncher {
    static final String MODULE = "io.github.taskpools.examples";

    private ModuleLauncher() {
    }

    /** The output (stdout and stderr) and exit status of a finished run. */
    record Run(int exitStatus, String output) {
    }

    /** The module path of {@link #MODULE}: the locations of the non-JDK modules it requires, transitively. */
    static List<Path> modulePath() {
        Configuration boot = ModuleLayer.boot().configuration();
        ResolvedModule root = boot.findModule(MODULE).orElseThrow(
                () -> new IllegalStateException("the tests must run on the module path, as " + MODULE));
        Set<ResolvedModule> seen = new LinkedHashSet<>();
        Deque<ResolvedModule> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            ResolvedModule m = todo.pop();
            if (seen.add(m)) {
                // What a plain java -m resolves: requires that are not static (this test JVM may
                // have resolved an optional one, JNA, which then counts among the reads).
                for (ModuleDescriptor.Requires r : m.reference().descriptor().requires()) {
                    if (!r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC)) {
                        todo.add(boot.findModule(r.name()).orElseThrow());
                    }
                }
            }
        }
        List<Path> path = new ArrayList<>();
        for (ResolvedModule m : seen) {
            URI location = m.reference().location().orElseThrow();
            if ("file".equals(location.getScheme())) {
                path.add(Path.of(location));
            }
        }
        return path;
    }

    /**
     * Runs {@code java <options> -p <modulePath> -m MODULE/<mainClass>} and waits for it.
     *
     * @throws AssertionError if it has not ended after {@code timeoutSeconds}
     */
    static Run run(List<String> options, List<Path> modulePath, String mainClass, long timeoutSeconds)
            throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.add("-p");
        command.add(String.join(File.pathSeparator, modulePath.stream().map(Path::toString).toList()));
        command.add("-m");
        command.add(MODULE + "/" + MODULE + "." + mainClass);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(String.join(" ", command) + " did not end within " + timeoutSeconds
                    + " s:\n" + out.get(10, TimeUnit.SECONDS));
        }
        return new Run(p.exitValue(), out.get(10, TimeUnit.SECONDS));
    }
}
