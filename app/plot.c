/* plot.c - `wythoff plot`: a picture of a window (include/wythoff_plot.h). */
#include "cli.h"
#include "wythoff_plot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define die cli_die

static const char usage_line[] =
    "plot RULES [RULES2 [RULES3]] --output FILE.png|FILE.svg [--style heatmap|ppos|table] "
    "[--size N | --rows R --cols C] [--value G] [--pass P] [--heap H] [--cell PX] [--title TEXT] [--format png|svg]";

enum {
    P_SIZE, P_ROWS, P_COLS, P_OUTPUT, P_STYLE, P_FORMAT, P_VALUE, P_PASS, P_HEAP, P_CELL, P_TITLE, P_MEMLIMIT,
    P_THREADS, P_QUIET, P_HELP, P_VERSION, P_NOPT
};

static const cli_opt popts[P_NOPT] = {
    [P_SIZE] = {"size", 1, "N", "the window 0 <= x, y < N (default 64; forms like 1e6 and 2^12)"},
    [P_ROWS] = {"rows", 1, "R", "the window's rows 0 <= x < R (with --cols)"},
    [P_COLS] = {"cols", 1, "C", "the window's columns 0 <= y < C (with --rows)"},
    [P_OUTPUT] = {"output", 1, "FILE", "the picture; .png or .svg chooses the format ('-': standard output)"},
    [P_STYLE] = {"style", 1, "STYLE", "heatmap (values as colours, default), ppos (dots), table (numbers)"},
    [P_FORMAT] = {"format", 1, "FMT", "png or svg, when FILE's name does not say it"},
    [P_VALUE] = {"value", 1, "G", "ppos: draw the positions of value G instead of the P-positions"},
    [P_PASS] = {"pass", 1, "P", "passes left, for every ruleset with a pass (default: all of them)"},
    [P_HEAP] = {"heap", 1, "H", "stones in the extra heap, for every ruleset with one (default: the full heap)"},
    [P_CELL] = {"cell", 1, "PX", "pixels per position (default: the plot about 800 pixels a side)"},
    [P_TITLE] = {"title", 1, "TEXT", "the title (default: says what is drawn)"},
    [P_MEMLIMIT] = {"mem-limit", 1, "BYTES", "refuse work needing more memory (default: the available memory)"},
    [P_THREADS] = {"threads", 1, "N", "worker threads (default: the number of processors)"},
    [P_QUIET] = {"quiet", 0, NULL, "no progress display"},
    [P_HELP] = {"help", 0, NULL, "show help"},
    [P_VERSION] = {"version", 0, NULL, "show the version"},
};

typedef cli_args pargs;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: wythoff %s\n"
            "a picture of a window: a heatmap of the values, the P-positions (or the positions of value G) as\n"
            "dots, or the table of numbers with the P-positions on red cells; PNG or SVG.\n"
            "Up to three rulesets overlaid in one dot plot (--style ppos), a colour for each combination.\n\noptions:\n",
            usage_line);
    cli_opts_usage(f, popts, P_NOPT);
    fputs("\nexamples:\n"
          "  wythoff plot wythoff --size 1024 --output wythoff.png\n"
          "  wythoff plot wythoff wythoff+pass --style ppos --size 200 --output ppos.svg\n"
          "  wythoff plot wythoff+pass --style table --size 9 --output table.png\n",
          f);
}

static int parse(pargs *a, int argc, char **argv)
{
    return cli_opts_parse(a, popts, P_NOPT, "plot", NULL, 3, argc, argv);
}

static int parse_u32(uint32_t *out, const char *text, const char *what, uint64_t lo, uint64_t hi)
{
    char err[WY_ERRLEN];
    uint64_t v;
    if (!cli_parse_size(&v, text, what, err, sizeof err))
        return die(2, "%s", err);
    if (v < lo || v > hi)
        return die(2, "%s %s out of range (%llu to %llu)", what, text, (unsigned long long)lo, (unsigned long long)hi);
    *out = (uint32_t)v;
    return 0;
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    if (a < b)
        return 0;
    for (size_t i = 0; i < b; i++) {
        char c = s[a - b + i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != suf[i])
            return 0;
    }
    return 1;
}

static int file_write(void *ctx, const void *data, size_t len)
{
    FILE *f = ctx;
    return fwrite(data, 1, len, f) != len;
}

int cli_plot(int argc, char **argv)
{
    pargs a;
    int rc;
    char err[WY_ERRLEN];
    cli_signals_install();
    if ((rc = parse(&a, argc, argv)))
        return rc;
    if (a.given[P_HELP]) {
        usage(stdout);
        return 0;
    }
    if (a.given[P_VERSION]) {
        printf("wythoff %s\n", WY_VERSION);
        return 0;
    }
    if (a.npos == 0)
        return die(2, "missing ruleset; usage: wythoff %s", usage_line);

    wy_plot_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.style = WY_PLOT_HEATMAP;
    if (a.given[P_STYLE]) {
        const char *s = a.val[P_STYLE];
        if (strcmp(s, "heatmap") == 0)
            sp.style = WY_PLOT_HEATMAP;
        else if (strcmp(s, "ppos") == 0)
            sp.style = WY_PLOT_PPOS;
        else if (strcmp(s, "table") == 0)
            sp.style = WY_PLOT_TABLE;
        else
            return die(2, "unknown style '%s' (heatmap, ppos or table)", s);
    }
    if (a.npos > 1 && sp.style != WY_PLOT_PPOS)
        return die(2, "%d rulesets given: only --style ppos overlays several rulesets", a.npos);

    /* output and format */
    if (!a.given[P_OUTPUT])
        return die(2, "missing --output FILE.png or FILE.svg; usage: wythoff %s", usage_line);
    const char *out = a.val[P_OUTPUT];
    if (!*out)
        return die(2, "--output needs a file name");
    int fmt = -1;
    if (a.given[P_FORMAT]) {
        if (strcmp(a.val[P_FORMAT], "png") == 0)
            fmt = WY_PLOT_PNG;
        else if (strcmp(a.val[P_FORMAT], "svg") == 0)
            fmt = WY_PLOT_SVG;
        else
            return die(2, "unknown format '%s' (plot writes png or svg)", a.val[P_FORMAT]);
    } else if (ends_with(out, ".png")) {
        fmt = WY_PLOT_PNG;
    } else if (ends_with(out, ".svg")) {
        fmt = WY_PLOT_SVG;
    } else {
        return die(2, "cannot tell the format of '%s': name it .png or .svg, or give --format png|svg", out);
    }
    const int to_stdout = strcmp(out, "-") == 0;
    if (to_stdout && fmt == WY_PLOT_PNG && isatty(STDOUT_FILENO))
        return die(2, "not writing a PNG to a terminal; redirect standard output or give --output FILE.png");
    sp.format = (wy_plot_format)fmt;

    /* rulesets and side states */
    wy_rules rules[WY_PLOT_MAX_GAMES];
    int used_pass = 0, used_heap = 0;
    for (int i = 0; i < a.npos; i++) {
        if (wy_rules_parse(&rules[i], a.pos[i], err, sizeof err) != WY_OK)
            return die(2, "%s", err);
        wy_side side = wy_side_start(&rules[i]);
        uint32_t v;
        if (a.given[P_PASS] && rules[i].passes) {
            if ((rc = parse_u32(&v, a.val[P_PASS], "--pass", 0, rules[i].passes)))
                return rc;
            side.pass = v;
            used_pass = 1;
        }
        if (a.given[P_HEAP] && rules[i].heap) {
            if ((rc = parse_u32(&v, a.val[P_HEAP], "--heap", 0, rules[i].heap)))
                return rc;
            side.heap = v;
            used_heap = 1;
        }
        sp.games[i].rules = &rules[i];
        sp.games[i].side = side;
    }
    sp.ngames = (unsigned)a.npos;
    if (a.given[P_PASS] && !used_pass)
        return die(2, "--pass given, but no ruleset has a pass (add +pass)");
    if (a.given[P_HEAP] && !used_heap)
        return die(2, "--heap given, but no ruleset has an extra heap (add +heap=H)");

    /* window */
    if (a.given[P_SIZE] && (a.given[P_ROWS] || a.given[P_COLS]))
        return die(2, "give either --size N or --rows R --cols C, not both");
    if (a.given[P_ROWS] != a.given[P_COLS])
        return die(2, "--rows and --cols go together (or use --size N)");
    uint32_t R = 64, C = 64;
    if (a.given[P_SIZE]) {
        if ((rc = parse_u32(&R, a.val[P_SIZE], "--size", 1, UINT32_MAX)))
            return rc;
        C = R;
    } else if (a.given[P_ROWS]) {
        if ((rc = parse_u32(&R, a.val[P_ROWS], "--rows", 1, UINT32_MAX)) ||
            (rc = parse_u32(&C, a.val[P_COLS], "--cols", 1, UINT32_MAX)))
            return rc;
    }
    sp.rows = R;
    sp.cols = C;

    if (a.given[P_VALUE]) {
        if (sp.style != WY_PLOT_PPOS)
            return die(2, "--value is for --style ppos (the positions of one value)");
        uint64_t g;
        if (!cli_parse_size(&g, a.val[P_VALUE], "--value", err, sizeof err))
            return die(2, "%s", err);
        sp.value = g;
    }
    if (a.given[P_CELL] && (rc = parse_u32(&sp.cell, a.val[P_CELL], "--cell", 1, 128)))
        return rc;
    if (a.given[P_TITLE]) {
        if (strlen(a.val[P_TITLE]) > 200)
            return die(2, "--title is longer than 200 characters");
        sp.title = a.val[P_TITLE];
    }
    unsigned threads = cli_default_threads();
    if (a.given[P_THREADS]) {
        uint32_t n;
        if ((rc = parse_u32(&n, a.val[P_THREADS], "--threads", 1, 256)))
            return rc;
        threads = n;
    }
    if (a.given[P_MEMLIMIT]) {
        if (!cli_parse_bytes(&sp.mem_limit, a.val[P_MEMLIMIT], err, sizeof err))
            return die(2, "%s", err);
        if (sp.mem_limit == 0)
            return die(2, "--mem-limit must be positive");
    } else {
        sp.mem_limit = cli_available_memory();
    }

    wy_plot_geometry geom;
    wy_status st = wy_plot_layout(&sp, &geom, err, sizeof err);
    if (st != WY_OK)
        return die(2, "%s", err);
    uint64_t need = wy_plot_estimate(&sp);
    if (sp.mem_limit && need > sp.mem_limit)
        return die(3, "this plot needs about %llu MiB, more than the limit of %llu MiB (use --mem-limit to change it)",
                   (unsigned long long)((need + (1u << 20) - 1) >> 20),
                   (unsigned long long)(sp.mem_limit >> 20));

    cli_file cf;
    if (!cli_file_open(&cf, to_stdout ? NULL : out))
        return die(2, "cannot write '%s': %s", out, strerror(errno));
    cli_progress prog;
    cli_progress_init(&prog, "plot", sp.style == WY_PLOT_PPOS ? "rows" : "cells", !a.given[P_QUIET]);
    wy_run run = {threads, cli_progress_fn, &prog, 0};
    st = wy_plot(&sp, &run, file_write, cf.f, err, sizeof err);
    cli_progress_done(&prog);
    if (st != WY_OK) {
        cli_file_abort(&cf);
        if (st == WY_ECANCELED && cli_interrupted())
            return die(130, "interrupted");
        if (st == WY_ERANGE)
            return die(3, "%s (use --mem-limit to change the limit)", err);
        if (st == WY_EINVAL && strcmp(err, "write error") == 0)
            return die(2, "write error on '%s'", out);
        return die((int)st, "%s", err);
    }
    if (!cli_file_commit(&cf))
        return die(2, "write error on '%s'", out);
    return 0;
}
