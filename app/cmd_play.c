/* cmd_play.c - `wythoff play`: a game against the engine, or between two
 * players with the engine as referee, in the terminal, or scripted when
 * standard input is not a terminal (docs/play.md).
 *
 * One response per input line, each ending with an empty line; the lines
 * start with a fixed word ("position:", "you:", "engine:", "hint:",
 * "moves:", "show:", "error:", "game over:", ...) so that a program can
 * play through pipes.  Plain words by default, the specialist figures
 * (value, method, seed) with --expert; a picture of the position after
 * each "position:" line (rows of stones, or Wythoff's board with the
 * queen), coloured only on a terminal.  Everything is written into a
 * buffer and wrapped on blanks at the width when flushed (flush_out), so
 * that no word is ever broken.  The engine's move is cli_engine_move
 * (engine_move.c), replaced at the weaker levels, some of the time, by a
 * random legal move; the moves typed are checked here against the rules
 * (docs/rules.md, "Moves"). */
#include <stdio.h> /* before gmp.h (through cli.h): gmp.h declares mpz_out_str only after stdio.h */

#include "commands.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define HINT_LIST_MAX 1000 /* winning moves listed by '?' */
#define HINT_LIST_TEXT "1000"
#define MOVES_LIST_MAX 1000 /* legal moves listed by 'moves' */
#define SHOW_HALF 4         /* 'show': rows x-4..x+4, columns y-4..y+4 */
#define SHOW_TABLE_CELLS ((uint64_t)1 << 24) /* 'show' by the table engine up to this window */

#define RANDOM_LIST_MAX 100000 /* a weak level's random move: listed and drawn up to this many moves */
#define WIDTH_DEFAULT 80        /* not a terminal and no COLUMNS */
#define PICTURE_MAX 80          /* the picture's width at most */

/* A state: the two heaps and the side state. */
typedef struct {
    mpz_t x, y;
    wy_side side;
} state;

/* A move made: the state before it, who made it, and whether it missed a
 * win (the state was an N-position and the move did not reach a
 * P-position, as far as the evaluator decides). */
typedef struct {
    state s, t; /* before and after */
    wy_move_kind kind;
    int mover;  /* 0 or 1: the player (0: you, against the engine) */
    int missed;
} hent;

/* The engine's levels: the chance in 100 of a random legal move where a
 * winning one exists. */
static const struct {
    const char *name;
    unsigned pct;
} levels[] = {{"perfect", 0}, {"strong", 10}, {"medium", 30}, {"beginner", 60}};

typedef struct {
    cli_config *c;
    const cli_game *g;
    const wy_rules *r;
    wy_exact *ex;
    wy_run run;
    cli_progress prog;
    uint64_t seed;
    uint64_t rng; /* the weaker levels' draws (splitmix64) */
    int interactive;
    int expert, hints, picture, color, review;
    int players;  /* 1: against the engine; 2: two players */
    int turn;     /* players 2: whose turn, 0 or 1 */
    int level;    /* index into levels[] */
    char names[2][64];
    unsigned width; /* wrap at this many columns; 0: never */
    state cur;
    hent *hist;   /* the moves typed, for undo and the review */
    size_t nhist, caphist;
    FILE *out;    /* a memory stream, wrapped onto real by flush_out */
    char *buf;
    size_t buflen;
    FILE *real;
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
/* Output: a buffer, wrapped on blanks when flushed                    */
/* ------------------------------------------------------------------ */


/* The picture's symbols: Unicode, or ASCII on a terminal whose locale
 * (LC_ALL, LC_CTYPE, LANG: the first one set) is not UTF-8.  Pipes and
 * files get Unicode whatever the locale, so scripted output is the same
 * bytes everywhere. */
static struct {
    const char *stone, *queen, *corner, *dot, *more;
} glyph = {"\u25cf", "\u265b", "\u25ce", "\u00b7", "\u2026"};

static void choose_glyphs(FILE *f)
{
    if (!isatty(fileno(f)))
        return;
    const char *loc = NULL;
    const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (size_t i = 0; i < 3 && !loc; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            loc = v;
    }
    int utf8 = 0;
    for (const char *c = loc; c && *c && !utf8; c++)
        utf8 = (strncasecmp(c, "utf-8", 5) == 0 || strncasecmp(c, "utf8", 4) == 0);
    if (!utf8) {
        glyph.stone = "o";
        glyph.queen = "Q";
        glyph.corner = "@";
        glyph.dot = ".";
        glyph.more = "...";
    }
}

/* The width: $COLUMNS when set (0: never wrap), else the terminal's, else
 * 80. */
static unsigned out_width(FILE *f)
{
    const char *cols = getenv("COLUMNS");
    if (cols && *cols) {
        char *end;
        unsigned long v = strtoul(cols, &end, 10);
        if (*end == '\0' && *cols >= '0' && *cols <= '9' && (v == 0 || (v >= 20 && v <= 1000000)))
            return (unsigned)v;
    }
#ifdef TIOCGWINSZ
    struct winsize ws;
    if (isatty(fileno(f)) && ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
        return ws.ws_col;
#endif
    return WIDTH_DEFAULT;
}

/* The columns of s[0..n): UTF-8 continuation bytes and ANSI colour
 * sequences (ESC [ ... m) take none. */
static size_t text_cols(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\033' && i + 1 < n && s[i + 1] == '[') {
            while (i < n && s[i] != 'm')
                i++;
            continue;
        }
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            c++;
    }
    return c;
}

/* One line s[0..n) onto f, broken at blanks so that no line is wider than
 * w where the words allow it: a word is never broken (one longer than the
 * line stands alone).  Continuation lines are indented by the line's own
 * indent and two blanks. */
static void wrap_line(FILE *f, const char *s, size_t n, unsigned w)
{
    if (w == 0 || text_cols(s, n) <= w) {
        fwrite(s, 1, n, f);
        fputc('\n', f);
        return;
    }
    size_t ind = 0;
    while (ind < n && s[ind] == ' ')
        ind++;
    size_t cind = ind + 2 < w / 2 ? ind + 2 : w / 2;
    size_t col = ind, i = ind;
    fwrite(s, 1, ind, f);
    int first = 1;
    while (i < n) {
        size_t j = i;
        while (j < n && s[j] != ' ')
            j++;
        size_t wc = text_cols(s + i, j - i);
        if (!first && col + 1 + wc > w) {
            fputc('\n', f);
            for (size_t k = 0; k < cind; k++)
                fputc(' ', f);
            col = cind;
        } else if (!first) {
            fputc(' ', f);
            col++;
        }
        fwrite(s + i, 1, j - i, f);
        col += wc;
        first = 0;
        i = j;
        while (i < n && s[i] == ' ')
            i++;
    }
    fputc('\n', f);
}

/* The buffered output, wrapped, onto the real stream (an unfinished last
 * line stays unwrapped: a prompt); the buffer starts again.  0, or -1 on a
 * write error. */
static int flush_out(play *p)
{
    if (!p->out || p->out == p->real)
        return p->out && (fflush(p->real) != 0 || ferror(p->real)) ? -1 : 0;
    fclose(p->out);
    p->out = NULL;
    const char *s = p->buf;
    size_t n = p->buflen;
    while (n) {
        const char *nl = memchr(s, '\n', n);
        if (!nl) {
            fwrite(s, 1, n, p->real);
            break;
        }
        wrap_line(p->real, s, (size_t)(nl - s), p->width);
        n -= (size_t)(nl - s) + 1;
        s = nl + 1;
    }
    free(p->buf);
    p->buf = NULL;
    p->buflen = 0;
    p->out = open_memstream(&p->buf, &p->buflen);
    if (!p->out)
        p->out = p->real; /* out of memory: unwrapped from now on */
    return fflush(p->real) != 0 || ferror(p->real) ? -1 : 0;
}

/* An ANSI colour around what follows, when colour is on. */
static void color_on(play *p, const char *sgr)
{
    if (p->color)
        fprintf(p->out, "\033[%sm", sgr);
}

static void color_off(play *p)
{
    if (p->color)
        fputs("\033[0m", p->out);
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

/* The move in words, as `wythoff moves` writes it ("take ..."; ing: "taking ..."). */
static void put_words(FILE *f, wy_move_kind kind, const state *from, const mpz_t tx, const mpz_t ty, wy_side to,
                      int ing)
{
    mpz_t d;
    mpz_init(d);
    switch (kind) {
    case WY_MOVE_COL:
        mpz_sub(d, from->x, tx);
        fputs(ing ? "taking " : "take ", f), put_big(f, d), fputs(" from the first heap", f);
        break;
    case WY_MOVE_ROW:
        mpz_sub(d, from->y, ty);
        fputs(ing ? "taking " : "take ", f), put_big(f, d), fputs(" from the second heap", f);
        break;
    case WY_MOVE_DIAG:
        mpz_sub(d, from->x, tx);
        fputs(ing ? "taking " : "take ", f), put_big(f, d), fputs(" from both heaps", f);
        break;
    case WY_MOVE_MOD:
        mpz_sub(d, from->x, tx);
        fputs(ing ? "taking " : "take ", f), put_big(f, d), fputs(" and ", f);
        mpz_sub(d, from->y, ty);
        put_big(f, d);
        break;
    case WY_MOVE_HEAP: fprintf(f, "%s %u from the extra heap", ing ? "taking" : "take", from->side.heap - to.heap); break;
    case WY_MOVE_PASS: fputs(ing ? "passing" : "pass", f); break;
    }
    mpz_clear(d);
}

/* "  WORDS -> TARGET" (a line of '?' and 'moves'). */
static void put_move_line(play *p, wy_move_kind kind, const mpz_t tx, const mpz_t ty, wy_side to)
{
    fputs("  ", p->out);
    put_words(p->out, kind, &p->cur, tx, ty, to, 0);
    fputs(" -> ", p->out);
    put_state(p->out, p->r, tx, ty, to);
    fputc('\n', p->out);
}

/* ------------------------------------------------------------------ */
/* The picture                                                         */
/* ------------------------------------------------------------------ */

#define LABEL_COLS 14 /* "  second heap " */

/* A row of stones: "  LABEL ●●●●● N", or when they do not fit in w
 * columns, as many as fit and "… (N)". */
static void stones(play *p, const char *label, const char *sgr, const mpz_t n, unsigned w)
{
    char num[96];
    num_text(num, sizeof num, n);
    size_t nl = strlen(num);
    fprintf(p->out, "  %-12s", label);
    size_t room = w > LABEL_COLS ? w - LABEL_COLS : 0; /* for the stones, a blank and the number */
    size_t k;
    int all = mpz_cmp_ui(n, (unsigned long)room) <= 0 && mpz_get_ui(n) + 1 + nl <= room;
    if (all) {
        k = mpz_get_ui(n);
    } else {
        size_t more = glyph.more[0] == '.' ? 3 : 1; /* the columns of "…" or "..." */
        k = room > nl + 4 + more ? room - nl - 4 - more : 0; /* "… (" N ")" and a blank */
    }
    color_on(p, sgr);
    for (size_t i = 0; i < k; i++)
        fputs(glyph.stone, p->out); /* ● */
    color_off(p);
    if (all)
        fprintf(p->out, "%s%s\n", k ? " " : "", num);
    else
        fprintf(p->out, "%s%s (%s)\n", k ? " " : "", glyph.more, num); /* … */
}

/* Wythoff's board: rows 0..x, columns 0..y, the queen at (x, y), the
 * corner (0, 0) to reach; rows are x and columns y, as in the tables. */
static void board(play *p, unsigned x, unsigned y)
{
    fputs("    ", p->out);
    for (unsigned j = 0; j <= y; j++)
        fprintf(p->out, "%3u", j);
    fputs("   y\n", p->out);
    for (unsigned i = 0; i <= x; i++) {
        fprintf(p->out, "  %2u", i);
        for (unsigned j = 0; j <= y; j++) {
            fputs("  ", p->out);
            if (i == x && j == y) {
                color_on(p, "1;31");
                fputs(glyph.queen, p->out); /* ♛ */
                color_off(p);
            } else if (i == 0 && j == 0) {
                color_on(p, "1;32");
                fputs(glyph.corner, p->out); /* ◎ */
                color_off(p);
            } else {
                color_on(p, "2");
                fputs(glyph.dot, p->out); /* · */
                color_off(p);
            }
        }
        fputc('\n', p->out);
    }
    fputs("   x\n", p->out);
}

/* The picture of the current position (none with --no-picture). */
static void picture(play *p)
{
    if (!p->picture)
        return;
    const state *s = &p->cur;
    unsigned w = p->width && p->width < PICTURE_MAX ? p->width : PICTURE_MAX;
    unsigned maxcol = w >= 10 ? (w - 4 - 4) / 3 : 0; /* the board: 4 + 3 (y + 1) + 4 columns */
    if (p->r->game == WY_GAME_WYTHOFF && mpz_cmp_ui(s->x, 20) <= 0 && mpz_cmp_ui(s->y, maxcol ? maxcol - 1 : 0) <= 0 &&
        maxcol) {
        unsigned x = (unsigned)mpz_get_ui(s->x), y = (unsigned)mpz_get_ui(s->y);
        board(p, x, y);
        fprintf(p->out, "  the queen %s stands at row %u, column %u; the corner %s is (0, 0)\n", glyph.queen, x, y, glyph.corner);
    } else {
        stones(p, "first heap", "1;33", s->x, w);
        stones(p, "second heap", "1;36", s->y, w);
    }
    if (p->r->heap) {
        mpz_t h;
        mpz_init_set_ui(h, s->side.heap);
        stones(p, "extra heap", "1;35", h, w);
        mpz_clear(h);
    }
    if (p->r->passes)
        fprintf(p->out, "  passes left %u\n", s->side.pass);
}

static void put_position(play *p)
{
    fputs("position: ", p->out);
    put_state(p->out, p->r, p->cur.x, p->cur.y, p->cur.side);
    fputc('\n', p->out);
    picture(p);
    if (p->players == 2)
        fprintf(p->out, "turn: %s to move\n", p->names[p->turn]);
}

/* The rules in plain words (the opening line "rules: ..."). */
static void put_rules(play *p)
{
    const wy_rules *r = p->r;
    fputs("rules: a move takes stones from one heap", p->out);
    if (r->game == WY_GAME_WYTHOFF)
        fputs(", or the same number from both heaps", p->out);
    if (r->mod)
        fprintf(p->out, ", or a from the first heap and b from the second with a = b modulo %u", r->mod);
    if (r->max)
        fprintf(p->out, "; at most %u from a heap", r->max);
    if (r->heap)
        fputs("; the extra heap counts as a heap of its own", p->out);
    fputs(".", p->out);
    if (r->passes)
        fprintf(p->out, " Instead of a move a player may pass: %u pass%s in all, shared by both players, never when "
                        "no other move is left.",
                r->passes, r->passes == 1 ? "" : "es");
    if (r->has_terminal)
        fprintf(p->out, " No move is allowed once the two heaps hold %u stones or fewer together.", r->terminal);
    fputs(r->misere ? " The player who cannot move wins: whoever makes the last move loses.\n"
                    : " The player who cannot move loses: whoever makes the last move wins.\n",
          p->out);
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
    flush_out(p);
    return cli_fail(st, err, 1);
}

/* "game over: ..." for the player to move, who has no move: against the
 * engine, you: 1 if that is you; two players, p->turn. */
static void game_over(play *p, int you)
{
    if (p->players == 2) {
        const char *stuck = p->names[p->turn], *other = p->names[!p->turn];
        fprintf(p->out, "game over: %s wins (%s has no move%s)\n", p->r->misere ? stuck : other, stuck,
                p->r->misere ? ": in misere play the player who cannot move wins" : "");
        return;
    }
    int you_win = p->r->misere ? you : !you;
    fprintf(p->out, "game over: %s (%s no move%s)\n", you_win ? "you win" : "engine wins",
            you ? "you have" : "the engine has", p->r->misere ? ": in misere play the player who cannot move wins" : "");
}

/* The weaker levels' generator: splitmix64, integers only. */
static uint64_t rng_next(play *p)
{
    uint64_t z = (p->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* v = a draw in [0, n), n > 0: 64 bits more than n, reduced mod n. */
static void rng_below(play *p, mpz_t v, const mpz_t n)
{
    size_t words = mpz_sizeinbase(n, 2) / 64 + 2;
    mpz_set_ui(v, 0);
    for (size_t i = 0; i < words; i++) {
        uint64_t r = rng_next(p);
        mpz_mul_2exp(v, v, 32);
        mpz_add_ui(v, v, (unsigned long)(r >> 32));
        mpz_mul_2exp(v, v, 32);
        mpz_add_ui(v, v, (unsigned long)(r & 0xffffffffu));
    }
    mpz_mod(v, v, n);
}

/* A legal move from p->cur drawn at random into m: uniformly among all of
 * them where there are at most RANDOM_LIST_MAX; beyond, a kind (first
 * heap, second heap, both, extra heap, pass) and an amount drawn until the
 * rules (wy_move_apply) accept them.  1, or 0 when none was found. */
static int random_move(play *p, wy_bigmove *m)
{
    const state *s = &p->cur;
    if (mpz_cmp_ui(s->x, UINT32_MAX - 1) <= 0 && mpz_cmp_ui(s->y, UINT32_MAX - 1) <= 0) {
        uint32_t x = (uint32_t)mpz_get_ui(s->x), y = (uint32_t)mpz_get_ui(s->y);
        uint64_t n = wy_moves_count(p->r, x, y, s->side);
        if (n == 0)
            return 0;
        if (n <= RANDOM_LIST_MAX) {
            wy_move *mv = malloc((size_t)n * sizeof *mv);
            size_t cnt = 0;
            char err[WY_ERRLEN];
            int ok = mv && wy_moves_list(mv, (size_t)n, &cnt, p->r, x, y, s->side, err, sizeof err) == WY_OK && cnt;
            if (ok) {
                const wy_move *c = &mv[rng_next(p) % cnt];
                m->kind = c->kind;
                mpz_set_ui(m->x, c->x);
                mpz_set_ui(m->y, c->y);
                m->side = c->side;
            }
            free(mv);
            return ok;
        }
    }
    static const wy_move_kind kinds[] = {WY_MOVE_COL, WY_MOVE_ROW, WY_MOVE_DIAG, WY_MOVE_HEAP, WY_MOVE_PASS};
    mpz_t a, b, bound;
    char why[WY_ERRLEN];
    int ok = 0;
    mpz_inits(a, b, bound, NULL);
    for (int t = 0; t < 200 && !ok; t++) {
        wy_move_kind k = kinds[rng_next(p) % 5];
        mpz_set_ui(a, 0);
        mpz_set_ui(b, 0);
        if (k != WY_MOVE_PASS) {
            if (k == WY_MOVE_HEAP)
                mpz_set_ui(bound, s->side.heap);
            else
                mpz_set(bound, k == WY_MOVE_ROW ? s->y : s->x);
            if (p->r->max && mpz_cmp_ui(bound, p->r->max) > 0)
                mpz_set_ui(bound, p->r->max);
            if (mpz_sgn(bound) == 0)
                continue;
            rng_below(p, a, bound);
            mpz_add_ui(a, a, 1);
            if (k == WY_MOVE_ROW)
                mpz_swap(a, b);
            else if (k == WY_MOVE_DIAG)
                mpz_set(b, a);
        }
        ok = wy_move_apply(m->x, m->y, &m->side, p->r, s->x, s->y, s->side, k, a, b, why, sizeof why) == WY_OK;
        if (ok)
            m->kind = k;
    }
    mpz_clears(a, b, bound, NULL);
    return ok;
}

/* The engine moves from p->cur.  Returns 0 and *over, or an exit code. */
static int engine_turn(play *p, int *over)
{
    char err[WY_ERRLEN];
    wy_bigmove m;
    mpz_inits(m.x, m.y, NULL);
    int has = 0, win = 0, random = 0;
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
    /* a weaker level: sometimes a random move where a winning one exists */
    if (st == WY_OK && win && levels[p->level].pct && rng_next(p) % 100 < levels[p->level].pct)
        random = random_move(p, &m);
    if (st == WY_EUNDECIDED)
        fprintf(p->out, p->expert ? "engine: the engine cannot decide this position: %s\n"
                                  : "engine: the engine cannot tell who wins from here, so it plays a small move\n",
                err);
    fputs("engine: ", p->out);
    put_state(p->out, p->r, p->cur.x, p->cur.y, p->cur.side);
    fputs(" -> ", p->out);
    put_state(p->out, p->r, m.x, m.y, m.side);
    fputs(" | ", p->out);
    put_words(p->out, m.kind, &p->cur, m.x, m.y, m.side, 0);
    if (!p->expert || !p->hints)
        fputc('\n', p->out);
    else if (random)
        fprintf(p->out, " | random: a legal move drawn at random instead of a winning one (level %s: %u in 100)\n",
                levels[p->level].name, levels[p->level].pct);
    else if (st == WY_EUNDECIDED)
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

/* Whether the move from -> to missed a win: from is an N-position and to
 * is not a P-position, both decided by the evaluator (only where the
 * review is shown). */
static int missed_win(play *p, const state *from, const state *to)
{
    if (!p->review)
        return 0;
    wy_answer a;
    wy_answer_init(&a);
    char err[WY_ERRLEN];
    int missed = wy_eval(p->ex, &a, from->x, from->y, from->side, &p->run, err, sizeof err) == WY_OK &&
                 a.outcome == 'N' && wy_eval(p->ex, &a, to->x, to->y, to->side, &p->run, err, sizeof err) == WY_OK &&
                 a.outcome == 'N';
    cli_progress_done(&p->prog);
    wy_answer_clear(&a);
    return missed;
}

/* Record the move kind from p->cur to `to` by p->turn. */
static int push_history(play *p, wy_move_kind kind, const state *to)
{
    if (p->nhist == p->caphist) {
        size_t cap = p->caphist ? 2 * p->caphist : 16;
        hent *h = realloc(p->hist, cap * sizeof *h);
        if (!h)
            return 0;
        p->hist = h;
        p->caphist = cap;
    }
    hent *e = &p->hist[p->nhist++];
    state_init(&e->s);
    state_init(&e->t);
    state_copy(&e->s, &p->cur);
    state_copy(&e->t, to);
    e->kind = kind;
    e->mover = p->players == 2 ? p->turn : 0;
    e->missed = missed_win(p, &p->cur, to);
    return 1;
}

/* "(X,Y)" and the side state as in put_state. */
static void put_pair(FILE *f, const wy_rules *r, const state *s)
{
    fputc('(', f);
    put_big(f, s->x);
    fputc(',', f); /* no blank: the pair stays on one line when wrapped */
    put_big(f, s->y);
    fputc(')', f);
    if (r->passes && r->heap)
        fprintf(f, " (pass %u, heap %u)", s->side.pass, s->side.heap);
    else if (r->passes)
        fprintf(f, " (pass %u)", s->side.pass);
    else if (r->heap)
        fprintf(f, " (heap %u)", s->side.heap);
}

/* The end of the game: the first move that missed a win, with a winning
 * move from there ("review: ..."), where the review is shown. */
static int review(play *p)
{
    if (!p->review || p->nhist == 0)
        return 0;
    size_t i = 0;
    while (i < p->nhist && !p->hist[i].missed)
        i++;
    if (i == p->nhist) {
        fputs(p->players == 2 ? "review: no winning move was missed in this game.\n"
                              : "review: you never missed a winning move in this game.\n",
              p->out);
        return 0;
    }
    const hent *e = &p->hist[i];
    const char *who = p->players == 2 ? p->names[e->mover] : "you";
    char err[WY_ERRLEN];
    wy_options o;
    wy_options_init(&o);
    wy_status st = wy_eval_options(p->ex, &o, e->s.x, e->s.y, e->s.side, &p->run, err, sizeof err);
    cli_progress_done(&p->prog);
    if (st == WY_ECANCELED) {
        wy_options_clear(&o);
        return fail_st(p, st, err);
    }
    size_t wins = 0, first = 0;
    if (st == WY_OK) {
        for (size_t k = o.count; k-- > 0;)
            if (!o.complete || o.values[k] == 0)
                wins++, first = k;
    }
    fputs("review: At ", p->out);
    put_pair(p->out, p->r, &e->s);
    fprintf(p->out, ", %s could have won", who);
    state t;
    state_init(&t);
    if (wins) {
        wy_move_kind kind;
        if (o.complete) {
            mpz_set_ui(t.x, o.moves[first].x);
            mpz_set_ui(t.y, o.moves[first].y);
            t.side = o.moves[first].side;
            kind = o.moves[first].kind;
        } else {
            mpz_set(t.x, o.wins[first].x);
            mpz_set(t.y, o.wins[first].y);
            t.side = o.wins[first].side;
            kind = o.wins[first].kind;
        }
        fputs(" by ", p->out);
        put_words(p->out, kind, &e->s, t.x, t.y, t.side, 1);
        fputs(", to ", p->out);
        put_pair(p->out, p->r, &t);
        if (wins > 1)
            fprintf(p->out, " (one of %zu winning moves)", wins);
    }
    fputs(", instead of ", p->out);
    put_words(p->out, e->kind, &e->s, e->t.x, e->t.y, e->t.side, 1);
    fputs(".\n", p->out);
    state_clear(&t);
    wy_options_clear(&o);
    return 0;
}

/* The move m typed by the player to move.  Returns 0 (and *over) or an
 * exit code. */
static int your_move(play *p, typed *m, int *over)
{
    char why[WY_ERRLEN];
    state to;
    state_init(&to);
    *over = 0;
    if (!check_move(p->r, &p->cur, m, &to, why, sizeof why)) {
        if (p->players == 2)
            fprintf(p->out, "error: illegal move: %s (%s, please move again)\n", why, p->names[p->turn]);
        else
            fprintf(p->out, "error: illegal move: %s\n", why);
        state_clear(&to);
        return 0;
    }
    if (!push_history(p, m->kind, &to)) {
        state_clear(&to);
        return fail_st(p, WY_ERANGE, "out of memory");
    }
    fprintf(p->out, "%s: ", p->players == 2 ? p->names[p->turn] : "you");
    put_state(p->out, p->r, p->cur.x, p->cur.y, p->cur.side);
    fputs(" -> ", p->out);
    put_state(p->out, p->r, to.x, to.y, to.side);
    fputs(" | ", p->out);
    put_words(p->out, m->kind, &p->cur, to.x, to.y, to.side, 0);
    fputc('\n', p->out);
    state_copy(&p->cur, &to);
    state_clear(&to);
    if (p->players == 2) {
        p->turn = !p->turn;
        if (!wy_has_move(p->r, p->cur.x, p->cur.y, p->cur.side)) {
            game_over(p, 0);
            *over = 1;
            return review(p);
        }
        put_position(p);
        return 0;
    }
    if (!wy_has_move(p->r, p->cur.x, p->cur.y, p->cur.side)) {
        game_over(p, 0);
        *over = 1;
        return review(p);
    }
    int rc = engine_turn(p, over);
    return rc || !*over ? rc : review(p);
}

/* '?': the winning moves. */
static int hint(play *p)
{
    if (!p->hints) {
        fputs("error: hints are off in this game (--no-hints)\n", p->out);
        return 0;
    }
    char err[WY_ERRLEN];
    wy_options o;
    wy_options_init(&o);
    wy_status st = wy_eval_options(p->ex, &o, p->cur.x, p->cur.y, p->cur.side, &p->run, err, sizeof err);
    cli_progress_done(&p->prog);
    int rc = 0;
    if (st == WY_OK && !p->expert) {
        size_t wins = 0;
        for (size_t i = 0; i < o.count; i++)
            wins += !o.complete || o.values[i] == 0;
        if (!wins)
            fputs("hint: Every move from here loses to a perfect opponent.\n", p->out);
        else if (wins == 1)
            fputs("hint: You can win from here:", p->out);
        else
            fprintf(p->out, "hint: You can win from here, with any of these %zu moves%s\n", wins,
                    wins > HINT_LIST_MAX ? " (the first " HINT_LIST_TEXT " listed):" : ":");
        size_t shown = 0;
        mpz_t tx, ty;
        mpz_inits(tx, ty, NULL);
        for (size_t i = 0; i < o.count && shown < HINT_LIST_MAX; i++) {
            if (o.complete && o.values[i])
                continue;
            wy_move_kind kind = o.complete ? o.moves[i].kind : o.wins[i].kind;
            wy_side to = o.complete ? o.moves[i].side : o.wins[i].side;
            if (o.complete) {
                mpz_set_ui(tx, o.moves[i].x);
                mpz_set_ui(ty, o.moves[i].y);
            } else {
                mpz_set(tx, o.wins[i].x);
                mpz_set(ty, o.wins[i].y);
            }
            if (wins == 1) {
                fputc(' ', p->out);
                put_words(p->out, kind, &p->cur, tx, ty, to, 0);
                fputs(" (to ", p->out);
                put_state(p->out, p->r, tx, ty, to);
                fputs(").\n", p->out);
            } else {
                put_move_line(p, kind, tx, ty, to);
            }
            shown++;
        }
        mpz_clears(tx, ty, NULL);
    } else if (st == WY_OK) {
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
        if (s2 == WY_ECANCELED)
            rc = fail_st(p, s2, e2);
        else if (!p->expert)
            fputs(s2 != WY_OK     ? "hint: The engine cannot tell who wins from here.\n"
                  : a.outcome == 'P' ? "hint: Every move from here loses to a perfect opponent.\n"
                                     : "hint: You can win from here, but the engine cannot find the winning move.\n",
                  p->out);
        else if (s2 == WY_OK && a.outcome == 'P')
            fprintf(p->out, "hint: P-position (by %s); no winning move: every move reaches an N-position\n", a.method);
        else if (s2 == WY_OK)
            fprintf(p->out, "hint: N-position (by %s), but the engine cannot find a winning move: %s\n", a.method, err);
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
          "  undo           take back the last move (against the engine: yours and its reply)\n"
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
    if (n == 1 && strcmp(w[0], "show") == 0) {
        if (!p->hints)
            return fputs("error: 'show' is off in this game (--no-hints): it shows the values\n", p->out), 0;
        return show(p);
    }
    if (n == 1 && strcmp(w[0], "help") == 0)
        return help(p), 0;
    if (n == 1 && (strcmp(w[0], "quit") == 0 || strcmp(w[0], "exit") == 0 || strcmp(w[0], "q") == 0)) {
        fputs("game abandoned: quit\n", p->out);
        *over = 1;
        return p->players == 2 ? review(p) : 0;
    }
    if (n == 1 && strcmp(w[0], "undo") == 0) {
        if (p->nhist == 0) {
            fputs("error: nothing to undo\n", p->out);
            return 0;
        }
        hent *h = &p->hist[--p->nhist];
        fputs("undo: ", p->out);
        put_state(p->out, p->r, p->cur.x, p->cur.y, p->cur.side);
        fputs(" -> ", p->out);
        put_state(p->out, p->r, h->s.x, h->s.y, h->s.side);
        fputc('\n', p->out);
        state_copy(&p->cur, &h->s);
        if (p->players == 2)
            p->turn = h->mover;
        state_clear(&h->s);
        state_clear(&h->t);
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
    if (flush_out(p) != 0)
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
        flush_out(p);
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
        flush_out(p);
    }
    free(line);
    return ans;
}

/* The options of a game (docs/play.md); 0 or an exit code. */
static int parse_args(play *p, cli_config *c, int *first, mpz_t x, mpz_t y, int *has_xy)
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
    p->seed = 1;
    if (c->given[O_SEED] && !cli_num_u64(&p->seed, c->val[O_SEED], "--seed", UINT64_MAX, err, sizeof err))
        return cli_die(2, "%s", err);
    p->rng = p->seed ^ 0x6c6576656c730000ull; /* "levels": apart from cli_engine_hash's use of the seed */
    p->players = 1;
    if (c->given[O_PLAYERS]) {
        const char *v = c->val[O_PLAYERS];
        if (strcmp(v, "1") != 0 && strcmp(v, "2") != 0)
            return cli_die(2, "bad --players '%.40s%s' (expected 1: against the engine, or 2: two players)", v,
                           strlen(v) > 40 ? "..." : "");
        p->players = v[0] - '0';
    }
    snprintf(p->names[0], sizeof p->names[0], "Player 1");
    snprintf(p->names[1], sizeof p->names[1], "Player 2");
    if (c->given[O_NAMES]) {
        const char *v = c->val[O_NAMES], *comma = strchr(v, ',');
        if (p->players != 2)
            return cli_die(2, "--names needs --players 2 (a game between two players)");
        size_t n0 = comma ? (size_t)(comma - v) : 0, n1 = comma ? strlen(comma + 1) : 0;
        if (!comma || strchr(comma + 1, ',') || n0 == 0 || n1 == 0 || n0 >= sizeof p->names[0] ||
            n1 >= sizeof p->names[1])
            return cli_die(2, "bad --names '%.40s%s' (expected two names of 1 to %zu characters with a comma between, "
                              "e.g. --names Ann,Bob)",
                           v, strlen(v) > 40 ? "..." : "", sizeof p->names[0] - 1);
        for (const char *q = v; *q; q++)
            if ((unsigned char)*q < 32 || *q == 127)
                return cli_die(2, "bad --names: a control character in a name");
        memcpy(p->names[0], v, n0);
        p->names[0][n0] = '\0';
        memcpy(p->names[1], comma + 1, n1 + 1);
        if (strcmp(p->names[0], p->names[1]) == 0)
            return cli_die(2, "bad --names: the two players need different names");
    }
    p->level = 0;
    if (c->given[O_LEVEL]) {
        const char *v = c->val[O_LEVEL];
        size_t i = 0;
        while (i < sizeof levels / sizeof levels[0] && strcmp(v, levels[i].name) != 0)
            i++;
        if (i == sizeof levels / sizeof levels[0])
            return cli_die(2, "bad --level '%.40s%s' (expected perfect, strong, medium or beginner)", v,
                           strlen(v) > 40 ? "..." : "");
        if (p->players == 2)
            return cli_die(2, "--level applies to the engine as a player: not with --players 2");
        p->level = (int)i;
    }
    p->expert = c->given[O_EXPERT];
    p->hints = !c->given[O_NOHINTS];
    p->picture = !c->given[O_NOPICTURE];
    p->review = p->players == 2 || !p->expert;
    *first = p->interactive && p->players == 1 ? -1 : 0; /* -1: ask */
    if (c->given[O_FIRST]) {
        const char *f = c->val[O_FIRST];
        if (p->players == 2)
            return cli_die(2, "--first applies to a game against the engine: with --players 2 the first name moves "
                              "first (--names)");
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
    fprintf(p->out, "game: %s%s; ", p->g->text, p->r->misere ? " (misere play: the last mover loses)" : "");
    if (p->players == 2)
        fprintf(p->out, "%s moves first, then %s", p->names[0], p->names[1]);
    else
        fputs(first ? "the engine moves first" : "you move first", p->out);
    if (p->level)
        fprintf(p->out, "; engine level %s", levels[p->level].name);
    if (p->expert)
        fprintf(p->out, "; seed %llu", (unsigned long long)p->seed);
    if (!p->hints)
        fputs("; no hints", p->out);
    fputs("; type 'help' for the moves and commands\n", p->out);
    if (!p->expert)
        put_rules(p);
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
            if (p->players == 2)
                fprintf(p->out, "%s> ", p->names[p->turn]);
            else
                fputs("> ", p->out);
            flush_out(p);
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
            flush_out(p);
            rc = cli_die(rc, "%s", err);
            break;
        }
        if (got == 0) {
            if (p->interactive)
                fputc('\n', p->out);
            fputs("game abandoned: end of input\n", p->out);
            if (p->players == 2 && (rc = review(p)))
                break;
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
    p.real = stdout;
    p.interactive = isatty(0);
    choose_glyphs(stdout);
    state_init(&p.cur);
    if ((rc = parse_args(&p, c, &first, p.cur.x, p.cur.y, &has_xy))) {
        state_clear(&p.cur);
        return rc;
    }
    p.color = cli_use_color(stdout);
    p.width = out_width(stdout);
    p.out = open_memstream(&p.buf, &p.buflen);
    if (!p.out)
        p.out = stdout; /* unwrapped */
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
    flush_out(&p);
    if (p.out && p.out != p.real)
        fclose(p.out);
    free(p.buf);
    wy_exact_free(p.ex);
    for (size_t i = 0; i < p.nhist; i++)
        state_clear(&p.hist[i].s), state_clear(&p.hist[i].t);
    free(p.hist);
    state_clear(&p.cur);
    return rc;
}
