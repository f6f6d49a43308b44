/*
 * fuzz-line - the line reader under every reader of outside input
 * (src/cli/read.c: cli_read_line), on a stream that can fail.
 *
 * Input: byte 0 chooses a read error or none (none, EIO, EINTR, ENOMEM,
 * each once or for good), bytes 1..2 the offset of the error and byte 3
 * the size of the stream's reads; the rest is the stream's content.  The
 * stream is a fopencookie stream that hands out the content in reads of
 * that size and fails at that offset (errno as chosen).
 * Properties:
 *   - without an error: the lines returned are exactly the content split
 *     at '\n' (without the '\n'; a last line without one counts), then 0
 *     (the end); a line holding a NUL byte is an error instead (-1, exit
 *     code 2), and nothing is read after it;
 *   - with an error: every line returned is a complete line of the content
 *     (followed by its '\n', or the content's last bytes), never a piece of
 *     one cut by the failed read; then -1 with exit code 130 for EINTR
 *     ("interrupted"), 3 for ENOMEM, 2 for EIO, also when the read failed
 *     after part of a line; the end (0) is never reported after a failed
 *     read;
 *   - *len is the line's length and the line is NUL-terminated there;
 *     messages are NUL-terminated within the buffer, not empty, without the
 *     "wythoff:" prefix.
 */
#define _GNU_SOURCE /* fopencookie */
#include "fuzz.h"

#include "../../src/cli/cli.h"

#include <errno.h>
#include <sys/types.h>

typedef struct {
    const char *d;
    size_t n, pos;
    size_t fail_at; /* SIZE_MAX: never */
    int err, once, failed;
    size_t chunk;
} stream;

static ssize_t stream_read(void *cookie, char *buf, size_t size)
{
    stream *s = cookie;
    if (s->pos >= s->fail_at && !(s->once && s->failed)) {
        s->failed = 1;
        errno = s->err;
        return -1;
    }
    size_t m = s->n - s->pos;
    if (m > size)
        m = size;
    if (m > s->chunk)
        m = s->chunk;
    if (s->pos < s->fail_at && s->pos + m > s->fail_at)
        m = s->fail_at - s->pos;
    memcpy(buf, s->d + s->pos, m);
    s->pos += m;
    return (ssize_t)m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const unsigned mode = fz_byte(&in) % 7;
    size_t at = fz_byte(&in);
    at |= (size_t)fz_byte(&in) << 8;
    const size_t chunk = 1 + fz_byte(&in) % 64;
    static const int errs[3] = {EIO, EINTR, ENOMEM};
    stream s = {(const char *)in.p, in.n, 0, SIZE_MAX, 0, 0, 0, chunk};
    if (mode) {
        s.err = errs[(mode - 1) % 3];
        s.once = mode <= 3;
        s.fail_at = at % (in.n + 1);
    }
    cookie_io_functions_t io = {stream_read, NULL, NULL, NULL};
    FILE *f = fopencookie(&s, "r", io);
    if (!f)
        abort();

    const char *d = (const char *)in.p;
    size_t pos = 0; /* where the next line starts in the content */
    char *line = NULL, err[WY_ERRLEN];
    size_t cap = 0, len = 0;
    int rc = 0, got;
    for (;;) {
        memset(err, 'X', sizeof err);
        got = cli_read_line(f, &line, &cap, &len, &rc, err, sizeof err);
        if (got <= 0)
            break;
        FZ_CHECK(pos < in.n, "a line returned after the content's end");
        const char *nl = memchr(d + pos, '\n', in.n - pos);
        size_t end = nl ? (size_t)(nl - d) : in.n;
        FZ_CHECK(len == end - pos && memcmp(line, d + pos, len) == 0 && line[len] == '\0',
                 "line at offset %zu: got %zu bytes '%.*s', the content's line has %zu '%.*s'%s", pos, len,
                 (int)(len > 60 ? 60 : len), line, end - pos, (int)(end - pos > 60 ? 60 : end - pos), d + pos,
                 s.failed ? " (after a failed read: a piece of a line)" : "");
        FZ_CHECK(!memchr(d + pos, '\0', end - pos), "a line with a NUL byte returned as text");
        pos = nl ? end + 1 : in.n;
    }
    fclose(f);
    free(line);
    if (got == 0) {
        FZ_CHECK(pos == in.n, "the end reported at offset %zu of %zu", pos, in.n);
        FZ_CHECK(!s.failed, "the end reported after a failed read (errno %d)", s.err);
        return 0;
    }
    fz_check_msg(err, sizeof err, 0, "cli_read_line");
    const char *nl = pos < in.n ? memchr(d + pos, '\n', in.n - pos) : NULL;
    size_t end = nl ? (size_t)(nl - d) : in.n;
    if (pos < in.n && memchr(d + pos, '\0', end - pos) && (!s.failed || s.fail_at > end)) {
        FZ_CHECK(rc == 2 && strstr(err, "NUL"), "a NUL byte in the line: rc %d, '%s'", rc, err);
        return 0;
    }
    FZ_CHECK(s.failed, "an error (rc %d: %s) without a failed read or a NUL byte", rc, err);
    if (rc == 2 && strstr(err, "NUL"))
        return 0; /* the NUL byte came before the failed read */
    const int want = s.err == EINTR ? 130 : s.err == ENOMEM ? 3 : 2;
    FZ_CHECK(rc == want, "errno %d: rc %d (%s), want %d", s.err, rc, err, want);
    return 0;
}
