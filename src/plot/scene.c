/* scene.c - the scene of a picture: the rectangles, discs and texts of its
 * axes, legend, colour bar, dots and table cells in pixel coordinates, from
 * the layout and the data (a heatmap's cells are not items: the renderers
 * fill them from the table). */
#include "plot_internal.h"

#include "font.h"
#include "palette.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static int scene_push(pl_scene *sc, const pl_item *it)
{
    if (sc->n == sc->cap) {
        size_t nc = sc->cap ? sc->cap * 2 : 256;
        pl_item *p = realloc(sc->items, nc * sizeof *p);
        if (!p)
            return 0;
        sc->items = p;
        sc->cap = nc;
    }
    sc->items[sc->n++] = *it;
    return 1;
}

static int add_rect(pl_scene *sc, int64_t x, int64_t y, int64_t w, int64_t h, const uint8_t *rgb)
{
    pl_item it = {0};
    it.kind = WY__RECT;
    it.x = x;
    it.y = y;
    it.w = w;
    it.h = h;
    memcpy(it.rgb, rgb, 3);
    return scene_push(sc, &it);
}

static int add_text(pl_scene *sc, int64_t x, int64_t y, const char *text, unsigned s, const uint8_t *rgb, int up)
{
    pl_item it = {0};
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
static int add_text_c(pl_scene *sc, int64_t xc, int64_t y, const char *text, unsigned s, const uint8_t *rgb)
{
    return add_text(sc, xc - (int64_t)pl_text_w(strlen(text), s) / 2, y, text, s, rgb, 0);
}

void pl_scene_free(pl_scene *sc)
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
static int add_axes(pl_scene *sc, const wy_plot_spec *sp)
{
    const wy_plot_geometry *g = &sc->geom;
    const unsigned s = g->font;
    const int64_t L = g->left, T = g->top, pw = (int64_t)g->cells_x * g->cell, ph = (int64_t)g->cells_y * g->cell;
    const uint8_t *ink = pl_palette_ink;
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
        uint64_t lw = pl_text_w(pl_digits(n), s) + 8 * s;
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
        ok &= add_text_c(sc, L + pw / 2, T + ph + 1 + tick + gap + PL_FONT_H * s + 4 * s, "x", s, ink);
    }
    /* y: upward */
    {
        uint64_t n = sp->cols - 1;
        uint64_t lh = (uint64_t)PL_FONT_H * s * 2;
        uint64_t most = (uint64_t)ph / lh;
        uint64_t st = nice_step(n, most > 10 ? 10 : most);
        const int64_t H = g->cells_y;
        for (uint64_t p = 0; p <= n; p += st) {
            int64_t yc = T + (H - 1 - (int64_t)(p / block)) * cell + cell / 2;
            ok &= add_rect(sc, L - 1 - tick, yc, tick, 1, ink);
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)p);
            int64_t w = pl_text_w(strlen(buf), s);
            ok &= add_text(sc, L - 1 - tick - gap - w, yc - 3 * s, buf, s, ink, 0);
            if (n - p < st)
                break;
        }
        /* "y" turned, left of the tick labels */
        ok &= add_text(sc, (int64_t)8 * s, T + ph / 2 - (int64_t)pl_text_w(1, s) / 2, "y", s, ink, 1);
    }
    return ok;
}

/* The colour bar of a heatmap, right of the cells. */
static int add_colour_bar(pl_scene *sc, uint64_t vmax)
{
    const wy_plot_geometry *g = &sc->geom;
    const unsigned s = g->font;
    const int64_t ph = (int64_t)g->cells_y * g->cell;
    const int64_t bx = (int64_t)g->left + (int64_t)g->cells_x * g->cell + 1 + 12 * s;
    const int64_t bw = 12 * s;
    int64_t bh = ph > 128 * (int64_t)s ? ph : 128 * (int64_t)s;
    const int64_t by = g->top + PL_FONT_H * s + 4 * s;
    bh -= PL_FONT_H * s + 4 * s;
    const uint8_t *ink = pl_palette_ink;
    int ok = add_text(sc, bx, g->top, "value", s, ink, 0);
    /* one row per pixel, bottom (0) to top (vmax) */
    for (int64_t r = 0; r < bh; r++) {
        uint8_t rgb[3];
        uint64_t idx = bh > 1 ? (uint64_t)r * 255 / (uint64_t)(bh - 1) : 0;
        memcpy(rgb, pl_palette_seq[idx], 3);
        ok &= add_rect(sc, bx, by + bh - 1 - r, bw, 1, rgb);
    }
    ok &= add_rect(sc, bx - 1, by - 1, bw + 2, 1, ink);
    ok &= add_rect(sc, bx - 1, by + bh, bw + 2, 1, ink);
    ok &= add_rect(sc, bx - 1, by - 1, 1, bh + 2, ink);
    ok &= add_rect(sc, bx + bw, by - 1, 1, bh + 2, ink);
    uint64_t most = (uint64_t)bh / (PL_FONT_H * s * 2);
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

/* A dot plot: a disc (or square) per marked cell of sc->grid, the axes, the
 * legend with the count of each set. */
static int dots_scene(pl_scene *sc, const wy_plot_spec *sp)
{
    const wy_plot_geometry *g = &sc->geom;
    const uint32_t cell = g->cell, W = g->cells_x, H = g->cells_y;
    uint64_t count[8] = {0};
    int ok = 1;
    /* a light grid between cells when they are large */
    if (cell >= 16) {
        for (uint32_t i = 1; i < W; i++)
            ok &= add_rect(sc, (int64_t)g->left + (int64_t)i * cell, g->top, 1, (int64_t)H * cell, pl_palette_grid);
        for (uint32_t j = 1; j < H; j++)
            ok &= add_rect(sc, g->left, (int64_t)g->top + (int64_t)j * cell, (int64_t)W * cell, 1, pl_palette_grid);
    }
    for (uint32_t j = 0; j < H; j++)
        for (uint32_t i = 0; i < W; i++) {
            unsigned m = sc->grid[(size_t)j * W + i];
            if (!m)
                continue;
            count[m]++;
            pl_item it = {0};
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
    unsigned k = pl_legend_entries(sp, masks, text);
    const unsigned s = g->font;
    const int64_t lx = (int64_t)g->left + (int64_t)W * cell + 1 + 12 * s;
    for (unsigned e = 0; e < k; e++) {
        const int64_t ly = (int64_t)g->top + (int64_t)e * 14 * s;
        pl_item it = {0};
        it.kind = WY__DISC;
        it.x = lx;
        it.y = ly;
        it.w = it.h = PL_FONT_H * s;
        wy_plot_set_rgb(masks[e], it.rgb);
        ok &= scene_push(sc, &it);
        char line[480];
        if (g->block == 1)
            snprintf(line, sizeof line, "%.419s (%llu)", text[e], (unsigned long long)count[masks[e]]);
        else
            snprintf(line, sizeof line, "%.419s", text[e]);
        ok &= add_text(sc, lx + PL_FONT_H * s + 4 * s, ly + s, line, s, pl_palette_ink, 0);
    }
    if (g->block > 1) {
        char line[96];
        snprintf(line, sizeof line, "a pixel: %u x %u positions", g->block, g->block);
        ok &= add_text(sc, lx, (int64_t)g->top + (int64_t)k * 14 * s + 6 * s, line, s, pl_palette_ink, 0);
    }
    return ok;
}

/* A table: a cell per position, red for the P-positions, with its value;
 * the labels of rows and columns. */
static int table_scene(pl_scene *sc, const wy_plot_spec *sp)
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
            pl_item it = {0};
            it.kind = WY__RECT;
            it.x = L + (int64_t)y * cell;
            it.y = T + (int64_t)x * cell;
            it.w = it.h = cell;
            memcpy(it.rgb, p ? pl_palette_pcell : pl_palette_background, 3);
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
                       j == 1 ? pl_palette_ink : pl_palette_grid);
    for (uint32_t i = 0; i <= R + 1; i++)
        ok &= add_rect(sc, L - cell, T - cell + (int64_t)i * cell, (int64_t)(C + 1) * cell + 1, 1,
                       i == 1 ? pl_palette_ink : pl_palette_grid);
    const int64_t ty = (cell - 7 * (int64_t)s) / 2; /* capitals and digits are 7 rows high */
    for (uint32_t x = 0; x < R; x++) {
        wy_table_row(sc->table, x, side, row);
        for (uint32_t y = 0; y < C; y++) {
            snprintf(buf, sizeof buf, "%u", row[y]);
            ok &= add_text_c(sc, L + (int64_t)y * cell + cell / 2, T + (int64_t)x * cell + ty, buf, s,
                             row[y] ? pl_palette_ink : pl_palette_pcell_ink);
        }
        snprintf(buf, sizeof buf, "%u", x);
        ok &= add_text_c(sc, L - cell + cell / 2, T + (int64_t)x * cell + ty, buf, s, pl_palette_ink);
    }
    for (uint32_t y = 0; y < C; y++) {
        snprintf(buf, sizeof buf, "%u", y);
        ok &= add_text_c(sc, L + (int64_t)y * cell + cell / 2, T - cell + ty, buf, s, pl_palette_ink);
    }
    ok &= add_text_c(sc, L - cell + cell / 2, T - cell + ty, "x\\y", s, pl_palette_ink);
    free(row);
    return ok;
}

/* The geometry as text (PNG tEXt chunk, SVG <desc>). */
static void geometry_text(char *buf, size_t n, const wy_plot_spec *sp, const pl_scene *sc)
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


int pl_scene_items(pl_scene *sc, const wy_plot_spec *sp)
{
    int ok;
    if (sp->style == WY_PLOT_PPOS)
        ok = dots_scene(sc, sp);
    else if (sp->style == WY_PLOT_TABLE)
        ok = table_scene(sc, sp);
    else
        ok = add_axes(sc, sp) && add_colour_bar(sc, sc->vmax);
    const unsigned s = sc->geom.font;
    const uint32_t pad = 8 * s;
    if (!ok || !add_text(sc, pad, pad, sc->title, s, pl_palette_ink, 0))
        return 0;
    geometry_text(sc->geometry, sizeof sc->geometry, sp, sc);
    return 1;
}
