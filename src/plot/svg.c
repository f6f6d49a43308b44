/*
 * svg.c - pictures as SVG, written directly: one element per rectangle,
 * disc and text of the scene; a heatmap's cells one <rect> each up to
 * WY_PLOT_SVG_CELLS cells, above that embedded PNG images (a pixel per
 * position, in tiles of 1024 x 1024 positions) scaled up without
 * smoothing.
 */
#include "plot_internal.h"

#include "font.h"
#include "palette.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    wy_write_fn write;
    void *ctx;
    char buf[1 << 16];
    size_t len;
    int failed;
} sink;

static void flush(sink *k)
{
    if (k->len && !k->failed && k->write(k->ctx, k->buf, k->len))
        k->failed = 1;
    k->len = 0;
}

static void put(sink *k, const char *s, size_t n)
{
    while (n) {
        if (k->len == sizeof k->buf)
            flush(k);
        size_t m = sizeof k->buf - k->len;
        if (m > n)
            m = n;
        memcpy(k->buf + k->len, s, m);
        k->len += m;
        s += m;
        n -= m;
    }
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void putf(sink *k, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    put(k, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void put_escaped(sink *k, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': put(k, "&amp;", 5); break;
        case '<': put(k, "&lt;", 4); break;
        case '>': put(k, "&gt;", 4); break;
        case '"': put(k, "&quot;", 6); break;
        default:
            if ((unsigned char)*s >= 0x20)
                put(k, s, 1);
        }
    }
}

/* A number of half pixels, as "12" or "12.5". */
static void put_half(sink *k, int64_t h2)
{
    if (h2 % 2 == 0)
        putf(k, "%lld", (long long)(h2 / 2));
    else
        putf(k, "%lld.5", (long long)(h2 / 2));
}

static void put_rgb(sink *k, const uint8_t *rgb)
{
    putf(k, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* The writer of the embedded PNG: into a growing buffer. */
typedef struct {
    uint8_t *p;
    size_t len, cap;
} membuf;

static int mem_write(void *ctx, const void *data, size_t len)
{
    membuf *m = ctx;
    if (m->len + len > m->cap) {
        size_t nc = m->cap ? m->cap : 1 << 16;
        while (nc < m->len + len)
            nc *= 2;
        uint8_t *q = realloc(m->p, nc);
        if (!q)
            return 1;
        m->p = q;
        m->cap = nc;
    }
    memcpy(m->p + m->len, data, len);
    m->len += len;
    return 0;
}

static void put_base64(sink *k, const uint8_t *p, size_t n)
{
    static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char out[4];
    size_t i = 0;
    for (; i + 3 <= n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
        out[0] = tab[v >> 18];
        out[1] = tab[v >> 12 & 63];
        out[2] = tab[v >> 6 & 63];
        out[3] = tab[v & 63];
        put(k, out, 4);
    }
    if (n - i == 1) {
        uint32_t v = (uint32_t)p[i] << 16;
        out[0] = tab[v >> 18];
        out[1] = tab[v >> 12 & 63];
        out[2] = out[3] = '=';
        put(k, out, 4);
    } else if (n - i == 2) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8;
        out[0] = tab[v >> 18];
        out[1] = tab[v >> 12 & 63];
        out[2] = tab[v >> 6 & 63];
        out[3] = '=';
        put(k, out, 4);
    }
}

static wy_status heat_cells(sink *k, const pl_scene *sc, char *err, size_t errlen)
{
    const wy_plot_geometry *g = &sc->geom;
    const uint32_t R = wy_table_rows(sc->table), C = wy_table_cols(sc->table), cell = g->cell;
    if ((uint64_t)R * C <= WY_PLOT_SVG_CELLS) {
        uint32_t *row = malloc((size_t)C * sizeof *row);
        if (!row) {
            pl_plot_err(err, errlen, "out of memory");
            return WY_ERANGE;
        }
        put(k, "<g id=\"cells\">\n", 15);
        for (uint32_t x = 0; x < R; x++) {
            wy_table_row(sc->table, x, sc->side, row);
            for (uint32_t y = 0; y < C; y++) {
                uint8_t rgb[3];
                wy_plot_heat_rgb(row[y], sc->vmax, rgb);
                putf(k, "<rect class=\"cell\" x=\"%llu\" y=\"%llu\" width=\"%u\" height=\"%u\" fill=\"",
                     (unsigned long long)g->left + (unsigned long long)x * cell,
                     (unsigned long long)g->top + (unsigned long long)(C - 1 - y) * cell, cell, cell);
                put_rgb(k, rgb);
                putf(k, "\" data-x=\"%u\" data-y=\"%u\" data-value=\"%u\"/>\n", x, y, row[y]);
            }
        }
        put(k, "</g>\n", 5);
        free(row);
        return WY_OK;
    }
    /* Tiles of up to TILE x TILE positions, each an <image> holding a PNG
     * with one pixel per position, pixel (x - tx, ty + th - 1 - y), as
     * indices into the heat scale (the colours of wy_plot_heat_rgb).  Tiles
     * keep every attribute far below the 10 MB that libxml2-based readers
     * accept by default. */
    enum { TILE = 1024, OVER = 16 };
    uint32_t *row = malloc((size_t)C * sizeof *row);
    uint8_t *img = malloc((size_t)(TILE + OVER) * (TILE + OVER));
    if (!row || !img) {
        free(row);
        free(img);
        pl_plot_err(err, errlen, "out of memory");
        return WY_ERANGE;
    }
    wy_status st = WY_OK;
    put(k, "<g id=\"cells\">\n", 15);
    for (uint32_t ty = 0, last_y = 0; st == WY_OK && !last_y; ty += TILE) {
        /* each tile reaches OVER positions into the tiles right of it and
         * above it, which are drawn later and cover it: so no seam shows
         * where a viewer smooths the edges of images it scales down */
        const uint32_t th = C - ty <= TILE + OVER ? C - ty : TILE + OVER;
        last_y = th == C - ty;
        for (uint32_t tx = 0, last_x = 0; st == WY_OK && !last_x; tx += TILE) {
            const uint32_t tw = R - tx <= TILE + OVER ? R - tx : TILE + OVER;
            last_x = tw == R - tx;
            for (uint32_t i = 0; i < tw; i++) {
                wy_table_row(sc->table, tx + i, sc->side, row);
                for (uint32_t j = 0; j < th; j++)
                    img[(size_t)(th - 1 - j) * tw + i] =
                        sc->vmax ? (uint8_t)((uint64_t)row[ty + j] * 255 / sc->vmax) : 0;
            }
            membuf m = {NULL, 0, 0};
            st = pl_png_write(img, tw, th, pl_palette_seq, 256, NULL, 0, mem_write, &m, err, errlen);
            if (st == WY_EINVAL) {
                pl_plot_err(err, errlen, "out of memory for an embedded image");
                st = WY_ERANGE;
            }
            if (st == WY_OK) {
                putf(k,
                     "<image x=\"%llu\" y=\"%llu\" width=\"%llu\" height=\"%llu\" preserveAspectRatio=\"none\" "
                     "style=\"image-rendering:pixelated;image-rendering:crisp-edges\" data-x=\"%u\" data-y=\"%u\" "
                     "data-nx=\"%u\" data-ny=\"%u\" xlink:href=\"data:image/png;base64,",
                     (unsigned long long)g->left + (unsigned long long)tx * cell,
                     (unsigned long long)g->top + (unsigned long long)(C - ty - th) * cell,
                     (unsigned long long)tw * cell, (unsigned long long)th * cell, tx, ty, tw, th);
                put_base64(k, m.p, m.len);
                put(k, "\"/>\n", 4);
            }
            free(m.p);
        }
    }
    put(k, "</g>\n", 5);
    free(row);
    free(img);
    return st;
}

wy_status pl_plot_svg(const pl_scene *sc, wy_write_fn write, void *ctx, char *err, size_t errlen)
{
    sink *k = malloc(sizeof *k);
    if (!k) {
        pl_plot_err(err, errlen, "out of memory");
        return WY_ERANGE;
    }
    k->write = write;
    k->ctx = ctx;
    k->len = 0;
    k->failed = 0;
    const wy_plot_geometry *g = &sc->geom;
    putf(k,
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
         "width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" shape-rendering=\"crispEdges\">\n",
         g->width, g->height, g->width, g->height);
    put(k, "<title>", 7);
    put_escaped(k, sc->title);
    put(k, "</title>\n<desc id=\"wythoff-geometry\">", 37);
    put_escaped(k, sc->geometry);
    if (sc->source) {
        put(k, "</desc>\n<metadata id=\"wythoff-source\">", 38);
        put_escaped(k, sc->source);
        put(k, "</metadata>", 11);
    } else {
        put(k, "</desc>", 7);
    }
    putf(k, "\n<rect id=\"background\" width=\"%u\" height=\"%u\" fill=\"", g->width, g->height);
    put_rgb(k, pl_palette_background);
    put(k, "\"/>\n", 4);
    wy_status st = WY_OK;
    if (sc->style == WY_PLOT_HEATMAP)
        st = heat_cells(k, sc, err, errlen);
    put(k, "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">\n", 63);
    for (size_t i = 0; st == WY_OK && i < sc->n; i++) {
        const pl_item *it = &sc->items[i];
        switch (it->kind) {
        case WY__RECT:
            put(k, "<rect", 5);
            if (it->mark && sc->style == WY_PLOT_TABLE)
                putf(k, " class=\"cell %s\"", it->mask ? "p" : "n");
            else if (it->mark)
                putf(k, " class=\"dot m%u\"", it->mask);
            putf(k, " x=\"%lld\" y=\"%lld\" width=\"%lld\" height=\"%lld\" fill=\"", (long long)it->x,
                 (long long)it->y, (long long)it->w, (long long)it->h);
            put_rgb(k, it->rgb);
            put(k, "\"", 1);
            break;
        case WY__DISC: {
            int64_t d = it->w * 4 / 5;
            if (d < 2)
                d = 2;
            put(k, "<circle", 7);
            if (it->mark)
                putf(k, " class=\"dot m%u\"", it->mask);
            put(k, " cx=\"", 5);
            put_half(k, 2 * it->x + it->w);
            put(k, "\" cy=\"", 6);
            put_half(k, 2 * it->y + it->h);
            put(k, "\" r=\"", 5);
            put_half(k, d);
            put(k, "\" fill=\"", 8);
            put_rgb(k, it->rgb);
            put(k, "\" shape-rendering=\"geometricPrecision\"", 38);
            break;
        }
        case WY__TEXT:
        case WY__TEXT_UP: {
            const int64_t s = it->s;
            if (it->kind == WY__TEXT)
                putf(k, "<text x=\"%lld\" y=\"%lld\"", (long long)it->x, (long long)(it->y + 7 * s));
            else
                putf(k, "<text transform=\"translate(%lld %lld) rotate(-90)\"", (long long)(it->x + 7 * s),
                     (long long)(it->y + (int64_t)pl_font_text_width(it->text, it->s)));
            putf(k, " font-size=\"%lld\" fill=\"", (long long)(10 * s));
            put_rgb(k, it->rgb);
            put(k, "\">", 2);
            put_escaped(k, it->text);
            put(k, "</text>\n", 8);
            continue;
        }
        }
        if (it->mark) {
            if (sc->style == WY_PLOT_TABLE)
                putf(k, " data-x=\"%u\" data-y=\"%u\" data-value=\"%llu\"", it->px, it->py,
                     (unsigned long long)it->value);
            else if (g->block == 1)
                putf(k, " data-x=\"%u\" data-y=\"%u\"", it->px, it->py);
            else
                putf(k, " data-block-x=\"%u\" data-block-y=\"%u\"", it->px, it->py);
        }
        put(k, "/>\n", 3);
    }
    put(k, "</g>\n</svg>\n", 12);
    flush(k);
    int failed = k->failed;
    free(k);
    if (st == WY_OK && failed) {
        pl_plot_err(err, errlen, "write error");
        st = WY_EINVAL;
    }
    return st;
}
