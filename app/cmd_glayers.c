/* cmd_glayers.c - `wythoff glayers`: the positions of every value g <= G of
 * Wythoff's game in the window 0 <= x, y < N, in one layer scan
 * (wy_layer_scan_all), measured against the P-positions and optionally
 * stored compactly; and the reader of the stored layers (docs/glayers.md).
 *
 * Indexing (Nivasch 2009, Blass and Fraenkel 1990).  Every diagonal
 * y - x = n >= 0 holds each value exactly once (two cells of a diagonal are
 * joined by a move, and the mex rule puts every value on it), so for each g
 * and n there is exactly one g-position (a_n^g, b_n^g) with b_n^g - a_n^g =
 * n, as the P-positions (a_n, b_n) = (floor(n phi), floor(n phi) + n).  Its
 * offset is d_n^g = a_n^g - a_n = b_n^g - b_n.  The scan finds the upper
 * cells (x, y), x <= y < N, row by row; n = y - x; the offsets are emitted in
 * increasing n through a small reordering ring, and the layer is complete for
 * n < count, the first diagonal whose g-position lies outside the window.
 * The stored layer's format is in glayers_file.c, the statistics of the
 * offsets in glayers_stats.c (glayers.h).
 */
#include "glayers.h"
#include "wythoff_layer.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The reordering window of diagonals per value.  A value's diagonal n
 * arrives in row a_n + d_n and the rows come in increasing order, so while
 * diagonal m is missing, a diagonal n > m found lies in a row
 * a_n + d_n <= a_m + d_m: a_n - a_m <= d_m - d_n <= 255 with the offsets in
 * -128..127 (the stored range), and a_n - a_m > (n - m) phi - 1 gives
 * n - m < 159.  A diagonal m whose g-position lies beyond the window's last
 * column (m >= count) leaves the others in its columns' reach:
 * b_n - b_m <= d_m - d_n, n - m < 98.  The ring is drained lazily
 * (gl_fn): only once a diagonal GL_RING / 2 or more past the first
 * missing one arrives, so that the emission is one sequential, predictable
 * loop over a few hundred diagonals instead of a branch on every arrival;
 * a missing diagonal 159 or more behind one found is missing for good. */
#define GL_RING 1024u

/* ------------------------------------------------------------------ */
/* Wythoff's lower sequence, exactly                                   */
/* ------------------------------------------------------------------ */

/* a_{n+1} from a = a_n = floor(n phi): a + 2 iff a + 2 <= (n + 1) phi, i.e.
 * (2a + 3 - n)^2 < 5 (n + 1)^2 (2a + 3 - n > 0; never equal, sqrt 5 being
 * irrational); 128-bit, exact for n < 2^60. */
static uint64_t lower_next(uint64_t n, uint64_t a)
{
    unsigned __int128 l = (unsigned __int128)(2 * a + 3 - n), r = (unsigned __int128)(n + 1);
    return l * l < 5 * r * r ? a + 2 : a + 1;
}

/* floor(n phi) = (n + isqrt(5 n^2)) / 2, with GMP (any n). */
static uint64_t lower_at(uint64_t n)
{
    mpz_t t, m;
    mpz_init(t);
    mpz_init(m);
    mpz_import(m, 1, -1, sizeof n, 0, 0, &n);
    mpz_mul(t, m, m);
    mpz_mul_ui(t, t, 5);
    mpz_sqrt(t, t);
    mpz_add(t, t, m);
    mpz_fdiv_q_2exp(t, t, 1);
    uint64_t a = 0;
    mpz_export(&a, NULL, -1, sizeof a, 0, 0, t);
    mpz_clear(t);
    mpz_clear(m);
    return a;
}

/* ------------------------------------------------------------------ */
/* The scan                                                            */
/* ------------------------------------------------------------------ */

/* One value's state, touched by one thread only (the scan calls gl_fn for a
 * value always from the same thread): its own cache lines. */
typedef struct {
    uint64_t next;   /* the next diagonal n to emit */
    uint64_t a;      /* a_next = floor(next phi) */
    int64_t dq;      /* 5 (next + 1)^2 - (2 a + 3 - next)^2, the test of gl_step */
    uint64_t l;      /* 2 a + 3 - next */
    uint64_t beyond; /* after the scan: the diagonals found beyond next */
    int16_t *ring;   /* rows a_n^g - near(n) for n in [next, next + GL_RING) (NONE_ROW: not found yet) */
    int8_t *out;     /* offsets: the chunk being filled (--store) or all of them */
    gl_file *file;   /* --store: the value's file; NULL: offsets kept in memory */
} __attribute__((aligned(64))) gl_val;

typedef struct {
    uint64_t G, size;
    gl_val *val;     /* G + 1 of them */
    uint64_t cap;    /* offsets kept per value (no --store) */
    unsigned char *ringmem, *outmem; /* the rings and buffers, staggered (scan_alloc) */
    gl_file *files;
    atomic_int err;  /* exit code of the first failure inside the callback */
    char msg[256];   /* its message, written by the thread that set err */
} gl_scan;

#define NONE_ROW INT16_MIN

/* Records the first failure inside the callback (several threads may
 * fail at once: the first one's message is kept).  Returns 1. */
static int gl_fail(gl_scan *s, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int gl_fail(gl_scan *s, int code, const char *fmt, ...)
{
    int zero = 0;
    if (atomic_compare_exchange_strong(&s->err, &zero, code)) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->msg, sizeof s->msg, fmt, ap);
        va_end(ap);
    }
    return 1;
}

/* a_{next+1} from a_next, exactly, with additions only: as lower_next,
 * a + 2 iff (2a + 3 - n)^2 < 5 (n + 1)^2, tracked as dq = 5 R^2 - L^2 with
 * R = n + 1, L = 2a + 3 - n.  From n to n + 1: R grows by 1 and L by
 * 2 (a' - a) - 1 = e (3 or 1), so dq grows by 5 (2R + 1) - e (2L + e).
 * dq = (sqrt5 R - L)(sqrt5 R + L) with sqrt5 R - L
 * = 2 (n phi - a) + sqrt5 - 3 in (sqrt5 - 3, sqrt5 - 1) (0 <= n phi - a < 1)
 * and 0 < sqrt5 R + L < 2 sqrt5 R + 1: |dq| < 1.24 (2 sqrt5 R + 1) < 7 R, exact in
 * int64 for n < 2^59.  dq is never 0 (sqrt 5 is irrational). */
static inline void gl_step(gl_val *v)
{
    uint64_t r = v->next + 1, e = v->dq > 0 ? 3 : 1;
    v->a += (e + 1) / 2;
    v->dq += (int64_t)(5 * (2 * r + 1)) - (int64_t)(e * (2 * v->l + e));
    v->l += e;
    v->next = r;
}

/* floor(n phi) or one less, cheaply (n < 2^40): n + floor(n (phi - 1)) with
 * phi - 1 rounded down to 64 bits, off by less than n 2^-64 < 1.  The ring
 * keeps a row x of diagonal n as x - near(n), which fits 16 bits for every
 * offset x - a_n in -128..127 (and the others are refused, gl_fn). */
static inline uint64_t near(uint64_t n)
{
    return n + (uint64_t)(((unsigned __int128)n * 0x9E3779B97F4A7C15u) >> 64);
}

/* Emits the offset of diagonal next at row x. */
static inline int gl_emit(gl_scan *s, uint64_t g, gl_val *v, uint64_t x)
{
    const uint64_t n = v->next;
    int64_t d = (int64_t)x - (int64_t)v->a;
    if (d < -128 || d > 127)
        return gl_fail(s, 4, "value %llu: the offset of n = %llu is %lld, beyond the stored range -128..127",
                       (unsigned long long)g, (unsigned long long)n, (long long)d);
    if (v->file) {
        v->out[n % GL_CHUNK] = (int8_t)d;
        if (n % GL_CHUNK == GL_CHUNK - 1) {
            char msg[256];
            int rc = gl_file_chunk(v->file, v->out, GL_CHUNK, msg, sizeof msg);
            if (rc)
                return gl_fail(s, rc, "%s", msg);
        }
    } else {
        if (n >= s->cap)
            return gl_fail(s, 4, "value %llu: more diagonals than reserved (%llu)", (unsigned long long)g,
                           (unsigned long long)s->cap);
        v->out[n] = (int8_t)d;
    }
    gl_step(v);
    return 0;
}

/* Emits the diagonals from next on as long as they are found. */
static int gl_drain(gl_scan *s, uint64_t g, gl_val *v)
{
    int16_t *ring = v->ring;
    for (int16_t *r = &ring[v->next % GL_RING]; *r != NONE_ROW; r = &ring[v->next % GL_RING]) {
        uint64_t row = near(v->next) + (uint64_t)(int64_t)*r;
        *r = NONE_ROW;
        if (gl_emit(s, g, v, row))
            return 1;
    }
    return 0;
}

/* The scan's callback: position (x, y), x <= y, of value g, put in its
 * diagonal's slot of the ring; the ring drained when half full.  Per value
 * state only; a failure is recorded in s (the first one wins) and stops the
 * scan. */
static int gl_fn(void *ctx, uint64_t g, uint64_t x, uint64_t y)
{
    gl_scan *s = ctx;
    gl_val *v = &s->val[g];
    const uint64_t n = y - x;
    int16_t *slot = &v->ring[n % GL_RING];
    if (__builtin_expect(n - v->next >= GL_RING / 2, 0)) { /* also n < next (wrapped) */
        if (n < v->next)
            return gl_fail(s, 4, "value %llu: diagonal %llu holds two positions (row %llu)", (unsigned long long)g,
                           (unsigned long long)n, (unsigned long long)x);
        if (gl_drain(s, g, v))
            return 1;
        if (n - v->next >= GL_RING)
            return gl_fail(s, 4,
                           "value %llu: diagonal %llu is found before diagonal %llu, more than %u apart (the "
                           "reordering window)",
                           (unsigned long long)g, (unsigned long long)n, (unsigned long long)v->next, GL_RING);
    }
    if (__builtin_expect(*slot != NONE_ROW, 0))
        return gl_fail(s, 4, "value %llu: diagonal %llu holds two positions (row %llu)", (unsigned long long)g,
                       (unsigned long long)n, (unsigned long long)x);
    int64_t e = (int64_t)x - (int64_t)near(n);
    if (__builtin_expect(e < -30000 || e > 30000, 0)) /* |x - a_n| > 29999: beyond the stored range */
        return gl_fail(s, 4, "value %llu: the offset of n = %llu is %lld, beyond the stored range -128..127",
                       (unsigned long long)g, (unsigned long long)n, (long long)((int64_t)x - (int64_t)lower_at(n)));
    *slot = (int16_t)e;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Read mode                                                           */
/* ------------------------------------------------------------------ */

static int read_positions(cli_config *c, const char *dir, uint64_t g, uint64_t n0, uint64_t k)
{
    char path[4096];
    if (gl_layer_path(path, sizeof path, dir, g))
        return cli_die(2, "--read: the directory name is too long");
    gl_layer L;
    int rc = gl_layer_open(&L, path);
    if (!rc && L.g != g)
        rc = cli_die(2, "corrupt %s: it holds value %llu", path, (unsigned long long)L.g);
    if (rc) {
        gl_layer_close(&L);
        return rc;
    }
    if (n0 >= L.count || k > L.count - n0) {
        uint64_t cnt = L.count;
        gl_layer_close(&L);
        return cli_die(2, "--index %llu --terms %llu: %s holds n = 0..%llu", (unsigned long long)n0,
                       (unsigned long long)k, path, (unsigned long long)(cnt ? cnt - 1 : 0));
    }
    int8_t *buf = malloc(L.chunk);
    if (!buf) {
        gl_layer_close(&L);
        return cli_die(3, "out of memory");
    }
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        free(buf);
        gl_layer_close(&L);
        return rc;
    }
    const char *fmt = c->format;
    int csv = strcmp(fmt, "csv") == 0, json = strcmp(fmt, "json") == 0;
    if (csv) {
        cli_out_prov_line(&o, "# ", "");
        cli_out_str(&o, "n,x,y,offset\n");
    } else if (json) {
        cli_out_char(&o, '{');
        cli_out_json_generator(&o);
        cli_out_fmt(&o, "\"rules\":\"wythoff\",\"value\":%llu,\"size\":%llu,\"positions\":[", (unsigned long long)g,
                    (unsigned long long)L.size);
    }
    uint64_t cur = UINT64_MAX, a = lower_at(n0);
    for (uint64_t n = n0; n < n0 + k && !rc && !cli_interrupted(); n++) {
        if (n / L.chunk != cur) {
            cur = n / L.chunk;
            rc = gl_layer_chunk(&L, cur, buf, path);
            if (rc)
                break;
        }
        int d = buf[n % L.chunk];
        uint64_t x = (uint64_t)((int64_t)a + d), y = x + n;
        if (csv)
            cli_out_fmt(&o, "%llu,%llu,%llu,%d\n", (unsigned long long)n, (unsigned long long)x,
                        (unsigned long long)y, d);
        else if (json)
            cli_out_fmt(&o, "%s{\"n\":%llu,\"x\":%llu,\"y\":%llu,\"offset\":%d}", n > n0 ? "," : "",
                        (unsigned long long)n, (unsigned long long)x, (unsigned long long)y, d);
        else
            cli_out_fmt(&o, "n = %llu: (%llu, %llu)  offset %d\n", (unsigned long long)n, (unsigned long long)x,
                        (unsigned long long)y, d);
        a = lower_next(n, a);
    }
    if (json && !rc)
        cli_out_str(&o, "]}\n");
    free(buf);
    gl_layer_close(&L);
    return cli_finish(&o, &sink, rc);
}

/* The statistics of the stored layers 0..G (G: all there are). */
static int read_summary(cli_config *c, const char *dir, uint64_t G, int given)
{
    char path[4096];
    int rc;
    if (!given && (rc = gl_layer_last(&G, dir)))
        return rc;
    gl_stats *st = calloc(G + 1, sizeof *st);
    if (!st)
        return cli_die(3, "out of memory");
    rc = 0;
    uint64_t size = 0, dcap = 0;
    int8_t *d = NULL; /* one buffer for every layer */
    for (uint64_t g = 0; g <= G && !rc; g++) {
        if (cli_interrupted()) {
            rc = cli_die(130, "interrupted");
            break;
        }
        if (gl_layer_path(path, sizeof path, dir, g)) {
            rc = cli_die(2, "--read: the directory name is too long");
            break;
        }
        gl_layer L;
        rc = gl_layer_open(&L, path);
        if (!rc && L.g != g)
            rc = cli_die(2, "corrupt %s: it holds value %llu", path, (unsigned long long)L.g);
        if (!rc && g > 0 && L.size != size)
            rc = cli_die(2, "%s is of the window %llu, the layers before it of %llu: the layers of two scans", path,
                         (unsigned long long)L.size, (unsigned long long)size);
        if (!rc)
            rc = gl_layer_load(&L, &d, &dcap, path, c->mem_limit, c->threads);
        if (!rc) {
            st[g].g = g;
            st[g].size = size = L.size;
            st[g].count = L.count;
            st[g].beyond = L.beyond;
            st[g].positions = L.positions;
            gl_analyze(&st[g], d, L.count);
        }
        gl_layer_close(&L);
    }
    free(d);
    return gl_summary(c, st, size, G + 1, rc);
}

/* ------------------------------------------------------------------ */
/* The command                                                          */
/* ------------------------------------------------------------------ */

/* DIR and its missing parents, as mkdir -p does (mode 0777 less the umask). */
static int make_dir(const char *dir)
{
    struct stat sb;
    if (stat(dir, &sb) == 0) {
        if (!S_ISDIR(sb.st_mode))
            return cli_die(2, "--store %s exists and is not a directory", dir);
        return 0;
    }
    char *p = strdup(dir);
    if (!p)
        return cli_die(3, "out of memory");
    int rc = 0;
    for (char *q = p + 1; !rc; q++) {
        if (*q != '/' && *q != 0)
            continue;
        const char end = *q;
        *q = 0;
        if (mkdir(p, 0777) != 0) {
            int e = errno;
            if (e != EEXIST)
                rc = cli_die(2, "cannot create the directory %s (%s)", p, strerror(e));
            else if (stat(p, &sb) != 0 || !S_ISDIR(sb.st_mode))
                rc = cli_die(2, "cannot create the directory %s: %s exists and is not a directory", dir, p);
        }
        *q = end;
        if (!end)
            break;
    }
    free(p);
    return rc;
}


/* The buffers of the values lie in one block each, every value's at its
 * own cache-set offset: strides of a multiple of 4096 bytes plus one cache
 * line, so that the 65 rings and chunks touched in turn, row by row, at
 * about the same diagonal do not all fall in the same sets of the caches. */
#define GL_LINE 64u
#define GL_RING_STRIDE ((uint64_t)GL_RING * sizeof(int16_t) + GL_LINE)

static uint64_t out_stride(uint64_t cap, const char *dir)
{
    return (dir ? GL_CHUNK : (cap + 4095) / 4096 * 4096) + GL_LINE;
}

/* The memory of a scan of values 0..G in a window of `size`: the scan, the
 * rings, and the offsets kept (no --store) or the chunks being written;
 * every diagonal n of a g-position in the window is at most
 * (size + 255) / phi^2 < 2 size / 5 + 256 (*cap, the offsets kept of a
 * value).  Refused above --mem-limit. */
static int scan_memory(const cli_config *c, const cli_game *gm, uint64_t G, uint64_t size, const char *dir,
                       uint64_t *cap, uint64_t *need)
{
    const uint64_t G1 = G + 1;
    *cap = size / 5 * 2 + 256;
    *need = wy_layer_all_estimate(&gm->rules, gm->side, G, size);
    uint64_t keep = G1 * out_stride(*cap, dir) + (dir ? G1 * gl_file_estimate() : 0);
    *need += G1 * (GL_RING_STRIDE + sizeof(gl_val)) + 2 * GL_LINE + keep +
             (dir ? *cap : 0); /* reading back one layer for the statistics */
    if (c->mem_limit && *need > c->mem_limit) {
        char what[128];
        snprintf(what, sizeof what, "the scan of values 0..%llu in a %llu x %llu window", (unsigned long long)G,
                 (unsigned long long)size, (unsigned long long)size);
        return cli_refuse_memory(what, *need, c->mem_limit, "--store DIR keeps the offsets on disk instead of in memory");
    }
    return 0;
}

/* The scan's memory, its rings emptied, and with dir its files opened. */
static int scan_alloc(gl_scan *s, uint64_t G, uint64_t size, uint64_t cap, const char *dir, uint64_t need)
{
    const uint64_t G1 = G + 1, ostride = out_stride(cap, dir);
    memset(s, 0, sizeof *s);
    atomic_init(&s->err, 0);
    s->G = G;
    s->size = size;
    s->cap = cap;
    s->val = aligned_alloc(GL_LINE, G1 * sizeof *s->val);
    s->ringmem = aligned_alloc(GL_LINE, G1 * GL_RING_STRIDE);
    s->outmem = aligned_alloc(GL_LINE, G1 * ostride);
    s->files = dir ? calloc(G1, sizeof *s->files) : NULL;
    if (!s->val || !s->ringmem || !s->outmem || (dir && !s->files)) {
        free(s->files);
        s->files = NULL; /* nothing opened to close */
        return cli_die(3, "out of memory (about %llu MiB)", (unsigned long long)(need >> 20) + 1);
    }
    memset(s->val, 0, G1 * sizeof *s->val);
    for (uint64_t g = 0; g < G1; g++) {
        gl_val *v = &s->val[g];
        v->a = 0;
        v->l = 3;
        v->dq = -4; /* n = 0: 5 * 1 - 3^2 */
        v->ring = (int16_t *)(s->ringmem + g * GL_RING_STRIDE);
        for (unsigned i = 0; i < GL_RING; i++)
            v->ring[i] = NONE_ROW;
        v->out = (int8_t *)(s->outmem + g * ostride);
        v->file = dir ? &s->files[g] : NULL;
    }
    int rc = 0;
    for (uint64_t g = 0; dir && !rc && g < G1; g++)
        rc = gl_file_open(&s->files[g], dir, g);
    return rc;
}

static void scan_free(gl_scan *s)
{
    for (uint64_t g = 0; s->files && g < s->G + 1; g++)
        gl_file_free(&s->files[g]);
    free(s->files);
    free(s->val);
    free(s->ringmem);
    free(s->outmem);
    memset(s, 0, sizeof *s);
}

/* The scan itself, with each value's count of positions into counts. */
static int scan_run(cli_config *c, const cli_game *gm, gl_scan *s, uint64_t *counts)
{
    char err[WY_ERRLEN];
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "glayers", "rows");
    wy_status st = wy_layer_scan_all(&gm->rules, gm->side, s->G, s->size, c->mem_limit, gl_fn, s, counts, &run, err,
                                     sizeof err);
    cli_progress_done(&prog);
    int e = atomic_load(&s->err);
    if (e)
        return cli_die(e, "%s", s->msg);
    if (st != WY_OK)
        return cli_fail(st, err, 1);
    return 0;
}

/* After the scan: the rings drained, what is left in them lies beyond
 * the complete prefix; every value needs its position on diagonal 0; the files get
 * their last chunk and are closed. */
static int scan_finish(gl_scan *s, const char *dir, const uint64_t *counts)
{
    const uint64_t G1 = s->G + 1;
    int rc = 0;
    for (uint64_t g = 0; !rc && g < G1; g++) {
        gl_val *v = &s->val[g];
        if (gl_drain(s, g, v)) {
            rc = cli_die(atomic_load(&s->err), "%s", s->msg);
            break;
        }
        for (unsigned i = 0; i < GL_RING; i++)
            if (v->ring[i] != NONE_ROW)
                v->beyond++;
        if (v->next == 0)
            rc = cli_die(2, "value %llu has no position on diagonal 0 inside a %llu x %llu window (make --size larger)",
                         (unsigned long long)g, (unsigned long long)s->size, (unsigned long long)s->size);
    }
    for (uint64_t g = 0; dir && !rc && g < G1; g++) {
        gl_val *v = &s->val[g];
        uint64_t tail = v->next % GL_CHUNK;
        char msg[256];
        if (tail && gl_file_chunk(v->file, v->out, tail, msg, sizeof msg))
            rc = cli_die(2, "%s", msg);
        if (!rc)
            rc = gl_file_close(v->file, g, s->size, v->next, v->beyond, counts[g]);
    }
    return rc;
}

/* A scan of values 0..G of gm in a window of `size`, its layers stored in
 * dir (or NULL), and its summary: from the offsets kept in memory, or read
 * back from the files just written. */
static int glayers_scan(cli_config *c, const cli_game *gm, uint64_t G, uint64_t size, const char *dir)
{
    const uint64_t G1 = G + 1;
    uint64_t cap, need;
    int rc = scan_memory(c, gm, G, size, dir, &cap, &need);
    if (rc)
        return rc;
    if (dir && (rc = make_dir(dir)))
        return rc;
    gl_scan s;
    rc = scan_alloc(&s, G, size, cap, dir, need);
    uint64_t *counts = rc ? NULL : calloc(G1, sizeof *counts);
    if (!rc && !counts)
        rc = cli_die(3, "out of memory");
    if (!rc)
        rc = scan_run(c, gm, &s, counts);
    if (!rc)
        rc = scan_finish(&s, dir, counts);
    if (!rc && dir) {
        free(counts);
        scan_free(&s);
        /* the statistics from the files just written: they are read back */
        return read_summary(c, dir, G, 1);
    }
    gl_stats *st = rc ? NULL : calloc(G1, sizeof *st);
    if (!rc && !st)
        rc = cli_die(3, "out of memory");
    for (uint64_t g = 0; !rc && g < G1; g++) {
        st[g].g = g;
        st[g].size = size;
        st[g].count = s.val[g].next;
        st[g].beyond = s.val[g].beyond;
        st[g].positions = counts[g];
        gl_analyze(&st[g], s.val[g].out, s.val[g].next);
    }
    free(counts);
    scan_free(&s);
    return gl_summary(c, st, size, G1, rc);
}

/* --read DIR: the summary of the stored layers, or with --index and --terms
 * the positions of one value. */
static int glayers_read(cli_config *c, uint64_t G, uint64_t n0, uint64_t k)
{
    const char *dir = c->val[O_READ];
    if (c->npos)
        return cli_die(2, "--read DIR takes no ruleset (the stored layers are wythoff's)");
    if (c->given[O_SIZE] || c->given[O_STORE])
        return cli_die(2, "--read reads stored layers: --size and --store go with a scan");
    if (!*dir)
        return cli_die(2, "--read needs a directory");
    if (c->given[O_INDEX] || c->given[O_TERMS]) {
        if (!c->given[O_VALUE])
            return cli_die(2, "--index needs --value G: the value whose n-th position is read");
        return read_positions(c, dir, G, n0, k);
    }
    return read_summary(c, dir, G, c->given[O_VALUE]);
}

int cli_cmd_glayers(cli_config *c)
{
    char err[WY_ERRLEN];
    uint64_t G = 16, n0 = 0, k = 1;
    int rc;
    if (c->given[O_VALUE]) {
        if (!cli_num_size(&G, c->val[O_VALUE], "--value", err, sizeof err))
            return cli_die(2, "%s", err);
        if (G > GL_MAXG)
            return cli_die(2, "--value %s out of range (0 to %d)", c->val[O_VALUE], GL_MAXG);
    }
    if (c->given[O_INDEX] && !cli_num_size(&n0, c->val[O_INDEX], "--index", err, sizeof err))
        return cli_die(2, "%s", err);
    if (c->given[O_TERMS]) {
        if (!cli_num_size(&k, c->val[O_TERMS], "--terms", err, sizeof err))
            return cli_die(2, "%s", err);
        if (k < 1 || k > 100000000)
            return cli_die(2, "--terms %s out of range (1 to 10^8)", c->val[O_TERMS]);
    }
    if (c->given[O_READ])
        return glayers_read(c, G, n0, k);
    if (c->given[O_INDEX] || c->given[O_TERMS])
        return cli_die(2, "--index and --terms read stored layers: give --read DIR");
    if (c->npos != 1)
        return cli_die(2, "glayers takes the ruleset wythoff (or --read DIR); usage: wythoff %s", c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)))
        return rc;
    const cli_game *gm = &c->game[0];
    if (strcmp(gm->text, "wythoff") != 0)
        return cli_die(2, "glayers covers the ruleset wythoff only (got '%s'): the offsets are measured from "
                          "Wythoff's P-positions",
                       gm->text);
    uint64_t size = 1000000;
    if (c->given[O_SIZE] && !cli_num_size(&size, c->val[O_SIZE], "--size", err, sizeof err))
        return cli_die(2, "%s", err);
    if (size < 2 || size > ((uint64_t)1 << 40))
        return cli_die(2, "--size %s out of range (2 to 2^40)", c->val[O_SIZE] ? c->val[O_SIZE] : "");
    const char *dir = c->given[O_STORE] ? c->val[O_STORE] : NULL;
    if (dir && !*dir)
        return cli_die(2, "--store needs a directory");
    return glayers_scan(c, gm, G, size, dir);
}
