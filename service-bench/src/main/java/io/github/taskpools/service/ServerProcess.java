package io.github.taskpools.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server JVM ({@link ServerMain}) the runner started: its service port, its pid (for {@code /proc})
 * and its control port ({@code /stats}). Its output goes to a log file; {@link #close} closes its
 * standard input, which stops it, and kills it if it has not ended 20 s later.
 */
final class ServerProcess implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("READY port=(\\d+) control=(\\d+) pid=(\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    final int port;
    final long pid;
    private final URI stats;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private ServerProcess(Process process, int port, int control, long pid) {
        this.process = process;
        this.port = port;
        this.pid = pid;
        this.stats = URI.create("http://127.0.0.1:" + control + "/stats");
    }

    /** Starts {@code command} and waits (at most 60 s) for its READY line; output to {@code log}. */
    static ServerProcess start(List<String> command, Path log) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
        out.write(String.join(" ", command) + "\n");
        CompletableFuture<Matcher> ready = new CompletableFuture<>();
        Thread pump = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                 Writer w = out) {
                for (String line; (line = in.readLine()) != null; ) {
                    Matcher m = READY.matcher(line);
                    if (!ready.isDone() && m.find()) {
                        ready.complete(m);
                    }
                    w.write(line + "\n");
                    w.flush();
                }
            } catch (IOException e) {
                ready.completeExceptionally(e);
            }
            ready.completeExceptionally(new IOException("the server ended before it was ready; see " + log));
        }, "server-output");
        pump.setDaemon(true);
        pump.start();
        try {
            Matcher m = ready.get(60, TimeUnit.SECONDS);
            return new ServerProcess(p, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Long.parseLong(m.group(3)));
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            p.destroyForcibly();
            throw new IOException("server did not start (" + e.getMessage() + "); see " + log, e);
        }
    }

    /** The server's counters now ({@link ServerMain#stats}). */
    @SuppressWarnings("unchecked")
    Map<String, Object> stats() throws IOException, InterruptedException {
        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(stats).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IOException("GET " + stats + ": " + r.statusCode());
        }
        return JSON.readValue(r.body(), Map.class);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.getOutputStream().close();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
