package io.github.taskpools.renaissance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One JVM under comparison: a name for the report, its Java home, and the flags only it gets (on top of the
 * flags every JVM gets). Two specs may share a Java home and differ in flags only.
 */
public record JvmSpec(String name, Path javaHome, List<String> ownFlags) {

    public JvmSpec {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("JVM name '" + name + "' must be letters, digits, '.', '_' or '-'");
        }
        ownFlags = List.copyOf(ownFlags);
    }

    /** The {@code java} launcher of this JVM. */
    public Path java() {
        return javaHome.resolve("bin").resolve("java");
    }

    /** Null when the launcher exists and is executable, else why not. */
    public String problem() {
        return Files.isExecutable(java()) ? null : "JVM '" + name + "': no executable " + java();
    }
}
