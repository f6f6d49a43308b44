/*
 * fuzz-csv - the CSV position files of `wythoff compare RULES FILE`
 * (app/read.c: cli_read_csv_positions).
 *
 * Input: the file's bytes (any bytes, NUL included), read through fmemopen.
 * Properties, against a reference reader written from the format (an
 * optional header 'x,y', then 'x,y' per line; blank lines and lines whose
 * first non-blank character is '#' skipped; spaces and tabs around the
 * fields, a CR before the newline; coordinates decimal, at most
 * 4294967294; no position twice; a NUL byte is an error):
 *   - accepted exactly when the reference accepts; then the positions are
 *     sorted by x then y, without repeats, the same positions as the
 *     file's (every one present in the input, none missing), and *maxc is
 *     the largest coordinate (0 without positions);
 *   - rejected: exit code 2, the message "NAME:LINE: ..." names the line
 *     the reference finds first wrong (for a repeated position: a line
 *     that repeats an earlier one), is NUL-terminated within the buffer,
 *     not empty, without the "wythoff:" prefix; *out NULL, *n and *maxc 0.
 */
#include "fuzz.h"

#include "../../app/cli.h"

typedef struct {
    uint32_t x, y;
    size_t line;
} rpos;

/* Trim spaces and tabs on the left, spaces, tabs, CR and LF on the right
 * of s[*b..*e). */
static void trim(const char *s, size_t *b, size_t *e)
{
    while (*b < *e && (s[*b] == ' ' || s[*b] == '\t'))
        (*b)++;
    while (*e > *b && (s[*e - 1] == ' ' || s[*e - 1] == '\t' || s[*e - 1] == '\r' || s[*e - 1] == '\n'))
        (*e)--;
}

static int coord(const char *s, size_t b, size_t e, uint32_t *out)
{
    if (b == e)
        return 0;
    uint64_t v = 0;
    for (size_t i = b; i < e; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (uint64_t)(s[i] - '0');
        if (v > 4294967294u)
            return 0;
    }
    *out = (uint32_t)v;
    return 1;
}

static int cmp_pos(const void *a, const void *b)
{
    const rpos *p = a, *q = b;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return p->line < q->line ? -1 : p->line > q->line;
}

/* The reference: 0 accepted (positions in *pos, sorted, with line
 * numbers), else the number of the first bad line (SIZE_MAX: a repeat). */
static size_t ref_read(const char *d, size_t size, rpos **pos, size_t *np)
{
    size_t k = 0, lineno = 0, start = 0;
    int data_seen = 0;
    rpos *p = malloc((size / 2 + 1) * sizeof *p);
    if (!p)
        abort();
    *pos = p;
    while (start < size) {
        const char *nl = memchr(d + start, '\n', size - start);
        size_t end = nl ? (size_t)(nl - d) : size;
        lineno++;
        if (memchr(d + start, '\0', end - start))
            return lineno;
        size_t b = start, e = end;
        start = nl ? end + 1 : size;
        trim(d, &b, &e);
        if (b == e || d[b] == '#')
            continue;
        const char *c1 = memchr(d + b, ',', e - b);
        if (!c1 || memchr(c1 + 1, ',', (size_t)(d + e - c1 - 1)))
            return lineno;
        size_t xb = b, xe = (size_t)(c1 - d), yb = xe + 1, ye = e;
        trim(d, &xb, &xe);
        trim(d, &yb, &ye);
        if (!data_seen && xe - xb == 1 && d[xb] == 'x' && ye - yb == 1 && d[yb] == 'y') {
            data_seen = 1;
            continue;
        }
        data_seen = 1;
        if (!coord(d, xb, xe, &p[k].x) || !coord(d, yb, ye, &p[k].y))
            return lineno;
        p[k++].line = lineno;
    }
    qsort(p, k, sizeof *p, cmp_pos);
    *np = k;
    for (size_t i = 1; i < k; i++)
        if (p[i].x == p[i - 1].x && p[i].y == p[i - 1].y)
            return SIZE_MAX;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char name[] = "in.csv";
    /* fmemopen wants a writable buffer even to read */
    char *copy = malloc(size ? size : 1);
    if (!copy)
        abort();
    if (size)
        memcpy(copy, data, size);
    FILE *f = fmemopen(copy, size ? size : 1, "r");
    if (!f)
        abort();
    if (!size)
        fgetc(f); /* an empty file: at its end */
    wy_pos *out = (wy_pos *)&out;
    size_t n = 12345;
    uint32_t maxc = 777;
    char err[WY_ERRLEN];
    memset(err, 'X', sizeof err);
    int rc = cli_read_csv_positions(f, name, &out, &n, &maxc, err, sizeof err);
    fclose(f);

    rpos *ref = NULL;
    size_t nref = 0;
    size_t bad = ref_read((const char *)data, size, &ref, &nref);
    if (rc == 0) {
        FZ_CHECK(bad == 0, "accepted, but the reference rejects line %zu", bad);
        FZ_CHECK(n == nref, "%zu positions, the reference has %zu", n, nref);
        FZ_CHECK(n == 0 || out != NULL, "positions but no array");
        uint32_t m = 0;
        for (size_t i = 0; i < n; i++) {
            FZ_CHECK(out[i].x == ref[i].x && out[i].y == ref[i].y,
                     "position %zu is (%lu, %lu), the reference has (%lu, %lu) from line %zu", i,
                     (unsigned long)out[i].x, (unsigned long)out[i].y, (unsigned long)ref[i].x,
                     (unsigned long)ref[i].y, ref[i].line);
            if (i)
                FZ_CHECK(out[i - 1].x < out[i].x || (out[i - 1].x == out[i].x && out[i - 1].y < out[i].y),
                         "positions %zu and %zu are not strictly increasing", i - 1, i);
            if (out[i].x > m)
                m = out[i].x;
            if (out[i].y > m)
                m = out[i].y;
        }
        FZ_CHECK(maxc == m, "largest coordinate %lu, want %lu", (unsigned long)maxc, (unsigned long)m);
        free(out);
    } else {
        FZ_CHECK(bad != 0, "rejected (rc %d: %s), but the reference accepts", rc, err);
        FZ_CHECK(rc == 2, "rc %d (%s), want 2", rc, err);
        FZ_CHECK(out == NULL && n == 0 && maxc == 0, "a rejected file leaves out %p, n %zu, maxc %lu", (void *)out,
                 n, (unsigned long)maxc);
        fz_check_msg(err, sizeof err, 1, "cli_read_csv_positions");
        FZ_CHECK(strncmp(err, "in.csv:", 7) == 0, "message '%s' does not start with the file name", err);
        char *end;
        unsigned long line = strtoul(err + 7, &end, 10);
        FZ_CHECK(end != err + 7 && *end == ':', "message '%s' has no line number", err);
        if (bad != SIZE_MAX) {
            FZ_CHECK(line == bad, "message '%s' names line %lu, the reference finds line %zu first", err, line, bad);
        } else {
            /* a repeat: the line named holds a position of an earlier line */
            int found = 0;
            for (size_t i = 1; i < nref && !found; i++)
                if (ref[i].line == line && ref[i].x == ref[i - 1].x && ref[i].y == ref[i - 1].y)
                    found = 1;
            FZ_CHECK(found, "message '%s' names line %lu, which repeats no earlier line", err, line);
        }
    }
    free(ref);
    free(copy);
    return 0;
}
