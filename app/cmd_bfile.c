/* cmd_bfile.c - `wythoff bfile`: a sequence the tool computes, written as
 * an OEIS b-file: '#' lines that define it (ruleset, side state, order,
 * offset, method, tool, the command that regenerates it), then "n a(n)"
 * lines (docs/bfile.md).  The terms come from the library alone:
 *   ppos-a, ppos-b   wy_eval_ppos where a closed form exists, else one
 *                    layer scan; the table engine by columns for max=N
 *                    (a row holds infinitely many P-positions there);
 *   gpos-a, gpos-b   one layer scan (wy_layer_scan), its window doubled
 *                    until every term is proved complete;
 *   preperiod, period, saltus   wy_row_periods_compute_run, as `period`;
 *   row, row-inv     the table engine on rows 0..X (the inverse: its
 *                    columns doubled until every value asked for is
 *                    found);
 *   antidiagonals, triangle, diagonal, diagonal-inv   the table engine on
 *                    the square that holds the terms. */
#include "commands.h"
#include "wythoff_automaton.h"
#include "wythoff_exact.h"
#include "wythoff_layer.h"

#include <stdlib.h>
#include <string.h>

#define TERMS_MAX 10000000u
#define CHUNK 65536 /* positions asked of wy_eval_ppos at a time */
#define ROWS_MAX 4096u /* as `period --rows` */
#define LAYER_MAX ((uint64_t)1 << 40)

typedef enum { SQ_PPOS, SQ_GPOS, SQ_ROWS, SQ_ROW, SQ_READ } sq_kind;

static const struct {
    const char *name;
    sq_kind kind;
    int which; /* positions: 0 the smaller coordinate, 1 the larger; rows: 0 preperiod, 1 period, 2 saltus;
                  row: 0 the values, 1 the inverse */
} seqs[] = {
    {"ppos-a", SQ_PPOS, 0},    {"ppos-b", SQ_PPOS, 1}, {"gpos-a", SQ_GPOS, 0}, {"gpos-b", SQ_GPOS, 1},
    {"preperiod", SQ_ROWS, 0}, {"period", SQ_ROWS, 1}, {"saltus", SQ_ROWS, 2}, {"row", SQ_ROW, 0},
    {"row-inv", SQ_ROW, 1},    {"antidiagonals", SQ_READ, 0}, {"triangle", SQ_READ, 1}, {"diagonal", SQ_READ, 2},
    {"diagonal-inv", SQ_READ, 3},
};
#define READ_SIDE_MAX 65536u /* antidiagonals, triangle, diagonal, diagonal-inv: the largest square read */
#define ROW_COLS_MAX ((uint64_t)1 << 26) /* row, row-inv: the widest table (two bytes a cell a row) */
#define NSEQS (sizeof seqs / sizeof seqs[0])

typedef struct {
    cli_config *c;
    const cli_game *g;
    const char *name;
    sq_kind kind;
    int which;
    uint64_t terms, value, max_cols, row;
    mpz_t offset;
    cli_out *o;
} bfile;

/* ------------------------------------------------------------------ */
/* The header                                                          */
/* ------------------------------------------------------------------ */

/* 1 for Wythoff's game with no option: the ruleset of the pairs a(n) =
 * floor(n phi), b(n) = a(n) + n (OEIS A000201, A001950). */
static int plain_wythoff(const wy_rules *r)
{
    return r->game == WY_GAME_WYTHOFF && !r->passes && !r->heap && !r->max && !r->mod && !r->has_terminal &&
           !r->misere;
}

static int plain_nim(const wy_rules *r)
{
    return r->game == WY_GAME_NIM && !r->passes && !r->heap && !r->max && !r->has_terminal && !r->misere;
}

/* The ruleset in words, from the rules language (docs/rules.md, Moves). */
static void rules_words(cli_out *o, const wy_rules *r)
{
    char take[64], most[32] = "";
    if (r->max) {
        snprintf(take, sizeof take, "1 to %u stones", r->max);
        snprintf(most, sizeof most, " (1 to %u)", r->max);
    } else {
        snprintf(take, sizeof take, "any positive number of stones");
    }
    if (r->game == WY_GAME_WYTHOFF)
        cli_out_fmt(o, "Wythoff's game on two heaps of x and y stones: a move takes %s from one heap, or the same "
                       "number%s from both",
                    take, most);
    else
        cli_out_fmt(o, "Nim on two heaps of x and y stones: a move takes %s from one heap", take);
    if (r->mod)
        cli_out_fmt(o, ", or a >= 1 stones from the first heap and b >= 1 from the second with a != b and a = b "
                       "(mod %u)%s",
                    r->mod, r->max ? ", a and b" : "");
    if (r->mod && r->max)
        cli_out_fmt(o, " at most %u", r->max);
    if (r->has_terminal)
        cli_out_fmt(o, "; a position with x + y <= %u has no move on the two heaps", r->terminal);
    if (r->heap)
        cli_out_fmt(o, "; beside them an extra Nim heap of %u stone%s, from which a move takes any positive number",
                    r->heap, r->heap == 1 ? "" : "s");
    if (r->passes)
        cli_out_fmt(o, "; %u pass%s in all, shared by both players: a pass changes nothing but uses one, and is "
                       "never allowed from a position with no other move",
                    r->passes, r->passes == 1 ? "" : "es");
    cli_out_str(o, r->misere ? "; the player who makes the last move loses (misere play)"
                             : "; the player who cannot move loses (normal play)");
}

static void side_words(cli_out *o, const cli_game *g)
{
    char s[64];
    if (wy_side_format(s, sizeof s, &g->rules, g->side) > 0)
        cli_out_fmt(o, "# Side state: %s (the positions are those of the two heaps in this state)\n", s);
    else
        cli_out_str(o, "# Side state: none (the ruleset has no pass and no extra heap)\n");
}

/* The first lines: what a(n) is. */
static void head_definition(bfile *b)
{
    cli_out *o = b->o;
    const cli_game *g = b->g;
    const char *val = g->rules.misere ? "G-" : "G";
    cli_out_fmt(o, "# %s of %s", b->name, g->text);
    if (b->kind == SQ_GPOS)
        cli_out_fmt(o, ", value %llu", (unsigned long long)b->value);
    if (b->kind == SQ_ROW)
        cli_out_fmt(o, ", row %llu", (unsigned long long)b->row);
    cli_out_str(o, " (a b-file: lines \"n a(n)\")\n# a(n) = ");
    if (b->kind == SQ_READ) {
        static const char *const what[4] = {
            "the table G(x, y) read by antidiagonals: antidiagonal d = x + y = 0, 1, 2, ..., x = 0..d within it (n = "
            "d(d + 1)/2 + x)",
            "the triangle G(x, y), y <= x, read by rows: row x = 0, 1, 2, ..., y = 0..x within it (n = x(x + 1)/2 + y)",
            "G(n, n), the main diagonal",
            "the n-th position of the main diagonal with G(m, m) = n: the m with G(m, m) = n (the diagonal's cells are "
            "pairwise joined by its moves, so their values differ; every n of this file was found)"};
        cli_out_fmt(o, "%s; G(x, y) is the %s value of the position (x, y)\n", what[b->which],
                    g->rules.misere ? "misere Sprague-Grundy (G-)" : "Sprague-Grundy");
    } else if (b->kind == SQ_ROW) {
        const char *v = g->rules.misere ? "misere Sprague-Grundy (G-)" : "Sprague-Grundy";
        if (b->which == 0)
            cli_out_fmt(o, "%s(%llu, n), the %s value of the position (%llu, n): row %llu of the table\n", val,
                        (unsigned long long)b->row, v, (unsigned long long)b->row, (unsigned long long)b->row);
        else
            cli_out_fmt(o, "the y with %s(%llu, y) = n, %s the %s value: the inverse of row %llu (its cells are "
                           "pairwise joined by the row's moves, so their values differ; every n of this file was "
                           "found)\n",
                        val, (unsigned long long)b->row, val, v, (unsigned long long)b->row);
    } else if (b->kind == SQ_ROWS) {
        static const char *const what[3] = {
            "the preperiod of row n: the least y0 such that G(n, y + p) = G(n, y) + s for every y >= y0, with "
            "p = period(n) and s = saltus(n)",
            "the period of row n: the least p >= 1 such that G(n, y + p) - G(n, y) is one constant s for every "
            "large y",
            "the saltus of row n: s = G(n, y + p) - G(n, y) for every y >= preperiod(n), p = period(n)"};
        cli_out_fmt(o, "%s; G(x, y) is the %s value of the position (x, y)\n", what[b->which],
                    g->rules.misere ? "misere Sprague-Grundy (G-)" : "Sprague-Grundy");
    } else {
        char set[64];
        if (b->kind == SQ_GPOS && b->value)
            snprintf(set, sizeof set, "position (x, y) with x <= y and %s(x, y) = %llu", val,
                     (unsigned long long)b->value);
        else
            snprintf(set, sizeof set, "P-position (x, y) with x <= y (%s(x, y) = 0)", val);
        cli_out_fmt(o, "%s of the n-th %s; %s is the %s value\n",
                    b->which ? "y, the larger coordinate," : "x, the smaller coordinate,", set, val,
                    g->rules.misere ? "misere Sprague-Grundy" : "Sprague-Grundy");
        if (g->rules.max)
            cli_out_str(o, "# Order: the positions (x, y) with x <= y sorted by y, then x (a row holds infinitely "
                           "many P-positions under max=N, a column finitely many); n = 0 is the first\n");
        else
            cli_out_str(o, "# Order: the positions (x, y) with x <= y sorted by x, then y; n = 0 is the first\n");
        cli_out_str(o, "# A position with x = y is listed once; (y, x) with y > x is the same position mirrored "
                       "(the rules are symmetric) and is not listed\n");
    }
    cli_out_fmt(o, "# Ruleset: %s (the rules language of the wythoff tool); in words: ", g->text);
    rules_words(o, &g->rules);
    cli_out_str(o, "\n");
    side_words(o, g);
}

/* The OEIS sequence a(n) is, where it is exactly one (checked by the
 * closed form in tests/cli/bfile.sh). */
static void head_oeis(bfile *b)
{
    const wy_rules *r = &b->g->rules;
    if (b->kind == SQ_READ) {
        static const char *const ids[4] = {"A004481", "A317205", "A047708", "A048850"};
        static const char *const how[4] = {"Wythoff's game read by antidiagonals", "the triangle y <= x read by rows",
                                           "the diagonal of Wythoff's game", "the inverse of A047708"};
        if (plain_wythoff(r))
            cli_out_fmt(b->o, "# OEIS: %s, %s, offset 0\n", ids[b->which], how[b->which]);
        return;
    }
    if (b->kind == SQ_ROW) {
        /* rows 3-6 of Wythoff's table A004481 (offset 0, as here) */
        static const char *const rows[] = {"A004484", "A004485", "A004486", "A004487"};
        if (plain_wythoff(r) && b->which == 0 && b->row >= 3 && b->row <= 6)
            cli_out_fmt(b->o, "# OEIS: %s, row %llu of A004481 (Wythoff's game), offset 0\n", rows[b->row - 3],
                        (unsigned long long)b->row);
        return;
    }
    if (b->kind == SQ_ROWS || (b->kind == SQ_GPOS && b->value))
        return;
    const int from1 = mpz_sgn(b->offset) > 0;
    if (plain_wythoff(r)) {
        const char *a = b->which ? "A001950" : "A000201";
        const char *f = b->which ? "floor(n phi^2) = floor(n phi) + n, the upper Wythoff sequence"
                                 : "floor(n phi), the lower Wythoff sequence";
        cli_out_fmt(b->o, "# OEIS: a(n) = %s, phi = (1 + sqrt(5))/2: %s, which has offset 1 (a(1) = %d)%s\n", f, a,
                    b->which ? 2 : 1,
                    from1 ? "; these are its terms" : "; a(0) = 0 here comes before its terms");
    } else if (plain_nim(r)) {
        cli_out_str(b->o, "# OEIS: a(n) = n (the P-positions of Nim are (n, n)): A001477, the nonnegative integers, "
                          "offset 0\n");
    }
}

/* The last lines: the range, the method, the tool, the command. */
static void head_tail(bfile *b, const char *method, uint64_t count, int finite)
{
    cli_out *o = b->o;
    const cli_game *g = b->g;
    mpz_t last;
    mpz_init(last);
    mpz_add_ui(last, b->offset, count);
    mpz_sub_ui(last, last, 1);
    cli_out_fmt(o, "# Offset: 0 (%s); this file: n = ",
                b->kind == SQ_ROWS   ? "n is the row x"
                : b->kind == SQ_ROW  ? (b->which ? "n is the value" : "n is the column y")
                : b->kind == SQ_READ ? (b->which == 3 ? "n is the value" : "n counts the cells read, from 0")
                                     : "a(0) is the first position in that order");
    cli_out_big(o, b->offset);
    cli_out_str(o, "..");
    cli_out_big(o, last);
    if (finite)
        cli_out_fmt(o, ", every term: the set is finite (%llu positions with x <= y)",
                    (unsigned long long)(mpz_get_ui(b->offset) + count));
    cli_out_fmt(o, "\n# Method: %s\n", method);
    head_oeis(b);
    cli_out_fmt(o, "# Made by: wythoff %s\n# Regenerate: wythoff bfile %s %s", WY_VERSION, b->name, g->text);
    if (b->kind == SQ_GPOS)
        cli_out_fmt(o, " --value %llu", (unsigned long long)b->value);
    if (b->kind == SQ_ROW)
        cli_out_fmt(o, " --row %llu", (unsigned long long)b->row);
    if (g->rules.passes)
        cli_out_fmt(o, " --pass %u", g->side.pass);
    if (g->rules.heap)
        cli_out_fmt(o, " --heap %u", g->side.heap);
    if (mpz_sgn(b->offset)) {
        cli_out_str(o, " --offset ");
        cli_out_big(o, b->offset);
    }
    cli_out_fmt(o, " --terms %llu", (unsigned long long)b->terms);
    if (b->kind == SQ_ROWS && b->c->given[O_MAXCOLS])
        cli_out_fmt(o, " --max-cols %llu", (unsigned long long)b->max_cols);
    cli_out_char(o, '\n');
    mpz_clear(last);
}

static void term_u64(cli_out *o, uint64_t n, uint64_t v)
{
    cli_out_u64(o, n);
    cli_out_char(o, ' ');
    cli_out_u64(o, v);
    cli_out_char(o, '\n');
}

/* Stop writing: Ctrl-C or a write error (cli_finish reports either). */
static int stopped(const cli_out *o) { return cli_interrupted() || cli_write_failed(o); }

static int gpos_scan(bfile *b);
static int gpos_automaton(bfile *b);

/* ------------------------------------------------------------------ */
/* ppos-a, ppos-b: along the sequence of wy_eval_ppos                  */
/* ------------------------------------------------------------------ */

/* Sorted by x, then y.  Where the exact engine has a closed form, the
 * library's sequence of P-positions (what `ppos --from` lists), in chunks:
 * a full chunk drops the positions of its last x and the next one starts at
 * that x, so that a row is never split.  For Wythoff's game the start jumps
 * to n = offset by the pairs' closed form, and the engine's own index of
 * every term is checked against n.  Without a closed form, one layer scan
 * of the P-positions (gpos_scan): wy_eval_ppos would scan the rows from 0
 * again for every chunk. */
static int ppos_by_x(bfile *b)
{
    char err[WY_ERRLEN];
    const cli_game *g = b->g;
    cli_config *c = b->c;
    const int jump = plain_wythoff(&g->rules);
    wy_exact *ex = NULL;
    cli_progress prog0;
    wy_run run0 = cli_run(c, &prog0, "bfile", "");
    wy_status st = wy_exact_new_run(&ex, &g->rules, c->mem_limit, &run0, err, sizeof err);
    cli_progress_done(&prog0);
    if (st != WY_OK)
        return cli_fail(st, err, 0);
    char dir[4096];
    wy_exact_set_cache(ex, wy_exact_cache_default(dir, sizeof dir));
    mpz_t *xa = malloc(CHUNK * sizeof *xa), *ya = malloc(CHUNK * sizeof *ya), *na = malloc(CHUNK * sizeof *na);
    if (!xa || !ya || !na) {
        free(xa);
        free(ya);
        free(na);
        wy_exact_free(ex);
        return cli_die(3, "out of memory");
    }
    for (size_t i = 0; i < CHUNK; i++)
        mpz_inits(xa[i], ya[i], na[i], NULL);
    mpz_t from, n, other;
    mpz_inits(from, n, other, NULL);
    uint64_t skip = 0;
    const char *method = NULL;
    if (jump) {
        wy_wythoff_pair(from, other, b->offset); /* a(offset) */
        method = "closed form of the exact engine (wy_eval_ppos): Wythoff's pairs a(n) = floor(n phi) = "
                 "(n + isqrt(5 n^2)) div 2, b(n) = a(n) + n, in exact integers; the start found from n, each "
                 "term's n checked against the engine's own index";
    } else {
        skip = mpz_get_ui(b->offset); /* at most 2^40: checked */
        size_t got1 = 0;
        if (wy_exact_ppos(ex, xa, ya, NULL, 1, &got1, from, g->side, err, sizeof err) == WY_OK)
            method = "closed form of the exact engine (wy_eval_ppos; docs/exact.md, \"ppos --from\"), in exact "
                     "integers";
        else if (wy_layer_supported(&g->rules, err, sizeof err) == WY_OK)
            method = NULL; /* one layer scan of the P-positions: gpos_scan, below */
        else
            method = "the evaluator's sequence of P-positions (wy_eval_ppos; docs/exact.md, \"ppos --from\")";
    }
    const uint64_t need = skip + b->terms;
    uint64_t taken = 0;
    int rc = 0, header = 0, finite = 0;
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "bfile", "");
    for (; method;) {
        const uint64_t want = need - taken < CHUNK ? need - taken : CHUNK;
        size_t got = 0;
        st = wy_eval_ppos(ex, xa, ya, na, want, &got, from, g->side, 0, &run, err, sizeof err);
        if (st != WY_OK) {
            rc = cli_fail(st, err, 1);
            break;
        }
        const int ended = got < want;
        size_t keep = got;
        if (!ended && taken + got < need && got > 1) {
            while (keep > 0 && mpz_cmp(xa[keep - 1], xa[got - 1]) == 0)
                keep--;
            if (keep == 0) /* a whole chunk of one x: only under max=N, not listed by x */
                keep = got;
        }
        if (!header) {
            if (ended && taken + got <= skip) {
                rc = cli_die(2, "--offset %llu is beyond the last term: the set of P-positions (x <= y) of %s is "
                                "finite, with %llu",
                             (unsigned long long)skip, g->text, (unsigned long long)(taken + got));
                break;
            }
            head_definition(b);
            head_tail(b, method, ended ? taken + got - skip : b->terms, ended);
            header = 1;
            finite = ended;
        }
        for (size_t i = 0; i < keep; i++, taken++) {
            if (taken < skip)
                continue;
            mpz_add_ui(n, b->offset, taken - skip);
            if (jump && mpz_cmp(na[i], n) != 0) {
                rc = cli_die(4, "internal error: the engine numbers a Wythoff pair differently from n");
                break;
            }
            cli_out_big(b->o, n);
            cli_out_char(b->o, ' ');
            cli_out_big(b->o, b->which ? ya[i] : xa[i]);
            cli_out_char(b->o, '\n');
        }
        if (rc || ended || taken >= need || stopped(b->o))
            break;
        mpz_set(from, keep < got ? xa[keep] : xa[got - 1]);
        if (keep == got)
            mpz_add_ui(from, from, 1);
    }
    cli_progress_done(&prog);
    if (!rc && header && !finite && taken < need) /* the header could not say it */
        cli_die(0, "note: the set of P-positions is finite: %llu terms written", (unsigned long long)(taken - skip));
    for (size_t i = 0; i < CHUNK; i++)
        mpz_clears(xa[i], ya[i], na[i], NULL);
    free(xa);
    free(ya);
    free(na);
    mpz_clears(from, n, other, NULL);
    wy_exact_free(ex);
    return method ? rc : gpos_scan(b);
}

/* ------------------------------------------------------------------ */
/* ppos-a, ppos-b under max=N: by columns, from the table engine       */
/* ------------------------------------------------------------------ */

/* A row of max=N holds infinitely many P-positions, a column finitely many:
 * the sequence runs by y, then x.  The positions (x, y), x <= y, of column
 * y are the mirror images of those (y, x) of row y (the rules are
 * symmetric), so the table engine streams rows 0..Y-1 of a Y x Y window,
 * each row exact; Y doubles until enough terms came out. */
typedef struct {
    cli_out *o;
    int which;
    uint64_t skip, need, done_before, taken, offset;
    int done;
} colscan;

static int col_row(void *ctx, uint32_t y, const uint32_t *v, uint32_t cols)
{
    colscan *s = ctx;
    for (uint32_t x = 0; x <= y && x < cols; x++) {
        if (v[x] != 0)
            continue;
        if (s->taken >= s->skip && s->taken >= s->done_before)
            term_u64(s->o, s->offset + (s->taken - s->skip), s->which ? y : x);
        if (++s->taken >= s->need) {
            s->done = 1;
            return 1;
        }
    }
    return stopped(s->o);
}

static int ppos_by_y(bfile *b)
{
    char err[WY_ERRLEN];
    const cli_game *g = b->g;
    head_definition(b);
    head_tail(b, "the table engine (wy_table_stream): rows 0..Y-1 of a Y x Y window, each row exact; the positions "
                 "(x, y), x <= y, of column y are the mirror images of those (y, x) of row y",
              b->terms, 0);
    colscan s = {b->o, b->which, mpz_get_ui(b->offset), mpz_get_ui(b->offset) + b->terms, 0, 0,
                 mpz_get_ui(b->offset), 0};
    int rc = 0;
    for (uint64_t Y = 64;; Y *= 2) {
        if (Y > UINT32_MAX)
            Y = UINT32_MAX;
        s.taken = 0;
        cli_progress prog;
        wy_run run = cli_run(b->c, &prog, "table", "cells");
        wy_status st = wy_table_stream(&g->rules, (uint32_t)Y, (uint32_t)Y, g->side, b->c->mem_limit, &run, col_row,
                                       &s, err, sizeof err);
        cli_progress_done(&prog);
        if (s.done || stopped(b->o))
            break;
        if (st != WY_OK) {
            rc = cli_fail(st, err, 1);
            break;
        }
        if (Y == UINT32_MAX) {
            rc = cli_die(3, "only %llu terms within the table engine's 4294967295 columns",
                         (unsigned long long)(s.taken > s.skip ? s.taken - s.skip : 0));
            break;
        }
        s.done_before = s.taken;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* gpos-a, gpos-b: one layer scan                                      */
/* ------------------------------------------------------------------ */

/* The scan reports the positions (x, y), x <= y < S, of value G in order.
 * A term (x, y) is sure only when no position (x', y') with x' < x lies
 * beyond the window, y' >= S: each row holds a value at most once outside
 * the terminal region (which lies inside the window), so it is enough that
 * every row x' < x holds its value-G cell inside the window, as (x', y') or
 * mirrored as (y', x').  Rows so marked are final by the time row x is
 * reported; the first unmarked row below x means the window is too small:
 * the scan stops and restarts on a window twice as large, writing only the
 * terms after those already written. */
typedef struct {
    cli_out *o;
    int which;
    uint64_t skip, need, done_before, taken, offset;
    uint8_t *seen;
    uint64_t lo;
    int done, short_window;
} gscan;

static int g_pos(void *ctx, uint64_t x, uint64_t y)
{
    gscan *s = ctx;
    s->seen[x >> 3] |= (uint8_t)(1u << (x & 7));
    s->seen[y >> 3] |= (uint8_t)(1u << (y & 7));
    while (s->lo < x && (s->seen[s->lo >> 3] >> (s->lo & 7) & 1))
        s->lo++;
    if (s->lo < x) {
        s->short_window = 1;
        return 1;
    }
    if (s->taken >= s->skip && s->taken >= s->done_before)
        term_u64(s->o, s->offset + (s->taken - s->skip), s->which ? y : x);
    if (++s->taken >= s->need) {
        s->done = 1;
        return 1;
    }
    return (s->taken & 0xfff) == 0 && stopped(s->o);
}

static int gpos_scan(bfile *b)
{
    char err[WY_ERRLEN];
    const cli_game *g = b->g;
    if (wy_layer_supported(&g->rules, err, sizeof err) != WY_OK)
        return cli_die(2, "%s: the layer engine does not cover '%s': %s", b->name, g->text, err);
    const uint64_t off = mpz_get_ui(b->offset);
    uint64_t S = 2 * (off + b->terms) + 2 * b->value + 64; /* often enough; else doubled */
    if (g->rules.has_terminal && S < (uint64_t)g->rules.terminal + 2)
        S = (uint64_t)g->rules.terminal + 2; /* the terminal region inside the window */
    if (S > LAYER_MAX)
        S = LAYER_MAX;
    /* the first window: refused before any output when it does not fit */
    uint64_t need_bytes = wy_layer_estimate(&g->rules, g->side, b->value, S) + S / 8;
    if (b->c->mem_limit && need_bytes > b->c->mem_limit) {
        char what[64];
        snprintf(what, sizeof what, "a layer scan of %llu rows", (unsigned long long)S);
        return cli_refuse_memory(what, need_bytes, b->c->mem_limit, NULL);
    }
    head_definition(b);
    char method[512];
    snprintf(method, sizeof method,
             "the layer engine (wy_layer_scan): the positions of value %llu in a square window, doubled until every "
             "term is sure: a term (x, y) is written once every row below x holds its cell of value %llu inside the "
             "window (a row holds a value at most once outside the terminal region)",
             (unsigned long long)b->value, (unsigned long long)b->value);
    head_tail(b, method, b->terms, 0);
    gscan s = {b->o, b->which, off, off + b->terms, 0, 0, off, NULL, 0, 0, 0};
    int rc = 0;
    for (;;) {
        s.seen = calloc(S / 8 + 1, 1);
        if (!s.seen) {
            rc = cli_die(3, "out of memory");
            break;
        }
        s.taken = 0;
        s.lo = 0;
        s.short_window = 0;
        cli_progress prog;
        wy_run run = cli_run(b->c, &prog, "layers", "rows");
        wy_status st = wy_layer_scan(&g->rules, g->side, b->value, S, b->c->mem_limit, g_pos, &s, NULL, &run, err,
                                     sizeof err);
        cli_progress_done(&prog);
        free(s.seen);
        s.seen = NULL;
        if (s.done || stopped(b->o))
            break;
        if (st != WY_OK && !s.short_window) {
            rc = cli_fail(st, err, 1);
            break;
        }
        if (S == LAYER_MAX) {
            rc = cli_die(3, "row %llu holds no position of value %llu within the layer engine's 2^40 columns",
                         (unsigned long long)s.lo, (unsigned long long)b->value);
            break;
        }
        s.done_before = s.taken;
        S = S > LAYER_MAX / 2 ? LAYER_MAX : 2 * S;
    }
    return rc;
}

/* gpos-a, gpos-b of Wythoff's value 1 by the proved automaton (any offset).
 * The layer's positions with x <= y are (A(m), A(m) + m), m >= 0, A(m) =
 * floor(m phi) + d(m), d in [lo, hi] (D = hi - lo); sorted by x.  Since
 * floor(m' phi) - floor(m phi) >= m' - m, m' >= m + D + 1 gives A(m') > A(m):
 * the term of rank r has r - D <= m <= r + D.  So the terms n..n+K-1 are the
 * A(m) of the window m in [S, E), S = max(0, n - 2D - 2), E = n + K + 2D + 2,
 * sorted: every m < S is below every window element of rank >= n, every m >=
 * E above every one of rank < n + K, so the element at sorted index i has
 * rank S + i. */
typedef struct {
    mpz_t x, y;
} bpos;

static int cmp_bpos(const void *a, const void *b)
{
    return mpz_cmp(((const bpos *)a)->x, ((const bpos *)b)->x);
}

static int gpos_automaton(bfile *b)
{
    char err[WY_ERRLEN];
    wy_automaton *a;
    if (wy_automaton_builtin(&a, "wythoff-v1", err, sizeof err) != WY_OK)
        return cli_die(4, "%s", err);
    const wy_automaton_info *in = wy_automaton_get_info(a);
    const unsigned long D = (unsigned long)(in->max_out - in->min_out), M = 2 * D + 2;
    mpz_t S, m;
    mpz_inits(S, m, NULL);
    if (mpz_cmp_ui(b->offset, M) > 0)
        mpz_sub_ui(S, b->offset, M);
    mpz_sub(m, b->offset, S); /* n - S: at most M */
    const size_t lead = mpz_get_ui(m), count = lead + b->terms + M;
    bpos *w = malloc(count * sizeof *w);
    if (!w) {
        mpz_clears(S, m, NULL);
        wy_automaton_free(a);
        return cli_die(3, "out of memory");
    }
    int rc = 0;
    size_t made = 0;
    for (; made < count && !rc; made++) {
        mpz_inits(w[made].x, w[made].y, NULL);
        mpz_add_ui(m, S, made);
        if (wy_automaton_diagonal(a, w[made].x, w[made].y, m, err, sizeof err) != WY_OK)
            rc = cli_die(4, "%s", err);
        if (made % 4096 == 0 && cli_interrupted())
            rc = cli_die(130, "interrupted");
    }
    if (!rc) {
        qsort(w, count, sizeof *w, cmp_bpos);
        head_definition(b);
        head_tail(b, "Wythoff's value-1 layer by its Fibonacci automaton (188 states), proved for every position by "
                     "Walnut (docs/automata.md): the positions (A(m), A(m) + m), A(m) = floor(m phi) + d(m), of the "
                     "diagonals m near n, sorted by x (a term of rank r comes from a diagonal within 11 of r)",
                  b->terms, 0);
        mpz_set(m, b->offset);
        for (size_t i = lead; i < lead + b->terms && !stopped(b->o); i++) {
            cli_out_big(b->o, m);
            cli_out_char(b->o, ' ');
            cli_out_big(b->o, b->which ? w[i].y : w[i].x);
            cli_out_char(b->o, '\n');
            mpz_add_ui(m, m, 1);
        }
    }
    for (size_t i = 0; i < made; i++)
        mpz_clears(w[i].x, w[i].y, NULL);
    free(w);
    mpz_clears(S, m, NULL);
    wy_automaton_free(a);
    return rc;
}

/* ------------------------------------------------------------------ */
/* preperiod, period, saltus of the rows                               */
/* ------------------------------------------------------------------ */

static int rows_seq(bfile *b)
{
    char err[WY_ERRLEN];
    const cli_game *g = b->g;
    if (g->rules.heap || (g->rules.mod && g->rules.max))
        return cli_die(2, "%s covers rulesets without heap=H, and mod=M only without max=N (got '%s')", b->name,
                       g->text);
    const uint64_t off = mpz_get_ui(b->offset), rows = off + b->terms;
    wy_row_periods rp;
    cli_progress prog;
    wy_run run = cli_run(b->c, &prog, "period", "cells");
    wy_status st = wy_row_periods_compute_run(&rp, &g->rules, (uint32_t)rows, b->max_cols, b->c->mem_limit, &run, err,
                                              sizeof err);
    cli_progress_done(&prog);
    if (st != WY_OK)
        return cli_fail(st, err, 0);
    char method[512];
    snprintf(method, sizeof method,
             "the engine's proof of row periodicity (wy_row_periods_compute_run, as wythoff period): the state of "
             "rows 0-%llu at column %llu equals the state at column %llu, values moved by %llu (docs/exact.md); "
             "window of %llu columns",
             (unsigned long long)rows - 1, (unsigned long long)rp.y0, (unsigned long long)(rp.y0 + rp.period),
             (unsigned long long)rp.shift, (unsigned long long)rp.cols_computed);
    head_definition(b);
    head_tail(b, method, b->terms, 0);
    const uint32_t p = g->side.pass;
    for (uint64_t x = off; x < rows; x++) {
        const size_t i = (size_t)p * rp.rows + x;
        uint64_t v = rp.row_pre[i];
        if (b->which == 1)
            v = rp.row_period[i];
        else if (b->which == 2)
            v = (uint64_t)((unsigned __int128)rp.row_period[i] * rp.shift / rp.period);
        term_u64(b->o, x, v);
    }
    wy_row_periods_clear(&rp);
    return 0;
}

/* ------------------------------------------------------------------ */
/* row, row-inv: one row of the table                                  */
/* ------------------------------------------------------------------ */

/* The table of rows x cols for a row or square sequence, with progress. */
static int table_for(bfile *b, wy_table **t, uint64_t rows, uint64_t cols)
{
    char err[WY_ERRLEN];
    cli_progress prog;
    wy_run run = cli_run(b->c, &prog, "table", "cells");
    wy_status st = wy_table_compute_run(t, &b->g->rules, (uint32_t)rows, (uint32_t)cols, b->g->side, b->c->mem_limit,
                                        WY_LAYOUT_AUTO, &run, err, sizeof err);
    cli_progress_done(&prog);
    return st == WY_OK ? 0 : cli_fail(st, err, 0);
}

/* The inverse along a line of t for the values off..off+terms-1: at[v -
 * off] = the index i < len of the line's cell of value v (UINT64_MAX: not
 * found); the line is row X, the cells (X, i), or with diag the diagonal,
 * the cells (i, i).  Returns how many were found. */
static uint64_t line_inverse(uint64_t *at, const bfile *b, const wy_table *t, int diag, uint64_t len)
{
    const uint64_t off = mpz_get_ui(b->offset), end = off + b->terms;
    uint64_t found = 0;
    for (uint64_t i = 0; i < b->terms; i++)
        at[i] = UINT64_MAX;
    for (uint64_t i = 0; i < len; i++) {
        const uint64_t v = wy_table_get(t, diag ? (uint32_t)i : (uint32_t)b->row, (uint32_t)i, b->g->side);
        if (v >= off && v < end && at[v - off] == UINT64_MAX) {
            at[v - off] = i;
            found++;
        }
    }
    return found;
}

/* The first value line_inverse did not find. */
static uint64_t first_missing(const uint64_t *at, const bfile *b)
{
    uint64_t i = 0;
    while (at[i] != UINT64_MAX)
        i++;
    return mpz_get_ui(b->offset) + i;
}

/* Row X's values at columns off..off+terms-1 from the table of rows 0..X;
 * the inverse: the column of each value off..off+terms-1 in row X, the
 * table's columns doubled until every one is found (the values of a row
 * differ where its moves are unbounded: any two of its cells are joined by
 * a move; value v sits at a column y <= v + 2X in Wythoff's game, so the
 * first table usually holds them), refused beyond ROW_COLS_MAX columns. */
static int row_seq(bfile *b)
{
    const cli_game *g = b->g;
    const uint64_t off = mpz_get_ui(b->offset), end = off + b->terms;
    if (b->which == 1 && g->rules.max)
        return cli_die(2, "row-inv needs a row whose values differ (no max=N: a row of '%s' repeats its values)",
                       g->text);
    uint64_t cols = b->which ? end + 2 * b->row + 64 : end;
    uint64_t *col = NULL;
    if (b->which && !(col = malloc(b->terms * sizeof *col)))
        return cli_die(3, "out of memory (%llu terms)", (unsigned long long)b->terms);
    wy_table *t = NULL;
    int rc;
    for (;;) {
        if (cols > ROW_COLS_MAX)
            cols = ROW_COLS_MAX;
        if ((rc = table_for(b, &t, b->row + 1, cols))) {
            free(col);
            return rc;
        }
        if (!b->which || line_inverse(col, b, t, 0, cols) == b->terms)
            break;
        wy_table_free(t);
        t = NULL;
        if (cols == ROW_COLS_MAX) {
            rc = cli_die(3, "row-inv: the value %llu is not in row %llu of '%s' within %llu columns",
                         (unsigned long long)first_missing(col, b), (unsigned long long)b->row, g->text,
                         (unsigned long long)cols);
            free(col);
            return rc;
        }
        cols *= 2;
    }
    char method[256];
    snprintf(method, sizeof method, "the table engine (wy_table_compute_run) on rows 0-%llu, columns 0-%llu",
             (unsigned long long)b->row, (unsigned long long)cols - 1);
    head_definition(b);
    head_tail(b, method, b->terms, 0);
    for (uint64_t n = off; n < end && ((n & 0xffff) || !stopped(b->o)); n++)
        term_u64(b->o, n, b->which ? col[n - off] : wy_table_get(t, (uint32_t)b->row, (uint32_t)n, g->side));
    wy_table_free(t);
    free(col);
    return 0;
}

/* ------------------------------------------------------------------ */
/* antidiagonals, triangle, diagonal, diagonal-inv: the square table   */
/* ------------------------------------------------------------------ */

/* The cell of term n: antidiagonal d = x + y holds n = d(d + 1)/2 + x; the
 * triangle's row x holds n = x(x + 1)/2 + y, y <= x. */
static void tri_cell(uint64_t n, uint64_t *row, uint64_t *col)
{
    uint64_t d = 0;
    while ((d + 1) * (d + 2) / 2 <= n)
        d++;
    *row = d;
    *col = n - d * (d + 1) / 2;
}

/* The terms off..off+terms-1 from one table of side S that holds them: the
 * triangle and the antidiagonals need the rows up to the last term's d,
 * the diagonal its n; the diagonal's inverse starts at 2 (off + terms) + 1
 * (in Wythoff's game G(m, m) = g has m <= 2g: A047708's comment, Landman)
 * and doubles until every value asked for is found, up to READ_SIDE_MAX. */
static int read_seq(bfile *b)
{
    const cli_game *g = b->g;
    const uint64_t off = mpz_get_ui(b->offset), end = off + b->terms;
    uint64_t S, r, cc;
    if (b->which == 3 && g->rules.max)
        return cli_die(2, "diagonal-inv needs a diagonal whose values differ (no max=N: the diagonal of '%s' repeats "
                          "its values)",
                       g->text);
    if (b->which <= 1) {
        tri_cell(end - 1, &r, &cc);
        S = r + 1;
    } else {
        S = b->which == 2 ? end : 2 * end + 1;
    }
    uint64_t *at = NULL;
    if (b->which == 3 && !(at = malloc(b->terms * sizeof *at)))
        return cli_die(3, "out of memory (%llu terms)", (unsigned long long)b->terms);
    wy_table *t = NULL;
    int rc;
    for (;;) {
        if (S > READ_SIDE_MAX)
            S = READ_SIDE_MAX;
        if ((rc = table_for(b, &t, S, S))) {
            free(at);
            return rc;
        }
        if (b->which != 3 || line_inverse(at, b, t, 1, S) == b->terms)
            break;
        wy_table_free(t);
        t = NULL;
        if (S == READ_SIDE_MAX) {
            rc = cli_die(3, "diagonal-inv: the value %llu is not on the diagonal of '%s' within %llu rows",
                         (unsigned long long)first_missing(at, b), g->text, (unsigned long long)S);
            free(at);
            return rc;
        }
        S *= 2;
    }
    char method[256];
    snprintf(method, sizeof method, "the table engine (wy_table_compute_run) on the square 0 <= x, y < %llu",
             (unsigned long long)S);
    head_definition(b);
    head_tail(b, method, b->terms, 0);
    for (uint64_t n = off; n < end && ((n & 0xffff) || !stopped(b->o)); n++) {
        uint64_t v;
        if (b->which == 3) {
            v = at[n - off];
        } else if (b->which == 2) {
            v = wy_table_get(t, (uint32_t)n, (uint32_t)n, g->side);
        } else {
            tri_cell(n, &r, &cc);
            /* antidiagonal r: x = cc, y = r - cc; triangle row r: x = r, y = cc */
            v = b->which == 0 ? wy_table_get(t, (uint32_t)cc, (uint32_t)(r - cc), g->side)
                              : wy_table_get(t, (uint32_t)r, (uint32_t)cc, g->side);
        }
        term_u64(b->o, n, v);
    }
    wy_table_free(t);
    free(at);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The command                                                         */
/* ------------------------------------------------------------------ */

int cli_cmd_bfile(cli_config *c)
{
    char err[WY_ERRLEN];
    int rc;
    if (c->npos < 2)
        return cli_die(2, "bfile takes a sequence and a ruleset (got %d argument%s); usage: wythoff %s", c->npos,
                       c->npos == 1 ? "" : "s", c->cmd->usage);
    size_t k = 0;
    while (k < NSEQS && strcmp(seqs[k].name, c->pos[0]) != 0)
        k++;
    if (k == NSEQS)
        return cli_die(2, "unknown sequence '%.40s' (ppos-a, ppos-b, gpos-a, gpos-b, preperiod, period, saltus, row, "
                          "row-inv, antidiagonals, triangle, diagonal, diagonal-inv)",
                       c->pos[0]);
    /* the ruleset is the second argument: parsed as the first game */
    const char *name = c->pos[0];
    c->pos[0] = c->pos[1];
    c->npos = 1;
    if ((rc = cli_games(c, 1, NULL)))
        return rc;
    bfile b = {c, &c->game[0], name, seqs[k].kind, seqs[k].which, seqs[k].kind == SQ_ROWS ? 16 : 10000, 0,
               (uint64_t)1 << 22, 0, {{0}}, NULL};
    if (b.kind == SQ_ROW && !c->given[O_ROW])
        return cli_die(2, "%s needs --row X (the row of the table)", name);
    if (b.kind != SQ_ROW && c->given[O_ROW])
        return cli_die(2, "--row goes with row and row-inv");
    if (c->given[O_ROW] && !cli_num_u64(&b.row, c->val[O_ROW], "--row", ROWS_MAX - 1, err, sizeof err))
        return cli_die(2, "%s", err);
    if (b.kind == SQ_GPOS && !c->given[O_VALUE])
        return cli_die(2, "%s needs --value G (the value of the positions listed; 0: the P-positions)", name);
    if (b.kind != SQ_GPOS && c->given[O_VALUE])
        return cli_die(2, "--value goes with gpos-a and gpos-b (%s lists %s)", name,
                       b.kind == SQ_PPOS ? "P-positions: use gpos-a or gpos-b for another value" : "rows");
    if (b.kind != SQ_ROWS && c->given[O_MAXCOLS])
        return cli_die(2, "--max-cols goes with preperiod, period and saltus");
    if (c->given[O_VALUE] && !cli_num_u64(&b.value, c->val[O_VALUE], "--value", UINT32_MAX, err, sizeof err))
        return cli_die(2, "%s", err);
    if (c->given[O_TERMS]) {
        if (!cli_num_size(&b.terms, c->val[O_TERMS], "--terms", err, sizeof err))
            return cli_die(2, "%s", err);
        if (b.terms == 0)
            return cli_die(2, "--terms 0 out of range (1 to %u)", TERMS_MAX);
        if (b.terms > TERMS_MAX)
            return cli_die(2, "--terms %s out of range (1 to %u)", c->val[O_TERMS], TERMS_MAX);
    }
    if (c->given[O_MAXCOLS]) {
        if (!cli_num_size(&b.max_cols, c->val[O_MAXCOLS], "--max-cols", err, sizeof err))
            return cli_die(2, "%s", err);
        if (b.max_cols < 64 || b.max_cols > UINT32_MAX)
            return cli_die(2, "--max-cols out of range (64 to 4294967295)");
    }
    mpz_init(b.offset);
    if (c->given[O_OFFSET] && !cli_num_big(b.offset, c->val[O_OFFSET], "--offset", err, sizeof err)) {
        mpz_clear(b.offset);
        return cli_die(2, "%s", err);
    }
    rc = 0;
    if (b.kind == SQ_ROW) {
        if (mpz_cmp_ui(b.offset, ROW_COLS_MAX) >= 0 || mpz_get_ui(b.offset) + b.terms > ROW_COLS_MAX)
            rc = cli_die(2, "%s: --offset plus --terms goes past n = 2^26", name);
    } else if (b.kind == SQ_READ) {
        /* the square's side: the antidiagonals' and the triangle's d, the
         * diagonal's n, twice the inverse's value (doubled at most to 2^16) */
        uint64_t lim = b.which <= 1 ? (uint64_t)READ_SIDE_MAX * (READ_SIDE_MAX + 1) / 2
                                    : b.which == 2 ? READ_SIDE_MAX : READ_SIDE_MAX / 2;
        if (mpz_cmp_ui(b.offset, lim) >= 0 || mpz_get_ui(b.offset) + b.terms > lim)
            rc = cli_die(2, "%s: --offset plus --terms goes past n = %llu (a square of side %u)", name,
                         (unsigned long long)lim, READ_SIDE_MAX);
    } else if (b.kind == SQ_ROWS) {
        if (mpz_cmp_ui(b.offset, ROWS_MAX) >= 0 || mpz_get_ui(b.offset) + b.terms > ROWS_MAX)
            rc = cli_die(2, "%s: --offset plus --terms goes past row %u (rows 0 to %u, as period --rows)", name,
                         ROWS_MAX - 1, ROWS_MAX - 1);
    } else if (!(b.kind == SQ_PPOS && plain_wythoff(&b.g->rules)) &&
               !(b.kind == SQ_GPOS && b.value == 1 && plain_wythoff(&b.g->rules)) && mpz_cmp_ui(b.offset, 0) > 0 &&
               mpz_sizeinbase(b.offset, 2) > 40) {
        rc = cli_die(2, "--offset %.40s%s is too large: %s of %s counts its terms from n = 0, below 2^40 (only "
                        "ppos-a and ppos-b of wythoff, and gpos-a and gpos-b of its value 1, start at any n)",
                     c->val[O_OFFSET], strlen(c->val[O_OFFSET]) > 40 ? "..." : "", name, b.g->text);
    }
    if (rc) {
        mpz_clear(b.offset);
        return rc;
    }
    /* the output first: a path that cannot be written is refused before the work */
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        mpz_clear(b.offset);
        return rc;
    }
    b.o = &o;
    if (b.kind == SQ_ROWS)
        rc = rows_seq(&b);
    else if (b.kind == SQ_ROW)
        rc = row_seq(&b);
    else if (b.kind == SQ_READ)
        rc = read_seq(&b);
    else if (b.kind == SQ_GPOS && b.value == 1 && plain_wythoff(&b.g->rules) && mpz_sizeinbase(b.offset, 2) > 40)
        rc = gpos_automaton(&b); /* beyond the layer engine's rows: the proved automaton */
    else if (b.kind == SQ_GPOS)
        rc = gpos_scan(&b);
    else if (b.g->rules.max)
        rc = ppos_by_y(&b);
    else
        rc = ppos_by_x(&b);
    mpz_clear(b.offset);
    return cli_finish(&o, &sink, rc);
}
