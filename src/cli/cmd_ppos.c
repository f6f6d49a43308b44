/* cmd_ppos.c - `wythoff ppos`: the P-positions (or the positions of value
 * G) of a window, by the layer engine where it applies (wy_layer_positions,
 * wy_layer_count) or the table engine; or, with --from, along their
 * sequence from any start (the exact engine, wy_exact_ppos). */
#include "cli.h"
#include "wythoff_exact.h"
#include "wythoff_layer.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* --from X [--terms K]: along the sequence                            */
/* ------------------------------------------------------------------ */

#define TERMS_MAX 10000000u
#define CHUNK 4096 /* positions asked of the exact engine at a time */

typedef struct {
    cli_out *o;
    int csv, json, count_only;
    uint64_t n; /* written so far */
} seq_writer;

static void seq_pos(seq_writer *w, const mpz_t n, const mpz_t x, const mpz_t y)
{
    cli_out *o = w->o;
    const int idx = mpz_sgn(n) >= 0;
    if (w->count_only) {
    } else if (w->csv) {
        if (idx)
            cli_out_big(o, n);
        cli_out_char(o, ',');
        cli_out_big(o, x);
        cli_out_char(o, ',');
        cli_out_big(o, y);
        cli_out_char(o, '\n');
    } else if (w->json) {
        cli_out_str(o, w->n ? ",{\"n\":" : "{\"n\":");
        if (idx)
            cli_out_json_big(o, n);
        else
            cli_out_str(o, "null");
        cli_out_str(o, ",\"x\":");
        cli_out_json_big(o, x);
        cli_out_str(o, ",\"y\":");
        cli_out_json_big(o, y);
        cli_out_char(o, '}');
    } else {
        cli_out_str(o, "n = ");
        if (idx)
            cli_out_big(o, n);
        else
            cli_out_char(o, '-');
        cli_out_str(o, ": (");
        cli_out_big(o, x);
        cli_out_str(o, ", ");
        cli_out_big(o, y);
        cli_out_str(o, ")\n");
    }
    w->n++;
}

/* The head of a sequence: the CSV header, the JSON object's start, or the
 * text's sentence; nothing for --count. */
static void seq_head(seq_writer *w, const cli_game *g, const mpz_t from, uint64_t v)
{
    cli_out *o = w->o;
    char side[96];
    cli_side_suffix(side, sizeof side, g);
    if (w->count_only) {
    } else if (w->csv) {
        cli_out_prov_line(o, "# ", "");
        cli_out_str(o, "n,x,y\n");
    } else if (w->json) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
        cli_out_json_game(o, g);
        cli_out_str(o, ",\"from\":");
        cli_out_json_big(o, from);
        cli_out_str(o, ",\"positions\":[");
    } else {
        if (v)
            cli_out_fmt(o, "Positions (x, y) of value %llu of %s%s with ", (unsigned long long)v, g->text, side);
        else
            cli_out_fmt(o, "P-positions (x, y) of %s%s with ", g->text, side);
        cli_out_big(o, from);
        cli_out_str(o, " <= x <= y, in order (n: index in the sequence):\n");
    }
}

/* The end of a sequence of w->n positions (k asked for). */
static void seq_tail(seq_writer *w, uint64_t k)
{
    if (w->count_only)
        cli_out_fmt(w->o, "%llu\n", (unsigned long long)w->n);
    else if (w->json)
        cli_out_fmt(w->o, "],\"count\":%llu}\n", (unsigned long long)w->n);
    else if (!w->csv && w->n < k)
        cli_out_fmt(w->o, "(the set ends here: %llu listed)\n", (unsigned long long)w->n);
}

/* The positions in chunks: a chunk that comes back full ends with the
 * positions of its last x dropped, and the next one starts at that x, so
 * that positions sharing an x are never split. */
static int ppos_seq(cli_config *c)
{
    char err[WY_ERRLEN];
    int rc;
    const cli_game *g = &c->game[0];
    if (c->given[O_SIZE] || c->given[O_ROWS] || c->given[O_COLS])
        return cli_die(2, "give either --from or --size, not both");
    if (c->given[O_ENGINE])
        return cli_die(2, "--engine goes with --size (--from chooses the method itself: closed forms, the layer "
                       "engine, periodic rows)");
    uint64_t k = 10, v = 0;
    if (c->given[O_VALUE] && !cli_num_size(&v, c->val[O_VALUE], "--value", err, sizeof err))
        return cli_die(2, "%s", err);
    if (c->given[O_TERMS] && !cli_num_size(&k, c->val[O_TERMS], "--terms", err, sizeof err))
        return cli_die(2, "%s", err);
    if (k == 0 || k > TERMS_MAX)
        return cli_die(2, "--terms %s out of range (1 to %u)", c->val[O_TERMS], TERMS_MAX);
    mpz_t from, *xa = NULL, *ya = NULL, *na = NULL;
    mpz_init(from);
    if (!cli_num_big(from, c->val[O_FROM], "--from", err, sizeof err)) {
        mpz_clear(from);
        return cli_die(2, "%s", err);
    }
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        mpz_clear(from);
        return rc;
    }
    wy_exact *ex = NULL;
    cli_progress prog0;
    wy_run run0 = cli_run(c, &prog0, "ppos", "");
    wy_status st = wy_exact_new_run(&ex, &g->rules, c->mem_limit, &run0, err, sizeof err);
    cli_progress_done(&prog0);
    if (st == WY_OK) {
        char dir[4096];
        wy_exact_set_cache(ex, wy_exact_cache_default(dir, sizeof dir));
    }
    xa = malloc(CHUNK * sizeof *xa);
    ya = malloc(CHUNK * sizeof *ya);
    na = malloc(CHUNK * sizeof *na);
    if (st != WY_OK)
        rc = cli_fail(st, err, 0);
    else
        rc = !xa || !ya || !na ? cli_die(3, "out of memory") : 0;
    size_t inited = 0; /* only those are cleared: a refusal above inits none */
    for (; !rc && inited < CHUNK; inited++)
        mpz_inits(xa[inited], ya[inited], na[inited], NULL);
    /* the first chunk before any output: an error comes alone */
    size_t got = 0;
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "ppos", "");
    if (!rc) {
        st = wy_eval_ppos(ex, xa, ya, na, k < CHUNK ? k : CHUNK, &got, from, g->side, v, &run, err, sizeof err);
        if (st != WY_OK)
            rc = cli_fail(st, err, 0);
    }
    if (rc) {
        rc = cli_finish(&o, &sink, rc);
    } else {
        seq_writer w = {&o, strcmp(c->format, "csv") == 0, strcmp(c->format, "json") == 0, c->given[O_COUNT], 0};
        seq_head(&w, g, from, v);
        int ended = 0; /* the set is finite and ended */
        while (st == WY_OK) {
            uint64_t want = k - w.n < CHUNK ? k - w.n : CHUNK;
            size_t keep = got;
            if (got == want && w.n + got < k && got > 1) {
                /* more to come: hold back the positions of the last x */
                while (keep > 0 && mpz_cmp(xa[keep - 1], xa[got - 1]) == 0)
                    keep--;
                if (keep == 0) /* a whole chunk of one x: never for the papers' games */
                    keep = got;
            }
            for (size_t i = 0; i < keep; i++)
                seq_pos(&w, na[i], xa[i], ya[i]);
            if (got < want)
                ended = 1;
            if (ended || w.n >= k || cli_interrupted() || cli_write_failed(&o))
                break;
            mpz_set(from, keep < got ? xa[keep] : xa[got - 1]);
            if (keep == got)
                mpz_add_ui(from, from, 1);
            want = k - w.n < CHUNK ? k - w.n : CHUNK;
            st = wy_eval_ppos(ex, xa, ya, na, want, &got, from, g->side, v, &run, err, sizeof err);
        }
        if (st != WY_OK)
            rc = cli_fail(st, err, 0);
        else
            seq_tail(&w, k);
        rc = cli_finish(&o, &sink, rc);
    }
    cli_progress_done(&prog);
    for (size_t i = 0; i < inited; i++)
        mpz_clears(xa[i], ya[i], na[i], NULL);
    free(xa);
    free(ya);
    free(na);
    wy_exact_free(ex);
    mpz_clear(from);
    return rc;
}

/* ------------------------------------------------------------------ */
/* A window                                                            */
/* ------------------------------------------------------------------ */

typedef struct {
    cli_out *o;
    int csv, json;
    uint64_t count;
} pos_writer;

static void pw_begin(pos_writer *p, const cli_game *g, uint64_t v, uint64_t rows, uint64_t cols)
{
    cli_out *o = p->o;
    char side[96];
    cli_side_suffix(side, sizeof side, g);
    if (p->csv) {
        cli_out_prov_line(o, "# ", "");
        cli_out_str(o, "x,y\n");
    } else if (p->json) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
        cli_out_json_game(o, g);
        cli_out_fmt(o, ",\"value\":%llu,\"rows\":%llu,\"cols\":%llu,\"positions\":[", (unsigned long long)v,
                    (unsigned long long)rows, (unsigned long long)cols);
    } else {
        char what[64] = "P-positions";
        if (v)
            snprintf(what, sizeof what, "positions of value %llu", (unsigned long long)v);
        cli_out_fmt(o, "%s of %s%s in 0 <= x < %llu, 0 <= y < %llu:\n", what, g->text, side, (unsigned long long)rows,
                    (unsigned long long)cols);
    }
}

static void pw_pos(pos_writer *p, uint32_t x, uint32_t y)
{
    cli_out *o = p->o;
    if (p->csv) {
        cli_out_u64(o, x);
        cli_out_char(o, ',');
        cli_out_u64(o, y);
        cli_out_char(o, '\n');
    } else if (p->json) {
        cli_out_str(o, p->count ? ",[" : "[");
        cli_out_u64(o, x);
        cli_out_char(o, ',');
        cli_out_u64(o, y);
        cli_out_char(o, ']');
    } else {
        cli_out_char(o, '(');
        cli_out_u64(o, x);
        cli_out_str(o, ", ");
        cli_out_u64(o, y);
        cli_out_str(o, ")\n");
    }
    p->count++;
}

static void pw_end(pos_writer *p)
{
    if (p->json)
        cli_out_fmt(p->o, "],\"count\":%llu}\n", (unsigned long long)p->count);
    else if (!p->csv)
        cli_out_fmt(p->o, "%llu found\n", (unsigned long long)p->count);
}

/* Stop writing: Ctrl-C or a write error (cli_finish reports either). */
static int stopped(const cli_out *o) { return cli_interrupted() || cli_write_failed(o); }

static int ppos_layers(cli_config *c, uint64_t v, cli_out *o)
{
    char err[WY_ERRLEN];
    const cli_game *g = &c->game[0];
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "layers", "rows");
    if (c->given[O_COUNT]) {
        uint64_t n = 0;
        wy_status st = wy_layer_count(&n, &g->rules, g->side, v, c->rows, c->cols, c->mem_limit, &run, err, sizeof err);
        cli_progress_done(&prog);
        if (st != WY_OK)
            return cli_fail(st, err, 1);
        cli_out_fmt(o, "%llu\n", (unsigned long long)n);
        return 0;
    }
    if (c->rows > UINT32_MAX || c->cols > UINT32_MAX)
        return cli_die(3, "listing the positions of a %llu x %llu window is beyond this tool (use --count)",
                       (unsigned long long)c->rows, (unsigned long long)c->cols);
    wy_pos *p = NULL;
    size_t n = 0;
    wy_status st = wy_layer_positions(&p, &n, &g->rules, g->side, v, (uint32_t)c->rows, (uint32_t)c->cols,
                                      c->mem_limit, &run, err, sizeof err);
    cli_progress_done(&prog);
    if (st != WY_OK)
        return cli_fail(st, err, 1);
    pos_writer pw = {o, strcmp(c->format, "csv") == 0, strcmp(c->format, "json") == 0, 0};
    pw_begin(&pw, g, v, c->rows, c->cols);
    for (size_t i = 0; i < n && ((i & 0xffff) || !stopped(o)); i++)
        pw_pos(&pw, p[i].x, p[i].y);
    pw_end(&pw);
    wy_free(p);
    return 0;
}

/* --count by the exact engine (wy_eval_count: Wythoff's values 0 and 1, the
 * P-positions of wythoff+pass; any size): 1 when it answered (or failed: *rc), 0 when the layer needs an
 * engine that scans. */
static int ppos_exact_count(cli_config *c, uint64_t v, cli_out *o, int *rc)
{
    char err[WY_ERRLEN];
    const cli_game *g = &c->game[0];
    mpz_t n, R, C;
    mpz_inits(n, R, C, NULL);
    mpz_import(R, 1, 1, sizeof c->rows, 0, 0, &c->rows);
    mpz_import(C, 1, 1, sizeof c->cols, 0, 0, &c->cols);
    wy_status st = wy_count_positions(n, &g->rules, g->side, v, R, C, c->mem_limit, err, sizeof err);
    const int done = st != WY_EUNDECIDED;
    if (st == WY_OK) {
        cli_out_big(o, n);
        cli_out_char(o, '\n');
        *rc = 0;
    } else if (done) {
        *rc = cli_fail(st, err, 1);
    }
    mpz_clears(n, R, C, NULL);
    return done;
}

static int ppos_table(cli_config *c, uint64_t v, cli_out *o)
{
    char err[WY_ERRLEN];
    const cli_game *g = &c->game[0];
    int rc = cli_window_table(c);
    if (rc)
        return rc;
    const uint32_t R = (uint32_t)c->rows, C = (uint32_t)c->cols;
    if (c->dist) { /* wythoff-mpi: the count over the ranks */
        uint64_t n = 0;
        wy_status st = c->dist->count(&n, g, R, C, (uint32_t)v, c, err, sizeof err);
        if (st != WY_OK)
            return cli_fail(st, err, 1);
        cli_out_fmt(o, "%llu\n", (unsigned long long)n);
        return 0;
    }
    wy_table *t = NULL;
    cli_progress prog;
    cli_note_table_work(c, "the table of these positions", &g->rules, R, C, g->side);
    wy_run run = cli_run(c, &prog, "table", "cells");
    wy_status st = wy_table_compute_run(&t, &g->rules, R, C, g->side, c->mem_limit, WY_LAYOUT_AUTO, &run, err, sizeof err);
    cli_progress_done(&prog);
    if (st != WY_OK)
        return cli_fail(st, err, 1);
    uint32_t *row = malloc((size_t)C * sizeof *row);
    if (!row) {
        wy_table_free(t);
        return cli_die(3, "out of memory");
    }
    pos_writer pw = {o, strcmp(c->format, "csv") == 0, strcmp(c->format, "json") == 0, 0};
    if (!c->given[O_COUNT])
        pw_begin(&pw, g, v, R, C);
    for (uint32_t x = 0; x < R && !stopped(o); x++) {
        wy_table_row(t, x, g->side, row);
        for (uint32_t y = 0; y < C; y++)
            if (row[y] == v) {
                if (c->given[O_COUNT])
                    pw.count++;
                else
                    pw_pos(&pw, x, y);
            }
    }
    if (c->given[O_COUNT])
        cli_out_fmt(o, "%llu\n", (unsigned long long)pw.count);
    else
        pw_end(&pw);
    free(row);
    wy_table_free(t);
    return 0;
}

int cli_cmd_ppos(cli_config *c)
{
    char err[WY_ERRLEN];
    int rc;
    if (c->npos != 1)
        return cli_die(2, "ppos takes one ruleset (got %d arguments); usage: wythoff %s", c->npos, c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)))
        return rc;
    if (c->given[O_TERMS] && !c->given[O_FROM])
        return cli_die(2, "--terms goes with --from");
    if (c->given[O_FROM])
        return ppos_seq(c);
    if ((rc = cli_window(c, 64)))
        return rc;
    uint64_t v = 0;
    if (c->given[O_VALUE] && !cli_num_u64(&v, c->val[O_VALUE], "--value", UINT32_MAX, err, sizeof err))
        return cli_die(2, "%s", err);
    const char *engine = c->given[O_ENGINE] ? c->val[O_ENGINE] : "auto";
    if (strcmp(engine, "auto") != 0 && strcmp(engine, "table") != 0 && strcmp(engine, "layer") != 0)
        return cli_die(2, "unknown engine '%.40s' (auto, table or layer)", engine);
    const cli_game *g = &c->game[0];
    int layered = wy_layer_supported(&g->rules, err, sizeof err) == WY_OK;
    if (c->dist && strcmp(engine, "layer") == 0)
        return cli_die(2, "on MPI, ppos counts with the table engine spread over the ranks; the layer engine runs on one "
                          "machine (wythoff ppos --engine layer)");
    if (c->dist && !c->given[O_COUNT])
        return cli_die(2, "on MPI, ppos gives the count only: add --count (wythoff ppos lists the positions)");
    if (c->dist)
        layered = 0;
    if (strcmp(engine, "layer") == 0 && !layered)
        return cli_die(2, "the layer engine does not cover '%s': %s", g->text, err);
    /* the output first: a path that cannot be written is refused before the work */
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o)))
        return rc;
    if (c->given[O_COUNT] && !c->dist && strcmp(engine, "auto") == 0 && ppos_exact_count(c, v, &o, &rc))
        return cli_finish(&o, &sink, rc);
    rc = layered && strcmp(engine, "table") != 0 ? ppos_layers(c, v, &o) : ppos_table(c, v, &o);
    return cli_finish(&o, &sink, rc);
}
