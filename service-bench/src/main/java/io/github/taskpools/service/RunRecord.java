package io.github.taskpools.service;

/**
 * One measured run of the service benchmark, as written to {@code runs.json} and {@code runs.csv}:
 * what ran, what wrk measured and what the server's process and executor counted over the same
 * interval. Per-request figures divide by wrk's completed requests; the executor's counters are
 * null where the executor has no such counter (n/a, not zero). A run with any wrk error or
 * non-2xx/3xx response, or that could not run, is {@code failed}, with the reason in {@code error}.
 *
 * @param round         the round (1-based)
 * @param sequence      the run's position in the whole benchmark (1-based), to see drift
 * @param server        jetty or jdk
 * @param executor      the executor's name in {@link ServiceExecutors}
 * @param endpoint      the endpoint id (json-small, ..., blocking)
 * @param connections   wrk's keep-alive connections
 * @param wrkThreads    wrk's threads
 * @param parallelism   the executor's parallelism
 * @param durationSeconds the configured duration
 * @param requests      responses wrk completed (0 if the run could not run)
 * @param requestsPerSecond wrk's requests per second
 * @param p50Us         latency percentiles, microseconds
 * @param p90Us         90th
 * @param p99Us         99th
 * @param p999Us        99.9th
 * @param errors        wrk's socket errors plus non-2xx/3xx responses
 * @param cpuSeconds    the server process's user + system CPU seconds over the run
 * @param wallSeconds   the wall time between the two CPU readings
 * @param cpuMicrosPerRequest cpuSeconds per completed request, in microseconds
 * @param cpuUtilisation cpuSeconds / wallSeconds (1.0 = one core busy)
 * @param stealsPerRequest the executor's steals per request (null: n/a)
 * @param parksPerRequest  parks per request (null: n/a)
 * @param wakesPerRequest  wakes per request (null: n/a)
 * @param tasksPerRequest tasks the server handed to the executor per request (null: a runs.json
 *                      written before it was recorded)
 * @param selectsPerRequest the server's select-loop rounds that found connections ready, per request
 *                      (null: the JDK's server, or a runs.json written before it was recorded)
 * @param threads       the executor's pool threads at the end of the run, spares included (null: no
 *                      pool, a virtual thread per task; or a runs.json written before it was recorded)
 * @param serverReplies the replies the server counted over the run
 * @param failed        whether the run failed
 * @param error         why it failed (empty if not)
 */
public record RunRecord(int round, int sequence, String server, String executor, String endpoint, int connections,
        int wrkThreads, int parallelism, int durationSeconds, long requests, double requestsPerSecond, double p50Us,
        double p90Us, double p99Us, double p999Us, long errors, double cpuSeconds, double wallSeconds,
        double cpuMicrosPerRequest, double cpuUtilisation, Double stealsPerRequest, Double parksPerRequest,
        Double wakesPerRequest, Double tasksPerRequest, Double selectsPerRequest, Integer threads, long serverReplies, boolean failed, String error) {

    /** The CSV header of {@link #csv()}. */
    static final String CSV_HEADER = "round,sequence,server,executor,endpoint,connections,wrkThreads,parallelism,"
            + "durationSeconds,requests,requestsPerSecond,p50Us,p90Us,p99Us,p999Us,errors,cpuSeconds,wallSeconds,"
            + "cpuMicrosPerRequest,cpuUtilisation,stealsPerRequest,parksPerRequest,wakesPerRequest,tasksPerRequest,selectsPerRequest,threads,"
            + "serverReplies,failed,error";

    /** The run as one CSV line (n/a counters empty; the error quoted). */
    String csv() {
        return String.join(",", String.valueOf(round), String.valueOf(sequence), server, executor, endpoint,
                String.valueOf(connections), String.valueOf(wrkThreads), String.valueOf(parallelism),
                String.valueOf(durationSeconds), String.valueOf(requests), String.valueOf(requestsPerSecond),
                String.valueOf(p50Us), String.valueOf(p90Us), String.valueOf(p99Us), String.valueOf(p999Us),
                String.valueOf(errors), String.valueOf(cpuSeconds), String.valueOf(wallSeconds),
                String.valueOf(cpuMicrosPerRequest), String.valueOf(cpuUtilisation), orEmpty(stealsPerRequest),
                orEmpty(parksPerRequest), orEmpty(wakesPerRequest), orEmpty(tasksPerRequest), orEmpty(selectsPerRequest), threads == null ? "" : String.valueOf(threads),
                String.valueOf(serverReplies),
                String.valueOf(failed), '"' + error.replace("\"", "\"\"").replace('\n', ' ') + '"');
    }

    private static String orEmpty(Double v) {
        return v == null ? "" : String.valueOf(v);
    }
}
