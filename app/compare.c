/* compare.c - `wythoff compare`: two games compared on a window, by values
 * or by P-positions, or a game's P-positions (or positions of value G)
 * compared with a file of positions.  A thin client of wythoff_compare.h;
 * the manual is docs/commands.md, "compare". */
#include "cli.h"
#include "wythoff_compare.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Differences listed in the text format; csv and json list all. */
#define TEXT_LINES 1000

enum {
    C_SIZE, C_OUTCOME, C_VALUE, C_PASS, C_HEAP, C_FORMAT, C_ENGINE, C_MEMLIMIT, C_THREADS, C_QUIET, C_HELP,
    C_VERSION, C_NOPT
};

static const cli_opt copts[C_NOPT] = {
    [C_SIZE] = {"size", 1, "N", "window 0 <= x, y < N (default 64; with a FILE, its largest coordinate + 1)"},
    [C_OUTCOME] = {"outcome", 0, NULL, "compare the P-positions instead of the values"},
    [C_VALUE] = {"value", 1, "G", "compare the positions of value G (implies --outcome; default 0: P-positions)"},
    [C_PASS] = {"pass", 1, "P", "passes still available, for each ruleset with pass (default: all)"},
    [C_HEAP] = {"heap", 1, "H", "stones in the extra heap, for each ruleset with heap=H (default: all)"},
    [C_FORMAT] = {"format", 1, "F", "text, csv or json (see docs/commands.md#compare)"},
    [C_ENGINE] = {"engine", 1, "E", "auto (default), table or layer (see docs/engines.md)"},
    [C_MEMLIMIT] = {"mem-limit", 1, "BYTES", "memory allowed (default: the machine's available memory)"},
    [C_THREADS] = {"threads", 1, "N", "worker threads for tables (default: all cores)"},
    [C_QUIET] = {"quiet", 0, NULL, "no progress display"},
    [C_HELP] = {"help", 0, NULL, "show help"},
    [C_VERSION] = {"version", 0, NULL, "show the version"},
};

static const char usage_line[] = "compare RULES_A RULES_B|FILE [--size N] [--outcome] [--value G] [--pass P] [--heap H] "
                                 "[--format text|csv|json] [--engine auto|table|layer]";

#define die cli_die

static void usage(FILE *f)
{
    fprintf(f, "usage: wythoff %s\n"
               "compare two games (their values, or their P-positions) on a window, or a game's P-positions with a "
               "file of positions 'x,y'\n"
               "exit status: 0 no difference, 1 differences found, 2 bad usage or input, 3 too large\n\noptions:\n",
            usage_line);
    cli_opts_usage(f, copts, C_NOPT);
}

typedef cli_args cargs;

/* The option syntax of the other commands (docs/commands.md, "Options in
 * general").  Returns 0 or an exit code. */
static const char *const c_others[] = {"rows", "cols", "output", "count", "from", "terms", "max-cols", NULL};

static int parse(cargs *a, int argc, char **argv)
{
    return cli_opts_parse(a, copts, C_NOPT, "compare", c_others, 2, argc, argv);
}

/* ------------------------------------------------------------------ */
/* The file of positions                                               */
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

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

/* A coordinate of the file: decimal digits, at most 4294967294 (so that the
 * window x + 1 fits).  Returns 0 and a message on error. */
static int file_coord(uint32_t *out, const char *t, const char *what, char *msg, size_t len)
{
    size_t n = strlen(t);
    if (n == 0) {
        snprintf(msg, len, "%s is empty (expected 'x,y' with two non-negative integers)", what);
        return 0;
    }
    if (strspn(t, "0123456789") != n) {
        snprintf(msg, len, "%s '%.40s' is not a non-negative integer", what, t);
        return 0;
    }
    while (n > 1 && *t == '0') {
        t++;
        n--;
    }
    uint64_t v = 0;
    for (size_t i = 0; i < n && v <= UINT32_MAX; i++)
        v = v * 10 + (uint64_t)(t[i] - '0');
    if (n > 10 || v > (uint64_t)UINT32_MAX - 1) {
        snprintf(msg, len, "%s %.40s is too large (at most 4294967294)", what, t);
        return 0;
    }
    *out = (uint32_t)v;
    return 1;
}

/* Read FILE: an optional header 'x,y', then 'x,y' per line; blank lines and
 * lines starting with '#' are skipped.  The positions come back sorted by x
 * then y; a repeated position is an error.  Returns 0 or an exit code. */
static int read_positions(wy_compare_pos **out, size_t *n, uint32_t *maxc, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return die(2, "cannot read '%s' (%s)", path, strerror(errno));
    fpos *p = NULL;
    size_t k = 0, cap = 0, lineno = 0;
    char *line = NULL, msg[200];
    size_t linecap = 0;
    int rc = 0, data_seen = 0;
    *maxc = 0;
    while (getline(&line, &linecap, f) >= 0) {
        lineno++;
        char *s = trim(line);
        if (*s == '\0' || *s == '#')
            continue;
        char *c1 = strchr(s, ',');
        char *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
        if (!c1) {
            rc = die(2, "%s:%zu: expected 'x,y' (two numbers separated by a comma), got '%.40s'", path, lineno, s);
            break;
        }
        if (c2) {
            rc = die(2, "%s:%zu: more than two columns in '%.40s' (expected 'x,y')", path, lineno, s);
            break;
        }
        *c1 = '\0';
        char *xs = trim(s), *ys = trim(c1 + 1);
        if (!data_seen && strcmp(xs, "x") == 0 && strcmp(ys, "y") == 0) {
            data_seen = 1; /* the header */
            continue;
        }
        data_seen = 1;
        fpos q;
        if (!file_coord(&q.x, xs, "x", msg, sizeof msg) || !file_coord(&q.y, ys, "y", msg, sizeof msg)) {
            rc = die(2, "%s:%zu: %s", path, lineno, msg);
            break;
        }
        q.line = lineno;
        if (k == cap) {
            size_t nc = cap ? 2 * cap : 1024;
            fpos *t = realloc(p, nc * sizeof *t);
            if (!t) {
                rc = die(3, "out of memory reading '%s'", path);
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
    if (!rc && ferror(f))
        rc = die(2, "cannot read '%s' (%s)", path, strerror(errno));
    free(line);
    fclose(f);
    if (!rc && k)
        qsort(p, k, sizeof *p, fpos_cmp);
    for (size_t i = 1; i < k && !rc; i++)
        if (p[i].x == p[i - 1].x && p[i].y == p[i - 1].y)
            rc = die(2, "%s:%zu: position (%u, %u) repeats line %zu", path, p[i].line, p[i].x, p[i].y, p[i - 1].line);
    wy_compare_pos *r = NULL;
    if (!rc && !(r = malloc((k ? k : 1) * sizeof *r)))
        rc = die(3, "out of memory reading '%s'", path);
    if (!rc)
        for (size_t i = 0; i < k; i++) {
            r[i].x = p[i].x;
            r[i].y = p[i].y;
        }
    free(p);
    *out = r;
    *n = rc ? 0 : k;
    return rc;
}

/* RULES_B names a file when it contains '/' or '.' (a ruleset never does),
 * or when it is not a ruleset but an existing file. */
static int names_file(const char *s)
{
    if (strchr(s, '/') || strchr(s, '.'))
        return 1;
    wy_rules r;
    return wy_rules_parse(&r, s, NULL, 0) != WY_OK && access(s, F_OK) == 0;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

typedef struct {
    cli_out *o;
    int csv, json;
    int file_mode;
    wy_compare_mode mode;
    uint32_t g;
    const char *file;
    const char *rules_a, *rules_b;
    char side_a[64], side_b[64];
    const wy_rules *ra, *rb;
    wy_side sa, sb;
    uint32_t size;
    int header_done;
    uint64_t listed;
    wy_compare_engine ea, eb;
} writer;

static void json_u64(cli_out *o, uint64_t v)
{
    if (v < ((uint64_t)1 << 53))
        cli_out_u64(o, v);
    else
        cli_out_fmt(o, "\"%llu\"", (unsigned long long)v);
}

#define json_str cli_out_json_str

static void side_words(char *buf, size_t n, const wy_rules *r, wy_side s)
{
    buf[0] = '\0';
    if (r->passes && r->heap)
        snprintf(buf, n, " (passes left %u, extra heap %u)", s.pass, s.heap);
    else if (r->passes)
        snprintf(buf, n, " (passes left %u)", s.pass);
    else if (r->heap)
        snprintf(buf, n, " (extra heap %u)", s.heap);
}

static void json_side(cli_out *o, const wy_rules *r, wy_side s, const char *suffix)
{
    if (r->passes)
        cli_out_fmt(o, ",\"pass_%s\":%u", suffix, s.pass);
    if (r->heap)
        cli_out_fmt(o, ",\"heap_%s\":%u", suffix, s.heap);
}

static const char *engine_name(wy_compare_engine e)
{
    return e == WY_COMPARE_TABLE ? "table" : e == WY_COMPARE_LAYER ? "layer" : "file";
}

static void header(writer *w)
{
    cli_out *o = w->o;
    w->header_done = 1;
    if (w->csv) {
        cli_out_str(o, w->file_mode ? "x,y,a,file\n" : "x,y,a,b\n");
    } else if (w->json) {
        cli_out_str(o, "{\"rules_a\":");
        json_str(o, w->rules_a);
        json_side(o, w->ra, w->sa, "a");
        cli_out_str(o, ",\"rules_b\":");
        if (w->file_mode) {
            cli_out_str(o, "null,\"file\":");
            json_str(o, w->file);
        } else {
            json_str(o, w->rules_b);
            json_side(o, w->rb, w->sb, "b");
        }
        cli_out_fmt(o, ",\"size\":%u,\"mode\":\"%s\"", w->size,
                    w->file_mode ? "file" : w->mode == WY_COMPARE_SET ? "outcome" : "values");
        if (w->mode == WY_COMPARE_SET)
            cli_out_fmt(o, ",\"value\":%u", w->g);
        cli_out_fmt(o, ",\"engine_a\":\"%s\",\"engine_b\":\"%s\",\"differences\":[", engine_name(w->ea),
                    engine_name(w->eb));
    } else {
        char what[48] = "P-positions";
        if (w->mode == WY_COMPARE_VALUES)
            snprintf(what, sizeof what, "values");
        else if (w->g)
            snprintf(what, sizeof what, "positions of value %u", w->g);
        if (w->file_mode)
            cli_out_fmt(o, "%s of A = %s%s and the positions in %s, in 0 <= x < %u, 0 <= y < %u\n", what, w->rules_a,
                        w->side_a, w->file, w->size, w->size);
        else
            cli_out_fmt(o, "%s of A = %s%s and B = %s%s in 0 <= x < %u, 0 <= y < %u\n", what, w->rules_a, w->side_a,
                        w->rules_b, w->side_b, w->size, w->size);
    }
}

/* A value cell of csv ("other": not g, value not computed) and json (null). */
static void cell(writer *w, uint32_t v)
{
    if (v == WY_COMPARE_OTHER)
        cli_out_str(w->o, w->json ? "null" : "other");
    else
        cli_out_u64(w->o, v);
}

/* A membership cell of the outcome mode: P/N for g = 0, else g / other. */
static void member_cell(writer *w, uint32_t v)
{
    int in = v == w->g;
    if (w->g == 0)
        cli_out_str(w->o, w->json ? (in ? "\"P\"" : "\"N\"") : (in ? "P" : "N"));
    else
        cell(w, in ? w->g : WY_COMPARE_OTHER);
}

static int on_diff(void *ctx, uint32_t x, uint32_t y, uint32_t va, uint32_t vb)
{
    writer *w = ctx;
    cli_out *o = w->o;
    if (!w->header_done)
        header(w);
    const int in_a = va == w->g; /* set modes */
    if (w->csv || w->json) {
        if (w->json)
            cli_out_fmt(o, "%s\n{\"x\":%u,\"y\":%u,\"a\":", w->listed ? "," : "", x, y);
        else
            cli_out_fmt(o, "%u,%u,", x, y);
        if (w->mode == WY_COMPARE_VALUES) {
            cell(w, va);
            cli_out_str(o, w->json ? ",\"b\":" : ",");
            cell(w, vb);
        } else if (w->file_mode) {
            cell(w, va);
            cli_out_str(o, w->json ? (in_a ? ",\"in_file\":false" : ",\"in_file\":true") : (in_a ? ",no" : ",yes"));
        } else {
            member_cell(w, va);
            cli_out_str(o, w->json ? ",\"b\":" : ",");
            member_cell(w, vb);
        }
        cli_out_str(o, w->json ? "}" : "\n");
    } else if (w->listed < TEXT_LINES) {
        cli_out_fmt(o, "%u %u: ", x, y);
        if (w->mode == WY_COMPARE_VALUES) {
            cli_out_fmt(o, "A=%u B=%u\n", va, vb);
        } else if (w->file_mode) {
            if (in_a && w->g == 0)
                cli_out_fmt(o, "P in A, missing from %s\n", w->file);
            else if (in_a)
                cli_out_fmt(o, "value %u in A, missing from %s\n", w->g, w->file);
            else if (va != WY_COMPARE_OTHER)
                cli_out_fmt(o, "in %s, but A has value %u\n", w->file, va);
            else if (w->g == 0)
                cli_out_fmt(o, "in %s, but an N-position of A\n", w->file);
            else
                cli_out_fmt(o, "in %s, but A's value is not %u\n", w->file, w->g);
        } else if (w->g == 0) {
            cli_out_str(o, in_a ? "A is P, B is N\n" : "A is N, B is P\n");
        } else if (in_a) {
            cli_out_fmt(o, "A=%u B=other\n", w->g);
        } else {
            cli_out_fmt(o, "A=other B=%u\n", w->g);
        }
    }
    w->listed++;
    return o->error || cli_interrupted();
}

static const char *plural(uint64_t n, const char *one, const char *many) { return n == 1 ? one : many; }

static void footer(writer *w, const wy_compare_summary *s, uint64_t outside)
{
    cli_out *o = w->o;
    if (!w->header_done)
        header(w);
    if (w->csv)
        return;
    if (w->json) {
        cli_out_str(o, w->listed ? "\n],\"summary\":{\"count\":" : "],\"summary\":{\"count\":");
        json_u64(o, s->count);
        cli_out_str(o, ",\"compared\":");
        json_u64(o, s->compared);
        if (w->mode == WY_COMPARE_SET) {
            cli_out_str(o, ",\"only_a\":");
            json_u64(o, s->only_a);
            cli_out_str(o, ",\"only_b\":");
            json_u64(o, s->only_b);
        }
        if (s->count)
            cli_out_fmt(o, ",\"bbox\":{\"min_x\":%u,\"max_x\":%u,\"min_y\":%u,\"max_y\":%u},\"smallest\":[%u,%u],"
                           "\"largest\":[%u,%u],\"nearest\":[%u,%u]}",
                        s->min_x, s->max_x, s->min_y, s->max_y, s->first.x, s->first.y, s->last.x, s->last.y,
                        s->nearest.x, s->nearest.y);
        else
            cli_out_str(o, ",\"bbox\":null,\"smallest\":null,\"largest\":null,\"nearest\":null}");
        if (w->file_mode) {
            cli_out_str(o, ",\"outside\":");
            json_u64(o, outside);
        }
        cli_out_str(o, "}\n");
        return;
    }
    if (s->count > TEXT_LINES)
        cli_out_fmt(o, "... and %llu more (--format csv lists all)\n", (unsigned long long)(s->count - TEXT_LINES));
    if (s->count == 0) {
        cli_out_fmt(o, "no differences among %llu positions\n", (unsigned long long)s->compared);
    } else {
        cli_out_fmt(o, "%llu %s among %llu positions", (unsigned long long)s->count,
                    plural(s->count, "difference", "differences"), (unsigned long long)s->compared);
        if (w->file_mode)
            cli_out_fmt(o, " (%llu missing from %s, %llu in it only)", (unsigned long long)s->only_a, w->file,
                        (unsigned long long)s->only_b);
        else if (w->mode == WY_COMPARE_SET)
            cli_out_fmt(o, " (%llu in A only, %llu in B only)", (unsigned long long)s->only_a,
                        (unsigned long long)s->only_b);
        cli_out_fmt(o, "\nbounding box: %u <= x <= %u, %u <= y <= %u\n", s->min_x, s->max_x, s->min_y, s->max_y);
        cli_out_fmt(o, "smallest (%u, %u), largest (%u, %u) in the order x, then y; nearest the origin (%u, %u)\n",
                    s->first.x, s->first.y, s->last.x, s->last.y, s->nearest.x, s->nearest.y);
    }
    if (outside)
        cli_out_fmt(o, "%llu %s of %s outside the window, not checked\n", (unsigned long long)outside,
                    plural(outside, "position", "positions"), w->file);
}

/* ------------------------------------------------------------------ */

/* --pass / --heap for one ruleset: *used is set when it applies. */
static int side_option(wy_side *side, int *used, const wy_rules *r, const char *name, const cargs *a)
{
    char err[WY_ERRLEN];
    uint32_t v;
    int fits;
    char rt[160];
    wy_rules_format(rt, sizeof rt, r);
    if (a->given[C_PASS] && r->passes) {
        if (!cli_parse_coord(&v, &fits, a->val[C_PASS], "--pass", err, sizeof err))
            return die(2, "%s", err);
        if (!fits || v > r->passes)
            return die(2, "--pass %s is more than the %u pass%s of %s '%s'", a->val[C_PASS], r->passes,
                       r->passes == 1 ? "" : "es", name, rt);
        side->pass = v;
        used[0] = 1;
    }
    if (a->given[C_HEAP] && r->heap) {
        if (!cli_parse_coord(&v, &fits, a->val[C_HEAP], "--heap", err, sizeof err))
            return die(2, "%s", err);
        if (!fits || v > r->heap)
            return die(2, "--heap %s is more than heap=%u of %s '%s'", a->val[C_HEAP], r->heap, name, rt);
        side->heap = v;
        used[1] = 1;
    }
    return 0;
}

int cli_compare(int argc, char **argv)
{
    cargs a;
    int rc;
    char err[WY_ERRLEN];
    cli_signals_install();
    if ((rc = parse(&a, argc, argv)))
        return rc;
    if (a.given[C_HELP]) {
        usage(stdout);
        return 0;
    }
    if (a.given[C_VERSION]) {
        printf("wythoff %s\n", WY_VERSION);
        return 0;
    }
    if (a.npos != 2)
        return die(2, "compare takes two arguments, RULES_A and RULES_B (or a FILE of positions), got %d; usage: "
                      "wythoff %s",
                   a.npos, usage_line);
    wy_rules ra, rb;
    if (wy_rules_parse(&ra, a.pos[0], err, sizeof err) != WY_OK)
        return die(2, "RULES_A: %s", err);
    const int file_mode = names_file(a.pos[1]);
    if (!file_mode && wy_rules_parse(&rb, a.pos[1], err, sizeof err) != WY_OK)
        return die(2, "RULES_B '%s' is neither a ruleset nor a file: %s", a.pos[1], err);
    char ta[160], tb[160] = "";
    wy_rules_format(ta, sizeof ta, &ra);
    if (!file_mode)
        wy_rules_format(tb, sizeof tb, &rb);
    wy_side sa = wy_side_start(&ra), sb = file_mode ? (wy_side){0, 0} : wy_side_start(&rb);
    int used[2] = {0, 0};
    if ((rc = side_option(&sa, used, &ra, "RULES_A", &a)))
        return rc;
    if (!file_mode && (rc = side_option(&sb, used, &rb, "RULES_B", &a)))
        return rc;
    if (a.given[C_PASS] && !used[0])
        return die(2, "--pass given, but no ruleset has a pass (add +pass)");
    if (a.given[C_HEAP] && !used[1])
        return die(2, "--heap given, but no ruleset has an extra heap (add +heap=H)");
    unsigned threads = cli_default_threads();
    if (a.given[C_THREADS]) {
        uint64_t n;
        if (!cli_parse_size(&n, a.val[C_THREADS], "--threads", err, sizeof err))
            return die(2, "%s", err);
        if (n < 1 || n > 256)
            return die(2, "--threads %s out of range (1 to 256)", a.val[C_THREADS]);
        threads = (unsigned)n;
    }
    uint64_t mem_limit;
    if (a.given[C_MEMLIMIT]) {
        if (!cli_parse_bytes(&mem_limit, a.val[C_MEMLIMIT], err, sizeof err))
            return die(2, "%s", err);
        if (mem_limit == 0)
            return die(2, "--mem-limit must be positive");
    } else {
        mem_limit = cli_available_memory();
    }
    const char *format = a.given[C_FORMAT] ? a.val[C_FORMAT] : "text";
    if (strcmp(format, "text") != 0 && strcmp(format, "csv") != 0 && strcmp(format, "json") != 0)
        return die(2, "unknown format '%s' (this command writes text, csv, json)", format);
    uint32_t g = 0;
    if (a.given[C_VALUE]) {
        int fits;
        if (!cli_parse_coord(&g, &fits, a.val[C_VALUE], "--value", err, sizeof err))
            return die(2, "%s", err);
        if (!fits || g == WY_COMPARE_OTHER)
            return die(2, "--value %s is beyond any value a table can hold (at most 4294967294)", a.val[C_VALUE]);
    }
    wy_compare_engine engine = WY_COMPARE_AUTO;
    if (a.given[C_ENGINE]) {
        if (strcmp(a.val[C_ENGINE], "table") == 0)
            engine = WY_COMPARE_TABLE;
        else if (strcmp(a.val[C_ENGINE], "layer") == 0)
            engine = WY_COMPARE_LAYER;
        else if (strcmp(a.val[C_ENGINE], "auto") != 0)
            return die(2, "unknown engine '%s' (auto, table or layer)", a.val[C_ENGINE]);
    }
    const wy_compare_mode mode =
        file_mode || a.given[C_OUTCOME] || a.given[C_VALUE] ? WY_COMPARE_SET : WY_COMPARE_VALUES;
    uint64_t size = 64;
    if (a.given[C_SIZE]) {
        if (!cli_parse_size(&size, a.val[C_SIZE], "--size", err, sizeof err))
            return die(2, "%s", err);
        if (size == 0)
            return die(2, "empty window: sizes must be at least 1");
        if (size > UINT32_MAX)
            return die(3, "a %llu x %llu window is beyond compare (at most 4294967295 per side)",
                       (unsigned long long)size, (unsigned long long)size);
    }
    wy_compare_pos *fp = NULL;
    size_t nfp = 0;
    uint64_t outside = 0;
    if (file_mode) {
        uint32_t maxc;
        if ((rc = read_positions(&fp, &nfp, &maxc, a.pos[1])))
            return rc;
        if (!a.given[C_SIZE]) {
            if (nfp == 0) {
                free(fp);
                return die(2, "%s holds no positions; give the window with --size N", a.pos[1]);
            }
            size = (uint64_t)maxc + 1;
        }
        for (size_t i = 0; i < nfp; i++)
            outside += fp[i].x >= size || fp[i].y >= size;
        uint64_t fbytes = (uint64_t)nfp * sizeof *fp;
        if (mem_limit)
            mem_limit = mem_limit > fbytes ? mem_limit - fbytes : 1;
    }
    wy_compare_side A = {&ra, sa, NULL, 0}, B = {file_mode ? NULL : &rb, sb, fp, nfp};
    wy_compare_opts opt = {mode, g, (uint32_t)size, (uint32_t)size, engine, mem_limit};
    wy_compare_plan plan;
    wy_status st = wy_compare_plan_make(&plan, &A, &B, &opt, threads, err, sizeof err);
    if (st != WY_OK) {
        free(fp);
        return die(st, "%s", err);
    }
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        free(fp);
        return die(3, "out of memory");
    }
    writer w;
    memset(&w, 0, sizeof w);
    w.o = &o;
    w.csv = strcmp(format, "csv") == 0;
    w.json = strcmp(format, "json") == 0;
    w.file_mode = file_mode;
    w.mode = mode;
    w.g = g;
    w.file = a.pos[1];
    w.rules_a = ta;
    w.rules_b = tb;
    w.ra = &ra;
    w.rb = &rb;
    w.sa = sa;
    w.sb = sb;
    w.size = (uint32_t)size;
    w.ea = plan.engine_a;
    w.eb = plan.engine_b;
    side_words(w.side_a, sizeof w.side_a, &ra, sa);
    if (!file_mode)
        side_words(w.side_b, sizeof w.side_b, &rb, sb);
    cli_progress prog;
    int tables = plan.engine_a == WY_COMPARE_TABLE || plan.engine_b == WY_COMPARE_TABLE;
    cli_progress_init(&prog, "compare", tables ? "cells" : "rows", !a.given[C_QUIET]);
    wy_run run = {threads, cli_progress_fn, &prog, 0};
    wy_compare_summary sum;
    st = wy_compare(&sum, &A, &B, &opt, &run, on_diff, &w, err, sizeof err);
    cli_progress_done(&prog);
    free(fp);
    if (st == WY_OK)
        footer(&w, &sum, outside);
    int wrote = cli_out_close(&o);
    if (st == WY_ECANCELED && cli_interrupted())
        return die(130, "interrupted");
    if (st != WY_OK && wrote)
        return die(st == WY_ERANGE ? 3 : (int)st, "%s%s", err,
                   st == WY_ERANGE ? " (use --mem-limit to change the limit)" : "");
    if (!wrote)
        return die(2, "write error on standard output");
    if (w.csv && outside && !a.given[C_QUIET])
        fprintf(stderr, "wythoff: %llu %s of %s outside the window, not checked\n", (unsigned long long)outside,
                plural(outside, "position", "positions"), a.pos[1]);
    return sum.count ? 1 : 0;
}
