package io.github.taskpools.jcstress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jcstress.infra.runners.TestList;

/**
 * Runs jcstress and fails the build on a bad result. jcstress 0.16 exits with 0 whatever its tests
 * observed, so this launcher echoes its console, reads the run summary, and exits with 1 if any
 * test failed (a FORBIDDEN outcome or a crash) or if no test ran at all.
 *
 * <p>jcstress runs a test only where it can give each actor a core of its own, and otherwise drops it
 * with one console line ("No scheduling is possible"). So before the run this launcher names the
 * selected tests that need more than jcstress may use here (the CPUs of {@code -c} or the available
 * processors, and at most the physical cores, which jcstress counts from the topology), and after it
 * fails the run if jcstress dropped an actor count that fits: on a machine with three or more cores
 * the three-actor tests must run. {@code CheckedMain --actors
 * [-t REGEX]} lists the tests by actor count and exits.
 */
public final class CheckedMain {
    private CheckedMain() {
    }

    public static void main(String[] args) throws Exception {
        String filter = option(args, "-t", ".*");
        int cpus = Math.min(physicalCores(),
                Integer.parseInt(option(args, "-c", Integer.toString(Runtime.getRuntime().availableProcessors()))));
        Map<Integer, List<String>> byActors = testsByActors(filter);
        if (List.of(args).contains("--actors")) {
            byActors.forEach((a, tests) -> {
                System.out.println(a + " actors (" + (a <= cpus ? "run" : "skipped") + " with " + cpus + " cores), "
                        + tests.size() + " tests:");
                tests.forEach(t -> System.out.println("  " + t));
            });
            return;
        }
        List<String> tooWide = new ArrayList<>();
        byActors.forEach((a, tests) -> {
            if (a > cpus) {
                tooWide.addAll(tests);
            }
        });
        System.out.println("jcstress: " + cpus + " cores for actors; " + (tooWide.isEmpty() ? "every selected test fits"
                : tooWide.size() + " selected tests need more and do not run here: " + String.join(", ", tooWide)));
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(new Tee(console, copy), true, StandardCharsets.UTF_8));
        try {
            org.openjdk.jcstress.Main.main(args);
        } finally {
            System.out.flush();
            System.setOut(console);
        }
        String out = copy.toString(StandardCharsets.UTF_8);
        Matcher planned = Pattern.compile("Results: (\\d+) planned; (\\d+) passed, (\\d+) failed, (\\d+) soft errs, (\\d+) hard errs")
                .matcher(out);
        String last = null;
        while (planned.find()) {
            last = planned.group();
        }
        // jcstress's scheduling section: "    3 actors:" followed by "      No scheduling is possible, ..."
        Matcher dropped = Pattern.compile("(\\d+) actors:\\R\\s+No scheduling is possible").matcher(out);
        boolean droppedRunnable = false;
        while (dropped.find()) {
            int a = Integer.parseInt(dropped.group(1));
            if (a <= cpus) {
                System.out.println("jcstress: FAILED: it scheduled no " + a + "-actor test with " + cpus + " cores");
                droppedRunnable = true;
            }
        }
        boolean failedNone = out.contains("Failed tests: No matches.");
        boolean errorsNone = out.contains("Error tests: No matches.");
        boolean ranSome = last != null && !last.startsWith("Results: 0 planned");
        System.out.println("jcstress summary: " + (last == null ? "no results" : last));
        if (!failedNone || !errorsNone || !ranSome || droppedRunnable) {
            System.out.println("jcstress: FAILED (failed tests, errors, or no test run); see the report above");
            System.exit(1);
        }
        System.out.println("jcstress: OK, no FORBIDDEN outcome and no error");
    }

    /** The selected tests (names matching {@code filter}, as jcstress's {@code -t} selects) by actor count. */
    static Map<Integer, List<String>> testsByActors(String filter) {
        Pattern p = Pattern.compile(filter);
        Map<Integer, TreeSet<String>> sorted = new TreeMap<>();
        for (String t : TestList.tests()) {
            if (p.matcher(t).find()) {
                sorted.computeIfAbsent(TestList.getInfo(t).threads(), k -> new TreeSet<>()).add(t);
            }
        }
        Map<Integer, List<String>> out = new TreeMap<>();
        sorted.forEach((a, tests) -> out.put(a, List.copyOf(tests)));
        return out;
    }

    /**
     * Physical cores: distinct (package, core) pairs of the online CPUs in Linux's sysfs, as jcstress's
     * topology counts them; the available processors where sysfs does not say.
     */
    static int physicalCores() {
        int cpus = Runtime.getRuntime().availableProcessors();
        Set<String> cores = new HashSet<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/sys/devices/system/cpu"), "cpu[0-9]*")) {
            for (Path cpu : dirs) {
                Path t = cpu.resolve("topology");
                if (Files.isReadable(t.resolve("core_id"))) {
                    cores.add(Files.readString(t.resolve("physical_package_id")).strip() + ":"
                            + Files.readString(t.resolve("core_id")).strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            return cpus;
        }
        return cores.isEmpty() ? cpus : Math.min(cpus, cores.size());
    }

    /** The value after {@code name} in {@code args}, or {@code otherwise}. */
    static String option(String[] args, String name, String otherwise) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return otherwise;
    }

    /** Writes to two streams. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws java.io.IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws java.io.IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }

        @Override
        public void flush() throws java.io.IOException {
            a.flush();
            b.flush();
        }
    }
}
