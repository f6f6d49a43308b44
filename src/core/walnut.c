/*
 * walnut.c - the Walnut files that prove what an automaton says
 * (include/wythoff_automaton.h, docs/automata.md "What is proved").
 */
#include "wythoff_automaton.h"

#include "internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *b;
    size_t len, cap;
} sbuf;

static void sb_printf(sbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *s, const char *fmt, ...)
{
    if (!s->b)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(s->b + s->len, s->cap - s->len, fmt, ap);
        va_end(ap);
        if (k < 0) {
            free(s->b);
            s->b = NULL;
            return;
        }
        if ((size_t)k < s->cap - s->len) {
            s->len += (size_t)k;
            return;
        }
        size_t nc = s->cap * 2 + (size_t)k;
        char *t = realloc(s->b, nc);
        if (!t) {
            free(s->b);
            s->b = NULL;
            return;
        }
        s->b = t;
        s->cap = nc;
    }
}

/* The automaton's states in Walnut's order: the start state first (Walnut
 * takes the first state it reads as the initial one). */
char *wy_automaton_walnut_word(const wy_automaton *a)
{
    char *text = wy_automaton_format(a);
    if (!text)
        return NULL;
    /* read the states back from our own text: the struct is private to
     * automaton.c, and the format is the one place that lists them */
    const wy_automaton_info *in = wy_automaton_get_info(a);
    uint32_t n = in->states, start = 0;
    int64_t *out = malloc((size_t)n * sizeof *out);
    int64_t *nx = malloc((size_t)2 * n * sizeof *nx);
    sbuf s = {malloc(4096), 0, 4096};
    if (!out || !nx || !s.b) {
        free(out);
        free(nx);
        free(s.b);
        free(text);
        return NULL;
    }
    const char *p = strstr(text, "\nstart ");
    if (p)
        start = (uint32_t)strtoul(p + 7, NULL, 10);
    p = strstr(text, "('-': no move)\n");
    p = p ? p + 15 : text;
    for (uint32_t i = 0; i < n; i++) {
        char *e;
        strtoul(p, &e, 10);
        out[i] = strtoll(e, &e, 10);
        for (int d = 0; d < 2; d++) {
            while (*e == ' ')
                e++;
            if (*e == '-') {
                nx[2 * i + d] = -1;
                e++;
            } else {
                nx[2 * i + d] = strtoll(e, &e, 10);
            }
        }
        p = strchr(e, '\n');
        p = p ? p + 1 : e;
    }
    free(text);
    /* relabel: start <-> 0 */
#define RL(q) ((q) == (int64_t)start ? 0 : (q) == 0 ? (int64_t)start : (q))
    sb_printf(&s, "msd_fib\n");
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = (uint32_t)RL((int64_t)k); /* the state written as k */
        sb_printf(&s, "\n%" PRIu32 " %" PRId64 "\n", k, out[i]);
        for (int d = 0; d < 2; d++)
            if (nx[2 * i + d] >= 0)
                sb_printf(&s, "%d -> %" PRId64 "\n", d, RL(nx[2 * i + d]));
    }
#undef RL
    free(out);
    free(nx);
    return s.b;
}

static const char *const dom_moves =
    "((Ez z<y & $%s(x,z)) | (Ez z<x & $%s(z,y)) | (Ek k>0 & k<=x & k<=y & $%s(x-k,y-k)))";

static int name_ok(const char *name)
{
    return name && name[0] >= 'A' && name[0] <= 'Z' && strlen(name) <= 40 &&
           strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == strlen(name);
}

/* The shift, floor(n phi) and the offsets' clauses: x = a + d(n) where
 * .NAME[n] = @d. */
static void common_defs(sbuf *s)
{
    sb_printf(s, "reg wyshift msd_fib msd_fib \"([0,0]|[0,1][1,0])*\";\n"
                 "def wyphin \"?msd_fib (n=0 & s=0) | (n>=1 & Em,t m+1=n & $wyshift(m,t) & s=t+1)\";\n");
}

static void offset_cases(sbuf *s, const wy_automaton_info *in, const char *name)
{
    for (int64_t d = in->min_out; d <= in->max_out; d++) {
        sb_printf(s, "%s(.%s[n]=@%" PRId64 " & ", d == in->min_out ? "" : " | ", name, d);
        if (d >= 0)
            sb_printf(s, "x=a+%" PRId64 ")", d);
        else
            sb_printf(s, "x+%" PRId64 "=a)", -d);
    }
}

/* wythoff+terminal=K, value 0: the P-positions.  T: x + y <= K (no move
 * there); Q: T and the automaton's positions on the diagonals n > K with
 * their mirror images.  Q is the P-set when no move from a position of Q
 * outside T reaches Q (rows, columns, diagonals) and every position outside
 * Q has a move into Q (it is outside T, so it has moves). */
static char *terminal_proof(const wy_automaton *a, const char *name, wy_status *status, char *err, size_t errlen)
{
    const wy_automaton_info *in = wy_automaton_get_info(a);
    if (!name_ok(name)) {
        *status = wyi_fail(WY_EINVAL, err, errlen,
                           "a Walnut word automaton's name: an upper-case letter, then letters, digits or _ (at most 40)");
        return NULL;
    }
    const unsigned K = in->rules.terminal;
    sbuf s = {malloc(8192), 0, 8192};
    common_defs(&s);
    sb_printf(&s, "def wtq0 \"?msd_fib x<=y & En,a n+x=y & n>%u & $wyphin(n,a) & (", K);
    offset_cases(&s, in, name);
    sb_printf(&s, ")\";\n"
                  "def wtq \"?msd_fib x+y<=%u | $wtq0(x,y) | $wtq0(y,x)\";\n"
                  "eval wtq_rows \"?msd_fib ~(Ex,y,z y<z & x+z>%u & $wtq(x,y) & $wtq(x,z))\";\n"
                  "eval wtq_columns \"?msd_fib ~(Ex,y,z y<z & z+x>%u & $wtq(y,x) & $wtq(z,x))\";\n"
                  "eval wtq_diagonals \"?msd_fib ~(Ex,y,k k>0 & x+y+k+k>%u & $wtq(x,y) & $wtq(x+k,y+k))\";\n"
                  "eval wtq_reach \"?msd_fib Ax,y ~$wtq(x,y) => ",
              K, K, K, K);
    sb_printf(&s, dom_moves, "wtq", "wtq", "wtq");
    sb_printf(&s, "\";\n");
    /* docs/terminal.md's description: the pairs off T are (a_n, a_n + n),
     * one on each diagonal n > K (wtd_diag; one at most by wtq0's form), with
     * a_n increasing in n (wtd_order), every coordinate above K (wtd_fresh)
     * and every number above K a coordinate of exactly one pair (wtd_cover;
     * wtd_once: two pairs (x, y), (u, v) with x < u, or x = u and y < v,
     * share none: x < u <= v, so only y = u or y = v could).  Then a_n is the least number neither in 0..K nor a
     * coordinate of an earlier pair: such a number u is a coordinate of a
     * pair i >= n, so u >= a_i >= a_n. */
    sb_printf(&s,
              "eval wtd_diag \"?msd_fib An n>%u => (Ex $wtq0(x,x+n))\";\n"
              "eval wtd_order \"?msd_fib ~(Ex,u,n n>%u & $wtq0(x,x+n) & $wtq0(u,u+n+1) & u<=x)\";\n"
              "eval wtd_fresh \"?msd_fib ~(Ex,y $wtq0(x,y) & x<=%u)\";\n"
              "eval wtd_cover \"?msd_fib Av v>%u => (Ex,y $wtq0(x,y) & (x=v | y=v))\";\n"
              "eval wtd_once \"?msd_fib ~(Ex,y,u,v $wtq0(x,y) & $wtq0(u,v) & ((x=u & y<v) | (x<u & (y=u | y=v))))\";\n",
              K, K, K, K);
    if (K == 2) {
        /* paper 001's formula: the position on diagonal n + 1 (n >= 2) is
         * (floor(n phi) + g(n) - 1, floor(n (phi + 1)) + g(n)) with g in {0, 1}
         * given by its recursion (g(0) = 1, g(1) = 0; for n >= 2, g(n) = 1 - g(m)
         * when floor(n phi) = floor(m (phi + 1)) + 1, else 1): wtg(n) is "g(n) =
         * 1" read off the automaton's positions, and it satisfies the recursion,
         * which has one solution (m < n) */
        sb_printf(&s,
                  "eval wtg_range \"?msd_fib An n>=2 => (Ex,a $wtq0(x,x+n+1) & $wyphin(n,a) & (x=a | x+1=a))\";\n"
                  "def wtg \"?msd_fib n=0 | (n>=2 & Ex,a $wtq0(x,x+n+1) & $wyphin(n,a) & x=a)\";\n"
                  "def wtc \"?msd_fib Ea,b $wyphin(n,a) & $wyphin(m,b) & a=b+m+1\";\n"
                  "eval wtg_flip \"?msd_fib An,m (n>=2 & $wtc(n,m)) => ($wtg(n) <=> ~$wtg(m))\";\n"
                  "eval wtg_else \"?msd_fib An (n>=2 & ~(Em $wtc(n,m))) => $wtg(n)\";\n");
    }
    if (!s.b)
        *status = wyi_fail(WY_ERANGE, err, errlen, "out of memory for the Walnut file");
    return s.b;
}

char *wy_automaton_walnut_proof(const wy_automaton *a, const char *name, const wy_pos *small, size_t nsmall,
                                wy_status *status, char *err, size_t errlen)
{
    const wy_automaton_info *in = wy_automaton_get_info(a);
    *status = WY_OK;
    const wy_rules *r = &in->rules;
    char rules_text[128];
    wy_rules_format(rules_text, sizeof rules_text, r);
    const int wyt = r->game == WY_GAME_WYTHOFF && !r->passes && !r->heap && !r->max && !r->mod && !r->misere;
    if (wyt && r->has_terminal && in->value == 0 && r->terminal < 1000000)
        return terminal_proof(a, name, status, err, errlen);
    if (!wyt || r->has_terminal || in->value != 1) {
        *status = wyi_fail(WY_EINVAL, err, errlen,
                           "the Walnut proof is written for the value-1 layer of wythoff and the P-positions of wythoff+terminal=K (this automaton: value %" PRIu64
                           " of %s)",
                           in->value, rules_text);
        return NULL;
    }
    if (!name || !name[0] || name[0] < 'A' || name[0] > 'Z' || strlen(name) > 40 ||
        strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != strlen(name)) {
        *status = wyi_fail(WY_EINVAL, err, errlen,
                           "a Walnut word automaton's name: an upper-case letter, then letters, digits or _ (at most 40)");
        return NULL;
    }
    sbuf s = {malloc(8192), 0, 8192};
    sb_printf(&s,
              "reg wyshift msd_fib msd_fib \"([0,0]|[0,1][1,0])*\";\n"
              "def wyphin \"?msd_fib (n=0 & s=0) | (n>=1 & Em,t m+1=n & $wyshift(m,t) & s=t+1)\";\n"
              "def wyp \"?msd_fib Ez $wyphin(z,x) & y=x+z\";\n"
              "def wypp \"?msd_fib $wyp(x,y) | $wyp(y,x)\";\n"
              "eval wyp_origin \"?msd_fib $wypp(0,0)\";\n"
              "eval wyp_rows \"?msd_fib ~(Ex,y,z y<z & $wypp(x,y) & $wypp(x,z))\";\n"
              "eval wyp_diagonals \"?msd_fib ~(Ex,y,k k>0 & $wypp(x,y) & $wypp(x+k,y+k))\";\n");
    sb_printf(&s, "eval wyp_reach \"?msd_fib Ax,y ~$wypp(x,y) => ");
    sb_printf(&s, dom_moves, "wypp", "wypp", "wypp");
    sb_printf(&s, "\";\n"
                  "def wys1u \"?msd_fib x<=y & En,a n+x=y & $wyphin(n,a) & (");
    for (int64_t d = in->min_out; d <= in->max_out; d++) {
        sb_printf(&s, "%s(.%s[n]=@%" PRId64 " & ", d == in->min_out ? "" : " | ", name, d);
        if (d >= 0)
            sb_printf(&s, "x=a+%" PRId64 ")", d);
        else
            sb_printf(&s, "x+%" PRId64 "=a)", -d);
    }
    sb_printf(&s, ")\";\n"
                  "def wys1 \"?msd_fib $wys1u(x,y) | $wys1u(y,x)\";\n"
                  "eval wys1_avoids_p \"?msd_fib ~(Ex,y $wys1(x,y) & $wypp(x,y))\";\n"
                  "eval wys1_rows \"?msd_fib ~(Ex,y,z y<z & $wys1(x,y) & $wys1(x,z))\";\n"
                  "eval wys1_diagonals \"?msd_fib ~(Ex,y,k k>0 & $wys1(x,y) & $wys1(x+k,y+k))\";\n"
                  "eval wys1_reach \"?msd_fib Ax,y (~$wypp(x,y) & ~$wys1(x,y)) => ");
    sb_printf(&s, dom_moves, "wys1", "wys1", "wys1");
    sb_printf(&s, "\";\n");
    wy_pos own[81];
    if (!small) {
        /* the P-positions of wythoff+pass with the pass in x, y <= 8, from the
         * table engine: the exceptions Q lists */
        wy_rules pr;
        wy_table *t = NULL;
        wy_rules_parse(&pr, "wythoff+pass", NULL, 0);
        wy_status ts = wy_table_compute(&t, &pr, 9, 9, wy_side_start(&pr), 0, err, errlen);
        if (ts != WY_OK) {
            free(s.b);
            *status = ts;
            return NULL;
        }
        nsmall = 0;
        for (uint32_t x = 0; x < 9; x++)
            for (uint32_t y = 0; y < 9; y++)
                if (wy_table_get(t, x, y, wy_side_start(&pr)) == 0)
                    own[nsmall++] = (wy_pos){x, y};
        wy_table_free(t);
        small = own;
    }
    {
        sb_printf(&s, "def wyq \"?msd_fib ($wys1(x,y) & (x>=9 | y>=9))");
        for (size_t i = 0; i < nsmall; i++)
            sb_printf(&s, " | (x=%" PRIu32 " & y=%" PRIu32 ")", small[i].x, small[i].y);
        sb_printf(&s, "\";\n"
                      "eval wyq_rows \"?msd_fib ~(Ex,y,z y<z & $wyq(x,y) & $wyq(x,z))\";\n"
                      "eval wyq_columns \"?msd_fib ~(Ex,y,z y<z & $wyq(y,x) & $wyq(z,x))\";\n"
                      "eval wyq_diagonals \"?msd_fib ~(Ex,y,k k>0 & $wyq(x,y) & $wyq(x+k,y+k))\";\n"
                      "eval wyq_no_pass \"?msd_fib ~(Ex,y $wyq(x,y) & $wypp(x,y) & (x>0 | y>0))\";\n"
                      "eval wyq_reach \"?msd_fib Ax,y (~$wyq(x,y) & ~($wypp(x,y) & (x>0 | y>0))) => ");
        sb_printf(&s, dom_moves, "wyq", "wyq", "wyq");
        sb_printf(&s, "\";\n");
    }
    if (!s.b)
        *status = wyi_fail(WY_ERANGE, err, errlen, "out of memory for the Walnut file");
    return s.b;
}
