/*
 * png_encode.c - an image as PNG through libpng: 8-bit RGB or indexed, not
 * interlaced, with text chunks (the pictures of png.c, the images inside
 * SVG heatmaps, tiles, array heatmaps).
 */
#include "plot_internal.h"

#include <png.h>
#include <string.h>

typedef struct {
    wy_write_fn write;
    void *ctx;
    int failed;
    char msg[200];
} png_sink;

static void sink_write(png_structp png, png_bytep data, size_t len)
{
    png_sink *k = png_get_io_ptr(png);
    if (k->write(k->ctx, data, len)) {
        k->failed = 1;
        png_error(png, "write error");
    }
}

static void sink_flush(png_structp png)
{
    (void)png;
}

static void on_error(png_structp png, png_const_charp msg)
{
    png_sink *k = png_get_error_ptr(png);
    if (k) {
        strncpy(k->msg, msg ? msg : "libpng error", sizeof k->msg - 1);
        k->msg[sizeof k->msg - 1] = '\0';
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* Everything that may longjmp out, apart from the setjmp. */
static void png_body(png_structp png, png_infop info, const uint8_t *img, uint32_t W, uint32_t H,
                     const uint8_t (*pal)[3], unsigned npal, png_text *chunks, unsigned ntext)
{
    png_set_IHDR(png, info, W, H, 8, pal ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (pal) {
        png_color c[256];
        for (unsigned i = 0; i < npal && i < 256; i++) {
            c[i].red = pal[i][0];
            c[i].green = pal[i][1];
            c[i].blue = pal[i][2];
        }
        png_set_PLTE(png, info, c, (int)(npal < 256 ? npal : 256));
    }
    /* RGB pictures are flat areas and smooth ramps: the Up and Sub filters
     * and a middling zlib level give nearly the smallest files at a fraction
     * of the time of the defaults.  Indexed images (the tiles of SVG
     * heatmaps) compress best unfiltered, and size matters more there. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, pal ? PNG_FILTER_NONE : PNG_FILTER_SUB | PNG_FILTER_UP);
    png_set_compression_level(png, pal ? 9 : 4);
    if (ntext)
        png_set_text(png, info, chunks, (int)ntext);
    png_write_info(png, info);
    for (uint32_t j = 0; j < H; j++)
        png_write_row(png, (png_const_bytep)(img + (size_t)j * W * (pal ? 1 : 3)));
    png_write_end(png, info);
}

wy_status pl_png_write(const uint8_t *img, uint32_t W, uint32_t H, const uint8_t (*pal)[3], unsigned npal,
                        const char *const *text, unsigned ntext, wy_write_fn write, void *ctx, char *err, size_t errlen)
{
    png_text chunks[8];
    const unsigned nt = ntext > 8 ? 8 : ntext;
    memset(chunks, 0, sizeof chunks);
    for (unsigned i = 0; i < nt; i++) {
        chunks[i].compression = PNG_TEXT_COMPRESSION_NONE;
        chunks[i].key = (png_charp)text[2 * i];
        chunks[i].text = (png_charp)text[2 * i + 1];
        chunks[i].text_length = strlen(text[2 * i + 1]);
    }
    png_sink sink;
    memset(&sink, 0, sizeof sink);
    sink.write = write;
    sink.ctx = ctx;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    if (!png) {
        pl_plot_err(err, errlen, "out of memory (libpng)");
        return WY_ERANGE;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        pl_plot_err(err, errlen, "out of memory (libpng)");
        return WY_ERANGE;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        if (sink.failed)
            pl_plot_err(err, errlen, "write error");
        else
            pl_plot_err(err, errlen, "PNG: %s", sink.msg);
        return sink.failed ? WY_EINVAL : WY_EINTERNAL;
    }
    png_set_write_fn(png, &sink, sink_write, sink_flush);
    png_body(png, info, img, W, H, pal, npal, chunks, nt);
    png_destroy_write_struct(&png, &info);
    return WY_OK;
}
