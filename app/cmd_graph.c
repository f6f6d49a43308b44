/* cmd_graph.c - `wythoff graph`: the move graph of a window, P-positions and
 * winning moves marked, as Graphviz DOT, or rendered by Graphviz's dot
 * (svg, png, pdf).  A thin client of wythoff.h; the manual is docs/graph.md.
 *
 * Nodes: the states reachable from the window's positions at the chosen
 * side state.  Edges: every move of every node, as wy_moves_list gives them.
 * Every move stays in the window (no move raises a coordinate), every move
 * lowers x + y + p + h (the node's rank), and the values come from one
 * table of the window (wy_table_compute with the side state). */
#define _DEFAULT_SOURCE /* strcasecmp */
#include "commands.h"

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

/* The moves of (x, y) on the two heaps (wy_moves_count, O(1)). */
static uint64_t board_moves(const wy_rules *r, uint64_t x, uint64_t y)
{
    const wy_side none = {0, 0};
    return wy_moves_count(r, x, y, none);
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
            uint64_t b = board_moves(&g->r, x, y);
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
        return cli_die(3, "out of memory");
    wy_move *mv = malloc((bmax ? bmax : 1) * sizeof *mv);
    if (!mv)
        return cli_die(3, "out of memory");
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
                return cli_die(4, "internal error: moves of (%llu, %llu): %s", (unsigned long long)x,
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
            uint64_t b = board_moves(&g->r, n, i);
            B += b;
            Z += b == 0;
            if (i < n) {
                b = board_moves(&g->r, i, n);
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
    char w[64];
    if (wy_side_format(w, sizeof w, r, s) > 0)
        snprintf(buf, n, ", %s", w);
    else
        buf[0] = '\0';
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
    return cli_die(2, "the move graph of %s%s%s%s on the %llu x %llu window has %s%s %s, more than the cap of %llu "
                  "(Graphviz's dot lays out 2000 edges in seconds, 5000 in minutes); %s",
               g->rules_text, *side ? " (" : "", *side ? side + 2 : "", *side ? ")" : "", (unsigned long long)g->R,
               (unsigned long long)g->C, at_least ? "at least " : "", cli_u128_text(num, sizeof num, count), what,
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
static int write_dot(cli_out *o, const graph *g, const wy_table *t)
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
        return cli_die(3, "out of memory");
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
                        return cli_die(4, "internal error: %s", err);
                    }
                    uint64_t want = state_moves(board_moves(r, x, y), s);
                    if (n != want) {
                        free(mv);
                        return cli_die(4, "internal error: (%llu, %llu) has %zu moves, counted %llu",
                                   (unsigned long long)x, (unsigned long long)y, n, (unsigned long long)want);
                    }
                    for (size_t i = 0; i < n; i++)
                        nwin += wy_table_get(t, mv[i].x, mv[i].y, mv[i].side) == 0;
                }

    /* header */
    cli_out_fmt(o, "// wythoff graph: the move graph of %s in the window 0 <= x < %llu, 0 <= y < %llu%s\n",
                g->rules_text, (unsigned long long)g->R, (unsigned long long)g->C, side);
    cli_out_prov_line(o, "// made by: ", ""); /* docs/formats.md, Provenance */
    cli_out_fmt(o, "// %s node%s (the states reachable from the window), %s edge%s (every move), "
                   "%llu P-position%s, %llu winning move%s\n",
                cli_u128_text(num, sizeof num, g->nodes), g->nodes == 1 ? "" : "s",
                cli_u128_text(num2, sizeof num2, g->edges), g->edges == 1 ? "" : "s", (unsigned long long)np,
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
    cli_out_str(o, "// manual: man wythoff-graph; to draw it: dot -Tsvg FILE.dot -o FILE.svg\n");

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

/* The format into *format: --format, else the output's extension, else
 * dot; binary formats not to a terminal. */
static int graph_format(const cli_config *c, const char **format)
{
    const char *out_path = c->output;
    *format = "dot";
    if (c->given[O_FORMAT]) {
        *format = c->val[O_FORMAT];
        if (strcmp(*format, "dot") != 0 && strcmp(*format, "svg") != 0 && strcmp(*format, "png") != 0 &&
            strcmp(*format, "pdf") != 0)
            return cli_die(2, "unknown format '%.40s' (this command writes dot, or svg, png, pdf through Graphviz)",
                           *format);
    } else if (out_path) {
        *format = format_of(out_path);
        if (!*format)
            return cli_die(2, "cannot tell the format of '%s' from its name (.dot, .gv, .svg, .png, .pdf); add "
                              "--format dot (or svg, png, pdf)",
                           out_path);
    }
    if (strcmp(*format, "dot") != 0 && !out_path && strcmp(*format, "svg") != 0 && isatty(fileno(stdout)))
        return cli_die(2, "--format %s writes binary data; use --output FILE", *format);
    return 0;
}

/* The size, before anything is computed: the window, then the counts of
 * edges and nodes against the cap (given: --max-edges was). */
static int graph_size(graph *g, uint64_t cap, int given)
{
    if (g->R > WINDOW_MAX || g->C > WINDOW_MAX || g->R * g->C > WINDOW_MAX) {
        unsigned __int128 at_least = (unsigned __int128)g->R * g->C * (g->S.heap + (unsigned __int128)1);
        if (at_least <= cap)
            return cli_die(2, "a %llu x %llu window is more than the %llu positions wythoff graph handles; use a "
                              "smaller window",
                           (unsigned long long)g->R, (unsigned long long)g->C, (unsigned long long)WINDOW_MAX);
        return refuse(g, cap, "nodes", at_least, 1, given);
    }
    int rc = graph_count(g, cap);
    if (rc)
        return rc;
    if (g->edges > cap)
        return refuse(g, cap, "edges (moves)", g->edges, 0, given);
    if (g->nodes > cap)
        return refuse(g, cap, "nodes", g->nodes, 0, given);
    return 0;
}

/* The table, then the DOT: straight to the output, or to a temporary file
 * that dot (the program at dot_path) renders into the output. */
static int graph_write(cli_config *c, const graph *g, const char *format, const char *dot_path)
{
    char err[WY_ERRLEN];
    int rc;
    const int render = strcmp(format, "dot") != 0;
    const char *out_path = c->output;
    const char *target = out_path ? out_path : "standard output";
    wy_table *t = NULL;
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "table", "cells");
    wy_status st = wy_table_compute_run(&t, &g->r, (uint32_t)g->R, (uint32_t)g->C, g->S, c->mem_limit,
                                        WY_LAYOUT_AUTO, &run, err, sizeof err);
    cli_progress_done(&prog);
    if (st != WY_OK)
        return cli_fail(st, err, 1);
    cli_sink sink;
    if ((rc = cli_sink_open(&sink, out_path))) {
        wy_table_free(t);
        return rc;
    }
    FILE *dotf = NULL;
    if (render) {
        int fd = cli_temp_fd();
        if (fd < 0 || !(dotf = fdopen(fd, "w+b"))) {
            if (fd >= 0)
                close(fd);
            rc = cli_die(2, "cannot create a temporary file for the DOT (%s)", strerror(errno));
            cli_sink_abort(&sink);
            wy_table_free(t);
            return rc;
        }
    }
    cli_out o;
    if (!cli_out_open(&o, render ? dotf : sink.f)) {
        rc = cli_die(3, "out of memory");
    } else {
        rc = write_dot(&o, g, t);
        if (!cli_out_close(&o) && !rc)
            rc = cli_interrupted() ? cli_die(130, "interrupted")
                                   : cli_die(2, "write error on %s (%s)", render ? "a temporary file" : target,
                                             strerror(o.error));
    }
    wy_table_free(t);
    if (!rc && render) {
        fflush(sink.f);
        if (lseek(fileno(dotf), 0, SEEK_SET) != 0)
            rc = cli_die(2, "cannot read back the temporary DOT file (%s)", strerror(errno));
        else
            rc = cli_run_dot(dot_path, format, fileno(dotf), fileno(sink.f), target);
    }
    if (dotf)
        fclose(dotf);
    if (!rc && cli_interrupted())
        rc = cli_die(130, "interrupted");
    if (rc)
        cli_sink_abort(&sink);
    else
        rc = cli_sink_commit(&sink);
    return rc;
}

int cli_cmd_graph(cli_config *c)
{
    int rc;
    char err[WY_ERRLEN];
    if (c->npos != 1)
        return cli_die(2, "graph takes one ruleset (got %d arguments); usage: wythoff %s", c->npos, c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)) || (rc = cli_window(c, DEFAULT_SIZE)))
        return rc;
    graph g;
    memset(&g, 0, sizeof g);
    g.r = c->game[0].rules;
    snprintf(g.rules_text, sizeof g.rules_text, "%s", c->game[0].text);
    g.S = c->game[0].side;
    g.K = g.r.has_terminal ? g.r.terminal : 0;
    g.R = c->rows;
    g.C = c->cols;
    uint64_t cap = DEFAULT_CAP;
    if (c->given[O_MAXEDGES]) {
        if (!cli_num_size(&cap, c->val[O_MAXEDGES], "--max-edges", err, sizeof err))
            return cli_die(2, "%s", err);
        if (cap == 0)
            return cli_die(2, "--max-edges must be at least 1");
    }
    const char *format;
    if ((rc = graph_format(c, &format)))
        return rc;
    rc = graph_size(&g, cap, c->given[O_MAXEDGES]);
    /* Every node is a state of the window: sizes fit 32 bits from here. */
    char dot[4096];
    if (!rc && strcmp(format, "dot") != 0) {
        char why[600];
        if (!cli_find_dot(dot, sizeof dot, why, sizeof why))
            rc = cli_die(2, "rendering %s needs Graphviz's dot, %s; install graphviz, or write the DOT with --format "
                            "dot",
                         c->output ? c->output : "standard output", why);
    }
    if (!rc)
        rc = graph_write(c, &g, format, dot);
    free(g.reach);
    return rc;
}
