/* cmd_period.c - `wythoff period`: the preperiod and period of rows
 * 0..R-1, proved by the engine (wy_row_periods_compute_run), and with
 * --certificate FILE the proof written for an independent checker
 * (tools/certcheck.c; the format is docs/periods.md, "Certificate"). */
#include "commands.h"
#include "wythoff_exact.h"

#include <string.h>

/* The certificate: what the engine proved, every layer and row
 * (docs/periods.md).  saltus = the row's shift per row period. */
static void write_certificate(cli_out *o, const wy_rules *r, const wy_row_periods *rp)
{
    char rt[160];
    wy_rules_format(rt, sizeof rt, r);
    cli_out_str(o, "wythoff-period-certificate 1\n");
    /* how it was made: a comment, which checkers skip; cut to fit the
     * checker's line limit of 1024 bytes (docs/periods.md) */
    const char *prov = cli_prov_text();
    if (strlen(prov) <= 1000)
        cli_out_fmt(o, "# %s\n", prov);
    else
        cli_out_fmt(o, "# %.990s ...\n", prov);
    cli_out_fmt(o, "rules %s\n", rt);
    cli_out_fmt(o, "rows %u\nlayers %u\n", rp->rows, rp->layers);
    cli_out_fmt(o, "y0 %llu\nperiod %llu\nshift %llu\nwindow %llu\n", (unsigned long long)rp->y0,
                (unsigned long long)rp->period, (unsigned long long)rp->shift,
                (unsigned long long)rp->cols_computed);
    cli_out_str(o, "# layer (passes left) x preperiod period saltus\n");
    for (uint32_t p = 0; p < rp->layers; p++)
        for (uint32_t x = 0; x < rp->rows; x++) {
            size_t i = (size_t)p * rp->rows + x;
            unsigned long long per = rp->row_period[i];
            cli_out_fmt(o, "row %u %u %llu %llu %llu\n", p, x, (unsigned long long)rp->row_pre[i], per,
                        (unsigned long long)(rp->period ? per * rp->shift / rp->period : 0));
        }
    cli_out_str(o, "end\n");
}

int cli_cmd_period(cli_config *c)
{
    char err[WY_ERRLEN];
    int rc;
    if (c->npos != 1)
        return cli_die(2, "period takes one ruleset; usage: wythoff %s", c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)))
        return rc;
    const cli_game *g = &c->game[0];
    uint64_t rows = 16, maxc = (uint64_t)1 << 22;
    if (c->given[O_ROWS] && !cli_num_size(&rows, c->val[O_ROWS], "--rows", err, sizeof err))
        return cli_die(2, "%s", err);
    if (rows < 1 || rows > 4096)
        return cli_die(2, "--rows %s out of range (1 to 4096)", c->val[O_ROWS]);
    if (c->given[O_MAXCOLS] && !cli_num_size(&maxc, c->val[O_MAXCOLS], "--max-cols", err, sizeof err))
        return cli_die(2, "%s", err);
    if (maxc < 64 || maxc > UINT32_MAX)
        return cli_die(2, "--max-cols out of range (64 to 4294967295)");
    if (g->rules.heap || (g->rules.mod && g->rules.max))
        return cli_die(2, "period covers rulesets without heap=H, and mod=M only without max=N (got '%s')", g->text);
    /* the certificate's file is checked before any work, like --output's */
    cli_sink csink;
    cli_out co;
    const char *cert = c->given[O_CERTIFICATE] ? c->val[O_CERTIFICATE] : NULL;
    if (cert) {
        if (!*cert)
            return cli_die(2, "--certificate needs a file name");
        if ((rc = cli_sink_open(&csink, cert)))
            return rc;
        if (!cli_out_open(&co, csink.f)) {
            cli_sink_abort(&csink);
            return cli_die(3, "out of memory");
        }
    }
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        if (cert)
            cli_finish(&co, &csink, rc);
        return rc;
    }
    wy_row_periods rp;
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "period", "cells");
    wy_status st = wy_row_periods_compute_run(&rp, &g->rules, (uint32_t)rows, maxc, c->mem_limit, &run, err,
                                              sizeof err);
    cli_progress_done(&prog);
    if (st != WY_OK) {
        rc = cli_fail(st, err, 0);
        if (cert)
            cli_finish(&co, &csink, rc);
        return cli_finish(&o, &sink, rc);
    }
    if (cert) {
        write_certificate(&co, &g->rules, &rp);
        if ((rc = cli_finish(&co, &csink, 0))) {
            wy_row_periods_clear(&rp);
            return cli_finish(&o, &sink, rc);
        }
    }
    const uint32_t p = g->side.pass;
    const char *fmt = c->format;
    const int additive = rp.shift != 0;
    if (strcmp(fmt, "csv") == 0) {
        cli_out_prov_line(&o, "# ", "");
        cli_out_str(&o, "x,preperiod,period\n");
    } else if (strcmp(fmt, "json") == 0) {
        cli_period_json(&o, g, &rp);
        wy_row_periods_clear(&rp);
        return cli_finish(&o, &sink, 0);
    } else {
        char side[96];
        cli_side_suffix(side, sizeof side, g);
        cli_out_fmt(&o, "rows 0-%u of %s%s: G(x, y + period) = G(x, y)%s for every y >= preperiod\n", rp.rows - 1,
                    g->text, side, additive ? " + period" : "");
        cli_out_fmt(&o, "proof: the state of rows 0-%u at column %llu equals the state at column %llu, values moved "
                        "by %llu (docs/exact.md; window of %llu columns)\n",
                    rp.rows - 1, (unsigned long long)rp.y0, (unsigned long long)(rp.y0 + rp.period),
                    (unsigned long long)rp.shift, (unsigned long long)rp.cols_computed);
        cli_out_str(&o, "   x  preperiod  period\n");
    }
    for (uint32_t x = 0; x < rp.rows; x++) {
        size_t i = (size_t)p * rp.rows + x;
        unsigned long long pre = rp.row_pre[i], per = rp.row_period[i];
        if (strcmp(fmt, "csv") == 0)
            cli_out_fmt(&o, "%u,%llu,%llu\n", x, pre, per);
        else
            cli_out_fmt(&o, "%4u  %9llu  %6llu\n", x, pre, per);
    }
    wy_row_periods_clear(&rp);
    return cli_finish(&o, &sink, 0);
}
