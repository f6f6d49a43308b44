/* out.c - a large output buffer with fast integer formatting (tables can be
 * hundreds of megabytes of text), JSON and big-number helpers, and the
 * tool's messages. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OUT_CAP (1 << 20)

int cli_out_open(cli_out *o, FILE *f)
{
    o->f = f;
    o->len = 0;
    o->cap = OUT_CAP;
    o->error = -1;
    o->buf = malloc(o->cap);
    return o->buf != NULL;
}

/* Writes go to the file descriptor (after whatever stdio still holds for
 * it), not through fwrite: a write into a full pipe that a signal
 * interrupts after part of the bytes returns that part, and fwrite would
 * wait again for the rest, for ever when the reader never reads.  Here a
 * Ctrl-C ends the writing at the next part. */
static void put(cli_out *o, const char *s, size_t n)
{
    if (o->error >= 0)
        return; /* after a failed write nothing more is written */
    int fd = fileno(o->f);
    errno = 0;
    if (fd < 0) { /* a stream without a descriptor (open_memstream: `serve`) */
        if (fwrite(s, 1, n, o->f) != n)
            o->error = errno ? errno : EIO;
        return;
    }
    if (fflush(o->f) != 0) {
        o->error = errno ? errno : EIO;
        return;
    }
    while (n) {
        if (cli_interrupted()) {
            o->error = EINTR; /* nor after a Ctrl-C */
            return;
        }
        ssize_t w = write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR)
                continue; /* another signal: the loop looks again */
            o->error = errno;
            return;
        }
        s += w;
        n -= (size_t)w;
    }
}

void cli_out_flush(cli_out *o)
{
    if (o->len)
        put(o, o->buf, o->len);
    o->len = 0;
}

void cli_out_mem(cli_out *o, const char *s, size_t n)
{
    if (o->len + n > o->cap) {
        cli_out_flush(o);
        if (n > o->cap) {
            put(o, s, n);
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
        cli_out_flush(o);
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
        if (o->error < 0)
            o->error = ENOMEM;
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
    cli_out_flush(o);
    errno = 0;
    if (o->error < 0 && fflush(o->f) != 0)
        o->error = errno ? errno : EIO;
    free(o->buf);
    o->buf = NULL;
    return o->error < 0;
}

int cli_write_failed(const cli_out *o) { return o->error >= 0; }

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

void cli_out_big(cli_out *o, const mpz_t v)
{
    if (mpz_fits_ulong_p(v)) {
        cli_out_u64(o, mpz_get_ui(v));
        return;
    }
    char *t = mpz_get_str(NULL, 10, v);
    cli_out_str(o, t);
    free(t);
}

/* JSON: a number when it is exact in every JSON reader (< 2^53), else a string. */
void cli_out_json_big(cli_out *o, const mpz_t v)
{
    if (mpz_sizeinbase(v, 2) <= 53) {
        cli_out_u64(o, mpz_get_ui(v));
        return;
    }
    cli_out_char(o, '"');
    cli_out_big(o, v);
    cli_out_char(o, '"');
}

void cli_out_json_u64(cli_out *o, uint64_t v)
{
    if (v < ((uint64_t)1 << 53))
        cli_out_u64(o, v);
    else
        cli_out_fmt(o, "\"%llu\"", (unsigned long long)v);
}

/* ------------------------------------------------------------------ */
/* Provenance                                                          */
/* ------------------------------------------------------------------ */

void cli_out_prov_line(cli_out *o, const char *pre, const char *post)
{
    const char *t = cli_prov_text();
    cli_out_str(o, pre);
    /* inside an HTML comment, "-->" would end it: "-- >" instead */
    const int html = strstr(post, "-->") != NULL;
    for (; *t; t++) {
        cli_out_char(o, *t);
        if (html && t[0] == '-' && t[1] == '-' && t[2] == '>')
            cli_out_str(o, "- "), t++;
    }
    cli_out_str(o, post);
    cli_out_char(o, '\n');
}

void cli_out_json_generator(cli_out *o)
{
    const char *cmd = cli_cmdline();
    if (!cmd)
        return;
    cli_out_str(o, "\"generator\":{\"program\":");
    cli_out_json_str(o, cli_name());
    cli_out_str(o, ",\"version\":\"" WY_VERSION "\",\"command\":");
    cli_out_json_str(o, cmd);
    cli_out_str(o, "},");
}

void cli_out_json_game(cli_out *o, const cli_game *g)
{
    cli_out_fmt(o, "\"rules\":\"%s\",\"misere\":%s", g->text, g->rules.misere ? "true" : "false");
    if (g->rules.passes)
        cli_out_fmt(o, ",\"pass\":%u", g->side.pass);
    if (g->rules.heap)
        cli_out_fmt(o, ",\"heap\":%u", g->side.heap);
}

void cli_side_suffix(char *buf, size_t n, const cli_game *g)
{
    char w[64];
    if (wy_side_format(w, sizeof w, &g->rules, g->side) > 0)
        snprintf(buf, n, ", %s", w);
    else if (n)
        buf[0] = '\0';
}

const char *cli_u128_text(char *buf, size_t n, unsigned __int128 v)
{
    char tmp[48];
    int k = (int)sizeof tmp - 1;
    tmp[k] = '\0';
    do {
        tmp[--k] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v && k > 0);
    snprintf(buf, n, "%s", tmp + k);
    return buf;
}

int cli_die(int code, const char *fmt, ...)
{
    va_list ap;
    if (code == 130) /* interrupted: 130 for SIGINT, 143 for SIGTERM */
        code = cli_interrupt_code();
    if (cli_is_silent())
        return code;
    fprintf(stderr, "%s: ", cli_name());
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

int cli_refuse_memory(const char *what, uint64_t need, uint64_t limit, const char *extra)
{
    char err[WY_ERRLEN];
    wy_memory_refusal(err, sizeof err, what, need, limit);
    return cli_die(3, "%s (use --mem-limit to change the limit%s%s)", err, extra ? "; " : "", extra ? extra : "");
}

int cli_fail(wy_status st, const char *err, int mem_hint)
{
    if (st == WY_ECANCELED && cli_interrupted())
        return cli_die(130, "interrupted");
    if (st == WY_ERANGE) /* the hint only where a limit refused the work */
        return cli_die(3, "%s%s", err,
                       mem_hint && strstr(err, "than the limit of") ? " (use --mem-limit to change the limit)" : "");
    if (st == WY_ECANCELED) /* stopped by a callback of ours: a write error, reported there */
        return cli_die(2, "%s", err);
    return cli_die((int)st, "%s", err);
}
