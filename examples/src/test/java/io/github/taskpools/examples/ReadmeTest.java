package io.github.taskpools.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's Java snippets are whole programs of this module, shown verbatim: each
 * {@code ```java} block equals, character for character, the source file its package and class
 * name point to (so it compiles and {@link ExamplesTest} runs it). The README stays within 300
 * lines.
 */
class ReadmeTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("(?m)^```java\\n(.*?)^```$", Pattern.DOTALL);
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);$");
    private static final Pattern CLASS = Pattern.compile("(?m)^public (?:final )?class (\\w+)");

    private static Path fromProperty(String name) {
        String value = System.getProperty(name);
        assertTrue(value != null && !value.isEmpty(), "the build passes " + name);
        return Path.of(value);
    }

    private static String readme() throws IOException {
        return Files.readString(fromProperty("taskpools.readme"), StandardCharsets.UTF_8);
    }

    @Test
    void everyJavaSnippetIsAnExampleVerbatim() throws IOException {
        Path sources = fromProperty("taskpools.examples.sources");
        Matcher block = JAVA_BLOCK.matcher(readme());
        List<String> shown = new ArrayList<>();
        while (block.find()) {
            String snippet = block.group(1);
            Matcher pkg = PACKAGE.matcher(snippet);
            Matcher cls = CLASS.matcher(snippet);
            assertTrue(pkg.find() && cls.find(), "a README snippet is not a whole program:\n" + snippet);
            Path file = sources.resolve(pkg.group(1).replace('.', '/')).resolve(cls.group(1) + ".java");
            assertTrue(Files.isRegularFile(file), "the README shows " + file + ", which does not exist");
            assertEquals(Files.readString(file, StandardCharsets.UTF_8), snippet,
                    "the README's copy of " + file.getFileName() + " differs from the file");
            shown.add(cls.group(1));
        }
        assertFalse(shown.isEmpty(), "no ```java block found in the README");
    }

    @Test
    void readmeHasAtMost300Lines() throws IOException {
        long lines = readme().lines().count();
        assertTrue(lines <= 300, "the README has " + lines + " lines; longer text belongs in docs/");
    }
}
