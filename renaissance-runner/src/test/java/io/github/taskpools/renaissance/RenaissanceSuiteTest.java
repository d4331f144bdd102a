package io.github.taskpools.renaissance;

import static io.github.taskpools.renaissance.HarnessJsonTest.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Renaissance workload: its command, reading an invocation's results (real 0.16.1 output), jar checks. */
class RenaissanceSuiteTest {

    @TempDir
    Path dir;

    private Path runDirWith(String harnessFixture) throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(fixture(harnessFixture), run.resolve("harness.json"));
        return run;
    }

    @Test
    void commandRunsOneBenchmarkWithWarmupPlusRepetitions() {
        Path jar = dir.resolve("renaissance-gpl-0.16.1.jar");
        RenaissanceSuite s = new RenaissanceSuite(jar, List.of("scala-kmeans"), 3, 5);
        assertEquals(List.of("-jar", jar.toString(), "-r", "8", "--json", dir.resolve("harness.json").toString(),
                "scala-kmeans"), s.javaArguments("scala-kmeans", dir));
        assertEquals(3, s.warmup());
    }

    @Test
    void collectsTheHarnessDurations() throws IOException {
        RenaissanceSuite s = new RenaissanceSuite(dir.resolve("r.jar"), List.of("scala-kmeans"), 1, 1);
        Workload.Measured m = s.collect("scala-kmeans", runDirWith("scala-kmeans.json"), 0, 2_000_000_000L,
                List.of());
        assertNull(m.failure());
        assertEquals(List.of(313343921L, 212412847L), m.repetitionNs());
    }

    @Test
    void fewerRepetitionsThanAskedIsAFailure() throws IOException {
        RenaissanceSuite s = new RenaissanceSuite(dir.resolve("r.jar"), List.of("fj-kmeans"), 3, 5);
        Workload.Measured m = s.collect("fj-kmeans", runDirWith("fj-kmeans.json"), 0, 1, List.of());
        assertEquals("only 2 of 8 repetitions, exit code 0", m.failure());
        assertTrue(m.repetitionNs().isEmpty());
    }

    @Test
    void failedScrabbleIsRecordedWithItsException() throws IOException {
        RenaissanceSuite s = new RenaissanceSuite(dir.resolve("r.jar"), List.of("scrabble"), 0, 1);
        List<String> console = Files.readAllLines(fixture("scrabble-failed.console.txt"));
        Workload.Measured m = s.collect("scrabble", runDirWith("scrabble-failed.json"), 1, 1, console);
        assertEquals("java.lang.RuntimeException: java.lang.NullPointerException (caused by "
                + "java.lang.NullPointerException)", m.failure());
    }

    @Test
    void missingJsonIsAFailureWithTheExitCode() {
        RenaissanceSuite s = new RenaissanceSuite(dir.resolve("r.jar"), List.of("als"), 0, 1);
        Workload.Measured m = s.collect("als", dir, 134, 1, List.of("# A fatal error has been detected"));
        assertEquals("no harness.json, exit code 134; last output: # A fatal error has been detected", m.failure());
    }

    @Test
    void missingOrWrongJarSaysWhereToDownloadTheSuite() throws IOException {
        String missing = RenaissanceSuite.problem(dir.resolve("nope.jar"));
        assertTrue(missing.contains("does not exist") && missing.contains(RenaissanceSuite.DOWNLOAD), missing);
        assertTrue(RenaissanceSuite.problem(null).contains(RenaissanceSuite.DOWNLOAD));

        Path notAJar = Files.writeString(dir.resolve("text.jar"), "not a zip");
        String bad = RenaissanceSuite.problem(notAJar);
        assertTrue(bad.contains("not a readable jar") && bad.contains(RenaissanceSuite.DOWNLOAD), bad);

        Path other = jarWithMainClass("com.example.Main");
        String wrong = RenaissanceSuite.problem(other);
        assertTrue(wrong.contains("not the Renaissance suite (Main-Class: com.example.Main)"), wrong);

        assertNull(RenaissanceSuite.problem(jarWithMainClass("org.renaissance.core.Launcher")));
    }

    @Test
    void runnerExitsWithTheDownloadMessage() {
        var err = new java.io.ByteArrayOutputStream();
        var oldErr = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        int code;
        try {
            code = RenaissanceRunner.run(System.out, java.util.Map.of(), "--suite", dir.resolve("x.jar").toString(),
                    "--jvm", "a=" + System.getProperty("java.home"), "--jvm", "b=" + System.getProperty("java.home"),
                    "--out", dir.resolve("out").toString(), "-b", "scala-kmeans");
        } finally {
            System.setErr(oldErr);
        }
        assertEquals(2, code);
        assertTrue(err.toString().contains(RenaissanceSuite.DOWNLOAD), err.toString());
    }

    private Path jarWithMainClass(String main) throws IOException {
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, main);
        Path jar = dir.resolve(main + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, mf)) {
            j.flush();
        }
        return jar;
    }
}
