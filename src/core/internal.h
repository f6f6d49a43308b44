/* internal.h - helpers shared by the core's modules (not installed; the
 * layers above the core use only the public headers). */
#ifndef WYI_INTERNAL_H
#define WYI_INTERNAL_H

#include "wythoff.h"

#include <stdarg.h>

/* Write a formatted message into err (if non-NULL) and return status. */
wy_status wyi_fail(wy_status status, char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The edit distance of a[0..na) and b[0..nb) (util.c): insertions,
 * deletions, substitutions and swaps of adjacent bytes (optimal string
 * alignment); SIZE_MAX when either is longer than WYI_EDIT_MAX bytes. */
#define WYI_EDIT_MAX 64
size_t wyi_edit_distance(const char *a, size_t na, const char *b, size_t nb);

/* x + y <= this bound means the (x, y) component has no moves. */
static inline uint64_t wyi_terminal_bound(const wy_rules *r)
{
    return r->has_terminal ? r->terminal : 0;
}

/* A run's progress function asked to stop (run may be NULL): for the loops
 * that are not a chunk of an engine's work but can still be long (a test
 * for every extra-heap size below 2^32, say); every POLL_EVERY turns. */
#define POLL_EVERY 4096u
static inline int wyi_run_stop(const wy_run *run, uint64_t done, uint64_t total)
{
    return run && run->progress && run->progress(run->progress_ctx, done, total) != 0;
}

/* Saturating arithmetic for estimates: a result that does not fit is
 * UINT64_MAX, which is more than any memory limit. */
static inline uint64_t wyi_sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

static inline uint64_t wyi_sat_mul(uint64_t a, uint64_t b)
{
    if (a && b > UINT64_MAX / a)
        return UINT64_MAX;
    return a * b;
}

/* tv[p * (H + 1) + h] for p <= P, h <= H: the value of the side game alone
 * (no move on the two heaps: the terminal region) with p passes left and an
 * extra heap of h.  h = 0 has no move at all (a pass needs another move): 0,
 * or 1 in misere play; h > 0 is the mex of the values at (p, h' < h) and,
 * for p > 0, at (p - 1, h).  Values at one p are distinct (each is an option
 * of the next), so a byte array of the values seen keeps the mex pointer
 * growing: O((P + 1) (H + 1)) time, H + 3 bytes besides tv.  0 when out of
 * memory. */
int wyi_terminal_values(uint64_t *tv, uint64_t P, uint64_t H, int misere);

/* floor(n phi) for n < 2^62 by the Zeckendorf shift (automaton.c; tests
 * compare it with wy_floor_phi). */
uint64_t wyi_floor_phi_u64(uint64_t n);

/* FNV-1a continued from h over n bytes (wy_fnv1a starts from the offset
 * basis; the proof cache's checksum uses it too). */
static inline uint64_t wyi_fnv1a_from(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* wy_heap3_compute with the tests' knobs (heap3.c): plain, with
 * WY_HEAP3_SWEEP, runs the plain sweep (one slice at a time, every side
 * state's whole atlas) instead of the blocked one; block, the blocked sweep's
 * slices per block (0: its own choice). The same atlas either way. */
#include "wythoff_atlas.h"
wy_status wyi_heap3_compute(wy_heap3 **out, const wy_rules *rules, uint32_t size, wy_heap3_method method, int plain,
                            uint32_t block, uint64_t mem_limit, const wy_run *run, char *err, size_t errlen);

#endif
