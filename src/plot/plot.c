/*
 * plot.c - pictures of a window (include/wythoff_plot.h): wy_plot and
 * wy_plot_estimate.
 *
 * A picture is made in three steps:
 *   1. the layout (layout.c, wy_plot_layout): the picture's size and where
 *      the cells, axes, titles and legend go, from the spec alone;
 *   2. the data (here): a table of values (heatmaps, tables) from the table
 *      engine, or a grid of set masks (dot plots) from the layer engine
 *      where it covers the game and from a streamed table where it does not;
 *   3. a scene (scene.c), a list of rectangles, discs and texts in pixel
 *      coordinates, drawn either into an RGB canvas written as PNG (raster.c,
 *      png.c) or as SVG elements (svg.c).
 * Integer arithmetic only.
 */
#include "plot_internal.h"

#include "wythoff_layer.h"

#include <stdlib.h>
#include <string.h>

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
/* data: dot plots                                                      */
/* ------------------------------------------------------------------ */

typedef struct {
    pl_scene *sc;
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

static wy_status dots_data(pl_scene *sc, const wy_plot_spec *sp, const wy_run *run, char *err, size_t errlen)
{
    const wy_plot_geometry *g = &sc->geom;
    sc->grid = calloc((size_t)g->cells_x * g->cells_y, 1);
    if (!sc->grid) {
        pl_plot_err(err, errlen, "out of memory");
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

/* The data of the picture: the grid of a dot plot, or the table of a
 * heatmap or table with its side state and largest value. */
static wy_status plot_data(pl_scene *sc, const wy_plot_spec *sp, const wy_run *run, char *err, size_t errlen)
{
    if (sp->style == WY_PLOT_PPOS)
        return dots_data(sc, sp, run, err, errlen);
    const wy_plot_game *gm = &sp->games[0];
    wy_status st = wy_table_compute_run(&sc->table, gm->rules, sp->rows, sp->cols, gm->side, sp->mem_limit,
                                        WY_LAYOUT_AUTO, run, err, errlen);
    if (st == WY_OK) {
        sc->side = gm->side;
        sc->vmax = wy_table_max(sc->table, gm->side);
    }
    return st;
}

/* ------------------------------------------------------------------ */
/* wy_plot                                                              */
/* ------------------------------------------------------------------ */

wy_status wy_plot(const wy_plot_spec *sp, const wy_run *run, wy_write_fn write, void *ctx, char *err, size_t errlen)
{
    return wy_plot_source(sp, NULL, run, write, ctx, err, errlen);
}

wy_status wy_plot_source(const wy_plot_spec *sp, const char *source, const wy_run *run, wy_write_fn write, void *ctx,
                         char *err, size_t errlen)
{
    pl_scene sc;
    memset(&sc, 0, sizeof sc);
    wy_status st = wy_plot_layout(sp, &sc.geom, err, errlen);
    if (st != WY_OK)
        return st;
    if (!write) {
        pl_plot_err(err, errlen, "no output");
        return WY_EINVAL;
    }
    uint64_t need = wy_plot_estimate(sp);
    if (sp->mem_limit && need > sp->mem_limit) {
        char lim[32];
        wy_format_bytes(lim, sizeof lim, sp->mem_limit);
        pl_plot_err(err, errlen, "this plot needs about %llu MiB, more than the limit of %s",
                     (unsigned long long)((need + (1u << 20) - 1) >> 20), lim);
        return WY_ERANGE;
    }
    char title[WY_PLOT_TITLE_MAX + 400];
    pl_title_text(title, sizeof title, sp);
    sc.title = malloc(strlen(title) + 1);
    if (!sc.title) {
        pl_plot_err(err, errlen, "out of memory");
        return WY_ERANGE;
    }
    strcpy(sc.title, title);
    sc.source = source;
    sc.style = sp->style;
    st = plot_data(&sc, sp, run, err, errlen);
    if (st == WY_OK && !pl_scene_items(&sc, sp)) {
        pl_plot_err(err, errlen, "out of memory");
        st = WY_ERANGE;
    }
    if (st == WY_OK)
        st = sp->format == WY_PLOT_PNG ? pl_plot_png(&sc, write, ctx, err, errlen)
                                       : pl_plot_svg(&sc, write, ctx, err, errlen);
    pl_scene_free(&sc);
    return st;
}
