package io.github.taskpools.jcstress;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs jcstress and fails the build on a bad result. jcstress 0.16 exits with 0 whatever its tests
 * observed, so this launcher echoes its console, reads the run summary, and exits with 1 if any
 * test failed (a FORBIDDEN outcome or a crash) or if no test ran at all.
 */
public final class CheckedMain {
    private CheckedMain() {
    }

    public static void main(String[] args) throws Exception {
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
        boolean failedNone = out.contains("Failed tests: No matches.");
        boolean errorsNone = out.contains("Error tests: No matches.");
        boolean ranSome = last != null && !last.startsWith("Results: 0 planned");
        System.out.println("jcstress summary: " + (last == null ? "no results" : last));
        if (!failedNone || !errorsNone || !ranSome) {
            System.out.println("jcstress: FAILED (failed tests, errors, or no test run); see the report above");
            System.exit(1);
        }
        System.out.println("jcstress: OK, no FORBIDDEN outcome and no error");
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
