/*
 * wythoff_plot.h - pictures of a window: PNG (through libpng) or SVG.
 *
 * Three styles:
 *   WY_PLOT_HEATMAP  every position a pixel (or a square of cell x cell
 *                    pixels) coloured by its value on a perceptually even
 *                    scale, with a colour bar, axes and ticks;
 *   WY_PLOT_PPOS     the positions of one value (0: the P-positions) as
 *                    dots, for one to three games at once; a dot's colour
 *                    says which games have the position (legend); windows
 *                    larger than the picture are drawn in blocks of
 *                    positions per pixel;
 *   WY_PLOT_TABLE    the numbers in a grid with row and column labels,
 *                    P-positions on red cells (small windows).
 * Heatmaps and dot plots put x on the horizontal axis and y on the vertical
 * axis, upward, origin at the bottom left (as the papers' figures of
 * P-positions); tables have row x and column y from the top left (as the
 * papers' tables and `wythoff table`).
 *
 * Every picture carries its geometry (wy_plot_geometry) as text: a PNG
 * tEXt chunk "wythoff-geometry", an SVG <desc id="wythoff-geometry">, so a
 * reader can find the pixel of any position.  In SVG every cell or mark of a
 * window small enough to be drawn element by element carries data-x, data-y
 * (and data-value for heatmap and table cells).
 *
 * The library computes the values itself (table engine, or layer engine for
 * dot plots of games it covers) and writes the file's bytes through a
 * callback; it never prints.  Nothing outlives a call (the spec and its
 * rulesets are only read); plots may be drawn in several threads at once.
 */
#ifndef WYTHOFF_PLOT_H
#define WYTHOFF_PLOT_H

#include "wythoff.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { WY_PLOT_HEATMAP = 0, WY_PLOT_PPOS = 1, WY_PLOT_TABLE = 2 } wy_plot_style;
typedef enum { WY_PLOT_PNG = 0, WY_PLOT_SVG = 1 } wy_plot_format;

#define WY_PLOT_MAX_GAMES 3
/* Limits of the styles (requests beyond them are WY_EINVAL, with the reason). */
#define WY_PLOT_TABLE_MAX 64        /* table: at most 64 x 64 positions */
#define WY_PLOT_HEATMAP_MAX 16384   /* heatmap: at most 16384 positions a side */
#define WY_PLOT_TARGET 800          /* automatic size: plots about this many pixels a side */
#define WY_PLOT_SVG_CELLS 16384     /* SVG heatmaps of more cells embed PNG images */
#define WY_PLOT_TITLE_MAX 512       /* bytes of a title (UTF-8, no control characters) */

typedef struct {
    const wy_rules *rules;
    wy_side side;
} wy_plot_game;

typedef struct {
    wy_plot_style style;
    wy_plot_format format;
    uint32_t rows, cols;      /* the window: 0 <= x < rows, 0 <= y < cols */
    unsigned ngames;          /* 1; dot plots: 1 to WY_PLOT_MAX_GAMES */
    wy_plot_game games[WY_PLOT_MAX_GAMES];
    uint64_t value;           /* dot plots: the value drawn (0: the P-positions) */
    unsigned cell;            /* pixels per position: 0 automatic; heatmap and dots 1-64; table up to 128
                                 and at least what its numbers need (32 or more) */
    const char *title;        /* NULL: automatic */
    uint64_t mem_limit;       /* bytes; 0: no limit */
} wy_plot_spec;

/* Where the positions are.  A position (x, y) of a heatmap or dot plot
 * covers the pixels
 *     left + (x / block) * cell  <= px <  left + (x / block + 1) * cell
 *     top + (H - 1 - y / block) * cell <= py < ... + cell,  H = ceil(cols / block)
 * and of a table (block 1)
 *     left + y * cell <= px < left + (y + 1) * cell,  top + x * cell <= py < ...
 * Either cell or block is 1. */
typedef struct {
    uint32_t width, height;   /* the whole picture, pixels */
    uint32_t left, top;       /* the corner of the cell area */
    uint32_t cell;            /* pixels per position (or per block) a side */
    uint32_t block;           /* positions per pixel a side (dot plots of big windows) */
    uint32_t cells_x, cells_y; /* the cell area in cells: cells_x across, cells_y down */
    unsigned font;            /* the text's scale */
} wy_plot_geometry;

/* The layout of a spec (validates it).  WY_EINVAL with a message for a bad
 * spec. */
WY_API wy_status wy_plot_layout(const wy_plot_spec *spec, wy_plot_geometry *geom, char *err, size_t errlen);

/* Bytes wy_plot needs at most (computing and drawing), for refusing early;
 * 0 for a bad spec. */
WY_API uint64_t wy_plot_estimate(const wy_plot_spec *spec);

/* Receives the file's bytes in order; returns 0 on success, nonzero to stop
 * (wy_plot then returns WY_EINVAL with "write error"). */
typedef int (*wy_write_fn)(void *ctx, const void *data, size_t len);

/* Compute and draw.  run: threads and progress for the engines (NULL: none).
 * WY_ERANGE when the estimate exceeds spec->mem_limit (before allocating),
 * WY_ECANCELED when the progress function stops it. */
WY_API wy_status wy_plot(const wy_plot_spec *spec, const wy_run *run, wy_write_fn write, void *write_ctx, char *err,
                  size_t errlen);
/* The same, with source (NULL: none): how the picture was made (a command,
 * one line), kept in the file: the PNG's tEXt chunk "Comment" (as ASCII),
 * the SVG's <metadata>.  A function rather than a field of wy_plot_spec, so
 * that programs built with an older header keep the struct's size. */
WY_API wy_status wy_plot_source(const wy_plot_spec *spec, const char *source, const wy_run *run, wy_write_fn write,
                                void *write_ctx, char *err, size_t errlen);

/* The colour of value v on a heatmap whose largest value is vmax: entry
 * v * 255 / vmax of the scale (0 when vmax is 0). */
WY_API void wy_plot_heat_rgb(uint64_t v, uint64_t vmax, uint8_t rgb[3]);

/* A heatmap PNG of values the caller computed (`wythoff heap3 --plot`):
 * v[x * cols + y] for 0 <= x < rows, 0 <= y < cols (each side at most
 * WY_PLOT_HEATMAP_MAX), x to the right and y upward as the heatmaps above,
 * coloured by wy_plot_heat_rgb(v, vmax) (values above vmax as vmax), cells
 * holding `none` black; cell pixels a side (0: about WY_PLOT_TARGET pixels
 * in all, 1 to 64), a frame, corner labels and the title (NULL: none).
 * The geometry is in the tEXt chunk "wythoff-geometry" (style=array).
 * wy_plot_array_estimate: its bytes (0 for a bad size). */
WY_API uint64_t wy_plot_array_estimate(uint32_t rows, uint32_t cols, unsigned cell);
WY_API wy_status wy_plot_array_png(const uint32_t *v, uint32_t rows, uint32_t cols, uint32_t none, uint64_t vmax,
                                   unsigned cell, const char *title, wy_write_fn write, void *ctx, char *err,
                                   size_t errlen);
/* The same, with source (NULL: none) in the tEXt chunk "Comment", as
 * wy_plot_spec's source. */
WY_API wy_status wy_plot_array_png_source(const uint32_t *v, uint32_t rows, uint32_t cols, uint32_t none,
                                          uint64_t vmax, unsigned cell, const char *title, const char *source,
                                          wy_write_fn write, void *ctx, char *err, size_t errlen);
/* The colour of a dot in the games of bit mask m (1 .. 7). */
WY_API void wy_plot_set_rgb(unsigned m, uint8_t rgb[3]);

/* ------------------------------------------------------------------ */
/* Tiles: pieces of a heatmap for explorers that pan and zoom          */
/* ------------------------------------------------------------------ */

/* One square tile of the heatmap of a computed table (`wythoff serve`).
 * x grows to the right and y upward, as in the heatmaps above.  At zoom
 * z >= 0 a pixel stands for the block of 2^z x 2^z positions whose corner
 * with the smallest x and y is (x, y) and is coloured by that corner's
 * value; at z < 0 a position is a square of 2^-z pixels.  The tile (tx, ty)
 * covers tx * S <= x < (tx + 1) * S and ty * S <= y < (ty + 1) * S, S = size
 * * 2^z positions (size / 2^-z for z < 0); its top pixel row holds the
 * largest y.  Colours: wy_plot_heat_rgb(value, vmax); the P-positions (value
 * 0; any position of the block at z > 0) white (the heat scale's dark end
 * is where they lie), or, with a second table, white where both tables
 * have them and as the dot plots' legend otherwise (wy_plot_set_rgb(1):
 * the first only, wy_plot_set_rgb(2): the second only); positions outside
 * the first table light grey (216, 216, 216). */
typedef struct {
    const wy_table *table;   /* the values */
    wy_side side;
    const wy_table *table_b; /* NULL, or a second game's table: its P-positions marked */
    wy_side side_b;
    int zoom;                /* -6 .. 20 */
    uint64_t tx, ty;
    uint32_t size;           /* pixels a side, 1 .. 1024 */
    uint64_t vmax;           /* the top of the colour scale, at least 1 */
} wy_tile_spec;
#define WY_TILE_ZOOM_MIN (-6)
#define WY_TILE_ZOOM_MAX 20
#define WY_TILE_SIZE_MAX 1024
/* Draw the tile as an RGB PNG through write.  WY_EINVAL for a bad spec
 * (no table, zoom or size out of range).  The tables are only read: tiles
 * of one table may be drawn in several threads at once.  Cost: one table
 * read per pixel, and at z > 0 the P-positions: every row of the tile's
 * span read once in order (wy_table_row, 2^z rows a pixel column); memory
 * O(size^2) and one row of the table. */
WY_API wy_status wy_plot_tile(const wy_tile_spec *spec, wy_write_fn write, void *write_ctx, char *err,
                              size_t errlen);
/* The same in two steps, so that a caller can keep a tile's values and
 * colour them again with another vmax without reading the tables:
 * wy_plot_tile_values fills value[j * size + i] and mark[j * size + i] for
 * the pixel (i, j), the top row first: value the table's value at the
 * pixel's position (its block's corner), mark bit 0 set where the first
 * table has a P-position there (at z > 0: anywhere in the block), bit 1 the
 * same for the second table, WY_TILE_BEYOND (value 0) beyond the first
 * table.  Same cost as wy_plot_tile without the drawing.
 * wy_plot_tile_png colours them as wy_plot_tile does with spec's vmax,
 * zoom, tx, ty and size (its tables are not read; two: the P-positions of
 * two games are marked) and writes the PNG: O(size^2). */
#define WY_TILE_BEYOND 0x80u
WY_API wy_status wy_plot_tile_values(const wy_tile_spec *spec, uint32_t *value, uint8_t *mark, char *err,
                                     size_t errlen);
WY_API wy_status wy_plot_tile_png(const wy_tile_spec *spec, int two, const uint32_t *value, const uint8_t *mark,
                                  wy_write_fn write, void *write_ctx, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif /* WYTHOFF_PLOT_H */
