/* cmd_heap3.c - `wythoff heap3`: the atlas of a game with a third heap
 * (wythoff_atlas.h, docs/heap3.md): the P-positions (a, b, c), 0 <= a, b,
 * c < N, counted per slice, listed, drawn, and compared with the two-heap
 * values. */
#include "commands.h"
#include "wythoff_atlas.h"
#include "wythoff_plot.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "(a, b, c)", with "none" for a missing c. */
static void cell_text(char *buf, size_t n, const wy_heap3_cell *k)
{
    if (k->c == WY_HEAP3_NONE)
        snprintf(buf, n, "(%u, %u): no c", k->a, k->b);
    else
        snprintf(buf, n, "(%u, %u, %u)", k->a, k->b, k->c);
}

static void json_cell(cli_out *o, const char *key, const wy_heap3_cell *k)
{
    cli_out_fmt(o, ",\"%s\":", key);
    if (!k->found) {
        cli_out_str(o, "null");
        return;
    }
    cli_out_fmt(o, "{\"a\":%u,\"b\":%u,\"c\":", k->a, k->b);
    if (k->c == WY_HEAP3_NONE)
        cli_out_str(o, "null");
    else
        cli_out_u64(o, k->c);
    cli_out_fmt(o, ",\"expected\":%llu}", (unsigned long long)k->expected);
}

static const char *g0_name(const wy_rules *r) { return r->game == WY_GAME_NIM ? "a xor b" : "G_W(a, b)"; }

static void findings_text(cli_out *o, const wy_heap3 *a, const wy_heap3_findings *fd, const char *text)
{
    char k[96];
    const uint32_t n = a->size;
    const uint64_t cells = (uint64_t)n * n;
    cli_out_fmt(o, "\nThe P-set against the two-heap values (table engine, %s):\n", text);
    if (fd->g2_bad == 0)
        cli_out_fmt(o,
                    "  F1 holds: f(a, b) = G2(a, b), the value of %s with %u pass%s left, at every one of the %llu "
                    "cells (f = none exactly at the %llu cells with G2 >= %u; largest G2 %u)\n",
                    text, a->passes, a->passes == 1 ? "" : "es", (unsigned long long)cells,
                    (unsigned long long)fd->g2_beyond, n, fd->g2_max);
    else
        cell_text(k, sizeof k, &fd->g2_first),
            cli_out_fmt(o, "  F1 FAILS: f(a, b) = G2(a, b) breaks at %llu cells; smallest %s, G2 = %llu\n",
                        (unsigned long long)fd->g2_bad, k, (unsigned long long)fd->g2_first.expected);
    if (a->passes) {
        if (fd->g0_equal == 0)
            cli_out_fmt(o, "  F2 holds: f(a, b) != %s (the value once the pass is used) at all %llu cells with f "
                           "defined, but (a, b, 0) without a move\n",
                        g0_name(&a->rules), (unsigned long long)fd->defined);
        else
            cell_text(k, sizeof k, &fd->g0_first),
                cli_out_fmt(o, "  F2 FAILS: f(a, b) = %s at %llu cells; smallest %s\n", g0_name(&a->rules),
                            (unsigned long long)fd->g0_equal, k);
        cell_text(k, sizeof k, &fd->xor1_first);
        if (fd->xor1_bad)
            cli_out_fmt(o, "  F3 fails: f(a, b) = (%s) xor 1 breaks at %llu of %llu cells; smallest %s, expected "
                           "%llu\n",
                        g0_name(&a->rules), (unsigned long long)fd->xor1_bad, (unsigned long long)fd->defined, k,
                        (unsigned long long)fd->xor1_first.expected);
        else
            cli_out_fmt(o, "  F3 holds: f(a, b) = (%s) xor 1 at all %llu cells with f defined\n", g0_name(&a->rules),
                        (unsigned long long)fd->defined);
        cell_text(k, sizeof k, &fd->dist_first);
        cli_out_fmt(o, "  |f - %s|: at most 1 at %llu cells, at most 3 at %llu, largest %llu, first at %s\n",
                    g0_name(&a->rules), (unsigned long long)fd->dist_le1, (unsigned long long)fd->dist_le3,
                    (unsigned long long)fd->dist_max, k);
    }
    if (fd->sym_bad == 0)
        cli_out_fmt(o, "  F4 holds: the P-set is symmetric in a, b, c (f(a, c) = b whenever f(a, b) = c)\n");
    else
        cell_text(k, sizeof k, &fd->sym_first),
            cli_out_fmt(o, "  F4 fails: f(a, c) != b for %llu P-positions (a, b, c); smallest %s\n",
                        (unsigned long long)fd->sym_bad, k);
    cli_out_fmt(o, "  F5 %s: f(a, b) = f(b, a)%s\n", fd->swap_bad ? "FAILS" : "holds",
                fd->swap_bad ? "" : " at every cell");
    if (fd->defined) {
        char k2[96];
        cell_text(k, sizeof k, &fd->lo_first);
        cell_text(k2, sizeof k2, &fd->hi_first);
        cli_out_fmt(o, "  F6 %s: |a - b| - 1 <= c <= a + b + 1 on every P-position (smallest c - |a - b|: %lld at %s; "
                       "largest c - (a + b): %lld at %s)\n",
                    fd->lo_min >= -1 && fd->hi_max <= 1 ? "holds" : "fails", (long long)fd->lo_min, k,
                    (long long)fd->hi_max, k2);
        if (fd->lo_bad || fd->hi_bad) {
            cell_text(k, sizeof k, &fd->lo_bad_first);
            cell_text(k2, sizeof k2, &fd->hi_bad_first);
            cli_out_fmt(o, "     %llu P-positions have c < |a - b| - 1 (smallest %s), %llu have c > a + b + 1 "
                           "(smallest %s)\n",
                        (unsigned long long)fd->lo_bad, fd->lo_bad ? k : "-", (unsigned long long)fd->hi_bad,
                        fd->hi_bad ? k2 : "-");
        }
        cell_text(k, sizeof k, &fd->over_first);
        cli_out_fmt(o, "  largest f(a, b) - max(a, b): %lld, first at %s\n", (long long)fd->over_max, k);
    }
}

static void findings_json(cli_out *o, const wy_heap3 *a, const wy_heap3_findings *fd)
{
    cli_out_fmt(o, ",\"findings\":{\"g2_bad\":%llu", (unsigned long long)fd->g2_bad);
    json_cell(o, "g2_first", &fd->g2_first);
    cli_out_fmt(o, ",\"g2_beyond\":%llu,\"g2_max\":%u", (unsigned long long)fd->g2_beyond, fd->g2_max);
    if (a->passes) {
        cli_out_fmt(o, ",\"g0_equal\":%llu", (unsigned long long)fd->g0_equal);
        json_cell(o, "g0_first", &fd->g0_first);
        cli_out_fmt(o, ",\"xor1_bad\":%llu", (unsigned long long)fd->xor1_bad);
        json_cell(o, "xor1_first", &fd->xor1_first);
        cli_out_fmt(o, ",\"dist_max\":%llu,\"dist_le1\":%llu,\"dist_le3\":%llu", (unsigned long long)fd->dist_max,
                    (unsigned long long)fd->dist_le1, (unsigned long long)fd->dist_le3);
        json_cell(o, "dist_first", &fd->dist_first);
    }
    cli_out_fmt(o, ",\"sym_bad\":%llu", (unsigned long long)fd->sym_bad);
    json_cell(o, "sym_first", &fd->sym_first);
    cli_out_fmt(o, ",\"swap_bad\":%llu,\"defined\":%llu", (unsigned long long)fd->swap_bad,
                (unsigned long long)fd->defined);
    if (fd->defined) {
        cli_out_fmt(o, ",\"over_max\":%lld", (long long)fd->over_max);
        json_cell(o, "over_first", &fd->over_first);
        cli_out_fmt(o, ",\"lo_min\":%lld", (long long)fd->lo_min);
        json_cell(o, "lo_first", &fd->lo_first);
        cli_out_fmt(o, ",\"hi_max\":%lld", (long long)fd->hi_max);
        json_cell(o, "hi_first", &fd->hi_first);
        cli_out_fmt(o, ",\"lo_bad\":%llu,\"hi_bad\":%llu", (unsigned long long)fd->lo_bad,
                    (unsigned long long)fd->hi_bad);
        json_cell(o, "lo_bad_first", &fd->lo_bad_first);
        json_cell(o, "hi_bad_first", &fd->hi_bad_first);
    }
    cli_out_char(o, '}');
}

/* --list: the P-positions (a, b, c) in the order a, then b (one c each),
 * of one slice (slice < N) or all. */
static void list_out(cli_out *o, const cli_config *c, const wy_heap3 *a, const char *text, uint64_t slice)
{
    const int csv = strcmp(c->format, "csv") == 0, json = strcmp(c->format, "json") == 0;
    const uint32_t n = a->size;
    uint64_t count = 0;
    if (csv) {
        cli_out_prov_line(o, "# ", "");
        cli_out_str(o, "a,b,c\n");
    } else if (json) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
        cli_out_str(o, "\"rules\":");
        cli_out_json_str(o, text);
        cli_out_fmt(o, ",\"pass\":%u,\"size\":%u", a->passes, n);
        if (slice < n)
            cli_out_fmt(o, ",\"slice\":%llu", (unsigned long long)slice);
        cli_out_str(o, ",\"positions\":[");
    } else {
        cli_out_fmt(o, "P-positions (a, b, c) of %s, passes left %u, plus a Nim heap of c stones, 0 <= a, b < %u, ",
                    text, a->passes, n);
        if (slice < n)
            cli_out_fmt(o, "c = %llu:\n", (unsigned long long)slice);
        else
            cli_out_fmt(o, "0 <= c < %u:\n", n);
    }
    for (uint32_t x = 0; x < n; x++) {
        if (!(x & 63) && (cli_interrupted() || cli_write_failed(o)))
            break;
        for (uint32_t y = 0; y < n; y++) {
            const uint32_t z = a->f[(size_t)x * n + y];
            if (z == WY_HEAP3_NONE || (slice < n && z != slice))
                continue;
            if (csv)
                cli_out_fmt(o, "%u,%u,%u\n", x, y, z);
            else if (json)
                cli_out_fmt(o, "%s[%u,%u,%u]", count ? "," : "", x, y, z);
            else
                cli_out_fmt(o, "(%u, %u, %u)\n", x, y, z);
            count++;
        }
    }
    if (json)
        cli_out_fmt(o, "],\"count\":%llu}\n", (unsigned long long)count);
    else if (!csv)
        cli_out_fmt(o, "%llu found\n", (unsigned long long)count);
}

static int file_write(void *ctx, const void *data, size_t len)
{
    cli_out *o = ctx;
    cli_out_mem(o, data, len);
    return cli_write_failed(o);
}

/* The projection: the c of each (a, b) as a heatmap, black where none. */
static wy_status draw(cli_out *o, const wy_heap3 *a, const char *rules, char *err, size_t errlen)
{
    char title[320];
    snprintf(title, sizeof title, "c with (a, b, c) a P-position of %s + heap c, 0 <= a, b, c < %u (black: none)",
             rules, a->size);
    return wy_plot_array_png_source(a->f, a->size, a->size, WY_HEAP3_NONE, a->size - 1, 0, title, cli_prov_text(),
                                    file_write, o, err, errlen);
}

static int plot_out(const cli_config *c, const wy_heap3 *a, const char *path)
{
    char err[WY_ERRLEN];
    int rc;
    cli_config pc = *c;
    pc.output = strcmp(path, "-") == 0 ? NULL : path;
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(&pc, &sink, &o)))
        return rc;
    wy_status st = draw(&o, a, c->game[0].text, err, sizeof err);
    if (st == WY_OK || (st == WY_EINVAL && strcmp(err, "write error") == 0 && cli_write_failed(&o)))
        rc = 0;
    else
        rc = cli_fail(st, err, 1);
    return cli_finish(&o, &sink, rc);
}

static int ends_png(const char *s)
{
    size_t n = strlen(s);
    return n >= 4 && (strcmp(s + n - 4, ".png") == 0 || strcmp(s + n - 4, ".PNG") == 0);
}

/* The options of heap3, checked. */
typedef struct {
    uint64_t n;     /* --size */
    uint64_t slice; /* --slice, UINT64_MAX when none */
    wy_heap3_method method;
    int png, list, csv, json;
    int findings; /* the report of every slice, with the findings */
} heap3_opts;

static int heap3_options(heap3_opts *h, const cli_config *c)
{
    char err[WY_ERRLEN];
    memset(h, 0, sizeof *h);
    h->n = 64;
    if (c->given[O_SIZE]) {
        if (!cli_num_size(&h->n, c->val[O_SIZE], "--size", err, sizeof err))
            return cli_die(2, "%s", err);
        if (h->n == 0)
            return cli_die(2, "--size %s out of range (1 to %u)", c->val[O_SIZE], WY_HEAP3_MAX_SIZE);
        if (h->n > WY_HEAP3_MAX_SIZE)
            return cli_die(2, "--size %s out of range (1 to %u: the atlas holds N^2 cells of 4 bytes)",
                           c->val[O_SIZE], WY_HEAP3_MAX_SIZE);
    }
    const uint64_t n = h->n;
    h->slice = UINT64_MAX;
    if (c->given[O_SLICE]) {
        if (!cli_num_size(&h->slice, c->val[O_SLICE], "--slice", err, sizeof err))
            return cli_die(2, "%s", err);
        if (h->slice >= n)
            return cli_die(2, "--slice %s out of range (0 to %llu: the slices c < --size)", c->val[O_SLICE],
                           (unsigned long long)(n - 1));
    }
    h->method = WY_HEAP3_SWEEP;
    if (c->given[O_ENGINE]) {
        if (strcmp(c->val[O_ENGINE], "layer") == 0)
            h->method = WY_HEAP3_LAYER;
        else if (strcmp(c->val[O_ENGINE], "sweep") != 0)
            return cli_die(2, "unknown engine '%.40s' (sweep or layer)", c->val[O_ENGINE]);
    }
    if (c->given[O_PLOT] && !ends_png(c->val[O_PLOT]) && strcmp(c->val[O_PLOT], "-") != 0)
        return cli_die(2, "--plot writes a PNG: name the file FILE.png ('%.60s')", c->val[O_PLOT]);
    if (c->given[O_PLOT] && n > WY_PLOT_HEATMAP_MAX)
        return cli_die(2, "--plot draws at most %u x %u cells (--size %s)", WY_PLOT_HEATMAP_MAX, WY_PLOT_HEATMAP_MAX,
                       c->val[O_SIZE]);
    if (c->given[O_PLOT] && strcmp(c->val[O_PLOT], "-") == 0 && !c->output)
        return cli_die(2, "--plot - and the report both on standard output: give --output FILE for the report");
    const int png = h->png = strcmp(c->format, "png") == 0;
    if (png && (c->given[O_LIST] || c->given[O_SLICE] || c->given[O_PLOT]))
        return cli_die(2, "--format png draws the projection of the whole atlas (no --list, --slice or --plot with it)");
    if (png && n > WY_PLOT_HEATMAP_MAX)
        return cli_die(2, "--format png draws at most %u x %u cells (--size %s)", WY_PLOT_HEATMAP_MAX,
                       WY_PLOT_HEATMAP_MAX, c->val[O_SIZE]);
    if (png && !c->output && isatty(STDOUT_FILENO))
        return cli_die(2, "not writing a PNG to a terminal; redirect standard output or give --output FILE.png");
    h->list = c->given[O_LIST];
    h->csv = strcmp(c->format, "csv") == 0;
    h->json = strcmp(c->format, "json") == 0;
    h->findings = !h->list && !h->csv && !png && h->slice == UINT64_MAX;
    return 0;
}

/* Refuse what does not fit before any work: the atlas, the findings' two
 * tables on top of it, the picture. */
static int heap3_memory(const cli_config *c, const cli_game *g, const heap3_opts *h, const wy_run *run)
{
    uint64_t need = wy_heap3_estimate(&g->rules, (uint32_t)h->n, h->method, run);
    if (h->findings)
        need += wy_heap3_findings_estimate(&g->rules, (uint32_t)h->n);
    if (c->given[O_PLOT] || h->png)
        need += wy_plot_array_estimate((uint32_t)h->n, (uint32_t)h->n, 0);
    if (c->mem_limit && need > c->mem_limit) {
        char what[64];
        snprintf(what, sizeof what, "the atlas of size %llu", (unsigned long long)h->n);
        return cli_refuse_memory(what, need, c->mem_limit, NULL);
    }
    return 0;
}

/* The count of one slice (--slice without --list). */
static void slice_out(cli_out *o, const heap3_opts *h, const cli_game *g, const wy_heap3 *a)
{
    const unsigned long long n = h->n, slice = h->slice, count = a->slice[h->slice];
    if (h->json) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
        cli_out_str(o, "\"rules\":");
        cli_out_json_str(o, g->text);
        cli_out_fmt(o, ",\"pass\":%u,\"size\":%llu,\"slice\":%llu,\"count\":%llu}\n", a->passes, n, slice, count);
    } else if (h->csv) {
        cli_out_prov_line(o, "# ", "");
        cli_out_fmt(o, "c,count\n%llu,%llu\n", slice, count);
    } else {
        cli_out_fmt(o, "%llu\n", count);
    }
}

/* The report: every slice's count, with the findings in text and JSON. */
static void report_out(cli_out *o, const heap3_opts *h, const cli_game *g, const wy_heap3 *a,
                       const wy_heap3_findings *fd)
{
    const uint64_t n = h->n;
    if (h->csv) {
        cli_out_prov_line(o, "# ", "");
        cli_out_str(o, "c,count\n");
        for (uint32_t z = 0; z < n; z++)
            cli_out_fmt(o, "%u,%llu\n", z, (unsigned long long)a->slice[z]);
    } else if (h->json) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
        cli_out_str(o, "\"rules\":");
        cli_out_json_str(o, g->text);
        cli_out_fmt(o, ",\"pass\":%u,\"size\":%llu,\"engine\":\"%s\",\"total\":%llu,\"none\":%llu,\"slices\":[",
                    a->passes, (unsigned long long)n, h->method == WY_HEAP3_LAYER ? "layer" : "sweep",
                    (unsigned long long)a->total, (unsigned long long)a->none);
        for (uint32_t z = 0; z < n; z++)
            cli_out_fmt(o, "%s%llu", z ? "," : "", (unsigned long long)a->slice[z]);
        cli_out_char(o, ']');
        findings_json(o, a, fd);
        cli_out_str(o, "}\n");
    } else {
        const unsigned __int128 cube = (unsigned __int128)n * n * n;
        char cb[48], side[96];
        cli_side_suffix(side, sizeof side, g);
        cli_out_fmt(o,
                    "Atlas of %s%s, plus a third Nim heap of c stones (%s+heap=c, passes left %u, extra heap c), "
                    "0 <= a, b, c < %llu\n",
                    g->text, side, g->text, a->passes, (unsigned long long)n);
        cli_out_fmt(o, "P-positions (a, b, c): %llu of %s positions; cells (a, b) with no c < %llu: %llu\n",
                    (unsigned long long)a->total, cli_u128_text(cb, sizeof cb, cube), (unsigned long long)n,
                    (unsigned long long)a->none);
        cli_out_fmt(o, "engine: %s\n", h->method == WY_HEAP3_LAYER ? "layer (a layer scan per slice)" : "sweep");
        cli_out_str(o, "P-positions per slice c (c: count):\n");
        for (uint32_t z = 0; z < n; z++)
            cli_out_fmt(o, (z % 8 == 7 || z == n - 1) ? "%6u: %llu\n" : "%6u: %-9llu", z,
                        (unsigned long long)a->slice[z]);
        findings_text(o, a, fd, g->text);
    }
}

int cli_cmd_heap3(cli_config *c)
{
    char err[WY_ERRLEN];
    int rc;
    if (c->npos != 1)
        return cli_die(2, "heap3 takes one ruleset (got %d arguments); usage: wythoff %s", c->npos, c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)))
        return rc;
    const cli_game *g = &c->game[0];
    if (wy_heap3_supported(&g->rules, err, sizeof err) != WY_OK)
        return cli_die(2, "heap3 does not cover '%s': %s", g->text, err);
    heap3_opts h;
    if ((rc = heap3_options(&h, c)))
        return rc;
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "heap3", "slices");
    if ((rc = heap3_memory(c, g, &h, &run)))
        return rc;
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o)))
        return rc;
    wy_heap3 *a = NULL;
    wy_status st = wy_heap3_compute(&a, &g->rules, (uint32_t)h.n, h.method, c->mem_limit, &run, err, sizeof err);
    cli_progress_done(&prog);
    if (st != WY_OK)
        return cli_finish(&o, &sink, cli_fail(st, err, 1));
    wy_heap3_findings fd;
    memset(&fd, 0, sizeof fd);
    if (h.findings) {
        st = wy_heap3_findings_compute(&fd, a, 0, &run, err, sizeof err);
        if (st != WY_OK) {
            wy_heap3_free(a);
            return cli_finish(&o, &sink, cli_fail(st, err, 1));
        }
    }
    if (c->given[O_PLOT]) {
        rc = plot_out(c, a, c->val[O_PLOT]);
        if (rc) {
            wy_heap3_free(a);
            return cli_finish(&o, &sink, rc);
        }
    }
    if (h.png) {
        st = draw(&o, a, g->text, err, sizeof err);
        wy_heap3_free(a);
        return cli_finish(&o, &sink, st == WY_OK || (st == WY_EINVAL && cli_write_failed(&o)) ? 0 : cli_fail(st, err, 1));
    }
    if (h.list)
        list_out(&o, c, a, g->text, h.slice);
    else if (h.slice != UINT64_MAX)
        slice_out(&o, &h, g, a);
    else
        report_out(&o, &h, g, a, &fd);
    wy_heap3_free(a);
    return cli_finish(&o, &sink, 0);
}
