/* plot_internal.h - shared by the files of src/plot (not installed).
 *
 * The files, each using only those listed before it (no two call each
 * other; palette.c and font.c are data and the font):
 *   text.c        messages, the checks of a title, text widths
 *   colour.c      wy_plot_heat_rgb, wy_plot_set_rgb
 *   png_encode.c  an image as PNG through libpng
 *   layout.c      wy_plot_layout; the title and the legend's texts
 *   scene.c       the scene: the items of a picture in pixels
 *   raster.c      a scene drawn into an RGB canvas
 *   png.c, svg.c  a scene written as PNG, as SVG
 *   plot.c        wy_plot, wy_plot_estimate: the data and the three steps
 *   tile.c, array.c  tiles of a heatmap, a heatmap of the caller's values
 */
#ifndef WY_PLOT_INTERNAL_H
#define WY_PLOT_INTERNAL_H

#include "wythoff_plot.h"

#include <stddef.h>
#include <stdint.h>

typedef enum { WY__RECT, WY__DISC, WY__TEXT, WY__TEXT_UP } pl_item_kind;

/* One thing to draw, in pixels of the picture. */
typedef struct {
    pl_item_kind kind;
    int64_t x, y, w, h;  /* rect and disc: the box (a disc is inscribed); text: its top-left corner */
    uint8_t rgb[3];
    unsigned s;          /* text scale */
    char *text;          /* owned */
    int mark;            /* a cell or dot of a position (SVG: data-x, data-y) */
    uint32_t px, py;     /* dots: the cell (grid column i, row j); table cells: x, y */
    uint64_t value;      /* table cells: the value */
    unsigned mask;       /* dots: the games' bit mask; table cells: 1 for a P-position */
} pl_item;

typedef struct {
    wy_plot_style style;
    wy_plot_geometry geom;
    pl_item *items;
    size_t n, cap;
    uint8_t *grid;       /* dots: a mask per cell, row j (y upward) by column i */
    wy_table *table;     /* heatmaps and tables */
    wy_side side;
    uint64_t vmax;       /* heatmaps: the largest value */
    char *title;
    const char *source;  /* the spec's: how the picture was made, or NULL */
    char geometry[400];  /* the geometry as text */
} pl_scene;

/* ---- text.c ---- */
void pl_plot_err(char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The number of decimal digits of v. */
unsigned pl_digits(uint64_t v);
/* Width of n characters of the bitmap font at scale s. */
uint32_t pl_text_w(size_t n, unsigned s);
/* 1 when t is well-formed UTF-8 without control characters, U+FFFE and
 * U+FFFF (which XML forbids), with its number of characters in *n (n may
 * be NULL); else 0. */
int pl_utf8_text(const char *t, size_t *n);
/* t with every character beyond ASCII replaced by '?' (what the bitmap font and tEXt chunks can hold). */
void pl_ascii_text(char *out, size_t cap, const char *t);

/* ---- png_encode.c ---- */
/* PNG of an image through libpng: RGB, 3 bytes a pixel, or with
 * pal, indices into the npal colours of pal, a byte a pixel; text chunks as
 * key/value pairs. */
wy_status pl_png_write(const uint8_t *img, uint32_t W, uint32_t H, const uint8_t (*pal)[3], unsigned npal,
                        const char *const *text, unsigned ntext, wy_write_fn write, void *ctx, char *err,
                        size_t errlen);

/* ---- layout.c ---- */
/* The title of the picture (the spec's own or one made from the style and
 * the game), as snprintf returns. */
int pl_title_text(char *buf, size_t n, const wy_plot_spec *sp);
/* The legend's entries of a dot plot: their masks and texts (without the
 * counts, which come with the data); returns their number. */
unsigned pl_legend_entries(const wy_plot_spec *sp, unsigned masks[7], char text[7][420]);

/* ---- scene.c ---- */
/* The items of the scene, once sc's geometry, title, style and data are
 * set: the dots, the table's cells, or a heatmap's axes and colour bar,
 * then the title; and sc->geometry.  0 when out of memory. */
int pl_scene_items(pl_scene *sc, const wy_plot_spec *sp);
void pl_scene_free(pl_scene *sc);

/* ---- raster.c ---- */
/* Fill the w x h rectangle at (x, y) of the W x H canvas, clipped to it. */
void pl_fill(uint8_t *img, uint32_t W, uint32_t H, int64_t x, int64_t y, int64_t w, int64_t h, const uint8_t *rgb);
/* Draw the scene's items, in order. */
void pl_draw_items(uint8_t *img, uint32_t W, uint32_t H, const pl_scene *sc);
/* Fill a heatmap's cells from sc->table, the cells from (left, top): 0 when
 * out of memory. */
int pl_draw_heat(uint8_t *img, uint32_t W, uint32_t H, const pl_scene *sc, uint32_t left, uint32_t top,
                  uint32_t cell);

/* ---- png.c, svg.c ---- */
wy_status pl_plot_png(const pl_scene *sc, wy_write_fn write, void *ctx, char *err, size_t errlen);
wy_status pl_plot_svg(const pl_scene *sc, wy_write_fn write, void *ctx, char *err, size_t errlen);

#endif
