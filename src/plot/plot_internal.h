/* plot_internal.h - shared by plot.c, png.c and svg.c. */
#ifndef WY_PLOT_INTERNAL_H
#define WY_PLOT_INTERNAL_H

#include "wythoff_plot.h"

#include <stddef.h>
#include <stdint.h>

typedef enum { WY__RECT, WY__DISC, WY__TEXT, WY__TEXT_UP } wy__item_kind;

/* One thing to draw, in pixels of the picture. */
typedef struct {
    wy__item_kind kind;
    int64_t x, y, w, h;  /* rect and disc: the box (a disc is inscribed); text: its top-left corner */
    uint8_t rgb[3];
    unsigned s;          /* text scale */
    char *text;          /* owned */
    int mark;            /* a cell or dot of a position (SVG: data-x, data-y) */
    uint32_t px, py;     /* dots: the cell (grid column i, row j); table cells: x, y */
    uint64_t value;      /* table cells: the value */
    unsigned mask;       /* dots: the games' bit mask; table cells: 1 for a P-position */
} wy__item;

typedef struct {
    wy_plot_style style;
    wy_plot_geometry geom;
    wy__item *items;
    size_t n, cap;
    uint8_t *grid;       /* dots: a mask per cell, row j (y upward) by column i */
    wy_table *table;     /* heatmaps and tables */
    wy_side side;
    uint64_t vmax;       /* heatmaps: the largest value */
    char *title;
    char geometry[400];  /* the geometry as text */
} wy__scene;

void wy__plot_err(char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void wy__scene_free(wy__scene *sc);
/* t with every character beyond ASCII replaced by '?' (what the bitmap font and tEXt chunks can hold). */
void wy__ascii_text(char *out, size_t cap, const char *t);
void wy__fill(uint8_t *img, uint32_t W, uint32_t H, int64_t x, int64_t y, int64_t w, int64_t h, const uint8_t *rgb);
int wy__disc_in(int64_t w, int64_t i, int64_t j);
void wy__draw_items(uint8_t *img, uint32_t W, uint32_t H, const wy__scene *sc);
int wy__draw_heat(uint8_t *img, uint32_t W, uint32_t H, const wy__scene *sc, uint32_t left, uint32_t top,
                  uint32_t cell);

/* PNG of an image through libpng (png.c): RGB, 3 bytes a pixel, or with
 * pal, indices into the npal colours of pal, a byte a pixel; text chunks as
 * key/value pairs. */
wy_status wy__png_write(const uint8_t *img, uint32_t W, uint32_t H, const uint8_t (*pal)[3], unsigned npal,
                        const char *const *text, unsigned ntext, wy_write_fn write, void *ctx, char *err,
                        size_t errlen);
wy_status wy__plot_png(const wy__scene *sc, wy_write_fn write, void *ctx, char *err, size_t errlen);
wy_status wy__plot_svg(const wy__scene *sc, wy_write_fn write, void *ctx, char *err, size_t errlen);

#endif
