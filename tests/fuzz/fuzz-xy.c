/*
 * fuzz-xy - the 'X Y' lines that `wythoff value RULES -` reads from
 * standard input (src/cli/read.c: cli_read_xy_lines).
 *
 * Input: the stream's bytes (any bytes, NUL included), through fmemopen.
 * Properties, against a reference written from the format (per line two
 * numbers of the number grammar separated by spaces, tabs or commas; blank
 * lines and lines whose first word starts with '#' skipped; a NUL byte is
 * an error):
 *   - accepted (0) exactly when the reference accepts; then *n is the
 *     number of pairs and each equals the reference's value (exactly below
 *     2^64; at least 2^64 where the reference saturates);
 *   - rejected: exit code 2, the message "standard input line N: ..." names
 *     the line the reference finds first wrong, is NUL-terminated within
 *     the buffer, not empty, without the "wythoff:" prefix; the pairs read
 *     before it are the reference's;
 *   - the arrays grown by the reader hold *n initialised numbers (cleared
 *     here: LeakSanitizer sees a leak).
 */
#include "fuzz.h"

#include "../../src/cli/cli.h"

typedef struct {
    fz_sat x, y;
} rpair;

static int is_sep(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',';
}

/* The reference: 0 accepted, else the first bad line.  The pairs of the
 * good lines before the end or the bad line are in *pairs. */
static size_t ref_read(const char *d, size_t size, rpair **pairs, size_t *np)
{
    size_t k = 0, lineno = 0, start = 0;
    rpair *p = malloc((size / 2 + 1) * sizeof *p);
    if (!p)
        abort();
    *pairs = p;
    *np = 0;
    while (start < size) {
        const char *nl = memchr(d + start, '\n', size - start);
        size_t end = nl ? (size_t)(nl - d) : size;
        lineno++;
        if (memchr(d + start, '\0', end - start))
            return lineno;
        char *line = fz_text((const uint8_t *)d + start, end - start);
        start = nl ? end + 1 : size;
        /* the words */
        char *w[3];
        int nw = 0;
        for (char *s = line; *s && nw < 3;) {
            while (*s && is_sep(*s))
                s++;
            if (!*s)
                break;
            w[nw++] = s;
            while (*s && !is_sep(*s))
                s++;
            if (*s)
                *s++ = '\0';
        }
        if (nw == 0 || w[0][0] == '#') {
            free(line);
            continue;
        }
        if (nw != 2 || fz_num_ref(w[0], &p[k].x) != 1 || fz_num_ref(w[1], &p[k].y) != 1) {
            free(line);
            return lineno;
        }
        free(line);
        *np = ++k;
    }
    return 0;
}

static void check_value(const mpz_t v, fz_sat want, size_t i, const char *what)
{
    FZ_CHECK(mpz_sgn(v) >= 0, "pair %zu: %s is negative", i, what);
    if (want.big) {
        FZ_CHECK(mpz_sizeinbase(v, 2) > 64, "pair %zu: %s is below 2^64, the reference says at least 2^64", i, what);
        return;
    }
    uint64_t got = 0;
    FZ_CHECK(mpz_sizeinbase(v, 2) <= 64, "pair %zu: %s is at least 2^64, the reference says %llu", i, what,
             (unsigned long long)want.v);
    if (mpz_sgn(v))
        mpz_export(&got, NULL, -1, sizeof got, 0, 0, v);
    FZ_CHECK(got == want.v, "pair %zu: %s is %llu, the reference says %llu", i, what, (unsigned long long)got,
             (unsigned long long)want.v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *copy = malloc(size ? size : 1);
    if (!copy)
        abort();
    if (size)
        memcpy(copy, data, size);
    FILE *f = fmemopen(copy, size ? size : 1, "r");
    if (!f)
        abort();
    if (!size)
        fgetc(f);
    mpz_t *xs = NULL, *ys = NULL;
    size_t n = 0;
    char err[WY_ERRLEN];
    memset(err, 'X', sizeof err);
    int rc = cli_read_xy_lines(f, &xs, &ys, &n, err, sizeof err);
    fclose(f);

    rpair *ref = NULL;
    size_t nref = 0;
    size_t bad = ref_read((const char *)data, size, &ref, &nref);
    if (rc == 0) {
        FZ_CHECK(bad == 0, "accepted, but the reference rejects line %zu", bad);
        FZ_CHECK(n == nref, "%zu pairs, the reference has %zu", n, nref);
    } else {
        FZ_CHECK(bad != 0, "rejected (rc %d: %s), but the reference accepts", rc, err);
        FZ_CHECK(rc == 2, "rc %d (%s), want 2", rc, err);
        fz_check_msg(err, sizeof err, 1, "cli_read_xy_lines");
        static const char head[] = "standard input line ";
        FZ_CHECK(strncmp(err, head, sizeof head - 1) == 0, "message '%s' does not name the line", err);
        char *end;
        unsigned long line = strtoul(err + sizeof head - 1, &end, 10);
        FZ_CHECK(end != err + sizeof head - 1 && *end == ':', "message '%s' has no line number", err);
        FZ_CHECK(line == bad, "message '%s' names line %lu, the reference finds line %zu first", err, line, bad);
        /* the pairs before the bad line (the reader may count the bad one) */
        FZ_CHECK(n == nref || n == nref + 1, "%zu pairs before the error, the reference has %zu", n, nref);
    }
    for (size_t i = 0; i < nref && i < n; i++) {
        check_value(xs[i], ref[i].x, i, "X");
        check_value(ys[i], ref[i].y, i, "Y");
    }
    for (size_t i = 0; i < n; i++)
        mpz_clears(xs[i], ys[i], NULL);
    free(xs);
    free(ys);
    free(ref);
    free(copy);
    return 0;
}
