/*
 * wythoff.h - exact computation on Wythoff's game and its variants: the core
 * library (libwythoff: rules, moves, the table, layer and exact engines,
 * comparisons).  The claims (wythoff_check.h, libwythoff-check) and the
 * pictures (wythoff_plot.h, libwythoff-plot) are layers above it that use
 * only the core's public headers.
 *
 * Conventions (docs/conventions.md):
 *  - every public name starts with wy_ (types, functions) or WY_ (constants);
 *    every public function is declared WY_API, and the shared libraries
 *    export nothing else;
 *  - output arguments come first, inputs are const;
 *  - functions return a wy_status; on failure, and only then, they write a
 *    one-line message naming the problem into the caller's error buffer err
 *    of errlen bytes (may be NULL); WY_ERRLEN always suffices;
 *  - the library never prints and never exits.
 *
 * Ownership:
 *  - an object made by wy_X_new or wy_X_compute (wy_table, wy_exact) belongs
 *    to the caller and is released with wy_X_free, which accepts NULL; on
 *    failure nothing is allocated and *out is NULL;
 *  - a struct with wy_X_init and wy_X_clear (wy_answer, wy_eval_item,
 *    wy_options) belongs to the caller, who initialises it once, may pass it
 *    to any number of calls, and clears it once; a wy_row_periods is filled
 *    by wy_row_periods_compute and released by wy_row_periods_clear;
 *  - an array the library hands out (wy_layer_positions) is released with
 *    wy_free; lists of big moves with wy_bigmoves_free;
 *  - plain structs (wy_rules, wy_side, wy_move, wy_pos, wy_run) are values:
 *    the library keeps no pointer to them after a call returns, except the
 *    wy_run given to wy_exact_set_run;
 *  - strings the library returns (wy_answer.method, claim texts) are static.
 *
 * Threads: the library has no global mutable state.  Any function may run
 * in several threads at once on different objects.  A computed wy_table is
 * read-only: any number of threads may read one at once.  A wy_exact keeps
 * caches and scratch numbers: one thread at a time per wy_exact (make one
 * per thread).  Callbacks (progress, rows, positions, differences, bytes)
 * are called from the calling thread unless a function says otherwise,
 * never two at once.  GMP aborts the process when it cannot allocate; every
 * other allocation that fails is WY_ERANGE.
 */
#ifndef WYTHOFF_H
#define WYTHOFF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version, from this one place: the build (SONAME, pkg-config files, man
 * pages), `wythoff --version`, wy_version() and the Python module read it. */
#define WY_VERSION "0.8.0"

/* Every function of the public API is declared WY_API: the shared libraries
 * are built with hidden visibility, so they export exactly these names. */
#if defined(__GNUC__) || defined(__clang__)
#define WY_API __attribute__((visibility("default")))
#else
#define WY_API
#endif

/* Status codes.  The command-line tool uses them as exit codes. */
typedef enum {
    WY_OK = 0,
    WY_EDIFF = 1,     /* a check or comparison found a difference */
    WY_EINVAL = 2,    /* bad input: rules, numbers, options, files */
    WY_ERANGE = 3,    /* a resource limit: the work needs more memory than allowed */
    WY_EINTERNAL = 4, /* internal error (should not happen) */
    WY_ECANCELED = 5, /* stopped by the caller's progress function */
    WY_EUNDECIDED = 6 /* no method decides the question within the limits (the
                         message names what would decide it) */
} wy_status;

/* Length of an error buffer that always suffices. */
#define WY_ERRLEN 512

/* ------------------------------------------------------------------ */
/* Running long computations: threads, progress, cancellation          */
/* ------------------------------------------------------------------ */

/* Called by an engine from the thread that called it, after each chunk of
 * work (64 columns of a band of rows, or about 2^16 rows of a layer scan,
 * fewer with many side-state layers: the long loops of the library ask at
 * least every few milliseconds of work, also while the thread waits for
 * another): `done` of `total` units (cells of a table, rows of a layer
 * scan) are finished; total 0 means a check for the stop only (a loop
 * that counts no units: a proof's rows, a test of every extra heap).  A
 * nonzero return cancels the computation: the engine frees what it
 * allocated and returns WY_ECANCELED.  The engines never print; the caller
 * decides what to show. */
typedef int (*wy_progress_fn)(void *ctx, uint64_t done, uint64_t total);

typedef struct {
    unsigned threads;        /* worker threads; 0 or 1: the calling thread only */
    wy_progress_fn progress; /* NULL: none */
    void *progress_ctx;
    unsigned band;           /* table engine: rows per band, 0 automatic (at most 64);
                                the results never depend on it, the memory of each
                                thread and the messages of wy_table_block_run do
                                (wythoff-mpi --band) */
} wy_run;

/* ------------------------------------------------------------------ */
/* Rules                                                               */
/* ------------------------------------------------------------------ */

typedef enum { WY_GAME_WYTHOFF = 0, WY_GAME_NIM = 1 } wy_game;

/* A ruleset: GAME ('+' OPTION)*.  Zero means "option absent" for every
 * numeric field except has_terminal. */
typedef struct {
    wy_game game;
    uint32_t passes;      /* pass=K: K passes in all, shared (0: no pass)          */
    uint32_t heap;        /* heap=H: an extra Nim heap of H stones (0: none)       */
    uint32_t max;         /* max=N: take at most N (0: unbounded)                   */
    uint32_t mod;         /* mod=M: wythoff only; also a,b >= 1 with a = b mod M    */
    int has_terminal;     /* terminal=K present                                     */
    uint32_t terminal;    /* every position with x + y <= terminal has no moves     */
    int misere;           /* misere play: terminal states have value 1              */
} wy_rules;

/* Parse a ruleset such as "wythoff+pass+max=5".  On error the message names
 * the offending part.  Cost: linear in the text. */
WY_API wy_status wy_rules_parse(wy_rules *rules, const char *text, char *err, size_t errlen);

/* Canonical text of a ruleset (options in a fixed order); returns the length
 * it needs (like snprintf; never more than 120). */
WY_API int wy_rules_format(char *buf, size_t len, const wy_rules *rules);

/* Check a ruleset built by hand rather than by wy_rules_parse: a known game,
 * has_terminal and misere 0 or 1, no terminal value without has_terminal,
 * no mod=M with nim.  Every engine checks its ruleset this way first and
 * returns WY_EINVAL with this message for a bad one; the estimates return
 * UINT64_MAX for it.  Cost: O(1). */
WY_API wy_status wy_rules_check(const wy_rules *rules, char *err, size_t errlen);

/* ------------------------------------------------------------------ */
/* Side state                                                          */
/* ------------------------------------------------------------------ */

/* The side state of a position: passes still available, stones in the
 * extra heap.  The game's start is {rules->passes, rules->heap}. */
typedef struct {
    uint32_t pass;
    uint32_t heap;
} wy_side;

/* The start side state of a ruleset. */
WY_API wy_side wy_side_start(const wy_rules *rules);

/* Check a side state against a ruleset (pass <= passes, heap <= heap; the
 * ruleset itself by wy_rules_check). */
WY_API wy_status wy_side_check(const wy_rules *rules, wy_side side, char *err, size_t errlen);

/* The side state in words, as the tool writes it: "passes left 1",
 * "extra heap 2", "passes left 1, extra heap 2" (only what the ruleset has;
 * "" for a ruleset with neither).  Returns the length it needs (like
 * snprintf; at most 45). */
WY_API int wy_side_format(char *buf, size_t len, const wy_rules *rules, wy_side side);

/* Which part of the side state wy_side_apply sets. */
typedef enum { WY_SIDE_PASS = 0, WY_SIDE_HEAP = 1 } wy_side_part;

/* The one policy for a side state given by a user (the tool's --pass and
 * --heap, the server's pass= and heap=, the Python module's passes= and
 * heap=): `value`, decimal digits of any length, is set as the passes left
 * (or stones of the extra heap) of every ruleset among rules[0..n-1] that
 * has passes (an extra heap); sides[i] is changed only for those.  `name`
 * is how the caller spells the option in messages ("--pass", "pass",
 * "passes"), `shown` how they quote the value (the user's text, "1e40";
 * NULL: value itself); labels[i] (NULL: none) names ruleset i when n > 1.  WY_EINVAL,
 * nothing changed, when no ruleset has that part ("NAME given, but ruleset
 * 'R' has no pass (add +pass)"), when value is not decimal digits, or when it
 * is more than a ruleset's ("NAME V is more than the ruleset's 1 pass").
 * Cost: O(n + length of value). */
WY_API wy_status wy_side_apply(wy_side *sides, const wy_rules *const *rules, size_t n, const char *const *labels,
                               wy_side_part part, const char *name, const char *value, const char *shown,
                               char *err, size_t errlen);

/* A position of a window. */
typedef struct {
    uint32_t x, y;
} wy_pos;

/* Release memory the library handed to the caller (lists of positions). */
WY_API void wy_free(void *p);

/* A number of bytes as messages write it: "512 bytes", "1 KiB", "1.5 MiB",
 * "29.1 GiB" (binary units, one decimal, rounded down; integer arithmetic).
 * Returns the length it needs (like snprintf; at most 31). */
WY_API int wy_format_bytes(char *buf, size_t len, uint64_t bytes);

/* The name a mistyped word most likely meant, for a "did you mean" in a
 * message: the index in names[0..n) of the name nearest to word[0..len)
 * (len bytes, no terminator needed) by edit distance, counting an
 * insertion, a deletion, a substitution or a swap of two adjacent
 * characters as one edit, when it is at most 2 edits away, the edits fewer
 * than half the name's length, and no other name (a different string) is
 * as near; else -1.  The rules parser's messages use it ("did you mean
 * 'wythoff'?"), and so does the tool for commands and options. */
WY_API long wy_suggest(const char *word, size_t len, const char *const *names, size_t n);

/* The memory limit when none is given (the tool's --mem-limit, the Python
 * module's mem_limit, the server's): the machine's available memory,
 * MemAvailable of /proc/meminfo, else the available pages by sysconf; 0
 * when neither is known (no limit).  Reads a file: call it once, not per
 * computation. */
WY_API uint64_t wy_memory_default(void);

/* The one message shape of a refusal before allocation: writes "WHAT needs
 * about NEED, more than the limit of LIMIT" (wy_format_bytes) into err and
 * returns WY_ERANGE.  Front ends add how to change their limit. */
WY_API wy_status wy_memory_refusal(char *err, size_t errlen, const char *what, uint64_t need, uint64_t limit);

/* The version of the library in use at run time: WY_VERSION as it was when
 * the library was built (a program may compare it with the WY_VERSION it
 * was compiled with).  Static text. */
WY_API const char *wy_version(void);

/* Little-endian integers in bytes, for files that read the same on every
 * machine (the exact engine's strip cache, the tool's stored layers): p
 * holds at least 4 (le32) or 8 (le64) bytes.  Inline, exported by no
 * library. */
static inline void wy_put_le32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline void wy_put_le64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline uint32_t wy_get_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t wy_get_le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* ------------------------------------------------------------------ */
/* Moves                                                               */
/* ------------------------------------------------------------------ */

typedef enum {
    WY_MOVE_ROW = 0,   /* take from the second heap: (x, y) -> (x, y - b) */
    WY_MOVE_COL = 1,   /* take from the first heap:  (x, y) -> (x - a, y) */
    WY_MOVE_DIAG = 2,  /* take a from both: (x - a, y - a)               */
    WY_MOVE_MOD = 3,   /* take a != b, a = b (mod M), from both          */
    WY_MOVE_HEAP = 4,  /* take from the extra heap                       */
    WY_MOVE_PASS = 5   /* use a pass                                     */
} wy_move_kind;

typedef struct {
    wy_move_kind kind;
    uint32_t x, y;     /* the position reached */
    wy_side side;      /* its side state */
} wy_move;

/* Every option of (x, y, side), in a fixed order (column, row, diagonal,
 * modular, heap, pass; nearer targets first).  Writes at most cap moves to
 * out and returns the total number in *count (out may be NULL with cap 0:
 * then only the count, in O(1)).  Cost: O(cap + 1). */
WY_API wy_status wy_moves_list(wy_move *out, size_t cap, size_t *count, const wy_rules *rules,
                        uint32_t x, uint32_t y, wy_side side, char *err, size_t errlen);

/* The number of options of (x, y, side), in O(1), for coordinates up to
 * 2^62: what wy_moves_list counts.  The ruleset and side state must be valid
 * (wy_side_check); a bad one gives 0. */
WY_API uint64_t wy_moves_count(const wy_rules *rules, uint64_t x, uint64_t y, wy_side side);

/* ------------------------------------------------------------------ */
/* Table engine                                                        */
/* ------------------------------------------------------------------ */

/* The exact values of every position of the window 0 <= x < rows,
 * 0 <= y < cols, for every side state from {0,0} up to a requested one.
 * Opaque; made by wy_table_compute, released by wy_table_free. */
typedef struct wy_table wy_table;

/* How the engine keeps the column and diagonal options: one bitset per line
 * (dense: fast, memory grows with the number of lines times the largest
 * value) or read back from the table (sparse: O(rows) per cell, little
 * memory).  AUTO picks sparse for narrow windows and for max=N <= 64. */
typedef enum { WY_LAYOUT_AUTO = 0, WY_LAYOUT_DENSE = 1, WY_LAYOUT_SPARSE = 2 } wy_layout;

/* Bytes wy_table_compute would need for this request.  Values above the
 * first guess of the largest value make the line bitsets grow, so for
 * rulesets whose values exceed x + y (mod=M with small M) the need can
 * exceed the estimate; see docs/engines.md. */
WY_API uint64_t wy_table_estimate(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side);
WY_API uint64_t wy_table_estimate_layout(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  wy_layout layout);
/* The two above are for one thread and automatic bands; each more thread
 * needs its band's row bitsets: the estimate of wy_table_compute_run with
 * this run (the figure it compares with its mem_limit). */
WY_API uint64_t wy_table_estimate_run(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                      wy_layout layout, const wy_run *run);

/* Compute the table.  Owned by the caller, released by wy_table_free.
 * `side` is the highest side state needed (all states
 * {p <= side.pass, h <= side.heap} are computed, as the recursion needs them).
 * If the estimate exceeds mem_limit (0: no limit) nothing is allocated and
 * WY_ERANGE is returned with the estimate in the message.
 * Cost: O(rows * cols * (passes+1) * (heap+1)) word operations for the
 * unbounded rules (dense layout); the sparse layout adds O(min(rows, cols))
 * per cell; max=N with mod=M adds O(N^2 / M) per cell. */
WY_API wy_status wy_table_compute(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols,
                           wy_side side, uint64_t mem_limit, char *err, size_t errlen);

/* The same with the layout chosen by the caller (AUTO: as wy_table_compute)
 * and with threads, progress and cancellation (run may be NULL).
 * The result does not depend on run->threads.  Cells take 2 bytes while
 * the values fit (the estimate counts 2 bytes), 4 bytes otherwise: a value
 * above 65535 restarts the computation with 4-byte cells, within mem_limit.
 * WY_ECANCELED when the progress function asked to stop. */
WY_API wy_status wy_table_compute_run(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols,
                               wy_side side, uint64_t mem_limit, wy_layout layout, const wy_run *run,
                               char *err, size_t errlen);

/* Deprecated: wy_table_compute_run with run NULL, which it calls (kept
 * because a minor version removes no function, CHANGELOG.md). */
WY_API wy_status wy_table_compute_layout(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols,
                                         wy_side side, uint64_t mem_limit, wy_layout layout, char *err,
                                         size_t errlen);

/* A table written row by row: fn(ctx, x, values, cols) receives the values
 * of row x (side state `side`) for x = 0, 1, ..., rows - 1 in order, never
 * two calls at once (possibly from a worker thread).  Memory: the line
 * bitsets and a ring of recent rows, not the table.  A nonzero return from
 * fn stops the computation (WY_ECANCELED). */
typedef int (*wy_row_fn)(void *ctx, uint32_t x, const uint32_t *values, uint32_t cols);
WY_API wy_status wy_table_stream(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                          uint64_t mem_limit, const wy_run *run, wy_row_fn fn, void *ctx, char *err,
                          size_t errlen);
WY_API uint64_t wy_table_stream_estimate(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  unsigned threads);

/* The work of a table computation, before it starts: the cells it computes
 * (x <= y only where symmetry halves them) times its side-state layers (the
 * passes and extra-heap sizes below `side` that the values depend on), in
 * 64 bits (UINT64_MAX for a bad request or beyond 2^24 layers).  The table
 * engine spends roughly 50 to 300 ns on one core per unit (more with wide
 * value ranges), so this is the figure to warn or refuse on where time
 * matters: the 2 x 2 window of wythoff+heap=100000+misere is 3 cells (by
 * symmetry) times 100,001 layers.  Cost: O(1). */
WY_API uint64_t wy_table_work(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side);

/* An upper bound on the values of the window in side state `side`: the
 * largest number of options of a cell (a mex never exceeds it). */
WY_API uint64_t wy_table_value_bound(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side);

/* The layout a computed table used (WY_LAYOUT_DENSE or WY_LAYOUT_SPARSE). */
WY_API wy_layout wy_table_layout(const wy_table *t);

WY_API void wy_table_free(wy_table *t);

WY_API uint32_t wy_table_rows(const wy_table *t);
WY_API uint32_t wy_table_cols(const wy_table *t);

/* The value G (or G- in misere play) of (x, y) with side state `side`.
 * Requires x < rows, y < cols and side within the computed states. */
WY_API uint32_t wy_table_get(const wy_table *t, uint32_t x, uint32_t y, wy_side side);

/* Row x (0 <= x < rows) of side state `side` into out[0..cols-1]. */
WY_API void wy_table_row(const wy_table *t, uint32_t x, wy_side side, uint32_t *out);

/* Bytes per stored cell (2 or 4). */
WY_API unsigned wy_table_cell_bytes(const wy_table *t);

/* Largest value in the table for the given side state. */
WY_API uint32_t wy_table_max(const wy_table *t, wy_side side);

#ifdef __cplusplus
}
#endif
#endif /* WYTHOFF_H */
