/*
 * fuzz-csv - the files of positions of `wythoff compare RULES FILE`
 * (src/cli/read.c: cli_read_csv_positions), read as they are and with
 * --symmetric.
 *
 * Input: the file's bytes (any bytes, NUL included), read through fmemopen,
 * once as it is and once with symmetric set.
 * Properties, against a reference reader written from the format
 * (docs/commands.md, "compare": per line, '#' starts a comment to the end
 * of the line; blanks are spaces, tabs and CRs; a line of blanks is
 * skipped; otherwise it is two words separated by blanks or by one comma
 * with blanks around it; an optional header 'x' 'y' before the first
 * position; a word is a number of the number grammar (fz_num_ref), at most
 * 4294967294; no position twice; a NUL byte is an error; symmetric: x <= y
 * on every line, and the positions returned are the listed ones with their
 * mirror images):
 *   - accepted exactly when the reference accepts; then the positions are
 *     sorted by x then y, without repeats, the same positions as the
 *     reference's (every one present in the input, none missing), and *maxc
 *     is the largest coordinate (0 without positions);
 *   - rejected: exit code 2, the message "NAME:LINE: ..." names the line
 *     the reference finds first wrong (for a repeated position: a line
 *     that repeats an earlier one), is NUL-terminated within the buffer,
 *     not empty, without the "wythoff:" prefix; *out NULL, *n and *maxc 0.
 */
#include "fuzz.h"

#include "../../src/cli/cli.h"

typedef struct {
    uint32_t x, y;
    size_t line;
} rpos;

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* A word of the line as a coordinate: the number grammar, at most
 * 4294967294. */
static int coord(const char *s, size_t b, size_t e, uint32_t *out)
{
    char *w = fz_text((const uint8_t *)s + b, e - b);
    fz_sat v;
    int ok = fz_num_ref(w, &v) == 1 && !v.big && v.v <= 4294967294u;
    free(w);
    if (ok)
        *out = (uint32_t)v.v;
    return ok;
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

/* The line s[b..e) (no newline, no NUL): 0 skipped, 1 two words (their
 * bounds in w[0..3]), -1 wrong.  The tokens are words (runs of neither
 * blanks nor commas) and commas; two words must be separated by at most
 * one comma, and nothing else may stand before, between or after them. */
static int split(const char *s, size_t b, size_t e, size_t w[4])
{
    for (size_t i = b; i < e; i++)
        if (s[i] == '#') {
            e = i;
            break;
        }
    int words = 0, commas_since = 0;
    size_t i = b;
    while (i < e) {
        if (is_blank(s[i])) {
            i++;
        } else if (s[i] == ',') {
            if (words == 0 || commas_since)
                return -1; /* a comma first, or two in a row */
            commas_since = 1;
            i++;
        } else {
            if (words == 2)
                return -1;
            size_t j = i;
            while (j < e && !is_blank(s[j]) && s[j] != ',')
                j++;
            w[2 * words] = i;
            w[2 * words + 1] = j;
            words++;
            commas_since = 0;
            i = j;
        }
    }
    if (commas_since)
        return -1; /* a comma last */
    if (words == 0)
        return 0;
    return words == 2 ? 1 : -1;
}

/* The reference: 0 accepted (positions in *pos, sorted, with line numbers,
 * mirror images included when symmetric), else the number of the first bad
 * line (SIZE_MAX: a repeat). */
static size_t ref_read(const char *d, size_t size, int symmetric, rpos **pos, size_t *np)
{
    size_t k = 0, lineno = 0, start = 0;
    int data_seen = 0;
    rpos *p = malloc((size + 1) * sizeof *p);
    if (!p)
        abort();
    *pos = p;
    *np = 0;
    while (start < size) {
        const char *nl = memchr(d + start, '\n', size - start);
        size_t end = nl ? (size_t)(nl - d) : size;
        lineno++;
        if (memchr(d + start, '\0', end - start))
            return lineno;
        size_t b = start, e = end, w[4];
        start = nl ? end + 1 : size;
        int r = split(d, b, e, w);
        if (r == 0)
            continue;
        if (r < 0)
            return lineno;
        if (!data_seen && w[1] - w[0] == 1 && d[w[0]] == 'x' && w[3] - w[2] == 1 && d[w[2]] == 'y') {
            data_seen = 1;
            continue;
        }
        data_seen = 1;
        if (!coord(d, w[0], w[1], &p[k].x) || !coord(d, w[2], w[3], &p[k].y))
            return lineno;
        if (symmetric && p[k].x > p[k].y)
            return lineno;
        p[k++].line = lineno;
    }
    qsort(p, k, sizeof *p, cmp_pos);
    for (size_t i = 1; i < k; i++)
        if (p[i].x == p[i - 1].x && p[i].y == p[i - 1].y) {
            *np = k;
            return SIZE_MAX;
        }
    size_t m = k;
    if (symmetric) {
        rpos *q = realloc(p, (2 * k + 1) * sizeof *q);
        if (!q)
            abort();
        p = *pos = q;
        for (size_t i = 0; i < k; i++)
            if (p[i].x != p[i].y)
                p[m++] = (rpos){p[i].y, p[i].x, p[i].line};
        qsort(p, m, sizeof *p, cmp_pos);
    }
    *np = m;
    return 0;
}

static void one(const uint8_t *data, size_t size, int symmetric)
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
    int rc = cli_read_csv_positions(f, name, symmetric, &out, &n, &maxc, err, sizeof err);
    fclose(f);

    rpos *ref = NULL;
    size_t nref = 0;
    size_t bad = ref_read((const char *)data, size, symmetric, &ref, &nref);
    const char *mode = symmetric ? "symmetric" : "as it is";
    if (rc == 0) {
        FZ_CHECK(bad == 0, "%s: accepted, but the reference rejects line %zu", mode, bad);
        FZ_CHECK(n == nref, "%s: %zu positions, the reference has %zu", mode, n, nref);
        FZ_CHECK(n == 0 || out != NULL, "%s: positions but no array", mode);
        uint32_t m = 0;
        for (size_t i = 0; i < n; i++) {
            FZ_CHECK(out[i].x == ref[i].x && out[i].y == ref[i].y,
                     "%s: position %zu is (%lu, %lu), the reference has (%lu, %lu) from line %zu", mode, i,
                     (unsigned long)out[i].x, (unsigned long)out[i].y, (unsigned long)ref[i].x,
                     (unsigned long)ref[i].y, ref[i].line);
            if (i)
                FZ_CHECK(out[i - 1].x < out[i].x || (out[i - 1].x == out[i].x && out[i - 1].y < out[i].y),
                         "%s: positions %zu and %zu are not strictly increasing", mode, i - 1, i);
            if (out[i].x > m)
                m = out[i].x;
            if (out[i].y > m)
                m = out[i].y;
        }
        FZ_CHECK(maxc == m, "%s: largest coordinate %lu, want %lu", mode, (unsigned long)maxc, (unsigned long)m);
        free(out);
    } else {
        FZ_CHECK(bad != 0, "%s: rejected (rc %d: %s), but the reference accepts", mode, rc, err);
        FZ_CHECK(rc == 2, "%s: rc %d (%s), want 2", mode, rc, err);
        FZ_CHECK(out == NULL && n == 0 && maxc == 0, "%s: a rejected file leaves out %p, n %zu, maxc %lu", mode,
                 (void *)out, n, (unsigned long)maxc);
        fz_check_msg(err, sizeof err, 1, "cli_read_csv_positions");
        FZ_CHECK(strncmp(err, "in.csv:", 7) == 0, "%s: message '%s' does not start with the file name", mode, err);
        char *end;
        unsigned long line = strtoul(err + 7, &end, 10);
        FZ_CHECK(end != err + 7 && *end == ':', "%s: message '%s' has no line number", mode, err);
        if (bad != SIZE_MAX) {
            FZ_CHECK(line == bad, "%s: message '%s' names line %lu, the reference finds line %zu first", mode, err,
                     line, bad);
        } else {
            /* a repeat: the line named holds a position of an earlier line */
            int found = 0;
            for (size_t i = 1; i < nref && !found; i++)
                if (ref[i].line == line && ref[i].x == ref[i - 1].x && ref[i].y == ref[i - 1].y)
                    found = 1;
            FZ_CHECK(found, "%s: message '%s' names line %lu, which repeats no earlier line", mode, err, line);
        }
    }
    free(ref);
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    one(data, size, 0);
    one(data, size, 1);
    return 0;
}
