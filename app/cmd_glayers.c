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
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define GL_RING ((uint64_t)1 << 12) /* reordering window of diagonals per value */

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

typedef struct {
    uint64_t G, size;
    /* per value: the ring of rows a_n^g for n in [next, next + GL_RING)
     * (NONE_ROW: not found yet), the next n to emit and a_next */
    uint64_t *ring;
    uint64_t *next, *anext, *beyond;
    /* emitted offsets: kept (d[g], cap entries) or written by chunks */
    int8_t **d;
    uint64_t cap;
    int8_t *chunk; /* (G + 1) GL_CHUNK when writing */
    gl_file *files;
    int err;      /* exit code of a failure inside the callback */
    char msg[256];
} gl_scan;

#define NONE_ROW UINT64_MAX

static int gl_emit(gl_scan *s, uint64_t g, uint64_t n, uint64_t a)
{
    uint64_t an = s->anext[g];
    int64_t d = (int64_t)a - (int64_t)an;
    if (d < -128 || d > 127) {
        snprintf(s->msg, sizeof s->msg,
                 "value %llu: the offset of n = %llu is %lld, beyond the stored range -128..127",
                 (unsigned long long)g, (unsigned long long)n, (long long)d);
        return s->err = 4;
    }
    if (s->files) {
        int8_t *c = s->chunk + g * GL_CHUNK;
        c[n % GL_CHUNK] = (int8_t)d;
        if (n % GL_CHUNK == GL_CHUNK - 1) {
            int rc = gl_file_chunk(&s->files[g], c, GL_CHUNK);
            if (rc)
                return s->err = rc;
        }
    } else {
        if (n >= s->cap) {
            snprintf(s->msg, sizeof s->msg, "value %llu: more diagonals than reserved (%llu)",
                     (unsigned long long)g, (unsigned long long)s->cap);
            return s->err = 4;
        }
        s->d[g][n] = (int8_t)d;
    }
    s->anext[g] = lower_next(n, an);
    return 0;
}

static int gl_fn(void *ctx, uint64_t v, uint64_t x, uint64_t y)
{
    gl_scan *s = ctx;
    uint64_t n = y - x, *ring = s->ring + v * GL_RING;
    uint64_t nx = s->next[v];
    if (n < nx) {
        snprintf(s->msg, sizeof s->msg, "value %llu: diagonal %llu holds two positions (row %llu)",
                 (unsigned long long)v, (unsigned long long)n, (unsigned long long)x);
        return s->err = 4;
    }
    if (n - nx >= GL_RING) {
        snprintf(s->msg, sizeof s->msg,
                 "value %llu: diagonal %llu is found before diagonal %llu, more than %llu apart (the reordering "
                 "window)",
                 (unsigned long long)v, (unsigned long long)n, (unsigned long long)nx, (unsigned long long)GL_RING);
        return s->err = 4;
    }
    if (ring[n % GL_RING] != NONE_ROW) {
        snprintf(s->msg, sizeof s->msg, "value %llu: diagonal %llu holds two positions (row %llu)",
                 (unsigned long long)v, (unsigned long long)n, (unsigned long long)x);
        return s->err = 4;
    }
    ring[n % GL_RING] = x;
    while (ring[nx % GL_RING] != NONE_ROW) {
        if (gl_emit(s, v, nx, ring[nx % GL_RING]))
            return 1;
        ring[nx % GL_RING] = NONE_ROW;
        nx++;
    }
    s->next[v] = nx;
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
    uint64_t size = 0;
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
        int8_t *d = NULL;
        rc = gl_layer_open(&L, path);
        if (!rc && L.g != g)
            rc = cli_die(2, "corrupt %s: it holds value %llu", path, (unsigned long long)L.g);
        if (!rc && g > 0 && L.size != size)
            rc = cli_die(2, "%s is of the window %llu, the layers before it of %llu: the layers of two scans", path,
                         (unsigned long long)L.size, (unsigned long long)size);
        if (!rc)
            rc = gl_layer_load(&L, &d, path, c->mem_limit);
        if (!rc) {
            st[g].g = g;
            st[g].size = size = L.size;
            st[g].count = L.count;
            st[g].beyond = L.beyond;
            st[g].positions = L.positions;
            gl_analyze(&st[g], d, L.count);
        }
        free(d);
        gl_layer_close(&L);
    }
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
    uint64_t keep = dir ? G1 * (GL_CHUNK + gl_file_estimate()) : G1 * *cap;
    *need += G1 * (GL_RING * 8 + 32) + keep + (dir ? *cap : 0); /* reading back one layer for the statistics */
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
    const uint64_t G1 = G + 1;
    memset(s, 0, sizeof *s);
    s->G = G;
    s->size = size;
    s->ring = malloc(G1 * GL_RING * sizeof *s->ring);
    s->next = calloc(G1, sizeof *s->next);
    s->anext = calloc(G1, sizeof *s->anext);
    s->beyond = calloc(G1, sizeof *s->beyond);
    s->d = calloc(G1, sizeof *s->d);
    int oom = !s->ring || !s->next || !s->anext || !s->beyond || !s->d;
    if (!oom && dir) {
        s->chunk = malloc(G1 * GL_CHUNK);
        s->files = calloc(G1, sizeof *s->files);
        oom = !s->chunk || !s->files;
    } else if (!oom) {
        s->cap = cap;
        for (uint64_t g = 0; g < G1 && !oom; g++)
            oom = !(s->d[g] = malloc(cap));
    }
    int rc = oom ? cli_die(3, "out of memory (about %llu MiB)", (unsigned long long)(need >> 20) + 1) : 0;
    if (!rc)
        for (uint64_t i = 0; i < G1 * GL_RING; i++)
            s->ring[i] = NONE_ROW;
    for (uint64_t g = 0; dir && !rc && g < G1; g++)
        rc = gl_file_open(&s->files[g], dir, g);
    return rc;
}

static void scan_free(gl_scan *s)
{
    for (uint64_t g = 0; s->files && g < s->G + 1; g++)
        gl_file_free(&s->files[g]);
    free(s->chunk);
    free(s->files);
    for (uint64_t g = 0; s->d && g < s->G + 1; g++)
        free(s->d[g]);
    free(s->d);
    free(s->ring);
    free(s->next);
    free(s->anext);
    free(s->beyond);
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
    if (s->err)
        return cli_die(s->err, "%s", s->msg);
    if (st != WY_OK)
        return cli_fail(st, err, 1);
    return 0;
}

/* After the scan: what is left in the rings lies beyond the complete
 * prefix; every value needs its position on diagonal 0; the files get
 * their last chunk and are closed. */
static int scan_finish(gl_scan *s, const char *dir, const uint64_t *counts)
{
    const uint64_t G1 = s->G + 1;
    int rc = 0;
    for (uint64_t g = 0; !rc && g < G1; g++) {
        for (uint64_t i = 0; i < GL_RING; i++)
            if (s->ring[g * GL_RING + i] != NONE_ROW)
                s->beyond[g]++;
        if (s->next[g] == 0)
            rc = cli_die(2, "value %llu has no position on diagonal 0 inside a %llu x %llu window (make --size larger)",
                         (unsigned long long)g, (unsigned long long)s->size, (unsigned long long)s->size);
    }
    for (uint64_t g = 0; dir && !rc && g < G1; g++) {
        uint64_t tail = s->next[g] % GL_CHUNK;
        if (tail)
            rc = gl_file_chunk(&s->files[g], s->chunk + g * GL_CHUNK, tail);
        if (!rc)
            rc = gl_file_close(&s->files[g], g, s->size, s->next[g], s->beyond[g], counts[g]);
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
        st[g].count = s.next[g];
        st[g].beyond = s.beyond[g];
        st[g].positions = counts[g];
        gl_analyze(&st[g], s.d[g], s.next[g]);
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
