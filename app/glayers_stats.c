/* glayers_stats.c - the statistics of the offsets of `wythoff glayers`
 * (docs/glayers.md): their range, where each extreme last occurs, the tail,
 * the histogram, and how the offsets around the Fibonacci numbers agree;
 * and the summary of all values in text, CSV or JSON.
 *
 * Convergence around the Fibonacci numbers: the agreement radius r(k, s),
 * s = 1, 2, is the least r >= 0 with d_(F_k + m) != d_(F_(k+s) + m) for m = r
 * or m = -r - 1 (F_2 = 1, F_3 = 2, F_4 = 3, ...): the offsets around F_k and
 * F_(k+s) agree for -r <= m < r.  Computed for every k with F_k >= GL_FMIN
 * and F_(k+s) < count (r capped where either window leaves 0..count-1:
 * marked as such).
 */
#include "glayers.h"

#include <stdlib.h>
#include <string.h>

#define GL_FMIN 100

static uint64_t fib(int k) /* F_k, F_1 = F_2 = 1 */
{
    uint64_t a = 1, b = 1;
    for (int i = 2; i < k; i++) {
        uint64_t t = a + b;
        a = b;
        b = t;
    }
    return b;
}

/* The largest n < count with d[n] == v (v occurs): blocks of 64 tested at
 * once from the end. */
static uint64_t last_of(const int8_t *d, uint64_t count, int v)
{
    uint64_t n = count;
    while (n % 64)
        if (d[--n] == v)
            return n;
    for (; n; n -= 64) {
        const int8_t *b = d + n - 64;
        int any = 0;
        for (int j = 0; j < 64; j++)
            any |= b[j] == v;
        if (any)
            for (int j = 63; j >= 0; j--)
                if (b[j] == v)
                    return n - 64 + (uint64_t)j;
    }
    return 0; /* not reached: v occurs */
}

void gl_analyze(gl_stats *s, const int8_t *d, uint64_t count)
{
    /* the histogram in four parts (no store waiting on the one before),
     * the extremes from it */
    uint64_t h4[4][256] = {{0}};
    uint64_t n = 0;
    for (; n + 4 <= count; n += 4) {
        h4[0][d[n] + 128]++;
        h4[1][d[n + 1] + 128]++;
        h4[2][d[n + 2] + 128]++;
        h4[3][d[n + 3] + 128]++;
    }
    for (; n < count; n++)
        h4[0][d[n] + 128]++;
    s->lo = 127;
    s->hi = -128;
    for (int v = 0; v < 256; v++) {
        s->hist[v] = h4[0][v] + h4[1][v] + h4[2][v] + h4[3][v];
        if (s->hist[v]) {
            if (v - 128 < s->lo)
                s->lo = v - 128;
            s->hi = v - 128;
        }
    }
    int tlo = d[count / 2], thi = d[count / 2];
    for (n = count / 2; n < count; n++) {
        tlo = d[n] < tlo ? d[n] : tlo;
        thi = d[n] > thi ? d[n] : thi;
    }
    s->tlo = tlo;
    s->thi = thi;
    s->lo_n = last_of(d, count, s->lo);
    s->hi_n = last_of(d, count, s->hi);
    s->kfirst = 0;
    for (int sh = 1; sh <= 2; sh++) {
        s->klast[sh - 1] = 0;
        for (int k = 2; k + sh < GL_MAXK; k++) {
            uint64_t f = fib(k), f2 = fib(k + sh);
            if (f < GL_FMIN)
                continue;
            if (f2 >= count)
                break;
            if (!s->kfirst)
                s->kfirst = k;
            s->klast[sh - 1] = k;
            uint64_t r = 0;
            int cap = 0;
            for (;; r++) {
                if (f2 + r >= count || r + 1 > f) {
                    cap = 1;
                    break;
                }
                if (d[f + r] != d[f2 + r] || d[f - r - 1] != d[f2 - r - 1])
                    break;
            }
            s->rad[sh - 1][k] = r;
            s->capped[sh - 1][k] = cap;
        }
    }
}

/* ------------------------------------------------------------------ */
/* The summary                                                          */
/* ------------------------------------------------------------------ */

static void out_head(cli_out *o, const char *fmt, uint64_t size, uint64_t G)
{
    if (strcmp(fmt, "csv") == 0) {
        cli_out_prov_line(o, "# ", "");
        cli_out_str(o, "g,positions,count,beyond,offset_min,offset_max,n_min_last,n_max_last,max_abs,tail_min,tail_max,"
                       "radii_s1,radii_s2\n");
    } else if (strcmp(fmt, "json") == 0) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
        cli_out_fmt(o, "\"rules\":\"wythoff\",\"size\":%llu,\"values\":%llu,\"layers\":[",
                    (unsigned long long)size, (unsigned long long)G);
    } else
        cli_out_fmt(o,
                    "g-positions (a_n^g, b_n^g), b - a = n, of wythoff in the window 0 <= x, y < %llu, values 0..%llu\n"
                    "offset d_n = a_n^g - a_n = b_n^g - b_n from the P-position (a_n, b_n) = (floor(n phi), floor(n "
                    "phi) + n)\n"
                    "r(k, s): the offsets around F_k and F_(k+s) agree, d_(F_k + m) = d_(F_(k+s) + m) for -r <= m < r "
                    "(F_k Fibonacci, F_2 = 1; '+': the data ends there);\nshown for the last four k, s = 2\n"
                    "tail: the least and largest offset for n >= count / 2\n"
                    "   g      count  d_min  d_max   last n(d_min)   last n(d_max)   tail   r(k, 2) for the last k\n",
                    (unsigned long long)size, (unsigned long long)G);
}

/* "k:r k:r ..." for s (0-based i) and the k from k0 on. */
static void radii_text(cli_out *o, const gl_stats *s, int i, int k0, const char *sep)
{
    int any = 0;
    for (int k = k0 < s->kfirst ? s->kfirst : k0; s->kfirst && k <= s->klast[i]; k++) {
        cli_out_fmt(o, "%s%d:%llu%s", any ? sep : "", k, (unsigned long long)s->rad[i][k], s->capped[i][k] ? "+" : "");
        any = 1;
    }
}

static void out_stats(cli_out *o, const char *fmt, const gl_stats *s, int first)
{
    int m = s->hi > -s->lo ? s->hi : -s->lo;
    unsigned long long g = s->g;
    if (strcmp(fmt, "csv") == 0) {
        cli_out_fmt(o, "%llu,%llu,%llu,%llu,%d,%d,%llu,%llu,%d,%d,%d,", g, (unsigned long long)s->positions,
                    (unsigned long long)s->count, (unsigned long long)s->beyond, s->lo, s->hi,
                    (unsigned long long)s->lo_n, (unsigned long long)s->hi_n, m, s->tlo, s->thi);
        radii_text(o, s, 0, 0, " ");
        cli_out_char(o, ',');
        radii_text(o, s, 1, 0, " ");
        cli_out_char(o, '\n');
    } else if (strcmp(fmt, "json") == 0) {
        cli_out_fmt(o,
                    "%s{\"g\":%llu,\"positions\":%llu,\"count\":%llu,\"beyond\":%llu,\"offset_min\":%d,\"offset_max\":%d,\"n_min_last\":"
                    "%llu,\"n_max_last\":%llu,\"max_abs\":%d,\"tail_min\":%d,\"tail_max\":%d,",
                    first ? "" : ",", g, (unsigned long long)s->positions, (unsigned long long)s->count,
                    (unsigned long long)s->beyond, s->lo, s->hi, (unsigned long long)s->lo_n,
                    (unsigned long long)s->hi_n, m, s->tlo, s->thi);
        for (int i = 0; i < 2; i++) {
            cli_out_fmt(o, "\"radii_s%d\":[", i + 1);
            for (int k = s->kfirst; s->kfirst && k <= s->klast[i]; k++)
                cli_out_fmt(o, "%s{\"k\":%d,\"F_k\":%llu,\"r\":%llu,\"capped\":%s}", k > s->kfirst ? "," : "", k,
                            (unsigned long long)fib(k), (unsigned long long)s->rad[i][k],
                            s->capped[i][k] ? "true" : "false");
            cli_out_str(o, "],");
        }
        cli_out_str(o, "\"histogram\":{");
        int k = 0;
        for (int v = 0; v < 256; v++)
            if (s->hist[v])
                cli_out_fmt(o, "%s\"%d\":%llu", k++ ? "," : "", v - 128, (unsigned long long)s->hist[v]);
        cli_out_str(o, "}}");
    } else {
        char tail[32];
        snprintf(tail, sizeof tail, "%d..%d", s->tlo, s->thi);
        cli_out_fmt(o, "%4llu %10llu %6d %6d %15llu %15llu %8s   ", g, (unsigned long long)s->count, s->lo, s->hi,
                    (unsigned long long)s->lo_n, (unsigned long long)s->hi_n, tail);
        radii_text(o, s, 1, s->klast[1] - 3, "  ");
        cli_out_char(o, '\n');
    }
}

static void out_tail(cli_out *o, const char *fmt, const gl_stats *all, uint64_t n, uint64_t size)
{
    if (strcmp(fmt, "json") == 0) {
        cli_out_str(o, "]}\n");
        return;
    }
    if (strcmp(fmt, "csv") == 0 || n == 0)
        return;
    uint64_t least = UINT64_MAX;
    for (uint64_t i = 0; i < n; i++)
        if (all[i].count < least)
            least = all[i].count;
    /* rows: row x holds one g-position; it is (a_n^g, b_n^g) or its mirror,
     * in the window iff the other coordinate is below size */
    cli_out_fmt(o,
                "complete: every value's g-positions (a_n^g, b_n^g) for n < %llu (each layer's count; beyond it, "
                "some diagonals' positions fall outside the window); the positions listed are all those with "
                "max(x, y) < %llu\n",
                (unsigned long long)least, (unsigned long long)size);
}

int gl_summary(cli_config *c, gl_stats *st, uint64_t size, uint64_t G1, int rc)
{
    if (rc) {
        free(st);
        return rc;
    }
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        free(st);
        return rc;
    }
    out_head(&o, c->format, size, G1 - 1);
    for (uint64_t g = 0; g < G1; g++)
        out_stats(&o, c->format, &st[g], g == 0);
    out_tail(&o, c->format, st, G1, size);
    free(st);
    return cli_finish(&o, &sink, 0);
}
