/* formats.c - what several front ends write the same way: the JSON of a
 * position's value and of its moves (`value`, `moves`, `serve`), a move's
 * head, the JSON of row periods (`period`, `serve`) and the header of a bin
 * table (`table`, wythoff-mpi).  docs/formats.md specifies each. */
#include "cli.h"
#include "wythoff_exact.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* value                                                               */
/* ------------------------------------------------------------------ */

void cli_value_out(cli_out *o, const cli_game *g, const wy_eval_item *q, int json)
{
    const wy_answer *a = &q->ans;
    if (json) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
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
        cli_out_json_generator(o);
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

/* ------------------------------------------------------------------ */
/* periods and bin tables                                              */
/* ------------------------------------------------------------------ */

void cli_period_json(cli_out *o, const cli_game *g, const wy_row_periods *rp)
{
    const uint32_t p = g->side.pass;
    cli_out_char(o, '{');
    cli_out_json_generator(o);
    cli_out_fmt(o, "\"rules\":\"%s\"", g->text);
    if (g->rules.passes)
        cli_out_fmt(o, ",\"pass\":%u", p);
    cli_out_fmt(o, ",\"rows\":%u,\"additive\":%s,\"proof\":{\"y0\":%llu,\"period\":%llu,\"shift\":%llu,\"window\":%llu},\"periods\":[",
                rp->rows, rp->shift ? "true" : "false", (unsigned long long)rp->y0, (unsigned long long)rp->period,
                (unsigned long long)rp->shift, (unsigned long long)rp->cols_computed);
    for (uint32_t x = 0; x < rp->rows; x++) {
        size_t i = (size_t)p * rp->rows + x;
        cli_out_fmt(o, "%s{\"x\":%u,\"preperiod\":%llu,\"period\":%llu}", x ? "," : "", x,
                    (unsigned long long)rp->row_pre[i], (unsigned long long)rp->row_period[i]);
    }
    cli_out_str(o, "]}\n");
}

/* Bytes per cell of a bin table: from the proved bound on its values, so
 * the file is the same however it was computed. */
unsigned cli_bin_width(const cli_game *s, uint32_t rows, uint32_t cols)
{
    uint64_t b = wy_table_value_bound(&s->rules, rows, cols, s->side);
    return b <= 0xff ? 1 : b <= 0xffff ? 2 : 4;
}

size_t cli_bin_header(unsigned char *h, const cli_game *g, uint32_t rows, uint32_t cols, unsigned *cell_bytes)
{
    /* docs/formats.md: "WYTB", u32 version 2, rows, cols, pass, heap,
     * cell bytes, length of the rules text, the text, then the cells */
    const uint32_t L = (uint32_t)strlen(g->text);
    *cell_bytes = cli_bin_width(g, rows, cols);
    uint32_t fields[7] = {2, rows, cols, g->side.pass, g->side.heap, *cell_bytes, L};
    memcpy(h, "WYTB", 4);
    for (int i = 0; i < 7; i++)
        for (int b = 0; b < 4; b++)
            h[4 + 4 * i + b] = (unsigned char)(fields[i] >> (8 * b));
    memcpy(h + 32, g->text, L);
    return 32 + (size_t)L;
}
