/* strip_cache.c - proved row strips kept on disk between runs (the
 * evaluator's on-demand row periodicity, docs/exact.md "Rows proved on
 * demand").
 *
 * A strip of R rows costs seconds to minutes to prove (R = 104 rows of
 * Wythoff's game: about 25 s) and a few bytes per column to keep, so the
 * exact engine writes every strip it proves on demand to a cache directory
 * the caller names (the tool: $XDG_CACHE_HOME/wythoff) and reads it back on
 * the next question.
 *
 * File "<rules>.rows<R>.strip" (rules in canonical form; '/' never occurs
 * in it): a text header
 *     wythoff-strip 1
 *     rules <rules>
 *     rows R layers L y0 Y period P shift D ncols C
 *     end
 * then, little-endian: per row i = p * R + x, its preperiod and period
 * (8 bytes each); per row, its first min(C, pre_i + period_i) values (4
 * bytes each: the rest follows from G(x, y + p_i) = G(x, y) + d_i); and an
 * FNV-1a 64-bit checksum of every byte before it.
 *
 * Read: the checksum, the header (the same rules, R at least the rows
 * asked for, L = passes + 1, y0 + P = C), every row's period dividing P and
 * its preperiod inside the file, and the first columns of every row against
 * the table engine computed afresh.  A file that fails any of these is
 * ignored (and replaced by the next proof).  Written to a temporary file in
 * the same directory and renamed into place, so a reader never sees half a
 * file, and concurrent runs that prove the same strip each write a whole
 * one (the last rename wins; both are the same proof). */
#include "internal.h"
#include "strip.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "wythoff-strip 1\n"
#define VERIFY_COLS 512u /* columns checked against the table engine on reading */

static uint64_t fnv(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int path_of(char *buf, size_t len, const char *dir, const wy_rules *r, uint32_t rows)
{
    char rt[200];
    wy_rules_format(rt, sizeof rt, r);
    int n = snprintf(buf, len, "%s/%s.rows%u.strip", dir, rt, rows);
    return n > 0 && (size_t)n < len;
}

/* Stored values of row i: the first min(ncols, pre + period). */
static uint64_t row_len(const wy_strip *s, size_t i)
{
    uint64_t n = s->row_pre[i] + s->row_period[i];
    return n < s->ncols ? n : s->ncols;
}

/* mkdir -p with mode 0700 for the parts that are missing. */
static int make_dirs(const char *dir)
{
    char p[4096];
    if (snprintf(p, sizeof p, "%s", dir) >= (int)sizeof p)
        return -1;
    for (char *q = p + 1; *q; q++)
        if (*q == '/') {
            *q = '\0';
            if (mkdir(p, 0700) != 0 && errno != EEXIST)
                return -1;
            *q = '/';
        }
    return mkdir(p, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

int wy_strip_cache_save(const wy_strip *s, const char *dir)
{
    char path[4096], tmp[4160];
    if (!dir || !*dir || !path_of(path, sizeof path, dir, &s->rules, s->nrows) || make_dirs(dir) != 0)
        return -1;
    char rt[200], head[512];
    wy_rules_format(rt, sizeof rt, &s->rules);
    int hn = snprintf(head, sizeof head,
                      MAGIC "rules %s\nrows %u layers %u y0 %llu period %llu shift %llu ncols %llu\nend\n", rt,
                      s->nrows, s->nlayers, (unsigned long long)s->y0, (unsigned long long)s->period,
                      (unsigned long long)s->shift, (unsigned long long)s->ncols);
    if (hn <= 0 || (size_t)hn >= sizeof head)
        return -1;
    const size_t nr = (size_t)s->nlayers * s->nrows;
    uint64_t total = (uint64_t)hn + 16 * (uint64_t)nr + 8;
    for (size_t i = 0; i < nr; i++)
        total += 4 * row_len(s, i);
    if (total > ((uint64_t)1 << 32))
        return -1; /* not worth keeping */
    unsigned char *buf = malloc((size_t)total);
    if (!buf)
        return -1;
    unsigned char *p = buf;
    memcpy(p, head, (size_t)hn);
    p += hn;
    for (size_t i = 0; i < nr; i++, p += 16) {
        put64(p, s->row_pre[i]);
        put64(p + 8, s->row_period[i]);
    }
    for (size_t i = 0; i < nr; i++) {
        const uint32_t *r = s->vals + i * (size_t)s->ncols;
        for (uint64_t y = 0, n = row_len(s, i); y < n; y++, p += 4)
            put32(p, r[y]);
    }
    put64(p, fnv(14695981039346656037ull, buf, (size_t)(p - buf)));
    snprintf(tmp, sizeof tmp, "%s/.wythoff-strip-XXXXXX", dir);
    int fd = mkstemp(tmp);
    int ok = fd >= 0;
    for (size_t off = 0; ok && off < total;) {
        ssize_t w = write(fd, buf + off, (size_t)(total - off));
        if (w < 0 && errno == EINTR)
            continue;
        ok = w > 0;
        off += w > 0 ? (size_t)w : 0;
    }
    if (fd >= 0 && close(fd) != 0)
        ok = 0;
    if (ok)
        ok = rename(tmp, path) == 0;
    if (!ok && fd >= 0)
        unlink(tmp);
    free(buf);
    return ok ? 0 : -1;
}

/* Parses and checks one file; NULL when it is missing or fails a check. */
static wy_strip *load_file(const char *path, const wy_rules *r, uint32_t min_rows, uint64_t mem_limit)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    wy_strip *s = NULL;
    unsigned char *buf = NULL;
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || st.st_size < 64 || (uint64_t)st.st_size > ((uint64_t)1 << 32) ||
        (mem_limit && (uint64_t)st.st_size * 3 > mem_limit))
        goto out;
    const size_t size = (size_t)st.st_size;
    if (!(buf = malloc(size + 1)) || fread(buf, 1, size, f) != size)
        goto out;
    if (fnv(14695981039346656037ull, buf, size - 8) != get64(buf + size - 8))
        goto out;
    buf[size - 8] = '\0'; /* the header lies before the checksum; sscanf stops at the text's end */
    char rt[200], want[200];
    wy_rules_format(want, sizeof want, r);
    unsigned rows, layers;
    unsigned long long y0, period, shift, ncols;
    int hl = 0;
    if (memcmp(buf, MAGIC, strlen(MAGIC)) != 0 ||
        sscanf((const char *)buf + strlen(MAGIC), "rules %199s\nrows %u layers %u y0 %llu period %llu shift %llu "
               "ncols %llu\nend\n%n", rt, &rows, &layers, &y0, &period, &shift, &ncols, &hl) != 7 || hl == 0)
        goto out;
    size_t off = strlen(MAGIC) + (size_t)hl;
    if (strcmp(rt, want) != 0 || rows < min_rows || rows > 65536 || layers != r->passes + 1 || period == 0 ||
        ncols != y0 + period || ncols > UINT32_MAX)
        goto out;
    const size_t nr = (size_t)layers * rows;
    if ((uint64_t)nr * 16 > size - off - 8 || (mem_limit && (uint64_t)nr * ncols * 4 > mem_limit))
        goto out;
    if (!(s = wy_strip_new(r, rows, layers, y0, period, shift)))
        goto out;
    for (size_t i = 0; i < nr; i++, off += 16) {
        s->row_pre[i] = get64(buf + off);
        s->row_period[i] = get64(buf + off + 8);
        if (s->row_period[i] == 0 || period % s->row_period[i] != 0 || s->row_pre[i] > ncols ||
            (s->row_period[i] * shift) % period != 0)
            goto bad;
    }
    for (size_t i = 0; i < nr; i++) {
        uint32_t *v = s->vals + i * (size_t)ncols;
        const uint64_t n = row_len(s, i), pi = s->row_period[i], d = pi * shift / period;
        if (n * 4 > size - 8 - off || n < pi)
            goto bad;
        for (uint64_t y = 0; y < n; y++, off += 4)
            v[y] = get32(buf + off);
        for (uint64_t y = n; y < ncols; y++) {
            uint64_t g = (uint64_t)v[y - pi] + d;
            if (g > UINT32_MAX)
                goto bad;
            v[y] = (uint32_t)g;
        }
    }
    if (off != size - 8)
        goto bad;
    /* the first columns against the table engine */
    {
        uint32_t C = ncols < VERIFY_COLS ? (uint32_t)ncols : VERIFY_COLS;
        wy_table *t = NULL;
        char err[WY_ERRLEN];
        if (wy_table_compute(&t, r, rows, C, wy_side_start(r), mem_limit, err, sizeof err) != WY_OK)
            goto bad;
        int same = 1;
        for (uint32_t p = 0; p < layers && same; p++)
            for (uint32_t x = 0; x < rows && same; x++)
                for (uint32_t y = 0; y < C && same; y++)
                    same = wy_table_get(t, x, y, (wy_side){p, 0}) == s->vals[((size_t)p * rows + x) * ncols + y];
        wy_table_free(t);
        if (!same)
            goto bad;
    }
    goto out;
bad:
    wy_strip_free(s);
    s = NULL;
out:
    free(buf);
    fclose(f);
    return s;
}

wy_strip *wy_strip_cache_load(const char *dir, const wy_rules *r, uint32_t min_rows, uint32_t max_rows,
                              uint64_t mem_limit)
{
    if (!dir || !*dir)
        return NULL;
    /* the smallest file of this ruleset with min_rows..max_rows rows */
    char rt[200], want[240], path[4096];
    wy_rules_format(rt, sizeof rt, r);
    snprintf(want, sizeof want, "%s.rows", rt);
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    uint32_t best = 0;
    for (struct dirent *de; (de = readdir(d));) {
        const char *n = de->d_name;
        size_t k = strlen(want);
        if (strncmp(n, want, k) != 0)
            continue;
        char *end;
        unsigned long rows = strtoul(n + k, &end, 10);
        if (strcmp(end, ".strip") != 0 || rows < min_rows || rows > max_rows || (best && rows >= best))
            continue;
        best = (uint32_t)rows;
    }
    closedir(d);
    if (!best || !path_of(path, sizeof path, dir, r, best))
        return NULL;
    return load_file(path, r, min_rows, mem_limit);
}
