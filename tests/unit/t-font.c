/*
 * t-font - the pictures' bitmap font (src/plot/font.h) against its own promises
 * and an independent reference drawing.
 *
 *  1. The table, read through pl_font_bits: every row of the 95 glyphs is
 *     exactly 5 characters of '#'/'.' (pl_font_bits adds 32 otherwise, and
 *     a missing glyph reads as malformed); rows 9 and beyond are 0; every
 *     byte outside 32..126 reads as '?'.  Space is empty, every other glyph
 *     has ink, every two glyphs differ in at least 2 pixels, and the pairs
 *     that are easy to mix up (0 O D Q, 1 l I |, 5 S, 8 B, 2 Z, ...) in at
 *     least 3.  Where each kind may put ink: digits and capitals use rows 0
 *     and 6 and nothing in rows 7-8; lower case without ascenders or
 *     descenders uses rows 2 and 6 only within 2-6; b d f h k l reach row 0,
 *     t row 1 at least, none of them goes below row 6; g j p q y use rows 7
 *     and 8.
 *  2. pl_font_text_width is (n * 6 - 1) * s for n > 0, 0 for "" and s = 0.
 *  3. pl_font_draw at scales 1, 2, 3 against a reference that paints every
 *     set font pixel as an s x s square, pixel by pixel, skipping those
 *     outside: on a patterned background (so a stray write shows), for
 *     several texts (all 95 glyphs, a sample label, bytes that draw as '?')
 *     and positions on a grid that runs from wholly left/above the image to
 *     wholly right/below it, so that all clippings occur.  ASan catches any
 *     write outside the buffer.
 *  4. Far and huge: positions near INT64_MIN/INT64_MAX, s = 0 and "" draw
 *     nothing; at scales 1000 and 2^30 the image lies inside one font pixel,
 *     which must be all colour or all background as pl_font_bits says.
 *  5. pl_font_draw_up against the rotation built here: the text drawn flat
 *     into its own buffer T (width tw, height 9s), then each set pixel
 *     (u, v) of T placed at (x + v, y + tw - 1 - u) (a quarter turn
 *     counter-clockwise: tops of the glyphs face left, the first character
 *     is at the bottom), clipped, on the patterned background; same texts,
 *     scales and position grid as 3.
 *
 * Environment: WY_FONT_SHEET=file.ppm writes a picture of every glyph and
 * some sample labels (scales 1 and 3, and a turned one) to that file.  Under
 * the sanitizers (WY_TEST_SAN=1, tk_test_san) the long texts of 3 and 5 are
 * placed on a grid three times as coarse (the short texts keep their fine
 * grids, so every clipping still occurs).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/plot/font.h"
#include "../naive/testkit.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NG 95

/* The glyph of c as 9 rows of 5 bits (malformed rows keep their bit 5). */
static void glyph_rows(unsigned char c, unsigned rows[PL_FONT_H])
{
    for (unsigned r = 0; r < PL_FONT_H; r++)
        rows[r] = pl_font_bits(c, r);
}

static unsigned popcount5(unsigned v)
{
    unsigned n = 0;
    for (; v; v >>= 1)
        n += v & 1;
    return n;
}

static unsigned glyph_distance(unsigned char a, unsigned char b)
{
    unsigned d = 0;
    for (unsigned r = 0; r < PL_FONT_H; r++)
        d += popcount5((pl_font_bits(a, r) ^ pl_font_bits(b, r)) & 31u);
    return d;
}

static int row_ink(unsigned char c, unsigned r)
{
    return (pl_font_bits(c, r) & 31u) != 0;
}

static int rows_ink(unsigned char c, unsigned from, unsigned to)
{
    for (unsigned r = from; r <= to; r++)
        if (row_ink(c, r))
            return 1;
    return 0;
}

static int check_table(void)
{
    int bad = 0;
    tk_group gt = {"table-rows", 0, 0};
    for (unsigned c = 32; c <= 126; c++) {
        for (unsigned r = 0; r < PL_FONT_H; r++) {
            gt.cases++;
            unsigned b = pl_font_bits((unsigned char)c, r);
            if (b > 31)
                tk_fail(&gt, "glyph '%c' row %u is not 5 characters of '#'/'.' (bits %#x)", (int)c, r, b);
        }
        static const unsigned beyond[] = {PL_FONT_H, PL_FONT_H + 1, 100, UINT_MAX};
        for (size_t k = 0; k < sizeof beyond / sizeof beyond[0]; k++) {
            gt.cases++;
            if (pl_font_bits((unsigned char)c, beyond[k]) != 0)
                tk_fail(&gt, "glyph '%c' row %u: %u, want 0", (int)c, beyond[k],
                        pl_font_bits((unsigned char)c, beyond[k]));
        }
    }
    bad += tk_group_end(&gt);

    tk_group gq = {"table-other-bytes-are-question-mark", 0, 0};
    unsigned q[PL_FONT_H];
    glyph_rows('?', q);
    for (unsigned c = 0; c < 256; c++) {
        if (c >= 32 && c <= 126)
            continue;
        for (unsigned r = 0; r < PL_FONT_H; r++) {
            gq.cases++;
            if (pl_font_bits((unsigned char)c, r) != q[r])
                tk_fail(&gq, "byte %u row %u: %#x, '?' has %#x", c, r, pl_font_bits((unsigned char)c, r), q[r]);
        }
    }
    bad += tk_group_end(&gq);

    tk_group gi = {"table-ink", 0, 0};
    for (unsigned c = 32; c <= 126; c++) {
        gi.cases++;
        int ink = rows_ink((unsigned char)c, 0, PL_FONT_H - 1);
        if (c == ' ' && ink)
            tk_fail(&gi, "space has ink");
        if (c != ' ' && !ink)
            tk_fail(&gi, "glyph '%c' is empty", (int)c);
    }
    bad += tk_group_end(&gi);

    tk_group gd = {"table-distinct", 0, 0};
    for (unsigned a = 32; a <= 126; a++)
        for (unsigned b = a + 1; b <= 126; b++) {
            gd.cases++;
            unsigned d = glyph_distance((unsigned char)a, (unsigned char)b);
            if (d < 2)
                tk_fail(&gd, "glyphs '%c' and '%c' differ in %u pixels (want >= 2)", (int)a, (int)b, d);
        }
    static const char *const confusable[] = {"0O", "0D", "0Q", "OD", "OQ", "1l", "1I", "lI", "l|", "I|", "1|",
                                             "1i", "li", "5S", "8B", "2Z", "6b", "9g", "gq", "gy", "pq",
                                             "uv", "vy", "ce", "oe", ",;", ".:", "'`", "-~", "-=", "()",
                                             "[]", "{}", "/|", "\\|", "<(", ">)", "!|", "!i", "Il", "jJ"};
    for (size_t k = 0; k < sizeof confusable / sizeof confusable[0]; k++) {
        gd.cases++;
        unsigned char a = (unsigned char)confusable[k][0], b = (unsigned char)confusable[k][1];
        unsigned d = glyph_distance(a, b);
        if (d < 3)
            tk_fail(&gd, "confusable glyphs '%c' and '%c' differ in only %u pixels (want >= 3)", a, b, d);
    }
    bad += tk_group_end(&gd);

    tk_group gr = {"table-rows-by-kind", 0, 0};
    for (unsigned c = 32; c <= 126; c++) {
        unsigned char ch = (unsigned char)c;
        if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')) {
            gr.cases++;
            if (rows_ink(ch, 7, 8))
                tk_fail(&gr, "'%c' has ink in rows 7-8", ch);
            if (!row_ink(ch, 0) || !row_ink(ch, 6))
                tk_fail(&gr, "'%c' does not span rows 0-6", ch);
        }
    }
    for (const char *p = "acemnorsuvwxz"; *p; p++) {
        gr.cases++;
        unsigned char ch = (unsigned char)*p;
        if (rows_ink(ch, 0, 1) || rows_ink(ch, 7, 8))
            tk_fail(&gr, "'%c' has ink outside the x-height rows 2-6", ch);
        if (!row_ink(ch, 2) || !row_ink(ch, 6))
            tk_fail(&gr, "'%c' does not span rows 2-6", ch);
    }
    for (const char *p = "bdfhklt"; *p; p++) {
        gr.cases++;
        unsigned char ch = (unsigned char)*p;
        unsigned top = ch == 't' ? 1 : 0;
        if (!rows_ink(ch, 0, top))
            tk_fail(&gr, "ascender '%c' does not reach row %u", ch, top);
        if (rows_ink(ch, 7, 8) || !row_ink(ch, 6))
            tk_fail(&gr, "ascender '%c' does not stand on the baseline (row 6)", ch);
    }
    for (const char *p = "gjpqy"; *p; p++) {
        gr.cases++;
        unsigned char ch = (unsigned char)*p;
        if (!row_ink(ch, 7) || !row_ink(ch, 8))
            tk_fail(&gr, "descender '%c' does not use rows 7 and 8", ch);
        if (rows_ink(ch, 0, 1) && ch != 'j')
            tk_fail(&gr, "descender '%c' has ink above the x-height", ch);
    }
    for (const char *p = "ij"; *p; p++) {
        gr.cases++;
        if (!row_ink((unsigned char)*p, 0) || row_ink((unsigned char)*p, 1))
            tk_fail(&gr, "'%c' lacks its dot (ink in row 0, a gap in row 1)", *p);
    }
    bad += tk_group_end(&gr);
    return bad;
}

static int check_width(void)
{
    tk_group g = {"text-width", 0, 0};
    char buf[200];
    for (unsigned n = 0; n < sizeof buf; n++) {
        memset(buf, 'a' + (int)(n % 26), n);
        buf[n] = '\0';
        for (unsigned s = 0; s <= 5; s++) {
            g.cases++;
            uint32_t want = n == 0 ? 0 : (uint32_t)(n * 6 - 1) * s;
            uint32_t got = pl_font_text_width(buf, s);
            if (got != want)
                tk_fail(&g, "n %u s %u: %u, want %u", n, s, got, want);
        }
    }
    g.cases += 3;
    if (pl_font_text_width("", 1) != 0 || pl_font_text_width("A", 1) != 5 || pl_font_text_width("AB", 2) != 22)
        tk_fail(&g, "\"\", \"A\", \"AB\": %u %u %u, want 0 5 22", pl_font_text_width("", 1),
                pl_font_text_width("A", 1), pl_font_text_width("AB", 2));
    g.cases++;
    if (pl_font_text_width("xy", 1u << 31) != UINT32_MAX)
        tk_fail(&g, "\"xy\" at scale 2^31: %u, want UINT32_MAX (saturated)", pl_font_text_width("xy", 1u << 31));
    return tk_group_end(&g);
}

/* ---- images ---- */

static const uint8_t INK[3] = {7, 200, 77};

static void fill_pattern(uint8_t *img, uint32_t w, uint32_t h)
{
    for (size_t i = 0; i < (size_t)w * h * 3; i++)
        img[i] = (uint8_t)(i * 37u + 11u + (i >> 8));
}

static void set_px(uint8_t *img, uint32_t w, uint32_t h, int64_t px, int64_t py, const uint8_t rgb[3])
{
    if (px < 0 || py < 0 || px >= (int64_t)w || py >= (int64_t)h)
        return;
    uint8_t *p = img + ((size_t)py * w + (size_t)px) * 3;
    memcpy(p, rgb, 3);
}

/* The reference: paint every set font pixel as an s x s square. */
static void ref_draw(uint8_t *img, uint32_t w, uint32_t h, int64_t x, int64_t y, const char *t, unsigned s,
                     const uint8_t rgb[3])
{
    for (size_t i = 0; t[i]; i++)
        for (unsigned r = 0; r < PL_FONT_H; r++) {
            unsigned bits = pl_font_bits((unsigned char)t[i], r);
            for (unsigned c = 0; c < PL_FONT_W; c++) {
                if (!((bits >> (PL_FONT_W - 1 - c)) & 1))
                    continue;
                int64_t fx = x + (int64_t)((i * PL_FONT_ADVANCE + c) * s), fy = y + (int64_t)(r * s);
                for (unsigned dy = 0; dy < s; dy++)
                    for (unsigned dx = 0; dx < s; dx++)
                        set_px(img, w, h, fx + dx, fy + dy, rgb);
            }
        }
}

/* The reference for the turned text: draw it flat into T (tw x 9s) with
 * pl_font_draw (checked against ref_draw) and turn T a quarter
 * counter-clockwise: T(u, v) goes to (x + v, y + tw - 1 - u). */
static void ref_draw_up(uint8_t *img, uint32_t w, uint32_t h, int64_t x, int64_t y, const char *t, unsigned s,
                        const uint8_t rgb[3])
{
    uint32_t tw = pl_font_text_width(t, s), th = PL_FONT_H * s;
    if (tw == 0)
        return;
    uint8_t *T = calloc((size_t)tw * th * 3, 1);
    if (!T) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    static const uint8_t white[3] = {255, 255, 255};
    pl_font_draw(T, tw, th, 0, 0, t, s, white);
    for (uint32_t v = 0; v < th; v++)
        for (uint32_t u = 0; u < tw; u++)
            if (T[((size_t)v * tw + u) * 3] == 255)
                set_px(img, w, h, x + v, y + (int64_t)(tw - 1 - u), rgb);
    free(T);
}

/* First differing pixel of two images, or -1. */
static long first_diff(const uint8_t *a, const uint8_t *b, uint32_t w, uint32_t h)
{
    for (size_t i = 0; i < (size_t)w * h; i++)
        if (memcmp(a + 3 * i, b + 3 * i, 3) != 0)
            return (long)i;
    return -1;
}

static const char ALL[] = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`"
                          "abcdefghijklmnopqrstuvwxyz{|}~";
static const char SAMPLE[] = "Grundy values G(x, y) of wythoff+pass, 0 <= x < 4096";

typedef void draw_fn(uint8_t *, uint32_t, uint32_t, int64_t, int64_t, const char *, unsigned, const uint8_t[3]);

/* Compare fn with ref for text t at scale s on a w x h image, at positions
 * on a grid from wholly before to wholly after the image in each axis. */
static void grid_compare(tk_group *g, draw_fn *fn, draw_fn *ref, const char *t, unsigned s, uint32_t w,
                         uint32_t h, int up, unsigned step)
{
    uint32_t tw = pl_font_text_width(t, s), th = PL_FONT_H * s;
    uint32_t bw = up ? th : tw, bh = up ? tw : th; /* the bounding box */
    size_t n = (size_t)w * h * 3;
    uint8_t *got = malloc(n), *want = malloc(n);
    if (!got || !want) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (int64_t y = -(int64_t)bh - 2; y <= (int64_t)h + 2; y += step)
        for (int64_t x = -(int64_t)bw - 2; x <= (int64_t)w + 2; x += step) {
            g->cases++;
            fill_pattern(got, w, h);
            fill_pattern(want, w, h);
            fn(got, w, h, x, y, t, s, INK);
            ref(want, w, h, x, y, t, s, INK);
            long d = first_diff(got, want, w, h);
            if (d >= 0)
                tk_fail(g, "\"%.20s\" s %u at (%lld, %lld) on %ux%u: pixel (%ld, %ld) differs", t, s,
                        (long long)x, (long long)y, w, h, d % (long)w, d / (long)w);
        }
    free(got);
    free(want);
}

static int san; /* tk_test_san(): coarser grids for the long texts */

static int check_draw(int up)
{
    const unsigned k = san ? 3 : 1;
    tk_group g = {up ? "draw-up-vs-rotation" : "draw-vs-reference", 0, 0};
    draw_fn *fn = up ? pl_font_draw_up : pl_font_draw;
    draw_fn *ref = up ? ref_draw_up : ref_draw;
    for (unsigned s = 1; s <= 3; s++) {
        /* Short texts, every clipping, on a small image; a fine grid. */
        grid_compare(&g, fn, ref, "Ag1,|", s, up ? 23 : 40, up ? 40 : 23, up, s == 1 ? 1 : 2);
        grid_compare(&g, fn, ref, "q", s, 7, 5, up, 1);
        grid_compare(&g, fn, ref, "\x01\x7f\x80\xff", s, 30, 30, up, 3);
        /* Long texts on a coarser grid. */
        grid_compare(&g, fn, ref, ALL, s, up ? 40 : 300, up ? 300 : 40, up, 7 * s * k);
        grid_compare(&g, fn, ref, SAMPLE, s, up ? 50 : 200, up ? 200 : 50, up, 5 * s * k);
    }
    /* Bytes outside 32..126 draw exactly as '?'. */
    uint8_t a[40 * 12 * 3], b[40 * 12 * 3];
    for (unsigned s = 1; s <= 2; s++) {
        g.cases++;
        fill_pattern(a, 40, 12);
        fill_pattern(b, 40, 12);
        fn(a, 40, 12, 1, 1, "\x01\x1f\x7f\xc3", s, INK);
        fn(b, 40, 12, 1, 1, "????", s, INK);
        if (first_diff(a, b, 40, 12) >= 0)
            tk_fail(&g, "bytes outside 32..126 do not draw as '?' at scale %u", s);
    }
    return tk_group_end(&g);
}

static int check_far(void)
{
    tk_group g = {"draw-far-and-huge", 0, 0};
    enum { W = 20, H = 20 };
    uint8_t img[W * H * 3], bg[W * H * 3];
    fill_pattern(bg, W, H);
    static const int64_t far[] = {INT64_MIN, INT64_MIN + 1, -((int64_t)1 << 40), -(int64_t)UINT32_MAX - 1,
                                  (int64_t)UINT32_MAX + 1, (int64_t)1 << 40, INT64_MAX - 1, INT64_MAX};
    static const unsigned scales[] = {1, 3, 1000, UINT_MAX};
    for (int up = 0; up <= 1; up++)
        for (size_t i = 0; i < sizeof far / sizeof far[0]; i++)
            for (size_t k = 0; k < sizeof scales / sizeof scales[0]; k++) {
                for (int axis = 0; axis < 2; axis++) {
                    g.cases++;
                    memcpy(img, bg, sizeof img);
                    int64_t x = axis ? 0 : far[i], y = axis ? far[i] : 0;
                    /* With s = UINT_MAX the text reaches 2^35 pixels from a
                       negative start, so only starts before -2^36 are far. */
                    if (scales[k] == UINT_MAX && (far[i] == -(int64_t)UINT32_MAX - 1))
                        continue;
                    (up ? pl_font_draw_up : pl_font_draw)(img, W, H, x, y, "M#@", scales[k], INK);
                    if (first_diff(img, bg, W, H) >= 0)
                        tk_fail(&g, "%s at (%lld, %lld) s %u wrote into a %ux%u image", up ? "up" : "flat",
                                (long long)x, (long long)y, scales[k], W, H);
                }
            }
    for (int up = 0; up <= 1; up++) {
        g.cases += 2;
        memcpy(img, bg, sizeof img);
        (up ? pl_font_draw_up : pl_font_draw)(img, W, H, 0, 0, "", 1, INK);
        if (first_diff(img, bg, W, H) >= 0)
            tk_fail(&g, "\"\" wrote something");
        (up ? pl_font_draw_up : pl_font_draw)(img, W, H, 0, 0, "M#@", 0, INK);
        if (first_diff(img, bg, W, H) >= 0)
            tk_fail(&g, "scale 0 wrote something");
    }
    /* Huge scales: the image sits inside one font pixel (text pixel (fu, fv)
       of the flat text), so it is all ink or all background. */
    static const unsigned big[] = {1000, 1u << 30};
    const char *t = "B@g";
    for (size_t k = 0; k < 2; k++) {
        uint64_t s = big[k];
        uint64_t tw = (3 * PL_FONT_ADVANCE - 1) * s; /* 3 characters; more than 32 bits at 2^30 */
        for (int up = 0; up <= 1; up++)
            for (uint64_t fu = 0; fu < tw / s + 1; fu++)
                for (uint64_t fv = 0; fv < PL_FONT_H; fv++) {
                    g.cases++;
                    int set = 0;
                    if (fu < tw / s && fu % PL_FONT_ADVANCE < PL_FONT_W)
                        set = (pl_font_bits((unsigned char)t[fu / PL_FONT_ADVANCE], (unsigned)fv) >>
                               (PL_FONT_W - 1 - fu % PL_FONT_ADVANCE)) &
                              1;
                    /* The image's first pixel shows text pixel (u, v) = (fu*s + s/2,
                       fv*s + s/2): placed at (u, v) flat, (v, tw - 1 - u) turned; the
                       other 19 x 19 pixels stay within the same font pixel. */
                    int64_t u = (int64_t)(fu * s + s / 2), v = (int64_t)(fv * s + s / 2);
                    int64_t x = up ? -v : -u, y = up ? -((int64_t)tw - 1 - u) : -v;
                    memcpy(img, bg, sizeof img);
                    (up ? pl_font_draw_up : pl_font_draw)(img, W, H, x, y, t, (unsigned)s, INK);
                    int ok = 1;
                    for (size_t i = 0; i < (size_t)W * H && ok; i++) {
                        const uint8_t *want = set ? INK : bg + 3 * i;
                        if (memcmp(img + 3 * i, want, 3) != 0)
                            ok = 0;
                    }
                    if (!ok)
                        tk_fail(&g, "%s s %llu font pixel (%llu, %llu): want all %s", up ? "up" : "flat",
                                (unsigned long long)s, (unsigned long long)fu, (unsigned long long)fv,
                                set ? "ink" : "background");
                }
    }
    return tk_group_end(&g);
}

/* WY_FONT_SHEET=file.ppm: every glyph and sample labels, black on white. */
static int write_sheet(const char *path)
{
    const uint32_t w = 640, h = 420;
    uint8_t *img = malloc((size_t)w * h * 3);
    if (!img)
        return -1;
    memset(img, 255, (size_t)w * h * 3);
    static const uint8_t black[3] = {0, 0, 0}, red[3] = {200, 0, 0};
    char line[40];
    for (int k = 0; k < 3; k++) {
        size_t n = k < 2 ? 32 : 31;
        memcpy(line, ALL + 32 * k, n);
        line[n] = '\0';
        pl_font_draw(img, w, h, 4, 4 + 12 * k, line, 1, black);
        pl_font_draw(img, w, h, 4, 100 + 36 * k, line, 3, black);
    }
    pl_font_draw(img, w, h, 4, 44, SAMPLE, 1, black);
    pl_font_draw(img, w, h, 4, 58, "0123456789 x y g  O0o lI1| 5S 8B 2Z -1.5e+3 [a,b) {c;d}", 1, black);
    pl_font_draw(img, w, h, 4, 72, "G(x, y) mod 2^k ~ 3*y/2 @ 99% & \"P\" 'n' \\ _ `", 1, red);
    pl_font_draw(img, w, h, 4, 212, "Grundy values G(x, y)", 3, black);
    pl_font_draw(img, w, h, 4, 245, "0123456789 x y g", 3, black);
    pl_font_draw(img, w, h, 4, 278, "wythoff+pass, 0 <= x < 4096", 2, black);
    pl_font_draw(img, w, h, 4, 300, "The quick brown fox jumps over the lazy dog.", 2, black);
    pl_font_draw(img, w, h, 4, 322, "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG!", 2, black);
    pl_font_draw_up(img, w, h, 600, 4, "y (rows)", 2, black);
    pl_font_draw_up(img, w, h, 580, 4, "G(x, y) = 0", 1, black);
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(img);
        return -1;
    }
    fprintf(f, "P6\n%u %u\n255\n", w, h);
    int rc = fwrite(img, 3, (size_t)w * h, f) == (size_t)w * h ? 0 : -1;
    if (fclose(f) != 0)
        rc = -1;
    free(img);
    return rc;
}

int main(void)
{
    san = tk_test_san();
    int bad = 0;
    bad += check_table();
    bad += check_width();
    bad += check_draw(0);
    bad += check_draw(1);
    bad += check_far();
    const char *sheet = getenv("WY_FONT_SHEET");
    if (sheet && *sheet) {
        if (write_sheet(sheet) != 0) {
            printf("FAIL font-sheet: cannot write %s\n", sheet);
            bad++;
        } else {
            printf("PASS font-sheet (written to %s)\n", sheet);
        }
    }
    return bad ? 1 : 0;
}
