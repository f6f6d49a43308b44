/*
 * png.c - pictures as PNG: the scene drawn into an RGB canvas (raster.c) and
 * encoded through libpng (png_encode.c), with text chunks (Software, Title,
 * wythoff-geometry).
 */
#include "plot_internal.h"

#include "palette.h"

#include <stdlib.h>
#include <string.h>

wy_status pl_plot_png(const pl_scene *sc, wy_write_fn write, void *ctx, char *err, size_t errlen)
{
    const wy_plot_geometry *g = &sc->geom;
    const uint32_t W = g->width, H = g->height;
    uint8_t *img = malloc((size_t)W * H * 3);
    if (!img) {
        pl_plot_err(err, errlen, "out of memory for a %u x %u picture", W, H);
        return WY_ERANGE;
    }
    pl_fill(img, W, H, 0, 0, W, H, pl_palette_background);
    if (sc->style == WY_PLOT_HEATMAP && !pl_draw_heat(img, W, H, sc, g->left, g->top, g->cell)) {
        free(img);
        pl_plot_err(err, errlen, "out of memory");
        return WY_ERANGE;
    }
    pl_draw_items(img, W, H, sc);
    char title[1024];
    pl_ascii_text(title, sizeof title, sc->title);
    char *source = NULL;
    if (sc->source) {
        const size_t n = strlen(sc->source) + 1;
        source = malloc(n);
        if (!source) {
            free(img);
            pl_plot_err(err, errlen, "out of memory");
            return WY_ERANGE;
        }
        pl_ascii_text(source, n, sc->source);
    }
    const char *text[] = {"Software", "wythoff " WY_VERSION, "Title", title, "wythoff-geometry", sc->geometry,
                          "Comment", source};
    wy_status st = pl_png_write(img, W, H, NULL, 0, text, source ? 4 : 3, write, ctx, err, errlen);
    free(source);
    free(img);
    return st;
}
