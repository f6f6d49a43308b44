/*
 * wythoff_compare.h - two games, or a game and a set of positions, compared
 * on the window 0 <= x < rows, 0 <= y < cols (`wythoff compare`).
 *
 * Two modes:
 *  - WY_COMPARE_VALUES: a position differs when its values differ
 *    (G, or G- in misere play); both sides are rulesets, computed by the
 *    table engine.
 *  - WY_COMPARE_SET: a position differs when it has value g in one side and
 *    not in the other (g = 0: the P-positions, "compare by outcome"), or,
 *    through wy_compare_gb, value g in A and not g_b in B or the other way
 *    round (A's P-positions against B's value-1 positions, say).  A side
 *    is a ruleset or a set of positions (a conjectured P-set, say).  Rulesets
 *    the layer engine covers (wy_layer_supported) can be scanned by it in
 *    O(rows) memory, so windows of 10^8 rows and more are compared.
 *
 * Every differing position is handed to a callback in increasing x, then
 * increasing y, and a summary is filled in.  The library never prints.
 * wy_compare allocates nothing that outlives the call; the sides' rules and
 * positions are only read, during the call (several comparisons may share
 * them in different threads).
 */
#ifndef WYTHOFF_COMPARE_H
#define WYTHOFF_COMPARE_H

#include "wythoff.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { WY_COMPARE_VALUES = 0, WY_COMPARE_SET = 1 } wy_compare_mode;

/* How a side is computed.  AUTO (only as a request): the table engine for
 * values; in set mode the layer engine for every ruleset it covers, except
 * that against a set of positions a window of at most 2^26 cells whose table
 * fits uses the table engine (so the callback gets the game's real values).
 * LIST: the side is a set of positions (nothing to compute). */
typedef enum { WY_COMPARE_AUTO = 0, WY_COMPARE_TABLE = 1, WY_COMPARE_LAYER = 2, WY_COMPARE_LIST = 3 } wy_compare_engine;

/* A value not computed: the position does not have value g, and the engine
 * that decided it (the layer engine, or a set of positions) knows no more. */
#define WY_COMPARE_OTHER UINT32_MAX

typedef wy_pos wy_compare_pos; /* the name of earlier versions */

/* One side: a ruleset in a side state, or (rules == NULL; WY_COMPARE_SET
 * only, and only as side B) a set of positions, sorted by x then y, without
 * repeats; its positions outside the window are ignored. */
typedef struct {
    const wy_rules *rules;
    wy_side side;
    const wy_pos *pos;
    size_t npos;
} wy_compare_side;

typedef struct {
    wy_compare_mode mode;
    uint32_t g;               /* WY_COMPARE_SET: the value whose positions are compared (0: P);
                                 with wy_compare_gb, A's value */
    uint32_t rows, cols;      /* the window, each at least 1 */
    wy_compare_engine engine; /* AUTO, TABLE (tables for both rulesets) or LAYER (set mode;
                                 every ruleset must be covered by the layer engine) */
    uint64_t mem_limit;       /* bytes; 0: no limit */
} wy_compare_opts;

/* Called for every differing position (x, y), in increasing x, then y, never
 * two calls at once but possibly from a worker thread of the table engine.
 * value_a, value_b: the value of (x, y) in A and B where the engine computed
 * it (the table engine; g for a position of a set); WY_COMPARE_OTHER where
 * only "not g" is known (the layer engine, a position missing from a set).
 * In set mode exactly one of "value_a is g" and "value_b is g" holds (with
 * wy_compare_gb: "value_b is g_b"; value_a and value_b may then both be g
 * or both be g_b, from the table engine).  A nonzero return stops the
 * comparison (WY_ECANCELED). */
typedef int (*wy_compare_fn)(void *ctx, uint32_t x, uint32_t y, uint32_t value_a, uint32_t value_b);

/* The differences found.  The positions below are set when count > 0:
 * "first" and "last" are the smallest and largest in the order x, then y
 * (the callback's order); "nearest" is the smallest in the order max(x, y),
 * then x, then y (the nearest to the origin in the max norm). */
typedef struct {
    uint64_t compared;          /* positions compared: rows * cols */
    uint64_t count;             /* differing positions */
    uint64_t only_a, only_b;    /* set mode: of value g in A only, of value g (g_b) in B only */
    uint32_t min_x, max_x, min_y, max_y; /* their bounding box */
    wy_pos first, last, nearest;
    wy_compare_engine engine_a, engine_b; /* how each side was computed: TABLE, LAYER or LIST */
} wy_compare_summary;

/* What a comparison will do and need, before anything is allocated:
 * engine_a/engine_b as in the summary, bytes the estimated peak memory
 * (lists of positions at their proved upper bound: at most one position of
 * value g per row of a ruleset outside its terminal region; with two layer
 * scans, room for 65536 differences), work the total
 * of the progress units (cells for the table engine, rows for the layer
 * engine, one pass per side computed).  WY_EINVAL for a bad request (empty
 * window, bad side state, a set of positions as side A or in value mode,
 * the layer engine asked for a ruleset it does not cover or for values).
 * Cost: O(1). */
typedef struct {
    wy_compare_engine engine_a, engine_b;
    uint64_t bytes;
    uint64_t work;
    int reserved; /* 0 (keeps the struct's size: the SONAME stays libwythoff.so.0) */
} wy_compare_plan;

WY_API wy_status wy_compare_plan_make(wy_compare_plan *plan, const wy_compare_side *a, const wy_compare_side *b,
                               const wy_compare_opts *opt, unsigned threads, char *err, size_t errlen);

/* Compare A and B on the window (see the top of this file).  fn may be
 * NULL.  If the plan's estimate exceeds opt->mem_limit nothing is allocated
 * and WY_ERANGE is returned with the estimate in the message; memory that
 * grows with the number of differences (the layer engine keeps those of the
 * triangle x <= y to list them in order) is checked against the limit as it
 * grows (WY_ERANGE).  Returns WY_OK whether or not differences were found
 * (sum->count says); WY_ECANCELED when run->progress or fn asked to stop
 * (sum then covers the positions reported so far).
 *
 * Method.  Every ruleset of the language is symmetric in x and y (the column
 * and row moves have the same bounds, the diagonal and modular moves take
 * a and b symmetrically, terminal=K is x + y <= K; docs/rules.md, "Moves"),
 * so two layer scans, which report only x <= y, are compared on that
 * triangle and the differences mirrored.  Otherwise one side is kept in
 * memory (a table, or a sorted list of positions) and the other computed
 * row by row (wy_table_stream) and compared row by row.
 * Cost: the engines' (O(rows * cols) for tables, O(size) per layer for the
 * layer engine, size = max(rows, cols)) plus O(d log d) for d differences
 * found by the layer engine. */
WY_API wy_status wy_compare(wy_compare_summary *sum, const wy_compare_side *a, const wy_compare_side *b,
                     const wy_compare_opts *opt, const wy_run *run, wy_compare_fn fn, void *ctx, char *err,
                     size_t errlen);

/* Set mode with a value of its own for B: A's positions of value opt->g
 * against B's positions of value g_b.  Paper 000, Corollary 2: the
 * P-positions of wythoff+pass (g = 0) and the value-1 positions of wythoff
 * (g_b = 1) differ only in x, y <= 8.  A set of positions as side B stands
 * for B's positions of value g_b (the callback's value_b is g_b there).
 * opt->mode must be WY_COMPARE_SET (else WY_EINVAL); everything else is as
 * in wy_compare_plan_make and wy_compare, which are these functions with
 * g_b = opt->g.  Cost: as wy_compare's. */
WY_API wy_status wy_compare_plan_make_gb(wy_compare_plan *plan, const wy_compare_side *a, const wy_compare_side *b,
                                         const wy_compare_opts *opt, uint32_t g_b, unsigned threads, char *err,
                                         size_t errlen);
WY_API wy_status wy_compare_gb(wy_compare_summary *sum, const wy_compare_side *a, const wy_compare_side *b,
                               const wy_compare_opts *opt, uint32_t g_b, const wy_run *run, wy_compare_fn fn,
                               void *ctx, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif /* WYTHOFF_COMPARE_H */
