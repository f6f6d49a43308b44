/* cmd_value.c - `wythoff value` and `wythoff moves`: one position of any
 * size, by the library's evaluator (wy_eval_positions, wy_eval_options:
 * the exact engine, then the table engine, then a refusal). */
#include "commands.h"
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
