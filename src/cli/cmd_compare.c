/* cmd_compare.c - `wythoff compare`: two games compared on a window, by
 * values or by P-positions (or A's positions of value G against B's of
 * value H), or a game's P-positions (or positions of value G) compared with
 * a file of positions.  A thin client of wythoff_compare.h; the manual is
 * docs/commands.md, "compare". */
#include "cli.h"
#include "wythoff_compare.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Differences listed in the text format; csv and json list all. */
#define TEXT_LINES 1000

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
    uint32_t g, gb; /* set modes: A's value, B's value (g with a file) */
    int summary;    /* --summary: no list of differences */
    int symmetric;  /* --symmetric: the file's positions stand for their mirror images too */
    const char *file;
    const char *rules_a, *rules_b;
    char side_a[80], side_b[80];
    const wy_rules *ra, *rb;
    wy_side sa, sb;
    uint32_t size;
    int header_done;
    uint64_t listed;
    wy_compare_engine ea, eb;
} writer;

#define json_u64 cli_out_json_u64
#define json_str cli_out_json_str

/* " (passes left 1)": the side state in words, or "". */
static void side_words(char *buf, size_t n, const cli_game *g)
{
    char w[64];
    if (wy_side_format(w, sizeof w, &g->rules, g->side) > 0)
        snprintf(buf, n, " (%s)", w);
    else
        buf[0] = '\0';
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

/* "values", "P-positions" or "positions of value g", as the text says it. */
static void what_set(char *buf, size_t n, const writer *w, uint32_t g)
{
    if (w->mode == WY_COMPARE_VALUES)
        snprintf(buf, n, "values");
    else if (g)
        snprintf(buf, n, "positions of value %u", g);
    else
        snprintf(buf, n, "P-positions");
}

/* The csv columns of --summary: the summary's fields, empty where they do
 * not apply (only_a, only_b for values, outside without a file, the
 * positions without differences). */
static const char summary_csv_header[] = "count,compared,only_a,only_b,min_x,max_x,min_y,max_y,smallest_x,smallest_y,"
                                         "largest_x,largest_y,nearest_x,nearest_y,outside\n";

static void header(writer *w)
{
    cli_out *o = w->o;
    w->header_done = 1;
    if (w->csv)
        cli_out_prov_line(o, "# ", "");
    if (w->csv && w->summary) {
        cli_out_str(o, summary_csv_header);
    } else if (w->csv) {
        cli_out_str(o, w->file_mode ? "x,y,a,file\n" : "x,y,a,b\n");
    } else if (w->json) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
        cli_out_str(o, "\"rules_a\":");
        json_str(o, w->rules_a);
        json_side(o, w->ra, w->sa, "a");
        cli_out_str(o, ",\"rules_b\":");
        if (w->file_mode) {
            cli_out_str(o, "null,\"file\":");
            json_str(o, w->file);
            cli_out_str(o, w->symmetric ? ",\"symmetric\":true" : ",\"symmetric\":false");
        } else {
            json_str(o, w->rules_b);
            json_side(o, w->rb, w->sb, "b");
        }
        cli_out_fmt(o, ",\"size\":%u,\"mode\":\"%s\"", w->size,
                    w->file_mode ? "file" : w->mode == WY_COMPARE_SET ? "outcome" : "values");
        if (w->mode == WY_COMPARE_SET)
            cli_out_fmt(o, ",\"value\":%u", w->g);
        if (w->mode == WY_COMPARE_SET && !w->file_mode)
            cli_out_fmt(o, ",\"value_b\":%u", w->gb);
        cli_out_fmt(o, ",\"engine_a\":\"%s\",\"engine_b\":\"%s\"", engine_name(w->ea), engine_name(w->eb));
        if (!w->summary)
            cli_out_str(o, ",\"differences\":[");
    } else {
        char what[48], what_b[48];
        what_set(what, sizeof what, w, w->g);
        what_set(what_b, sizeof what_b, w, w->gb);
        if (w->file_mode)
            cli_out_fmt(o, "%s of A = %s%s and the positions in %s%s, in 0 <= x < %u, 0 <= y < %u\n", what,
                        w->rules_a, w->side_a, w->file, w->symmetric ? " with their mirror images" : "", w->size,
                        w->size);
        else if (w->gb != w->g)
            cli_out_fmt(o, "%s of A = %s%s and %s of B = %s%s in 0 <= x < %u, 0 <= y < %u\n", what, w->rules_a,
                        w->side_a, what_b, w->rules_b, w->side_b, w->size, w->size);
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

/* A membership cell of the outcome mode, for a side whose value is g:
 * P/N for g = 0, else g / other. */
static void member_cell(writer *w, uint32_t v, uint32_t g)
{
    int in = v == g;
    if (g == 0)
        cli_out_str(w->o, w->json ? (in ? "\"P\"" : "\"N\"") : (in ? "P" : "N"));
    else
        cell(w, in ? g : WY_COMPARE_OTHER);
}

/* "A is P" / "A is N" (value 0), "A=g" / "A=other" (value g). */
static void member_text(writer *w, char side, int in, uint32_t g)
{
    if (g == 0)
        cli_out_fmt(w->o, "%c is %s", side, in ? "P" : "N");
    else if (in)
        cli_out_fmt(w->o, "%c=%u", side, g);
    else
        cli_out_fmt(w->o, "%c=other", side);
}

static int on_diff(void *ctx, uint32_t x, uint32_t y, uint32_t va, uint32_t vb)
{
    writer *w = ctx;
    cli_out *o = w->o;
    if (w->summary)
        return cli_interrupted();
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
            member_cell(w, va, w->g);
            cli_out_str(o, w->json ? ",\"b\":" : ",");
            member_cell(w, in_a ? WY_COMPARE_OTHER : w->gb, w->gb);
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
        } else {
            /* "A is P, B is N" (P-positions), "A=G B=other" (value G), mixed
             * with a comma when one side is P/N */
            member_text(w, 'A', in_a, w->g);
            cli_out_str(o, w->g == 0 || w->gb == 0 ? ", " : " ");
            member_text(w, 'B', !in_a, w->gb);
            cli_out_str(o, "\n");
        }
    }
    w->listed++;
    return cli_write_failed(o) || cli_interrupted();
}

static const char *plural(uint64_t n, const char *one, const char *many) { return n == 1 ? one : many; }

static void footer(writer *w, const wy_compare_summary *s, uint64_t outside)
{
    cli_out *o = w->o;
    if (!w->header_done)
        header(w);
    if (w->csv && w->summary) {
        cli_out_fmt(o, "%llu,%llu,", (unsigned long long)s->count, (unsigned long long)s->compared);
        if (w->mode == WY_COMPARE_SET)
            cli_out_fmt(o, "%llu,%llu,", (unsigned long long)s->only_a, (unsigned long long)s->only_b);
        else
            cli_out_str(o, ",,");
        if (s->count)
            cli_out_fmt(o, "%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,", s->min_x, s->max_x, s->min_y, s->max_y, s->first.x,
                        s->first.y, s->last.x, s->last.y, s->nearest.x, s->nearest.y);
        else
            cli_out_str(o, ",,,,,,,,,,");
        if (w->file_mode)
            cli_out_fmt(o, "%llu", (unsigned long long)outside);
        cli_out_str(o, "\n");
        return;
    }
    if (w->csv)
        return;
    if (w->json) {
        if (w->summary)
            cli_out_str(o, ",\"summary\":{\"count\":");
        else
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
    if (s->count > TEXT_LINES && !w->summary)
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

/* The file of positions (exit code, message printed). */
static int read_file(const char *path, int symmetric, wy_pos **fp, size_t *n, uint32_t *maxc)
{
    char err[WY_ERRLEN + 256];
    FILE *f = fopen(path, "r");
    if (!f)
        return cli_die(2, "cannot read '%s' (%s)", path, strerror(errno));
    int rc = cli_read_csv_positions(f, path, symmetric, fp, n, maxc, err, sizeof err);
    fclose(f);
    return rc ? cli_die(rc, "%s", err) : 0;
}

/* What the command line asks: the values, the engine, the mode. */
typedef struct {
    int file_mode;
    uint64_t g, gb;
    wy_compare_engine engine;
    wy_compare_mode mode;
} compare_args;

/* The arguments after the games (exit code, message printed). */
static int parse_args(cli_config *c, compare_args *a)
{
    char err[WY_ERRLEN];
    if (c->given[O_VALUE] && !cli_num_u64(&a->g, c->val[O_VALUE], "--value", WY_COMPARE_OTHER - 1, err, sizeof err))
        return cli_die(2, "%s", err);
    a->gb = a->g;
    if (c->given[O_VALUE_B]) {
        if (a->file_mode)
            return cli_die(2, "--value-b gives RULES_B's value, but '%.60s' is a FILE of positions (for A's value: "
                              "--value G)",
                           c->pos[1]);
        if (!cli_num_u64(&a->gb, c->val[O_VALUE_B], "--value-b", WY_COMPARE_OTHER - 1, err, sizeof err))
            return cli_die(2, "%s", err);
    }
    if (c->given[O_SYMMETRIC] && !a->file_mode)
        return cli_die(2, "--symmetric is about a FILE of positions, but RULES_B '%.60s' is a ruleset (the games are "
                          "compared on the whole window)",
                       c->pos[1]);
    a->engine = WY_COMPARE_AUTO;
    if (c->given[O_ENGINE]) {
        if (strcmp(c->val[O_ENGINE], "table") == 0)
            a->engine = WY_COMPARE_TABLE;
        else if (strcmp(c->val[O_ENGINE], "layer") == 0)
            a->engine = WY_COMPARE_LAYER;
        else if (strcmp(c->val[O_ENGINE], "auto") != 0)
            return cli_die(2, "unknown engine '%.40s' (auto, table or layer)", c->val[O_ENGINE]);
    }
    a->mode = a->file_mode || c->given[O_OUTCOME] || c->given[O_VALUE] || c->given[O_VALUE_B] ? WY_COMPARE_SET
                                                                                              : WY_COMPARE_VALUES;
    return 0;
}

/* The file of positions against the window: the window's size when --size
 * is not given, the positions outside it, the memory left for the engines
 * (exit code, message printed). */
static int file_window(cli_config *c, wy_pos **fp, size_t *nfp, uint64_t *size, uint64_t *outside,
                       uint64_t *mem_limit)
{
    uint32_t maxc;
    int rc;
    if ((rc = read_file(c->pos[1], c->given[O_SYMMETRIC], fp, nfp, &maxc)))
        return rc;
    if (!c->given[O_SIZE]) {
        if (*nfp == 0) {
            free(*fp);
            *fp = NULL;
            return cli_die(2, "%s holds no positions; give the window with --size N", c->pos[1]);
        }
        *size = (uint64_t)maxc + 1;
    }
    for (size_t i = 0; i < *nfp; i++)
        *outside += (*fp)[i].x >= *size || (*fp)[i].y >= *size;
    uint64_t fbytes = (uint64_t)*nfp * sizeof **fp;
    if (*mem_limit)
        *mem_limit = *mem_limit > fbytes ? *mem_limit - fbytes : 1;
    return 0;
}

/* What wythoff-mpi's distributed engine does not do (exit code, message
 * printed); on MPI the tables are on every rank. */
static int dist_limits(const cli_config *c, compare_args *a)
{
    if (!c->dist)
        return 0;
    if (a->file_mode)
        return cli_die(2, "on MPI, compare compares two rulesets; '%.60s' is a FILE of positions (wythoff compare "
                          "reads it)",
                       c->pos[1]);
    if (a->engine == WY_COMPARE_LAYER)
        return cli_die(2, "on MPI, compare uses the table engine spread over the ranks; the layer engine runs on one "
                          "machine (wythoff compare --engine layer)");
    if (!c->given[O_SUMMARY])
        return cli_die(2, "on MPI, compare gives the summary only: add --summary (wythoff compare lists the "
                          "differences)");
    a->engine = WY_COMPARE_TABLE; /* each rank's block is checked against the limit */
    return 0;
}

/* The writer of the differences and the footer. */
static void writer_init(writer *w, cli_out *o, const cli_config *c, const compare_args *a, uint32_t size,
                        const wy_compare_plan *plan)
{
    const cli_game *A = &c->game[0], *B = &c->game[1];
    memset(w, 0, sizeof *w);
    w->o = o;
    w->csv = strcmp(c->format, "csv") == 0;
    w->json = strcmp(c->format, "json") == 0;
    w->file_mode = a->file_mode;
    w->mode = a->mode;
    w->g = (uint32_t)a->g;
    w->gb = (uint32_t)a->gb;
    w->summary = c->given[O_SUMMARY];
    w->symmetric = c->given[O_SYMMETRIC];
    w->file = c->pos[1];
    w->rules_a = A->text;
    w->rules_b = a->file_mode ? "" : B->text;
    w->ra = &A->rules;
    w->rb = &B->rules;
    w->sa = A->side;
    w->sb = B->side;
    w->size = size;
    w->ea = plan->engine_a;
    w->eb = plan->engine_b;
    side_words(w->side_a, sizeof w->side_a, A);
    if (!a->file_mode)
        side_words(w->side_b, sizeof w->side_b, B);
}

int cli_cmd_compare(cli_config *c)
{
    int rc;
    char err[WY_ERRLEN];
    static const char *const labels[] = {"RULES_A", "RULES_B"};
    if (c->npos != 2)
        return cli_die(2, "compare takes two arguments, RULES_A and RULES_B (or a FILE of positions), got %d; usage: "
                          "wythoff %s",
                       c->npos, c->cmd->usage);
    compare_args a = {names_file(c->pos[1]), 0, 0, WY_COMPARE_AUTO, WY_COMPARE_VALUES};
    if (!a.file_mode) {
        wy_rules rb;
        if (wy_rules_parse(&rb, c->pos[1], err, sizeof err) != WY_OK) {
            wy_rules ra;
            if (wy_rules_parse(&ra, c->pos[0], NULL, 0) == WY_OK)
                return cli_die(2, "RULES_B '%.60s' is neither a ruleset nor a file: %s", c->pos[1], err);
        }
    }
    if ((rc = cli_games(c, a.file_mode ? 1 : 2, labels)) || (rc = parse_args(c, &a)) || (rc = cli_window(c, 64)))
        return rc;
    const cli_game *A = &c->game[0], *B = &c->game[1];
    if (c->rows > UINT32_MAX)
        return cli_die(3, "a %llu x %llu window is beyond compare (at most 4294967295 per side)",
                       (unsigned long long)c->rows, (unsigned long long)c->cols);
    uint64_t size = c->rows, mem_limit = c->mem_limit, outside = 0;
    wy_pos *fp = NULL;
    size_t nfp = 0;
    if (a.file_mode && (rc = file_window(c, &fp, &nfp, &size, &outside, &mem_limit)))
        return rc;
    if ((rc = dist_limits(c, &a))) {
        free(fp);
        return rc;
    }
    wy_compare_side SA = {&A->rules, A->side, NULL, 0};
    wy_compare_side SB = {a.file_mode ? NULL : &B->rules, a.file_mode ? (wy_side){0, 0} : B->side, fp, nfp};
    wy_compare_opts opt = {a.mode, (uint32_t)a.g, (uint32_t)size, (uint32_t)size, a.engine, c->dist ? 0 : mem_limit};
    wy_compare_plan plan;
    wy_status st = a.mode == WY_COMPARE_SET
                       ? wy_compare_plan_make_gb(&plan, &SA, &SB, &opt, (uint32_t)a.gb, c->threads, err, sizeof err)
                       : wy_compare_plan_make(&plan, &SA, &SB, &opt, c->threads, err, sizeof err);
    if (st != WY_OK) {
        free(fp);
        return cli_die(st, "%s", err);
    }
    if (plan.engine_a == WY_COMPARE_TABLE && !c->dist)
        cli_note_table_work(c, "the first table", &A->rules, (uint32_t)size, (uint32_t)size, A->side);
    if (!a.file_mode && plan.engine_b == WY_COMPARE_TABLE && !c->dist)
        cli_note_table_work(c, "the second table", &B->rules, (uint32_t)size, (uint32_t)size, B->side);
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        free(fp);
        return rc;
    }
    writer w;
    writer_init(&w, &o, c, &a, (uint32_t)size, &plan);
    const int tables = plan.engine_a == WY_COMPARE_TABLE || plan.engine_b == WY_COMPARE_TABLE;
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "compare", tables ? "cells" : "rows");
    wy_compare_summary sum;
    if (c->dist) {
        opt.mem_limit = mem_limit;
        st = c->dist->compare(&sum, A, B, &opt, (uint32_t)a.gb, c, err, sizeof err);
    } else if (a.mode == WY_COMPARE_SET)
        st = wy_compare_gb(&sum, &SA, &SB, &opt, (uint32_t)a.gb, &run, on_diff, &w, err, sizeof err);
    else
        st = wy_compare(&sum, &SA, &SB, &opt, &run, on_diff, &w, err, sizeof err);
    cli_progress_done(&prog);
    free(fp);
    if (st == WY_OK)
        footer(&w, &sum, outside);
    rc = st == WY_OK || (st == WY_ECANCELED && (cli_interrupted() || cli_write_failed(&o))) ? 0 : cli_fail(st, err, 1);
    if ((rc = cli_finish(&o, &sink, rc)))
        return rc;
    if (w.csv && !w.summary && outside && !c->quiet)
        fprintf(stderr, "%s: %llu %s of %s outside the window, not checked\n", cli_name(), (unsigned long long)outside,
                plural(outside, "position", "positions"), c->pos[1]);
    return sum.count ? 1 : 0;
}
