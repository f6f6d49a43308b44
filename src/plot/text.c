/* text.c - the pictures' texts: error messages, the checks of a title, the
 * widths of the bitmap font's lines. */
#include "plot_internal.h"

#include "font.h"

#include <stdarg.h>
#include <stdio.h>

void pl_plot_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

unsigned pl_digits(uint64_t v)
{
    unsigned d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

/* Width of n characters of the font at scale s. */
uint32_t pl_text_w(size_t n, unsigned s)
{
    return n ? (uint32_t)(n * PL_FONT_ADVANCE - 1) * s : 0;
}

/* Well-formed UTF-8 without control characters and without U+FFFE and
 * U+FFFF (which XML forbids): 1 (and the number of characters in *n),
 * else 0. */
int pl_utf8_text(const char *t, size_t *n)
{
    const unsigned char *p = (const unsigned char *)t;
    size_t k = 0;
    while (*p) {
        unsigned c = *p, len;
        uint32_t cp;
        if (c < 0x20 || c == 0x7f)
            return 0;
        if (c < 0x80) {
            p++;
            k++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf)
            len = 2, cp = c & 0x1f;
        else if (c >= 0xe0 && c <= 0xef)
            len = 3, cp = c & 0x0f;
        else if (c >= 0xf0 && c <= 0xf4)
            len = 4, cp = c & 0x07;
        else
            return 0;
        for (unsigned i = 1; i < len; i++) {
            if ((p[i] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (p[i] & 0x3f);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
            (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp < 0xa0) || cp == 0xfffe || cp == 0xffff)
            return 0;
        p += len;
        k++;
    }
    if (n)
        *n = k;
    return 1;
}

/* The text the bitmap font can draw: every character beyond ASCII as '?'. */
void pl_ascii_text(char *out, size_t cap, const char *t)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)t; *p && k + 1 < cap; p++) {
        if (*p < 0x80)
            out[k++] = (char)*p;
        else if ((*p & 0xc0) != 0x80)
            out[k++] = '?';
    }
    out[k] = '\0';
}
