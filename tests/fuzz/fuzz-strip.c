/*
 * fuzz-strip - the reader of the proof cache: wyi_strip_cache_load
 * (src/core/strip_cache.c; declared in src/core/strip.h), which reads the
 * files "<rules>.rows<R>.strip" that the exact engine writes for the rows
 * it proves on demand (docs/exact.md, "Rows proved on demand").
 *
 * Input: byte 0 is a control byte, the rest is the cache file:
 *   bit 0     the harness replaces the file's last 8 bytes by the FNV-1a
 *             checksum of the bytes before them (so that mutations get past
 *             the checksum and reach the header and the rows);
 *   bits 1-2  the ruleset and row count R: wythoff (R = 8), wythoff+pass
 *             (R = 4, two layers), wythoff+max=2 (R = 8, shift 0),
 *             wythoff+terminal=2+misere (R = 4);
 *   bit 3     the file is made writable by its group (mode 0620).
 * The file is written as <rules>.rows<R>.strip, mode 0600, into a private
 * directory (mkdtemp, mode 0700, under $TMPDIR or /tmp; made once per
 * process, removed at exit), which passes the cache's trust rule, and read
 * by wyi_strip_cache_load(dir, rules, R, R, 8 MiB, note).
 *
 * What a file is: a text header ("wythoff-strip 1", "rules RULES", "rows R
 * layers L y0 Y period P shift D ncols C", "end"), then little-endian per
 * row i = p * R + x its preperiod and period (8 bytes each), per row its
 * first min(C, pre_i + period_i) values (4 bytes each), and the FNV-1a
 * 64-bit checksum of every byte before it (the comment at the top of
 * src/core/strip_cache.c).
 *
 * What the reader promises, and what it does not.  Within a trusted
 * directory a file is trusted: the checks on reading (the checksum, the
 * header, the rows' periods, the first 512 columns against the table
 * engine) are against accidental damage, not against an adversary.  A file
 * changed beyond column 512 with its checksum recomputed (the attack of
 * issue 26) is ACCEPTED by design, and its wrong values are then printed as
 * proved; the defence is the trust rule (tested by t-strip: such a file in
 * a directory or a file that others can write is not used).  libFuzzer can
 * repair the checksum by itself, too (its comparison tracing copies the
 * computed value into the input), so the harness cannot assume that a
 * mutated file is rejected.  Properties:
 *   - every input: no crash, no undefined behaviour, no leak (AddressSanitizer,
 *     UBSan, LeakSanitizer in the libFuzzer build), no file descriptor left
 *     open, nothing written into the directory (only the file the harness
 *     wrote is there afterwards), the note NUL-terminated and one line;
 *   - rejected (NULL): the note empty (this run's memory limit, not damage)
 *     or a message "cache file '...' not used: ..."; a group-writable file
 *     (bit 3) is rejected whatever it holds, the note saying why;
 *   - accepted: the note empty; the strip's fields consistent (its ruleset,
 *     rows >= R, layers = passes + 1, 1 <= period, y0 + period = ncols
 *     without overflow, ncols < 2^32, the shift the period or 0 with
 *     max=N (strip.h), every row's period dividing the joint period, its
 *     preperiod at most ncols, its saltus an integer);
 *     columns 0 .. min(ncols, 512) - 1 of every layer and row equal to the
 *     table engine's (the reader's own check, verified independently);
 *     when the header has the exact form the writer writes, the strip is
 *     what the file says: the rows' preperiods and periods, and every
 *     value of columns 0 .. 1535 equal to the file's values extended by
 *     the rows' periods up to ncols and by the joint period beyond
 *     (decoded here from the format, not with the reader's code), and
 *     wyi_strip_value (GMP) at y = 10^30 + 7 equal to the formula;
 *   - accepted and byte for byte a file known to be true (the file
 *     wyi_strip_cache_save writes for the strip wyi_strip_build proves, or
 *     one with a larger y0 built from the table engine; the harness makes
 *     both itself at start-up): every value of columns 0 .. 1535, far
 *     beyond column 512, equal to the table engine's.  A tampered file
 *     that is accepted is checked for the rest (memory safety, its fields,
 *     the first 512 columns, the decoding), not for its truth beyond
 *     column 512, which nothing on reading can see.
 *
 * WY_FUZZ_VERBOSE=1: one line per input on stderr, accepted or rejected and
 * the note.
 *
 * Seeds: WY_FUZZ_STRIP_SEEDS=DIR makes the harness write its seeds into DIR
 * at start-up (the corpus tests/fuzz/corpus/strip/ began as these):
 *   build/tests/replay-fuzz-strip with WY_FUZZ_STRIP_SEEDS=DIR and any
 *   input file.  For each ruleset: the proved file; the true file with a
 *   larger y0; that file with its last row stored from a preperiod of 520
 *   on, a value there (column 519 + its period) changed, or its period
 *   halved, and the checksum recomputed (both accepted by design); a value changed below column 512
 *   (rejected: the table engine's check); one bit flipped without the
 *   checksum (rejected: the checksum); the proved file with its checksum
 *   zeroed and bit 0 set; the proved file group-writable (bit 3).
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "fuzz.h"

#include "../../src/core/strip.h"
#include "wythoff.h"

#include <dirent.h>
#include <fcntl.h>
#include <gmp.h>
#include <sys/stat.h>
#include <unistd.h>

#define MEM_LIMIT ((uint64_t)8 << 20) /* the reader's memory limit */
#define VERIFY 512u                   /* the columns the reader checks */
#define WINDOW 1536u                  /* the columns the harness checks */
#define LATE_Y0 700u                  /* the larger y0 of the second true file */
#define NRULES 4

static const struct {
    const char *text;
    uint32_t rows;
} rulesets[NRULES] = {
    {"wythoff", 8},
    {"wythoff+pass", 4},
    {"wythoff+max=2", 8},
    {"wythoff+terminal=2+misere", 4},
};

typedef struct {
    uint8_t *p;
    size_t n;
} bytes;

typedef struct {
    wy_rules r;
    char text[160];
    uint32_t R, L;
    char name[300];     /* the file name */
    wy_table *t;        /* R x WINDOW, every layer */
    bytes known[2];     /* files known to be true: the proof's, the late one */
} rs;

static struct {
    int ready, verbose;
    char dir[512];
    rs k[NRULES];
} S;

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
    uint64_t h = 14695981039346656037ull; /* FNV-1a 64: offset basis, prime */
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void set_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void write_file(const char *path, const uint8_t *p, size_t n, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    FZ_CHECK(fd >= 0, "cannot create %s", path);
    for (size_t off = 0; off < n;) {
        ssize_t w = write(fd, p + off, n - off);
        FZ_CHECK(w > 0, "cannot write %s", path);
        off += (size_t)w;
    }
    FZ_CHECK(fchmod(fd, mode) == 0 && close(fd) == 0, "cannot finish %s", path);
}

static bytes read_file(const char *path)
{
    bytes b = {NULL, 0};
    FILE *f = fopen(path, "rb");
    FZ_CHECK(f != NULL, "cannot open %s", path);
    struct stat st;
    FZ_CHECK(fstat(fileno(f), &st) == 0 && st.st_size > 0, "cannot stat %s", path);
    b.n = (size_t)st.st_size;
    b.p = malloc(b.n);
    FZ_CHECK(b.p && fread(b.p, 1, b.n, f) == b.n, "cannot read %s", path);
    fclose(f);
    return b;
}

/* The lowest free file descriptor (a leaked one moves it up). */
static int lowest_fd(void)
{
    int fd = dup(2);
    if (fd >= 0)
        close(fd);
    return fd;
}

/* The entries of the private directory other than name (0: none). */
static int others_in_dir(const char *name, char *first, size_t len)
{
    DIR *d = opendir(S.dir);
    FZ_CHECK(d != NULL, "cannot list %s", S.dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || (name && strcmp(e->d_name, name) == 0))
            continue;
        if (n++ == 0)
            snprintf(first, len, "%s", e->d_name);
    }
    closedir(d);
    return n;
}

static void cleanup(void)
{
    char path[1024];
    for (int k = 0; k < NRULES; k++) {
        snprintf(path, sizeof path, "%s/%s", S.dir, S.k[k].name);
        unlink(path);
    }
    rmdir(S.dir);
}

/* ------------------------------------------------------------------ */
/* Start-up: the directory, the tables, the files known to be true     */
/* ------------------------------------------------------------------ */

/* The file wyi_strip_cache_save writes for s, read back (and removed). */
static bytes saved_bytes(const wyi_strip *s, const rs *k)
{
    char note[WY_ERRLEN] = "", path[1024];
    FZ_CHECK(wyi_strip_cache_save(s, S.dir, note, sizeof note) == 0,
             "%s: wyi_strip_cache_save into %s failed: %s (the harness needs a directory that passes the cache's "
             "trust rule: $TMPDIR or /tmp and every directory above it owned by root or you, not writable by group "
             "or others unless sticky)",
             k->text, S.dir, note);
    snprintf(path, sizeof path, "%s/%s", S.dir, k->name);
    bytes b = read_file(path);
    unlink(path);
    return b;
}

/* A strip of k's rows with joint preperiod y0 (>= the proved one's, a
 * multiple of its period away) and the proved strip's period, shift and
 * rows' periods and preperiods, its values from the table engine. */
static wyi_strip *late_strip(const wyi_strip *proved, const rs *k, uint64_t y0)
{
    wyi_strip *s = wyi_strip_new(&k->r, k->R, k->L, y0, proved->period, proved->shift);
    FZ_CHECK(s && s->ncols <= WINDOW, "late strip of %s", k->text);
    for (uint32_t p = 0; p < k->L; p++)
        for (uint32_t x = 0; x < k->R; x++) {
            const size_t i = (size_t)p * k->R + x;
            s->row_pre[i] = proved->row_pre[i];
            s->row_period[i] = proved->row_period[i];
            for (uint64_t y = 0; y < s->ncols; y++)
                s->vals[i * s->ncols + y] = wy_table_get(k->t, x, (uint32_t)y, (wy_side){p, 0});
        }
    return s;
}

static void put_seed(const char *dir, const char *name, unsigned flags, const bytes *b, int zero_sum)
{
    char path[1024];
    uint8_t *q = malloc(b->n + 1);
    FZ_CHECK(q != NULL, "out of memory");
    q[0] = (uint8_t)flags;
    memcpy(q + 1, b->p, b->n);
    if (zero_sum)
        memset(q + 1 + b->n - 8, 0, 8);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    write_file(path, q, b->n + 1, 0644);
    free(q);
}

static void write_seeds(const char *dir, int ki, wyi_strip *late)
{
    rs *k = &S.k[ki];
    const unsigned f = (unsigned)ki << 1;
    char name[64];
    snprintf(name, sizeof name, "seed-%d-proved", ki);
    put_seed(dir, name, f, &k->known[0], 0);
    snprintf(name, sizeof name, "seed-%d-late", ki);
    put_seed(dir, name, f, &k->known[1], 0);
    snprintf(name, sizeof name, "seed-%d-fixsum", ki);
    put_seed(dir, name, f | 1, &k->known[0], 1);
    snprintf(name, sizeof name, "seed-%d-groupwritable", ki);
    put_seed(dir, name, f | 8, &k->known[0], 0);
    /* one bit flipped, the checksum as it was: damage */
    bytes b = {malloc(k->known[1].n), k->known[1].n};
    FZ_CHECK(b.p != NULL, "out of memory");
    memcpy(b.p, k->known[1].p, b.n);
    b.p[b.n / 2] ^= 4;
    snprintf(name, sizeof name, "seed-%d-damaged", ki);
    put_seed(dir, name, f, &b, 0);
    free(b.p);
    /* the last row of the top layer from a preperiod of 520 on, stored to
     * column 520 + its period (so past column 512): a value there + 5, and
     * its period halved (when even), each saved with a valid checksum */
    const size_t i = (size_t)k->L * k->R - 1;
    const uint64_t pre = late->row_pre[i], per = late->row_period[i], c = 520 + per - 1;
    late->row_pre[i] = 520;
    late->vals[i * late->ncols + c] += 5;
    b = saved_bytes(late, k);
    snprintf(name, sizeof name, "seed-%d-tampered-value", ki);
    put_seed(dir, name, f, &b, 0);
    free(b.p);
    late->vals[i * late->ncols + c] -= 5;
    if (per % 2 == 0) {
        late->row_period[i] = per / 2;
        b = saved_bytes(late, k);
        snprintf(name, sizeof name, "seed-%d-tampered-period", ki);
        put_seed(dir, name, f, &b, 0);
        free(b.p);
        late->row_period[i] = per;
    }
    /* a value below column 512 changed, the checksum recomputed: the
     * reader's table check rejects it */
    late->vals[i * late->ncols + 100] += 1;
    b = saved_bytes(late, k);
    snprintf(name, sizeof name, "seed-%d-wrong-below-512", ki);
    put_seed(dir, name, f, &b, 0);
    free(b.p);
    late->vals[i * late->ncols + 100] -= 1;
    late->row_pre[i] = pre;
}

static void setup(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(S.dir, sizeof S.dir, "%s/wy-fuzz-strip.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(S.dir)) {
        snprintf(S.dir, sizeof S.dir, "/tmp/wy-fuzz-strip.XXXXXX");
        FZ_CHECK(mkdtemp(S.dir) != NULL, "cannot make a directory in /tmp");
    }
    atexit(cleanup);
    S.verbose = getenv("WY_FUZZ_VERBOSE") && *getenv("WY_FUZZ_VERBOSE") == '1';
    const char *seeds = getenv("WY_FUZZ_STRIP_SEEDS");
    char err[WY_ERRLEN];
    for (int ki = 0; ki < NRULES; ki++) {
        rs *k = &S.k[ki];
        FZ_CHECK(wy_rules_parse(&k->r, rulesets[ki].text, err, sizeof err) == WY_OK, "%s: %s", rulesets[ki].text,
                 err);
        wy_rules_format(k->text, sizeof k->text, &k->r);
        k->R = rulesets[ki].rows;
        k->L = k->r.passes + 1;
        char name[sizeof k->name]; /* not straight into k->name: gcc's -Wrestrict sees S twice */
        snprintf(name, sizeof name, "%s.rows%u.strip", k->text, k->R);
        memcpy(k->name, name, sizeof name);
        FZ_CHECK(wy_table_compute_run(&k->t, &k->r, k->R, WINDOW, wy_side_start(&k->r), 0, WY_LAYOUT_SPARSE, NULL, err,
                                      sizeof err) == WY_OK,
                 "%s: table: %s", k->text, err);
        wyi_strip *proved = NULL;
        FZ_CHECK(wyi_strip_build(&proved, &k->r, k->R, 1u << 16, 0, err, sizeof err) == WY_OK, "%s: strip: %s",
                 k->text, err);
        k->known[0] = saved_bytes(proved, k);
        const uint64_t y0 = proved->y0 + (LATE_Y0 - proved->y0 + proved->period - 1) / proved->period * proved->period;
        FZ_CHECK(proved->y0 < LATE_Y0, "%s: y0 %llu", k->text, (unsigned long long)proved->y0);
        wyi_strip *late = late_strip(proved, k, y0);
        k->known[1] = saved_bytes(late, k);
        if (seeds && *seeds)
            write_seeds(seeds, ki, late);
        wyi_strip_free(late);
        wyi_strip_free(proved);
    }
    S.ready = 1;
}

/* ------------------------------------------------------------------ */
/* The checks of an accepted strip                                     */
/* ------------------------------------------------------------------ */

/* A decimal number without sign or leading zero at *pp, then the text
 * sep; 1 on success (*pp moved past both). */
static int num_then(const char **pp, const char *end, uint64_t *v, const char *sep)
{
    const char *p = *pp;
    uint64_t x = 0;
    if (p >= end || *p < '0' || *p > '9' || (*p == '0' && p + 1 < end && p[1] >= '0' && p[1] <= '9'))
        return 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++) {
        if (x > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
            return 0;
        x = x * 10 + (uint64_t)(*p - '0');
    }
    const size_t k = strlen(sep);
    if ((size_t)(end - p) < k || memcmp(p, sep, k) != 0)
        return 0;
    *v = x;
    *pp = p + k;
    return 1;
}

typedef struct {
    uint64_t rows, layers, y0, period, shift, ncols;
    size_t off; /* where the rows begin */
} header;

/* The header in exactly the form wyi_strip_cache_save writes it; 0 when it
 * has another form (the reader's sscanf is more lenient: signs, blanks). */
static int parse_header(const uint8_t *d, size_t n, const char *rules_text, header *h)
{
    const char *p = (const char *)d, *end = p + n;
    char head[300];
    snprintf(head, sizeof head, "wythoff-strip 1\nrules %s\nrows ", rules_text);
    const size_t k = strlen(head);
    if (n < k || memcmp(p, head, k) != 0)
        return 0;
    p += k;
    if (!num_then(&p, end, &h->rows, " layers ") || !num_then(&p, end, &h->layers, " y0 ") ||
        !num_then(&p, end, &h->y0, " period ") || !num_then(&p, end, &h->period, " shift ") ||
        !num_then(&p, end, &h->shift, " ncols ") || !num_then(&p, end, &h->ncols, "\nend\n"))
        return 0;
    h->off = (size_t)(p - (const char *)d);
    return 1;
}

/* The value the strip stands for at (p, x, y): y < ncols the stored one,
 * beyond it by the joint period (strip.h: G(x, y + P) = G(x, y) + d for
 * y >= y0), in 128 bits. */
static unsigned __int128 joint_value(const uint64_t *row, const header *h, uint64_t y)
{
    if (y < h->ncols)
        return row[y];
    const uint64_t k = (y - h->y0) / h->period;
    return (unsigned __int128)row[h->y0 + (y - h->y0) % h->period] + (unsigned __int128)h->shift * k;
}

static void check_accepted(const wyi_strip *s, const rs *k, const uint8_t *file, size_t n)
{
    /* the fields */
    FZ_CHECK(memcmp(&s->rules, &k->r, sizeof k->r) == 0, "%s: the strip's ruleset differs", k->text);
    FZ_CHECK(s->nrows >= k->R && s->nlayers == k->L, "%s: accepted a strip of %u rows, %u layers (want >= %u, %u)",
             k->text, s->nrows, s->nlayers, k->R, k->L);
    FZ_CHECK(s->period >= 1 && s->y0 <= s->ncols && s->period <= s->ncols && s->y0 + s->period == s->ncols &&
                 s->ncols <= UINT32_MAX,
             "%s: accepted y0 %llu, period %llu, ncols %llu (want y0 + period = ncols < 2^32, without overflow)",
             k->text, (unsigned long long)s->y0, (unsigned long long)s->period, (unsigned long long)s->ncols);
    FZ_CHECK(s->shift == (k->r.max ? 0 : s->period), "%s: accepted shift %llu with period %llu (strip.h: the "
             "period, or 0 with max=N)", k->text, (unsigned long long)s->shift, (unsigned long long)s->period);
    const size_t nr = (size_t)s->nlayers * s->nrows;
    for (size_t i = 0; i < nr; i++)
        FZ_CHECK(s->row_period[i] >= 1 && s->period % s->row_period[i] == 0 && s->row_pre[i] <= s->ncols &&
                     (unsigned __int128)s->row_period[i] * s->shift % s->period == 0,
                 "%s: accepted row %zu with preperiod %llu, period %llu (joint period %llu, shift %llu, ncols %llu)",
                 k->text, i, (unsigned long long)s->row_pre[i], (unsigned long long)s->row_period[i],
                 (unsigned long long)s->period, (unsigned long long)s->shift, (unsigned long long)s->ncols);

    /* the first columns against the table engine */
    const uint32_t C = s->ncols < VERIFY ? (uint32_t)s->ncols : VERIFY;
    wy_table *t = k->t, *own = NULL;
    if (s->nrows > k->R) {
        char err[WY_ERRLEN];
        FZ_CHECK(wy_table_compute_run(&own, &k->r, s->nrows, C, wy_side_start(&k->r), 0, WY_LAYOUT_SPARSE, NULL, err,
                                      sizeof err) == WY_OK,
                 "%s: table of %u x %u: %s", k->text, s->nrows, C, err);
        t = own;
    }
    for (uint32_t p = 0; p < s->nlayers; p++)
        for (uint32_t x = 0; x < s->nrows; x++)
            for (uint32_t y = 0; y < C; y++) {
                const uint64_t got = wyi_strip_value_u64(s, p, x, y), want = wy_table_get(t, x, y, (wy_side){p, 0});
                FZ_CHECK(got == want, "%s: accepted, but G(%u, %u) with %u passes left is %llu, the table engine "
                         "says %llu (the reader checks the first %u columns)", k->text, x, y, p,
                         (unsigned long long)got, (unsigned long long)want, VERIFY);
            }
    wy_table_free(own);

    /* the strip is what the file says (when its header has the writer's form) */
    header h;
    if (parse_header(file, n - 8, k->text, &h)) {
        FZ_CHECK(h.rows == s->nrows && h.layers == s->nlayers && h.y0 == s->y0 && h.period == s->period &&
                     h.shift == s->shift && h.ncols == s->ncols,
                 "%s: the strip's header fields differ from the file's", k->text);
        size_t off = h.off, voff = h.off + 16 * nr;
        uint64_t *row = malloc(h.ncols * sizeof *row);
        FZ_CHECK(row != NULL && voff <= n - 8, "%s: decoding", k->text);
        mpz_t y, got, want, tmp;
        mpz_inits(y, got, want, tmp, NULL);
        mpz_ui_pow_ui(y, 10, 30);
        mpz_add_ui(y, y, 7);
        for (size_t i = 0; i < nr; i++, off += 16) {
            const uint32_t p = (uint32_t)(i / s->nrows), x = (uint32_t)(i % s->nrows);
            const uint64_t pre = le64(file + off), per = le64(file + off + 8);
            FZ_CHECK(pre == s->row_pre[i] && per == s->row_period[i],
                     "%s: row %zu: preperiod %llu period %llu in the file, %llu %llu in the strip", k->text, i,
                     (unsigned long long)pre, (unsigned long long)per, (unsigned long long)s->row_pre[i],
                     (unsigned long long)s->row_period[i]);
            const uint64_t stored = pre + per < h.ncols ? pre + per : h.ncols, d = per * h.shift / h.period;
            FZ_CHECK(voff + 4 * stored <= n - 8 && stored >= per,
                     "%s: row %zu: %llu values (period %llu) do not fit in the file", k->text, i,
                     (unsigned long long)stored, (unsigned long long)per);
            for (uint64_t c = 0; c < h.ncols; c++) {
                row[c] = c < stored ? le32(file + voff + 4 * c) : row[c - per] + d;
                FZ_CHECK(row[c] <= UINT32_MAX, "%s: row %zu: accepted a value above 2^32 - 1 at column %llu",
                         k->text, i, (unsigned long long)c);
            }
            voff += 4 * stored;
            for (uint64_t c = 0; c < WINDOW; c++) {
                const unsigned __int128 want_v = joint_value(row, &h, c);
                const uint64_t got_v = wyi_strip_value_u64(s, p, x, c);
                FZ_CHECK(want_v == got_v, "%s: G(%u, %llu) with %u passes left: the strip says %llu, the file %llu%s",
                         k->text, x, (unsigned long long)c, p, (unsigned long long)got_v,
                         (unsigned long long)want_v, want_v > UINT64_MAX ? " + a multiple of 2^64" : "");
            }
            /* far away: wyi_strip_value against the formula */
            wyi_strip_value(got, s, p, x, y);
            mpz_sub_ui(tmp, y, h.y0);
            const uint64_t r = mpz_fdiv_q_ui(tmp, tmp, h.period);
            mpz_mul_ui(want, tmp, h.shift);
            mpz_add_ui(want, want, row[h.y0 + r]);
            FZ_CHECK(mpz_cmp(got, want) == 0, "%s: G(%u, 10^30 + 7) with %u passes left differs from the formula",
                     k->text, x, p);
        }
        FZ_CHECK(voff == n - 8, "%s: accepted %zu bytes after the last row", k->text, n - 8 - voff);
        mpz_clears(y, got, want, tmp, NULL);
        free(row);
    }

    /* a file known to be true: its values far beyond column 512 */
    for (int j = 0; j < 2; j++) {
        if (k->known[j].n != n || memcmp(k->known[j].p, file, n) != 0)
            continue;
        FZ_CHECK(s->nrows == k->R, "%s: a true file of %u rows", k->text, s->nrows);
        for (uint32_t p = 0; p < s->nlayers; p++)
            for (uint32_t x = 0; x < s->nrows; x++)
                for (uint32_t c = 0; c < WINDOW; c++) {
                    const uint64_t got = wyi_strip_value_u64(s, p, x, c), want = wy_table_get(k->t, x, c, (wy_side){p, 0});
                    FZ_CHECK(got == want, "%s: the %s file: G(%u, %u) with %u passes left is %llu, the table "
                             "engine says %llu", k->text, j ? "late" : "proved", x, c, p, (unsigned long long)got,
                             (unsigned long long)want);
                }
    }
}

/* ------------------------------------------------------------------ */
/* One input                                                           */
/* ------------------------------------------------------------------ */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!S.ready)
        setup();
    const unsigned flags = size ? data[0] : 0;
    const rs *k = &S.k[(flags >> 1) & 3];
    const int group_writable = (flags >> 3) & 1;
    const size_t n = size ? size - 1 : 0;
    uint8_t *file = malloc(n + 1);
    FZ_CHECK(file != NULL, "out of memory");
    if (n)
        memcpy(file, data + 1, n);
    if ((flags & 1) && n >= 8)
        set_le64(file + n - 8, fnv1a(file, n - 8));

    char path[1024], note[WY_ERRLEN], other[300];
    snprintf(path, sizeof path, "%s/%s", S.dir, k->name);
    write_file(path, file, n, group_writable ? 0620 : 0600);
    const int fd0 = lowest_fd();
    memset(note, 'X', sizeof note);
    wyi_strip *s = wyi_strip_cache_load(S.dir, &k->r, k->R, k->R, MEM_LIMIT, note, sizeof note);
    FZ_CHECK(lowest_fd() == fd0, "%s: a file descriptor left open (lowest free %d, was %d)", k->text, lowest_fd(),
             fd0);
    FZ_CHECK(others_in_dir(k->name, other, sizeof other) == 0, "%s: the reader left '%s' in the directory", k->text,
             other);
    FZ_CHECK(memchr(note, '\0', sizeof note) != NULL, "%s: the note is not NUL-terminated", k->text);
    if (S.verbose)
        fprintf(stderr, "fuzz-strip: %s, %zu bytes: %s%s\n", k->text, n, s ? "accepted" : "rejected: ",
                s ? "" : note[0] ? note : "(no note)");
    if (s) {
        FZ_CHECK(!group_writable, "%s: a group-writable file was used", k->text);
        FZ_CHECK(note[0] == '\0', "%s: accepted, with the note '%s'", k->text, note);
        check_accepted(s, k, file, n);
        wyi_strip_free(s);
    } else if (note[0]) {
        fz_check_msg(note, sizeof note, 0, "wyi_strip_cache_load");
        FZ_CHECK(strncmp(note, "cache file '", 12) == 0 && strstr(note, "' not used: "),
                 "%s: rejected with the note '%s'", k->text, note);
        FZ_CHECK(!group_writable || strstr(note, "writable by its group or others"),
                 "%s: a group-writable file rejected with the note '%s'", k->text, note);
    } else {
        FZ_CHECK(!group_writable, "%s: a group-writable file rejected without a note", k->text);
    }
    FZ_CHECK(unlink(path) == 0, "cannot remove %s", path);
    free(file);
    return 0;
}
