/* graph.c - `wythoff graph`: the move graph of a window, P-positions and
 * winning moves marked, as Graphviz DOT, or rendered by Graphviz's dot
 * (svg, png, pdf).  A thin client of wythoff.h; the manual is docs/graph.md.
 *
 * Nodes: the states reachable from the window's positions at the chosen
 * side state.  Edges: every move of every node, as wy_moves_list gives them.
 * Every move stays in the window (no move raises a coordinate), every move
 * lowers x + y + p + h (the node's rank), and the values come from one
 * table of the window (wy_table_compute with the side state). */
#define _DEFAULT_SOURCE /* mkstemp, posix_spawn */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The default cap on edges (and on nodes).  dot's layout time grows much
 * faster than the edges: a long move spans many ranks and becomes a chain of
 * virtual nodes for crossing minimisation and network simplex.  Measured
 * with dot 2.43 on one core (docs/graph.md): Wythoff 11 x 11 (1595 edges)
 * 2.4 s, 12 x 12 (2090) 6 s, 13 x 13 (2678) 11 s, 14 x 14 (3367) 38 s,
 * 17 x 17 (6120) 340 s; wythoff+mod=2 10 x 10 (1925) 9 s.  The pictures are
 * a dense web well before the cap.  --max-edges raises it, for DOT meant for
 * other tools. */
#define DEFAULT_CAP 2000
/* Positions of the window counted one by one, at most (the counts are O(1)
 * per position; beyond this the graph is refused without counting). */
#define WINDOW_MAX ((uint64_t)1 << 24)
#define DEFAULT_SIZE 4

enum {
    G_SIZE, G_ROWS, G_COLS, G_PASS, G_HEAP, G_FORMAT, G_OUTPUT, G_MAXEDGES, G_MEMLIMIT, G_THREADS, G_QUIET,
    G_HELP, G_VERSION, G_NOPT
};

static const cli_opt gopts[G_NOPT] = {
    [G_SIZE] = {"size", 1, "N", "window 0 <= x, y < N (default 4)"},
    [G_ROWS] = {"rows", 1, "R", "rows 0 <= x < R"},
    [G_COLS] = {"cols", 1, "C", "columns 0 <= y < C"},
    [G_PASS] = {"pass", 1, "P", "passes still available in the window (default: all of the ruleset's)"},
    [G_HEAP] = {"heap", 1, "H", "stones in the extra heap in the window (default: the ruleset's heap=H)"},
    [G_FORMAT] = {"format", 1, "F", "dot (default), or svg, png, pdf rendered by Graphviz's dot"},
    [G_OUTPUT] = {"output", 1, "FILE", "write to FILE; FILE.svg, .png, .pdf are rendered, .dot, .gv are DOT"},
    [G_MAXEDGES] = {"max-edges", 1, "E", "refuse graphs of more than E edges or E nodes (default 2000)"},
    [G_MEMLIMIT] = {"mem-limit", 1, "BYTES", "memory allowed (default: the machine's available memory)"},
    [G_THREADS] = {"threads", 1, "N", "worker threads for the table (default: all cores)"},
    [G_QUIET] = {"quiet", 0, NULL, "no progress display"},
    [G_HELP] = {"help", 0, NULL, "show help"},
    [G_VERSION] = {"version", 0, NULL, "show the version"},
};

static const char usage_line[] = "graph RULES [--size N | --rows R --cols C] [--pass P] [--heap H] "
                                 "[--format dot|svg|png|pdf] [--output FILE] [--max-edges E]";

#define die cli_die

static void usage(FILE *f)
{
    fprintf(f, "usage: wythoff %s\n"
               "the move graph of a window: every state a node (P-positions filled red), every move an edge (winning "
               "moves red), as Graphviz DOT, or rendered through Graphviz's dot\n\noptions:\n",
            usage_line);
    cli_opts_usage(f, gopts, G_NOPT);
}

typedef cli_args gargs;

/* The option syntax of the other commands (docs/commands.md, "Options in
 * general").  Returns 0 or an exit code. */
static const char *const g_others[] = {"value", "count", "from", "terms", "max-cols", "engine", "outcome", "list", "limit", "style", "fragment", NULL};

static int parse(gargs *a, int argc, char **argv)
{
    return cli_opts_parse(a, gopts, G_NOPT, "graph", g_others, 4, argc, argv);
}

/* ------------------------------------------------------------------ */
/* The graph: states, counts, reachability                             */
/* ------------------------------------------------------------------ */

typedef struct {
    wy_rules r;
    char rules_text[160];
    uint64_t R, C;    /* the window 0 <= x < R, 0 <= y < C */
    wy_side S;        /* the side state of the window's positions */
    uint64_t K;       /* positions with x + y <= K have no move on the two heaps */
    /* Which states are nodes.  At pass level S.pass every state (x, y, S.pass,
     * h <= S.heap) of the window is reached (by the heap).  Below it: with an
     * extra heap (S.heap > 0) every state is (a pass is always allowed, since
     * a heap move exists); without, (x, y) is reached at every lower level iff
     * it has a move on the heaps (it passes itself) or a position of the
     * window that has one moves to it; the rest have no move at all. */
    uint64_t lower;   /* positions per lower pass level (0: no lower level is reached) */
    uint8_t *reach;   /* S.heap == 0 and S.pass > 0: R * C flags for the lower levels, else NULL */
    unsigned __int128 nodes, edges;
    uint64_t maxdeg;  /* the most moves of one node */
} graph;

static uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* The number of moves on the two heaps of (x, y), in O(1); mirrors
 * wy_moves_list (docs/rules.md, "Moves"), which checks it while writing. */
static uint64_t board_moves(const wy_rules *r, uint64_t K, uint64_t x, uint64_t y)
{
    if (x + y <= K)
        return 0;
    uint64_t A = r->max ? min_u64(x, r->max) : x, B = r->max ? min_u64(y, r->max) : y;
    uint64_t n = A + B;
    if (r->game == WY_GAME_WYTHOFF) {
        n += min_u64(A, B);
        if (r->mod) {
            /* pairs 1 <= a <= A, 1 <= b <= B with a = b (mod M), less the
             * min(A, B) pairs a = b: with A = qa M + ra, B = qb M + rb, the
             * residue class of r in 1..M holds qa + [r <= ra] values a and
             * qb + [r <= rb] values b. */
            uint64_t M = r->mod, qa = A / M, ra = A % M, qb = B / M, rb = B % M;
            n += M * qa * qb + qa * rb + qb * ra + min_u64(ra, rb) - min_u64(A, B);
        }
    }
    return n;
}

/* The moves of a state with `b` moves on the heaps. */
static uint64_t state_moves(uint64_t b, wy_side s) { return b + s.heap + (s.pass > 0 && b + s.heap > 0); }

static int is_node(const graph *g, uint64_t x, uint64_t y, wy_side s)
{
    if (s.pass == g->S.pass || g->S.heap > 0)
        return 1;
    return g->reach[x * g->C + y];
}

/* Count the nodes and edges of the graph.  The edges are exact (states that
 * are not nodes have no move); the nodes are exact when the edges are at
 * most `cap` (the lower levels' flags cost O(moves) to find), else an upper
 * bound.  Returns 0 or an exit code.  The window has at most WINDOW_MAX
 * positions, so no count overflows: a position has at most 4 R C moves on
 * the heaps. */
static int graph_count(graph *g, uint64_t cap)
{
    const uint64_t RC = g->R * g->C, P = g->S.pass, H = g->S.heap;
    unsigned __int128 B = 0; /* moves on the heaps, over the window */
    uint64_t Z = 0, bmax = 0; /* positions without such moves */
    for (uint64_t x = 0; x < g->R; x++)
        for (uint64_t y = 0; y < g->C; y++) {
            uint64_t b = board_moves(&g->r, g->K, x, y);
            B += b;
            Z += b == 0;
            if (b > bmax)
                bmax = b;
        }
    /* sum over p <= P, h <= H, (x, y) of b + h + [p > 0 and b + h > 0] */
    g->edges = (unsigned __int128)(P + 1) * (H + 1) * B + (unsigned __int128)(P + 1) * RC * H * (H + 1) / 2 +
               (unsigned __int128)P * ((unsigned __int128)RC * (H + 1) - Z);
    g->maxdeg = state_moves(bmax, g->S);
    g->lower = 0;
    g->reach = NULL;
    if (H > 0 || P == 0) {
        g->lower = P ? RC * (H + 1) : 0;
        g->nodes = (unsigned __int128)(P + 1) * (H + 1) * RC;
        return 0;
    }
    g->nodes = RC + (unsigned __int128)P * RC; /* an upper bound until the flags are known */
    if (g->edges > cap)
        return 0;
    g->reach = calloc(RC, 1);
    if (!g->reach)
        return die(3, "out of memory");
    wy_move *mv = malloc((bmax ? bmax : 1) * sizeof *mv);
    if (!mv)
        return die(3, "out of memory");
    for (uint64_t x = 0; x < g->R; x++)
        for (uint64_t y = 0; y < g->C; y++) {
            if (x + y <= g->K)
                continue;
            g->reach[x * g->C + y] = 1;
            size_t n = 0;
            char err[WY_ERRLEN];
            wy_side s0 = {0, 0};
            if (wy_moves_list(mv, bmax, &n, &g->r, (uint32_t)x, (uint32_t)y, s0, err, sizeof err) != WY_OK ||
                n > bmax) {
                free(mv);
                return die(4, "internal error: moves of (%llu, %llu): %s", (unsigned long long)x,
                           (unsigned long long)y, err);
            }
            for (size_t i = 0; i < n; i++)
                g->reach[(uint64_t)mv[i].x * g->C + mv[i].y] = 1;
        }
    free(mv);
    for (uint64_t i = 0; i < RC; i++)
        g->lower += g->reach[i];
    g->nodes = RC + (unsigned __int128)P * g->lower;
    return 0;
}

/* Decimal text of a 128-bit count. */
static const char *u128_text(char *buf, size_t n, unsigned __int128 v)
{
    char tmp[48];
    int k = (int)sizeof tmp - 1;
    tmp[k] = '\0';
    do {
        tmp[--k] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v && k > 0);
    snprintf(buf, n, "%s", tmp + k);
    return buf;
}

/* The largest N whose N x N window (same ruleset and side state) stays
 * within the cap, counting nodes by the bound (P + 1)(H + 1) N^2; 0 when
 * even 1 x 1 does not. */
static uint64_t largest_size(const graph *g, uint64_t cap)
{
    const uint64_t P = g->S.pass, H = g->S.heap;
    unsigned __int128 B = 0;
    uint64_t Z = 0, n = 0;
    for (;;) {
        uint64_t m = n + 1, RC = m * m;
        if (RC > WINDOW_MAX || (unsigned __int128)(P + 1) * (H + 1) * RC > cap)
            return n;
        for (uint64_t i = 0; i < m; i++) { /* the new row x = n and column y = n */
            uint64_t b = board_moves(&g->r, g->K, n, i);
            B += b;
            Z += b == 0;
            if (i < n) {
                b = board_moves(&g->r, g->K, i, n);
                B += b;
                Z += b == 0;
            }
        }
        unsigned __int128 e = (unsigned __int128)(P + 1) * (H + 1) * B +
                              (unsigned __int128)(P + 1) * RC * H * (H + 1) / 2 +
                              (unsigned __int128)P * ((unsigned __int128)RC * (H + 1) - Z);
        if (e > cap)
            return n;
        n = m;
    }
}

static void side_words(char *buf, size_t n, const wy_rules *r, wy_side s)
{
    buf[0] = '\0';
    if (r->passes && r->heap)
        snprintf(buf, n, ", passes left %u, extra heap %u", s.pass, s.heap);
    else if (r->passes)
        snprintf(buf, n, ", passes left %u", s.pass);
    else if (r->heap)
        snprintf(buf, n, ", extra heap %u", s.heap);
}

/* The refusal of a graph too large to draw (exit 2). */
static int refuse(const graph *g, uint64_t cap, const char *what, unsigned __int128 count, int at_least,
                  int cap_given)
{
    char side[96], num[48], hint[200];
    side_words(side, sizeof side, &g->r, g->S);
    uint64_t k = largest_size(g, cap);
    const char *side_opt = g->S.heap ? "--heap" : "--pass";
    if (k == 0)
        snprintf(hint, sizeof hint, "even a 1 x 1 window is too large here: use a smaller %s", side_opt);
    else if (k == 1 && (g->S.pass || g->S.heap))
        snprintf(hint, sizeof hint, "use a smaller %s (only a 1 x 1 window fits)", side_opt);
    else
        snprintf(hint, sizeof hint, "use --size %llu or less%s", (unsigned long long)k,
                 cap_given ? "" : ", or raise the cap with --max-edges");
    return die(2, "the move graph of %s%s%s%s on the %llu x %llu window has %s%s %s, more than the cap of %llu "
                  "(Graphviz's dot lays out 2000 edges in seconds, 5000 in minutes); %s",
               g->rules_text, *side ? " (" : "", *side ? side + 2 : "", *side ? ")" : "", (unsigned long long)g->R,
               (unsigned long long)g->C, at_least ? "at least " : "", u128_text(num, sizeof num, count), what,
               (unsigned long long)cap, hint);
}

/* ------------------------------------------------------------------ */
/* DOT                                                                 */
/* ------------------------------------------------------------------ */

/* "x,y" with ",pP" and ",hH" where the ruleset has that side state. */
static void node_name(char *buf, size_t n, const wy_rules *r, uint64_t x, uint64_t y, wy_side s)
{
    int k = snprintf(buf, n, "%llu,%llu", (unsigned long long)x, (unsigned long long)y);
    if (r->passes && k > 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, ",p%u", s.pass);
    if (r->heap && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, ",h%u", s.heap);
}

/* The command line, for the DOT header: words quoted for a shell when
 * needed, control characters (which would end the comment) as '?'. */
static void command_line(cli_out *o, int argc, char **argv)
{
    cli_out_str(o, "wythoff graph");
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        int plain = *s != '\0';
        for (const char *p = s; *p; p++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+-=.,/:^%@", *p))
                plain = 0;
        cli_out_char(o, ' ');
        if (!plain)
            cli_out_char(o, '\'');
        for (const char *p = s; *p; p++) {
            unsigned char c = (unsigned char)*p;
            if (c < 0x20 || c == 0x7f)
                cli_out_char(o, '?');
            else if (c == '\'' && !plain)
                cli_out_str(o, "'\\''");
            else
                cli_out_char(o, (char)c);
        }
        if (!plain)
            cli_out_char(o, '\'');
    }
}

#define RED "#c62828"

/* Call fn for every node of rank x + y + p + h = k, pass levels >= plo, in
 * the order p, then h decreasing, then x increasing. */
typedef void (*node_fn)(void *ctx, uint64_t x, uint64_t y, wy_side s);
static void rank_nodes(const graph *g, uint64_t k, uint32_t plo, node_fn fn, void *ctx)
{
    const uint64_t span = (g->R - 1) + (g->C - 1), H = g->S.heap;
    for (uint64_t p = min_u64(g->S.pass, k) + 1; p-- > plo;) {
        if (p + H + span < k)
            break;
        uint64_t rest = k - p; /* h + x + y */
        uint64_t hlo = rest > span ? rest - span : 0;
        for (uint64_t h = min_u64(H, rest) + 1; h-- > hlo;) {
            uint64_t d = rest - h; /* x + y */
            uint64_t xlo = d > g->C - 1 ? d - (g->C - 1) : 0, xhi = min_u64(d, g->R - 1);
            wy_side s = {(uint32_t)p, (uint32_t)h};
            for (uint64_t x = xlo; x <= xhi; x++)
                if (is_node(g, x, d - x, s))
                    fn(ctx, x, d - x, s);
        }
    }
}

typedef struct {
    cli_out *o;
    const graph *g;
    const wy_table *t;
    wy_move *mv;
    const char *G;
    int first;
} writer;

static void put_node(void *ctx, uint64_t x, uint64_t y, wy_side s)
{
    writer *w = ctx;
    cli_out *o = w->o;
    const wy_rules *r = &w->g->r;
    char name[96];
    if (w->first) {
        cli_out_fmt(o, "  { rank=same; // x + y%s%s = %llu\n", r->passes ? " + p" : "", r->heap ? " + h" : "",
                    (unsigned long long)(x + y + s.pass + s.heap));
        w->first = 0;
    }
    uint32_t v = wy_table_get(w->t, (uint32_t)x, (uint32_t)y, s);
    node_name(name, sizeof name, r, x, y, s);
    cli_out_fmt(o, "    \"%s\" [label=\"%llu,%llu", name, (unsigned long long)x, (unsigned long long)y);
    if (r->passes)
        cli_out_fmt(o, " p%u", s.pass);
    if (r->heap)
        cli_out_fmt(o, " h%u", s.heap);
    cli_out_fmt(o, "\\n%s = %u\"", w->G, v);
    if (v == 0)
        cli_out_str(o, ", class=P, fillcolor=\"" RED "\", color=\"" RED "\", fontcolor=white");
    cli_out_str(o, "];\n");
}

static void put_edges(void *ctx, uint64_t x, uint64_t y, wy_side s)
{
    writer *w = ctx;
    cli_out *o = w->o;
    const wy_rules *r = &w->g->r;
    char name[96], name2[96], err[WY_ERRLEN];
    size_t n = 0;
    wy_moves_list(w->mv, w->g->maxdeg, &n, r, (uint32_t)x, (uint32_t)y, s, err, sizeof err); /* checked before */
    node_name(name, sizeof name, r, x, y, s);
    for (size_t i = 0; i < n; i++) {
        const wy_move *m = &w->mv[i];
        node_name(name2, sizeof name2, r, m->x, m->y, m->side);
        int win = wy_table_get(w->t, m->x, m->y, m->side) == 0;
        const char *style = m->kind == WY_MOVE_PASS ? "style=dashed" : m->kind == WY_MOVE_HEAP ? "style=dotted" : NULL;
        if (win)
            cli_out_fmt(o, "  \"%s\" -> \"%s\" [class=win, color=\"" RED "\", penwidth=1.6%s%s];\n", name, name2,
                        style ? ", " : "", style ? style : "");
        else if (style)
            cli_out_fmt(o, "  \"%s\" -> \"%s\" [%s];\n", name, name2, style);
        else
            cli_out_fmt(o, "  \"%s\" -> \"%s\";\n", name, name2);
    }
}

/* Write the DOT of graph g with values from t.  Returns 0 or an exit code
 * (4: a node's moves disagree with the count). */
static int write_dot(cli_out *o, const graph *g, const wy_table *t, int argc, char **argv)
{
    const wy_rules *r = &g->r;
    const uint32_t P = g->S.pass, H = g->S.heap;
    const uint32_t plo = g->lower ? 0 : P; /* lowest pass level holding nodes */
    const uint64_t top = (g->R - 1) + (g->C - 1) + P + H;
    const char *G = r->misere ? "G-" : "G";
    char side[96], num[48], num2[48];
    side_words(side, sizeof side, r, g->S);

    /* the counts of P-positions and winning moves */
    uint64_t np = 0, nwin = 0;
    for (uint32_t p = plo; p <= P; p++)
        for (uint32_t h = 0; h <= H; h++)
            for (uint64_t x = 0; x < g->R; x++)
                for (uint64_t y = 0; y < g->C; y++) {
                    wy_side s = {p, h};
                    if (is_node(g, x, y, s) && wy_table_get(t, (uint32_t)x, (uint32_t)y, s) == 0)
                        np++;
                }
    wy_move *mv = malloc((g->maxdeg ? g->maxdeg : 1) * sizeof *mv);
    if (!mv)
        return die(3, "out of memory");
    char err[WY_ERRLEN];
    for (uint32_t p = plo; p <= P; p++)
        for (uint32_t h = 0; h <= H; h++)
            for (uint64_t x = 0; x < g->R; x++)
                for (uint64_t y = 0; y < g->C; y++) {
                    wy_side s = {p, h};
                    if (!is_node(g, x, y, s))
                        continue;
                    size_t n;
                    if (wy_moves_list(mv, g->maxdeg, &n, r, (uint32_t)x, (uint32_t)y, s, err, sizeof err) != WY_OK) {
                        free(mv);
                        return die(4, "internal error: %s", err);
                    }
                    uint64_t want = state_moves(board_moves(r, g->K, x, y), s);
                    if (n != want) {
                        free(mv);
                        return die(4, "internal error: (%llu, %llu) has %zu moves, counted %llu",
                                   (unsigned long long)x, (unsigned long long)y, n, (unsigned long long)want);
                    }
                    for (size_t i = 0; i < n; i++)
                        nwin += wy_table_get(t, mv[i].x, mv[i].y, mv[i].side) == 0;
                }

    /* header */
    cli_out_fmt(o, "// wythoff graph: the move graph of %s in the window 0 <= x < %llu, 0 <= y < %llu%s\n",
                g->rules_text, (unsigned long long)g->R, (unsigned long long)g->C, side);
    cli_out_str(o, "// made by: ");
    command_line(o, argc, argv);
    cli_out_fmt(o, "\n// %s node%s (the states reachable from the window), %s edge%s (every move), "
                   "%llu P-position%s, %llu winning move%s\n",
                u128_text(num, sizeof num, g->nodes), g->nodes == 1 ? "" : "s",
                u128_text(num2, sizeof num2, g->edges), g->edges == 1 ? "" : "s", (unsigned long long)np,
                np == 1 ? "" : "s", (unsigned long long)nwin, nwin == 1 ? "" : "s");
    cli_out_fmt(o, "// node \"x,y%s%s\": the state (x, y)%s%s; label \"x,y%s%s\\n%s = value\"; "
                   "class P (value 0: filled red) or N\n",
                r->passes ? ",pP" : "", r->heap ? ",hH" : "", r->passes ? " with P passes left" : "",
                r->heap ? (r->passes ? " and H stones in the extra heap" : " with H stones in the extra heap") : "",
                r->passes ? " pP" : "", r->heap ? " hH" : "", G);
    cli_out_fmt(o, "// edge: one per move, in the order of `wythoff moves`; class win (into a P-position: red) or "
                   "move (grey)%s%s\n",
                r->passes ? "; a pass is dashed" : "", r->heap ? "; a move on the extra heap is dotted" : "");
    cli_out_fmt(o, "// rank: x + y%s%s, one rank=same group each, kept in order by invisible nodes \"rank K\"; "
                   "every move lowers it\n",
                r->passes ? " + p" : "", r->heap ? " + h" : "");
    cli_out_str(o, "// manual: docs/graph.md; to draw it: dot -Tsvg FILE.dot -o FILE.svg\n");

    cli_out_fmt(o, "digraph \"%s\" {\n", g->rules_text);
    cli_out_fmt(o, "  graph [label=\"%s, 0 <= x < %llu, 0 <= y < %llu%s\\nred: P-positions (%s = 0) and the "
                   "winning moves into them%s%s\", labelloc=b, fontname=\"Helvetica\", fontsize=12, ranksep=0.45, "
                   "nodesep=0.2, outputorder=edgesfirst];\n",
                g->rules_text, (unsigned long long)g->R, (unsigned long long)g->C, side, G,
                r->passes ? "; dashed: a pass" : "", r->heap ? "; dotted: a move on the extra heap" : "");
    cli_out_str(o, "  node [shape=ellipse, style=filled, fillcolor=white, color=\"#444444\", fontname=\"Helvetica\", "
                   "fontsize=11, margin=\"0.04,0.02\", class=N];\n");
    cli_out_str(o, "  edge [color=\"#9e9e9e\", arrowsize=0.6, class=move];\n");

    /* nodes, rank by rank from the end of the game up; then the edges, node
     * by node in the same order, each node's moves in the order of
     * `wythoff moves` */
    writer w = {o, g, t, mv, G, 0};
    uint64_t prev = 0;
    int any = 0;
    for (uint64_t k = 0; k <= top; k++) {
        w.first = 1;
        rank_nodes(g, k, plo, put_node, &w);
        if (w.first)
            continue;
        cli_out_fmt(o, "    \"rank %llu\" [style=invis, label=\"\", width=0.01, height=0.01, fixedsize=true];\n  }\n",
                    (unsigned long long)k);
        if (any)
            cli_out_fmt(o, "  \"rank %llu\" -> \"rank %llu\" [style=invis];\n", (unsigned long long)k,
                        (unsigned long long)prev);
        prev = k;
        any = 1;
    }
    for (uint64_t k = 0; k <= top; k++)
        rank_nodes(g, k, plo, put_edges, &w);
    cli_out_str(o, "}\n");
    free(mv);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Graphviz                                                            */
/* ------------------------------------------------------------------ */

/* The dot program: $WYTHOFF_DOT (a path, or a name looked up on PATH), else
 * "dot" on PATH.  Returns 1 and the path, or 0 and why in `why`. */
static int find_dot(char *path, size_t n, char *why, size_t wn)
{
    const char *env = getenv("WYTHOFF_DOT");
    const char *prog = env && *env ? env : "dot";
    if (strchr(prog, '/')) {
        if (access(prog, X_OK) == 0) {
            snprintf(path, n, "%s", prog);
            return 1;
        }
        snprintf(why, wn, "WYTHOFF_DOT names '%s', which is not an executable program (%s)", prog, strerror(errno));
        return 0;
    }
    const char *dirs = getenv("PATH");
    if (!dirs || !*dirs)
        dirs = "/usr/local/bin:/usr/bin:/bin";
    for (const char *d = dirs;;) {
        const char *e = strchr(d, ':');
        size_t len = e ? (size_t)(e - d) : strlen(d);
        int k = len ? snprintf(path, n, "%.*s/%s", (int)len, d, prog) : snprintf(path, n, "%s", prog);
        struct stat st;
        if (k > 0 && (size_t)k < n && stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
            return 1;
        if (!e)
            break;
        d = e + 1;
    }
    if (env && *env)
        snprintf(why, wn, "WYTHOFF_DOT names '%s', not found on PATH", prog);
    else
        snprintf(why, wn, "not found on PATH");
    return 0;
}

/* An anonymous temporary file (already unlinked), close-on-exec; -1 on error. */
static int temp_fd(void)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    char *tmpl = malloc(strlen(dir) + 32);
    if (!tmpl)
        return -1;
    snprintf(tmpl, strlen(dir) + 32, "%s/wythoff-graph-XXXXXX", dir);
    int fd = mkstemp(tmpl);
    if (fd >= 0) {
        unlink(tmpl);
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    free(tmpl);
    return fd;
}

/* The first line of what dot wrote on its standard error, trimmed. */
static void first_line(int fd, char *buf, size_t n)
{
    buf[0] = '\0';
    if (lseek(fd, 0, SEEK_SET) != 0)
        return;
    ssize_t k = read(fd, buf, n - 1);
    if (k <= 0)
        return;
    buf[k] = '\0';
    char *s = buf;
    while (*s == '\n' || *s == ' ')
        s++;
    size_t len = strcspn(s, "\n");
    s[len] = '\0';
    memmove(buf, s, len + 1);
}

/* Run `dot -TFORMAT` with standard input dot_fd (at offset 0) and standard
 * output out_fd.  Returns 0 or an exit code: 2 when dot cannot be started or
 * fails (the Graphviz installation cannot make this output; nothing is
 * wrong with wythoff's graph, which is valid DOT by construction), 130 after
 * Ctrl-C. */
static int run_dot(const char *dot, const char *format, int dot_fd, int out_fd, const char *target)
{
    int err_fd = temp_fd();
    if (err_fd < 0)
        return die(2, "cannot create a temporary file for Graphviz's messages (%s)", strerror(errno));
    char opt[16];
    snprintf(opt, sizeof opt, "-T%s", format);
    char *argv[] = {(char *)"dot", opt, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, dot_fd, 0);
    posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
    pid_t pid;
    int e = posix_spawn(&pid, dot, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e != 0) {
        close(err_fd);
        return die(2, "rendering %s needs Graphviz's dot: cannot run '%s' (%s); install graphviz, or write the DOT "
                      "with --format dot",
                   target, dot, strerror(e));
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            close(err_fd);
            return die(2, "waiting for Graphviz's dot: %s", strerror(errno));
        }
    }
    char msg[512];
    first_line(err_fd, msg, sizeof msg);
    close(err_fd);
    if (cli_interrupted())
        return die(130, "interrupted");
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE) {
        /* the reader of our standard output went away (| head): end as a
         * program writing there itself would */
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
        return 2;
    }
    if (WIFEXITED(status))
        return die(2, "Graphviz's dot (%s) failed rendering %s, exit %d%s%s", dot, target, WEXITSTATUS(status),
                   *msg ? ": " : "", msg);
    return die(2, "Graphviz's dot (%s) was killed by signal %d rendering %s%s%s", dot, WTERMSIG(status), target,
               *msg ? ": " : "", msg);
}

/* ------------------------------------------------------------------ */

/* The format named by FILE's extension: "dot", "svg", "png", "pdf", or NULL. */
static const char *format_of(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base)
        return NULL;
    static const char *const ext[][2] = {{"dot", "dot"}, {"gv", "dot"}, {"svg", "svg"}, {"png", "png"}, {"pdf", "pdf"}};
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
        if (strcasecmp(dot + 1, ext[i][0]) == 0)
            return ext[i][1];
    return NULL;
}

/* --pass / --heap.  Returns 0 or an exit code. */
static int side_option(graph *g, const gargs *a)
{
    char err[WY_ERRLEN];
    uint32_t v;
    int fits;
    g->S = wy_side_start(&g->r);
    if (a->given[G_PASS]) {
        if (g->r.passes == 0)
            return die(2, "--pass given, but ruleset '%s' has no pass (add +pass)", a->pos[0]);
        if (!cli_parse_coord(&v, &fits, a->val[G_PASS], "--pass", err, sizeof err))
            return die(2, "%s", err);
        if (!fits || v > g->r.passes)
            return die(2, "--pass %s is more than the ruleset's %u pass%s", a->val[G_PASS], g->r.passes,
                       g->r.passes == 1 ? "" : "es");
        g->S.pass = v;
    }
    if (a->given[G_HEAP]) {
        if (g->r.heap == 0)
            return die(2, "--heap given, but ruleset '%s' has no extra heap (add +heap=H)", a->pos[0]);
        if (!cli_parse_coord(&v, &fits, a->val[G_HEAP], "--heap", err, sizeof err))
            return die(2, "%s", err);
        if (!fits || v > g->r.heap)
            return die(2, "--heap %s is more than the ruleset's heap=%u", a->val[G_HEAP], g->r.heap);
        g->S.heap = v;
    }
    if (wy_side_check(&g->r, g->S, err, sizeof err) != WY_OK)
        return die(2, "%s", err);
    return 0;
}

static int window_option(graph *g, const gargs *a)
{
    char err[WY_ERRLEN];
    if (a->given[G_SIZE] && (a->given[G_ROWS] || a->given[G_COLS]))
        return die(2, "give either --size or --rows/--cols, not both");
    uint64_t rows = DEFAULT_SIZE, cols = DEFAULT_SIZE;
    if (a->given[G_SIZE]) {
        if (!cli_parse_size(&rows, a->val[G_SIZE], "--size", err, sizeof err))
            return die(2, "%s", err);
        cols = rows;
    }
    if (a->given[G_ROWS] && !cli_parse_size(&rows, a->val[G_ROWS], "--rows", err, sizeof err))
        return die(2, "%s", err);
    if (a->given[G_COLS] && !cli_parse_size(&cols, a->val[G_COLS], "--cols", err, sizeof err))
        return die(2, "%s", err);
    if (a->given[G_ROWS] != a->given[G_COLS] && !a->given[G_SIZE]) {
        if (a->given[G_ROWS])
            cols = rows;
        else
            rows = cols;
    }
    if (rows == 0 || cols == 0)
        return die(2, "empty window: sizes must be at least 1");
    g->R = rows;
    g->C = cols;
    return 0;
}

int cli_graph(int argc, char **argv)
{
    gargs a;
    int rc;
    char err[WY_ERRLEN];
    cli_signals_install();
    if ((rc = parse(&a, argc, argv)))
        return rc;
    if (a.given[G_HELP]) {
        usage(stdout);
        return 0;
    }
    if (a.given[G_VERSION]) {
        printf("wythoff %s\n", WY_VERSION);
        return 0;
    }
    if (a.npos != 1)
        return die(2, "graph takes one ruleset (got %d arguments); usage: wythoff %s", a.npos, usage_line);
    graph g;
    memset(&g, 0, sizeof g);
    if (wy_rules_parse(&g.r, a.pos[0], err, sizeof err) != WY_OK)
        return die(2, "%s", err);
    wy_rules_format(g.rules_text, sizeof g.rules_text, &g.r);
    g.K = g.r.has_terminal ? g.r.terminal : 0;
    if ((rc = side_option(&g, &a)) || (rc = window_option(&g, &a)))
        return rc;

    unsigned threads = cli_default_threads();
    if (a.given[G_THREADS]) {
        uint64_t n;
        if (!cli_parse_size(&n, a.val[G_THREADS], "--threads", err, sizeof err))
            return die(2, "%s", err);
        if (n < 1 || n > 256)
            return die(2, "--threads %s out of range (1 to 256)", a.val[G_THREADS]);
        threads = (unsigned)n;
    }
    uint64_t mem_limit;
    if (a.given[G_MEMLIMIT]) {
        if (!cli_parse_bytes(&mem_limit, a.val[G_MEMLIMIT], err, sizeof err))
            return die(2, "%s", err);
        if (mem_limit == 0)
            return die(2, "--mem-limit must be positive");
    } else {
        mem_limit = cli_available_memory();
    }
    uint64_t cap = DEFAULT_CAP;
    if (a.given[G_MAXEDGES]) {
        if (!cli_parse_size(&cap, a.val[G_MAXEDGES], "--max-edges", err, sizeof err))
            return die(2, "%s", err);
        if (cap == 0)
            return die(2, "--max-edges must be at least 1");
    }

    /* the format: --format, else the output's extension, else dot */
    const char *out_path = a.given[G_OUTPUT] ? a.val[G_OUTPUT] : NULL;
    const char *format = "dot";
    if (a.given[G_FORMAT]) {
        format = a.val[G_FORMAT];
        if (strcmp(format, "dot") != 0 && strcmp(format, "svg") != 0 && strcmp(format, "png") != 0 &&
            strcmp(format, "pdf") != 0)
            return die(2, "unknown format '%s' (this command writes dot, or svg, png, pdf through Graphviz)", format);
    } else if (out_path) {
        if (*out_path == '\0')
            return die(2, "--output needs a file name");
        format = format_of(out_path);
        if (!format)
            return die(2, "cannot tell the format of '%s' from its name (.dot, .gv, .svg, .png, .pdf); add "
                          "--format dot (or svg, png, pdf)",
                       out_path);
    }
    const int render = strcmp(format, "dot") != 0;
    if (render && !out_path && strcmp(format, "svg") != 0 && isatty(fileno(stdout)))
        return die(2, "--format %s writes binary data; use --output FILE", format);

    /* the size, before anything is computed */
    if (g.R > WINDOW_MAX || g.C > WINDOW_MAX || g.R * g.C > WINDOW_MAX) {
        unsigned __int128 at_least = (unsigned __int128)g.R * g.C * (g.S.heap + (unsigned __int128)1);
        if (at_least <= cap)
            return die(2, "a %llu x %llu window is more than the %llu positions wythoff graph handles; use a smaller "
                          "window",
                       (unsigned long long)g.R, (unsigned long long)g.C, (unsigned long long)WINDOW_MAX);
        return refuse(&g, cap, "nodes", at_least, 1, a.given[G_MAXEDGES]);
    }
    if ((rc = graph_count(&g, cap)))
        goto out;
    if (g.edges > cap) {
        rc = refuse(&g, cap, "edges (moves)", g.edges, 0, a.given[G_MAXEDGES]);
        goto out;
    }
    if (g.nodes > cap) {
        rc = refuse(&g, cap, "nodes", g.nodes, 0, a.given[G_MAXEDGES]);
        goto out;
    }
    /* Every node is a state of the window: sizes fit 32 bits from here. */

    char dot[4096];
    const char *target = out_path ? out_path : "standard output";
    if (render) {
        char why[600];
        if (!find_dot(dot, sizeof dot, why, sizeof why)) {
            rc = die(2, "rendering %s needs Graphviz's dot, %s; install graphviz, or write the DOT with --format dot",
                     target, why);
            goto out;
        }
    }

    wy_table *t = NULL;
    cli_progress prog;
    cli_progress_init(&prog, "table", "cells", !a.given[G_QUIET]);
    wy_run run = {threads, cli_progress_fn, &prog, 0};
    wy_status st = wy_table_compute_run(&t, &g.r, (uint32_t)g.R, (uint32_t)g.C, g.S, mem_limit, WY_LAYOUT_AUTO,
                                        &run, err, sizeof err);
    cli_progress_done(&prog);
    if (st == WY_ECANCELED) {
        rc = die(130, "interrupted");
        goto out;
    }
    if (st != WY_OK) {
        rc = die(st == WY_ERANGE ? 3 : (int)st, "%s%s", err,
                 st == WY_ERANGE ? " (use --mem-limit to change the limit)" : "");
        goto out;
    }

    cli_file cf;
    if (!cli_file_open(&cf, out_path)) {
        rc = die(2, "cannot write '%s' (%s)", out_path, strerror(errno));
        wy_table_free(t);
        goto out;
    }
    cli_out o;
    FILE *dotf = NULL;
    if (render) {
        int fd = temp_fd();
        if (fd < 0 || !(dotf = fdopen(fd, "w+b"))) {
            if (fd >= 0)
                close(fd);
            rc = die(2, "cannot create a temporary file for the DOT (%s)", strerror(errno));
            cli_file_abort(&cf);
            wy_table_free(t);
            goto out;
        }
    }
    if (!cli_out_open(&o, render ? dotf : cf.f)) {
        rc = die(3, "out of memory");
    } else {
        rc = write_dot(&o, &g, t, argc, argv);
        if (!cli_out_close(&o) && !rc)
            rc = die(2, "write error on %s", render ? "a temporary file" : target);
    }
    wy_table_free(t);
    if (!rc && render) {
        fflush(cf.f);
        if (lseek(fileno(dotf), 0, SEEK_SET) != 0)
            rc = die(2, "cannot read back the temporary DOT file (%s)", strerror(errno));
        else
            rc = run_dot(dot, format, fileno(dotf), fileno(cf.f), target);
    }
    if (dotf)
        fclose(dotf);
    if (rc) {
        cli_file_abort(&cf);
        goto out;
    }
    if (!cli_file_commit(&cf))
        rc = die(2, "write error on %s (%s)", target, strerror(errno));
out:
    free(g.reach);
    return rc;
}
