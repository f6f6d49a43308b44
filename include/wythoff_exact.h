/*
 * wythoff_exact.h - the exact engine: outcomes, values and winning moves of
 * positions of any size, from closed forms and proved periodicity (GMP).
 *
 * Same conventions as wythoff.h (status codes, error buffers, ownership).
 * The methods, with the theorems and the engine's own proofs they rest on,
 * are described in docs/exact.md.  Every answer names its method.
 */
#ifndef WYTHOFF_EXACT_H
#define WYTHOFF_EXACT_H

#include "wythoff.h"

#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An exact evaluator for one ruleset.  It keeps what it has proved or
 * computed (row strips, periods, small tables) for later questions, and
 * scratch numbers: use it from one thread at a time (one per thread).
 * Made by wy_exact_new (a 64 x 64 table of the ruleset: milliseconds, more
 * with many side-state layers),
 * owned by the caller, released by wy_exact_free (accepts NULL). */
typedef struct wy_exact wy_exact;

/* mem_limit bounds what the evaluator may allocate for its tables and
 * strips (0: no limit).  WY_EINVAL for a bad ruleset (wy_rules_check),
 * WY_ERANGE when its first table does not fit. */
WY_API wy_status wy_exact_new(wy_exact **out, const wy_rules *rules, uint64_t mem_limit, char *err, size_t errlen);
/* The same with threads, progress and cancellation for its first tables
 * (run may be NULL): with many side-state layers (heap=H in misere play or
 * with a pass) they are the table engine's 64 x 64 window times the layers,
 * seconds or more (wy_table_work); WY_ECANCELED when run->progress stops
 * it.  run is not kept (wy_exact_set_run is for later calls). */
WY_API wy_status wy_exact_new_run(wy_exact **out, const wy_rules *rules, uint64_t mem_limit, const wy_run *run,
                                  char *err, size_t errlen);
WY_API void wy_exact_free(wy_exact *e);

/* Threads, progress and cancellation for the windows the evaluator computes
 * from now on (row strips: seconds for the rows up to 45); run (NULL: none)
 * must stay valid while it is set.  A call stopped by run->progress returns
 * WY_ECANCELED. */
WY_API void wy_exact_set_run(wy_exact *e, const wy_run *run);

/* A directory (created, mode 0700, when missing) where the evaluator keeps
 * the row strips it proves on demand (rows 46 to 255, docs/exact.md "Rows
 * proved on demand"), and reads them back in later runs.  A value read from
 * it is printed as proved, so it is used only when nobody but the user can
 * have written it (as ssh's StrictModes): the directory and every one above
 * it belong to root or to the effective user and are not writable by group
 * or others (a sticky parent such as /tmp excepted), and the file is a
 * regular file of the effective user, not writable by group or others, not
 * a symbolic link; otherwise it is neither read nor written
 * (wy_exact_cache_note says why).  Each file is also checked against
 * accidental damage (checksum, header, its first columns against the table
 * engine), and written atomically, so concurrent runs may share the
 * directory.  NULL or "": no cache (the default); the string is copied. */
WY_API void wy_exact_set_cache(wy_exact *e, const char *dir);

/* Why the cache directory, or a file in it, was last not used or not
 * written (the trust rule of wy_exact_set_cache, a damaged file, a failed
 * write), since wy_exact_set_cache: one line naming the directory or file
 * and the reason, into buf (len bytes; WY_ERRLEN suffices), and 1; or 0
 * and "" when nothing was skipped.  The answers are right either way: a
 * strip not read from the cache is proved again. */
WY_API int wy_exact_cache_note(char *buf, size_t len, const wy_exact *e);

/* The cache directory by the convention the tool and the Python module
 * share: $WYTHOFF_CACHE ("" or "off": no cache), else $XDG_CACHE_HOME/wythoff
 * (an absolute path only, as the XDG spec says), else $HOME/.cache/wythoff.
 * Writes it into buf and returns buf, or NULL when none applies or it does
 * not fit in len bytes.  Reads the environment (not thread-safe against
 * setenv); creates nothing. */
WY_API const char *wy_exact_cache_default(char *buf, size_t len);

/* An answer: the outcome always, the value where the method gives it.
 * Initialised by wy_answer_init (its mpz_t), released by wy_answer_clear;
 * the caller owns it and may reuse it for any number of calls. */
typedef struct {
    char outcome;        /* 'P' or 'N' */
    int has_value;       /* 1: `value` is the exact value G (G- in misere play) */
    mpz_t value;
    const char *method;  /* how it was obtained (static text) */
    char why[WY_ERRLEN];  /* has_value 0: why the value is not known; else "" */
    uint64_t value_min;  /* has_value 0: a proved lower bound of the value (G >= value_min), 0: none */
} wy_answer;

WY_API void wy_answer_init(wy_answer *a);
WY_API void wy_answer_clear(wy_answer *a);

/* The outcome, and where known the value, of (x, y, side), by the exact
 * methods alone (closed forms, theorems, proved periodicity).
 * WY_OK: answered (err is not written).  WY_EUNDECIDED: no exact method
 * decides this position (the message says why).  WY_ERANGE: a proof it
 * needed did not fit in memory.  WY_EINVAL: a bad side state or a negative
 * coordinate.  The value of a position within the first rows may need a
 * row strip proved on first use (seconds for the rows up to 45, about 25 s
 * for rows up to 103 of Wythoff's game; kept in the cache directory, see
 * wy_exact_set_cache); everything else is O(log) big-integer operations or
 * a lookup. */
WY_API wy_status wy_exact_eval(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, char *err,
                        size_t errlen);

/* A move to a position of any size. */
typedef struct {
    wy_move_kind kind;
    mpz_t x, y;
    wy_side side;
} wy_bigmove;

/* ------------------------------------------------------------------ */
/* Positions by the best method that applies                           */
/* ------------------------------------------------------------------ */

/* The outcome and value of (x, y, side) by every method that can decide
 * them, cheapest first (docs/exact.md, "The evaluator"): the exact
 * engine's closed forms; the table engine for windows 0..x, 0..y of at
 * most 2^22 cells; the exact engine with row strips (rows 46..255 proved
 * on demand, kept in the cache directory of wy_exact_set_cache) and
 * certificates; the table engine for the value (up to 2^30 cells when the
 * outcome is known); the layer engine for the outcome (min(x, y) < 2^40,
 * rulesets without max=N and mod=M), with the value of an N-position (its
 * outcome found so, or by a closed form) from its value layers within
 * about a second.  A side state with p passes left is answered as the same
 * game with p mod 2 passes (docs/exact.md, "Passes: p and p mod 2").
 * Where only the outcome is decided, ans->has_value is 0 and ans->why says
 * why (with "G > g" when the value layers 1..g were excluded).  WY_EUNDECIDED when
 * no method applies; WY_ERANGE when one applies but needs more memory than
 * the evaluator's limit (err gives its rows, memory and time); WY_ECANCELED
 * when run->progress (may be NULL) asks to stop; WY_EINVAL for a bad side
 * state.  Cost: O(log) big-integer operations for closed forms; seconds
 * for a proof; the table's O((x+1)(y+1)) cells; the layer engine's about
 * 6 ns per row and layer. */
WY_API wy_status wy_eval(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, const wy_run *run,
                         char *err, size_t errlen);

/* A position and its answer, for wy_eval_positions.  Initialised by
 * wy_eval_item_init, released by wy_eval_item_clear; the caller sets x, y. */
typedef struct {
    mpz_t x, y;
    wy_answer ans;
} wy_eval_item;

WY_API void wy_eval_item_init(wy_eval_item *it);
WY_API void wy_eval_item_clear(wy_eval_item *it);

/* wy_eval for n positions in one side state, with one table for all those
 * that need the table engine (the smallest window holding them).  On
 * failure *failed (may be NULL) is the index of the position that no
 * method decides, and err says why; no answer is then complete. */
WY_API wy_status wy_eval_positions(wy_exact *e, wy_eval_item *items, size_t n, wy_side side, const wy_run *run,
                                   size_t *failed, char *err, size_t errlen);

/* Every option of a position with its value, or, for positions beyond the
 * table engine, its winning moves: what `wythoff moves` prints. */
typedef struct {
    wy_answer pos;      /* the position itself */
    int complete;       /* 1: moves[0..count) is every option (wy_moves_list's order) and
                           values[i] the value of moves[i] (the table engine);
                           0: wins[0..count) are the winning moves only (the exact engine) */
    size_t count;
    wy_move *moves;
    uint32_t *values;
    wy_bigmove *wins;
} wy_options;

/* wy_options_init before the first use; wy_options_clear once at the end
 * (it releases the lists and the answer's mpz_t).  One wy_options may take
 * any number of wy_eval_options calls in between. */
WY_API void wy_options_init(wy_options *o);
WY_API void wy_options_clear(wy_options *o);

/* The options of (x, y, side).  Positions whose window has at most 2^26
 * cells and fits within the memory limit, with at most 10^7 options that
 * fit in memory too, are listed completely from one table; others get
 * their winning moves (every move to a P-position) from the exact engine,
 * or, when it leaves the outcome of some option open, from layer scans of
 * the P-positions (rows 0..min(x, y)); every option's outcome is then
 * decided (the others are N-positions).  WY_EUNDECIDED when neither
 * decides every option.  Errors as wy_eval. */
WY_API wy_status wy_eval_options(wy_exact *e, wy_options *o, const mpz_t x, const mpz_t y, wy_side side,
                                 const wy_run *run, char *err, size_t errlen);


/* The winning moves of (x, y, side): every move to a P-position, in the
 * order of wy_moves_list.  An empty list means (x, y, side) is a
 * P-position.  *method names how the P-positions were found.  Free the
 * list with wy_bigmoves_free.  WY_EUNDECIDED when no exact method
 * decides the outcome of the position or of one of its options. */
WY_API wy_status wy_exact_winning(wy_exact *e, wy_bigmove **moves, size_t *count, const char **method, const mpz_t x,
                           const mpz_t y, wy_side side, char *err, size_t errlen);
WY_API void wy_bigmoves_free(wy_bigmove *moves, size_t count);

/* The rules of one move at any size, the one answer of every front end
 * (`play`, the engine's move, the server).
 *
 * wy_has_move: 1 if the player to move at (x, y, side) has a move: on the
 * two heaps (x + y above terminal=K, or above 0) or on the extra heap.  A
 * pass alone never counts (it needs another move).  O(1) big-number
 * operations.
 *
 * wy_move_apply: the move of `kind` from (x, y, side) taking a stones from
 * the first heap and b from the second (WY_MOVE_COL: a only; WY_MOVE_ROW: b
 * only; WY_MOVE_HEAP: a stones of the extra heap; WY_MOVE_PASS: neither):
 * WY_OK with the position it reaches in (tx, ty, *to), initialised by the
 * caller; WY_EINVAL with why it is not a move in err ("a move takes at
 * least 1 stone", "cannot take 5 from the first heap: it has 3", "at most 2
 * stones from a heap (max=2)", ...).  A modular move of equal amounts is a
 * diagonal move, a diagonal one of different amounts a modular one.  O(1) big-number operations. */
WY_API int wy_has_move(const wy_rules *rules, const mpz_t x, const mpz_t y, wy_side side);
WY_API wy_status wy_move_apply(mpz_t tx, mpz_t ty, wy_side *to, const wy_rules *rules, const mpz_t x, const mpz_t y,
                               wy_side side, wy_move_kind kind, const mpz_t a, const mpz_t b, char *err,
                               size_t errlen);

/* The P-positions (a, b) with a <= b and a >= from, in increasing order of
 * a, then b: up to k of them are written to a[], b[] (initialised by the
 * caller), *got says how many (fewer than k when the set is finite).
 * index[i] (may be NULL) receives the position's index n in the ruleset's
 * numbering of its P-positions (docs/exact.md).  WY_EUNDECIDED for
 * rulesets whose P-positions are not a sequence (max=N: doubly periodic) or
 * not known in closed form (wy_eval_ppos covers every ruleset). */
WY_API wy_status wy_exact_ppos(wy_exact *e, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, size_t *got,
                        const mpz_t from, wy_side side, char *err, size_t errlen);

/* The positions (a, b), a <= b, of value g with a >= from, in increasing
 * order of a, then b, for every ruleset: up to k of them into a[], b[]
 * (initialised by the caller), *got says how many (fewer than k when the
 * set ends).  index[i] (may be NULL) receives the position's index in the
 * ruleset's closed-form sequence, or -1 where there is none.  Methods, in
 * order: the closed-form sequences of wy_exact_ppos (g = 0); the layer
 * engine (rows 0..from + about 2k of the value-g layer; no max=N, no
 * mod=M; rows up to 2^40); rows one by one from the periodic structure of
 * max=N rulesets (paper 002 Theorem 1.2, or a periodicity certificate; g =
 * 0).  WY_EUNDECIDED when none applies; WY_ERANGE when the layer engine
 * would need more memory than the evaluator's limit; WY_ECANCELED when
 * run->progress (may be NULL) asks to stop; WY_EINVAL: a bad side state or
 * a negative start. */
WY_API wy_status wy_eval_ppos(wy_exact *e, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, size_t *got,
                              const mpz_t from, wy_side side, uint64_t g, const wy_run *run, char *err,
                              size_t errlen);

/* The number of positions (x, y) of value g with x < rows and y < cols,
 * exactly, for windows of any size, where the layer is known on every
 * diagonal: Wythoff's P-positions (g = 0, the closed form floor(m phi)) and
 * its value-1 layer (g = 1, the Fibonacci automaton proved by Walnut), in
 * normal play with no other option (wythoff+pass=K with p passes left counts
 * as wythoff when p is even); and the P-positions (g = 0) of wythoff+pass=K
 * with p odd passes left, through the value-1 layer (paper 000, Corollary
 * 2); O(1) big-number operations and about ten evaluations of the
 * automaton.  WY_EUNDECIDED for every other layer (the
 * layer engine counts them: wy_layer_count); WY_EINVAL: a bad side state or
 * a negative side. */
WY_API wy_status wy_eval_count(wy_exact *e, mpz_t count, const mpz_t rows, const mpz_t cols, wy_side side,
                               uint64_t g, char *err, size_t errlen);
/* The same for a ruleset, without an evaluator of the caller's:
 * WY_EUNDECIDED at once (nothing computed) where there is no closed form,
 * otherwise the count through a small evaluator of wythoff or wythoff+pass
 * made for the call (milliseconds); WY_EINVAL: a bad side state. */
WY_API wy_status wy_count_positions(mpz_t count, const wy_rules *rules, wy_side side, uint64_t g, const mpz_t rows,
                                    const mpz_t cols, uint64_t mem_limit, char *err, size_t errlen);

/* Row periodicity: rows 0 <= x < rows of a ruleset (no heap=H; mod=M only without max=N),
 * proved (additively) periodic by the engine: for every side layer p and
 * row x, G(x, y + period) = G(x, y) + shift for all y >= y0 (shift = period
 * for unbounded moves, 0 for max=N).  The proof is a state repetition
 * (docs/exact.md).  Per row, the smallest period and preperiod:
 * G(x, y + row_period[i]) = G(x, y) + row_period[i] * shift / period for
 * y >= row_pre[i], i = p * rows + x.  WY_ERANGE when no period is proved
 * within max_cols columns. */
typedef struct {
    uint32_t rows, layers;
    uint64_t y0, period, shift;
    uint64_t cols_computed;  /* width of the window the proof used */
    uint64_t *row_pre, *row_period;
} wy_row_periods;

WY_API wy_status wy_row_periods_compute(wy_row_periods *out, const wy_rules *rules, uint32_t rows, uint64_t max_cols,
                                 uint64_t mem_limit, char *err, size_t errlen);
/* The same with threads, progress and cancellation for the windows it
 * computes (run may be NULL; WY_ECANCELED when run->progress asks to
 * stop).  progress counts the cells of each window in turn. */
WY_API wy_status wy_row_periods_compute_run(wy_row_periods *out, const wy_rules *rules, uint32_t rows,
                                            uint64_t max_cols, uint64_t mem_limit, const wy_run *run, char *err,
                                            size_t errlen);
/* Releases what wy_row_periods_compute allocated (the caller owns the
 * struct itself); safe on a cleared or zeroed struct. */
WY_API void wy_row_periods_clear(wy_row_periods *p);

/* Wythoff's pairs: a = floor(n phi) = (n + isqrt(5 n^2)) / 2, b = a + n. */
WY_API void wy_wythoff_pair(mpz_t a, mpz_t b, const mpz_t n);

/* 1 if (x, y) is a P-position of Wythoff's game. */
WY_API int wy_wythoff_is_p(const mpz_t x, const mpz_t y);

#ifdef __cplusplus
}
#endif
#endif /* WYTHOFF_EXACT_H */
