/* array.c - a heatmap of values the caller computed (wy_plot_array_png):
 * the projection of an atlas (wythoff heap3 --plot, docs/heap3.md), where
 * the value of a cell is the c of its P-position (a, b, c) and cells with
 * none are black. */
#include "font.h"
#include "palette.h"
#include "plot_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t wy_plot_array_estimate(uint32_t rows, uint32_t cols, unsigned cell)
{
    if (rows == 0 || cols == 0 || rows > WY_PLOT_HEATMAP_MAX || cols > WY_PLOT_HEATMAP_MAX || cell > 64)
        return 0;
    if (cell == 0) {
        const uint32_t m = rows > cols ? rows : cols;
        cell = m >= WY_PLOT_TARGET ? 1 : WY_PLOT_TARGET / m;
    }
    const uint64_t W = (uint64_t)rows * cell + 70, H = (uint64_t)cols * cell + 60;
    return W * H * 3 + 65536;
}

wy_status wy_plot_array_png(const uint32_t *v, uint32_t rows, uint32_t cols, uint32_t none, uint64_t vmax,
                            unsigned cell, const char *title, wy_write_fn write, void *ctx, char *err, size_t errlen)
{
    return wy_plot_array_png_source(v, rows, cols, none, vmax, cell, title, NULL, write, ctx, err, errlen);
}

wy_status wy_plot_array_png_source(const uint32_t *v, uint32_t rows, uint32_t cols, uint32_t none, uint64_t vmax,
                                   unsigned cell, const char *title, const char *source, wy_write_fn write,
                                   void *ctx, char *err, size_t errlen)
{
    if (!v || !write || rows == 0 || cols == 0 || rows > WY_PLOT_HEATMAP_MAX || cols > WY_PLOT_HEATMAP_MAX ||
        cell > 64) {
        pl_plot_err(err, errlen, "bad array plot: %u x %u cells (1 to %u a side), cell %u (0 to 64)", rows, cols,
                     WY_PLOT_HEATMAP_MAX, cell);
        return WY_EINVAL;
    }
    if (cell == 0) {
        const uint32_t m = rows > cols ? rows : cols;
        cell = m >= WY_PLOT_TARGET ? 1 : WY_PLOT_TARGET / m;
    }
    const unsigned s = 1;
    const uint32_t L = 50, T = 24, R = 20, B = 36;
    const uint32_t W = rows * cell + L + R, H = cols * cell + T + B;
    uint8_t *img = malloc((size_t)W * H * 3);
    if (!img) {
        pl_plot_err(err, errlen, "out of memory for a %u x %u picture", W, H);
        return WY_ERANGE;
    }
    pl_fill(img, W, H, 0, 0, W, H, pl_palette_background);
    static const uint8_t black[3] = {0, 0, 0};
    for (uint32_t x = 0; x < rows; x++)
        for (uint32_t y = 0; y < cols; y++) {
            const uint32_t c = v[(size_t)x * cols + y];
            const uint8_t *rgb = black;
            if (c != none)
                rgb = pl_palette_seq[vmax ? (unsigned)((uint64_t)(c > vmax ? vmax : c) * 255 / vmax) : 0];
            pl_fill(img, W, H, (int64_t)L + (int64_t)x * cell, (int64_t)T + (int64_t)(cols - 1 - y) * cell, cell,
                     cell, rgb);
        }
    /* frame, corner labels, axis names, title */
    const uint8_t *ink = pl_palette_ink;
    pl_fill(img, W, H, L - 1, T - 1, (int64_t)rows * cell + 2, 1, ink);
    pl_fill(img, W, H, L - 1, (int64_t)T + (int64_t)cols * cell, (int64_t)rows * cell + 2, 1, ink);
    pl_fill(img, W, H, L - 1, T - 1, 1, (int64_t)cols * cell + 2, ink);
    pl_fill(img, W, H, (int64_t)L + (int64_t)rows * cell, T - 1, 1, (int64_t)cols * cell + 2, ink);
    char buf[64];
    const int64_t base = (int64_t)T + (int64_t)cols * cell + 4;
    pl_font_draw(img, W, H, L, base, "0", s, ink);
    snprintf(buf, sizeof buf, "%u", rows - 1);
    pl_font_draw(img, W, H, (int64_t)L + (int64_t)rows * cell - pl_font_text_width(buf, s), base, buf, s, ink);
    pl_font_draw(img, W, H, (int64_t)L + (int64_t)rows * cell / 2 - 2, base + 12, "a", s, ink);
    pl_font_draw(img, W, H, L - 4 - pl_font_text_width("0", s), (int64_t)T + (int64_t)cols * cell - 8, "0", s, ink);
    snprintf(buf, sizeof buf, "%u", cols - 1);
    pl_font_draw(img, W, H, (int64_t)L - 4 - pl_font_text_width(buf, s), T, buf, s, ink);
    pl_font_draw(img, W, H, 8, (int64_t)T + (int64_t)cols * cell / 2 - 4, "b", s, ink);
    char t[512];
    pl_ascii_text(t, sizeof t, title ? title : "");
    pl_font_draw(img, W, H, L, 8, t, s, ink);
    char geometry[320];
    snprintf(geometry, sizeof geometry,
             "style=array rows=%u cols=%u width=%u height=%u left=%u top=%u cell=%u block=1 cells-x=%u cells-y=%u "
             "orientation=x-right-y-up vmax=%llu",
             rows, cols, W, H, L, T, cell, rows, cols, (unsigned long long)vmax);
    char *src = NULL;
    if (source) {
        const size_t n = strlen(source) + 1;
        src = malloc(n);
        if (!src) {
            free(img);
            pl_plot_err(err, errlen, "out of memory");
            return WY_ERANGE;
        }
        pl_ascii_text(src, n, source);
    }
    const char *text[] = {"Software", "wythoff " WY_VERSION, "Title", t, "wythoff-geometry", geometry, "Comment", src};
    wy_status st = pl_png_write(img, W, H, NULL, 0, text, src ? 4 : 3, write, ctx, err, errlen);
    free(src);
    free(img);
    return st;
}
