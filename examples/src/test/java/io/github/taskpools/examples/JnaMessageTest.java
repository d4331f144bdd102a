package io.github.taskpools.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What SalsaPool says when its asymmetric fence needs JNA, pool-core's optional dependency, and
 * pool-core is the named module {@code io.github.taskpools}: {@link FenceModeExample} started with
 * {@code java -p ... -m} without JNA, with JNA on the module path but not in the module graph, and
 * with it added by {@code --add-modules com.sun.jna}.
 */
class JnaMessageTest {
    /** The JNA jar, a test dependency of this module; the tests do not read it. */
    private static Path jna() {
        String jar = System.getProperty("taskpools.jna.jar");
        assertTrue(jar != null && !jar.isEmpty(), "the build passes JNA's jar as taskpools.jna.jar");
        return Path.of(jar);
    }

    private static List<Path> withJna() {
        List<Path> path = new ArrayList<>(ModuleLauncher.modulePath());
        path.add(jna());
        return path;
    }

    @Test
    @Timeout(90)
    void withoutJnaItSaysJnaIsNotOnTheModulePath() throws Exception {
        ModuleLauncher.Run run = ModuleLauncher.run(List.of(), ModuleLauncher.modulePath(), "FenceModeExample", 60);
        assertEquals(0, run.exitStatus(), run.output());
        assertTrue(run.output().contains("fence mode FULL; fell back: JNA (net.java.dev.jna:jna, an optional"
                + " dependency) is not on the module path: put it there and add --add-modules com.sun.jna"),
                run.output());
    }

    @Test
    @Timeout(90)
    void withJnaOnTheModulePathButNotAddedItSaysAddModules() throws Exception {
        ModuleLauncher.Run run = ModuleLauncher.run(List.of(), withJna(), "FenceModeExample", 60);
        assertEquals(0, run.exitStatus(), run.output());
        assertTrue(run.output().contains("fence mode FULL; fell back: JNA (net.java.dev.jna:jna, an optional"
                + " dependency) is on the module path but not in the module graph: add --add-modules"
                + " com.sun.jna to the java command"), run.output());
    }

    @Test
    @Timeout(90)
    void withJnaAddedNothingIsSaidMissing() throws Exception {
        ModuleLauncher.Run run = ModuleLauncher.run(
                List.of("--add-modules", "com.sun.jna"), withJna(), "FenceModeExample", 60);
        assertEquals(0, run.exitStatus(), run.output());
        // Whether ASYMMETRIC is granted depends on the kernel and the JVM; JNA is not what is missing.
        assertTrue(run.output().contains("fence mode "), run.output());
        assertFalse(run.output().contains("net.java.dev.jna:jna, an optional dependency"), run.output());
    }
}
