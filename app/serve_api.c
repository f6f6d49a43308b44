/* serve_api.c - the endpoints of `wythoff serve` (docs/serve.md): /api/info
 * to /api/tile, each a function that reads its request's arguments and
 * writes its answer (JSON, or a PNG for /api/tile).  The answers are the
 * command line's where there is one (the value, moves, engine, period and
 * ppos commands).  Which of them compute, on a worker of the pools, and
 * which answer at once: the table at the end. */
#include "serve.h"
#include "wythoff_check.h"
#include "wythoff_compare.h"
#include "wythoff_exact.h"
#include "wythoff_plot.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Arguments                                                           */
/* ------------------------------------------------------------------ */

/* A ruleset parameter (spaces read as '+': a '+' left unescaped in a query
 * arrives as a space) and the side state of pass= and heap=. */
static int arg_game(req *r, const char *name, cli_game *g, int side_args)
{
    const char *s = req_arg(r, name);
    char err[WY_ERRLEN], text[256];
    if (!s)
        return req_fail(r, 400, 2, "missing parameter '%s' (a ruleset, e.g. wythoff+pass)", name);
    snprintf(text, sizeof text, "%s", s);
    if (strlen(s) >= sizeof text)
        return req_fail(r, 400, 2, "%s: ruleset too long", name);
    for (char *p = text; *p; p++)
        if (*p == ' ')
            *p = '+';
    if (wy_rules_parse(&g->rules, text, err, sizeof err) != WY_OK)
        return req_fail(r, 400, 2, "%s", err);
    wy_rules_format(g->text, sizeof g->text, &g->rules);
    g->side = wy_side_start(&g->rules);
    if (!side_args)
        return 0;
    for (int which = 0; which < 2; which++) {
        const char *v = req_arg(r, which ? "heap" : "pass");
        if (!v)
            continue;
        /* the number by the tool's grammar, the side state by the library's
         * policy (wy_side_apply: the tool's and the Python module's too) */
        const wy_rules *rules[1] = {&g->rules};
        int rc = cli_side_apply(&g->side, rules, 1, NULL, which ? WY_SIDE_HEAP : WY_SIDE_PASS,
                                which ? "heap" : "pass", v, err, sizeof err);
        if (rc)
            return rc == 3 ? req_fail(r, 503, 3, "%s", err) : req_fail(r, 400, 2, "%s", err);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Endpoints                                                           */
/* ------------------------------------------------------------------ */

static int ep_info(req *r)
{
    char a[32];
    wy_format_bytes(a, sizeof a, serve_cfg.mem_limit);
    cli_out_fmt(&r->o,
                "{\"version\":\"%s\",\"limits\":{\"mem_limit\":%llu,\"mem_limit_text\":\"%s\",\"timeout\":%u,"
                "\"threads\":%u,\"slow_threads\":%u,\"slow_queue\":%u,\"tile\":%d,\"table_side\":%u,"
                "\"window_cells\":%u,\"ppos_terms\":%u,\"request_bytes\":%u,\"parameters\":%d,\"digits\":%u,"
                "\"connections\":%u,\"connections_per_address\":%u,\"cache_rulesets\":%d,"
                "\"cache_rulesets_per_address\":%d}}\n",
                wy_version(), (unsigned long long)serve_cfg.mem_limit, a, serve_cfg.timeout_s, serve_cfg.pool,
                serve_cfg.slow, SLOW_QUEUE_MAX, TILE_PX, serve_cfg.table_side, WINDOW_CELLS, PPOS_TERMS_MAX,
                REQUEST_MAX, MAXARGS, REQUEST_MAX, CONN_MAX, CONN_PER_IP, serve_cfg.cache_dir[0] ? CACHE_RULESETS : 0,
                serve_cfg.cache_dir[0] ? CACHE_PER_CLIENT : 0);
    return 0;
}

static int ep_rules(req *r)
{
    cli_game g;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    const wy_rules *u = &g.rules;
    wy_side st = wy_side_start(u);
    cli_out_str(&r->o, "{\"rules\":");
    cli_out_json_str(&r->o, g.text);
    cli_out_fmt(&r->o, ",\"game\":\"%s\",\"passes\":%u,\"heap\":%u,\"max\":%u,\"mod\":%u,\"terminal\":",
                u->game == WY_GAME_NIM ? "nim" : "wythoff", u->passes, u->heap, u->max, u->mod);
    if (u->has_terminal)
        cli_out_fmt(&r->o, "%u", u->terminal);
    else
        cli_out_str(&r->o, "null");
    cli_out_fmt(&r->o, ",\"misere\":%s,\"start\":{\"pass\":%u,\"heap\":%u},\"side\":{\"pass\":%u,\"heap\":%u}}\n",
                u->misere ? "true" : "false", st.pass, st.heap, g.side.pass, g.side.heap);
    return 0;
}

/* The engine's move as /api/engine answers it. */
static void engine_out(req *r, const cli_game *g, const mpz_t x, const mpz_t y, const wy_bigmove *mv, int has,
                       int winning, int decided, const char *method, const char *why)
{
    cli_out_char(&r->o, '{');
    cli_out_json_game(&r->o, g);
    cli_out_str(&r->o, ",\"x\":");
    cli_out_json_big(&r->o, x);
    cli_out_str(&r->o, ",\"y\":");
    cli_out_json_big(&r->o, y);
    cli_out_str(&r->o, ",\"move\":");
    if (has) {
        cli_json_move_head(&r->o, &g->rules, mv->kind, mv->x, mv->y, mv->side);
        cli_out_char(&r->o, '}');
    } else {
        cli_out_str(&r->o, "null");
    }
    /* no move: lost in normal play, won in misere play */
    const char *outcome = !has ? (g->rules.misere ? "\"N\"" : "\"P\"") : !decided ? "null" : winning ? "\"N\"" : "\"P\"";
    cli_out_fmt(&r->o, ",\"winning\":%s,\"decided\":%s,\"outcome\":%s,\"method\":", winning ? "true" : "false",
                decided ? "true" : "false", outcome);
    cli_out_json_str(&r->o, method ? method : "");
    if (!decided) {
        cli_out_str(&r->o, ",\"why\":");
        cli_out_json_str(&r->o, why);
    }
    cli_out_str(&r->o, "}\n");
}

enum { POS_VALUE, POS_MOVES, POS_ENGINE };

/* /api/value, /api/moves and /api/engine: one position, by this worker's
 * evaluator of the ruleset; the answers are the command line's. */
static int ep_position(req *r, int what)
{
    cli_game g;
    uint64_t seed = 1;
    if (arg_game(r, "rules", &g, 1) || (what == POS_ENGINE && req_arg_u64(r, "seed", &seed, 1, 0, UINT64_MAX >> 1)))
        return -1;
    wy_eval_item it;
    wy_eval_item_init(&it);
    wy_options op;
    wy_options_init(&op);
    wy_bigmove mv;
    mpz_inits(mv.x, mv.y, NULL);
    int rc = -1;
    wy_run run = req_run(r);
    wy_exact *e = NULL;
    if (!req_arg_big(r, "x", it.x) && !req_arg_big(r, "y", it.y) && (e = exact_for(r, &g, &run))) {
        char err[WY_ERRLEN];
        wy_status st;
        int has = 0, winning = 0;
        const char *method = "";
        if (what == POS_VALUE)
            st = wy_eval(e, &it.ans, it.x, it.y, g.side, &run, err, sizeof err);
        else if (what == POS_MOVES)
            st = wy_eval_options(e, &op, it.x, it.y, g.side, &run, err, sizeof err);
        else
            st = cli_engine_move(e, &g, it.x, it.y, g.side, seed, &run, &mv, &has, &winning, &method, err,
                                 sizeof err);
        exact_done(e);
        const int decided = st == WY_OK;
        if (what == POS_ENGINE && st == WY_EUNDECIDED && has) /* a fallback move, said to be one */
            st = WY_OK;
        if (st != WY_OK)
            req_fail_status(r, st, err);
        else if (what == POS_VALUE)
            cli_value_out(&r->o, &g, &it, 1);
        else if (what == POS_MOVES)
            cli_moves_out(&r->o, &g, &op, it.x, it.y, 1);
        else
            engine_out(r, &g, it.x, it.y, &mv, has, winning, decided, method, err);
        rc = st == WY_OK ? 0 : -1;
    }
    mpz_clears(mv.x, mv.y, NULL);
    wy_options_clear(&op);
    wy_eval_item_clear(&it);
    return rc;
}

static int ep_value(req *r) { return ep_position(r, POS_VALUE); }
static int ep_moves(req *r) { return ep_position(r, POS_MOVES); }
static int ep_engine(req *r) { return ep_position(r, POS_ENGINE); }

static int ep_table(req *r)
{
    cli_game g;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    uint64_t x0, y0, rows, cols;
    if (req_arg_u64(r, "x0", &x0, 0, 0, UINT32_MAX) || req_arg_u64(r, "y0", &y0, 0, 0, UINT32_MAX) ||
        req_arg_u64(r, "rows", &rows, 16, 1, WINDOW_CELLS) || req_arg_u64(r, "cols", &cols, 16, 1, WINDOW_CELLS))
        return -1;
    if (rows * cols > WINDOW_CELLS)
        return req_fail(r, 400, 2, "a window of %llu x %llu cells is more than %u", (unsigned long long)rows,
                        (unsigned long long)cols, WINDOW_CELLS);
    uint64_t need = x0 + rows > y0 + cols ? x0 + rows : y0 + cols;
    tabent *e = tab_get(r, &g, need);
    if (!e)
        return -1;
    cli_out_str(&r->o, "{\"rules\":");
    cli_out_json_str(&r->o, g.text);
    cli_out_fmt(&r->o, ",\"x0\":%llu,\"y0\":%llu,\"rows\":%llu,\"cols\":%llu,\"values\":[",
                (unsigned long long)x0, (unsigned long long)y0, (unsigned long long)rows,
                (unsigned long long)cols);
    for (uint64_t i = 0; i < rows; i++) {
        cli_out_str(&r->o, i ? ",\n[" : "\n[");
        for (uint64_t j = 0; j < cols; j++)
            cli_out_fmt(&r->o, j ? ",%u" : "%u",
                        wy_table_get(e->t, (uint32_t)(x0 + i), (uint32_t)(y0 + j), g.side));
        cli_out_char(&r->o, ']');
    }
    cli_out_str(&r->o, "]}\n");
    tab_release(e);
    return 0;
}

static int ep_ppos(req *r)
{
    cli_game g;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    uint64_t value, terms;
    if (req_arg_u64(r, "value", &value, 0, 0, UINT32_MAX) || req_arg_u64(r, "terms", &terms, 20, 1, PPOS_TERMS_MAX))
        return -1;
    mpz_t from;
    mpz_init(from);
    if (req_arg(r, "from") && req_arg_big(r, "from", from)) {
        mpz_clear(from);
        return -1;
    }
    mpz_t *a = malloc(terms * sizeof *a), *b = malloc(terms * sizeof *b), *ix = malloc(terms * sizeof *ix);
    if (!a || !b || !ix) {
        free(a), free(b), free(ix);
        mpz_clear(from);
        return req_fail(r, 507, 3, "out of memory");
    }
    for (uint64_t i = 0; i < terms; i++)
        mpz_inits(a[i], b[i], ix[i], NULL);
    int rc = -1;
    wy_run run = req_run(r);
    wy_exact *e = exact_for(r, &g, &run);
    if (e) {
        char err[WY_ERRLEN];
        size_t got = 0;
        wy_status st = wy_eval_ppos(e, a, b, ix, terms, &got, from, g.side, value, &run, err, sizeof err);
        exact_done(e);
        if (st == WY_OK) {
            cli_out_char(&r->o, '{');
            cli_out_json_game(&r->o, &g);
            cli_out_fmt(&r->o, ",\"value\":%llu,\"from\":", (unsigned long long)value);
            cli_out_json_big(&r->o, from);
            cli_out_str(&r->o, ",\"positions\":[");
            for (size_t i = 0; i < got; i++) {
                cli_out_str(&r->o, i ? ",[" : "[");
                cli_out_json_big(&r->o, a[i]);
                cli_out_char(&r->o, ',');
                cli_out_json_big(&r->o, b[i]);
                cli_out_char(&r->o, ']');
            }
            cli_out_str(&r->o, "],\"index\":[");
            for (size_t i = 0; i < got; i++) {
                if (i)
                    cli_out_char(&r->o, ',');
                if (mpz_sgn(ix[i]) < 0)
                    cli_out_str(&r->o, "null");
                else
                    cli_out_json_big(&r->o, ix[i]);
            }
            cli_out_str(&r->o, "]}\n");
            rc = 0;
        } else {
            req_fail_status(r, st, err);
        }
    }
    for (uint64_t i = 0; i < terms; i++)
        mpz_clears(a[i], b[i], ix[i], NULL);
    free(a), free(b), free(ix);
    mpz_clear(from);
    return rc;
}

typedef struct {
    req *r;
    uint64_t n, limit;
} cmp_ctx;

static int cmp_fn(void *ctx, uint32_t x, uint32_t y, uint32_t va, uint32_t vb)
{
    cmp_ctx *c = ctx;
    if (c->n < c->limit) {
        cli_out_fmt(&c->r->o, "%s[%u,%u,", c->n ? "," : "", x, y);
        if (va == WY_COMPARE_OTHER)
            cli_out_str(&c->r->o, "null,");
        else
            cli_out_fmt(&c->r->o, "%u,", va);
        if (vb == WY_COMPARE_OTHER)
            cli_out_str(&c->r->o, "null]");
        else
            cli_out_fmt(&c->r->o, "%u]", vb);
    }
    c->n++;
    return 0;
}

static int ep_compare(req *r)
{
    cli_game ga, gb;
    if (arg_game(r, "a", &ga, 0) || arg_game(r, "b", &gb, 0))
        return -1;
    uint64_t size, limit, outcome, value;
    if (req_arg_u64(r, "size", &size, 64, 1, UINT32_MAX) || req_arg_u64(r, "limit", &limit, 100, 0, COMPARE_LIST_MAX) ||
        req_arg_u64(r, "outcome", &outcome, 0, 0, 1) || req_arg_u64(r, "value", &value, 0, 0, UINT32_MAX))
        return -1;
    if (req_arg(r, "value"))
        outcome = 1;
    wy_compare_side a = {&ga.rules, ga.side, NULL, 0}, b = {&gb.rules, gb.side, NULL, 0};
    wy_compare_opts opt = {outcome ? WY_COMPARE_SET : WY_COMPARE_VALUES, (uint32_t)value, (uint32_t)size,
                           (uint32_t)size, WY_COMPARE_AUTO, serve_cfg.mem_limit};
    cli_out_str(&r->o, "{\"a\":");
    cli_out_json_str(&r->o, ga.text);
    cli_out_str(&r->o, ",\"b\":");
    cli_out_json_str(&r->o, gb.text);
    cli_out_fmt(&r->o, ",\"size\":%llu,\"outcome\":%s,\"value\":%llu,\"positions\":[", (unsigned long long)size,
                outcome ? "true" : "false", (unsigned long long)value);
    wy_compare_summary sum;
    cmp_ctx cc = {r, 0, limit};
    char err[WY_ERRLEN];
    wy_run run = req_run(r);
    wy_status st = wy_compare(&sum, &a, &b, &opt, &run, cmp_fn, &cc, err, sizeof err);
    if (st != WY_OK)
        return req_fail_status(r, st, err);
    cli_out_fmt(&r->o, "],\"differences\":%llu,\"listed\":%llu}\n", (unsigned long long)sum.count,
                (unsigned long long)(cc.n < limit ? cc.n : limit));
    return 0;
}

static int ep_period(req *r)
{
    cli_game g;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    uint64_t rows, maxc;
    if (req_arg_u64(r, "rows", &rows, 16, 1, 4096) ||
        req_arg_u64(r, "max_cols", &maxc, (uint64_t)1 << 22, 64, UINT32_MAX))
        return -1;
    if (g.rules.heap || (g.rules.mod && g.rules.max))
        return req_fail(r, 400, 2, "period covers rulesets without heap=H, and mod=M only without max=N (got '%s')",
                        g.text);
    wy_row_periods rp;
    char err[WY_ERRLEN];
    wy_run run = req_run(r);
    wy_status st = wy_row_periods_compute_run(&rp, &g.rules, (uint32_t)rows, maxc, serve_cfg.mem_limit, &run, err,
                                              sizeof err);
    if (st != WY_OK)
        return req_fail_status(r, st, err);
    cli_period_json(&r->o, &g, &rp);
    wy_row_periods_clear(&rp);
    return 0;
}

static int ep_claims(req *r)
{
    cli_out_str(&r->o, "{\"claims\":[");
    for (size_t i = 0; i < wy_claim_count(); i++) {
        const wy_claim_info *in = wy_claim_get(i);
        cli_out_str(&r->o, i ? ",\n{\"id\":" : "\n{\"id\":");
        cli_out_json_str(&r->o, in->id);
        cli_out_str(&r->o, ",\"source\":");
        cli_out_json_str(&r->o, in->source);
        cli_out_str(&r->o, ",\"statement\":");
        cli_out_json_str(&r->o, in->statement);
        cli_out_str(&r->o, ",\"method\":");
        cli_out_json_str(&r->o, in->method);
        if (in->corrected) {
            cli_out_str(&r->o, ",\"corrected\":");
            cli_out_json_str(&r->o, in->corrected);
        }
        cli_out_fmt(&r->o, ",\"scale\":\"%s\",\"default_limit\":%llu}", wy_scale_name(in->scale),
                    (unsigned long long)in->default_limit);
    }
    cli_out_str(&r->o, "\n]}\n");
    return 0;
}

static int ep_check(req *r)
{
    const char *id = req_arg(r, "claim");
    if (!id)
        return req_fail(r, 400, 2,
                        "missing parameter 'claim' (a claim id, e.g. 000.thm2; the claims endpoint lists them)");
    long i = wy_claim_find(id);
    if (i < 0)
        return req_fail(r, 404, 2, "no claim '%.40s' (the claims endpoint lists them)", id);
    uint64_t limit;
    if (req_arg_u64(r, "limit", &limit, 0, 0, UINT64_MAX >> 1))
        return -1;
    wy_claim_result res;
    char err[WY_ERRLEN];
    wy_run run = req_run(r);
    uint64_t t0 = cli_now_ms();
    wy_status st = wy_claim_check((size_t)i, limit, serve_cfg.mem_limit, &run, &res, err, sizeof err);
    if (st != WY_OK)
        return req_fail_status(r, st, err);
    const wy_claim_info *in = wy_claim_get((size_t)i);
    cli_out_str(&r->o, "{\"id\":");
    cli_out_json_str(&r->o, in->id);
    cli_out_fmt(&r->o, ",\"verdict\":\"%s\",\"source\":", wy_verdict_name(res.verdict));
    cli_out_json_str(&r->o, in->source);
    cli_out_str(&r->o, ",\"range\":");
    cli_out_json_str(&r->o, res.range);
    cli_out_fmt(&r->o, ",\"limit\":%llu,\"ms\":%llu,\"detail\":", (unsigned long long)res.limit,
                (unsigned long long)(cli_now_ms() - t0));
    cli_out_json_str(&r->o, res.detail);
    cli_out_str(&r->o, "}\n");
    return 0;
}

static int ep_progress(req *r)
{
    const char *j = req_arg(r, "job");
    if (!j || !job_valid(j))
        return req_fail(r, 400, 2, "missing or bad parameter 'job' (1 to 32 of A-Z a-z 0-9 _ -)");
    int running;
    uint64_t done, total;
    job_get(j, &running, &done, &total);
    cli_out_str(&r->o, "{\"job\":");
    cli_out_json_str(&r->o, j);
    cli_out_fmt(&r->o, ",\"running\":%s,\"done\":%llu,\"total\":%llu}\n", running ? "true" : "false",
                (unsigned long long)done, (unsigned long long)total);
    return 0;
}

static int mem_write(void *ctx, const void *data, size_t len)
{
    req *r = ctx;
    return fwrite(data, 1, len, r->mem) == len ? 0 : 1;
}

/* A tile's arguments: the rulesets, the zoom and the tile, the tables'
 * side it needs; the cache key of its values (without the colour). */
typedef struct {
    cli_game g, gb;
    int with_b;
    long z;
    uint64_t tx, ty, need;
    char key[512];
} tile_args;

static int tile_args_read(req *r, tile_args *a)
{
    if (arg_game(r, "rules", &a->g, 1))
        return -1;
    a->with_b = req_arg(r, "b") != NULL;
    if (a->with_b && arg_game(r, "b", &a->gb, 0))
        return -1;
    const char *zs = req_arg(r, "z");
    char *end;
    a->z = zs ? strtol(zs, &end, 10) : 0;
    if (zs && (*zs == '\0' || *end != '\0' || a->z < -5 || a->z > 16))
        return req_fail(r, 400, 2, "z %.20s out of range (-5 to 16)", zs);
    if (req_arg_u64(r, "tx", &a->tx, 0, 0, UINT32_MAX) || req_arg_u64(r, "ty", &a->ty, 0, 0, UINT32_MAX))
        return -1;
    /* positions a side */
    const uint64_t span = a->z >= 0 ? (uint64_t)TILE_PX << a->z : (uint64_t)TILE_PX >> -a->z;
    uint64_t need_x = (a->tx + 1) * span, need_y = (a->ty + 1) * span;
    a->need = need_x > need_y ? need_x : need_y;
    if (a->tx * span >= serve_cfg.table_side || a->ty * span >= serve_cfg.table_side)
        return req_fail(r, 400, 2, "tile beyond the tables of this server (positions up to %u a side)",
                        serve_cfg.table_side);
    if (a->need > serve_cfg.table_side)
        a->need = serve_cfg.table_side;
    snprintf(a->key, sizeof a->key, "v|%s|%u|%u|%s|%ld|%llu|%llu", a->g.text, a->g.side.pass, a->g.side.heap,
             a->with_b ? a->gb.text : "", a->z, (unsigned long long)a->tx, (unsigned long long)a->ty);
    return 0;
}

#define TILE_N ((size_t)TILE_PX * TILE_PX)

/* The values of a tile, as /api/tilevalues sends them: TILE_N values
 * (uint32, little-endian) and TILE_N marks (wy_plot_tile_values), from the
 * cache or computed (then cached); NULL with the answer set.  *from: "cache"
 * or "computed". */
static unsigned char *tile_values(req *r, const tile_args *a, const char **from)
{
    size_t len;
    unsigned char *buf = tile_lookup(a->key, &len);
    if (buf && len == 5 * TILE_N) {
        *from = "cache";
        return buf;
    }
    free(buf);
    /* reading reads 4^z positions a pixel and cannot be stopped: from
     * z = 4 on (16 million reads) it is the slow pool's work */
    if (a->z >= 4 && r->pool == POOL_QUICK) {
        r->demote = 1;
        req_fail_status(r, WY_ECANCELED, "");
        return NULL;
    }
    tabent *ea = tab_get(r, &a->g, a->need), *eb = NULL;
    if (!ea)
        return NULL;
    if (a->with_b && !(eb = tab_get(r, &a->gb, a->need))) {
        tab_release(ea);
        return NULL;
    }
    uint32_t *value = malloc(TILE_N * sizeof *value);
    buf = malloc(5 * TILE_N);
    if (!value || !buf) {
        free(value), free(buf);
        tab_release(ea), tab_release(eb);
        req_fail(r, 507, 3, "out of memory");
        return NULL;
    }
    wy_tile_spec t = {ea->t, a->g.side, eb ? eb->t : NULL, a->with_b ? a->gb.side : a->g.side, (int)a->z,
                      a->tx, a->ty, TILE_PX, 1};
    char err[WY_ERRLEN];
    wy_status st = wy_plot_tile_values(&t, value, buf + 4 * TILE_N, err, sizeof err);
    tab_release(ea);
    tab_release(eb);
    if (st != WY_OK) {
        free(value), free(buf);
        req_fail_status(r, st, err);
        return NULL;
    }
    for (size_t k = 0; k < TILE_N; k++) {
        buf[4 * k] = (unsigned char)value[k];
        buf[4 * k + 1] = (unsigned char)(value[k] >> 8);
        buf[4 * k + 2] = (unsigned char)(value[k] >> 16);
        buf[4 * k + 3] = (unsigned char)(value[k] >> 24);
    }
    free(value);
    tile_store(a->key, buf, 5 * TILE_N);
    *from = "computed";
    return buf;
}

static int ep_tilevalues(req *r)
{
    tile_args a;
    if (tile_args_read(r, &a))
        return -1;
    const char *from;
    unsigned char *buf = tile_values(r, &a, &from);
    if (!buf)
        return -1;
    r->type = "application/octet-stream";
    r->cacheable = 1;
    r->tile_from = from;
    fwrite(buf, 1, 5 * TILE_N, r->mem);
    free(buf);
    return 0;
}

static int ep_tile(req *r)
{
    tile_args a;
    uint64_t vmax;
    if (tile_args_read(r, &a) || req_arg_u64(r, "vmax", &vmax, 0, 1, UINT32_MAX))
        return -1;
    if (!req_arg(r, "vmax")) /* one scale per zoom: the values of a view about 4 tiles wide */
        vmax = a.z >= 0 ? (uint64_t)2048 << a.z : (uint64_t)2048 >> -a.z;
    /* the PNG of these colours, else the tile's values (cached without the
     * colour: another vmax only colours them again), else computed */
    char key[560];
    snprintf(key, sizeof key, "p|%s|%llu", a.key + 2, (unsigned long long)vmax);
    size_t len;
    unsigned char *png = tile_lookup(key, &len);
    r->type = "image/png";
    r->cacheable = 1;
    if (png) {
        r->tile_from = "cache";
        fwrite(png, 1, len, r->mem);
        free(png);
        return 0;
    }
    const char *from;
    unsigned char *buf = tile_values(r, &a, &from);
    if (!buf)
        return -1;
    uint32_t *value = malloc(TILE_N * sizeof *value);
    if (!value) {
        free(buf);
        return req_fail(r, 507, 3, "out of memory");
    }
    for (size_t k = 0; k < TILE_N; k++)
        value[k] = (uint32_t)buf[4 * k] | (uint32_t)buf[4 * k + 1] << 8 | (uint32_t)buf[4 * k + 2] << 16 |
                   (uint32_t)buf[4 * k + 3] << 24;
    wy_tile_spec t = {NULL, a.g.side, NULL, a.g.side, (int)a.z, a.tx, a.ty, TILE_PX, vmax};
    char err[WY_ERRLEN];
    wy_status st = wy_plot_tile_png(&t, a.with_b, value, buf + 4 * TILE_N, mem_write, r, err, sizeof err);
    free(value);
    free(buf);
    if (st != WY_OK)
        return req_fail_status(r, st, err);
    fflush(r->mem);
    tile_store(key, (const unsigned char *)r->body, r->len);
    r->tile_from = strcmp(from, "cache") == 0 ? "values cache" : "computed";
    return 0;
}

static int ep_palette(req *r)
{
    uint8_t c[3];
    cli_out_str(&r->o, "{\"heat\":[");
    for (unsigned i = 0; i < 256; i++) {
        wy_plot_heat_rgb(i, 255, c);
        cli_out_fmt(&r->o, "%s[%u,%u,%u]", i ? "," : "", c[0], c[1], c[2]);
    }
    cli_out_str(&r->o, "],\"sets\":[");
    for (unsigned m = 1; m <= 2; m++) {
        wy_plot_set_rgb(m, c);
        cli_out_fmt(&r->o, "%s[%u,%u,%u]", m > 1 ? "," : "", c[0], c[1], c[2]);
    }
    cli_out_str(&r->o, "],\"p\":[255,255,255],\"beyond\":[216,216,216]}\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* The table                                                           */
/* ------------------------------------------------------------------ */

/* The URL prefix of the JSON API; an endpoint's name follows it. */
static const char api_prefix[] = "/api/";

static const endpoint endpoints[] = {
    {"info", ep_info, "", 0},
    {"rules", ep_rules, "rules,pass,heap", 0},
    {"value", ep_value, "rules,x,y,pass,heap,job", 1},
    {"moves", ep_moves, "rules,x,y,pass,heap,job", 1},
    {"engine", ep_engine, "rules,x,y,pass,heap,seed,job", 1},
    {"table", ep_table, "rules,x0,y0,rows,cols,pass,heap,job", 1},
    {"ppos", ep_ppos, "rules,value,from,terms,pass,heap,job", 1},
    {"compare", ep_compare, "a,b,size,outcome,value,limit,job", 1},
    {"period", ep_period, "rules,rows,pass,max_cols,job", 1},
    {"claims", ep_claims, "", 0},
    {"check", ep_check, "claim,limit,job", 1},
    {"progress", ep_progress, "job", 0},
    {"tile", ep_tile, "rules,z,tx,ty,b,vmax,pass,heap,job", 1},
    {"tilevalues", ep_tilevalues, "rules,z,tx,ty,b,pass,heap,job", 1},
    {"palette", ep_palette, "", 0},
};

const endpoint *serve_api_find(const char *url)
{
    const endpoint *ep = NULL;
    const size_t np = sizeof api_prefix - 1;
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (strncmp(url, api_prefix, np) == 0 && strcmp(url + np, endpoints[i].name) == 0)
            ep = &endpoints[i];
    return ep;
}
