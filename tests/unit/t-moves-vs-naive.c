/*
 * t-moves-vs-naive - differential test of wy_moves_list against the naive
 * reference's option lists (compared as sets), of the documented order and
 * of the cap/count contract; and a consistency check: the value of a state
 * is the mex of the values of the options the library lists (values from
 * the naive reference and from the engine).
 *
 * Environment: WY_SEED (default 20261121; printed), WY_TEST_ITERS
 * (default 1).  Output: "PASS name" / "FAIL name: why"; exit 0 iff all passed.
 */
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static int group_end(tk_group *g)
{
    if (g->failed == 0)
        printf("PASS %s (%lu cases)\n", g->name, g->cases);
    else if (g->failed > TK_SHOW_FAILS)
        printf("FAIL %s: %lu failures in %lu cases (only the first %d shown)\n", g->name,
               g->failed, g->cases, TK_SHOW_FAILS);
    fflush(stdout);
    return g->failed != 0;
}

/* A move in common terms, for comparing the two lists as sets. */
typedef struct {
    int kind; /* a naive_kind */
    uint32_t x, y, p, h;
} cmove;

static int kind_of_wy(wy_move_kind k)
{
    switch (k) {
    case WY_MOVE_ROW: return NAIVE_ROW;
    case WY_MOVE_COL: return NAIVE_COL;
    case WY_MOVE_DIAG: return NAIVE_DIAG;
    case WY_MOVE_MOD: return NAIVE_MOD;
    case WY_MOVE_HEAP: return NAIVE_HEAP;
    case WY_MOVE_PASS: return NAIVE_PASS;
    }
    return -1;
}

static const char *kind_name(int k)
{
    static const char *const names[] = {"row", "col", "diag", "mod", "heap", "pass"};
    return k >= 0 && k < 6 ? names[k] : "?";
}

static int cmp_u32(uint32_t a, uint32_t b)
{
    return (a > b) - (a < b);
}

static int cmove_cmp(const void *pa, const void *pb)
{
    const cmove *a = pa, *b = pb;
    int c;
    if ((c = (a->kind > b->kind) - (a->kind < b->kind)) != 0)
        return c;
    if ((c = cmp_u32(a->x, b->x)) != 0)
        return c;
    if ((c = cmp_u32(a->y, b->y)) != 0)
        return c;
    if ((c = cmp_u32(a->p, b->p)) != 0)
        return c;
    return cmp_u32(a->h, b->h);
}

/* Everything about one random state. */
typedef struct {
    char text[200];
    wy_rules r;
    uint32_t x, y;
    wy_side side;
} state;

static void describe(char *buf, size_t len, const state *s)
{
    snprintf(buf, len, "rules=%s state (x=%lu,y=%lu,pass=%lu,heap=%lu)", s->text,
             (unsigned long)s->x, (unsigned long)s->y, (unsigned long)s->side.pass,
             (unsigned long)s->side.heap);
}

/* The library's full move list for s; NULL (and a FAIL) on error. */
static wy_move *library_moves(tk_group *g, const state *s, size_t *count)
{
    char d[400], err[WY_ERRLEN] = "";
    describe(d, sizeof d, s);
    size_t n = 0, cap = 16;
    wy_move *m = NULL;
    for (;;) {
        wy_move *nm = realloc(m, cap * sizeof *nm);
        if (nm == NULL) {
            tk_fail(g, "%s: out of memory", d);
            free(m);
            return NULL;
        }
        m = nm;
        wy_status st = wy_moves_list(m, cap, &n, &s->r, s->x, s->y, s->side, err, sizeof err);
        if (st != WY_OK) {
            tk_fail(g, "%s: wy_moves_list status %d: %s", d, (int)st, err);
            free(m);
            return NULL;
        }
        if (n <= cap)
            break;
        cap = n;
    }
    *count = n;
    return m;
}

/* Compare the library's options with the naive reference's, as sets. */
static void check_set(tk_group *g, const state *s, const wy_move *lm, size_t ln)
{
    g->cases++;
    char d[400];
    describe(d, sizeof d, s);
    size_t nn = naive_options(NULL, 0, &s->r, s->x, s->y, s->side.pass, s->side.heap);
    naive_move *nm = malloc((nn ? nn : 1) * sizeof *nm);
    cmove *a = malloc((ln ? ln : 1) * sizeof *a);
    cmove *b = malloc((nn ? nn : 1) * sizeof *b);
    if (nm == NULL || a == NULL || b == NULL) {
        tk_fail(g, "%s: out of memory", d);
        goto done;
    }
    naive_options(nm, nn, &s->r, s->x, s->y, s->side.pass, s->side.heap);
    for (size_t i = 0; i < ln; i++) {
        cmove c = {kind_of_wy(lm[i].kind), lm[i].x, lm[i].y, lm[i].side.pass, lm[i].side.heap};
        a[i] = c;
    }
    for (size_t i = 0; i < nn; i++) {
        cmove c = {(int)nm[i].kind, nm[i].x, nm[i].y, nm[i].p, nm[i].h};
        b[i] = c;
    }
    qsort(a, ln, sizeof *a, cmove_cmp);
    qsort(b, nn, sizeof *b, cmove_cmp);
    /* walk both sorted lists; report the first difference */
    size_t i = 0, j = 0;
    while (i < ln || j < nn) {
        int c = i == ln ? 1 : j == nn ? -1 : cmove_cmp(&a[i], &b[j]);
        if (c == 0) {
            i++;
            j++;
            continue;
        }
        const cmove *e = c < 0 ? &a[i] : &b[j];
        tk_fail(g,
                   "%s: library lists %zu options, naive %zu; first difference: %s move to "
                   "(x=%lu,y=%lu,pass=%lu,heap=%lu) only in the %s list",
                   d, ln, nn, kind_name(e->kind), (unsigned long)e->x, (unsigned long)e->y,
                   (unsigned long)e->p, (unsigned long)e->h, c < 0 ? "library's" : "naive");
        break;
    }
done:
    free(nm);
    free(a);
    free(b);
}

/* The documented order: column, row, diagonal, modular, heap, pass; nearer
 * targets first within the column, row, diagonal and heap moves. */
static void check_order(tk_group *g, const state *s, const wy_move *lm, size_t ln)
{
    static const int rank[6] = {
        [WY_MOVE_COL] = 0, [WY_MOVE_ROW] = 1, [WY_MOVE_DIAG] = 2,
        [WY_MOVE_MOD] = 3, [WY_MOVE_HEAP] = 4, [WY_MOVE_PASS] = 5,
    };
    g->cases++;
    char d[400];
    describe(d, sizeof d, s);
    for (size_t i = 0; i < ln; i++) {
        if ((int)lm[i].kind < 0 || (int)lm[i].kind > 5) {
            tk_fail(g, "%s: move %zu has an unknown kind %d", d, i, (int)lm[i].kind);
            return;
        }
    }
    for (size_t i = 1; i < ln; i++) {
        const wy_move *u = &lm[i - 1], *v = &lm[i];
        int bad = 0;
        if (rank[u->kind] > rank[v->kind]) {
            bad = 1;
        } else if (u->kind == v->kind) {
            switch (u->kind) {
            case WY_MOVE_COL: bad = !(u->x > v->x); break;
            case WY_MOVE_ROW: bad = !(u->y > v->y); break;
            case WY_MOVE_DIAG: bad = !(u->x > v->x); break;
            case WY_MOVE_HEAP: bad = !(u->side.heap > v->side.heap); break;
            default: bad = 0; break;
            }
        }
        if (bad) {
            tk_fail(g,
                       "%s: move %zu (%s to x=%lu,y=%lu,heap=%lu) is listed before move %zu (%s "
                       "to x=%lu,y=%lu,heap=%lu), against the documented order",
                       d, i - 1, kind_name(kind_of_wy(u->kind)), (unsigned long)u->x,
                       (unsigned long)u->y, (unsigned long)u->side.heap, i,
                       kind_name(kind_of_wy(v->kind)), (unsigned long)v->x, (unsigned long)v->y,
                       (unsigned long)v->side.heap);
            return;
        }
    }
}

/* With a smaller cap: the same total, and the first cap moves of the full
 * list, and nothing written past cap. */
static void check_cap(tk_group *g, const state *s, const wy_move *lm, size_t ln, tk_rng *rng)
{
    g->cases++;
    char d[400], err[WY_ERRLEN] = "";
    describe(d, sizeof d, s);
    size_t cap = ln == 0 ? 0 : tk_rng_range(rng, 0, (uint32_t)(ln - 1));
    wy_move *m = malloc((cap + 1) * sizeof *m);
    if (m == NULL) {
        tk_fail(g, "%s: out of memory", d);
        return;
    }
    memset(m, 0xA5, (cap + 1) * sizeof *m);
    wy_move guard;
    memset(&guard, 0xA5, sizeof guard);
    size_t n = 0;
    wy_status st = wy_moves_list(m, cap, &n, &s->r, s->x, s->y, s->side, err, sizeof err);
    if (st != WY_OK) {
        tk_fail(g, "%s cap=%zu: wy_moves_list status %d: %s", d, cap, (int)st, err);
    } else if (n != ln) {
        tk_fail(g, "%s cap=%zu: count %zu, but %zu with a large enough cap", d, cap, n, ln);
    } else if (memcmp(&m[cap], &guard, sizeof guard) != 0) {
        tk_fail(g, "%s cap=%zu: wrote past cap", d, cap);
    } else {
        for (size_t i = 0; i < cap; i++) {
            if (m[i].kind != lm[i].kind || m[i].x != lm[i].x || m[i].y != lm[i].y ||
                m[i].side.pass != lm[i].side.pass || m[i].side.heap != lm[i].side.heap) {
                tk_fail(g, "%s cap=%zu: move %zu differs from the full list's", d, cap, i);
                break;
            }
        }
    }
    free(m);
}

/* mex of the values of the library's options (value function: one of two
 * tables, each indexed by naive_all_index over the window (x+1) x (y+1)). */
static uint32_t mex_of(const wy_move *lm, size_t ln, const uint32_t *vals, const state *s)
{
    unsigned char *seen = calloc(ln + 1, 1);
    if (seen == NULL)
        return UINT32_MAX;
    for (size_t i = 0; i < ln; i++) {
        uint32_t v = vals[naive_all_index(s->x + 1, s->y + 1, s->side.heap, lm[i].x, lm[i].y,
                                          lm[i].side.pass, lm[i].side.heap)];
        if (v <= ln)
            seen[v] = 1;
    }
    uint32_t m = 0;
    while (seen[m])
        m++;
    free(seen);
    return m;
}

/* The state's value is the mex of its (library-listed) options' values, in
 * the naive table and in the engine's table; misere: no options -> 1. */
static void check_mex(tk_group *gn, tk_group *ge, const state *s, const wy_move *lm, size_t ln)
{
    gn->cases++;
    ge->cases++;
    char d[400];
    describe(d, sizeof d, s);
    uint32_t rows = s->x + 1, cols = s->y + 1;
    size_t cells = naive_all_cells(rows, cols, s->side.pass, s->side.heap);
    uint32_t *nv = cells ? malloc(cells * sizeof *nv) : NULL;
    uint32_t *ev = cells ? malloc(cells * sizeof *ev) : NULL;
    wy_table *t = NULL;
    if (nv == NULL || ev == NULL ||
        naive_table_all(nv, &s->r, rows, cols, s->side.pass, s->side.heap) != 0) {
        tk_fail(gn, "%s: out of memory", d);
        tk_fail(ge, "%s: out of memory", d);
        goto done;
    }
    size_t at = naive_all_index(rows, cols, s->side.heap, s->x, s->y, s->side.pass, s->side.heap);
    uint32_t want = ln == 0 ? (s->r.misere ? 1 : 0) : mex_of(lm, ln, nv, s);
    if (nv[at] != want)
        tk_fail(gn, "%s: naive value %lu, but mex over the library's %zu options is %lu%s", d,
                   (unsigned long)nv[at], ln, (unsigned long)want,
                   ln == 0 ? " (no options)" : "");

    char err[WY_ERRLEN] = "";
    wy_status st = wy_table_compute(&t, &s->r, rows, cols, s->side, 0, err, sizeof err);
    if (st != WY_OK || t == NULL) {
        tk_fail(ge, "%s: wy_table_compute(%lux%lu) status %d: %s", d, (unsigned long)rows,
                   (unsigned long)cols, (int)st, err);
        if (st == WY_OK)
            wy_table_free(t);
        t = NULL;
        goto done;
    }
    for (uint32_t p = 0; p <= s->side.pass; p++)
        for (uint32_t h = 0; h <= s->side.heap; h++)
            for (uint32_t x = 0; x < rows; x++)
                for (uint32_t y = 0; y < cols; y++) {
                    wy_side sd = {p, h};
                    ev[naive_all_index(rows, cols, s->side.heap, x, y, p, h)] =
                        wy_table_get(t, x, y, sd);
                }
    want = ln == 0 ? (s->r.misere ? 1 : 0) : mex_of(lm, ln, ev, s);
    if (ev[at] != want)
        tk_fail(ge, "%s: engine value %lu, but mex over the library's %zu options is %lu%s",
                   d, (unsigned long)ev[at], ln, (unsigned long)want,
                   ln == 0 ? " (no options)" : "");
done:
    wy_table_free(t);
    free(nv);
    free(ev);
}

/* A coordinate: small values (where the terminal and max edges are) often. */
static uint32_t random_coord(tk_rng *rng)
{
    uint32_t c = tk_rng_range(rng, 0, 9);
    if (c < 2)
        return 0;
    if (c < 6)
        return tk_rng_range(rng, 0, 8);
    return tk_rng_range(rng, 0, 30);
}

int main(void)
{
    uint64_t seed, iters;
    if (tk_seed(&seed) != 0 || tk_iters(&iters) != 0)
        return 1;
    tk_rng rng;
    tk_rng_seed(&rng, seed);

    tk_group gset = {"moves-vs-naive option sets", 0, 0};
    tk_group gord = {"moves documented order", 0, 0};
    tk_group gcap = {"moves cap and count", 0, 0};
    tk_group gmn = {"moves mex of library options = naive value", 0, 0};
    tk_group gme = {"moves mex of library options = engine value", 0, 0};

    uint64_t n = 2000 * iters;
    for (uint64_t i = 0; i < n; i++) {
        tk_spec spec;
        state s;
        char why[2 * WY_ERRLEN];
        tk_random_spec(&rng, &spec);
        tk_spec_text(s.text, sizeof s.text, &spec);
        if (tk_spec_rules(&s.r, &spec, s.text, why, sizeof why) != 0) {
            gset.cases++;
            tk_fail(&gset, "%s", why);
            continue;
        }
        s.x = random_coord(&rng);
        s.y = random_coord(&rng);
        s.side.pass = tk_rng_range(&rng, 0, spec.passes);
        s.side.heap = tk_rng_range(&rng, 0, spec.heap);

        size_t ln = 0;
        wy_move *lm = library_moves(&gset, &s, &ln);
        if (lm == NULL) {
            gset.cases++;
            continue;
        }
        check_set(&gset, &s, lm, ln);
        check_order(&gord, &s, lm, ln);
        check_cap(&gcap, &s, lm, ln, &rng);
        check_mex(&gmn, &gme, &s, lm, ln);
        free(lm);
    }

    int failed = 0;
    failed |= group_end(&gset);
    failed |= group_end(&gord);
    failed |= group_end(&gcap);
    failed |= group_end(&gmn);
    failed |= group_end(&gme);
    return failed ? 1 : 0;
}
