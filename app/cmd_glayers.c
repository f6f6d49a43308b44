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
 *
 * Stored layer (DIR/layer-G.wygl, little-endian), one per value:
 *   0  8  magic "WYGLAYR1"
 *   8  4  g                       12 4  chunk: offsets per chunk (2^20)
 *   16 8  N, the window           24 8  count: offsets stored, n = 0..count-1
 *   32 8  nchunks                 40 8  beyond: g-positions found with n >= count
 *   48 8  table: file offset of the chunk table
 *   56 8  positions: the g-positions in the window, both triangles
 *         (a position x < y counts with its mirror image), the scan's count
 *   64 .. the chunks, each a zlib stream (RFC 1950) of its offsets d_n as
 *         signed bytes, n = i chunk .. min((i + 1) chunk, count) - 1
 *   table: nchunks + 1 u64 file offsets, chunk i is [table[i], table[i+1])
 */
#include "commands.h"
#include "wythoff_layer.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#define GL_MAXG 79 /* the offset of (0, g) on diagonal g is -floor(g phi) >= -128 */
#define GL_RING ((uint64_t)1 << 12) /* reordering window of diagonals per value */
#define GL_CHUNK ((uint64_t)1 << 20)
#define GL_HEADER 64
#define GL_MAGIC "WYGLAYR1"

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
/* Little-endian integers                                              */
/* ------------------------------------------------------------------ */

static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}
static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}
static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}
static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* ------------------------------------------------------------------ */
/* The statistics of one layer                                         */
/* ------------------------------------------------------------------ */

/* Convergence around the Fibonacci numbers: the agreement radius r(k, s),
 * s = 1, 2, is the least r >= 0 with d_(F_k + m) != d_(F_(k+s) + m) for m = r
 * or m = -r - 1 (F_2 = 1, F_3 = 2, F_4 = 3, ...): the offsets around F_k and
 * F_(k+s) agree for -r <= m < r.  Computed for every k with F_k >= GL_FMIN
 * and F_(k+s) < count (r capped where either window leaves 0..count-1:
 * marked as such). */
#define GL_FMIN 100
#define GL_MAXK 64

typedef struct {
    uint64_t g, size, count, beyond, positions;
    int lo, hi;               /* the least and largest offset */
    uint64_t lo_n, hi_n;      /* the largest n where each occurs */
    int tlo, thi;             /* the least and largest offset for n >= count / 2 */
    uint64_t hist[256];       /* offsets -128..127 */
    int kfirst, klast[2];     /* the k with radii, s = 1, 2 */
    uint64_t rad[2][GL_MAXK]; /* r(k, s) */
    int capped[2][GL_MAXK];   /* the radius reached the end of the data */
} gl_stats;

static uint64_t fib(int k) /* F_k, F_1 = F_2 = 1 */
{
    uint64_t a = 1, b = 1;
    for (int i = 2; i < k; i++) {
        uint64_t t = a + b;
        a = b;
        b = t;
    }
    return b;
}

/* Everything about d[0..count-1] (count >= 1). */
static void analyze(gl_stats *s, const int8_t *d, uint64_t count)
{
    memset(s->hist, 0, sizeof s->hist);
    s->lo = s->hi = d[0];
    for (uint64_t n = 0; n < count; n++) {
        int v = d[n];
        s->hist[v + 128]++;
        if (v < s->lo)
            s->lo = v;
        if (v > s->hi)
            s->hi = v;
    }
    s->tlo = s->thi = d[count / 2];
    for (uint64_t n = count / 2; n < count; n++) {
        if (d[n] < s->tlo)
            s->tlo = d[n];
        if (d[n] > s->thi)
            s->thi = d[n];
    }
    for (uint64_t n = count; n-- > 0;)
        if (d[n] == s->lo) {
            s->lo_n = n;
            break;
        }
    for (uint64_t n = count; n-- > 0;)
        if (d[n] == s->hi) {
            s->hi_n = n;
            break;
        }
    s->kfirst = 0;
    for (int sh = 1; sh <= 2; sh++) {
        s->klast[sh - 1] = 0;
        for (int k = 2; k + sh < GL_MAXK; k++) {
            uint64_t f = fib(k), f2 = fib(k + sh);
            if (f < GL_FMIN)
                continue;
            if (f2 >= count)
                break;
            if (!s->kfirst)
                s->kfirst = k;
            s->klast[sh - 1] = k;
            uint64_t r = 0;
            int cap = 0;
            for (;; r++) {
                if (f2 + r >= count || r + 1 > f) {
                    cap = 1;
                    break;
                }
                if (d[f + r] != d[f2 + r] || d[f - r - 1] != d[f2 - r - 1])
                    break;
            }
            s->rad[sh - 1][k] = r;
            s->capped[sh - 1][k] = cap;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Layer files                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
    FILE *f;
    char *path, *tmp;
    uint64_t *table; /* chunk offsets */
    uint64_t nchunks, cap;
    unsigned char *zbuf;
    uLong zcap;
} gl_file;

static int gl_file_open(gl_file *w, const char *dir, uint64_t g)
{
    memset(w, 0, sizeof *w);
    size_t n = strlen(dir) + 64;
    w->path = malloc(n);
    w->tmp = malloc(n);
    w->zcap = compressBound((uLong)GL_CHUNK);
    w->zbuf = malloc(w->zcap);
    w->cap = 64;
    w->table = malloc(w->cap * sizeof *w->table);
    if (!w->path || !w->tmp || !w->zbuf || !w->table)
        return cli_die(3, "out of memory for the layer files");
    snprintf(w->path, n, "%s/layer-%llu.wygl", dir, (unsigned long long)g);
    snprintf(w->tmp, n, "%s/.layer-%llu.wygl.part", dir, (unsigned long long)g);
    w->f = fopen(w->tmp, "wb");
    if (!w->f)
        return cli_die(2, "cannot write %s (%s)", w->tmp, strerror(errno));
    unsigned char h[GL_HEADER] = {0};
    if (fwrite(h, 1, sizeof h, w->f) != sizeof h)
        return cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    w->table[0] = GL_HEADER;
    return 0;
}

/* Append one chunk of k offsets. */
static int gl_file_chunk(gl_file *w, const int8_t *d, uint64_t k)
{
    uLongf zn = w->zcap;
    if (compress2(w->zbuf, &zn, (const Bytef *)d, (uLong)k, 1) != Z_OK)
        return cli_die(4, "zlib failed to compress a chunk of %s", w->path);
    if (fwrite(w->zbuf, 1, zn, w->f) != zn)
        return cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    if (w->nchunks + 2 > w->cap) {
        uint64_t *t = realloc(w->table, 2 * w->cap * sizeof *t);
        if (!t)
            return cli_die(3, "out of memory for the layer files");
        w->table = t;
        w->cap *= 2;
    }
    w->table[w->nchunks + 1] = w->table[w->nchunks] + zn;
    w->nchunks++;
    return 0;
}

/* The table, the header, the rename. */
static int gl_file_close(gl_file *w, uint64_t g, uint64_t size, uint64_t count, uint64_t beyond, uint64_t positions)
{
    int rc = 0;
    unsigned char b[8];
    uint64_t table = w->table[w->nchunks];
    for (uint64_t i = 0; i <= w->nchunks && !rc; i++) {
        put64(b, w->table[i]);
        if (fwrite(b, 1, 8, w->f) != 8)
            rc = cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    }
    unsigned char h[GL_HEADER] = {0};
    memcpy(h, GL_MAGIC, 8);
    put32(h + 8, (uint32_t)g);
    put32(h + 12, (uint32_t)GL_CHUNK);
    put64(h + 16, size);
    put64(h + 24, count);
    put64(h + 32, w->nchunks);
    put64(h + 40, beyond);
    put64(h + 48, table);
    put64(h + 56, positions);
    if (!rc && (fseek(w->f, 0, SEEK_SET) != 0 || fwrite(h, 1, sizeof h, w->f) != sizeof h))
        rc = cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    if (fclose(w->f) != 0 && !rc)
        rc = cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    w->f = NULL;
    if (!rc && rename(w->tmp, w->path) != 0)
        rc = cli_die(2, "cannot rename %s to %s (%s)", w->tmp, w->path, strerror(errno));
    return rc;
}

static void gl_file_free(gl_file *w)
{
    if (w->f) {
        fclose(w->f);
        remove(w->tmp);
    }
    free(w->path);
    free(w->tmp);
    free(w->table);
    free(w->zbuf);
}

/* A stored layer, opened: its header and chunk table. */
typedef struct {
    FILE *f;
    uint64_t g, size, count, nchunks, beyond, chunk, positions;
    uint64_t *table;
} gl_layer;

/* Opens a stored layer and checks its header and chunk table against each
 * other and against the file's size before allocating anything: a damaged
 * or forged file is "corrupt PATH: what" (exit 2), never a huge allocation
 * (exit 3) or a field printed as it stands. */
static int gl_layer_open(gl_layer *L, const char *path)
{
    memset(L, 0, sizeof *L);
    L->f = fopen(path, "rb");
    if (!L->f)
        return cli_die(2, "cannot read %s (%s)", path, strerror(errno));
    unsigned char h[GL_HEADER];
    if (fread(h, 1, sizeof h, L->f) != sizeof h || memcmp(h, GL_MAGIC, 8) != 0)
        return cli_die(2, "%s is not a stored layer (no %s header)", path, GL_MAGIC);
    struct stat sb;
    if (fstat(fileno(L->f), &sb) != 0 || !S_ISREG(sb.st_mode))
        return cli_die(2, "cannot read %s (not a regular file)", path);
    const uint64_t fsize = (uint64_t)sb.st_size;
    L->g = get32(h + 8);
    L->chunk = get32(h + 12);
    L->size = get64(h + 16);
    L->count = get64(h + 24);
    L->nchunks = get64(h + 32);
    L->beyond = get64(h + 40);
    uint64_t table = get64(h + 48);
    L->positions = get64(h + 56);
#define CORRUPT(...) cli_die(2, "corrupt " __VA_ARGS__)
    if (L->g > GL_MAXG)
        return CORRUPT("%s: value %llu (at most %d)", path, (unsigned long long)L->g, GL_MAXG);
    if (L->chunk == 0 || L->chunk > ((uint64_t)1 << 30))
        return CORRUPT("%s: %llu offsets per chunk (1 to 2^30)", path, (unsigned long long)L->chunk);
    if (L->size < 2 || L->size > ((uint64_t)1 << 40))
        return CORRUPT("%s: window %llu (2 to 2^40)", path, (unsigned long long)L->size);
    /* the diagonals n < count are complete, each holds one g-position, and
     * n < N; the others found lie on distinct diagonals count <= n < N */
    if (L->count == 0 || L->count > L->size)
        return CORRUPT("%s: count %llu (1 to the window %llu)", path, (unsigned long long)L->count,
                       (unsigned long long)L->size);
    if (L->beyond > L->size - L->count)
        return CORRUPT("%s: beyond %llu (at most the window %llu less the count %llu)", path,
                       (unsigned long long)L->beyond, (unsigned long long)L->size, (unsigned long long)L->count);
    /* both triangles: each position off the diagonal with its mirror image,
     * the one of diagonal 0 (inside, count >= 1) once */
    if (L->positions != 2 * (L->count + L->beyond) - 1)
        return CORRUPT("%s: positions %llu (2 (count + beyond) - 1 = %llu)", path, (unsigned long long)L->positions,
                       (unsigned long long)(2 * (L->count + L->beyond) - 1));
    if (L->nchunks != (L->count + L->chunk - 1) / L->chunk)
        return CORRUPT("%s: %llu chunks for %llu offsets of %llu a chunk", path, (unsigned long long)L->nchunks,
                       (unsigned long long)L->count, (unsigned long long)L->chunk);
    /* the table is the file's end: nchunks + 1 offsets; every chunk at
     * least a byte */
    if (table < GL_HEADER + L->nchunks || table > fsize || (fsize - table) / 8 != L->nchunks + 1 ||
        (fsize - table) % 8 != 0)
        return CORRUPT("%s: truncated or too long (%llu bytes; the chunk table of %llu chunks at byte %llu)", path,
                       (unsigned long long)fsize, (unsigned long long)L->nchunks, (unsigned long long)table);
    L->table = malloc((L->nchunks + 1) * sizeof *L->table);
    if (!L->table)
        return cli_die(3, "out of memory reading %s", path);
    if (fseeko(L->f, (off_t)table, SEEK_SET) != 0)
        return cli_die(2, "cannot read %s (%s)", path, strerror(errno));
    for (uint64_t i = 0; i <= L->nchunks; i++) {
        unsigned char b[8];
        if (fread(b, 1, 8, L->f) != 8)
            return CORRUPT("%s: truncated chunk table", path);
        L->table[i] = get64(b);
        if (i == 0 ? L->table[0] != GL_HEADER : L->table[i] <= L->table[i - 1] || L->table[i] > table)
            return CORRUPT("%s: chunk table entry %llu is %llu (chunks from byte %d to the table at %llu, each at "
                           "least a byte)",
                           path, (unsigned long long)i, (unsigned long long)L->table[i], GL_HEADER,
                           (unsigned long long)table);
    }
    if (L->table[L->nchunks] != table)
        return CORRUPT("%s: the chunks end at byte %llu, the table starts at %llu", path,
                       (unsigned long long)L->table[L->nchunks], (unsigned long long)table);
#undef CORRUPT
    return 0;
}

/* Chunk i into d (L->chunk bytes). */
static int gl_layer_chunk(gl_layer *L, uint64_t i, int8_t *d, const char *path)
{
    uint64_t k = i + 1 < L->nchunks ? L->chunk : L->count - i * L->chunk;
    uint64_t zn = L->table[i + 1] - L->table[i];
    unsigned char *z = malloc(zn ? zn : 1);
    if (!z)
        return cli_die(3, "out of memory reading %s", path);
    uLongf out = (uLongf)k;
    int ok = fseeko(L->f, (off_t)L->table[i], SEEK_SET) == 0 && fread(z, 1, zn, L->f) == zn &&
             uncompress((Bytef *)d, &out, z, (uLong)zn) == Z_OK && out == k;
    free(z);
    if (!ok)
        return cli_die(2, "corrupt %s: chunk %llu is damaged or truncated", path, (unsigned long long)i);
    return 0;
}

static void gl_layer_close(gl_layer *L)
{
    if (L->f)
        fclose(L->f);
    free(L->table);
}

/* The whole layer into *d (malloc'ed, count bytes). */
static int gl_layer_load(gl_layer *L, int8_t **d, const char *path, uint64_t mem_limit)
{
    if (mem_limit && L->count + L->chunk > mem_limit)
        return cli_die(3, "reading %s needs about %llu MiB, more than the limit (use --mem-limit)", path,
                       (unsigned long long)((L->count + L->chunk) >> 20) + 1);
    *d = malloc(L->nchunks * L->chunk + 1);
    if (!*d)
        return cli_die(3, "out of memory reading %s (%llu MiB)", path, (unsigned long long)(L->count >> 20) + 1);
    for (uint64_t i = 0; i < L->nchunks; i++) {
        if (cli_interrupted()) /* 10^9 positions: seconds of inflating */
            return cli_die(130, "interrupted");
        int rc = gl_layer_chunk(L, i, *d + i * L->chunk, path);
        if (rc)
            return rc;
    }
    return 0;
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
/* Output                                                              */
/* ------------------------------------------------------------------ */

static void out_head(cli_out *o, const char *fmt, uint64_t size, uint64_t G)
{
    if (strcmp(fmt, "csv") == 0)
        cli_out_str(o, "g,positions,count,beyond,offset_min,offset_max,n_min_last,n_max_last,max_abs,tail_min,tail_max,"
                       "radii_s1,radii_s2\n");
    else if (strcmp(fmt, "json") == 0)
        cli_out_fmt(o, "{\"rules\":\"wythoff\",\"size\":%llu,\"values\":%llu,\"layers\":[",
                    (unsigned long long)size, (unsigned long long)G);
    else
        cli_out_fmt(o,
                    "g-positions (a_n^g, b_n^g), b - a = n, of wythoff in the window 0 <= x, y < %llu, values 0..%llu\n"
                    "offset d_n = a_n^g - a_n = b_n^g - b_n from the P-position (a_n, b_n) = (floor(n phi), floor(n "
                    "phi) + n)\n"
                    "r(k, s): the offsets around F_k and F_(k+s) agree, d_(F_k + m) = d_(F_(k+s) + m) for -r <= m < r "
                    "(F_k Fibonacci, F_2 = 1; '+': the data ends there);\nshown for the last four k, s = 2\n"
                    "tail: the least and largest offset for n >= count / 2\n"
                    "   g      count  d_min  d_max   last n(d_min)   last n(d_max)   tail   r(k, 2) for the last k\n",
                    (unsigned long long)size, (unsigned long long)G);
}

/* "k:r k:r ..." for s (0-based i) and the k from k0 on. */
static void radii_text(cli_out *o, const gl_stats *s, int i, int k0, const char *sep)
{
    int any = 0;
    for (int k = k0 < s->kfirst ? s->kfirst : k0; s->kfirst && k <= s->klast[i]; k++) {
        cli_out_fmt(o, "%s%d:%llu%s", any ? sep : "", k, (unsigned long long)s->rad[i][k], s->capped[i][k] ? "+" : "");
        any = 1;
    }
}

static void out_stats(cli_out *o, const char *fmt, const gl_stats *s, int first)
{
    int m = s->hi > -s->lo ? s->hi : -s->lo;
    unsigned long long g = s->g;
    if (strcmp(fmt, "csv") == 0) {
        cli_out_fmt(o, "%llu,%llu,%llu,%llu,%d,%d,%llu,%llu,%d,%d,%d,", g, (unsigned long long)s->positions,
                    (unsigned long long)s->count, (unsigned long long)s->beyond, s->lo, s->hi,
                    (unsigned long long)s->lo_n, (unsigned long long)s->hi_n, m, s->tlo, s->thi);
        radii_text(o, s, 0, 0, " ");
        cli_out_char(o, ',');
        radii_text(o, s, 1, 0, " ");
        cli_out_char(o, '\n');
    } else if (strcmp(fmt, "json") == 0) {
        cli_out_fmt(o,
                    "%s{\"g\":%llu,\"positions\":%llu,\"count\":%llu,\"beyond\":%llu,\"offset_min\":%d,\"offset_max\":%d,\"n_min_last\":"
                    "%llu,\"n_max_last\":%llu,\"max_abs\":%d,\"tail_min\":%d,\"tail_max\":%d,",
                    first ? "" : ",", g, (unsigned long long)s->positions, (unsigned long long)s->count,
                    (unsigned long long)s->beyond, s->lo, s->hi, (unsigned long long)s->lo_n,
                    (unsigned long long)s->hi_n, m, s->tlo, s->thi);
        for (int i = 0; i < 2; i++) {
            cli_out_fmt(o, "\"radii_s%d\":[", i + 1);
            for (int k = s->kfirst; s->kfirst && k <= s->klast[i]; k++)
                cli_out_fmt(o, "%s{\"k\":%d,\"F_k\":%llu,\"r\":%llu,\"capped\":%s}", k > s->kfirst ? "," : "", k,
                            (unsigned long long)fib(k), (unsigned long long)s->rad[i][k],
                            s->capped[i][k] ? "true" : "false");
            cli_out_str(o, "],");
        }
        cli_out_str(o, "\"histogram\":{");
        int k = 0;
        for (int v = 0; v < 256; v++)
            if (s->hist[v])
                cli_out_fmt(o, "%s\"%d\":%llu", k++ ? "," : "", v - 128, (unsigned long long)s->hist[v]);
        cli_out_str(o, "}}");
    } else {
        char tail[32];
        snprintf(tail, sizeof tail, "%d..%d", s->tlo, s->thi);
        cli_out_fmt(o, "%4llu %10llu %6d %6d %15llu %15llu %8s   ", g, (unsigned long long)s->count, s->lo, s->hi,
                    (unsigned long long)s->lo_n, (unsigned long long)s->hi_n, tail);
        radii_text(o, s, 1, s->klast[1] - 3, "  ");
        cli_out_char(o, '\n');
    }
}

static void out_tail(cli_out *o, const char *fmt, const gl_stats *all, uint64_t n, uint64_t size)
{
    if (strcmp(fmt, "json") == 0) {
        cli_out_str(o, "]}\n");
        return;
    }
    if (strcmp(fmt, "csv") == 0 || n == 0)
        return;
    uint64_t least = UINT64_MAX;
    for (uint64_t i = 0; i < n; i++)
        if (all[i].count < least)
            least = all[i].count;
    /* rows: row x holds one g-position; it is (a_n^g, b_n^g) or its mirror,
     * in the window iff the other coordinate is below size */
    cli_out_fmt(o,
                "complete: every value's g-positions (a_n^g, b_n^g) for n < %llu (each layer's count; beyond it, "
                "some diagonals' positions fall outside the window); the positions listed are all those with "
                "max(x, y) < %llu\n",
                (unsigned long long)least, (unsigned long long)size);
}

/* ------------------------------------------------------------------ */
/* Read mode                                                           */
/* ------------------------------------------------------------------ */

static int layer_path(char *buf, size_t n, const char *dir, uint64_t g)
{
    return snprintf(buf, n, "%s/layer-%llu.wygl", dir, (unsigned long long)g) >= (int)n;
}

static int read_positions(cli_config *c, const char *dir, uint64_t g, uint64_t n0, uint64_t k)
{
    char path[4096];
    if (layer_path(path, sizeof path, dir, g))
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
    if (csv)
        cli_out_str(&o, "n,x,y,offset\n");
    else if (json)
        cli_out_fmt(&o, "{\"rules\":\"wythoff\",\"value\":%llu,\"size\":%llu,\"positions\":[", (unsigned long long)g,
                    (unsigned long long)L.size);
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
/* The summary of values 0..G1-1 (st, freed here) of a window of `size`;
 * rc: an earlier failure, returned as it is. */
static int summary_out(cli_config *c, gl_stats *st, uint64_t size, uint64_t G1, int rc)
{
    if (rc) {
        free(st);
        return rc;
    }
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        free(st);
        return rc;
    }
    out_head(&o, c->format, size, G1 - 1);
    for (uint64_t g = 0; g < G1; g++)
        out_stats(&o, c->format, &st[g], g == 0);
    out_tail(&o, c->format, st, G1, size);
    free(st);
    return cli_finish(&o, &sink, 0);
}

static int read_summary(cli_config *c, const char *dir, uint64_t G, int given)
{
    char path[4096];
    if (!given) {
        DIR *dd = opendir(dir);
        if (!dd)
            return cli_die(2, "cannot read the directory %s (%s)", dir, strerror(errno));
        G = 0;
        int any = 0;
        struct dirent *e;
        while ((e = readdir(dd))) {
            unsigned long long v;
            char tail[8];
            if (sscanf(e->d_name, "layer-%llu.wygl%7s", &v, tail) == 1 && v <= GL_MAXG) {
                any = 1;
                if (v > G)
                    G = v;
            }
        }
        closedir(dd);
        if (!any)
            return cli_die(2, "%s holds no stored layer (layer-G.wygl)", dir);
    }
    gl_stats *st = calloc(G + 1, sizeof *st);
    if (!st)
        return cli_die(3, "out of memory");
    int rc = 0;
    uint64_t size = 0;
    for (uint64_t g = 0; g <= G && !rc; g++) {
        if (cli_interrupted()) {
            rc = cli_die(130, "interrupted");
            break;
        }
        if (layer_path(path, sizeof path, dir, g)) {
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
            analyze(&st[g], d, L.count);
        }
        free(d);
        gl_layer_close(&L);
    }
    return summary_out(c, st, size, G + 1, rc);
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
    if (c->given[O_READ]) {
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

    /* memory: the scan, the rings, and the offsets kept (no --store) or
     * the chunks being written; every diagonal n of a g-position in the
     * window is at most (size + 255) / phi^2 < 2 size / 5 + 256 */
    const uint64_t G1 = G + 1;
    uint64_t cap = size / 5 * 2 + 256;
    uint64_t need = wy_layer_all_estimate(&gm->rules, gm->side, G, size);
    uint64_t keep = dir ? G1 * (GL_CHUNK + sizeof(gl_file) + 64) + compressBound((uLong)GL_CHUNK) * G1
                        : G1 * cap;
    need += G1 * (GL_RING * 8 + 32) + keep + (dir ? cap : 0); /* reading back one layer for the statistics */
    if (c->mem_limit && need > c->mem_limit) {
        char lim[32];
        snprintf(lim, sizeof lim, "%llu MiB", (unsigned long long)(c->mem_limit >> 20));
        return cli_die(3,
                       "values 0..%llu in a %llu x %llu window need about %llu MiB, more than the limit of %s (use "
                       "--mem-limit; --store DIR keeps the offsets on disk instead of in memory)",
                       (unsigned long long)G, (unsigned long long)size, (unsigned long long)size,
                       (unsigned long long)(need >> 20) + 1, lim);
    }
    if (dir && (rc = make_dir(dir)))
        return rc;

    gl_scan s;
    memset(&s, 0, sizeof s);
    s.G = G;
    s.size = size;
    s.ring = malloc(G1 * GL_RING * sizeof *s.ring);
    s.next = calloc(G1, sizeof *s.next);
    s.anext = calloc(G1, sizeof *s.anext);
    s.beyond = calloc(G1, sizeof *s.beyond);
    s.d = calloc(G1, sizeof *s.d);
    int oom = !s.ring || !s.next || !s.anext || !s.beyond || !s.d;
    if (!oom && dir) {
        s.chunk = malloc(G1 * GL_CHUNK);
        s.files = calloc(G1, sizeof *s.files);
        oom = !s.chunk || !s.files;
    } else if (!oom) {
        s.cap = cap;
        for (uint64_t g = 0; g < G1 && !oom; g++)
            oom = !(s.d[g] = malloc(cap));
    }
    rc = oom ? cli_die(3, "out of memory (about %llu MiB)", (unsigned long long)(need >> 20) + 1) : 0;
    if (!rc)
        for (uint64_t i = 0; i < G1 * GL_RING; i++)
            s.ring[i] = NONE_ROW;
    for (uint64_t g = 0; dir && !rc && g < G1; g++)
        rc = gl_file_open(&s.files[g], dir, g);

    uint64_t *counts = rc ? NULL : calloc(G1, sizeof *counts);
    if (!rc && !counts)
        rc = cli_die(3, "out of memory");
    if (!rc) {
        cli_progress prog;
        wy_run run = cli_run(c, &prog, "glayers", "rows");
        wy_status st = wy_layer_scan_all(&gm->rules, gm->side, G, size, c->mem_limit, gl_fn, &s, counts, &run, err,
                                         sizeof err);
        cli_progress_done(&prog);
        if (s.err)
            rc = cli_die(s.err, "%s", s.msg);
        else if (st != WY_OK)
            rc = cli_fail(st, err, 1);
    }
    /* what is left in the rings lies beyond the complete prefix */
    for (uint64_t g = 0; !rc && g < G1; g++) {
        for (uint64_t i = 0; i < GL_RING; i++)
            if (s.ring[g * GL_RING + i] != NONE_ROW)
                s.beyond[g]++;
        if (s.next[g] == 0)
            rc = cli_die(2, "value %llu has no position on diagonal 0 inside a %llu x %llu window (make --size larger)",
                         (unsigned long long)g, (unsigned long long)size, (unsigned long long)size);
    }
    for (uint64_t g = 0; dir && !rc && g < G1; g++) {
        uint64_t tail = s.next[g] % GL_CHUNK;
        if (tail)
            rc = gl_file_chunk(&s.files[g], s.chunk + g * GL_CHUNK, tail);
        if (!rc)
            rc = gl_file_close(&s.files[g], g, size, s.next[g], s.beyond[g], counts[g]);
    }
    for (uint64_t g = 0; s.files && g < G1; g++)
        gl_file_free(&s.files[g]);
    free(s.chunk);
    free(s.files);
    if (!rc && dir) {
        free(counts);
        for (uint64_t g = 0; g < G1; g++)
            free(s.d ? s.d[g] : NULL);
        free(s.d);
        free(s.ring);
        free(s.next);
        free(s.anext);
        free(s.beyond);
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
        analyze(&st[g], s.d[g], s.next[g]);
    }
    free(counts);
    for (uint64_t g = 0; s.d && g < G1; g++)
        free(s.d[g]);
    free(s.d);
    free(s.ring);
    free(s.next);
    free(s.anext);
    free(s.beyond);
    return summary_out(c, st, size, G1, rc);
}
