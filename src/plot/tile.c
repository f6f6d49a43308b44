/* tile.c - square pieces of a heatmap, cut from computed tables, for
 * explorers that pan and zoom (wythoff_plot.h, "Tiles"). */
#include "plot_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tile's geometry: positions per pixel n, pixels per position px, the
 * positions a side and the first position; WY_EINVAL for a bad spec. */
typedef struct {
    uint64_t n, span, x0, y0;
    uint32_t px;
} tile_geom;

static wy_status tile_geometry(const wy_tile_spec *t, tile_geom *g, char *err, size_t errlen)
{
    if (!t)
        return pl_plot_err(err, errlen, "tile: no spec"), WY_EINVAL;
    if (t->zoom < WY_TILE_ZOOM_MIN || t->zoom > WY_TILE_ZOOM_MAX)
        return pl_plot_err(err, errlen, "tile zoom %d out of range (%d to %d)", t->zoom, WY_TILE_ZOOM_MIN,
                            WY_TILE_ZOOM_MAX),
               WY_EINVAL;
    if (t->size < 1 || t->size > WY_TILE_SIZE_MAX)
        return pl_plot_err(err, errlen, "tile size %u out of range (1 to %u)", t->size, WY_TILE_SIZE_MAX),
               WY_EINVAL;
    const uint32_t W = t->size;
    /* positions per pixel (n) or pixels per position (px) */
    g->n = t->zoom >= 0 ? (uint64_t)1 << t->zoom : 1;
    g->px = t->zoom < 0 ? 1u << -t->zoom : 1;
    g->span = (uint64_t)(W / g->px + (W % g->px != 0)) * g->n; /* positions a side */
    /* the tile's first position; tiles beyond 2^63 positions are empty */
    const uint64_t lim = (uint64_t)1 << 62;
    const int far = t->tx >= lim / g->span || t->ty >= lim / g->span;
    g->x0 = far ? lim : t->tx * g->span;
    g->y0 = far ? lim : t->ty * g->span;
    return WY_OK;
}

/* The P-position marks of the blocks (n > 1 positions a pixel side): bit k
 * of mark[j * W + i] is set where table k (the first, the second) has value
 * 0 at a position of pixel (i, j)'s block, clipped to that table.  Each row
 * x of the tile's span is read once (wy_table_row) and its zeros marked,
 * instead of one wy_table_get per position of every block: the same marks
 * (a block is marked iff one of its positions in the table holds 0), read
 * in order.  The caller sets the pixels beyond the first table.  WY_ERANGE
 * if the row buffer cannot be allocated. */
static wy_status marks_by_rows(const wy_tile_spec *t, const tile_geom *g, uint32_t W, uint8_t *mark)
{
    const wy_table *tabs[2] = {t->table, t->table_b};
    const wy_side sides[2] = {t->side, t->side_b};
    memset(mark, 0, (size_t)W * W);
    for (int k = 0; k < 2; k++) {
        const wy_table *tab = tabs[k];
        if (!tab)
            continue;
        const uint64_t R = wy_table_rows(tab), C = wy_table_cols(tab);
        if (g->x0 >= R || g->y0 >= C)
            continue;
        const uint64_t x1 = g->x0 + g->span < R ? g->x0 + g->span : R;
        const uint64_t y1 = g->y0 + g->span < C ? g->y0 + g->span : C;
        uint32_t *row = malloc((size_t)C * sizeof *row);
        if (!row)
            return WY_ERANGE;
        for (uint64_t x = g->x0; x < x1; x++) {
            const size_t i = (size_t)((x - g->x0) / g->n);
            wy_table_row(tab, (uint32_t)x, sides[k], row);
            for (uint64_t y = g->y0; y < y1; y++)
                if (row[y] == 0) {
                    const size_t j = W - 1 - (size_t)((y - g->y0) / g->n);
                    mark[j * W + i] |= (uint8_t)(1u << k);
                }
        }
        free(row);
    }
    return WY_OK;
}

wy_status wy_plot_tile_values(const wy_tile_spec *t, uint32_t *value, uint8_t *mark, char *err, size_t errlen)
{
    tile_geom g;
    wy_status st = tile_geometry(t, &g, err, errlen);
    if (st != WY_OK)
        return st;
    if (!t->table || !value || !mark)
        return pl_plot_err(err, errlen, "tile: no table"), WY_EINVAL;
    const uint32_t W = t->size;
    const uint64_t n = g.n, px = g.px;
    const uint64_t R = wy_table_rows(t->table), C = wy_table_cols(t->table);
    if (n > 1 && marks_by_rows(t, &g, W, mark) != WY_OK)
        return pl_plot_err(err, errlen, "out of memory for a row of %llu values", (unsigned long long)C), WY_ERANGE;
    for (uint32_t j = 0; j < W; j++) { /* pixel row, top first */
        const uint64_t row_from_bottom = W - 1 - j;
        const uint64_t y = g.y0 + (row_from_bottom / px) * n;
        for (uint32_t i = 0; i < W; i++) {
            const uint64_t x = g.x0 + (i / px) * n;
            const size_t k = (size_t)j * W + i;
            if (x >= R || y >= C) {
                value[k] = 0;
                mark[k] = WY_TILE_BEYOND;
                continue;
            }
            unsigned m;
            uint32_t v = wy_table_get(t->table, (uint32_t)x, (uint32_t)y, t->side);
            if (n == 1) {
                m = v == 0;
                if (t->table_b && x < wy_table_rows(t->table_b) && y < wy_table_cols(t->table_b) &&
                    wy_table_get(t->table_b, (uint32_t)x, (uint32_t)y, t->side_b) == 0)
                    m |= 2;
            } else {
                m = mark[k]; /* marks_by_rows */
            }
            value[k] = v;
            mark[k] = (uint8_t)m;
        }
    }
    return WY_OK;
}

wy_status wy_plot_tile_png(const wy_tile_spec *t, int two, const uint32_t *value, const uint8_t *mark,
                           wy_write_fn write, void *ctx, char *err, size_t errlen)
{
    tile_geom g;
    wy_status st = tile_geometry(t, &g, err, errlen);
    if (st != WY_OK)
        return st;
    if (!value || !mark || !write)
        return pl_plot_err(err, errlen, "tile: no values"), WY_EINVAL;
    if (t->vmax < 1)
        return pl_plot_err(err, errlen, "tile: vmax must be at least 1"), WY_EINVAL;
    const uint32_t W = t->size;
    uint8_t *img = malloc((size_t)W * W * 3);
    if (!img)
        return pl_plot_err(err, errlen, "out of memory for a %u x %u tile", W, W), WY_ERANGE;
    static const uint8_t grey[3] = {216, 216, 216}, white[3] = {255, 255, 255};
    for (size_t k = 0; k < (size_t)W * W; k++) {
        uint8_t *p = img + k * 3;
        const unsigned m = mark[k];
        if (m & WY_TILE_BEYOND)
            memcpy(p, grey, 3);
        else if ((m & 3) == 0)
            wy_plot_heat_rgb(value[k], t->vmax, p);
        else if (!two || (m & 3) == 3)
            memcpy(p, white, 3);
        else
            wy_plot_set_rgb(m & 3, p);
    }
    char geom[160];
    snprintf(geom, sizeof geom, "tile zoom %d x %llu..%llu y %llu..%llu size %u", t->zoom,
             (unsigned long long)g.x0, (unsigned long long)(g.x0 + g.span - 1), (unsigned long long)g.y0,
             (unsigned long long)(g.y0 + g.span - 1), W);
    const char *text[2] = {"wythoff-tile", geom};
    st = pl_png_write(img, W, W, NULL, 0, text, 1, write, ctx, err, errlen);
    free(img);
    return st;
}

wy_status wy_plot_tile(const wy_tile_spec *t, wy_write_fn write, void *ctx, char *err, size_t errlen)
{
    if (!t || !t->table || !write)
        return pl_plot_err(err, errlen, "tile: no table"), WY_EINVAL;
    tile_geom g;
    wy_status st = tile_geometry(t, &g, err, errlen);
    if (st != WY_OK)
        return st;
    if (t->vmax < 1)
        return pl_plot_err(err, errlen, "tile: vmax must be at least 1"), WY_EINVAL;
    const size_t N = (size_t)t->size * t->size;
    uint32_t *value = malloc(N * sizeof *value);
    uint8_t *mark = malloc(N);
    if (!value || !mark) {
        free(value), free(mark);
        return pl_plot_err(err, errlen, "out of memory for a %u x %u tile", t->size, t->size), WY_ERANGE;
    }
    st = wy_plot_tile_values(t, value, mark, err, errlen);
    if (st == WY_OK)
        st = wy_plot_tile_png(t, t->table_b != NULL, value, mark, write, ctx, err, errlen);
    free(value), free(mark);
    return st;
}
