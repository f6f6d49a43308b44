/* cmd_table.c - `wythoff table`: the values of every position of a window,
 * in the formats of docs/formats.md.  The text format needs the largest
 * value first, so its table is kept whole; every other format is written
 * row by row as the engine's bands finish. */
#include "commands.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int digits_of(uint64_t v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

/* A table writer: header, rows in order, footer; shared by tables kept in
 * memory and tables streamed row by row. */
typedef struct {
    cli_out *o;
    const cli_game *s;
    const char *f;
    int color;
    uint32_t R, C;
    int w, lw;       /* text: cell and label widths */
    unsigned binw;   /* bin: bytes per cell */
    int fragment;    /* latex: only the tabular (--fragment) */
    int texd;        /* latex: digits a value column is wide */
    unsigned char *bbuf;
} table_writer;

/* Text for a LaTeX comment: the canonical rules and side texts hold only
 * [a-z0-9+=, ]; anything else (never expected) is written as '?', so that
 * nothing can end the comment or reach TeX as a command. */
static void tex_comment_text(cli_out *o, const char *t)
{
    for (; *t; t++) {
        char c = *t;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '=' ||
                 c == ',' || c == ' ' || c == '-' || c == '.';
        cli_out_char(o, ok ? c : '?');
    }
}

/* docs/formats.md, section latex: a standalone document (or, with
 * --fragment, only its body) holding a colortbl tabular. */
static void tex_header(table_writer *w, const char *side)
{
    cli_out *o = w->o;
    const cli_game *s = w->s;
    const uint32_t C = w->C;
    cli_out_prov_line(o, "% ", "");
    cli_out_fmt(o, "%% Values %s of ", s->rules.misere ? "G-(x, y)" : "G(x, y)");
    tex_comment_text(o, s->text);
    tex_comment_text(o, side);
    cli_out_str(o, " (row x, column y); P-positions (value 0) on red cells.\n");
    if (w->fragment) {
        cli_out_str(o, "% Needs \\usepackage[table]{xcolor} in the preamble; \\definecolor{wyP}{RGB}{...} there "
                       "changes the red.\n");
    } else {
        cli_out_str(o, "% In a paper: copy the lines from \\providecolor to \\endgroup and add \\usepackage[table]{xcolor} "
                       "to the preamble,\n"
                       "% or put \\usepackage{standalone} and \\usepackage[table]{xcolor} there and \\input this file.\n"
                       "\\documentclass[border=2pt]{standalone}\n"
                       "\\usepackage[table]{xcolor}\n"
                       "\\begin{document}\n");
    }
    /* plain r columns (p or w columns exhaust TeX's memory far sooner); the
     * column labels, boxes as wide as texd digits (0.5em a digit), make
     * every column that wide, or wider where a number needs it */
    char wd[24];
    snprintf(wd, sizeof wd, w->texd % 2 ? "%d.5em" : "%dem", w->texd / 2);
    cli_out_str(o, "\\providecolor{wyP}{RGB}{200,16,46}\n"
                   "\\providecolor{wyGrid}{gray}{0.8}\n"
                   "\\begingroup\n"
                   "\\small\n"
                   "\\setlength{\\tabcolsep}{0.3em}%\n"
                   "\\renewcommand{\\arraystretch}{1.3}%\n");
    cli_out_str(o, "\\begin{tabular}{r|r");
    if (C > 1)
        cli_out_fmt(o, "*{%u}{!{\\color{wyGrid}\\vrule}r}", C - 1);
    cli_out_str(o, "}\n$x\\backslash y$");
    for (uint32_t y = 0; y < C; y++)
        cli_out_fmt(o, " & \\makebox[%s][r]{%u}", wd, y);
    cli_out_str(o, " \\\\\n\\hline\n");
}

static void tw_header(table_writer *w, uint64_t maxv)
{
    cli_out *o = w->o;
    const cli_game *s = w->s;
    const char *f = w->f;
    const uint32_t C = w->C;
    char side[96];
    cli_side_suffix(side, sizeof side, s);
    if (strcmp(f, "csv") == 0) {
        cli_out_prov_line(o, "# ", "");
        cli_out_str(o, "x\\y");
        for (uint32_t y = 0; y < C; y++) {
            cli_out_char(o, ',');
            cli_out_u64(o, y);
        }
        cli_out_char(o, '\n');
    } else if (strcmp(f, "json") == 0) {
        cli_out_char(o, '{');
        cli_out_json_generator(o);
        cli_out_json_game(o, s);
        cli_out_fmt(o, ",\"rows\":%u,\"cols\":%u,\"values\":[", w->R, C);
    } else if (strcmp(f, "markdown") == 0) {
        cli_out_prov_line(o, "<!-- ", " -->");
        cli_out_fmt(o, "Values %s of `%s`%s; P-positions in bold.\n\n| x\\y |", s->rules.misere ? "G-(x, y)" : "G(x, y)",
                    s->text, side);
        for (uint32_t y = 0; y < C; y++)
            cli_out_fmt(o, " %u |", y);
        cli_out_str(o, "\n|---:|");
        for (uint32_t y = 0; y < C; y++)
            cli_out_str(o, "---:|");
        cli_out_char(o, '\n');
    } else if (strcmp(f, "latex") == 0) {
        tex_header(w, side);
    } else if (strcmp(f, "bin") == 0) {
        unsigned char h[CLI_BIN_HEADER_MAX];
        unsigned bw;
        cli_out_mem(o, (const char *)h, cli_bin_header(h, s, w->R, C, &bw));
    } else { /* text */
        w->w = digits_of(maxv > C - 1 ? maxv : C - 1);
        w->lw = digits_of(w->R - 1) < 3 ? 3 : digits_of(w->R - 1);
        cli_out_fmt(o, "%s(x, y) for %s%s; row x, column y; %s marks a P-position\n", s->rules.misere ? "G-" : "G",
                    s->text, side, w->color ? "colour" : "(0)");
        cli_out_fmt(o, "%*s ", w->lw, "x\\y");
        for (uint32_t y = 0; y < C; y++)
            cli_out_fmt(o, " %*u ", w->w, y);
        cli_out_rtrim(o);
        cli_out_char(o, '\n');
    }
}

static void tw_row(table_writer *w, uint32_t x, const uint32_t *v)
{
    cli_out *o = w->o;
    const char *f = w->f;
    const uint32_t C = w->C;
    if (strcmp(f, "csv") == 0) {
        cli_out_u64(o, x);
        for (uint32_t y = 0; y < C; y++) {
            cli_out_char(o, ',');
            cli_out_u64(o, v[y]);
        }
        cli_out_char(o, '\n');
    } else if (strcmp(f, "json") == 0) {
        cli_out_str(o, x ? ",\n[" : "\n[");
        for (uint32_t y = 0; y < C; y++) {
            if (y)
                cli_out_char(o, ',');
            cli_out_u64(o, v[y]);
        }
        cli_out_char(o, ']');
    } else if (strcmp(f, "markdown") == 0) {
        cli_out_fmt(o, "| **%u** |", x);
        for (uint32_t y = 0; y < C; y++) {
            cli_out_str(o, v[y] ? " " : " **");
            cli_out_u64(o, v[y]);
            cli_out_str(o, v[y] ? " |" : "** |");
        }
        cli_out_char(o, '\n');
    } else if (strcmp(f, "latex") == 0) {
        /* a light rule between rows; a P-position on a red cell, in white bold */
        if (x)
            cli_out_str(o, "\\noalign{\\color{wyGrid}\\hrule}\n");
        cli_out_u64(o, x);
        for (uint32_t y = 0; y < C; y++) {
            if (v[y]) {
                cli_out_str(o, " & ");
                cli_out_u64(o, v[y]);
            } else {
                cli_out_str(o, " & \\cellcolor{wyP}\\textcolor{white}{\\textbf{0}}");
            }
        }
        cli_out_str(o, " \\\\\n");
    } else if (strcmp(f, "bin") == 0) {
        unsigned char *b = w->bbuf;
        const unsigned bw = w->binw;
        /* little-endian cells; the common widths as loops of their own,
         * which the compiler turns into a few instructions per 16 cells */
        if (bw == 2)
            for (uint32_t y = 0; y < C; y++) {
                b[2 * (size_t)y] = (unsigned char)v[y];
                b[2 * (size_t)y + 1] = (unsigned char)(v[y] >> 8);
            }
        else if (bw == 4)
            for (uint32_t y = 0; y < C; y++)
                for (unsigned k = 0; k < 4; k++)
                    b[4 * (size_t)y + k] = (unsigned char)(v[y] >> (8 * k));
        else
            for (uint32_t y = 0; y < C; y++)
                for (unsigned k = 0; k < bw; k++)
                    *b++ = (unsigned char)(v[y] >> (8 * k));
        cli_out_mem(o, (const char *)w->bbuf, (size_t)C * bw);
    } else { /* text */
        cli_out_fmt(o, "%*u ", w->lw, x);
        for (uint32_t y = 0; y < C; y++) {
            if (v[y] == 0 && w->color)
                cli_out_fmt(o, " \x1b[1;97;41m%*u\x1b[0m ", w->w, v[y]);
            else if (v[y] == 0)
                cli_out_fmt(o, "%*s(0)", w->w - 1, "");
            else
                cli_out_fmt(o, " %*u ", w->w, v[y]);
        }
        cli_out_rtrim(o);
        cli_out_char(o, '\n');
    }
}

static void tw_footer(table_writer *w)
{
    if (strcmp(w->f, "json") == 0)
        cli_out_str(w->o, "]}\n");
    else if (strcmp(w->f, "latex") == 0)
        cli_out_str(w->o, w->fragment ? "\\end{tabular}\n\\endgroup\n" : "\\end{tabular}\n\\endgroup\n\\end{document}\n");
}

static int tw_open(table_writer *w, cli_out *o, const cli_game *s, const char *format, uint32_t R, uint32_t C, int color)
{
    memset(w, 0, sizeof *w);
    w->o = o;
    w->s = s;
    w->f = format;
    w->color = color;
    w->R = R;
    w->C = C;
    w->binw = cli_bin_width(s, R, C);
    /* latex: every value column as wide as the widest number it can hold
     * (the proved bound on the values, and the column labels), at least 2
     * digits, so that the grid is even and roughly square */
    uint64_t vb = wy_table_value_bound(&s->rules, R, C, s->side);
    w->texd = digits_of(vb > C - 1 ? vb : C - 1);
    if (w->texd < 2)
        w->texd = 2;
    if (strcmp(w->f, "bin") == 0 && !(w->bbuf = malloc((size_t)C * 4)))
        return 0;
    return 1;
}

typedef struct {
    table_writer *w;
} stream_ctx;

static int stream_row(void *ctx, uint32_t x, const uint32_t *values, uint32_t cols)
{
    stream_ctx *c = ctx;
    (void)cols;
    tw_row(c->w, x, values);
    return cli_write_failed(c->w->o) || cli_interrupted();
}

/* The whole table in memory, then written (text; the other formats when
 * only the table fits). */
static wy_status write_held(cli_config *c, table_writer *w, uint32_t R, uint32_t C, char *err, size_t errlen)
{
    const cli_game *g = &c->game[0];
    wy_table *t = NULL;
    cli_progress prog;
    wy_run run = cli_run(c, &prog, "table", "cells");
    wy_status st = wy_table_compute_run(&t, &g->rules, R, C, g->side, c->mem_limit, WY_LAYOUT_AUTO, &run, err, errlen);
    cli_progress_done(&prog);
    if (st != WY_OK)
        return st;
    uint32_t *row = malloc((size_t)C * sizeof *row);
    if (!row) {
        wy_table_free(t);
        snprintf(err, errlen, "out of memory");
        return WY_ERANGE;
    }
    tw_header(w, strcmp(c->format, "text") == 0 ? wy_table_max(t, g->side) : 0);
    cli_progress_init(&prog, "writing", "rows", !c->quiet);
    for (uint32_t x = 0; x < R && !cli_write_failed(w->o); x++) {
        wy_table_row(t, x, g->side, row);
        tw_row(w, x, row);
        if ((x & 255) == 255 && cli_progress_fn(&prog, x + 1, R)) {
            st = WY_ECANCELED;
            break;
        }
    }
    cli_progress_done(&prog);
    free(row);
    wy_table_free(t);
    return st;
}

int cli_cmd_table(cli_config *c)
{
    int rc;
    char err[WY_ERRLEN];
    if (c->npos != 1)
        return cli_die(2, "table takes one ruleset (got %d arguments); usage: wythoff %s", c->npos, c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)) || (rc = cli_window(c, 16)))
        return rc;
    const cli_game *g = &c->game[0];
    if (strcmp(c->format, "bin") == 0 && !c->output && isatty(fileno(stdout)))
        return cli_die(2, "--format bin writes binary data; use --output FILE");
    if (c->given[O_FRAGMENT] && strcmp(c->format, "latex") != 0)
        return cli_die(2, "--fragment applies only to --format latex (the format is %s)", c->format);
    if ((rc = cli_window_table(c)))
        return rc;
    const uint32_t R = (uint32_t)c->rows, C = (uint32_t)c->cols;
    /* text needs the largest value before the first row: the whole table in
     * memory; the other formats are written row by row as bands finish, from
     * the whole table when it fits, else from a ring of recent rows.  The
     * ring needs every line's bitset over the whole range of values, which
     * for a narrow window is far more than its table (1 x 10^6: 233 GiB
     * against 6 MiB): when the ring does not fit but the table does, the
     * table is computed in memory and written from there, as text is. */
    uint64_t need = wy_table_estimate(&g->rules, R, C, g->side);
    uint64_t sneed = wy_table_stream_estimate(&g->rules, R, C, g->side, c->threads);
    const int streaming =
        strcmp(c->format, "text") != 0 && !(c->mem_limit && sneed > c->mem_limit && need <= c->mem_limit);
    if (c->mem_limit && (streaming ? sneed : need) > c->mem_limit) {
        if (need == UINT64_MAX) { /* beyond any memory (2^32 side layers): the engine refuses and says why */
            wy_table *t = NULL;
            return cli_fail(wy_table_compute_run(&t, &g->rules, R, C, g->side, c->mem_limit, WY_LAYOUT_AUTO, NULL,
                                                 err, sizeof err),
                            err, 0);
        }
        char what[64], sn[32];
        snprintf(what, sizeof what, "a %u x %u table in memory", R, C);
        wy_memory_refusal(err, sizeof err, what, need, c->mem_limit);
        wy_format_bytes(sn, sizeof sn, sneed);
        return cli_die(3, "%s; written row by row (formats csv, json, markdown, latex, bin) it needs about %s%s", err,
                       sn, sneed > c->mem_limit ? " (use --mem-limit to change the limit)" : "");
    }
    cli_note_work(c, "this table", wy_table_work(&g->rules, R, C, g->side), streaming ? sneed : need);
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o)))
        return rc;
    table_writer w;
    if (!tw_open(&w, &o, g, c->format, R, C, !c->output && strcmp(c->format, "text") == 0 && cli_use_color(stdout))) {
        cli_out_close(&o);
        cli_sink_abort(&sink);
        return cli_die(3, "out of memory");
    }
    w.fragment = c->given[O_FRAGMENT];
    wy_status st;
    if (streaming) {
        tw_header(&w, 0);
        stream_ctx sc = {&w};
        cli_progress prog;
        wy_run run = cli_run(c, &prog, "table", "cells");
        st = wy_table_stream(&g->rules, R, C, g->side, c->mem_limit, &run, stream_row, &sc, err, sizeof err);
        cli_progress_done(&prog);
    } else {
        st = write_held(c, &w, R, C, err, sizeof err);
    }
    if (st == WY_OK)
        tw_footer(&w);
    free(w.bbuf);
    /* a stop asked by stream_row (a write error, Ctrl-C) is reported by cli_finish */
    rc = st == WY_OK || (st == WY_ECANCELED && (cli_interrupted() || cli_write_failed(&o))) ? 0 : cli_fail(st, err, 1);
    return cli_finish(&o, &sink, rc);
}
