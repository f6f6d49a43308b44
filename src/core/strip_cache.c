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
 * Trust.  A value read from the cache is printed as proved, so a file is
 * used only when nobody but the user (and root) can have written it, the
 * rule of ssh's StrictModes: the cache directory and every directory above
 * it up to / belong to root or to the effective user and are not writable
 * by group or others (a parent such as /tmp that is world-writable but
 * sticky is accepted: nobody else can rename or remove what the user has
 * in it; the cache directory itself never), and the file is a regular file
 * of the effective user, not writable by group or others, opened without
 * following a symbolic link (openat on the checked directory's descriptor
 * with O_NOFOLLOW, the checks on the open descriptor: no race between check
 * and use).  The path is resolved by realpath() first and then walked from
 * / one component at a time with O_NOFOLLOW, so a link swapped in after
 * the resolution makes the walk fail.  Nothing is written into a directory
 * that fails the rule either; missing directories are created with mode
 * 0700.  Why a directory or a file was not used goes into the caller's note
 * (wy_exact_cache_note).
 * A full re-verification instead would cost about a quarter of the proof
 * (the table of R rows x (y0 + P) columns: 11 s of the 45 s proof for
 * Wythoff's rows 0..103), against 0.02 s for reading the file.
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
 * Read (against accidental damage, not against an adversary: the trust
 * rule is the guarantee; but whatever a file holds, reading it and using
 * the strip stay within its memory): the checksum, the header (the same
 * rules, R at least the rows asked for, L = passes + 1, y0 + P = C with
 * P <= C, C < 2^32, the shift P, or 0 with max=N), every row's period
 * dividing P and its preperiod inside the file, and the first 512 columns
 * of every row against the table engine computed afresh.  A file that
 * fails any of these is ignored (and replaced by the next proof).  Written
 * to a temporary file in the same directory and renamed into place, so a
 * reader never sees half a file, and concurrent runs that prove the same
 * strip each write a whole one (the last rename wins; both are the same
 * proof). */
#define _DEFAULT_SOURCE /* realpath, S_ISVTX */
#include "internal.h"
#include "strip.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAGIC "wythoff-strip 1\n"
#define VERIFY_COLS 512u /* columns checked against the table engine on reading */

#define fnv wyi_fnv1a_from

/* The first reason something in the cache was not used (or not written),
 * into note; later ones are dropped. */
static void say(char *note, size_t len, const char *fmt, ...)
{
    if (!note || !len || note[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(note, len, fmt, ap);
    va_end(ap);
}

/* "<rules>.rows<R>.strip" into buf; 1 if it fits. */
static int name_of(char *buf, size_t len, const wy_rules *r, uint32_t rows)
{
    char rt[200];
    wy_rules_format(rt, sizeof rt, r);
    int n = snprintf(buf, len, "%s.rows%u.strip", rt, rows);
    return n > 0 && (size_t)n < len;
}

/* Stored values of row i: the first min(ncols, pre + period). */
static uint64_t row_len(const wyi_strip *s, size_t i)
{
    uint64_t n = s->row_pre[i] + s->row_period[i];
    return n < s->ncols ? n : s->ncols;
}

/* ------------------------------------------------------------------ */
/* The trust rule (see the top of the file)                            */
/* ------------------------------------------------------------------ */

/* dir as an absolute path without symbolic links, ".", ".." or repeated
 * '/': realpath() of its longest existing part, then the parts still
 * missing (none of them ".."; "." and empty ones are dropped).  1 on
 * success, else 0 with the reason in note. */
static int resolve(char *out, size_t len, const char *dir, char *note, size_t nlen)
{
    char buf[PATH_MAX];
    size_t k = strlen(dir);
    if (k >= sizeof buf)
        return say(note, nlen, "cache directory '%.200s...' not used: the path is too long", dir), 0;
    memcpy(buf, dir, k + 1);
    char *rp;
    for (;;) { /* buf = dir[0..k), or "/" or "." once nothing of dir is left */
        if ((rp = realpath(buf, NULL)))
            break;
        if (errno != ENOENT || (strcmp(buf, "/") == 0 || strcmp(buf, ".") == 0))
            return say(note, nlen, "cache directory '%.200s' not used: %s", dir, strerror(errno)), 0;
        while (k > 0 && dir[k - 1] == '/') /* the last component of dir[0..k) */
            k--;
        while (k > 0 && dir[k - 1] != '/')
            k--;
        if (k == 0)
            snprintf(buf, sizeof buf, "%s", dir[0] == '/' ? "/" : ".");
        else {
            memcpy(buf, dir, k);
            buf[k] = '\0';
        }
    }
    int n = snprintf(out, len, "%s", rp);
    free(rp);
    for (const char *p = dir + k; n >= 0 && (size_t)n < len && *p;) {
        while (*p == '/')
            p++;
        size_t c = strcspn(p, "/");
        if (c == 2 && p[0] == '.' && p[1] == '.')
            return say(note, nlen, "cache directory '%.200s' not used: '..' after a directory that does not exist",
                       dir), 0;
        if (c && !(c == 1 && p[0] == '.'))
            n += snprintf(out + n, len - (size_t)n, "%s%.*s", n == 1 && out[0] == '/' ? "" : "/", (int)c, p);
        p += c;
    }
    if (n < 0 || (size_t)n >= len)
        return say(note, nlen, "cache directory '%.200s...' not used: the path is too long", dir), 0;
    return 1;
}

/* Does the directory path (stat st) pass the rule?  last: it is the cache
 * directory itself, which may not be writable by others even when sticky. */
static int dir_ok(const struct stat *st, const char *dir, const char *path, int last, char *note, size_t nlen)
{
    const uid_t me = geteuid();
    if (!S_ISDIR(st->st_mode))
        return say(note, nlen, "cache directory '%.200s' not used: '%.200s' is not a directory", dir, path), 0;
    if (st->st_uid != 0 && st->st_uid != me)
        return say(note, nlen, "cache directory '%.200s' not used: '%.200s' belongs to user %lu, neither to you (%lu) "
                   "nor to root (docs/exact.md, \"Rows proved on demand\")",
                   dir, path, (unsigned long)st->st_uid, (unsigned long)me), 0;
    if ((st->st_mode & (S_IWGRP | S_IWOTH)) && (last || !(st->st_mode & S_ISVTX)))
        return say(note, nlen, "cache directory '%.200s' not used: '%.200s' is writable by %s%s (docs/exact.md, "
                   "\"Rows proved on demand\")",
                   dir, path, st->st_mode & S_IWGRP ? "its group" : "others",
                   (st->st_mode & S_IWGRP) && (st->st_mode & S_IWOTH) ? " and others" : ""), 0;
    return 1;
}

/* A descriptor of the cache directory dir when it passes the trust rule,
 * else -1 (with the reason in note, except when dir is merely missing and
 * not to be created).  create: missing directories are made, mode 0700,
 * each inside a directory already found trustworthy. */
static int open_trusted(const char *dir, int create, char *note, size_t nlen)
{
    char path[PATH_MAX], cur[PATH_MAX];
    if (!resolve(path, sizeof path, dir, note, nlen))
        return -1;
    struct stat st;
    int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st) != 0 || !dir_ok(&st, dir, "/", path[1] == '\0', note, nlen)) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    size_t n = 0;
    cur[0] = '\0';
    for (const char *p = path + 1; *p;) {
        size_t c = strcspn(p, "/");
        char comp[NAME_MAX + 1];
        if (c > NAME_MAX) {
            close(fd);
            return say(note, nlen, "cache directory '%.200s' not used: a name is too long", dir), -1;
        }
        memcpy(comp, p, c);
        comp[c] = '\0';
        n += (size_t)snprintf(cur + n, sizeof cur - n, "/%s", comp);
        p += c;
        while (*p == '/')
            p++;
        int nfd = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (nfd < 0 && errno == ENOENT && create) {
            if (mkdirat(fd, comp, 0700) != 0 && errno != EEXIST) {
                say(note, nlen, "cache directory '%.200s' not written: cannot create '%.200s' (%s)", dir, cur,
                    strerror(errno));
                close(fd);
                return -1;
            }
            nfd = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        }
        if (nfd < 0) {
            int en = errno;
            if (en != ENOENT || create)
                say(note, nlen, "cache directory '%.200s' not used: '%.200s' %s", dir, cur,
                    en == ELOOP ? "is a symbolic link" : strerror(en));
            close(fd);
            return -1;
        }
        close(fd);
        fd = nfd;
        if (fstat(fd, &st) != 0 || !dir_ok(&st, dir, cur, *p == '\0', note, nlen)) {
            close(fd);
            return -1;
        }
    }
    return fd;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

int wyi_strip_cache_save(const wyi_strip *s, const char *dir, char *note, size_t nlen)
{
    char name[300], tmp[300];
    if (!dir || !*dir || !name_of(name, sizeof name, &s->rules, s->nrows))
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
    const int dfd = open_trusted(dir, 1, note, nlen);
    if (dfd < 0)
        return -1;
    unsigned char *buf = malloc((size_t)total);
    if (!buf) {
        close(dfd);
        return -1;
    }
    unsigned char *p = buf;
    memcpy(p, head, (size_t)hn);
    p += hn;
    for (size_t i = 0; i < nr; i++, p += 16) {
        wy_put_le64(p, s->row_pre[i]);
        wy_put_le64(p + 8, s->row_period[i]);
    }
    for (size_t i = 0; i < nr; i++) {
        const uint32_t *r = s->vals + i * (size_t)s->ncols;
        for (uint64_t y = 0, n = row_len(s, i); y < n; y++, p += 4)
            wy_put_le32(p, r[y]);
    }
    wy_put_le64(p, fnv(14695981039346656037ull, buf, (size_t)(p - buf)));
    /* a new file of our own (O_EXCL, mode 0600) under a name nobody else uses */
    int fd = -1;
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t h = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ (uint64_t)(uintptr_t)&ts;
    for (int a = 0; a < 64 && fd < 0; a++) {
        h = h * 6364136223846793005ull + 1442695040888963407ull;
        snprintf(tmp, sizeof tmp, ".wythoff-strip-%ld-%08llx", (long)getpid(), (unsigned long long)(h >> 32));
        fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    int ok = fd >= 0, en = ok ? 0 : errno;
    for (size_t off = 0; ok && off < total;) {
        ssize_t w = write(fd, buf + off, (size_t)(total - off));
        if (w < 0 && errno == EINTR)
            continue;
        ok = w > 0;
        en = w < 0 ? errno : ENOSPC;
        off += w > 0 ? (size_t)w : 0;
    }
    if (fd >= 0 && close(fd) != 0 && ok) {
        ok = 0;
        en = errno;
    }
    if (ok && renameat(dfd, tmp, dfd, name) != 0) {
        ok = 0;
        en = errno;
    }
    if (!ok) {
        if (fd >= 0)
            unlinkat(dfd, tmp, 0);
        say(note, nlen, "cache file '%.200s/%.200s' not written: %s", dir, name, strerror(en));
    }
    close(dfd);
    free(buf);
    return ok ? 0 : -1;
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */
/* ------------------------------------------------------------------ */

/* The strip's first VERIFY_COLS columns against the table engine: 1 the
 * same, 0 not, -1 the table was not computed (the memory limit). */
static int first_columns_agree(const wyi_strip *s, const wy_rules *r, uint32_t rows, uint32_t layers, uint64_t ncols,
                               uint64_t mem_limit)
{
    uint32_t C = ncols < VERIFY_COLS ? (uint32_t)ncols : VERIFY_COLS;
    wy_table *t = NULL;
    char err[WY_ERRLEN];
    if (wy_table_compute(&t, r, rows, C, wy_side_start(r), mem_limit, err, sizeof err) != WY_OK)
        return -1;
    int same = 1;
    for (uint32_t p = 0; p < layers && same; p++)
        for (uint32_t x = 0; x < rows && same; x++)
            for (uint32_t y = 0; y < C && same; y++)
                same = wy_table_get(t, x, y, (wy_side){p, 0}) == s->vals[((size_t)p * rows + x) * ncols + y];
    wy_table_free(t);
    return same;
}

/* Opens, checks and parses the file name of the directory dfd; NULL when
 * it is missing, fails the trust rule or any check (the reason in note). */
static wyi_strip *load_file(int dfd, const char *dir, const char *name, const wy_rules *r, uint32_t min_rows,
                            uint64_t mem_limit, char *note, size_t nlen)
{
    /* O_NONBLOCK: a FIFO put there does not hold the open */
    int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno != ENOENT)
            say(note, nlen, "cache file '%.200s/%.200s' not used: %s", dir, name,
                errno == ELOOP ? "it is a symbolic link" : strerror(errno));
        return NULL;
    }
    struct stat st;
    const char *why = NULL;
    if (fstat(fd, &st) != 0)
        why = strerror(errno);
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    else if (st.st_uid != geteuid())
        why = "it belongs to another user";
    else if (st.st_mode & (S_IWGRP | S_IWOTH))
        why = "it is writable by its group or others";
    FILE *f = why ? NULL : fdopen(fd, "rb");
    if (!f) {
        say(note, nlen, "cache file '%.200s/%.200s' not used: %s (docs/exact.md, \"Rows proved on demand\")", dir,
            name, why ? why : strerror(errno));
        close(fd);
        return NULL;
    }
    wyi_strip *s = NULL;
    unsigned char *buf = NULL;
    if (st.st_size < 64 || (uint64_t)st.st_size > ((uint64_t)1 << 32)) {
        why = "its size is wrong";
        goto out;
    }
    if (mem_limit && (uint64_t)st.st_size * 3 > mem_limit)
        goto out; /* not damage: this run's memory limit */
    const size_t size = (size_t)st.st_size;
    if (!(buf = malloc(size + 1)))
        goto out;
    if (fread(buf, 1, size, f) != size) {
        why = "a read error";
        goto out;
    }
    if (fnv(14695981039346656037ull, buf, size - 8) != wy_get_le64(buf + size - 8)) {
        why = "its checksum is wrong";
        goto out;
    }
    buf[size - 8] = '\0'; /* the header lies before the checksum; sscanf stops at the text's end */
    char rt[200], want[200];
    wy_rules_format(want, sizeof want, r);
    unsigned rows, layers;
    unsigned long long y0, period, shift, ncols;
    int hl = 0;
    why = "its header is wrong";
    if (memcmp(buf, MAGIC, strlen(MAGIC)) != 0 ||
        sscanf((const char *)buf + strlen(MAGIC), "rules %199s\nrows %u layers %u y0 %llu period %llu shift %llu "
               "ncols %llu\nend\n%n", rt, &rows, &layers, &y0, &period, &shift, &ncols, &hl) != 7 || hl == 0)
        goto out;
    size_t off = strlen(MAGIC) + (size_t)hl;
    /* period <= ncols: y0 + period = ncols without wrapping around 2^64 (a
     * y0 near 2^64 would otherwise pass and index far beyond the values);
     * the shift is the one the proof uses (strip.h: P unbounded, 0 with
     * max=N), so that a value G(x, y) stays below 2^32 + y */
    if (strcmp(rt, want) != 0 || rows < min_rows || rows > 65536 || layers != r->passes + 1 || period == 0 ||
        period > ncols || ncols != y0 + period || ncols > UINT32_MAX || shift != (r->max ? 0 : period))
        goto out;
    const size_t nr = (size_t)layers * rows;
    why = "its size is wrong";
    if ((uint64_t)nr * 16 > size - off - 8)
        goto out;
    why = NULL;
    if (mem_limit && (uint64_t)nr * ncols * 4 > mem_limit)
        goto out;
    if (!(s = wyi_strip_new(r, rows, layers, y0, period, shift)))
        goto out;
    why = "its rows' periods are wrong";
    for (size_t i = 0; i < nr; i++, off += 16) {
        s->row_pre[i] = wy_get_le64(buf + off);
        s->row_period[i] = wy_get_le64(buf + off + 8);
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
            v[y] = wy_get_le32(buf + off);
        for (uint64_t y = n; y < ncols; y++) {
            uint64_t g = (uint64_t)v[y - pi] + d;
            if (g > UINT32_MAX)
                goto bad;
            v[y] = (uint32_t)g;
        }
    }
    if (off != size - 8)
        goto bad;
    /* the first columns against the table engine (a table that does not
     * fit is not damage) */
    const int same = first_columns_agree(s, r, rows, layers, ncols, mem_limit);
    why = same == 0 ? "its first columns differ from the table engine's" : NULL;
    if (same != 1)
        goto bad;
    why = NULL;
    goto out;
bad:
    wyi_strip_free(s);
    s = NULL;
out:
    if (why)
        say(note, nlen, "cache file '%.200s/%.200s' not used: %s (damaged)", dir, name, why);
    free(buf);
    fclose(f);
    return s;
}

wyi_strip *wyi_strip_cache_load(const char *dir, const wy_rules *r, uint32_t min_rows, uint32_t max_rows,
                                uint64_t mem_limit, char *note, size_t nlen)
{
    if (note && nlen)
        note[0] = '\0';
    if (!dir || !*dir || min_rows > max_rows)
        return NULL;
    const int dfd = open_trusted(dir, 0, note, nlen);
    if (dfd < 0)
        return NULL;
    /* the files of this ruleset with min_rows..max_rows rows, smallest first */
    char rt[200], want[240], name[300];
    wy_rules_format(rt, sizeof rt, r);
    snprintf(want, sizeof want, "%s.rows", rt);
    const size_t k = strlen(want), span = (size_t)(max_rows - min_rows) + 1;
    unsigned char *have = calloc(span, 1);
    const int lfd = have ? dup(dfd) : -1;
    DIR *d = lfd >= 0 ? fdopendir(lfd) : NULL;
    if (!d) {
        if (lfd >= 0)
            close(lfd);
        free(have);
        close(dfd);
        return NULL;
    }
    for (struct dirent *de; (de = readdir(d));) {
        const char *n = de->d_name;
        if (strncmp(n, want, k) != 0 || n[k] < '1' || n[k] > '9')
            continue;
        char *end;
        unsigned long rows = strtoul(n + k, &end, 10);
        if (strcmp(end, ".strip") == 0 && rows >= min_rows && rows <= max_rows)
            have[rows - min_rows] = 1;
    }
    closedir(d);
    wyi_strip *s = NULL;
    for (size_t i = 0; i < span && !s; i++)
        if (have[i] && name_of(name, sizeof name, r, (uint32_t)(min_rows + i)))
            s = load_file(dfd, dir, name, r, min_rows, mem_limit, note, nlen);
    free(have);
    close(dfd);
    return s;
}
