package io.github.taskpools.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The ratios the report compares executors by: pairs by round, Student's t intervals (expected
 * values computed by hand from t(0.975) = 12.7062 at 1, 4.3027 at 2 and 3.1824 at 3 degrees of
 * freedom), the marks, and the pooled ratio: cells centred, rounds as the unit.
 */
class PairedRatiosTest {
    private static RunRecord run(int round, String executor, double rps, boolean failed) {
        return new RunRecord(round, round, "jetty", executor, "json-small", 64, 2, 2, 10, (long) (rps * 10), rps,
                1000, 2000, 3000, 4000, failed ? 1 : 0, 4.0, 10.0, 40.0, 0.4, null, null, null, null, null, null,
                (long) (rps * 10), failed, failed ? "1 errors or non-2xx/3xx responses" : "");
    }

    @Test
    void aCellPairsItsRunsByRoundAndLeavesOutFailedAndUnmatchedOnes() {
        List<RunRecord> a = List.of(run(2, "bwos", 120, false), run(1, "bwos", 110, false), run(3, "bwos", 100, false),
                run(4, "bwos", 90, false), run(5, "bwos", 500, true));
        List<RunRecord> b = List.of(run(1, "forkjoinpool", 100, false), run(2, "forkjoinpool", 100, false),
                run(3, "forkjoinpool", 100, true), run(5, "forkjoinpool", 100, false));
        Map<Integer, Double> logs = PairedRatios.logRatiosByRound(a, b, RunRecord::requestsPerSecond);
        assertEquals(List.of(1, 2), List.copyOf(logs.keySet()), "round 3's baseline failed, 4 has none, 5 failed");
        PairedRatios.Ratio r = PairedRatios.cell(a, b, RunRecord::requestsPerSecond);
        assertEquals(2, r.n());
        assertEquals(1.148913, r.ratio(), 1e-6, "geometric mean of 1.1 and 1.2");
        assertEquals(0.661017, r.low(), 1e-6);
        assertEquals(1.996924, r.high(), 1e-6);
        assertEquals("1.149x [0.661, 1.997]", r.format(), "an interval that holds 1 is not marked");
    }

    @Test
    void anIntervalThatExcludesOneIsMarkedInEitherDirection() {
        PairedRatios.Ratio up = PairedRatios.interval(logs(1.10, 1.12, 1.11, 1.13), "pair");
        assertEquals(1.114944, up.ratio(), 1e-6);
        assertEquals(1.094589, up.low(), 1e-6);
        assertEquals(1.135677, up.high(), 1e-6);
        assertEquals("1.115x [1.095, 1.136] ▲", up.format());
        PairedRatios.Ratio down = PairedRatios.interval(logs(1 / 1.10, 1 / 1.12, 1 / 1.11, 1 / 1.13), "pair");
        assertEquals("0.897x [0.881, 0.914] ▼", down.format());
    }

    @Test
    void oneOrNoPairGivesNoInterval() {
        PairedRatios.Ratio one = PairedRatios.interval(logs(0.8), "pair");
        assertEquals(0.8, one.ratio(), 1e-12);
        assertTrue(Double.isNaN(one.low()) && Double.isNaN(one.high()));
        assertEquals("0.800x (1 pair)", one.format());
        assertEquals("n/a", PairedRatios.interval(List.of(), "pair").format());
        assertEquals("1.250x (1 round)", PairedRatios.pooled(List.of(Map.of(4, Math.log(1.25)))).format());
        assertEquals("n/a", PairedRatios.cell(List.of(run(1, "bwos", 1, false)), List.of(), RunRecord::requestsPerSecond).format());
    }

    @Test
    void thePooledRatioCentresEachCellAndTakesRoundsAsTheUnit() {
        // Cell A: ratios 1.0, 1.2, 0.9 in rounds 1-3; cell B: 1.1, 1.0 in rounds 1-2 (its round 3 failed).
        // Per round the mean of the logs less their cell's mean, plus the mean of the cells' means; t over 3 rounds.
        Map<Integer, Double> a = Map.of(1, Math.log(1.0), 2, Math.log(1.2), 3, Math.log(0.9));
        Map<Integer, Double> b = Map.of(1, Math.log(1.1), 2, Math.log(1.0));
        PairedRatios.Ratio r = PairedRatios.pooled(List.of(a, b, Map.of()));
        assertEquals(3, r.n(), "three rounds; the cell without pairs is left out");
        assertEquals(1.014929, r.ratio(), 1e-6);
        assertEquals(0.797562, r.low(), 1e-6);
        assertEquals(1.291537, r.high(), 1e-6);
        // Two cells that move together round by round add no information: the interval is the cell's, not narrower.
        PairedRatios.Ratio twice = PairedRatios.pooled(List.of(a, a));
        PairedRatios.Ratio once = PairedRatios.interval(List.copyOf(new TreeMap<>(a).values()), "round");
        assertEquals(once.low(), twice.low(), 1e-12);
        assertEquals(once.high(), twice.high(), 1e-12);
    }

    @Test
    void aRoundThatLacksACellDoesNotMoveThePooledRatio() {
        // A steady 1.0 in rounds 1-3 and a steady 2.0 in rounds 1-2: every round says sqrt(2), with no spread.
        Map<Integer, Double> one = Map.of(1, 0.0, 2, 0.0, 3, 0.0);
        Map<Integer, Double> two = Map.of(1, Math.log(2), 2, Math.log(2));
        PairedRatios.Ratio r = PairedRatios.pooled(List.of(one, two));
        assertEquals(Math.sqrt(2), r.ratio(), 1e-12);
        assertEquals(Math.sqrt(2), r.low(), 1e-12);
        assertEquals(Math.sqrt(2), r.high(), 1e-12);
    }

    @Test
    void twoRunsOfOneSideInOneRoundAreRefusedByRound() {
        List<RunRecord> a = List.of(run(2, "bwos", 100, false), run(2, "bwos", 120, false));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PairedRatios.logRatiosByRound(a, List.of(run(2, "forkjoinpool", 100, false)), RunRecord::requestsPerSecond));
        assertEquals("two runs of bwos on jetty json-small at 64 connections in round 2", e.getMessage());
        // A failed run beside a good one in the same round is not a second run.
        List<RunRecord> withFailed = List.of(run(2, "bwos", 100, false), run(2, "bwos", 120, true));
        assertEquals(1, PairedRatios.logRatiosByRound(withFailed, List.of(run(2, "forkjoinpool", 100, false)),
                RunRecord::requestsPerSecond).size());
    }

    private static List<Double> logs(double... ratios) {
        return java.util.Arrays.stream(ratios).mapToObj(Math::log).toList();
    }
}
