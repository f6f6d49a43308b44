/*
 * plot.c - pictures of a window (include/wythoff_plot.h).
 *
 * A picture is made in three steps:
 *   1. the layout (wy_plot_layout): the picture's size and where the cells,
 *      axes, titles and legend go, from the spec alone (label widths from the
 *      proved bound on the values, wy_table_value_bound);
 *   2. the data: a table of values (heatmaps, tables) from the table engine,
 *      or a grid of set masks (dot plots) from the layer engine where it
 *      covers the game and from a streamed table where it does not;
 *   3. a scene, a list of rectangles, discs and texts in pixel coordinates,
 *      drawn either into an RGB canvas written as PNG (png.c) or as SVG
 *      elements (svg.c).  A heatmap's cells are not items: the
 *      renderers fill them from the table.
 * Integer arithmetic only.
 */
#include "plot_internal.h"

#include "font.h"
#include "palette.h"
#include "wythoff_layer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* small helpers                                                        */
/* ------------------------------------------------------------------ */

void wy__plot_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static unsigned digits_u64(uint64_t v)
{
    unsigned d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

/* Width of n characters of the font at scale s. */
static uint32_t text_w(size_t n, unsigned s)
{
    return n ? (uint32_t)(n * WY_FONT_ADVANCE - 1) * s : 0;
}

void wy_plot_heat_rgb(uint64_t v, uint64_t vmax, uint8_t rgb[3])
{
    unsigned i = 0;
    if (vmax) {
        if (v > vmax)
            v = vmax;
        /* v * 255 / vmax without overflow for any 64-bit vmax */
        unsigned __int128 q = (unsigned __int128)v * 255u / vmax;
        i = (unsigned)q;
    }
    memcpy(rgb, wy_palette_seq[i], 3);
}

void wy_plot_set_rgb(unsigned m, uint8_t rgb[3])
{
    if (m < 1 || m > 7)
        m = 1;
    memcpy(rgb, wy_palette_sets[m - 1], 3);
}

/* The side state in words, as the tables write it: ", passes left 1". */
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

/* "wythoff+pass, passes left 1" */
static void game_name(char *buf, size_t n, const wy_plot_game *g)
{
    char rules[160], side[96];
    wy_rules_format(rules, sizeof rules, g->rules);
    side_words(side, sizeof side, g->rules, g->side);
    snprintf(buf, n, "%s%s", rules, side);
}

/* The smallest step 1, 2, 5, 10, 20, ... with at most `most` ticks in 0..n. */
static uint64_t nice_step(uint64_t n, uint64_t most)
{
    if (most < 2)
        most = 2;
    uint64_t p = 1;
    for (;;) {
        static const unsigned m[3] = {1, 2, 5};
        for (int i = 0; i < 3; i++) {
            uint64_t st = p * m[i];
            if (n / st + 1 <= most)
                return st;
        }
        if (p > UINT64_MAX / 100)
            return n ? n : 1;
        p *= 10;
    }
}

/* Well-formed UTF-8 without control characters and without U+FFFE and
 * U+FFFF (which XML forbids): 1 (and the number of characters in *n),
 * else 0. */
static int utf8_text(const char *t, size_t *n)
{
    const unsigned char *p = (const unsigned char *)t;
    size_t k = 0;
    while (*p) {
        unsigned c = *p, len;
        uint32_t cp;
        if (c < 0x20 || c == 0x7f)
            return 0;
        if (c < 0x80) {
            p++;
            k++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf)
            len = 2, cp = c & 0x1f;
        else if (c >= 0xe0 && c <= 0xef)
            len = 3, cp = c & 0x0f;
        else if (c >= 0xf0 && c <= 0xf4)
            len = 4, cp = c & 0x07;
        else
            return 0;
        for (unsigned i = 1; i < len; i++) {
            if ((p[i] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (p[i] & 0x3f);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
            (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp < 0xa0) || cp == 0xfffe || cp == 0xffff)
            return 0;
        p += len;
        k++;
    }
    if (n)
        *n = k;
    return 1;
}

/* The text the bitmap font can draw: every character beyond ASCII as '?'. */
void wy__ascii_text(char *out, size_t cap, const char *t)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)t; *p && k + 1 < cap; p++) {
        if (*p < 0x80)
            out[k++] = (char)*p;
        else if ((*p & 0xc0) != 0x80)
            out[k++] = '?';
    }
    out[k] = '\0';
}

/* ------------------------------------------------------------------ */
/* layout                                                               */
/* ------------------------------------------------------------------ */

#define PICTURE_MAX 32768u /* pixels a side */

static int title_text(char *buf, size_t n, const wy_plot_spec *sp)
{
    if (sp->title)
        return snprintf(buf, n, "%s", sp->title);
    char name[300];
    game_name(name, sizeof name, &sp->games[0]);
    const char *g = sp->games[0].rules->misere ? "G-" : "G";
    switch (sp->style) {
    case WY_PLOT_HEATMAP:
        return snprintf(buf, n, "%s(x, y) of %s", g, name);
    case WY_PLOT_TABLE:
        return snprintf(buf, n, "%s(x, y) of %s; P-positions in red", g, name);
    default:
        if (sp->ngames > 1)
            return sp->value ? snprintf(buf, n, "Positions of value %llu", (unsigned long long)sp->value)
                             : snprintf(buf, n, "P-positions");
        return sp->value ? snprintf(buf, n, "Positions of value %llu of %s", (unsigned long long)sp->value, name)
                         : snprintf(buf, n, "P-positions of %s", name);
    }
}

/* "wythoff+pass (passes left 1)", for legends */
static void game_label(char *buf, size_t n, const wy_plot_game *g)
{
    char rules[160], side[96];
    wy_rules_format(rules, sizeof rules, g->rules);
    side_words(side, sizeof side, g->rules, g->side);
    if (side[0])
        snprintf(buf, n, "%s (%s)", rules, side + 2);
    else
        snprintf(buf, n, "%s", rules);
}

/* The legend's entries of a dot plot: masks and their texts (without the
 * counts, which come with the data). */
static unsigned legend_entries(const wy_plot_spec *sp, unsigned masks[7], char text[7][420])
{
    const unsigned n = sp->ngames;
    char names[WY_PLOT_MAX_GAMES][300];
    for (unsigned i = 0; i < n; i++)
        game_label(names[i], sizeof names[i], &sp->games[i]);
    if (n == 1) {
        masks[0] = 1;
        snprintf(text[0], sizeof text[0], "%s", names[0]);
        return 1;
    }
    unsigned k = 0;
    for (unsigned m = 1; m < (1u << n); m++) {
        masks[k] = m;
        if (m == (1u << n) - 1) {
            snprintf(text[k], sizeof text[k], "%s", n == 2 ? "both" : "all three");
        } else {
            char *p = text[k];
            size_t left = sizeof text[k];
            int first = 1;
            for (unsigned i = 0; i < n; i++)
                if (m >> i & 1) {
                    int w = snprintf(p, left, "%s%s", first ? "" : " and ", names[i]);
                    if (w < 0 || (size_t)w >= left)
                        break;
                    p += w;
                    left -= (size_t)w;
                    first = 0;
                }
            snprintf(p, left, " only");
        }
        k++;
    }
    return k;
}

wy_status wy_plot_layout(const wy_plot_spec *sp, wy_plot_geometry *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (!sp || sp->ngames < 1 || sp->ngames > WY_PLOT_MAX_GAMES) {
        wy__plot_err(err, errlen, "a plot shows 1 to %d games", WY_PLOT_MAX_GAMES);
        return WY_EINVAL;
    }
    if (sp->style != WY_PLOT_HEATMAP && sp->style != WY_PLOT_PPOS && sp->style != WY_PLOT_TABLE) {
        wy__plot_err(err, errlen, "unknown plot style");
        return WY_EINVAL;
    }
    if (sp->format != WY_PLOT_PNG && sp->format != WY_PLOT_SVG) {
        wy__plot_err(err, errlen, "unknown picture format");
        return WY_EINVAL;
    }
    if (sp->ngames > 1 && sp->style != WY_PLOT_PPOS) {
        wy__plot_err(err, errlen, "only the ppos style overlays several games (got %u games for %s)", sp->ngames,
                     sp->style == WY_PLOT_TABLE ? "table" : "heatmap");
        return WY_EINVAL;
    }
    if (sp->rows == 0 || sp->cols == 0) {
        wy__plot_err(err, errlen, "empty window: sizes must be at least 1");
        return WY_EINVAL;
    }
    for (unsigned i = 0; i < sp->ngames; i++) {
        char e2[WY_ERRLEN];
        if (!sp->games[i].rules) {
            wy__plot_err(err, errlen, "game %u has no rules", i + 1);
            return WY_EINVAL;
        }
        if (wy_side_check(sp->games[i].rules, sp->games[i].side, e2, sizeof e2) != WY_OK) {
            wy__plot_err(err, errlen, "%s", e2);
            return WY_EINVAL;
        }
    }
    if (sp->value && sp->style != WY_PLOT_PPOS) {
        wy__plot_err(err, errlen, "a value to draw is for the ppos style only");
        return WY_EINVAL;
    }
    const uint32_t R = sp->rows, C = sp->cols;
    const uint32_t N = R > C ? R : C;
    if (sp->style == WY_PLOT_TABLE && N > WY_PLOT_TABLE_MAX) {
        wy__plot_err(err, errlen,
                     "the table style writes every number, so it is for windows up to %u x %u (got %u x %u); "
                     "use --style heatmap for larger windows",
                     WY_PLOT_TABLE_MAX, WY_PLOT_TABLE_MAX, R, C);
        return WY_EINVAL;
    }
    if (sp->style == WY_PLOT_HEATMAP && N > WY_PLOT_HEATMAP_MAX) {
        wy__plot_err(err, errlen,
                     "a heatmap draws every position as a pixel, so it is for windows up to %u x %u (got %u x %u); "
                     "--style ppos draws larger windows",
                     WY_PLOT_HEATMAP_MAX, WY_PLOT_HEATMAP_MAX, R, C);
        return WY_EINVAL;
    }

    unsigned s;
    if (sp->title && strlen(sp->title) > WY_PLOT_TITLE_MAX) {
        wy__plot_err(err, errlen, "the title is longer than %d bytes", WY_PLOT_TITLE_MAX);
        return WY_EINVAL;
    }
    if (sp->title && !utf8_text(sp->title, NULL)) {
        wy__plot_err(err, errlen, "the title is not UTF-8 text (or holds control characters)");
        return WY_EINVAL;
    }
    char title[WY_PLOT_TITLE_MAX + 400];
    title_text(title, sizeof title, sp);
    size_t title_chars = 0;
    utf8_text(title, &title_chars);
    const uint32_t title_len = (uint32_t)title_chars;

    if (sp->style == WY_PLOT_TABLE) {
        s = 2;
        uint64_t bound = wy_table_value_bound(sp->games[0].rules, R, C, sp->games[0].side);
        unsigned d = digits_u64(bound);
        unsigned dl = digits_u64(N - 1);
        if (dl > d)
            d = dl;
        uint32_t need = text_w(d, s) + 8 * s;
        if (need < 16 * s)
            need = 16 * s;
        uint32_t cell = need;
        if (sp->cell) {
            if (sp->cell > 128) {
                wy__plot_err(err, errlen, "cell size %u out of range (tables: %u to 128 pixels)", sp->cell, need);
                return WY_EINVAL;
            }
            if (sp->cell < need) {
                wy__plot_err(err, errlen, "cell size %u is too small for %u-digit numbers (at least %u pixels)",
                             sp->cell, d, need);
                return WY_EINVAL;
            }
            cell = sp->cell;
        }
        const uint32_t pad = 8 * s;
        g->font = s;
        g->cell = cell;
        g->block = 1;
        g->cells_x = C;
        g->cells_y = R;
        g->left = pad + cell;
        g->top = pad + WY_FONT_H * s + 8 * s + cell;
        uint64_t w = (uint64_t)g->left + (uint64_t)cell * C + 1 + pad;
        uint64_t tw = 2 * (uint64_t)pad + text_w(title_len, s);
        g->width = (uint32_t)(w > tw ? w : tw);
        g->height = g->top + cell * R + 1 + pad;
        return WY_OK;
    }

    /* heatmap and dots */
    uint32_t cell = 1, block = 1;
    if (sp->cell) {
        if (sp->cell > 64) {
            wy__plot_err(err, errlen, "cell size %u out of range (1 to 64 pixels per position)", sp->cell);
            return WY_EINVAL;
        }
        cell = sp->cell;
    } else if (N <= WY_PLOT_TARGET) {
        cell = WY_PLOT_TARGET / N;
        if (cell > 64)
            cell = 64;
    } else if (sp->style == WY_PLOT_PPOS) {
        block = (uint32_t)(((uint64_t)N + WY_PLOT_TARGET - 1) / WY_PLOT_TARGET); /* N up to 2^32 - 1 */
    }
    const uint32_t cx = (uint32_t)(((uint64_t)R + block - 1) / block);
    const uint32_t cy = (uint32_t)(((uint64_t)C + block - 1) / block);
    if ((uint64_t)cx * cell > PICTURE_MAX || (uint64_t)cy * cell > PICTURE_MAX) {
        wy__plot_err(err, errlen, "the picture would be %llu x %llu pixels, more than %u a side; use a smaller --cell",
                     (unsigned long long)cx * cell, (unsigned long long)cy * cell, PICTURE_MAX);
        return WY_EINVAL;
    }
    const uint32_t pw = cx * cell, ph = cy * cell;
    const uint32_t big = pw > ph ? pw : ph;
    s = big <= 1500 ? 2 : big <= 3000 ? 3 : 4;
    const uint32_t pad = 8 * s, tick = 4 * s, gap = 3 * s;
    const uint32_t ylab = text_w(digits_u64(C - 1), s);
    g->font = s;
    g->cell = cell;
    g->block = block;
    g->cells_x = cx;
    g->cells_y = cy;
    g->left = pad + WY_FONT_H * s + 4 * s + ylab + gap + tick + 1;
    g->top = pad + WY_FONT_H * s + 8 * s + 1;
    const uint32_t bottom = 1 + tick + gap + WY_FONT_H * s + 4 * s + WY_FONT_H * s + pad;
    uint64_t right, legend_h;
    if (sp->style == WY_PLOT_HEATMAP) {
        uint64_t bound = wy_table_value_bound(sp->games[0].rules, R, C, sp->games[0].side);
        right = 12 * s + 12 * s + 3 * s + 2 * s + text_w(digits_u64(bound) > 5 ? digits_u64(bound) : 5, s) + pad;
        legend_h = 128 * s + 2 * WY_FONT_H * s;
    } else {
        unsigned masks[7];
        char text[7][420];
        unsigned k = legend_entries(sp, masks, text);
        size_t most = 0;
        for (unsigned i = 0; i < k; i++) {
            size_t l = strlen(text[i]) + (block == 1 ? 3 + digits_u64((uint64_t)R * C) : 0);
            if (l > most)
                most = l;
        }
        if (block > 1 && most < 40)
            most = 40; /* "a pixel: B x B positions" */
        right = 12 * s + WY_FONT_H * s + 4 * s + text_w(most, s) + pad;
        legend_h = (uint64_t)(k + 1) * 14 * s;
    }
    uint64_t w = (uint64_t)g->left + pw + 1 + right;
    uint64_t tw = 2 * (uint64_t)pad + text_w(title_len, s);
    if (tw > w)
        w = tw;
    uint64_t body = ph > legend_h ? ph : legend_h;
    uint64_t h = (uint64_t)g->top + body + bottom;
    if (w > PICTURE_MAX || h > PICTURE_MAX) {
        wy__plot_err(err, errlen, "the picture would be %llu x %llu pixels, more than %u a side", (unsigned long long)w,
                     (unsigned long long)h, PICTURE_MAX);
        return WY_EINVAL;
    }
    g->width = (uint32_t)w;
    g->height = (uint32_t)h;
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* memory                                                               */
/* ------------------------------------------------------------------ */

static int use_layer(const wy_plot_game *g)
{
    return wy_layer_supported(g->rules, NULL, 0) == WY_OK;
}

uint64_t wy_plot_estimate(const wy_plot_spec *sp)
{
    wy_plot_geometry g;
    if (wy_plot_layout(sp, &g, NULL, 0) != WY_OK)
        return 0;
    uint64_t canvas = sp->format == WY_PLOT_PNG ? (uint64_t)g.width * g.height * 3 : 0;
    uint64_t b = canvas + (1u << 20);
    if (sp->style == WY_PLOT_PPOS) {
        uint64_t grid = (uint64_t)g.cells_x * g.cells_y;
        uint64_t most = 0;
        for (unsigned i = 0; i < sp->ngames; i++) {
            const wy_plot_game *gm = &sp->games[i];
            uint64_t e = use_layer(gm)
                             ? wy_layer_estimate(gm->rules, gm->side, sp->value,
                                                 sp->rows > sp->cols ? sp->rows : sp->cols)
                             : wy_table_stream_estimate(gm->rules, sp->rows, sp->cols, gm->side, 1);
            if (e > most)
                most = e;
        }
        /* the grid, the scene (about 64 bytes an item, at most one item a cell) */
        b += grid + most + grid * 64;
    } else {
        b += wy_table_estimate(sp->games[0].rules, sp->rows, sp->cols, sp->games[0].side);
        b += (uint64_t)sp->cols * 4;
        if (sp->format == WY_PLOT_SVG && sp->style == WY_PLOT_HEATMAP &&
            (uint64_t)sp->rows * sp->cols > WY_PLOT_SVG_CELLS)
            b += (uint64_t)1024 * 1024 * 3 * 3; /* a tile of the embedded image and its PNG */
        if (sp->style == WY_PLOT_TABLE)
            b += (uint64_t)sp->rows * sp->cols * 160;
    }
    return b;
}

/* ------------------------------------------------------------------ */
/* the scene                                                            */
/* ------------------------------------------------------------------ */

static int scene_push(wy__scene *sc, const wy__item *it)
{
    if (sc->n == sc->cap) {
        size_t nc = sc->cap ? sc->cap * 2 : 256;
        wy__item *p = realloc(sc->items, nc * sizeof *p);
        if (!p)
            return 0;
        sc->items = p;
        sc->cap = nc;
    }
    sc->items[sc->n++] = *it;
    return 1;
}

static int add_rect(wy__scene *sc, int64_t x, int64_t y, int64_t w, int64_t h, const uint8_t *rgb)
{
    wy__item it = {0};
    it.kind = WY__RECT;
    it.x = x;
    it.y = y;
    it.w = w;
    it.h = h;
    memcpy(it.rgb, rgb, 3);
    return scene_push(sc, &it);
}

static int add_text(wy__scene *sc, int64_t x, int64_t y, const char *text, unsigned s, const uint8_t *rgb, int up)
{
    wy__item it = {0};
    it.kind = up ? WY__TEXT_UP : WY__TEXT;
    it.x = x;
    it.y = y;
    it.s = s;
    memcpy(it.rgb, rgb, 3);
    size_t n = strlen(text);
    it.text = malloc(n + 1);
    if (!it.text)
        return 0;
    memcpy(it.text, text, n + 1);
    if (!scene_push(sc, &it)) {
        free(it.text);
        return 0;
    }
    return 1;
}

/* Text centred on x. */
static int add_text_c(wy__scene *sc, int64_t xc, int64_t y, const char *text, unsigned s, const uint8_t *rgb)
{
    return add_text(sc, xc - (int64_t)text_w(strlen(text), s) / 2, y, text, s, rgb, 0);
}

void wy__scene_free(wy__scene *sc)
{
    for (size_t i = 0; i < sc->n; i++)
        free(sc->items[i].text);
    free(sc->items);
    free(sc->grid);
    free(sc->title);
    wy_table_free(sc->table);
    memset(sc, 0, sizeof *sc);
}

/* Axes: frame, ticks and labels of a heatmap or dot plot. */
static int add_axes(wy__scene *sc, const wy_plot_spec *sp)
{
    const wy_plot_geometry *g = &sc->geom;
    const unsigned s = g->font;
    const int64_t L = g->left, T = g->top, pw = (int64_t)g->cells_x * g->cell, ph = (int64_t)g->cells_y * g->cell;
    const uint8_t *ink = wy_palette_ink;
    int ok = 1;
    /* the frame, just outside the cells */
    ok &= add_rect(sc, L - 1, T - 1, pw + 2, 1, ink);
    ok &= add_rect(sc, L - 1, T + ph, pw + 2, 1, ink);
    ok &= add_rect(sc, L - 1, T - 1, 1, ph + 2, ink);
    ok &= add_rect(sc, L + pw, T - 1, 1, ph + 2, ink);
    const int64_t tick = 4 * s, gap = 3 * s;
    const uint32_t block = g->block, cell = g->cell;
    char buf[32];
    /* x: ticks at the centres of the cells of the chosen positions */
    {
        uint64_t n = sp->rows - 1;
        uint64_t lw = text_w(digits_u64(n), s) + 8 * s;
        uint64_t most = (uint64_t)pw / (lw > 0 ? lw : 1);
        uint64_t st = nice_step(n, most > 10 ? 10 : most);
        for (uint64_t p = 0; p <= n; p += st) {
            int64_t xc = L + (int64_t)(p / block) * cell + cell / 2;
            ok &= add_rect(sc, xc, T + ph + 1, 1, tick, ink);
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)p);
            ok &= add_text_c(sc, xc, T + ph + 1 + tick + gap, buf, s, ink);
            if (n - p < st)
                break;
        }
        ok &= add_text_c(sc, L + pw / 2, T + ph + 1 + tick + gap + WY_FONT_H * s + 4 * s, "x", s, ink);
    }
    /* y: upward */
    {
        uint64_t n = sp->cols - 1;
        uint64_t lh = (uint64_t)WY_FONT_H * s * 2;
        uint64_t most = (uint64_t)ph / lh;
        uint64_t st = nice_step(n, most > 10 ? 10 : most);
        const int64_t H = g->cells_y;
        for (uint64_t p = 0; p <= n; p += st) {
            int64_t yc = T + (H - 1 - (int64_t)(p / block)) * cell + cell / 2;
            ok &= add_rect(sc, L - 1 - tick, yc, tick, 1, ink);
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)p);
            int64_t w = text_w(strlen(buf), s);
            ok &= add_text(sc, L - 1 - tick - gap - w, yc - 3 * s, buf, s, ink, 0);
            if (n - p < st)
                break;
        }
        /* "y" turned, left of the tick labels */
        ok &= add_text(sc, (int64_t)8 * s, T + ph / 2 - (int64_t)text_w(1, s) / 2, "y", s, ink, 1);
    }
    return ok;
}

/* The colour bar of a heatmap, right of the cells. */
static int add_colour_bar(wy__scene *sc, uint64_t vmax)
{
    const wy_plot_geometry *g = &sc->geom;
    const unsigned s = g->font;
    const int64_t ph = (int64_t)g->cells_y * g->cell;
    const int64_t bx = (int64_t)g->left + (int64_t)g->cells_x * g->cell + 1 + 12 * s;
    const int64_t bw = 12 * s;
    int64_t bh = ph > 128 * (int64_t)s ? ph : 128 * (int64_t)s;
    const int64_t by = g->top + WY_FONT_H * s + 4 * s;
    bh -= WY_FONT_H * s + 4 * s;
    const uint8_t *ink = wy_palette_ink;
    int ok = add_text(sc, bx, g->top, "value", s, ink, 0);
    /* one row per pixel, bottom (0) to top (vmax) */
    for (int64_t r = 0; r < bh; r++) {
        uint8_t rgb[3];
        uint64_t idx = bh > 1 ? (uint64_t)r * 255 / (uint64_t)(bh - 1) : 0;
        memcpy(rgb, wy_palette_seq[idx], 3);
        ok &= add_rect(sc, bx, by + bh - 1 - r, bw, 1, rgb);
    }
    ok &= add_rect(sc, bx - 1, by - 1, bw + 2, 1, ink);
    ok &= add_rect(sc, bx - 1, by + bh, bw + 2, 1, ink);
    ok &= add_rect(sc, bx - 1, by - 1, 1, bh + 2, ink);
    ok &= add_rect(sc, bx + bw, by - 1, 1, bh + 2, ink);
    uint64_t most = (uint64_t)bh / (WY_FONT_H * s * 2);
    uint64_t st = nice_step(vmax, most > 10 ? 10 : most);
    char buf[32];
    for (uint64_t v = 0; v <= vmax; v += st) {
        int64_t r = vmax ? (int64_t)((unsigned __int128)v * (uint64_t)(bh - 1) / vmax) : 0;
        int64_t yc = by + bh - 1 - r;
        ok &= add_rect(sc, bx + bw + 1, yc, 3 * s, 1, ink);
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        ok &= add_text(sc, bx + bw + 1 + 3 * s + 2 * s, yc - 3 * s, buf, s, ink, 0);
        if (vmax - v < st)
            break;
    }
    return ok;
}

/* ---- data: dot plots ---- */

typedef struct {
    wy__scene *sc;
    uint32_t rows, cols, block;
    unsigned bit;
    uint64_t g;
} mark_ctx;

static void mark(mark_ctx *m, uint64_t x, uint64_t y)
{
    if (x >= m->rows || y >= m->cols)
        return;
    const wy_plot_geometry *g = &m->sc->geom;
    size_t i = (size_t)(y / m->block) * g->cells_x + (size_t)(x / m->block);
    m->sc->grid[i] |= (uint8_t)m->bit;
}

static int mark_layer(void *ctx, uint64_t x, uint64_t y)
{
    mark_ctx *m = ctx;
    mark(m, x, y);
    if (x != y)
        mark(m, y, x);
    return 0;
}

static int mark_row(void *ctx, uint32_t x, const uint32_t *v, uint32_t cols)
{
    mark_ctx *m = ctx;
    for (uint32_t y = 0; y < cols; y++)
        if (v[y] == m->g)
            mark(m, x, y);
    return 0;
}

static wy_status dots_data(wy__scene *sc, const wy_plot_spec *sp, const wy_run *run, char *err, size_t errlen)
{
    const wy_plot_geometry *g = &sc->geom;
    sc->grid = calloc((size_t)g->cells_x * g->cells_y, 1);
    if (!sc->grid) {
        wy__plot_err(err, errlen, "out of memory");
        return WY_ERANGE;
    }
    for (unsigned i = 0; i < sp->ngames; i++) {
        const wy_plot_game *gm = &sp->games[i];
        mark_ctx m = {sc, sp->rows, sp->cols, g->block, 1u << i, sp->value};
        wy_status st;
        if (use_layer(gm)) {
            uint64_t count;
            uint64_t size = sp->rows > sp->cols ? sp->rows : sp->cols;
            st = wy_layer_scan(gm->rules, gm->side, sp->value, size, sp->mem_limit, mark_layer, &m, &count, run, err,
                               errlen);
        } else {
            if (sp->value > UINT32_MAX) {
                continue; /* no cell of a table holds it */
            }
            st = wy_table_stream(gm->rules, sp->rows, sp->cols, gm->side, sp->mem_limit, run, mark_row, &m, err,
                                 errlen);
        }
        if (st != WY_OK)
            return st;
    }
    return WY_OK;
}

static int dots_scene(wy__scene *sc, const wy_plot_spec *sp)
{
    const wy_plot_geometry *g = &sc->geom;
    const uint32_t cell = g->cell, W = g->cells_x, H = g->cells_y;
    uint64_t count[8] = {0};
    int ok = 1;
    /* a light grid between cells when they are large */
    if (cell >= 16) {
        for (uint32_t i = 1; i < W; i++)
            ok &= add_rect(sc, (int64_t)g->left + (int64_t)i * cell, g->top, 1, (int64_t)H * cell, wy_palette_grid);
        for (uint32_t j = 1; j < H; j++)
            ok &= add_rect(sc, g->left, (int64_t)g->top + (int64_t)j * cell, (int64_t)W * cell, 1, wy_palette_grid);
    }
    for (uint32_t j = 0; j < H; j++)
        for (uint32_t i = 0; i < W; i++) {
            unsigned m = sc->grid[(size_t)j * W + i];
            if (!m)
                continue;
            count[m]++;
            wy__item it = {0};
            it.kind = cell >= 3 ? WY__DISC : WY__RECT;
            it.x = (int64_t)g->left + (int64_t)i * cell;
            it.y = (int64_t)g->top + (int64_t)(H - 1 - j) * cell;
            it.w = it.h = cell;
            wy_plot_set_rgb(m, it.rgb);
            it.mark = 1;
            it.px = i;
            it.py = j;
            it.mask = m;
            ok &= scene_push(sc, &it);
        }
    ok &= add_axes(sc, sp);
    /* the legend, right of the plot */
    unsigned masks[7];
    char text[7][420];
    unsigned k = legend_entries(sp, masks, text);
    const unsigned s = g->font;
    const int64_t lx = (int64_t)g->left + (int64_t)W * cell + 1 + 12 * s;
    for (unsigned e = 0; e < k; e++) {
        const int64_t ly = (int64_t)g->top + (int64_t)e * 14 * s;
        wy__item it = {0};
        it.kind = WY__DISC;
        it.x = lx;
        it.y = ly;
        it.w = it.h = WY_FONT_H * s;
        wy_plot_set_rgb(masks[e], it.rgb);
        ok &= scene_push(sc, &it);
        char line[480];
        if (g->block == 1)
            snprintf(line, sizeof line, "%.419s (%llu)", text[e], (unsigned long long)count[masks[e]]);
        else
            snprintf(line, sizeof line, "%.419s", text[e]);
        ok &= add_text(sc, lx + WY_FONT_H * s + 4 * s, ly + s, line, s, wy_palette_ink, 0);
    }
    if (g->block > 1) {
        char line[96];
        snprintf(line, sizeof line, "a pixel: %u x %u positions", g->block, g->block);
        ok &= add_text(sc, lx, (int64_t)g->top + (int64_t)k * 14 * s + 6 * s, line, s, wy_palette_ink, 0);
    }
    return ok;
}

/* ---- data: tables and heatmaps ---- */

static int table_scene(wy__scene *sc, const wy_plot_spec *sp)
{
    const wy_plot_geometry *g = &sc->geom;
    const unsigned s = g->font;
    const uint32_t cell = g->cell, R = sp->rows, C = sp->cols;
    const wy_side side = sp->games[0].side;
    const int64_t L = g->left, T = g->top;
    int ok = 1;
    char buf[32];
    uint32_t *row = malloc((size_t)C * sizeof *row);
    if (!row)
        return 0;
    for (uint32_t x = 0; x < R; x++) {
        wy_table_row(sc->table, x, side, row);
        for (uint32_t y = 0; y < C; y++) {
            const int p = row[y] == 0;
            wy__item it = {0};
            it.kind = WY__RECT;
            it.x = L + (int64_t)y * cell;
            it.y = T + (int64_t)x * cell;
            it.w = it.h = cell;
            memcpy(it.rgb, p ? wy_palette_pcell : wy_palette_background, 3);
            it.mark = 1;
            it.px = x;
            it.py = y;
            it.value = row[y];
            it.mask = p;
            ok &= scene_push(sc, &it);
        }
    }
    /* grid lines on the cell borders, label row and column included */
    for (uint32_t j = 0; j <= C + 1; j++)
        ok &= add_rect(sc, L - cell + (int64_t)j * cell, T - cell, 1, (int64_t)(R + 1) * cell + 1,
                       j == 1 ? wy_palette_ink : wy_palette_grid);
    for (uint32_t i = 0; i <= R + 1; i++)
        ok &= add_rect(sc, L - cell, T - cell + (int64_t)i * cell, (int64_t)(C + 1) * cell + 1, 1,
                       i == 1 ? wy_palette_ink : wy_palette_grid);
    const int64_t ty = (cell - 7 * (int64_t)s) / 2; /* capitals and digits are 7 rows high */
    for (uint32_t x = 0; x < R; x++) {
        wy_table_row(sc->table, x, side, row);
        for (uint32_t y = 0; y < C; y++) {
            snprintf(buf, sizeof buf, "%u", row[y]);
            ok &= add_text_c(sc, L + (int64_t)y * cell + cell / 2, T + (int64_t)x * cell + ty, buf, s,
                             row[y] ? wy_palette_ink : wy_palette_pcell_ink);
        }
        snprintf(buf, sizeof buf, "%u", x);
        ok &= add_text_c(sc, L - cell + cell / 2, T + (int64_t)x * cell + ty, buf, s, wy_palette_ink);
    }
    for (uint32_t y = 0; y < C; y++) {
        snprintf(buf, sizeof buf, "%u", y);
        ok &= add_text_c(sc, L + (int64_t)y * cell + cell / 2, T - cell + ty, buf, s, wy_palette_ink);
    }
    ok &= add_text_c(sc, L - cell + cell / 2, T - cell + ty, "x\\y", s, wy_palette_ink);
    free(row);
    return ok;
}

/* ------------------------------------------------------------------ */
/* wy_plot                                                              */
/* ------------------------------------------------------------------ */

static void geometry_text(char *buf, size_t n, const wy_plot_spec *sp, const wy__scene *sc)
{
    const wy_plot_geometry *g = &sc->geom;
    static const char *const styles[] = {"heatmap", "ppos", "table"};
    int k = snprintf(buf, n,
                     "style=%s rows=%u cols=%u width=%u height=%u left=%u top=%u cell=%u block=%u cells-x=%u "
                     "cells-y=%u orientation=%s",
                     styles[sp->style], sp->rows, sp->cols, g->width, g->height, g->left, g->top, g->cell, g->block,
                     g->cells_x, g->cells_y, sp->style == WY_PLOT_TABLE ? "x-down-y-right" : "x-right-y-up");
    if (k > 0 && (size_t)k < n && sp->style == WY_PLOT_HEATMAP)
        snprintf(buf + k, n - (size_t)k, " vmax=%llu", (unsigned long long)sc->vmax);
    else if (k > 0 && (size_t)k < n && sp->style == WY_PLOT_PPOS)
        snprintf(buf + k, n - (size_t)k, " value=%llu games=%u", (unsigned long long)sp->value, sp->ngames);
}

wy_status wy_plot(const wy_plot_spec *sp, const wy_run *run, wy_write_fn write, void *ctx, char *err, size_t errlen)
{
    wy__scene sc;
    memset(&sc, 0, sizeof sc);
    wy_status st = wy_plot_layout(sp, &sc.geom, err, errlen);
    if (st != WY_OK)
        return st;
    if (!write) {
        wy__plot_err(err, errlen, "no output");
        return WY_EINVAL;
    }
    uint64_t need = wy_plot_estimate(sp);
    if (sp->mem_limit && need > sp->mem_limit) {
        char lim[32];
        wy_format_bytes(lim, sizeof lim, sp->mem_limit);
        wy__plot_err(err, errlen, "this plot needs about %llu MiB, more than the limit of %s",
                     (unsigned long long)((need + (1u << 20) - 1) >> 20), lim);
        return WY_ERANGE;
    }
    char title[WY_PLOT_TITLE_MAX + 400];
    title_text(title, sizeof title, sp);
    sc.title = malloc(strlen(title) + 1);
    if (!sc.title) {
        wy__plot_err(err, errlen, "out of memory");
        return WY_ERANGE;
    }
    strcpy(sc.title, title);
    sc.style = sp->style;
    int ok = 1;
    if (sp->style == WY_PLOT_PPOS) {
        st = dots_data(&sc, sp, run, err, errlen);
        if (st == WY_OK)
            ok = dots_scene(&sc, sp);
    } else {
        const wy_plot_game *gm = &sp->games[0];
        st = wy_table_compute_run(&sc.table, gm->rules, sp->rows, sp->cols, gm->side, sp->mem_limit,
                                  WY_LAYOUT_AUTO, run, err, errlen);
        if (st == WY_OK) {
            sc.side = gm->side;
            sc.vmax = wy_table_max(sc.table, gm->side);
            if (sp->style == WY_PLOT_TABLE)
                ok = table_scene(&sc, sp);
            else
                ok = add_axes(&sc, sp) && add_colour_bar(&sc, sc.vmax);
        }
    }
    if (st == WY_OK && !ok) {
        wy__plot_err(err, errlen, "out of memory");
        st = WY_ERANGE;
    }
    if (st == WY_OK) {
        const unsigned s = sc.geom.font;
        const uint32_t pad = 8 * s;
        if (!add_text(&sc, pad, pad, sc.title, s, wy_palette_ink, 0)) {
            wy__plot_err(err, errlen, "out of memory");
            st = WY_ERANGE;
        }
    }
    if (st == WY_OK) {
        geometry_text(sc.geometry, sizeof sc.geometry, sp, &sc);
        st = sp->format == WY_PLOT_PNG ? wy__plot_png(&sc, write, ctx, err, errlen)
                                       : wy__plot_svg(&sc, write, ctx, err, errlen);
    }
    wy__scene_free(&sc);
    return st;
}

/* ------------------------------------------------------------------ */
/* the raster (shared by PNG and the image inside big SVG heatmaps)     */
/* ------------------------------------------------------------------ */

void wy__fill(uint8_t *img, uint32_t W, uint32_t H, int64_t x, int64_t y, int64_t w, int64_t h, const uint8_t *rgb)
{
    int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int64_t x1 = x + w > (int64_t)W ? (int64_t)W : x + w, y1 = y + h > (int64_t)H ? (int64_t)H : y + h;
    for (int64_t j = y0; j < y1; j++) {
        uint8_t *p = img + ((size_t)j * W + (size_t)x0) * 3;
        for (int64_t i = x0; i < x1; i++, p += 3)
            memcpy(p, rgb, 3);
    }
}

/* A disc inscribed in the w x w box at (x, y), diameter about 4/5 of it:
 * pixel (i, j) is in when its centre is, in half-pixel units. */
int wy__disc_in(int64_t w, int64_t i, int64_t j)
{
    if (w < 3)
        return 1;
    int64_t d = w * 4 / 5; /* diameter in pixels = radius in half pixels */
    if (d < 2)
        d = 2;
    int64_t dx = 2 * i + 1 - w, dy = 2 * j + 1 - w;
    return dx * dx + dy * dy <= d * d;
}

void wy__draw_items(uint8_t *img, uint32_t W, uint32_t H, const wy__scene *sc)
{
    for (size_t k = 0; k < sc->n; k++) {
        const wy__item *it = &sc->items[k];
        switch (it->kind) {
        case WY__RECT:
            wy__fill(img, W, H, it->x, it->y, it->w, it->h, it->rgb);
            break;
        case WY__DISC:
            for (int64_t j = 0; j < it->h; j++)
                for (int64_t i = 0; i < it->w; i++)
                    if (wy__disc_in(it->w, i, j))
                        wy__fill(img, W, H, it->x + i, it->y + j, 1, 1, it->rgb);
            break;
        case WY__TEXT: {
            char ascii[1024];
            wy__ascii_text(ascii, sizeof ascii, it->text);
            wy_font_draw(img, W, H, it->x, it->y, ascii, it->s, it->rgb);
            break;
        }
        case WY__TEXT_UP:
            wy_font_draw_up(img, W, H, it->x, it->y, it->text, it->s, it->rgb);
            break;
        }
    }
}

/* Fill the heatmap's cells from the table. */
int wy__draw_heat(uint8_t *img, uint32_t W, uint32_t H, const wy__scene *sc, uint32_t left, uint32_t top,
                  uint32_t cell)
{
    const uint32_t R = wy_table_rows(sc->table), C = wy_table_cols(sc->table);
    uint32_t *row = malloc((size_t)C * sizeof *row);
    if (!row)
        return 0;
    for (uint32_t x = 0; x < R; x++) {
        wy_table_row(sc->table, x, sc->side, row);
        for (uint32_t y = 0; y < C; y++) {
            unsigned idx = sc->vmax ? (unsigned)((uint64_t)row[y] * 255 / sc->vmax) : 0;
            int64_t px = (int64_t)left + (int64_t)x * cell, py = (int64_t)top + (int64_t)(C - 1 - y) * cell;
            if (cell == 1) {
                if (px < W && py < H)
                    memcpy(img + ((size_t)py * W + (size_t)px) * 3, wy_palette_seq[idx], 3);
            } else {
                wy__fill(img, W, H, px, py, cell, cell, wy_palette_seq[idx]);
            }
        }
    }
    free(row);
    return 1;
}
