/*
 * Store-buffer capacity probe, after Morrison and Afek, "Fence-Free Work Stealing on Bounded TSO
 * Processors" (ASPLOS'14), §7.2, Fig. 6. Built and run by run.sh, which generates probes.h.
 *
 * For S = 1, 2, ...: time K iterations of { S stores to distinct cache lines; a chain of dependent
 * multiplies, long enough to drain S stores }. While S fits in the store buffer, the stores and
 * their draining overlap the multiplies and an iteration costs the chain's latency. Once S exceeds
 * the capacity, a store cannot enter the pipeline until an older one has drained, which happens
 * only after the previous iteration's chain retires: every iteration stalls and its time jumps.
 * The capacity is the last S before the jump. By §7.3 the reordering bound is one more (the store
 * leaving the buffer is held in one more buffer), and δ = ceil(bound / (x + 1)) for a worker that
 * makes at least x other stores between two takes (§4).
 *
 * x86-64 only (GNU assembler syntax, rdtsc).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#ifndef SWEEPS
#define SWEEPS 5 /* sweeps over S per round; each S keeps its least time */
#endif
#ifndef ROUNDS
#define ROUNDS 5 /* whole measurements; the largest capacity counts */
#endif
#ifndef CHAIN
#define CHAIN 100 /* dependent imuls per iteration: a few hundred cycles */
#endif
#define STR_(x) #x
#define STR(x) STR_(x)

/* S stores of a register to S distinct cache lines of buf, then the multiply chain. */
#define DEFINE_PROBE(N)                                                        \
    static void probe_##N(char *buf, long iterations) {                        \
        for (long k = 0; k < iterations; k++) {                                \
            __asm__ volatile(".set sb_off, 0\n\t"                              \
                             ".rept " #N "\n\t"                                \
                             "movl %%eax, sb_off(%0)\n\t"                      \
                             ".set sb_off, sb_off + 64\n\t"                    \
                             ".endr\n\t"                                       \
                             ".rept " STR(CHAIN) "\n\t"                        \
                             "imul %%rdx, %%rdx\n\t"                           \
                             ".endr\n\t"                                       \
                             :                                                 \
                             : "r"(buf)                                        \
                             : "rax", "rdx", "memory");                        \
        }                                                                      \
    }

#include "probes.h" /* DEFINE_PROBE(1) ... DEFINE_PROBE(MAX_STORES), and PROBES[] */

/* Time per iteration in rdtsc ticks, printed as "cycles" (the TSC runs at the nominal clock). */
static double cycles_per_iteration(void (*probe)(char *, long), char *buf, long k) {
    double best = 1e300;
    for (int rep = 0; rep < 3; rep++) {
        uint64_t t0 = __rdtsc();
        probe(buf, k);
        uint64_t t1 = __rdtsc();
        double c = (double) (t1 - t0) / (double) k;
        if (c < best) {
            best = c;
        }
    }
    return best;
}

/*
 * One measurement: SWEEPS sweeps over S, keeping each S's least time (a spike must hit one S in
 * every sweep), then the jump. Fills t[1..MAX_STORES] and *base; returns the capacity, or -1.
 */
static int measure(char *buf, long k, double *t, double *base_out) {
    for (int s = 1; s <= MAX_STORES; s++) {
        t[s] = 1e300;
    }
    for (int sweep = 0; sweep < SWEEPS; sweep++) {
        for (int s = 1; s <= MAX_STORES; s++) {
            cycles_per_iteration(PROBES[s - 1], buf, k / 10); /* warm up */
            double c = cycles_per_iteration(PROBES[s - 1], buf, k);
            if (c < t[s]) {
                t[s] = c;
            }
        }
    }
    /* Baseline: the least time over S <= 8. The jump: the first S from which eight values in a row
       cost 3% more than the baseline (on a Zen 3 EPYC the step at the capacity is about 4%, then
       the time grows by about one cycle per store; isolated spikes of a busy machine do not last
       eight values). */
    double base = t[1];
    for (int s = 2; s <= 8; s++) {
        if (t[s] < base) {
            base = t[s];
        }
    }
    *base_out = base;
    for (int s = 2; s + 7 <= MAX_STORES; s++) {
        int above = 1;
        for (int i = s; i < s + 8; i++) {
            above &= t[i] > 1.03 * base;
        }
        if (above) {
            return s - 1;
        }
    }
    return -1;
}

int main(int argc, char **argv) {
    long k = 20000;
    int verbose = 0;
    int xs[64];
    int nx = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            verbose = 1;
            continue;
        }
        char *end;
        long x = strtol(argv[i], &end, 10);
        if (*argv[i] == '\0' || *end != '\0' || x < 0 || x > 1000 || nx == 64) {
            fprintf(stderr, "usage: probe [-v] [x ...]; x, the stores between two takes besides the one"
                            " to T, must be a number in [0, 1000] (at most 64 of them), got %s\n", argv[i]);
            return 1;
        }
        xs[nx++] = (int) x;
    }
    if (nx == 0) {
        xs[nx++] = 1;
    }
    /* aligned_alloc wants a size that is a multiple of the alignment. */
    size_t size = ((size_t) 64 * (MAX_STORES + 1) + 4095) / 4096 * 4096;
    char *buf = aligned_alloc(4096, size);
    if (buf == NULL) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    memset(buf, 0, size);
    /*
     * ROUNDS measurements; the capacity is the largest. Under a hypervisor the core may be shared
     * with another guest's SMT thread, and a core that runs two threads can split its store buffer
     * between them (a Zen 4 EPYC here measured 32 entries in some rounds and 64 in others): the
     * buffer a take can hide in is the largest one the thread may get.
     */
    double t[MAX_STORES + 1];
    double best_t[MAX_STORES + 1];
    double base = 0;
    int capacity = -1;
    for (int round = 0; round < ROUNDS; round++) {
        double b;
        int c = measure(buf, k, t, &b);
        printf("round %d: store-buffer capacity %d\n", round + 1, c);
        if (round == 0 || c > capacity) {
            capacity = c;
            base = b;
            memcpy(best_t, t, sizeof t);
        }
    }
    if (verbose) {
        for (int s = 1; s <= MAX_STORES; s++) {
            printf("S=%d %.1f cycles/iteration\n", s, best_t[s]);
        }
    }
    printf("baseline %.1f cycles/iteration (chain of %d multiplies)\n", base, CHAIN);
    if (capacity < 0) {
        printf("no jump up to %d stores: store buffer larger than the probe measures; raise MAX_STORES\n",
               MAX_STORES);
        free(buf);
        return 2;
    }
    printf("store-buffer capacity: %d entries, the largest of %d rounds (time jumps from %.1f to %.1f cycles at %d stores)\n",
           capacity, ROUNDS, best_t[capacity], best_t[capacity + 1], capacity + 1);
    int bound = capacity + 1;
    printf("S (reordering bound, capacity + 1 per section 7.3): %d\n", bound);
    printf("-Dio.github.taskpools.fencefree.reorderingBound=%d\n", bound);
    for (int i = 0; i < nx; i++) {
        printf("delta for x=%d stores between takes: %d\n", xs[i], (bound + xs[i]) / (xs[i] + 1));
    }
    free(buf);
    return 0;
}
