package io.github.taskpools.nojna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.executor.BwosExecutor;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jctools.queues.MpmcArrayQueue;
import org.junit.jupiter.api.Test;

/**
 * pool-core without JNA, its optional dependency: a fresh JVM on a class path of pool-core's
 * classes, JCTools and this test's classes only runs {@link NoJnaMain}.
 */
class NoJnaTest {
    @Test
    void poolCoreRunsWithoutJnaAndNamesItWhereItIsNeeded() throws Exception {
        String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String classPath = String.join(File.pathSeparator,
                where(BwosExecutor.class), where(MpmcArrayQueue.class), where(NoJnaMain.class));
        Process p = new ProcessBuilder(List.of(java, "-cp", classPath, NoJnaMain.class.getName()))
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the JVM without JNA did not finish");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.strip().endsWith("OK"), out);
    }

    private static String where(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
