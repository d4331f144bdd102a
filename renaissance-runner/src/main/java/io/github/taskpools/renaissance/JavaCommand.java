package io.github.taskpools.renaissance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code --command} workload: any Java program, given as the arguments that follow {@code java} and its
 * flags (for example {@code -cp app.jar com.example.Main 100}). The runner times each invocation from process
 * start to exit, JVM start-up included; that wall time is the invocation's single repetition, so the
 * statistics resample invocations only. A non-zero exit code is a failure.
 */
public final class JavaCommand implements Workload {

    private final String name;
    private final List<String> arguments;

    public JavaCommand(String name, String commandLine) {
        this.name = name;
        this.arguments = split(commandLine);
        if (arguments.isEmpty()) {
            throw new IllegalArgumentException("--command is empty");
        }
    }

    @Override
    public String describe() {
        return "command `java <flags> " + String.join(" ", arguments) + "`, wall time per invocation";
    }

    @Override
    public List<String> benchmarks() {
        return List.of(name);
    }

    @Override
    public int warmup() {
        return 0;
    }

    /** The runner's own working directory, so relative paths in the command mean what they meant to the user. */
    @Override
    public Path workingDirectory(Path runDir) {
        return Path.of("").toAbsolutePath();
    }

    @Override
    public List<String> javaArguments(String benchmark, Path runDir) {
        return arguments;
    }

    @Override
    public Measured collect(String benchmark, Path runDir, int exitCode, long wallNs, List<String> console) {
        if (exitCode != 0) {
            return Measured.failed("exit code " + exitCode + lastMessage(console));
        }
        return Measured.ok(List.of(wallNs));
    }

    /** ": " and the last console line that is not a stack frame (the exception, if any), or "". */
    static String lastMessage(List<String> console) {
        for (int i = console.size() - 1; i >= 0; i--) {
            String l = console.get(i).trim();
            if (!l.isEmpty() && !l.startsWith("at ") && !l.startsWith("...")) {
                return ": " + l;
            }
        }
        return "";
    }

    /**
     * Splits a command line as a POSIX shell would for words: whitespace separates, single quotes keep
     * everything, double quotes keep everything but backslash escapes, a backslash outside quotes escapes the
     * next character. No expansion of variables or globs.
     */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                inWord = true;
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '\\' && i + 1 < line.length()) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unbalanced " + quote + " in --command: " + line);
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
