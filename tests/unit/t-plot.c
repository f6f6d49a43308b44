/*
 * t-plot - the picture library (include/wythoff_plot.h) at the API level.
 *
 *  1. wy_plot_layout refuses bad specs with WY_EINVAL and a message (no
 *     games, four games, an unknown style or format, two games on a heatmap
 *     or a table, an empty window, a game without rules, a side state
 *     outside the rules, a value on a heatmap, a table above 64, a heatmap
 *     above 16384, cells out of range, a picture above 32768 pixels, a
 *     title an SVG cannot hold: not UTF-8, overlong, surrogates, control
 *     characters, U+FFFE/U+FFFF, beyond U+10FFFF); good UTF-8 titles (also
 *     one of 600 bytes ending in a 2-byte character) are not refused as
 *     "not UTF-8";
 *     wy_plot_estimate is 0 for each and wy_plot returns WY_EINVAL without
 *     writing a byte.  Good specs: the limits themselves are accepted.
 *  2. wy_plot into a memory buffer, every style and format, several windows
 *     and rulesets (threads 0, 1 and 2): the PNG's signature and IHDR (read
 *     here from the bytes) have the layout's width and height, 8-bit RGB;
 *     the tEXt "wythoff-geometry" and the SVG's <desc id="wythoff-geometry">
 *     hold the layout's numbers; the SVG's width/height are the layout's;
 *     the same spec gives the same bytes twice and with 1 or 2 threads.
 *  3. The PNG heatmap decoded with libpng's reading API: every pixel of
 *     every cell has the colour of the naive reference's value (tests/naive)
 *     on the scale of pl_palette_seq; P-positions have entry 0.
 *  4. A write callback that fails (on its first call, or later) gives
 *     WY_EINVAL "write error", and is not called again after failing.
 *  5. mem_limit below wy_plot_estimate: WY_ERANGE before any write; at the
 *     estimate: success.
 *  6. A progress function that returns nonzero: WY_ECANCELED and no write,
 *     for a heatmap and a table (table engine), a dot plot of a game the
 *     layer engine covers and of one it does not (streamed table), with 1
 *     and 2 threads; ASan checks that nothing leaks.
 *  7. wy_plot_heat_rgb: vmax 0 gives entry 0; v * 255 / vmax (computed here
 *     in 128 bits) for many v and vmax up to UINT64_MAX, so entry 0 at 0,
 *     entry 255 at vmax, monotone; wy_plot_set_rgb(m) = pl_palette_sets[m-1].
 *  8. wy_plot_tile_values against a reading of every position here (one
 *     wy_table_get each): random rulesets (seeded), tables of random shape
 *     up to 150 x 150 and a second ruleset's table of another shape, zooms
 *     -2..5, tiles 0..3 a side, tile sizes 1..70 pixels: every pixel's value
 *     is the table's value at the block's corner, its marks say whether
 *     the block holds a P-position of each table (clipped to that table),
 *     and pixels beyond the first table are WY_TILE_BEYOND with value 0.
 *
 * Under the sanitizers (WY_TEST_SAN=1, tk_test_san) the large windows are
 * smaller, with the same code paths (blocks of positions above 800, SVG
 * tiles above 16384 cells, streamed tables): 2: 150 x 100 instead of 300 x
 * 200, 1000 x 400 instead of 3000 x 1000; 4: 200 instead of 1100; 5: 500,
 * 20000 and 1000 instead of 2000, 100000 and 3000.
 *
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/plot/palette.h"
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"
#include "wythoff_plot.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int san; /* tk_test_san(): smaller windows */

/* n, or `small` under the sanitizers. */
static uint32_t sz(uint32_t n, uint32_t small) { return san ? small : n; }

static int parse(wy_rules *r, const char *text)
{
    char err[WY_ERRLEN];
    if (wy_rules_parse(r, text, err, sizeof err) != WY_OK) {
        printf("FAIL parse %s: %s\n", text, err);
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* writers                                                             */
/* ------------------------------------------------------------------ */

typedef struct {
    unsigned char *p;
    size_t len, cap;
    unsigned long calls;
    unsigned long fail_at;      /* fail on this call (1-based); 0 never */
    unsigned long after_fail;   /* calls after the failing one */
    int failed;
} sink;

static int sink_write(void *ctx, const void *data, size_t len)
{
    sink *k = ctx;
    k->calls++;
    if (k->failed) {
        k->after_fail++;
        return 1;
    }
    if (k->fail_at && k->calls >= k->fail_at) {
        k->failed = 1;
        return 1;
    }
    if (k->len + len > k->cap) {
        size_t nc = k->cap ? k->cap : 4096;
        while (nc < k->len + len)
            nc *= 2;
        unsigned char *q = realloc(k->p, nc);
        if (!q)
            return 1;
        k->p = q;
        k->cap = nc;
    }
    memcpy(k->p + k->len, data, len);
    k->len += len;
    return 0;
}

static void sink_free(sink *k)
{
    free(k->p);
    memset(k, 0, sizeof *k);
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The text of tEXt chunk `key` of a PNG, into out (empty when absent). */
static void png_text_of(const unsigned char *p, size_t n, const char *key, char *out, size_t outlen)
{
    out[0] = '\0';
    size_t i = 8, kl = strlen(key);
    while (i + 12 <= n) {
        uint32_t len = be32(p + i);
        if (i + 12 + (size_t)len > n)
            return;
        if (memcmp(p + i + 4, "tEXt", 4) == 0 && len > kl && memcmp(p + i + 8, key, kl) == 0 && p[i + 8 + kl] == 0) {
            size_t tl = len - kl - 1;
            if (tl >= outlen)
                tl = outlen - 1;
            memcpy(out, p + i + 8 + kl + 1, tl);
            out[tl] = '\0';
            return;
        }
        i += 12 + (size_t)len;
    }
}

/* "key=N" in a geometry text: N, or -1. */
static long long geom_get(const char *text, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, " %s=", key);
    char buf[600];
    snprintf(buf, sizeof buf, " %s", text);
    const char *q = strstr(buf, pat);
    if (!q)
        return -1;
    return strtoll(q + strlen(pat), NULL, 10);
}

static int geom_matches(tk_group *grp, const char *what, const char *text, const wy_plot_geometry *g,
                        const wy_plot_spec *sp)
{
    static const char *const styles[] = {"heatmap", "ppos", "table"};
    const struct {
        const char *key;
        long long want;
    } items[] = {{"rows", sp->rows},       {"cols", sp->cols},        {"width", g->width},
                 {"height", g->height},    {"left", g->left},         {"top", g->top},
                 {"cell", g->cell},        {"block", g->block},       {"cells-x", g->cells_x},
                 {"cells-y", g->cells_y}};
    int ok = 1;
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
        long long got = geom_get(text, items[i].key);
        if (got != items[i].want) {
            tk_fail(grp, "%s: geometry text '%s' has %s=%lld, layout %lld", what, text, items[i].key, got,
                    items[i].want);
            ok = 0;
        }
    }
    char st[32];
    snprintf(st, sizeof st, "style=%s ", styles[sp->style]);
    if (strncmp(text, st, strlen(st)) != 0) {
        tk_fail(grp, "%s: geometry text '%s' does not start with '%s'", what, text, st);
        ok = 0;
    }
    return ok;
}

/* ------------------------------------------------------------------ */
/* 1. bad specs                                                        */
/* ------------------------------------------------------------------ */

static wy_plot_spec base_spec(const wy_rules *r, wy_plot_style style, uint32_t n)
{
    wy_plot_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.style = style;
    sp.format = WY_PLOT_PNG;
    sp.rows = sp.cols = n;
    sp.ngames = 1;
    sp.games[0].rules = r;
    sp.games[0].side = wy_side_start(r);
    return sp;
}

static int check_bad_specs(void)
{
    tk_group grp = {"wy_plot_layout/estimate/plot refuse bad specs with WY_EINVAL and a message, writing nothing", 0, 0};
    wy_rules w, wp;
    if (!parse(&w, "wythoff") || !parse(&wp, "wythoff+pass"))
        return 1;
    enum { NB = 28 };
    wy_plot_spec bad[NB];
    const char *why[NB];
    int n = 0;
#define BAD(text, expr)                                                                                               \
    do {                                                                                                              \
        bad[n] = base_spec(&w, WY_PLOT_HEATMAP, 16);                                                                  \
        wy_plot_spec *s = &bad[n];                                                                                    \
        expr;                                                                                                         \
        why[n++] = text;                                                                                              \
    } while (0)
    BAD("no games", s->ngames = 0);
    BAD("four games", (s->style = WY_PLOT_PPOS, s->ngames = 4));
    BAD("unknown style", s->style = (wy_plot_style)7);
    BAD("unknown format", s->format = (wy_plot_format)9);
    BAD("two games on a heatmap", (s->ngames = 2, s->games[1] = s->games[0]));
    BAD("two games on a table", (s->style = WY_PLOT_TABLE, s->ngames = 2, s->games[1] = s->games[0]));
    BAD("zero rows", s->rows = 0);
    BAD("zero cols", s->cols = 0);
    BAD("no rules", s->games[0].rules = NULL);
    BAD("a pass left in a game without passes", s->games[0].side.pass = 1);
    BAD("two passes left in wythoff+pass", (s->games[0].rules = &wp, s->games[0].side.pass = 2));
    BAD("a value on a heatmap", s->value = 1);
    BAD("a table of 65 columns", (s->style = WY_PLOT_TABLE, s->rows = 3, s->cols = 65));
    BAD("a heatmap of 16385 rows", (s->rows = 16385, s->cols = 2));
    BAD("heatmap cell 65", s->cell = 65);
    BAD("table cell 129", (s->style = WY_PLOT_TABLE, s->cell = 129));
    BAD("table cell 8 for 2-digit numbers", (s->style = WY_PLOT_TABLE, s->cell = 8));
    BAD("a dot plot 60000 pixels wide", (s->style = WY_PLOT_PPOS, s->rows = s->cols = 3000, s->cell = 20));
    BAD("a heatmap 16384 x 16384 at 2 pixels", (s->rows = s->cols = 16384, s->cell = 2));
    BAD("a value on a table", (s->style = WY_PLOT_TABLE, s->value = 2));
    /* titles an SVG (UTF-8 XML) cannot hold */
    BAD("a Latin-1 title", s->title = "caf\xe9");
    BAD("a title with an overlong encoding", s->title = "a\xc0\xaf");
    BAD("a title with a surrogate", s->title = "a\xed\xa0\x80");
    BAD("a title with a control character", s->title = "a\x01b");
    BAD("a title with a truncated sequence", s->title = "ab\xe2\x88");
    BAD("a title with U+FFFE (not an XML character)", s->title = "a\xef\xbf\xbe");
    BAD("a title with U+FFFF (not an XML character)", s->title = "a\xef\xbf\xbf");
    BAD("a title beyond U+10FFFF", s->title = "a\xf4\x90\x80\x80");
#undef BAD
    for (int i = 0; i < n; i++) {
        char err[WY_ERRLEN] = "";
        wy_plot_geometry g;
        grp.cases++;
        wy_status st = wy_plot_layout(&bad[i], &g, err, sizeof err);
        if (st != WY_EINVAL || !err[0])
            tk_fail(&grp, "%s: wy_plot_layout status %d, message '%s'", why[i], st, err);
        if (wy_plot_estimate(&bad[i]) != 0)
            tk_fail(&grp, "%s: wy_plot_estimate %llu, expected 0", why[i],
                    (unsigned long long)wy_plot_estimate(&bad[i]));
        sink k = {0};
        err[0] = '\0';
        st = wy_plot(&bad[i], NULL, sink_write, &k, err, sizeof err);
        if (st != WY_EINVAL || !err[0] || k.calls)
            tk_fail(&grp, "%s: wy_plot status %d, message '%s', %lu writes", why[i], st, err, k.calls);
        sink_free(&k);
    }
    /* the limits themselves are fine (layout only: nothing computed) */
    wy_plot_spec good[6];
    good[0] = base_spec(&w, WY_PLOT_TABLE, 64);
    good[1] = base_spec(&w, WY_PLOT_HEATMAP, 16384);
    good[2] = base_spec(&w, WY_PLOT_PPOS, 100);
    good[2].cell = 64;
    good[3] = base_spec(&w, WY_PLOT_TABLE, 3);
    good[3].cell = 128;
    good[4] = base_spec(&w, WY_PLOT_PPOS, 20);
    good[4].ngames = 3;
    good[4].games[1] = good[4].games[2] = good[4].games[0];
    good[4].value = UINT64_MAX;
    good[5] = base_spec(&wp, WY_PLOT_HEATMAP, 10);
    good[5].games[0].side.pass = 0;
    for (int i = 0; i < 6; i++) {
        char err[WY_ERRLEN] = "";
        wy_plot_geometry g;
        grp.cases++;
        wy_status st = wy_plot_layout(&good[i], &g, err, sizeof err);
        if (st != WY_OK)
            tk_fail(&grp, "good spec #%d refused: %s", i, err);
        else if (wy_plot_estimate(&good[i]) == 0)
            tk_fail(&grp, "good spec #%d: estimate 0", i);
    }
    /* good UTF-8 titles, of any length the picture can hold */
    {
        static char long_title[1200];
        memset(long_title, 'a', 598);
        strcpy(long_title + 598, "\xc3\xa9"); /* e acute on bytes 598-599 */
        const char *titles[] = {"caf\xc3\xa9 \xe2\x88\x9e \xf0\x9f\x98\x80", "", long_title};
        for (int i = 0; i < 3; i++) {
            wy_plot_spec sp = base_spec(&w, WY_PLOT_HEATMAP, 8);
            sp.format = WY_PLOT_SVG;
            sp.title = titles[i];
            char err[WY_ERRLEN] = "";
            wy_plot_geometry g;
            grp.cases++;
            if (wy_plot_layout(&sp, &g, err, sizeof err) != WY_OK && strstr(err, "UTF-8"))
                tk_fail(&grp, "good UTF-8 title #%d (%zu bytes) refused: %s", i, strlen(titles[i]), err);
        }
    }
    /* no writer */
    {
        wy_plot_spec sp = base_spec(&w, WY_PLOT_HEATMAP, 8);
        char err[WY_ERRLEN] = "";
        grp.cases++;
        if (wy_plot(&sp, NULL, NULL, NULL, err, sizeof err) != WY_EINVAL || !err[0])
            tk_fail(&grp, "a NULL writer is not refused (message '%s')", err);
    }
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* 2. memory output, geometry                                          */
/* ------------------------------------------------------------------ */

/* Plot sp into k (fresh); 1 on success. */
static int plot_mem(tk_group *grp, const char *what, const wy_plot_spec *sp, unsigned threads, sink *k)
{
    char err[WY_ERRLEN] = "";
    memset(k, 0, sizeof *k);
    wy_run run = {threads, NULL, NULL, 0};
    wy_status st = wy_plot(sp, &run, sink_write, k, err, sizeof err);
    if (st != WY_OK) {
        tk_fail(grp, "%s: wy_plot status %d: %s", what, st, err);
        return 0;
    }
    return 1;
}

static void check_picture(tk_group *grp, const char *what, const wy_plot_spec *sp, const sink *k)
{
    wy_plot_geometry g;
    char err[WY_ERRLEN];
    if (wy_plot_layout(sp, &g, err, sizeof err) != WY_OK) {
        tk_fail(grp, "%s: layout: %s", what, err);
        return;
    }
    grp->cases++;
    if (sp->format == WY_PLOT_PNG) {
        static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        if (k->len < 33 || memcmp(k->p, sig, 8) != 0 || memcmp(k->p + 12, "IHDR", 4) != 0 || be32(k->p + 8) != 13) {
            tk_fail(grp, "%s: not a PNG starting with IHDR (%zu bytes)", what, k->len);
            return;
        }
        uint32_t w = be32(k->p + 16), h = be32(k->p + 20);
        if (w != g.width || h != g.height)
            tk_fail(grp, "%s: IHDR %u x %u, layout %u x %u", what, w, h, g.width, g.height);
        if (k->p[24] != 8 || k->p[25] != 2 || k->p[28] != 0)
            tk_fail(grp, "%s: IHDR depth %u colour type %u interlace %u, expected 8-bit RGB, none", what, k->p[24],
                    k->p[25], k->p[28]);
        if (memcmp(k->p + k->len - 8, "IEND", 4) != 0)
            tk_fail(grp, "%s: the PNG does not end with IEND", what);
        char text[600];
        png_text_of(k->p, k->len, "wythoff-geometry", text, sizeof text);
        if (!text[0])
            tk_fail(grp, "%s: no tEXt wythoff-geometry", what);
        else
            geom_matches(grp, what, text, &g, sp);
    } else {
        char *s = malloc(k->len + 1);
        if (!s) {
            tk_fail(grp, "%s: out of memory", what);
            return;
        }
        memcpy(s, k->p, k->len);
        s[k->len] = '\0';
        char want[128];
        snprintf(want, sizeof want, " width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\"", g.width, g.height, g.width,
                 g.height);
        if (strncmp(s, "<?xml", 5) != 0 || !strstr(s, "<svg"))
            tk_fail(grp, "%s: not an SVG", what);
        else if (!strstr(s, want))
            tk_fail(grp, "%s: the svg element lacks '%s'", what, want);
        const char *d = strstr(s, "<desc id=\"wythoff-geometry\">");
        if (!d) {
            tk_fail(grp, "%s: no <desc id=\"wythoff-geometry\">", what);
        } else {
            d += strlen("<desc id=\"wythoff-geometry\">");
            const char *e = strstr(d, "</desc>");
            char text[600];
            size_t n = e ? (size_t)(e - d) : 0;
            if (n >= sizeof text)
                n = sizeof text - 1;
            memcpy(text, d, n);
            text[n] = '\0';
            geom_matches(grp, what, text, &g, sp);
        }
        if (k->len < 7 || strcmp(s + k->len - 7, "</svg>\n") != 0)
            tk_fail(grp, "%s: the SVG does not end with </svg>", what);
        free(s);
    }
}

static int check_memory_output(void)
{
    tk_group grp = {"wy_plot into memory: PNG IHDR and SVG size = layout, geometry text = layout, "
                    "same bytes twice and with 1 or 2 threads",
                    0, 0};
    static const struct {
        const char *rules[3];
        unsigned ngames;
        wy_plot_style style;
        uint32_t rows, cols;
        unsigned cell;
        uint64_t value;
    } cases[] = {
        {{"wythoff"}, 1, WY_PLOT_HEATMAP, 24, 24, 0, 0},
        {{"wythoff+pass"}, 1, WY_PLOT_HEATMAP, 10, 17, 3, 0},
        {{"nim+heap=2"}, 1, WY_PLOT_HEATMAP, 300, 200, 0, 0},
        {{"wythoff"}, 1, WY_PLOT_HEATMAP, 1, 1, 0, 0},
        {{"wythoff"}, 1, WY_PLOT_HEATMAP, 1000, 50, 0, 0},
        {{"wythoff", "wythoff+pass", "nim"}, 3, WY_PLOT_PPOS, 40, 40, 0, 1},
        {{"wythoff", "wythoff+max=3"}, 2, WY_PLOT_PPOS, 3000, 1000, 0, 0},
        {{"wythoff+misere"}, 1, WY_PLOT_PPOS, 50, 50, 2, 0},
        {{"wythoff+pass"}, 1, WY_PLOT_TABLE, 9, 9, 0, 0},
        {{"wythoff"}, 1, WY_PLOT_TABLE, 64, 5, 0, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wy_rules r[3];
        int ok = 1;
        for (unsigned i = 0; i < cases[c].ngames; i++)
            ok &= parse(&r[i], cases[c].rules[i]);
        if (!ok)
            return 1;
        for (int f = 0; f < 2; f++) {
            wy_plot_spec sp = base_spec(&r[0], cases[c].style, 1);
            sp.format = f ? WY_PLOT_SVG : WY_PLOT_PNG;
            sp.rows = cases[c].rows;
            sp.cols = cases[c].cols;
            if (san && sp.rows * sp.cols > 50000) { /* 300 x 200 -> 150 x 100, 3000 x 1000 -> 1000 x 400 */
                sp.rows = sp.rows > 800 ? 1000 : sp.rows / 2;
                sp.cols = sp.rows > 800 ? 400 : sp.cols / 2;
            }
            sp.cell = cases[c].cell;
            sp.value = cases[c].value;
            sp.ngames = cases[c].ngames;
            for (unsigned i = 0; i < sp.ngames; i++) {
                sp.games[i].rules = &r[i];
                sp.games[i].side = wy_side_start(&r[i]);
            }
            char what[200];
            snprintf(what, sizeof what, "%s%s style %d %ux%u %s", cases[c].rules[0], sp.ngames > 1 ? " ..." : "",
                     (int)sp.style, sp.rows, sp.cols, f ? "svg" : "png");
            sink a, b, t;
            if (!plot_mem(&grp, what, &sp, 2, &a))
                continue;
            check_picture(&grp, what, &sp, &a);
            if (plot_mem(&grp, what, &sp, 2, &b)) {
                grp.cases++;
                if (a.len != b.len || memcmp(a.p, b.p, a.len) != 0)
                    tk_fail(&grp, "%s: two runs give different bytes", what);
            }
            if (plot_mem(&grp, what, &sp, 1, &t)) {
                grp.cases++;
                if (a.len != t.len || memcmp(a.p, t.p, a.len) != 0)
                    tk_fail(&grp, "%s: 1 and 2 threads give different bytes", what);
            }
            sink_free(&a);
            sink_free(&b);
            sink_free(&t);
        }
    }
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* 3. the PNG heatmap decoded, against the naive reference             */
/* ------------------------------------------------------------------ */

static void heat_vs_naive(tk_group *grp, const char *text, uint32_t R, uint32_t C, unsigned cell)
{
    wy_rules r;
    if (!parse(&r, text)) {
        grp->failed++;
        return;
    }
    wy_plot_spec sp = base_spec(&r, WY_PLOT_HEATMAP, 1);
    sp.rows = R;
    sp.cols = C;
    sp.cell = cell;
    wy_plot_geometry g;
    char err[WY_ERRLEN];
    if (wy_plot_layout(&sp, &g, err, sizeof err) != WY_OK) {
        tk_fail(grp, "%s: layout: %s", text, err);
        return;
    }
    uint32_t *ref = malloc((size_t)R * C * sizeof *ref);
    sink k;
    if (!ref || naive_table(ref, &r, R, C, r.passes, r.heap) != 0) {
        tk_fail(grp, "%s: naive_table failed", text);
        free(ref);
        return;
    }
    if (!plot_mem(grp, text, &sp, 2, &k)) {
        free(ref);
        return;
    }
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    unsigned char *px = NULL;
    if (!png_image_begin_read_from_memory(&im, k.p, k.len)) {
        tk_fail(grp, "%s: libpng cannot read the PNG: %s", text, im.message);
        goto out;
    }
    im.format = PNG_FORMAT_RGB;
    px = malloc(PNG_IMAGE_SIZE(im));
    if (!px || !png_image_finish_read(&im, NULL, px, 0, NULL)) {
        tk_fail(grp, "%s: libpng cannot decode the PNG: %s", text, im.message);
        png_image_free(&im);
        goto out;
    }
    if (im.width != g.width || im.height != g.height) {
        tk_fail(grp, "%s: decoded %u x %u, layout %u x %u", text, im.width, im.height, g.width, g.height);
        goto out;
    }
    uint32_t vmax = 0;
    for (size_t i = 0; i < (size_t)R * C; i++)
        if (ref[i] > vmax)
            vmax = ref[i];
    char gt[600], want[32];
    png_text_of(k.p, k.len, "wythoff-geometry", gt, sizeof gt);
    snprintf(want, sizeof want, " vmax=%u", vmax);
    grp->cases++;
    if (!strstr(gt, want))
        tk_fail(grp, "%s: geometry '%s' lacks '%s'", text, gt, want);
    unsigned shown = 0;
    for (uint32_t x = 0; x < R; x++)
        for (uint32_t y = 0; y < C; y++) {
            uint32_t v = ref[(size_t)x * C + y];
            unsigned idx = vmax ? (unsigned)((uint64_t)v * 255 / vmax) : 0;
            const uint8_t *want_rgb = pl_palette_seq[idx];
            grp->cases++;
            int bad = 0;
            for (uint32_t j = 0; j < g.cell && !bad; j++)
                for (uint32_t i = 0; i < g.cell && !bad; i++) {
                    size_t X = (size_t)g.left + (size_t)x * g.cell + i;
                    size_t Y = (size_t)g.top + (size_t)(C - 1 - y) * g.cell + j;
                    const unsigned char *p = px + (Y * g.width + X) * 3;
                    if (memcmp(p, want_rgb, 3) != 0) {
                        bad = 1;
                        if (shown++ < 5)
                            tk_fail(grp, "%s: (%u, %u) value %u: pixel (%zu, %zu) is #%02x%02x%02x, expected entry %u",
                                    text, x, y, v, X, Y, p[0], p[1], p[2], idx);
                        else
                            grp->failed++;
                    }
                }
            if (v == 0 && idx != 0)
                tk_fail(grp, "%s: P-position (%u, %u) not on entry 0", text, x, y);
        }
out:
    free(px);
    free(ref);
    sink_free(&k);
}

static int check_heat_pixels(void)
{
    tk_group grp = {"PNG heatmaps decoded by libpng: every pixel of every cell = the naive reference's value "
                    "on pl_palette_seq",
                    0, 0};
    heat_vs_naive(&grp, "wythoff", 30, 30, 0);
    heat_vs_naive(&grp, "wythoff+pass", 21, 34, 0);
    heat_vs_naive(&grp, "nim+heap=2+misere", 25, 9, 2);
    heat_vs_naive(&grp, "wythoff+terminal=3", 40, 40, 1);
    heat_vs_naive(&grp, "wythoff+max=2+pass=2", 120, 90, 0);
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* 4-6. failing writers, memory limits, cancellation                   */
/* ------------------------------------------------------------------ */

static int check_write_errors(void)
{
    tk_group grp = {"a failing writer: WY_EINVAL \"write error\", never called again", 0, 0};
    wy_rules w, n;
    if (!parse(&w, "wythoff") || !parse(&n, "nim"))
        return 1;
    wy_plot_spec specs[4];
    specs[0] = base_spec(&w, WY_PLOT_HEATMAP, 200);
    specs[1] = base_spec(&w, WY_PLOT_PPOS, 300);
    specs[1].ngames = 2;
    specs[1].games[1].rules = &n;
    specs[1].games[1].side = wy_side_start(&n);
    specs[2] = base_spec(&w, WY_PLOT_TABLE, 20);
    specs[3] = base_spec(&n, WY_PLOT_HEATMAP, sz(1100, 200)); /* SVG: embedded images */
    for (int s = 0; s < 4; s++)
        for (int f = 0; f < 2; f++) {
            wy_plot_spec sp = specs[s];
            sp.format = f ? WY_PLOT_SVG : WY_PLOT_PNG;
            /* how many calls a good run makes */
            sink k;
            char what[64];
            snprintf(what, sizeof what, "spec %d %s", s, f ? "svg" : "png");
            if (!plot_mem(&grp, what, &sp, 1, &k))
                continue;
            unsigned long total = k.calls;
            sink_free(&k);
            unsigned long at[3] = {1, total / 2 + 1, total};
            for (int a = 0; a < 3; a++) {
                sink e = {0};
                e.fail_at = at[a];
                char err[WY_ERRLEN] = "";
                grp.cases++;
                wy_status st = wy_plot(&sp, NULL, sink_write, &e, err, sizeof err);
                if (st != WY_EINVAL || strcmp(err, "write error") != 0)
                    tk_fail(&grp, "%s, writer failing at call %lu of %lu: status %d, message '%s'", what, at[a],
                            total, st, err);
                if (e.after_fail)
                    tk_fail(&grp, "%s, writer failing at call %lu of %lu: called %lu more times", what, at[a], total,
                            e.after_fail);
                sink_free(&e);
            }
        }
    return tk_group_end(&grp);
}

static int check_mem_limit(void)
{
    tk_group grp = {"mem_limit below the estimate: WY_ERANGE naming it, before any write; at the estimate: done", 0,
                    0};
    wy_rules w, m;
    if (!parse(&w, "wythoff") || !parse(&m, "wythoff+max=3"))
        return 1;
    wy_plot_spec specs[4];
    specs[0] = base_spec(&w, WY_PLOT_HEATMAP, sz(2000, 500));
    specs[1] = base_spec(&w, WY_PLOT_PPOS, sz(100000, 20000));
    specs[2] = base_spec(&m, WY_PLOT_PPOS, sz(3000, 1000));
    specs[3] = base_spec(&w, WY_PLOT_TABLE, 30);
    for (int s = 0; s < 4; s++)
        for (int f = 0; f < 2; f++) {
            wy_plot_spec sp = specs[s];
            sp.format = f ? WY_PLOT_SVG : WY_PLOT_PNG;
            uint64_t est = wy_plot_estimate(&sp);
            grp.cases++;
            if (est == 0) {
                tk_fail(&grp, "spec %d: estimate 0", s);
                continue;
            }
            sp.mem_limit = est - 1;
            sink k = {0};
            char err[WY_ERRLEN] = "";
            wy_status st = wy_plot(&sp, NULL, sink_write, &k, err, sizeof err);
            if (st != WY_ERANGE || !err[0] || k.calls)
                tk_fail(&grp, "spec %d %s, mem_limit = estimate - 1: status %d, message '%s', %lu writes", s,
                        f ? "svg" : "png", st, err, k.calls);
            sink_free(&k);
            sp.mem_limit = 1024;
            st = wy_plot(&sp, NULL, sink_write, &k, err, sizeof err);
            if (st != WY_ERANGE || !strstr(err, "MiB") || k.calls)
                tk_fail(&grp, "spec %d %s, mem_limit 1024: status %d, message '%s', %lu writes", s, f ? "svg" : "png",
                        st, err, k.calls);
            sink_free(&k);
            if (s == 0 || s == 3) { /* quick enough to draw */
                sp.mem_limit = est;
                st = wy_plot(&sp, NULL, sink_write, &k, err, sizeof err);
                if (st != WY_OK)
                    tk_fail(&grp, "spec %d %s, mem_limit = estimate %llu: status %d: %s", s, f ? "svg" : "png",
                            (unsigned long long)est, st, err);
                sink_free(&k);
            }
        }
    return tk_group_end(&grp);
}

typedef struct {
    unsigned long calls;
    unsigned long stop_at;
} prog_ctx;

static int stop_progress(void *ctx, uint64_t done, uint64_t total)
{
    prog_ctx *p = ctx;
    (void)done;
    (void)total;
    return ++p->calls >= p->stop_at;
}

static int check_cancel(void)
{
    tk_group grp = {"a progress function returning nonzero: WY_ECANCELED, nothing written", 0, 0};
    wy_rules w, m, wp;
    if (!parse(&w, "wythoff") || !parse(&m, "wythoff+max=3") || !parse(&wp, "wythoff+pass"))
        return 1;
    wy_plot_spec specs[5];
    const char *names[5] = {"heatmap 600 (table engine)", "table 64 (table engine)",
                            "ppos wythoff 300000 (layer engine)", "ppos wythoff+max=3 1500 (streamed table)",
                            "ppos wythoff, wythoff+pass 200000"};
    specs[0] = base_spec(&w, WY_PLOT_HEATMAP, 600);
    specs[1] = base_spec(&w, WY_PLOT_TABLE, 64);
    specs[2] = base_spec(&w, WY_PLOT_PPOS, 300000);
    specs[3] = base_spec(&m, WY_PLOT_PPOS, 1500);
    specs[4] = base_spec(&w, WY_PLOT_PPOS, 200000);
    specs[4].ngames = 2;
    specs[4].games[1].rules = &wp;
    specs[4].games[1].side = wy_side_start(&wp);
    for (int s = 0; s < 5; s++)
        for (unsigned threads = 1; threads <= 2; threads++)
            for (unsigned long stop = 1; stop <= 2; stop++) {
                prog_ctx pc = {0, stop};
                wy_run run = {threads, stop_progress, &pc, 0};
                sink k = {0};
                char err[WY_ERRLEN] = "";
                wy_plot_spec sp = specs[s];
                sp.format = (stop == 1) ? WY_PLOT_PNG : WY_PLOT_SVG;
                grp.cases++;
                wy_status st = wy_plot(&sp, &run, sink_write, &k, err, sizeof err);
                if (pc.calls < stop)
                    tk_fail(&grp, "%s, %u threads: the progress function was called %lu times (status %d)", names[s],
                            threads, pc.calls, st);
                else if (st != WY_ECANCELED || k.calls)
                    tk_fail(&grp, "%s, %u threads, stop at call %lu: status %d ('%s'), %lu writes", names[s], threads,
                            stop, st, err, k.calls);
                sink_free(&k);
            }
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* 7. colours                                                          */
/* ------------------------------------------------------------------ */

static int check_colours(void)
{
    tk_group grp = {"wy_plot_heat_rgb = entry v * 255 / vmax (0 for vmax 0), monotone, ends 0 and 255; "
                    "wy_plot_set_rgb(m) = pl_palette_sets[m - 1]",
                    0, 0};
    static const uint64_t vmaxes[] = {1, 2, 3, 7, 100, 254, 255, 256, 257, 1000, 65537, 4294967295u, 4294967296u,
                                      (uint64_t)1 << 40, UINT64_MAX / 255, UINT64_MAX / 255 + 1, UINT64_MAX - 1,
                                      UINT64_MAX};
    uint8_t rgb[3];
    grp.cases++;
    wy_plot_heat_rgb(0, 0, rgb);
    if (memcmp(rgb, pl_palette_seq[0], 3) != 0)
        tk_fail(&grp, "vmax 0: not entry 0");
    wy_plot_heat_rgb(5, 0, rgb);
    if (memcmp(rgb, pl_palette_seq[0], 3) != 0)
        tk_fail(&grp, "v 5, vmax 0: not entry 0");
    tk_rng g;
    tk_rng_seed(&g, 42);
    for (size_t k = 0; k < sizeof vmaxes / sizeof vmaxes[0]; k++) {
        const uint64_t vmax = vmaxes[k];
        unsigned last = 0;
        /* increasing v: 0, 1, ..., a spread of the range, vmax - 1, vmax */
        uint64_t v = 0;
        for (int step = 0; step < 3000; step++) {
            unsigned want = (unsigned)((unsigned __int128)v * 255 / vmax);
            grp.cases++;
            wy_plot_heat_rgb(v, vmax, rgb);
            if (memcmp(rgb, pl_palette_seq[want], 3) != 0)
                tk_fail(&grp, "v %llu vmax %llu: #%02x%02x%02x, expected entry %u", (unsigned long long)v,
                        (unsigned long long)vmax, rgb[0], rgb[1], rgb[2], want);
            if (want < last)
                tk_fail(&grp, "v %llu vmax %llu: entry %u after %u", (unsigned long long)v, (unsigned long long)vmax,
                        want, last);
            if (v == 0 && want != 0)
                tk_fail(&grp, "v 0 vmax %llu: entry %u", (unsigned long long)vmax, want);
            if (v == vmax && want != 255)
                tk_fail(&grp, "v = vmax %llu: entry %u", (unsigned long long)vmax, want);
            last = want;
            if (v == vmax)
                break;
            uint64_t left = vmax - v;
            uint64_t inc = step < 300 ? 1 : 1 + tk_rng_next(&g) % (left / 512 + 1);
            if (step >= 2990 || inc > left)
                inc = left;
            v += inc;
        }
    }
    for (unsigned m = 1; m <= 7; m++) {
        grp.cases++;
        wy_plot_set_rgb(m, rgb);
        if (memcmp(rgb, pl_palette_sets[m - 1], 3) != 0)
            tk_fail(&grp, "wy_plot_set_rgb(%u) is not pl_palette_sets[%u]", m, m - 1);
    }
    return tk_group_end(&grp);
}

/* 8: the tiles' values and marks, read position by position here. */
static int check_tile_values(void)
{
    tk_group grp = {"wy_plot_tile_values: values and P-position marks equal a reading of every position", 0, 0};
    uint64_t seed = 0;
    if (tk_seed(&seed))
        return 1;
    tk_rng g;
    tk_rng_seed(&g, seed ^ 0x7469UL);
    const unsigned rounds = san ? 6 : 24;
    for (unsigned round = 0; round < rounds; round++) {
        tk_spec sa, sb;
        tk_random_spec(&g, &sa);
        tk_random_spec(&g, &sb);
        char ta[128], tb[128], err[WY_ERRLEN];
        tk_spec_text(ta, sizeof ta, &sa);
        tk_spec_text(tb, sizeof tb, &sb);
        wy_rules ra, rb;
        if (wy_rules_parse(&ra, ta, err, sizeof err) != WY_OK || wy_rules_parse(&rb, tb, err, sizeof err) != WY_OK) {
            tk_fail(&grp, "%s / %s: %s", ta, tb, err);
            continue;
        }
        const uint32_t Ra = tk_random_dim(&g, 150), Ca = tk_random_dim(&g, 150);
        const uint32_t Rb = tk_random_dim(&g, 150), Cb = tk_random_dim(&g, 150);
        const wy_side s0 = {0, 0};
        wy_table *A = NULL, *B = NULL;
        if (wy_table_compute(&A, &ra, Ra, Ca, s0, 0, err, sizeof err) != WY_OK ||
            wy_table_compute(&B, &rb, Rb, Cb, s0, 0, err, sizeof err) != WY_OK) {
            tk_fail(&grp, "%s %ux%u / %s %ux%u: %s", ta, Ra, Ca, tb, Rb, Cb, err);
            wy_table_free(A);
            continue;
        }
        for (unsigned rep = 0; rep < 6; rep++) {
            const int z = (int)tk_rng_range(&g, 0, 7) - 2;
            const uint32_t W = tk_rng_range(&g, 1, 70);
            const int two = (int)tk_rng_range(&g, 0, 1);
            wy_tile_spec t = {A, s0, two ? B : NULL, s0, z, tk_rng_range(&g, 0, 3), tk_rng_range(&g, 0, 3), W, 1};
            uint32_t *value = malloc((size_t)W * W * sizeof *value);
            uint8_t *mark = malloc((size_t)W * W);
            if (!value || !mark || wy_plot_tile_values(&t, value, mark, err, sizeof err) != WY_OK) {
                tk_fail(&grp, "%s z=%d W=%u: %s", ta, z, W, value && mark ? err : "out of memory");
                free(value), free(mark);
                continue;
            }
            const uint64_t n = z > 0 ? (uint64_t)1 << z : 1, px = z < 0 ? (uint64_t)1 << -z : 1;
            const uint64_t span = (W / px + (W % px != 0)) * n;
            unsigned bad = 0;
            for (uint32_t j = 0; j < W && !bad; j++)
                for (uint32_t i = 0; i < W && !bad; i++) {
                    const uint64_t x = t.tx * span + (i / px) * n, y = t.ty * span + ((W - 1 - j) / px) * n;
                    const size_t k = (size_t)j * W + i;
                    uint32_t want_v = 0;
                    unsigned want_m = WY_TILE_BEYOND;
                    if (x < Ra && y < Ca) {
                        want_v = wy_table_get(A, (uint32_t)x, (uint32_t)y, s0);
                        want_m = 0;
                        const wy_table *tabs[2] = {A, two ? B : NULL};
                        for (int q = 0; q < 2; q++) {
                            if (!tabs[q])
                                continue;
                            const uint64_t R = wy_table_rows(tabs[q]), C = wy_table_cols(tabs[q]);
                            for (uint64_t a = x; a < x + n && a < R; a++)
                                for (uint64_t b = y; b < y + n && b < C; b++)
                                    if (wy_table_get(tabs[q], (uint32_t)a, (uint32_t)b, s0) == 0)
                                        want_m |= 1u << q;
                        }
                    }
                    grp.cases++;
                    if (value[k] != want_v || mark[k] != want_m) {
                        tk_fail(&grp, "%s (b %s) %ux%u z=%d tile %llu,%llu W=%u pixel %u,%u: value %u mark %u, want %u %u",
                                ta, two ? tb : "-", Ra, Ca, z, (unsigned long long)t.tx, (unsigned long long)t.ty, W,
                                i, j, value[k], mark[k], want_v, want_m);
                        bad = 1;
                    }
                }
            free(value), free(mark);
        }
        wy_table_free(A);
        wy_table_free(B);
    }
    return tk_group_end(&grp);
}

int main(void)
{
    san = tk_test_san();
    int bad = 0;
    bad += check_bad_specs();
    bad += check_memory_output();
    bad += check_heat_pixels();
    bad += check_write_errors();
    bad += check_mem_limit();
    bad += check_cancel();
    bad += check_colours();
    bad += check_tile_values();
    return bad ? 1 : 0;
}
