package io.github.taskpools.service;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of {@code wrk --latency} with the runner's script, parsed: wrk's own report (requests,
 * requests per second, the latency distribution's 50/75/90/99th percentiles, socket errors,
 * non-2xx/3xx responses) and the line the script's {@code done} hook prints ({@link WrkScript}),
 * which adds the 99.9th percentile that {@code --latency} does not print. Latencies in
 * microseconds.
 *
 * @param requests     responses wrk completed
 * @param seconds      the run's length as wrk measured it
 * @param requestsPerSecond wrk's {@code Requests/sec}
 * @param p50Us        50th percentile latency (wrk's distribution)
 * @param p75Us        75th
 * @param p90Us        90th
 * @param p99Us        99th
 * @param p999Us       99.9th (the script's {@code latency:percentile(99.9)})
 * @param maxUs        the largest latency
 * @param connectErrors socket errors: connect
 * @param readErrors   read
 * @param writeErrors  write
 * @param timeouts     timeout
 * @param non2xx       responses with a status other than 2xx or 3xx
 */
public record WrkOutput(long requests, double seconds, double requestsPerSecond, double p50Us, double p75Us,
        double p90Us, double p99Us, double p999Us, double maxUs, long connectErrors, long readErrors,
        long writeErrors, long timeouts, long non2xx) {

    /** The prefix of the script's {@code done} line. */
    static final String DONE_PREFIX = "taskpools-wrk ";

    /** Whether wrk reported any error or non-2xx/3xx response: such a run is failed. */
    public boolean failed() {
        return connectErrors + readErrors + writeErrors + timeouts + non2xx > 0;
    }

    /** Every error and non-2xx/3xx response. */
    public long errors() {
        return connectErrors + readErrors + writeErrors + timeouts + non2xx;
    }

    private static final Pattern REQUESTS = Pattern.compile("^\\s*(\\d+) requests in ([0-9.]+)(us|ms|s|m|h)", Pattern.MULTILINE);
    private static final Pattern RATE = Pattern.compile("^Requests/sec:\\s+([0-9.]+)", Pattern.MULTILINE);
    private static final Pattern PERCENTILE = Pattern.compile("^\\s+(50|75|90|99)%\\s+([0-9.]+)(us|ms|s|m|h)\\s*$", Pattern.MULTILINE);
    private static final Pattern SOCKET = Pattern.compile(
            "^\\s*Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)", Pattern.MULTILINE);
    private static final Pattern NON2XX = Pattern.compile("^\\s*Non-2xx or 3xx responses: (\\d+)", Pattern.MULTILINE);
    private static final Pattern DONE = Pattern.compile("^" + DONE_PREFIX + "(.*)$", Pattern.MULTILINE);

    /**
     * Parses wrk's standard output.
     *
     * @throws IllegalArgumentException naming what is missing, if the output is not that of a
     *                                  finished run with the runner's script (for example wrk's
     *                                  "unable to connect" when nothing listens)
     */
    public static WrkOutput parse(String out) {
        Matcher requests = find(REQUESTS, out, "the 'N requests in T' line");
        Matcher rate = find(RATE, out, "the Requests/sec line");
        Map<String, Double> pct = new HashMap<>();
        Matcher m = PERCENTILE.matcher(out);
        while (m.find()) {
            pct.put(m.group(1), micros(m.group(2), m.group(3)));
        }
        for (String p : new String[] {"50", "75", "90", "99"}) {
            if (!pct.containsKey(p)) {
                throw new IllegalArgumentException("wrk output has no " + p + "% line (run with --latency?):\n" + out);
            }
        }
        Map<String, Long> done = new HashMap<>();
        for (String kv : find(DONE, out, "the script's '" + DONE_PREFIX.trim() + "' line").group(1).trim().split("\\s+")) {
            String[] p = kv.split("=", 2);
            if (p.length != 2) {
                throw new IllegalArgumentException("malformed '" + kv + "' in the script's line:\n" + out);
            }
            done.put(p[0], Long.parseLong(p[1]));
        }
        long n = Long.parseLong(requests.group(1));
        if (n != need(done, "requests", out)) {
            throw new IllegalArgumentException("wrk reported " + n + " requests but its script " + done.get("requests"));
        }
        long connect = 0;
        long read = 0;
        long write = 0;
        long timeout = 0;
        Matcher socket = SOCKET.matcher(out);
        if (socket.find()) {
            connect = Long.parseLong(socket.group(1));
            read = Long.parseLong(socket.group(2));
            write = Long.parseLong(socket.group(3));
            timeout = Long.parseLong(socket.group(4));
        }
        Matcher non2xx = NON2XX.matcher(out);
        long bad = non2xx.find() ? Long.parseLong(non2xx.group(1)) : 0;
        if (connect != need(done, "connect", out) || read != need(done, "read", out)
                || write != need(done, "write", out) || timeout != need(done, "timeout", out)
                || bad != need(done, "status", out)) {
            throw new IllegalArgumentException("wrk's error counts and its script's disagree:\n" + out);
        }
        return new WrkOutput(n, micros(requests.group(2), requests.group(3)) / 1e6,
                Double.parseDouble(rate.group(1)), pct.get("50"), pct.get("75"), pct.get("90"), pct.get("99"),
                need(done, "p999_us", out), need(done, "max_us", out), connect, read, write, timeout, bad);
    }

    private static Matcher find(Pattern p, String out, String what) {
        Matcher m = p.matcher(out);
        if (!m.find()) {
            throw new IllegalArgumentException("wrk output has no " + what + ":\n" + out);
        }
        return m;
    }

    private static long need(Map<String, Long> done, String key, String out) {
        Long v = done.get(key);
        if (v == null) {
            throw new IllegalArgumentException("the script's line has no " + key + ":\n" + out);
        }
        return v;
    }

    /** A wrk time (its units: us, ms, s, m, h) in microseconds. */
    static double micros(String value, String unit) {
        double v = Double.parseDouble(value);
        return switch (unit) {
            case "us" -> v;
            case "ms" -> v * 1e3;
            case "s" -> v * 1e6;
            case "m" -> v * 60e6;
            case "h" -> v * 3600e6;
            default -> throw new IllegalArgumentException("unknown time unit " + unit);
        };
    }
}
