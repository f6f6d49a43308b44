/* out.c - a large output buffer with fast integer formatting (tables can be
 * hundreds of megabytes of text). */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define OUT_CAP (1 << 20)

int cli_out_open(cli_out *o, FILE *f)
{
    o->f = f;
    o->len = 0;
    o->cap = OUT_CAP;
    o->error = 0;
    o->buf = malloc(o->cap);
    return o->buf != NULL;
}

static void flush(cli_out *o)
{
    if (o->len && fwrite(o->buf, 1, o->len, o->f) != o->len)
        o->error = 1;
    o->len = 0;
}

void cli_out_mem(cli_out *o, const char *s, size_t n)
{
    if (o->len + n > o->cap) {
        flush(o);
        if (n > o->cap) {
            if (fwrite(s, 1, n, o->f) != n)
                o->error = 1;
            return;
        }
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

void cli_out_str(cli_out *o, const char *s) { cli_out_mem(o, s, strlen(s)); }

void cli_out_char(cli_out *o, char c)
{
    if (o->len == o->cap)
        flush(o);
    o->buf[o->len++] = c;
}

void cli_out_u64(cli_out *o, uint64_t v)
{
    char tmp[24];
    int i = 24;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    cli_out_mem(o, tmp + i, (size_t)(24 - i));
}

void cli_out_fmt(cli_out *o, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof tmp) {
        cli_out_mem(o, tmp, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        o->error = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    cli_out_mem(o, big, (size_t)n);
    free(big);
}

void cli_out_rtrim(cli_out *o)
{
    while (o->len > 0 && o->buf[o->len - 1] == ' ')
        o->len--;
}

int cli_out_close(cli_out *o)
{
    flush(o);
    if (fflush(o->f) != 0)
        o->error = 1;
    free(o->buf);
    o->buf = NULL;
    return !o->error;
}

void cli_out_json_str(cli_out *o, const char *s)
{
    cli_out_char(o, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            cli_out_char(o, '\\');
            cli_out_char(o, (char)c);
        } else if (c < 0x20) {
            cli_out_fmt(o, "\\u%04x", c);
        } else {
            cli_out_char(o, (char)c);
        }
    }
    cli_out_char(o, '"');
}

int cli_die(int code, const char *fmt, ...)
{
    va_list ap;
    fputs("wythoff: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}
