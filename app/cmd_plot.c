/* cmd_plot.c - `wythoff plot`: a picture of a window (wythoff_plot.h). */
#include "commands.h"
#include "wythoff_plot.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int u32_option(uint32_t *out, const cli_config *c, int id, const char *what, uint64_t lo, uint64_t hi)
{
    char err[WY_ERRLEN];
    uint64_t v;
    if (!cli_num_size(&v, c->val[id], what, err, sizeof err))
        return cli_die(2, "%s", err);
    if (v < lo || v > hi)
        return cli_die(2, "%s %s out of range (%llu to %llu)", what, c->val[id], (unsigned long long)lo,
                       (unsigned long long)hi);
    *out = (uint32_t)v;
    return 0;
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    if (a < b)
        return 0;
    for (size_t i = 0; i < b; i++) {
        char ch = s[a - b + i];
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if (ch != suf[i])
            return 0;
    }
    return 1;
}

static int file_write(void *ctx, const void *data, size_t len)
{
    cli_out *o = ctx;
    cli_out_mem(o, data, len);
    return cli_write_failed(o);
}

int cli_cmd_plot(cli_config *c)
{
    int rc;
    char err[WY_ERRLEN];
    static const char *const labels[] = {"RULES", "RULES2", "RULES3"};
    wy_plot_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.style = WY_PLOT_HEATMAP;
    if (c->given[O_STYLE]) {
        const char *s = c->val[O_STYLE];
        if (strcmp(s, "heatmap") == 0)
            sp.style = WY_PLOT_HEATMAP;
        else if (strcmp(s, "ppos") == 0)
            sp.style = WY_PLOT_PPOS;
        else if (strcmp(s, "table") == 0)
            sp.style = WY_PLOT_TABLE;
        else
            return cli_die(2, "unknown style '%.40s' (heatmap, ppos or table)", s);
    }
    if (c->npos > 1 && sp.style != WY_PLOT_PPOS)
        return cli_die(2, "%d rulesets given: only --style ppos overlays several rulesets", c->npos);

    /* output and format */
    if (!c->output)
        return cli_die(2, "missing --output FILE.png or FILE.svg; usage: wythoff %s", c->cmd->usage);
    const char *out = c->output;
    int fmt = -1;
    if (c->given[O_FORMAT]) {
        if (strcmp(c->val[O_FORMAT], "png") == 0)
            fmt = WY_PLOT_PNG;
        else if (strcmp(c->val[O_FORMAT], "svg") == 0)
            fmt = WY_PLOT_SVG;
        else
            return cli_die(2, "unknown format '%.40s' (plot writes png or svg)", c->val[O_FORMAT]);
    } else if (ends_with(out, ".png")) {
        fmt = WY_PLOT_PNG;
    } else if (ends_with(out, ".svg")) {
        fmt = WY_PLOT_SVG;
    } else {
        return cli_die(2, "cannot tell the format of '%s': name it .png or .svg, or give --format png|svg", out);
    }
    const int to_stdout = strcmp(out, "-") == 0;
    if (to_stdout && fmt == WY_PLOT_PNG && isatty(STDOUT_FILENO))
        return cli_die(2, "not writing a PNG to a terminal; redirect standard output or give --output FILE.png");
    sp.format = (wy_plot_format)fmt;

    /* rulesets and side states */
    if ((rc = cli_games(c, c->npos, labels)))
        return rc;
    for (int i = 0; i < c->npos; i++) {
        sp.games[i].rules = &c->game[i].rules;
        sp.games[i].side = c->game[i].side;
    }
    sp.ngames = (unsigned)c->npos;

    /* window: both sides within 32 bits */
    if ((rc = cli_window(c, 64)))
        return rc;
    if (c->rows > UINT32_MAX || c->cols > UINT32_MAX)
        return cli_die(3, "a %llu x %llu window is beyond plot (at most 4294967295 per side)",
                       (unsigned long long)c->rows, (unsigned long long)c->cols);
    sp.rows = (uint32_t)c->rows;
    sp.cols = (uint32_t)c->cols;

    if (c->given[O_VALUE]) {
        if (sp.style != WY_PLOT_PPOS)
            return cli_die(2, "--value is for --style ppos (the positions of one value)");
        uint64_t g;
        if (!cli_num_size(&g, c->val[O_VALUE], "--value", err, sizeof err))
            return cli_die(2, "%s", err);
        sp.value = g;
    }
    if (c->given[O_CELL] && (rc = u32_option(&sp.cell, c, O_CELL, "--cell", 1, 128)))
        return rc;
    if (c->given[O_TITLE]) {
        if (strlen(c->val[O_TITLE]) > 200)
            return cli_die(2, "--title is longer than 200 characters");
        sp.title = c->val[O_TITLE];
    }
    sp.mem_limit = c->mem_limit;

    wy_plot_geometry geom;
    wy_status st = wy_plot_layout(&sp, &geom, err, sizeof err);
    if (st != WY_OK)
        return cli_die(2, "%s", err);
    uint64_t need = wy_plot_estimate(&sp);
    if (sp.mem_limit && need > sp.mem_limit)
        return cli_refuse_memory("this plot", need, sp.mem_limit, NULL);

    if (sp.style != WY_PLOT_PPOS) /* the dots come from layer scans */
        for (int i = 0; i < c->ngames; i++)
            cli_note_table_work(c, "this plot's table", &c->game[i].rules, sp.rows, sp.cols, c->game[i].side);
    cli_sink sink;
    cli_out o;
    c->output = to_stdout ? NULL : out;
    if ((rc = cli_open_output(c, &sink, &o)))
        return rc;
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "plot", sp.style == WY_PLOT_PPOS ? "rows" : "cells");
    st = wy_plot_source(&sp, cli_prov_text(), &run, file_write, &o, err, sizeof err); /* docs/formats.md, Provenance */
    cli_progress_done(&prog);
    if (st == WY_OK || (st == WY_ECANCELED && cli_interrupted()) ||
        (st == WY_EINVAL && strcmp(err, "write error") == 0 && cli_write_failed(&o)))
        rc = 0; /* cli_finish reports an interrupt or a write error */
    else
        rc = cli_fail(st, err, 1);
    return cli_finish(&o, &sink, rc);
}
