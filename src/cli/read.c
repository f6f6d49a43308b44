/* read.c - readers of outside input: the CSV position files of `compare`
 * and the 'X Y' lines of `value -`.  Every byte counts: a NUL byte, a line
 * too long for memory or a read error is an error, never a shorter line or
 * an early end of the input.  The readers return messages instead of
 * printing them (tests/fuzz drives them directly). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_read_line(FILE *f, char **line, size_t *cap, size_t *len, int *rc, char *err, size_t errlen)
{
    /* a signal that came before the read (while the program started, or
     * between two lines) would not interrupt it: the read would wait on */
    if (cli_interrupted()) {
        *rc = 130;
        snprintf(err, errlen, "interrupted");
        return -1;
    }
    errno = 0;
    ssize_t n = getline(line, cap, f);
    /* a read that fails after part of a line returns that part with the
     * stream's error flag set: an error, not a shorter line */
    if (n < 0 || ferror(f)) {
        int e = errno;
        if (n < 0 && e == 0 && !ferror(f))
            return 0; /* the end */
        if (e == EINTR || cli_interrupted()) {
            *rc = 130;
            snprintf(err, errlen, "interrupted");
        } else if (e == ENOMEM || e == EOVERFLOW) {
            *rc = 3;
            snprintf(err, errlen, "a line too long to hold in memory");
        } else {
            *rc = 2;
            snprintf(err, errlen, "read error (%s)", strerror(e ? e : EIO));
        }
        return -1;
    }
    if (memchr(*line, '\0', (size_t)n)) {
        *rc = 2;
        snprintf(err, errlen, "a NUL byte in the line (not text)");
        return -1;
    }
    if (n > 0 && (*line)[n - 1] == '\n')
        (*line)[--n] = '\0';
    *len = (size_t)n;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Files of positions                                                  */
/* ------------------------------------------------------------------ */

typedef struct {
    uint32_t x, y;
    size_t line;
} fpos;

static int fpos_cmp(const void *p, const void *q)
{
    const fpos *a = p, *b = q;
    if (a->x != b->x)
        return a->x < b->x ? -1 : 1;
    if (a->y != b->y)
        return a->y < b->y ? -1 : 1;
    return a->line < b->line ? -1 : a->line > b->line;
}

static int pos_cmp(const void *p, const void *q)
{
    const wy_pos *a = p, *b = q;
    if (a->x != b->x)
        return a->x < b->x ? -1 : 1;
    return a->y < b->y ? -1 : a->y > b->y;
}

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* The fields of a line (comment cut, blanks trimmed, not empty): separated
 * by a run of blanks, or by one comma with blanks around it.  Returns the
 * number of fields found (at most 3 kept; empty fields count, so "1,,2"
 * has three, an empty middle one), the fields NUL-terminated in place. */
static int fields(char *s, char **f)
{
    int n = 0;
    for (;;) {
        char *b = s;
        while (*s && !blank(*s) && *s != ',')
            s++;
        if (n < 3)
            f[n] = b;
        n++;
        char *e = s;
        while (blank(*s))
            s++;
        int comma = *s == ',';
        if (comma) {
            s++;
            while (blank(*s))
                s++;
        }
        *e = '\0';
        if (!*s && !comma)
            return n;
    }
}

/* A coordinate: the number grammar (src/cli/num.c), at most 4294967294 (so
 * that the window x + 1 fits).  Returns 0 and a message on error. */
static int file_coord(uint32_t *out, const char *t, const char *what, char *msg, size_t len)
{
    size_t n = strlen(t);
    if (n == 0) {
        snprintf(msg, len, "%s is empty (expected two numbers 'x,y' or 'x y')", what);
        return 0;
    }
    if (n <= 9 && strspn(t, "0123456789") == n) { /* the common case, without GMP */
        uint32_t v = 0;
        for (size_t i = 0; i < n; i++)
            v = v * 10 + (uint32_t)(t[i] - '0');
        *out = v;
        return 1;
    }
    uint64_t v;
    if (!cli_num_u64(&v, t, what, (uint64_t)UINT32_MAX - 1, msg, len))
        return 0;
    *out = (uint32_t)v;
    return 1;
}

/* The positions read, sorted, checked for repeats and with their mirror
 * images under --symmetric, into *out (0, or the exit code with err). */
static int positions_out(fpos *p, size_t k, int symmetric, const char *name, wy_pos **out, size_t *n, char *err,
                         size_t errlen)
{
    if (k)
        qsort(p, k, sizeof *p, fpos_cmp);
    for (size_t i = 1; i < k; i++)
        if (p[i].x == p[i - 1].x && p[i].y == p[i - 1].y) {
            snprintf(err, errlen, "%.200s:%zu: position (%u, %u) repeats line %zu", name, p[i].line, p[i].x, p[i].y,
                     p[i - 1].line);
            return 2;
        }
    /* the mirror images: (x, y) with x < y listed, (y, x) is not (x <= y) */
    size_t total = k;
    if (symmetric)
        for (size_t i = 0; i < k; i++)
            total += p[i].x != p[i].y;
    wy_pos *r = malloc((total ? total : 1) * sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory reading '%.200s'", name);
        return 3;
    }
    for (size_t i = 0; i < k; i++) {
        r[i].x = p[i].x;
        r[i].y = p[i].y;
    }
    size_t j = k;
    for (size_t i = 0; i < k && symmetric; i++)
        if (p[i].x != p[i].y) {
            r[j].x = p[i].y;
            r[j].y = p[i].x;
            j++;
        }
    if (total > k)
        qsort(r, total, sizeof *r, pos_cmp);
    *out = r;
    *n = total;
    return 0;
}

int cli_read_csv_positions(FILE *f, const char *name, int symmetric, wy_pos **out, size_t *n, uint32_t *maxc,
                           char *err, size_t errlen)
{
    fpos *p = NULL;
    size_t k = 0, cap = 0, lineno = 0, len, linecap = 0;
    char *line = NULL, msg[WY_ERRLEN];
    int rc = 0, data_seen = 0, got;
    *out = NULL;
    *n = 0;
    *maxc = 0;
    while ((got = cli_read_line(f, &line, &linecap, &len, &rc, msg, sizeof msg)) > 0) {
        lineno++;
        char *s = line, *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        while (blank(*s))
            s++;
        size_t sl = strlen(s);
        while (sl && blank(s[sl - 1]))
            s[--sl] = '\0';
        if (*s == '\0')
            continue;
        char shown[48];
        snprintf(shown, sizeof shown, "%.40s%s", s, sl > 40 ? "..." : "");
        char *fl[3];
        int nf = fields(s, fl);
        int empty = 0;
        for (int i = 0; i < nf && i < 3; i++)
            empty |= nf > 2 && fl[i][0] == '\0';
        if (nf != 2) {
            rc = 2;
            if (empty)
                snprintf(err, errlen, "%.200s:%zu: an empty column in '%s' (two commas in a row, or a comma at an end)",
                         name, lineno, shown);
            else if (nf < 2)
                snprintf(err, errlen,
                         "%.200s:%zu: expected two numbers 'x,y' or 'x y' (separated by a comma or blanks), got '%s'",
                         name, lineno, shown);
            else
                snprintf(err, errlen, "%.200s:%zu: more than two columns in '%s' (expected 'x,y' or 'x y')", name,
                         lineno, shown);
            break;
        }
        if (!data_seen && strcmp(fl[0], "x") == 0 && strcmp(fl[1], "y") == 0) {
            data_seen = 1; /* the header */
            continue;
        }
        data_seen = 1;
        fpos q;
        if (!file_coord(&q.x, fl[0], "x", msg, sizeof msg) || !file_coord(&q.y, fl[1], "y", msg, sizeof msg)) {
            rc = 2;
            snprintf(err, errlen, "%.200s:%zu: %s", name, lineno, msg);
            break;
        }
        if (symmetric && q.x > q.y) {
            rc = 2;
            snprintf(err, errlen,
                     "%.200s:%zu: (%u, %u) has x > y, but with --symmetric each line is a position with x <= y "
                     "standing for its mirror too: write (%u, %u), or drop --symmetric",
                     name, lineno, q.x, q.y, q.y, q.x);
            break;
        }
        q.line = lineno;
        if (k == cap) {
            size_t nc = cap ? 2 * cap : 1024;
            fpos *t = nc < SIZE_MAX / 2 / sizeof *t ? realloc(p, nc * sizeof *t) : NULL;
            if (!t) {
                rc = 3;
                snprintf(err, errlen, "out of memory reading '%.200s'", name);
                break;
            }
            p = t;
            cap = nc;
        }
        p[k++] = q;
        if (q.x > *maxc)
            *maxc = q.x;
        if (q.y > *maxc)
            *maxc = q.y;
    }
    if (got < 0)
        snprintf(err, errlen, "%.200s:%zu: %s", name, lineno + 1, msg);
    free(line);
    if (!rc)
        rc = positions_out(p, k, symmetric, name, out, n, err, errlen);
    free(p);
    if (rc)
        *maxc = 0;
    return rc;
}

/* ------------------------------------------------------------------ */
/* 'X Y' lines                                                         */
/* ------------------------------------------------------------------ */

int cli_read_xy_lines(FILE *f, mpz_t **xs, mpz_t **ys, size_t *n, char *err, size_t errlen)
{
    size_t cap = *n, lineno = 0, len, linecap = 0;
    char *line = NULL, msg[WY_ERRLEN];
    int rc = 0, got;
    while ((got = cli_read_line(f, &line, &linecap, &len, &rc, msg, sizeof msg)) > 0) {
        lineno++;
        char *tok[3];
        int nt = 0;
        char *save = NULL;
        for (char *w = strtok_r(line, " \t\r\n,", &save); w && nt < 3; w = strtok_r(NULL, " \t\r\n,", &save))
            tok[nt++] = w;
        if (nt == 0 || tok[0][0] == '#')
            continue;
        if (nt != 2) {
            rc = 2;
            snprintf(err, errlen, "standard input line %zu: expected two numbers 'X Y'", lineno);
            break;
        }
        if (*n == cap) {
            size_t nc = cap ? 2 * cap : 64;
            mpz_t *a = nc < SIZE_MAX / sizeof *a ? realloc(*xs, nc * sizeof *a) : NULL;
            if (a)
                *xs = a;
            mpz_t *b = a ? realloc(*ys, nc * sizeof *b) : NULL;
            if (b)
                *ys = b;
            if (!a || !b) {
                rc = 3;
                snprintf(err, errlen, "out of memory reading standard input (line %zu)", lineno);
                break;
            }
            cap = nc;
        }
        mpz_inits((*xs)[*n], (*ys)[*n], NULL);
        (*n)++;
        if (!cli_num_big((*xs)[*n - 1], tok[0], "X", msg, sizeof msg) ||
            !cli_num_big((*ys)[*n - 1], tok[1], "Y", msg, sizeof msg)) {
            rc = 2;
            snprintf(err, errlen, "standard input line %zu: %s", lineno, msg);
            break;
        }
    }
    if (got < 0)
        snprintf(err, errlen, "standard input line %zu: %s", lineno + 1, msg);
    free(line);
    return rc;
}
