/* cmd_play.c - `wythoff play`: a game against the engine, in the terminal,
 * or scripted when standard input is not a terminal (docs/play.md).
 *
 * One response per input line, each ending with an empty line; the lines
 * start with a fixed word ("position:", "you:", "engine:", "hint:",
 * "moves:", "show:", "error:", "game over:", ...) so that a program can
 * play through pipes.  The engine's move is cli_engine_move
 * (engine_move.c); the moves typed are checked here against the rules
 * (docs/rules.md, "Moves"). */
#include <stdio.h> /* before gmp.h (through cli.h): gmp.h declares mpz_out_str only after stdio.h */

#include "commands.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HINT_LIST_MAX 1000 /* winning moves listed by '?' */
#define HINT_LIST_TEXT "1000"
#define MOVES_LIST_MAX 1000 /* legal moves listed by 'moves' */
#define SHOW_HALF 4         /* 'show': rows x-4..x+4, columns y-4..y+4 */
#define SHOW_TABLE_CELLS ((uint64_t)1 << 24) /* 'show' by the table engine up to this window */

/* A state: the two heaps and the side state. */
typedef struct {
    mpz_t x, y;
    wy_side side;
} state;

typedef struct {
    cli_config *c;
    const cli_game *g;
    const wy_rules *r;
    wy_exact *ex;
    wy_run run;
    cli_progress prog;
    uint64_t seed;
    int interactive;
    state cur;
    state *hist; /* the states where it was your turn, for undo */
    size_t nhist, caphist;
    FILE *out;
} play;

static void state_init(state *s)
{
    mpz_inits(s->x, s->y, NULL);
    s->side.pass = s->side.heap = 0;
}

static void state_clear(state *s) { mpz_clears(s->x, s->y, NULL); }

static void state_copy(state *d, const state *s)
{
    mpz_set(d->x, s->x);
    mpz_set(d->y, s->y);
    d->side = s->side;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

static void put_big(FILE *f, const mpz_t v) { mpz_out_str(f, 10, v); }

/* A number in a message: in full up to 60 digits, else its head and length. */
static void num_text(char *buf, size_t n, const mpz_t v)
{
    size_t d = mpz_sizeinbase(v, 10);
    if (d <= 60) {
        gmp_snprintf(buf, n, "%Zd", v);
        return;
    }
    char head[32];
    gmp_snprintf(head, sizeof head, "%Zd", v); /* truncated: its first digits */
    snprintf(buf, n, "%.20s... (%zu digits)", head, d);
}

/* "X Y", then " (pass P)", " (heap H)" or " (pass P, heap H)" for what the
 * ruleset has. */
static void put_state(FILE *f, const wy_rules *r, const mpz_t x, const mpz_t y, wy_side s)
{
    put_big(f, x);
    fputc(' ', f);
    put_big(f, y);
    if (r->passes && r->heap)
        fprintf(f, " (pass %u, heap %u)", s.pass, s.heap);
    else if (r->passes)
        fprintf(f, " (pass %u)", s.pass);
    else if (r->heap)
        fprintf(f, " (heap %u)", s.heap);
}

/* The move in words, as `wythoff moves` writes it. */
static void put_words(FILE *f, wy_move_kind kind, const state *from, const mpz_t tx, const mpz_t ty, wy_side to)
{
    mpz_t d;
    mpz_init(d);
    switch (kind) {
    case WY_MOVE_COL:
        mpz_sub(d, from->x, tx);
        fputs("take ", f), put_big(f, d), fputs(" from the first heap", f);
        break;
    case WY_MOVE_ROW:
        mpz_sub(d, from->y, ty);
        fputs("take ", f), put_big(f, d), fputs(" from the second heap", f);
        break;
    case WY_MOVE_DIAG:
        mpz_sub(d, from->x, tx);
        fputs("take ", f), put_big(f, d), fputs(" from both heaps", f);
        break;
    case WY_MOVE_MOD:
        mpz_sub(d, from->x, tx);
        fputs("take ", f), put_big(f, d), fputs(" and ", f);
        mpz_sub(d, from->y, ty);
        put_big(f, d);
        break;
    case WY_MOVE_HEAP: fprintf(f, "take %u from the extra heap", from->side.heap - to.heap); break;
    case WY_MOVE_PASS: fputs("pass", f); break;
    }
    mpz_clear(d);
}

/* "  WORDS -> TARGET" (a line of '?' and 'moves'). */
static void put_move_line(play *p, wy_move_kind kind, const mpz_t tx, const mpz_t ty, wy_side to)
{
    fputs("  ", p->out);
    put_words(p->out, kind, &p->cur, tx, ty, to);
    fputs(" -> ", p->out);
    put_state(p->out, p->r, tx, ty, to);
    fputc('\n', p->out);
}

static void put_position(play *p)
{
    fputs("position: ", p->out);
    put_state(p->out, p->r, p->cur.x, p->cur.y, p->cur.side);
    fputc('\n', p->out);
}

/* ------------------------------------------------------------------ */
/* Your moves: parsing and checking                                    */
/* ------------------------------------------------------------------ */

/* A move as typed: a kind and its amounts (a from the first heap, b from
 * the second; a from the extra heap), or a target position. */
typedef struct {
    int target; /* 1: tx, ty is the position typed */
    wy_move_kind kind;
    mpz_t a, b;
} typed;

/* The target of move m from s, or 0 with the reason in why. */
static int check_move(const wy_rules *r, const state *s, typed *m, state *to, char *why, size_t n)
{
    char na[96], nb[96], nx[96], ny[96];
    state_copy(to, s);
    if (m->target) { /* a target (tx, ty) in m->a, m->b: classify */
        for (int k = 0; k < 2; k++) {
            const mpz_srcptr t = k ? m->b : m->a, h = k ? s->y : s->x;
            if (mpz_cmp(t, h) > 0) {
                num_text(nx, sizeof nx, t);
                num_text(ny, sizeof ny, h);
                return snprintf(why, n, "a move cannot add stones: %s is more than the %s heap's %s", nx,
                                k ? "second" : "first", ny),
                       0;
            }
        }
        if (mpz_cmp(m->a, s->x) == 0 && mpz_cmp(m->b, s->y) == 0) {
            snprintf(why, n, "that is the position itself: a move takes stones%s%s",
                     r->passes ? " (to pass, type 'pass')" : "",
                     r->heap ? " (from the extra heap: 'heap N')" : "");
            return 0;
        }
        mpz_sub(m->a, s->x, m->a); /* now the amounts taken */
        mpz_sub(m->b, s->y, m->b);
        if (mpz_sgn(m->b) == 0)
            m->kind = WY_MOVE_COL;
        else if (mpz_sgn(m->a) == 0)
            m->kind = WY_MOVE_ROW;
        else if (mpz_cmp(m->a, m->b) == 0)
            m->kind = WY_MOVE_DIAG;
        else
            m->kind = WY_MOVE_MOD;
    }
    if (m->kind == WY_MOVE_MOD && mpz_cmp(m->a, m->b) == 0) /* "take 2 and 2" */
        m->kind = WY_MOVE_DIAG;
    /* a typed target that no move reaches: said in terms of the target
     * (where the library would say "different amounts ... only with mod=M") */
    if (m->target && m->kind == WY_MOVE_MOD && !r->mod && wy_has_move(r, s->x, s->y, (wy_side){0, 0})) {
        mpz_sub(m->a, s->x, m->a); /* back to the target, for the message */
        mpz_sub(m->b, s->y, m->b);
        num_text(na, sizeof na, m->a), num_text(nb, sizeof nb, m->b);
        return snprintf(why, n, "%s %s is not one move away: a move takes from one heap%s", na, nb,
                        r->game == WY_GAME_WYTHOFF ? ", or the same number from both" : ""),
               0;
    }
    /* the rules of the move: the library's (wy_move_apply) */
    return wy_move_apply(to->x, to->y, &to->side, r, s->x, s->y, s->side, m->kind, m->a, m->b, why, n) == WY_OK;
}

/* Lower case, commas as blanks, split into at most 8 words. */
static int words_of(char *line, char **w, int max)
{
    int n = 0;
    for (char *p = line; *p; p++)
        *p = *p == ',' ? ' ' : (char)tolower((unsigned char)*p);
    char *save = NULL;
    for (char *t = strtok_r(line, " \t\r\f\v", &save); t; t = strtok_r(NULL, " \t\r\f\v", &save)) {
        if (n == max)
            return max + 1;
        w[n++] = t;
    }
    return n;
}

static int is_number_word(const char *s) { return *s >= '0' && *s <= '9'; }

/* The amount `text` into v; 0 with a message. */
static int amount(mpz_t v, const char *text, char *why, size_t n)
{
    char err[WY_ERRLEN];
    if (!cli_num_big(v, text, "number", err, sizeof err))
        return snprintf(why, n, "%s", err), 0;
    return 1;
}

/* 1: a move in m; 0: not a move (why says why, or empty: not move syntax). */
static int parse_move(char **w, int n, typed *m, char *why, size_t wn)
{
    why[0] = '\0';
    m->target = 0;
    mpz_set_ui(m->a, 0);
    mpz_set_ui(m->b, 0);
    if (n == 1 && strcmp(w[0], "pass") == 0) {
        m->kind = WY_MOVE_PASS;
        return 1;
    }
    if (n == 2 && is_number_word(w[0]) && is_number_word(w[1])) {
        m->target = 1;
        return amount(m->a, w[0], why, wn) && amount(m->b, w[1], why, wn);
    }
    const char *where = NULL, *num = NULL;
    if (n == 2 && (strcmp(w[0], "first") == 0 || strcmp(w[0], "second") == 0 || strcmp(w[0], "both") == 0 ||
                   strcmp(w[0], "extra") == 0 || strcmp(w[0], "heap") == 0)) { /* "first 3", "both 2", "heap 1" */
        where = w[0];
        num = w[1];
    } else if (n >= 2 && strcmp(w[0], "take") == 0) {
        if (n == 4 && strcmp(w[2], "and") == 0) { /* take A and B */
            m->kind = WY_MOVE_MOD;
            return amount(m->a, w[1], why, wn) && amount(m->b, w[3], why, wn);
        }
        /* take A from [the] WHERE [heap|heaps] */
        int i = 3;
        if (i < n && strcmp(w[i], "the") == 0)
            i++;
        if (i < n)
            where = w[i++];
        if (i < n && (strcmp(w[i], "heap") == 0 || strcmp(w[i], "heaps") == 0))
            i++;
        if (n < 4 || strcmp(w[2], "from") != 0 || i != n)
            return snprintf(why, wn, "say where from: 'take %.40s from the first heap' (or the second heap, both "
                                     "heaps, the extra heap), or 'take A and B'",
                            w[1]),
                   0;
        num = w[1];
    } else {
        return 0;
    }
    if (strcmp(where, "first") == 0)
        m->kind = WY_MOVE_COL;
    else if (strcmp(where, "second") == 0)
        m->kind = WY_MOVE_ROW;
    else if (strcmp(where, "both") == 0)
        m->kind = WY_MOVE_DIAG;
    else if (strcmp(where, "extra") == 0 || strcmp(where, "heap") == 0)
        m->kind = WY_MOVE_HEAP;
    else
        return snprintf(why, wn, "unknown heap '%.40s' (first, second, both, extra)", where), 0;
    if (!amount(m->a, num, why, wn))
        return 0;
    if (m->kind == WY_MOVE_ROW)
        mpz_swap(m->a, m->b);
    else if (m->kind == WY_MOVE_DIAG)
        mpz_set(m->b, m->a);
    return 1;
}

/* ------------------------------------------------------------------ */
/* The game                                                            */
/* ------------------------------------------------------------------ */

/* Library failures: the exit code (message printed). */
static int fail_st(play *p, wy_status st, const char *err)
{
    cli_progress_done(&p->prog);
    fflush(p->out);
    return cli_fail(st, err, 1);
}

/* "game over: ..." for the player to move, who has no move; you: 1 if that
 * is you. */
static void game_over(play *p, int you)
{
    int you_win = p->r->misere ? you : !you;
    fprintf(p->out, "game over: %s (%s no move%s)\n", you_win ? "you win" : "engine wins",
            you ? "you have" : "the engine has", p->r->misere ? ": in misere play the player who cannot move wins" : "");
}

/* The engine moves from p->cur.  Returns 0 and *over, or an exit code. */
static int engine_turn(play *p, int *over)
{
    char err[WY_ERRLEN];
    wy_bigmove m;
    mpz_inits(m.x, m.y, NULL);
    int has = 0, win = 0;
    const char *method = "";
    wy_status st = cli_engine_move(p->ex, p->g, p->cur.x, p->cur.y, p->cur.side, p->seed, &p->run, &m, &has, &win,
                                   &method, err, sizeof err);
    cli_progress_done(&p->prog);
    if (st != WY_OK && st != WY_EUNDECIDED) {
        mpz_clears(m.x, m.y, NULL);
        return fail_st(p, st, err);
    }
    *over = 0;
    if (!has) {
        game_over(p, 0);
        *over = 1;
        mpz_clears(m.x, m.y, NULL);
        return 0;
    }
    if (st == WY_EUNDECIDED)
        fprintf(p->out, "engine: the engine cannot decide this position: %s\n", err);
    fputs("engine: ", p->out);
    put_state(p->out, p->r, p->cur.x, p->cur.y, p->cur.side);
    fputs(" -> ", p->out);
    put_state(p->out, p->r, m.x, m.y, m.side);
    fputs(" | ", p->out);
    put_words(p->out, m.kind, &p->cur, m.x, m.y, m.side);
    if (st == WY_EUNDECIDED)
        fputs(" | fallback: the move that removes the fewest stones, not known to be best\n", p->out);
    else if (win)
        fprintf(p->out, " | winning: it reaches a P-position (by %s)\n", method);
    else
        fprintf(p->out, " | no winning move: every move reaches an N-position (by %s)\n", method);
    mpz_swap(p->cur.x, m.x);
    mpz_swap(p->cur.y, m.y);
    p->cur.side = m.side;
    mpz_clears(m.x, m.y, NULL);
    if (!wy_has_move(p->r, p->cur.x, p->cur.y, p->cur.side)) {
        game_over(p, 1);
        *over = 1;
    } else {
        put_position(p);
    }
    return 0;
}

static int push_history(play *p)
{
    if (p->nhist == p->caphist) {
        size_t cap = p->caphist ? 2 * p->caphist : 16;
        state *h = realloc(p->hist, cap * sizeof *h);
        if (!h)
            return 0;
        p->hist = h;
        p->caphist = cap;
    }
    state_init(&p->hist[p->nhist]);
    state_copy(&p->hist[p->nhist++], &p->cur);
    return 1;
}

/* Your move m.  Returns 0 (and *over) or an exit code. */
static int your_move(play *p, typed *m, int *over)
{
    char why[WY_ERRLEN];
    state to;
    state_init(&to);
    *over = 0;
    if (!check_move(p->r, &p->cur, m, &to, why, sizeof why)) {
        fprintf(p->out, "error: illegal move: %s\n", why);
        state_clear(&to);
        return 0;
    }
    if (!push_history(p)) {
        state_clear(&to);
        return fail_st(p, WY_ERANGE, "out of memory");
    }
    fputs("you: ", p->out);
    put_state(p->out, p->r, p->cur.x, p->cur.y, p->cur.side);
    fputs(" -> ", p->out);
    put_state(p->out, p->r, to.x, to.y, to.side);
    fputs(" | ", p->out);
    put_words(p->out, m->kind, &p->cur, to.x, to.y, to.side);
    fputc('\n', p->out);
    state_copy(&p->cur, &to);
    state_clear(&to);
    if (!wy_has_move(p->r, p->cur.x, p->cur.y, p->cur.side)) {
        game_over(p, 0);
        *over = 1;
        return 0;
    }
    return engine_turn(p, over);
}

/* '?': the winning moves. */
static int hint(play *p)
{
    char err[WY_ERRLEN];
    wy_options o;
    wy_options_init(&o);
    wy_status st = wy_eval_options(p->ex, &o, p->cur.x, p->cur.y, p->cur.side, &p->run, err, sizeof err);
    cli_progress_done(&p->prog);
    int rc = 0;
    if (st == WY_OK) {
        size_t wins = 0;
        if (o.complete)
            for (size_t i = 0; i < o.count; i++)
                wins += o.values[i] == 0;
        else
            wins = o.count;
        fputs("hint: ", p->out);
        if (o.pos.has_value) {
            fputs(p->r->misere ? "G- = " : "G = ", p->out);
            put_big(p->out, o.pos.value);
            fputs(", ", p->out);
        }
        fprintf(p->out, "%c-position (by %s); ", o.pos.outcome, o.pos.method);
        if (!wins)
            fputs("no winning move: every move reaches an N-position\n", p->out);
        else
            fprintf(p->out, "%zu winning move%s%s\n", wins, wins == 1 ? "" : "s",
                    wins > HINT_LIST_MAX ? ", the first " HINT_LIST_TEXT " listed:" : ":");
        size_t shown = 0;
        mpz_t tx, ty;
        mpz_inits(tx, ty, NULL);
        for (size_t i = 0; i < o.count && shown < HINT_LIST_MAX; i++) {
            if (o.complete) {
                if (o.values[i])
                    continue;
                mpz_set_ui(tx, o.moves[i].x);
                mpz_set_ui(ty, o.moves[i].y);
                put_move_line(p, o.moves[i].kind, tx, ty, o.moves[i].side);
            } else {
                put_move_line(p, o.wins[i].kind, o.wins[i].x, o.wins[i].y, o.wins[i].side);
            }
            shown++;
        }
        mpz_clears(tx, ty, NULL);
    } else if (st == WY_EUNDECIDED) {
        wy_answer a;
        wy_answer_init(&a);
        char e2[WY_ERRLEN];
        wy_status s2 = wy_eval(p->ex, &a, p->cur.x, p->cur.y, p->cur.side, &p->run, e2, sizeof e2);
        cli_progress_done(&p->prog);
        if (s2 == WY_OK && a.outcome == 'P')
            fprintf(p->out, "hint: P-position (by %s); no winning move: every move reaches an N-position\n", a.method);
        else if (s2 == WY_OK)
            fprintf(p->out, "hint: N-position (by %s), but the engine cannot find a winning move: %s\n", a.method, err);
        else if (s2 == WY_ECANCELED)
            rc = fail_st(p, s2, e2);
        else
            fprintf(p->out, "hint: the engine cannot decide this position: %s\n", err);
        wy_answer_clear(&a);
    } else if (st == WY_ERANGE) {
        fprintf(p->out, "error: %s\n", err);
    } else {
        rc = fail_st(p, st, err);
    }
    wy_options_clear(&o);
    return rc;
}

/* 'moves': every legal move, where they are few enough to list. */
static void list_moves(play *p)
{
    const state *s = &p->cur;
    if (mpz_cmp_ui(s->x, UINT32_MAX - 1) > 0 || mpz_cmp_ui(s->y, UINT32_MAX - 1) > 0) {
        fputs("moves: too many to list at this size (type a target position or a move in words; '?' lists the "
              "winning moves)\n",
              p->out);
        return;
    }
    uint32_t x = (uint32_t)mpz_get_ui(s->x), y = (uint32_t)mpz_get_ui(s->y);
    uint64_t n = wy_moves_count(p->r, x, y, s->side);
    if (n > MOVES_LIST_MAX) {
        fprintf(p->out,
                "moves: %llu legal moves, too many to list (type a target position or a move in words; '?' lists the "
                "winning moves)\n",
                (unsigned long long)n);
        return;
    }
    wy_move *mv = malloc((n ? n : 1) * sizeof *mv);
    size_t count = 0;
    char err[WY_ERRLEN];
    if (!mv || wy_moves_list(mv, (size_t)n, &count, p->r, x, y, s->side, err, sizeof err) != WY_OK) {
        fprintf(p->out, "error: %s\n", mv ? err : "out of memory");
        free(mv);
        return;
    }
    fprintf(p->out, "moves: %zu legal move%s%s\n", count, count == 1 ? "" : "s", count ? ":" : "");
    mpz_t tx, ty;
    mpz_inits(tx, ty, NULL);
    for (size_t i = 0; i < count; i++) {
        mpz_set_ui(tx, mv[i].x);
        mpz_set_ui(ty, mv[i].y);
        put_move_line(p, mv[i].kind, tx, ty, mv[i].side);
    }
    mpz_clears(tx, ty, NULL);
    free(mv);
}

static int digits_u64(uint64_t v)
{
    int d = 1;
    while (v >= 10)
        v /= 10, d++;
    return d;
}

/* 'show' by the table engine: rows x0..x0+R-1, columns y0..y0+C-1. */
static int show_table(play *p, uint32_t x, uint32_t y, char *err, size_t errlen, wy_status *st)
{
    uint32_t x0 = x > SHOW_HALF ? x - SHOW_HALF : 0, y0 = y > SHOW_HALF ? y - SHOW_HALF : 0;
    uint32_t rows = x + SHOW_HALF + 1, cols = y + SHOW_HALF + 1;
    wy_table *t = NULL;
    *st = wy_table_compute_run(&t, p->r, rows, cols, p->cur.side, p->c->mem_limit, WY_LAYOUT_AUTO, &p->run, err,
                               errlen);
    cli_progress_done(&p->prog);
    if (*st != WY_OK)
        return 0;
    uint32_t maxv = 0;
    for (uint32_t i = x0; i < rows; i++)
        for (uint32_t j = y0; j < cols; j++) {
            uint32_t v = wy_table_get(t, i, j, p->cur.side);
            maxv = v > maxv ? v : maxv;
        }
    int w = digits_u64(maxv > cols - 1 ? maxv : cols - 1), lw = digits_u64(rows - 1) < 3 ? 3 : digits_u64(rows - 1);
    char side[96];
    cli_game g = *p->g;
    g.side = p->cur.side;
    cli_side_suffix(side, sizeof side, &g);
    fprintf(p->out, "show: %s(x, y) for %s%s; row x, column y; (0) marks a P-position, [ ] the position\n",
            p->r->misere ? "G-" : "G", p->g->text, side);
    fprintf(p->out, "%*s ", lw, "x\\y");
    for (uint32_t j = y0; j < cols; j++)
        fprintf(p->out, j + 1 < cols ? " %*u " : " %*u", w, j);
    fputc('\n', p->out);
    for (uint32_t i = x0; i < rows; i++) {
        fprintf(p->out, "%*u ", lw, i);
        for (uint32_t j = y0; j < cols; j++) {
            uint32_t v = wy_table_get(t, i, j, p->cur.side);
            const int last = j + 1 == cols;
            if (i == x && j == y)
                fprintf(p->out, "[%*u]", w, v);
            else if (v == 0)
                fprintf(p->out, "%*s(0)", w - 1, "");
            else
                fprintf(p->out, last ? " %*u" : " %*u ", w, v);
        }
        fputc('\n', p->out);
    }
    wy_table_free(t);
    return 1;
}

/* 'show' beyond the table engine: the exact engine cell by cell. */
static int show_exact(play *p)
{
    mpz_t x0, y0, cx, cy;
    mpz_inits(x0, y0, cx, cy, NULL);
    mpz_set(x0, p->cur.x);
    mpz_set(y0, p->cur.y);
    int ix = SHOW_HALF, iy = SHOW_HALF;
    if (mpz_cmp_ui(x0, SHOW_HALF) < 0)
        ix = (int)mpz_get_ui(x0);
    if (mpz_cmp_ui(y0, SHOW_HALF) < 0)
        iy = (int)mpz_get_ui(y0);
    mpz_sub_ui(x0, x0, (unsigned long)ix);
    mpz_sub_ui(y0, y0, (unsigned long)iy);
    const int R = ix + SHOW_HALF + 1, C = iy + SHOW_HALF + 1;
    char a[96], b[96];
    num_text(a, sizeof a, x0);
    num_text(b, sizeof b, y0);
    char side[96];
    cli_game g = *p->g;
    g.side = p->cur.side;
    cli_side_suffix(side, sizeof side, &g);
    fprintf(p->out,
            "show: %s(x, y) for %s%s by the exact engine, x = %s + i, y = %s + j; (0) marks a P-position, N an "
            "N-position of unknown value, ? undecided, [ ] the position\n",
            p->r->misere ? "G-" : "G", p->g->text, side, a, b);
    char cell[2 * SHOW_HALF + 1][2 * SHOW_HALF + 1][8];
    int w = 1;
    wy_answer ans;
    wy_answer_init(&ans);
    int rc = 0;
    for (int i = 0; i < R && !rc; i++)
        for (int j = 0; j < C && !rc; j++) {
            char e[WY_ERRLEN];
            mpz_add_ui(cx, x0, (unsigned long)i);
            mpz_add_ui(cy, y0, (unsigned long)j);
            wy_status st = wy_exact_eval(p->ex, &ans, cx, cy, p->cur.side, e, sizeof e);
            if (st == WY_ECANCELED)
                rc = fail_st(p, st, e);
            else if (st != WY_OK)
                snprintf(cell[i][j], sizeof cell[i][j], "?");
            else if (ans.outcome == 'P')
                snprintf(cell[i][j], sizeof cell[i][j], "0");
            else if (ans.has_value && mpz_sizeinbase(ans.value, 10) < 7)
                gmp_snprintf(cell[i][j], sizeof cell[i][j], "%Zd", ans.value);
            else
                snprintf(cell[i][j], sizeof cell[i][j], "N");
            int l = (int)strlen(cell[i][j]);
            w = l > w ? l : w;
        }
    wy_answer_clear(&ans);
    cli_progress_done(&p->prog);
    if (!rc) {
        fprintf(p->out, "i\\j ");
        for (int j = 0; j < C; j++)
            fprintf(p->out, j + 1 < C ? " %*d " : " %*d", w, j);
        fputc('\n', p->out);
        for (int i = 0; i < R; i++) {
            fprintf(p->out, "%3d ", i);
            for (int j = 0; j < C; j++) {
                const char *v = cell[i][j];
                if (i == ix && j == iy)
                    fprintf(p->out, "[%*s]", w, v);
                else if (strcmp(v, "0") == 0)
                    fprintf(p->out, "%*s(0)", w - 1, "");
                else
                    fprintf(p->out, j + 1 < C ? " %*s " : " %*s", w, v);
            }
            fputc('\n', p->out);
        }
    }
    mpz_clears(x0, y0, cx, cy, NULL);
    return rc;
}

static int show(play *p)
{
    const state *s = &p->cur;
    if (mpz_cmp_ui(s->x, 1u << 20) < 0 && mpz_cmp_ui(s->y, 1u << 20) < 0) {
        uint32_t x = (uint32_t)mpz_get_ui(s->x), y = (uint32_t)mpz_get_ui(s->y);
        if ((uint64_t)(x + SHOW_HALF + 1) * (y + SHOW_HALF + 1) <= SHOW_TABLE_CELLS) {
            char err[WY_ERRLEN];
            wy_status st;
            if (show_table(p, x, y, err, sizeof err, &st))
                return 0;
            if (st == WY_ECANCELED)
                return fail_st(p, st, err);
            /* over the memory limit: the exact engine's view */
        }
    }
    return show_exact(p);
}

static void help(play *p)
{
    fputs("help: moves are typed as the position they reach or in words:\n"
          "  3 5  or  3,5                   the position reached\n"
          "  take 3 from the first heap     also: first 3\n"
          "  take 2 from the second heap    also: second 2\n"
          "  take 2 from both heaps         also: both 2 (wythoff)\n"
          "  take 2 and 5                   modular move (wythoff+mod=M)\n"
          "  take 1 from the extra heap     also: heap 1, extra 1 (heap=H)\n"
          "  pass                           use a pass (pass, pass=K)\n"
          "commands:\n"
          "  ?  or  hint    the winning moves\n"
          "  moves          every legal move (where few enough to list)\n"
          "  show           the values around the position\n"
          "  undo           take back your last move and the engine's reply\n"
          "  help           this text\n"
          "  quit           end the game\n",
          p->out);
}

/* One line of input.  Returns 0 (and *over: the game has ended), or an
 * exit code. */
static int do_line(play *p, char *line, int *over)
{
    char *w[9];
    char why[WY_ERRLEN];
    *over = 0;
    char copy[88];
    snprintf(copy, sizeof copy, "%.60s%s", line, strlen(line) > 60 ? "..." : "");
    for (char *q = copy; *q; q++)
        if ((unsigned char)*q < 32 || *q == 127)
            *q = '?';
    int n = words_of(line, w, 8);
    if (n == 1 && (strcmp(w[0], "?") == 0 || strcmp(w[0], "hint") == 0))
        return hint(p);
    if (n == 1 && strcmp(w[0], "moves") == 0)
        return list_moves(p), 0;
    if (n == 1 && strcmp(w[0], "show") == 0)
        return show(p);
    if (n == 1 && strcmp(w[0], "help") == 0)
        return help(p), 0;
    if (n == 1 && (strcmp(w[0], "quit") == 0 || strcmp(w[0], "exit") == 0 || strcmp(w[0], "q") == 0)) {
        fputs("game abandoned: quit\n", p->out);
        *over = 1;
        return 0;
    }
    if (n == 1 && strcmp(w[0], "undo") == 0) {
        if (p->nhist == 0) {
            fputs("error: nothing to undo\n", p->out);
            return 0;
        }
        state *h = &p->hist[--p->nhist];
        fputs("undo: ", p->out);
        put_state(p->out, p->r, p->cur.x, p->cur.y, p->cur.side);
        fputs(" -> ", p->out);
        put_state(p->out, p->r, h->x, h->y, h->side);
        fputc('\n', p->out);
        state_copy(&p->cur, h);
        state_clear(h);
        put_position(p);
        return 0;
    }
    typed m;
    mpz_inits(m.a, m.b, NULL);
    int rc = 0;
    if (n <= 8 && parse_move(w, n, &m, why, sizeof why))
        rc = your_move(p, &m, over);
    else if (why[0])
        fprintf(p->out, "error: illegal move: %s\n", why);
    else
        fprintf(p->out, "error: not a move or command: '%s' (type 'help')\n", copy);
    mpz_clears(m.a, m.b, NULL);
    return rc;
}

/* Flush a response; a write error ends the game (exit 2). */
static int respond(play *p)
{
    fputc('\n', p->out);
    if (fflush(p->out) != 0 || ferror(p->out))
        return cli_die(2, "write error on standard output");
    return 0;
}

/* The start when X Y are not given: the first N-position (where the engine
 * decides it) of positions drawn from the seed with B <= x, y < B + 16,
 * B = 8 + ceil(K / 2) for terminal=K (so that x + y > K). */
static void default_start(play *p)
{
    const uint32_t K = p->r->has_terminal ? p->r->terminal : 0;
    const uint64_t B = 8 + ((uint64_t)K + 1) / 2;
    wy_answer a;
    wy_answer_init(&a);
    char err[WY_ERRLEN];
    uint64_t h = p->seed;
    for (int i = 0; i < 64; i++) {
        h = cli_engine_hash(h, p->cur.x, p->cur.y, p->cur.side) + (uint64_t)i;
        mpz_set_ui(p->cur.x, (unsigned long)(B + (h & 15)));
        mpz_set_ui(p->cur.y, (unsigned long)(B + ((h >> 4) & 15)));
        wy_status st = wy_eval(p->ex, &a, p->cur.x, p->cur.y, p->cur.side, &p->run, err, sizeof err);
        if (st != WY_OK || a.outcome == 'N')
            break;
    }
    cli_progress_done(&p->prog);
    wy_answer_clear(&a);
}

/* --first when interactive and not given: ask.  1 engine, 0 you, -1 EOF. */
static int ask_first(play *p, int *rc)
{
    char *line = NULL, err[WY_ERRLEN];
    size_t cap = 0, len = 0;
    int ans = -1;
    for (;;) {
        fputs("who moves first, me or engine? [me] ", p->out);
        fflush(p->out);
        int got = cli_read_line(stdin, &line, &cap, &len, rc, err, sizeof err);
        if (got < 0) {
            *rc = cli_die(*rc, "%s", err);
            break;
        }
        if (got == 0)
            break;
        char *w[3];
        int n = words_of(line, w, 2);
        if (n == 0 || (n == 1 && (strcmp(w[0], "me") == 0 || strcmp(w[0], "m") == 0 || strcmp(w[0], "you") == 0))) {
            ans = 0;
            break;
        }
        if (n == 1 && (strcmp(w[0], "engine") == 0 || strcmp(w[0], "e") == 0)) {
            ans = 1;
            break;
        }
        fputs("please answer me or engine\n", p->out);
    }
    free(line);
    return ans;
}

static int parse_args(cli_config *c, uint64_t *seed, int *first, int interactive, mpz_t x, mpz_t y, int *has_xy)
{
    char err[WY_ERRLEN];
    if (c->npos == 2)
        return cli_die(2, "play needs both X and Y, or neither (a start drawn from --seed); usage: wythoff %s",
                       c->cmd->usage);
    int rc = cli_games(c, 1, NULL);
    if (rc)
        return rc;
    *has_xy = c->npos == 3;
    if (*has_xy &&
        (!cli_num_big(x, c->pos[1], "X", err, sizeof err) || !cli_num_big(y, c->pos[2], "Y", err, sizeof err)))
        return cli_die(2, "%s", err);
    *seed = 1;
    if (c->given[O_SEED] && !cli_num_u64(seed, c->val[O_SEED], "--seed", UINT64_MAX, err, sizeof err))
        return cli_die(2, "%s", err);
    *first = interactive ? -1 : 0; /* -1: ask */
    if (c->given[O_FIRST]) {
        const char *f = c->val[O_FIRST];
        if (strcmp(f, "me") == 0)
            *first = 0;
        else if (strcmp(f, "engine") == 0)
            *first = 1;
        else
            return cli_die(2, "bad --first '%.40s%s' (expected me or engine)", f, strlen(f) > 40 ? "..." : "");
    }
    return 0;
}

static int play_game(play *p, int first, int has_xy)
{
    int rc = 0, over = 0;
    if (!has_xy)
        default_start(p);
    if (first < 0) {
        first = ask_first(p, &rc);
        if (rc)
            return rc;
        if (first < 0) {
            fputs("game abandoned: end of input\n", p->out);
            return respond(p);
        }
    }
    fprintf(p->out, "game: %s%s; %s first; seed %llu; type 'help' for the moves and commands\n", p->g->text,
            p->r->misere ? " (misere play: the last mover loses)" : "", first ? "the engine moves" : "you move",
            (unsigned long long)p->seed);
    put_position(p);
    if (!wy_has_move(p->r, p->cur.x, p->cur.y, p->cur.side)) {
        game_over(p, !first);
        return respond(p);
    }
    if (first && (rc = engine_turn(p, &over)))
        return rc;
    if ((rc = respond(p)) || over)
        return rc;
    char *line = NULL, err[WY_ERRLEN];
    size_t cap = 0, len = 0;
    for (;;) {
        if (p->interactive) {
            fputs("> ", p->out);
            fflush(p->out);
        }
        int got = cli_read_line(stdin, &line, &cap, &len, &rc, err, sizeof err);
        if (got < 0 && rc == 2 && !ferror(stdin)) { /* a NUL byte: not a move; the line is read */
            rc = 0;
            fputs("error: not a move or command: a NUL byte in the line\n", p->out);
            if ((rc = respond(p)))
                break;
            continue;
        }
        if (got < 0) {
            fflush(p->out);
            rc = cli_die(rc, "%s", err);
            break;
        }
        if (got == 0) {
            if (p->interactive)
                fputc('\n', p->out);
            fputs("game abandoned: end of input\n", p->out);
            rc = respond(p);
            break;
        }
        const char *s = line + strspn(line, " \t\r");
        if (*s == '\0' || *s == '#')
            continue; /* blank lines and comments: no response */
        if ((rc = do_line(p, line, &over)))
            break;
        if ((rc = respond(p)) || over)
            break;
    }
    free(line);
    return rc;
}

/* The most digits of a number in a game (docs/commands.md, "Numbers"): an
 * engine move on numbers of this size takes up to a few seconds. */
#define PLAY_DIGITS 100000u

int cli_cmd_play(cli_config *c)
{
    int rc, first = 0, has_xy = 0;
    char err[WY_ERRLEN];
    play p;
    cli_num_set_digits(PLAY_DIGITS);
    memset(&p, 0, sizeof p);
    p.c = c;
    p.out = stdout;
    p.interactive = isatty(0);
    state_init(&p.cur);
    if ((rc = parse_args(c, &p.seed, &first, p.interactive, p.cur.x, p.cur.y, &has_xy))) {
        state_clear(&p.cur);
        return rc;
    }
    p.g = &c->game[0];
    p.r = &p.g->rules;
    p.cur.side = p.g->side;
    p.run = cli_run(c, &p.prog, "play", "");
    wy_status st = wy_exact_new_run(&p.ex, p.r, c->mem_limit, &p.run, err, sizeof err);
    if (st != WY_OK) {
        rc = cli_fail(st, err, 1);
    } else {
        wy_exact_set_run(p.ex, &p.run);
        char dir[4096];
        wy_exact_set_cache(p.ex, wy_exact_cache_default(dir, sizeof dir));
        rc = play_game(&p, first, has_xy);
    }
    wy_exact_free(p.ex);
    for (size_t i = 0; i < p.nhist; i++)
        state_clear(&p.hist[i]);
    free(p.hist);
    state_clear(&p.cur);
    return rc;
}
