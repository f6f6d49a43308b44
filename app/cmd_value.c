/* cmd_value.c - `wythoff value` and `wythoff moves`: one position of any
 * size, by the library's evaluator (wy_eval_positions, wy_eval_options:
 * the exact engine, then the table engine, then a refusal). */
#include "cli.h"
#include "wythoff_exact.h"

#include <stdlib.h>
#include <string.h>

/* The evaluator of the config's game, with the run for the tables it makes. */
static int exact_open(wy_exact **ex, const cli_config *c, const wy_run *run)
{
    char err[WY_ERRLEN];
    wy_status st = wy_exact_new_run(ex, &c->game[0].rules, c->mem_limit, run, err, sizeof err);
    if (st != WY_OK)
        return cli_fail(st, err, 0);
    wy_exact_set_run(*ex, run);
    char dir[4096];
    wy_exact_set_cache(*ex, wy_exact_cache_default(dir, sizeof dir));
    return 0;
}

/* A note on stderr when the cache of proved rows was skipped (not
 * trusted, damaged, not writable): the answers are right, only slower. */
static void cache_note(const cli_config *c, const wy_exact *ex)
{
    char note[WY_ERRLEN];
    if (ex && !c->quiet && wy_exact_cache_note(note, sizeof note, ex))
        cli_die(0, "note: %s", note);
}

/* ------------------------------------------------------------------ */
/* value                                                               */
/* ------------------------------------------------------------------ */

void cli_value_out(cli_out *o, const cli_game *g, const wy_eval_item *q, int json)
{
    const wy_answer *a = &q->ans;
    if (json) {
        cli_out_char(o, '{');
        cli_out_json_game(o, g);
        cli_out_str(o, ",\"x\":");
        cli_out_json_big(o, q->x);
        cli_out_str(o, ",\"y\":");
        cli_out_json_big(o, q->y);
        cli_out_str(o, ",\"value\":");
        if (a->has_value)
            cli_out_json_big(o, a->value);
        else
            cli_out_str(o, "null");
        cli_out_fmt(o, ",\"outcome\":\"%c\",\"method\":\"%s\"", a->outcome, a->method);
        if (!a->has_value && a->value_min)
            cli_out_fmt(o, ",\"value_min\":%llu", (unsigned long long)a->value_min);
        if (!a->has_value)
            cli_out_fmt(o, ",\"value_unknown\":\"%s\"", a->why[0] ? a->why : "no exact method gives it");
        cli_out_str(o, "}\n");
        return;
    }
    char side[96];
    cli_side_suffix(side, sizeof side, g);
    cli_out_fmt(o, "%s(", g->rules.misere ? "G-" : "G");
    cli_out_big(o, q->x);
    cli_out_str(o, ", ");
    cli_out_big(o, q->y);
    if (a->has_value) {
        cli_out_str(o, ") = ");
        cli_out_big(o, a->value);
    } else if (a->value_min) {
        cli_out_fmt(o, ") >= %llu", (unsigned long long)a->value_min);
    } else {
        cli_out_str(o, ") = ?");
    }
    cli_out_fmt(o, "  %c-position  [%s%s]", a->outcome, g->text, side);
    if (strcmp(a->method, "table") != 0)
        cli_out_fmt(o, "  by %s", a->method);
    if (!a->has_value)
        cli_out_fmt(o, "; value unknown: %s", a->why[0] ? a->why : "no exact method gives it");
    cli_out_char(o, '\n');
}

/* The positions to answer: X Y from the command line, or lines of stdin. */
static int positions(cli_config *c, wy_eval_item **items, size_t *n)
{
    char err[WY_ERRLEN];
    mpz_t *xs = NULL, *ys = NULL;
    size_t k = 0;
    int rc = 0;
    if (strcmp(c->pos[1], "-") == 0) {
        rc = cli_read_xy_lines(stdin, &xs, &ys, &k, err, sizeof err);
        if (rc)
            cli_die(rc, "%s", err);
    } else {
        xs = malloc(sizeof *xs);
        ys = malloc(sizeof *ys);
        if (!xs || !ys) {
            rc = cli_die(3, "out of memory");
        } else {
            mpz_inits(xs[0], ys[0], NULL);
            k = 1;
            if (!cli_num_big(xs[0], c->pos[1], "X", err, sizeof err) ||
                !cli_num_big(ys[0], c->pos[2], "Y", err, sizeof err))
                rc = cli_die(2, "%s", err);
        }
    }
    wy_eval_item *it = rc ? NULL : malloc((k ? k : 1) * sizeof *it);
    if (!rc && !it)
        rc = cli_die(3, "out of memory");
    for (size_t i = 0; i < k; i++) {
        if (it) {
            wy_eval_item_init(&it[i]);
            mpz_swap(it[i].x, xs[i]);
            mpz_swap(it[i].y, ys[i]);
        }
        mpz_clears(xs[i], ys[i], NULL);
    }
    free(xs);
    free(ys);
    *items = it;
    *n = it ? k : 0;
    return rc;
}

int cli_cmd_value(cli_config *c)
{
    int rc;
    char err[WY_ERRLEN];
    if (c->npos < 2 || (strcmp(c->pos[1], "-") != 0 && c->npos != 3) || (strcmp(c->pos[1], "-") == 0 && c->npos != 2))
        return cli_die(2, "value needs a ruleset and a position X Y (or '-'); usage: wythoff %s", c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)))
        return rc;
    wy_eval_item *it = NULL;
    size_t n = 0;
    if ((rc = positions(c, &it, &n)))
        return rc;
    /* the output first: a path that cannot be written is refused before the work */
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o)) == 0) {
        cli_progress prog;
        wy_run run = cli_run(c, &prog, c->cmd->name, "");
        wy_exact *ex = NULL;
        size_t bad = 0;
        if (n && !(rc = exact_open(&ex, c, &run))) {
            wy_status st = wy_eval_positions(ex, it, n, c->game[0].side, &run, &bad, err, sizeof err);
            cli_progress_done(&prog);
            if (st != WY_OK && n > 1 && st != WY_ECANCELED)
                rc = cli_die(st == WY_ERANGE ? 3 : (int)st, "position %zu: %s", bad + 1, err);
            else if (st != WY_OK)
                rc = cli_fail(st, err, 0);
        }
        for (size_t i = 0; i < n && !rc; i++)
            cli_value_out(&o, &c->game[0], &it[i], strcmp(c->format, "json") == 0);
        rc = cli_finish(&o, &sink, rc);
        cache_note(c, ex); /* after the answers */
        wy_exact_free(ex);
    }
    for (size_t i = 0; i < n; i++)
        wy_eval_item_clear(&it[i]);
    free(it);
    return rc;
}

/* ------------------------------------------------------------------ */
/* moves                                                               */
/* ------------------------------------------------------------------ */

static const char *move_name[] = {"row", "col", "diag", "mod", "heap", "pass"};

const char *cli_move_name(wy_move_kind k)
{
    return (unsigned)k < sizeof move_name / sizeof move_name[0] ? move_name[k] : "?";
}

/* "take 3 from the first heap": the move from (x, y, from) to (tx, ty, to). */
static void describe(char *buf, size_t n, wy_move_kind kind, const mpz_t x, const mpz_t y, wy_side from,
                     const mpz_t tx, const mpz_t ty, wy_side to)
{
    mpz_t d, e;
    mpz_inits(d, e, NULL);
    mpz_sub(d, x, tx);
    mpz_sub(e, y, ty);
    switch (kind) {
    case WY_MOVE_COL: gmp_snprintf(buf, n, "take %Zd from the first heap", d); break;
    case WY_MOVE_ROW: gmp_snprintf(buf, n, "take %Zd from the second heap", e); break;
    case WY_MOVE_DIAG: gmp_snprintf(buf, n, "take %Zd from both heaps", d); break;
    case WY_MOVE_MOD: gmp_snprintf(buf, n, "take %Zd and %Zd", d, e); break;
    case WY_MOVE_HEAP: snprintf(buf, n, "take %u from the extra heap", from.heap - to.heap); break;
    case WY_MOVE_PASS: snprintf(buf, n, "pass"); break;
    }
    mpz_clears(d, e, NULL);
}

/* "; pass 1, heap 2" (what the ruleset has) after a target position. */
static void side_tail(char *buf, size_t n, const wy_rules *r, wy_side s)
{
    if (r->passes && r->heap)
        snprintf(buf, n, "; pass %u, heap %u", s.pass, s.heap);
    else if (r->passes)
        snprintf(buf, n, "; pass %u", s.pass);
    else if (r->heap)
        snprintf(buf, n, "; heap %u", s.heap);
    else
        buf[0] = '\0';
}

void cli_json_move_head(cli_out *o, const wy_rules *r, wy_move_kind kind, const mpz_t tx, const mpz_t ty, wy_side s)
{
    cli_out_fmt(o, "{\"move\":\"%s\",\"to\":[", cli_move_name(kind));
    cli_out_json_big(o, tx);
    cli_out_char(o, ',');
    cli_out_json_big(o, ty);
    cli_out_char(o, ']');
    if (r->passes)
        cli_out_fmt(o, ",\"pass\":%u", s.pass);
    if (r->heap)
        cli_out_fmt(o, ",\"heap\":%u", s.heap);
}

static void json_move(cli_out *o, size_t i, const wy_rules *r, wy_move_kind kind, const mpz_t tx, const mpz_t ty,
                      wy_side s, uint32_t v)
{
    cli_out_str(o, i ? ",\n" : "\n");
    cli_json_move_head(o, r, kind, tx, ty, s);
    cli_out_fmt(o, ",\"value\":%u,\"winning\":%s}", v, v ? "false" : "true");
}

void cli_moves_out(cli_out *o, const cli_game *g, const wy_options *op, const mpz_t x, const mpz_t y, int json)
{
    const wy_rules *r = &g->rules;
    const wy_side S = g->side;
    char side[96], desc[256], tail[64];
    cli_side_suffix(side, sizeof side, g);
    size_t wins = 0;
    if (op->complete)
        for (size_t i = 0; i < op->count; i++)
            wins += op->values[i] == 0;
    else
        wins = op->count;
    if (json) {
        cli_out_char(o, '{');
        cli_out_json_game(o, g);
        cli_out_str(o, ",\"x\":");
        cli_out_json_big(o, x);
        cli_out_str(o, ",\"y\":");
        cli_out_json_big(o, y);
        cli_out_str(o, ",\"value\":");
        if (op->pos.has_value)
            cli_out_json_big(o, op->pos.value);
        else
            cli_out_str(o, "null");
        cli_out_fmt(o, ",\"outcome\":\"%c\",\"method\":\"%s\",\"complete\":%s,\"moves\":[", op->pos.outcome,
                    op->pos.method, op->complete ? "true" : "false");
    } else if (op->complete) {
        cli_out_char(o, '(');
        cli_out_big(o, x);
        cli_out_str(o, ", ");
        cli_out_big(o, y);
        cli_out_fmt(o, ") in %s%s: %s = ", g->text, side, r->misere ? "G-" : "G");
        cli_out_big(o, op->pos.value);
        cli_out_fmt(o, ", %c-position; %zu move%s, %zu winning\n", op->pos.outcome, op->count,
                    op->count == 1 ? "" : "s", wins);
    } else {
        cli_out_char(o, '(');
        cli_out_big(o, x);
        cli_out_str(o, ", ");
        cli_out_big(o, y);
        cli_out_fmt(o, ") in %s%s: %c-position by %s; ", g->text, side, op->pos.outcome, op->pos.method);
        if (op->count)
            cli_out_fmt(o, "%zu winning move%s (every other move reaches an N-position; not listed at this size)\n", op->count,
                        op->count == 1 ? "" : "s");
        else
            cli_out_str(o, "no winning move (every move reaches an N-position)\n");
    }
    mpz_t tx, ty;
    mpz_inits(tx, ty, NULL);
    for (size_t i = 0; i < op->count; i++) {
        wy_move_kind kind;
        wy_side s;
        uint32_t v = 0;
        if (op->complete) {
            const wy_move *m = &op->moves[i];
            kind = m->kind;
            s = m->side;
            mpz_set_ui(tx, m->x);
            mpz_set_ui(ty, m->y);
            v = op->values[i];
        } else {
            const wy_bigmove *m = &op->wins[i];
            kind = m->kind;
            s = m->side;
            mpz_set(tx, m->x);
            mpz_set(ty, m->y);
        }
        if (json) {
            json_move(o, i, r, kind, tx, ty, s, v);
            continue;
        }
        describe(desc, sizeof desc, kind, x, y, S, tx, ty, s);
        side_tail(tail, sizeof tail, r, s);
        if (op->complete) {
            char to[96];
            gmp_snprintf(to, sizeof to, "(%Zd, %Zd%s)", tx, ty, tail);
            cli_out_fmt(o, "%s %-30s -> %-22s value %u\n", v ? "  " : " *", desc, to, v);
        } else {
            cli_out_fmt(o, " * %s -> (", desc);
            cli_out_big(o, tx);
            cli_out_str(o, ", ");
            cli_out_big(o, ty);
            cli_out_fmt(o, "%s)\n", tail);
        }
    }
    mpz_clears(tx, ty, NULL);
    if (json && op->complete)
        cli_out_fmt(o, "],\"winning\":%zu}\n", wins);
    else if (json) /* the winning moves only: every other option is decided, an N-position */
        cli_out_fmt(o, "],\"others\":\"N\",\"winning\":%zu}\n", wins);
    else if (op->complete && wins)
        cli_out_str(o, "(* marks a winning move: it reaches a P-position)\n");
}

int cli_cmd_moves(cli_config *c)
{
    int rc;
    char err[WY_ERRLEN];
    if (c->npos != 3)
        return cli_die(2, "moves needs a ruleset and a position X Y; usage: wythoff %s", c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)))
        return rc;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    if (!cli_num_big(x, c->pos[1], "X", err, sizeof err) || !cli_num_big(y, c->pos[2], "Y", err, sizeof err)) {
        mpz_clears(x, y, NULL);
        return cli_die(2, "%s", err);
    }
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        mpz_clears(x, y, NULL);
        return rc;
    }
    cli_progress prog;
    wy_run run = cli_run(c, &prog, c->cmd->name, "");
    wy_exact *ex = NULL;
    wy_options op;
    wy_options_init(&op);
    if (!(rc = exact_open(&ex, c, &run))) {
        wy_status st = wy_eval_options(ex, &op, x, y, c->game[0].side, &run, err, sizeof err);
        cli_progress_done(&prog);
        if (st != WY_OK)
            rc = cli_fail(st, err, 0);
    }
    if (!rc)
        cli_moves_out(&o, &c->game[0], &op, x, y, strcmp(c->format, "json") == 0);
    rc = cli_finish(&o, &sink, rc);
    cache_note(c, ex); /* after the answer */
    wy_options_clear(&op);
    wy_exact_free(ex);
    mpz_clears(x, y, NULL);
    return rc;
}
