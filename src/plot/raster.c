/* raster.c - a scene drawn into an RGB canvas, 3 bytes a pixel (PNG
 * pictures, array.c's heatmaps). */
#include "plot_internal.h"

#include "font.h"
#include "palette.h"

#include <stdlib.h>
#include <string.h>

void pl_fill(uint8_t *img, uint32_t W, uint32_t H, int64_t x, int64_t y, int64_t w, int64_t h, const uint8_t *rgb)
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
static int disc_in(int64_t w, int64_t i, int64_t j)
{
    if (w < 3)
        return 1;
    int64_t d = w * 4 / 5; /* diameter in pixels = radius in half pixels */
    if (d < 2)
        d = 2;
    int64_t dx = 2 * i + 1 - w, dy = 2 * j + 1 - w;
    return dx * dx + dy * dy <= d * d;
}

void pl_draw_items(uint8_t *img, uint32_t W, uint32_t H, const pl_scene *sc)
{
    for (size_t k = 0; k < sc->n; k++) {
        const pl_item *it = &sc->items[k];
        switch (it->kind) {
        case WY__RECT:
            pl_fill(img, W, H, it->x, it->y, it->w, it->h, it->rgb);
            break;
        case WY__DISC:
            for (int64_t j = 0; j < it->h; j++)
                for (int64_t i = 0; i < it->w; i++)
                    if (disc_in(it->w, i, j))
                        pl_fill(img, W, H, it->x + i, it->y + j, 1, 1, it->rgb);
            break;
        case WY__TEXT: {
            char ascii[1024];
            pl_ascii_text(ascii, sizeof ascii, it->text);
            pl_font_draw(img, W, H, it->x, it->y, ascii, it->s, it->rgb);
            break;
        }
        case WY__TEXT_UP:
            pl_font_draw_up(img, W, H, it->x, it->y, it->text, it->s, it->rgb);
            break;
        }
    }
}

/* Fill the heatmap's cells from the table. */
int pl_draw_heat(uint8_t *img, uint32_t W, uint32_t H, const pl_scene *sc, uint32_t left, uint32_t top,
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
                    memcpy(img + ((size_t)py * W + (size_t)px) * 3, pl_palette_seq[idx], 3);
            } else {
                pl_fill(img, W, H, px, py, cell, cell, pl_palette_seq[idx]);
            }
        }
    }
    free(row);
    return 1;
}
