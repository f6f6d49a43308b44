/* main.c - the `wythoff` command: a thin client of the library (wythoff.h).
 * Commands and formats: docs/commands.md, docs/formats.md. */
#include "cli.h"
#include "wythoff_exact.h"
#include "wythoff_layer.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Option table                                                        */
/* ------------------------------------------------------------------ */

enum { CMD_TABLE = 1, CMD_VALUE = 2, CMD_PPOS = 4, CMD_MOVES = 8, CMD_PERIOD = 16, CMD_ALL = 31 };

enum {
    O_SIZE, O_ROWS, O_COLS, O_PASS, O_HEAP, O_FORMAT, O_OUTPUT, O_FRAGMENT, O_VALUE, O_COUNT, O_FROM, O_TERMS,
    O_MAXCOLS, O_ENGINE, O_MEMLIMIT, O_THREADS, O_QUIET, O_HELP, O_VERSION, O_NOPT
};

static const struct {
    const char *name;
    int arg;       /* takes a value */
    unsigned cmds; /* commands it applies to */
    const char *meta, *help;
} opts[O_NOPT] = {
    [O_SIZE] = {"size", 1, CMD_TABLE | CMD_PPOS, "N", "window 0 <= x, y < N (accepts 1e3, 2^10)"},
    [O_ROWS] = {"rows", 1, CMD_TABLE | CMD_PERIOD, "R", "rows 0 <= x < R"},
    [O_COLS] = {"cols", 1, CMD_TABLE, "C", "columns 0 <= y < C"},
    [O_PASS] = {"pass", 1, CMD_ALL, "P", "passes still available (default: all of the ruleset's)"},
    [O_HEAP] = {"heap", 1, CMD_ALL, "H", "stones in the extra heap (default: the ruleset's heap=H)"},
    [O_FORMAT] = {"format", 1, CMD_ALL, "F", "output format (see docs/formats.md)"},
    [O_OUTPUT] = {"output", 1, CMD_TABLE, "FILE", "write the table to FILE instead of standard output"},
    [O_FRAGMENT] = {"fragment", 0, CMD_TABLE, NULL, "with --format latex: the table without the document around it, to \\input into a paper"},
    [O_VALUE] = {"value", 1, CMD_PPOS, "G", "list positions of value G instead of the P-positions (G = 0)"},
    [O_COUNT] = {"count", 0, CMD_PPOS, NULL, "print only the number of positions found"},
    [O_FROM] = {"from", 1, CMD_PPOS, "X", "list the P-positions (a, b), a <= b, with a >= X along the sequence (any size)"},
    [O_TERMS] = {"terms", 1, CMD_PPOS, "K", "with --from: how many to list (default 10)"},
    [O_MAXCOLS] = {"max-cols", 1, CMD_PERIOD, "C", "give up when no period is proved within C columns (default 2^22)"},
    [O_ENGINE] = {"engine", 1, CMD_PPOS, "E", "auto (default), table or layer (see docs/engines.md)"},
    [O_MEMLIMIT] = {"mem-limit", 1, CMD_ALL, "BYTES", "memory allowed (default: the machine's available memory)"},
    [O_THREADS] = {"threads", 1, CMD_ALL, "N", "worker threads for tables (default: all cores)"},
    [O_QUIET] = {"quiet", 0, CMD_ALL, NULL, "no progress display"},
    [O_HELP] = {"help", 0, CMD_ALL, NULL, "show help"},
    [O_VERSION] = {"version", 0, CMD_ALL, NULL, "show the version"},
};

typedef struct {
    const char *pos[4];
    int npos;
    const char *val[O_NOPT];
    int given[O_NOPT];
} args;

static const struct {
    const char *name;
    unsigned bit;
    const char *usage, *summary;
} commands[] = {
    {"table", CMD_TABLE, "table RULES [--size N | --rows R --cols C] [--pass P] [--heap H] [--format text|csv|json|markdown|latex|bin] [--output FILE]",
     "the values of every position of a window"},
    {"value", CMD_VALUE, "value RULES X Y [--pass P] [--heap H] [--format text|json]   ('-' for X reads 'X Y' lines from stdin)",
     "the value and outcome of one position"},
    {"ppos", CMD_PPOS, "ppos RULES [--size N | --from X [--terms K]] [--value G] [--pass P] [--heap H] [--format text|csv|json] [--count]",
     "the P-positions (or positions of value G) of a window"},
    {"moves", CMD_MOVES, "moves RULES X Y [--pass P] [--heap H] [--format text|json]",
     "every option of a position with its value (huge positions: the winning moves)"},
    {"period", CMD_PERIOD, "period RULES [--rows R] [--pass P] [--format text|csv|json] [--max-cols C]",
     "preperiod and period of rows 0..R-1, proved by the engine"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char *later_commands[] = {"play"};

#define die cli_die

static void usage(FILE *f, int which)
{
    if (which < 0) {
        fprintf(f, "wythoff %s - exact values, P-positions and winning moves of Wythoff's game and its variants\n\n"
                   "usage: wythoff COMMAND RULES [ARGS] [OPTIONS]\n\ncommands:\n",
                WY_VERSION);
        for (size_t i = 0; i < NCOMMANDS; i++)
            fprintf(f, "  %-7s %s\n", commands[i].name, commands[i].summary);
        fprintf(f, "  %-7s %s\n", "compare", "the positions where two games' values or outcomes differ (or a CSV of positions)");
        fprintf(f, "  %-7s %s\n", "check", "the papers' claims, checked by computation (--list lists them)");
        fprintf(f, "  %-7s %s\n", "plot", "a picture (PNG or SVG) of a window: heatmap of values, P-positions, or table");
        fprintf(f, "  %-7s %s\n", "graph", "the move graph of a window as Graphviz DOT (or rendered through Graphviz)");
        fputs("\nRULES := GAME ('+' OPTION)*, GAME wythoff|nim, OPTION pass|pass=K|heap=H|max=N|mod=M|terminal=K|misere\n"
              "examples: wythoff, wythoff+pass, wythoff+heap=1, wythoff+terminal=2+misere, wythoff+max=5, nim+pass,\n"
              "          wythoff+mod=4\n\nRun 'wythoff COMMAND --help' for a command's options; docs/ has the manual.\n",
              f);
        return;
    }
    fprintf(f, "usage: wythoff %s\n%s\n\noptions:\n", commands[which].usage, commands[which].summary);
    for (int o = 0; o < O_NOPT; o++)
        if (opts[o].cmds & commands[which].bit) {
            char lhs[64];
            snprintf(lhs, sizeof lhs, "--%s%s%s", opts[o].name, opts[o].arg ? " " : "", opts[o].arg ? opts[o].meta : "");
            fprintf(f, "  %-20s %s\n", lhs, opts[o].help);
        }
}

/* Parse argv[first..] for command `which`.  Returns 0 on success, else exit code. */
static int parse_args(args *a, int argc, char **argv, int first, int which)
{
    memset(a, 0, sizeof *a);
    int only_pos = 0;
    for (int i = first; i < argc; i++) {
        const char *s = argv[i];
        if (!only_pos && strcmp(s, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (!only_pos && s[0] == '-' && s[1] == '-') {
            const char *name = s + 2, *eq = strchr(name, '=');
            size_t n = eq ? (size_t)(eq - name) : strlen(name);
            int o;
            for (o = 0; o < O_NOPT; o++)
                if (strlen(opts[o].name) == n && strncmp(opts[o].name, name, n) == 0)
                    break;
            if (o == O_NOPT)
                return die(2, "unknown option '%s' (see 'wythoff %s --help')", s, commands[which].name);
            if (!(opts[o].cmds & commands[which].bit))
                return die(2, "option '--%s' does not apply to '%s' (see 'wythoff %s --help')", opts[o].name,
                           commands[which].name, commands[which].name);
            if (a->given[o])
                return die(2, "option '--%s' given twice", opts[o].name);
            a->given[o] = 1;
            if (opts[o].arg) {
                if (eq)
                    a->val[o] = eq + 1;
                else if (i + 1 < argc)
                    a->val[o] = argv[++i];
                else
                    return die(2, "option '--%s' needs a value (%s)", opts[o].name, opts[o].meta);
            } else if (eq) {
                return die(2, "option '--%s' takes no value", opts[o].name);
            }
            continue;
        }
        if (!only_pos && s[0] == '-' && s[1] != '\0' && !(s[1] >= '0' && s[1] <= '9'))
            return die(2, "unknown option '%s' (options are spelled --name)", s);
        if (a->npos == 4)
            return die(2, "too many arguments ('%s'); see 'wythoff %s --help'", s, commands[which].name);
        a->pos[a->npos++] = s;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Shared setup: rules, side state, memory limit, format               */
/* ------------------------------------------------------------------ */

typedef struct {
    wy_rules rules;
    char rules_text[160];
    wy_side side;
    uint64_t mem_limit;
    const char *format;
    unsigned threads;
    int quiet;
} setup;

static int common_setup(setup *s, const args *a, const char *const *formats)
{
    char err[WY_ERRLEN];
    if (wy_rules_parse(&s->rules, a->pos[0], err, sizeof err) != WY_OK)
        return die(2, "%s", err);
    wy_rules_format(s->rules_text, sizeof s->rules_text, &s->rules);
    s->side = wy_side_start(&s->rules);
    if (a->given[O_PASS]) {
        uint32_t v;
        int fits;
        if (s->rules.passes == 0)
            return die(2, "--pass given, but ruleset '%s' has no pass (add +pass)", a->pos[0]);
        if (!cli_parse_coord(&v, &fits, a->val[O_PASS], "--pass", err, sizeof err))
            return die(2, "%s", err);
        if (!fits || v > s->rules.passes)
            return die(2, "--pass %s is more than the ruleset's %u pass%s", a->val[O_PASS], s->rules.passes,
                       s->rules.passes == 1 ? "" : "es");
        s->side.pass = v;
    }
    if (a->given[O_HEAP]) {
        uint32_t v;
        int fits;
        if (s->rules.heap == 0)
            return die(2, "--heap given, but ruleset '%s' has no extra heap (add +heap=H)", a->pos[0]);
        if (!cli_parse_coord(&v, &fits, a->val[O_HEAP], "--heap", err, sizeof err))
            return die(2, "%s", err);
        if (!fits || v > s->rules.heap)
            return die(2, "--heap %s is more than the ruleset's heap=%u", a->val[O_HEAP], s->rules.heap);
        s->side.heap = v;
    }
    s->threads = cli_default_threads();
    s->quiet = a->given[O_QUIET];
    if (a->given[O_THREADS]) {
        uint64_t n;
        if (!cli_parse_size(&n, a->val[O_THREADS], "--threads", err, sizeof err))
            return die(2, "%s", err);
        if (n < 1 || n > 256)
            return die(2, "--threads %s out of range (1 to 256)", a->val[O_THREADS]);
        s->threads = (unsigned)n;
    }
    if (a->given[O_MEMLIMIT]) {
        if (!cli_parse_bytes(&s->mem_limit, a->val[O_MEMLIMIT], err, sizeof err))
            return die(2, "%s", err);
        if (s->mem_limit == 0)
            return die(2, "--mem-limit must be positive");
    } else {
        s->mem_limit = cli_available_memory();
    }
    s->format = a->given[O_FORMAT] ? a->val[O_FORMAT] : "text";
    for (int i = 0; formats[i]; i++)
        if (strcmp(formats[i], s->format) == 0)
            return 0;
    char list[128] = "";
    for (int i = 0; formats[i]; i++) {
        strcat(list, i ? ", " : "");
        strcat(list, formats[i]);
    }
    return die(2, "unknown format '%s' (this command writes %s)", s->format, list);
}

static int window_fits(uint64_t rows, uint64_t cols)
{
    if (rows == 0 || cols == 0)
        return die(2, "empty window: sizes must be at least 1");
    if (rows > UINT32_MAX || cols > UINT32_MAX) {
        unsigned __int128 bytes = (unsigned __int128)rows * cols * 4;
        unsigned __int128 gib = bytes >> 30;
        char num[48];
        int k = (int)sizeof num - 1;
        num[k] = '\0';
        do {
            num[--k] = (char)('0' + (int)(gib % 10));
            gib /= 10;
        } while (gib && k > 0);
        return die(3, "a %llu x %llu window is beyond the table engine (at most 4294967295 per side); its values "
                      "alone would need about %s GiB",
                   (unsigned long long)rows, (unsigned long long)cols, num + k);
    }
    return 0;
}

static int compute(wy_table **t, const setup *s, uint64_t rows, uint64_t cols)
{
    char err[WY_ERRLEN];
    int rc = window_fits(rows, cols);
    if (rc)
        return rc;
    wy_run run = {s->threads, cli_progress_fn, NULL, 0};
    cli_progress prog;
    cli_progress_init(&prog, "table", "cells", !s->quiet);
    run.progress_ctx = &prog;
    wy_status st = wy_table_compute_run(t, &s->rules, (uint32_t)rows, (uint32_t)cols, s->side, s->mem_limit,
                                        WY_LAYOUT_AUTO, &run, err, sizeof err);
    cli_progress_done(&prog);
    if (st == WY_ECANCELED)
        return die(130, "interrupted");
    if (st != WY_OK)
        return die(st == WY_ERANGE ? 3 : st, "%s%s", err,
                   st == WY_ERANGE ? " (use --mem-limit to change the limit)" : "");
    return 0;
}

static int digits_of(uint64_t v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

static void side_text(char *buf, size_t n, const setup *s)
{
    buf[0] = '\0';
    if (s->rules.passes && s->rules.heap)
        snprintf(buf, n, ", passes left %u, extra heap %u", s->side.pass, s->side.heap);
    else if (s->rules.passes)
        snprintf(buf, n, ", passes left %u", s->side.pass);
    else if (s->rules.heap)
        snprintf(buf, n, ", extra heap %u", s->side.heap);
}

static void json_side(cli_out *o, const setup *s)
{
    cli_out_fmt(o, "\"rules\":\"%s\",\"misere\":%s", s->rules_text, s->rules.misere ? "true" : "false");
    if (s->rules.passes)
        cli_out_fmt(o, ",\"pass\":%u", s->side.pass);
    if (s->rules.heap)
        cli_out_fmt(o, ",\"heap\":%u", s->side.heap);
}

/* ------------------------------------------------------------------ */
/* table                                                               */
/* ------------------------------------------------------------------ */

/* A table writer: header, rows in order, footer; shared by tables kept in
 * memory and tables streamed row by row. */
typedef struct {
    cli_out *o;
    const setup *s;
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
    const setup *s = w->s;
    const uint32_t C = w->C;
    cli_out_fmt(o, "%% Values %s of ", s->rules.misere ? "G-(x, y)" : "G(x, y)");
    tex_comment_text(o, s->rules_text);
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
    const setup *s = w->s;
    const char *f = w->f;
    const uint32_t C = w->C;
    char side[96];
    side_text(side, sizeof side, s);
    if (strcmp(f, "csv") == 0) {
        cli_out_str(o, "x\\y");
        for (uint32_t y = 0; y < C; y++) {
            cli_out_char(o, ',');
            cli_out_u64(o, y);
        }
        cli_out_char(o, '\n');
    } else if (strcmp(f, "json") == 0) {
        cli_out_char(o, '{');
        json_side(o, s);
        cli_out_fmt(o, ",\"rows\":%u,\"cols\":%u,\"values\":[", w->R, C);
    } else if (strcmp(f, "markdown") == 0) {
        cli_out_fmt(o, "Values %s of `%s`%s; P-positions in bold.\n\n| x\\y |", s->rules.misere ? "G-(x, y)" : "G(x, y)",
                    s->rules_text, side);
        for (uint32_t y = 0; y < C; y++)
            cli_out_fmt(o, " %u |", y);
        cli_out_str(o, "\n|---:|");
        for (uint32_t y = 0; y < C; y++)
            cli_out_str(o, "---:|");
        cli_out_char(o, '\n');
    } else if (strcmp(f, "latex") == 0) {
        tex_header(w, side);
    } else if (strcmp(f, "bin") == 0) {
        /* docs/formats.md: "WYTB", u32 version 2, rows, cols, pass, heap,
         * cell bytes, length of the rules text, the text, then the cells */
        unsigned char h[32];
        uint32_t fields[7] = {2, w->R, C, s->side.pass, s->side.heap, w->binw, (uint32_t)strlen(s->rules_text)};
        memcpy(h, "WYTB", 4);
        for (int i = 0; i < 7; i++)
            for (int b = 0; b < 4; b++)
                h[4 + 4 * i + b] = (unsigned char)(fields[i] >> (8 * b));
        cli_out_mem(o, (const char *)h, sizeof h);
        cli_out_str(o, s->rules_text);
    } else { /* text */
        w->w = digits_of(maxv > C - 1 ? maxv : C - 1);
        w->lw = digits_of(w->R - 1) < 3 ? 3 : digits_of(w->R - 1);
        cli_out_fmt(o, "%s(x, y) for %s%s; row x, column y; %s marks a P-position\n", s->rules.misere ? "G-" : "G",
                    s->rules_text, side, w->color ? "colour" : "(0)");
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

/* Bytes per cell of a bin table: from the proved bound on its values, so
 * the file is the same however it was computed. */
static unsigned bin_width(const setup *s, uint32_t rows, uint32_t cols)
{
    uint64_t b = wy_table_value_bound(&s->rules, rows, cols, s->side);
    return b <= 0xff ? 1 : b <= 0xffff ? 2 : 4;
}

static int tw_open(table_writer *w, cli_out *o, const setup *s, uint32_t R, uint32_t C, int color)
{
    memset(w, 0, sizeof *w);
    w->o = o;
    w->s = s;
    w->f = s->format;
    w->color = color;
    w->R = R;
    w->C = C;
    w->binw = bin_width(s, R, C);
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

static int use_color(FILE *f)
{
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc)
        return 0;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0)
        return 0;
    return isatty(fileno(f));
}

static int window_size(uint64_t *rows, uint64_t *cols, const args *a, uint64_t dflt)
{
    char err[WY_ERRLEN];
    if (a->given[O_SIZE] && (a->given[O_ROWS] || a->given[O_COLS]))
        return die(2, "give either --size or --rows/--cols, not both");
    *rows = *cols = dflt;
    if (a->given[O_SIZE]) {
        if (!cli_parse_size(rows, a->val[O_SIZE], "--size", err, sizeof err))
            return die(2, "%s", err);
        *cols = *rows;
    }
    if (a->given[O_ROWS] && !cli_parse_size(rows, a->val[O_ROWS], "--rows", err, sizeof err))
        return die(2, "%s", err);
    if (a->given[O_COLS] && !cli_parse_size(cols, a->val[O_COLS], "--cols", err, sizeof err))
        return die(2, "%s", err);
    if (a->given[O_ROWS] != a->given[O_COLS] && !a->given[O_SIZE]) {
        if (a->given[O_ROWS])
            *cols = *rows;
        else
            *rows = *cols;
    }
    if (*rows == 0 || *cols == 0)
        return die(2, "empty window: sizes must be at least 1");
    return 0;
}

static int finish_output(cli_out *o, FILE *f, const args *a)
{
    int ok = cli_out_close(o);
    if (f != stdout && fclose(f) != 0)
        ok = 0;
    if (!ok)
        return die(2, "write error on %s", a->given[O_OUTPUT] ? a->val[O_OUTPUT] : "standard output");
    return 0;
}

typedef struct {
    table_writer *w;
    cli_progress *prog;
} stream_ctx;

static int stream_row(void *ctx, uint32_t x, const uint32_t *values, uint32_t cols)
{
    stream_ctx *c = ctx;
    (void)cols;
    tw_row(c->w, x, values);
    return c->w->o->error || cli_interrupted();
}

static int cmd_table(const args *a)
{
    static const char *const formats[] = {"text", "csv", "json", "markdown", "latex", "bin", NULL};
    setup s;
    int rc;
    uint64_t rows, cols;
    char err[WY_ERRLEN];
    if (a->npos != 1)
        return die(2, "table takes one ruleset (got %d arguments); usage: wythoff %s", a->npos, commands[0].usage);
    if ((rc = common_setup(&s, a, formats)) || (rc = window_size(&rows, &cols, a, 16)))
        return rc;
    if (strcmp(s.format, "bin") == 0 && !a->given[O_OUTPUT] && isatty(fileno(stdout)))
        return die(2, "--format bin writes binary data; use --output FILE");
    if (a->given[O_FRAGMENT] && strcmp(s.format, "latex") != 0)
        return die(2, "--fragment applies only to --format latex (the format is %s)", s.format);
    if ((rc = window_fits(rows, cols)))
        return rc;
    const uint32_t R = (uint32_t)rows, C = (uint32_t)cols;
    wy_run run = {s.threads, cli_progress_fn, NULL, 0};
    cli_progress prog;
    run.progress_ctx = &prog;
    /* text needs the largest value before the first row: the whole table in
     * memory; the other formats are written row by row as bands finish, from
     * the whole table when it fits, else from a ring of recent rows */
    int streaming = strcmp(s.format, "text") != 0;
    uint64_t need = wy_table_estimate(&s.rules, R, C, s.side);
    uint64_t sneed = wy_table_stream_estimate(&s.rules, R, C, s.side, s.threads);
    if (s.mem_limit && (streaming ? sneed : need) > s.mem_limit)
        return die(3, "a %u x %u table needs about %llu MiB in memory, more than the limit of %llu MiB; written "
                      "row by row (formats csv, json, markdown, latex, bin) it needs about %llu MiB%s",
                   R, C, (unsigned long long)(need >> 20) + 1, (unsigned long long)((s.mem_limit + (1u << 19)) >> 20),
                   (unsigned long long)(sneed >> 20) + 1,
                   sneed > s.mem_limit ? " (use --mem-limit to change the limit)" : "");
    cli_file cf;
    if (!cli_file_open(&cf, a->given[O_OUTPUT] ? a->val[O_OUTPUT] : NULL))
        return die(2, "cannot write '%s' (%s)", a->val[O_OUTPUT], strerror(errno));
    cli_out o;
    table_writer w;
    if (!cli_out_open(&o, cf.f) || !tw_open(&w, &o, &s, R, C, !a->given[O_OUTPUT] && strcmp(s.format, "text") == 0 && use_color(stdout))) {
        cli_file_abort(&cf);
        return die(3, "out of memory");
    }
    w.fragment = a->given[O_FRAGMENT];
    wy_status st;
    if (streaming) {
        tw_header(&w, 0);
        stream_ctx sc = {&w, &prog};
        cli_progress_init(&prog, "table", "cells", !s.quiet);
        st = wy_table_stream(&s.rules, R, C, s.side, s.mem_limit, &run, stream_row, &sc, err, sizeof err);
        cli_progress_done(&prog);
    } else {
        wy_table *t = NULL;
        cli_progress_init(&prog, "table", "cells", !s.quiet);
        st = wy_table_compute_run(&t, &s.rules, R, C, s.side, s.mem_limit, WY_LAYOUT_AUTO, &run, err, sizeof err);
        cli_progress_done(&prog);
        if (st == WY_OK) {
            uint32_t *row = malloc((size_t)C * sizeof *row);
            if (!row) {
                wy_table_free(t);
                st = WY_ERANGE;
                snprintf(err, sizeof err, "out of memory");
            } else {
                tw_header(&w, strcmp(s.format, "text") == 0 ? wy_table_max(t, s.side) : 0);
                cli_progress_init(&prog, "writing", "rows", !s.quiet);
                for (uint32_t x = 0; x < R && !o.error; x++) {
                    wy_table_row(t, x, s.side, row);
                    tw_row(&w, x, row);
                    if ((x & 255) == 255 && cli_progress_fn(&prog, x + 1, R)) {
                        st = WY_ECANCELED;
                        break;
                    }
                }
                cli_progress_done(&prog);
                free(row);
                wy_table_free(t);
            }
        }
    }
    if (st == WY_OK)
        tw_footer(&w);
    free(w.bbuf);
    int wrote = cli_out_close(&o);
    if (st == WY_OK && cli_interrupted())
        st = WY_ECANCELED;
    if (st != WY_OK || !wrote) {
        cli_file_abort(&cf);
        if (st == WY_ECANCELED || cli_interrupted())
            return die(130, "interrupted%s%s%s", a->given[O_OUTPUT] ? "; " : "",
                       a->given[O_OUTPUT] ? a->val[O_OUTPUT] : "", a->given[O_OUTPUT] ? " was not written" : "");
        if (st != WY_OK)
            return die(st == WY_ERANGE ? 3 : (int)st, "%s%s", err,
                       st == WY_ERANGE ? " (use --mem-limit to change the limit)" : "");
        return die(2, "write error on %s", a->given[O_OUTPUT] ? a->val[O_OUTPUT] : "standard output");
    }
    if (!cli_file_commit(&cf))
        return die(2, "write error on %s", a->given[O_OUTPUT] ? a->val[O_OUTPUT] : "standard output");
    return 0;
}

static int parse_big(mpz_t v, const char *text, const char *what, char *err, size_t errlen);
static int parse_big_expr(mpz_t v, const char *text, const char *what, char *err, size_t errlen);
static void json_big(cli_out *o, const mpz_t v);
static void out_big(cli_out *o, const mpz_t v);
static int exact_open(wy_exact **ex, const setup *s);

/* ------------------------------------------------------------------ */
/* ppos                                                                */
/* ------------------------------------------------------------------ */

/* ppos --from X [--terms K]: P-positions along the sequence, any size. */
static int ppos_seq(const args *a, const setup *s)
{
    char err[WY_ERRLEN];
    int rc;
    if (a->given[O_SIZE] || a->given[O_ROWS] || a->given[O_COLS])
        return die(2, "give either --from or --size, not both");
    if (a->given[O_VALUE] && strcmp(a->val[O_VALUE], "0") != 0)
        return die(2, "--from lists P-positions (value 0) only");
    uint64_t k = 10;
    if (a->given[O_TERMS] && !cli_parse_size(&k, a->val[O_TERMS], "--terms", err, sizeof err))
        return die(2, "%s", err);
    if (k > 10000000)
        return die(3, "--terms %s is more than 10000000", a->val[O_TERMS]);
    mpz_t from;
    mpz_init(from);
    if (!parse_big_expr(from, a->val[O_FROM], "--from", err, sizeof err)) {
        mpz_clear(from);
        return die(2, "%s", err);
    }
    wy_exact *ex = NULL;
    if ((rc = exact_open(&ex, s))) {
        mpz_clear(from);
        return rc;
    }
    mpz_t *xa = malloc((k ? k : 1) * sizeof *xa), *ya = malloc((k ? k : 1) * sizeof *ya),
          *na = malloc((k ? k : 1) * sizeof *na);
    if (!xa || !ya || !na) {
        free(xa);
        free(ya);
        free(na);
        wy_exact_free(ex);
        mpz_clear(from);
        return die(3, "out of memory");
    }
    for (uint64_t i = 0; i < k; i++)
        mpz_inits(xa[i], ya[i], na[i], NULL);
    size_t got = 0;
    wy_status st = wy_exact_ppos(ex, xa, ya, na, k, &got, from, s->side, err, sizeof err);
    cli_out o;
    int opened = st == WY_OK && cli_out_open(&o, stdout);
    if (st != WY_OK) {
        rc = die(st == WY_ERANGE ? 3 : (int)st, "%s", err);
    } else if (!opened) {
        rc = die(3, "out of memory");
    } else {
        const int csv = strcmp(s->format, "csv") == 0, json = strcmp(s->format, "json") == 0;
        char side[96];
        side_text(side, sizeof side, s);
        if (a->given[O_COUNT]) {
            cli_out_fmt(&o, "%zu\n", got);
        } else if (csv) {
            cli_out_str(&o, "n,x,y\n");
        } else if (json) {
            cli_out_char(&o, '{');
            json_side(&o, s);
            cli_out_str(&o, ",\"from\":");
            json_big(&o, from);
            cli_out_str(&o, ",\"positions\":[");
        } else {
            char *t = mpz_get_str(NULL, 10, from);
            cli_out_fmt(&o, "P-positions (x, y) of %s%s with %s <= x <= y, in order (n: index in the sequence):\n",
                        s->rules_text, side, t);
            free(t);
        }
        for (size_t i = 0; i < got && !a->given[O_COUNT]; i++) {
            int idx = mpz_sgn(na[i]) >= 0;
            if (csv) {
                if (idx)
                    out_big(&o, na[i]);
                cli_out_char(&o, ',');
                out_big(&o, xa[i]);
                cli_out_char(&o, ',');
                out_big(&o, ya[i]);
                cli_out_char(&o, '\n');
            } else if (json) {
                cli_out_str(&o, i ? ",{\"n\":" : "{\"n\":");
                if (idx)
                    json_big(&o, na[i]);
                else
                    cli_out_str(&o, "null");
                cli_out_str(&o, ",\"x\":");
                json_big(&o, xa[i]);
                cli_out_str(&o, ",\"y\":");
                json_big(&o, ya[i]);
                cli_out_char(&o, '}');
            } else {
                cli_out_str(&o, "n = ");
                if (idx)
                    out_big(&o, na[i]);
                else
                    cli_out_char(&o, '-');
                cli_out_str(&o, ": (");
                out_big(&o, xa[i]);
                cli_out_str(&o, ", ");
                out_big(&o, ya[i]);
                cli_out_str(&o, ")\n");
            }
        }
        if (json && !a->given[O_COUNT])
            cli_out_fmt(&o, "],\"count\":%zu}\n", got);
        else if (!csv && !json && !a->given[O_COUNT] && got < k)
            cli_out_fmt(&o, "(the set ends here: %zu listed)\n", got);
    }
    for (uint64_t i = 0; i < k; i++)
        mpz_clears(xa[i], ya[i], na[i], NULL);
    free(xa);
    free(ya);
    free(na);
    wy_exact_free(ex);
    mpz_clear(from);
    if (rc) {
        if (opened)
            cli_out_close(&o);
        return rc;
    }
    return finish_output(&o, stdout, a);
}

/* Writes a list of positions in the formats of ppos. */
typedef struct {
    cli_out *o;
    int csv, json, list;
    uint64_t count;
} pos_writer;

static void pw_begin(pos_writer *p, const setup *s, uint64_t g, uint64_t rows, uint64_t cols)
{
    cli_out *o = p->o;
    char side[96];
    side_text(side, sizeof side, s);
    if (p->list && p->csv)
        cli_out_str(o, "x,y\n");
    if (p->list && p->json) {
        cli_out_char(o, '{');
        json_side(o, s);
        cli_out_fmt(o, ",\"value\":%llu,\"rows\":%llu,\"cols\":%llu,\"positions\":[", (unsigned long long)g,
                    (unsigned long long)rows, (unsigned long long)cols);
    }
    if (p->list && !p->csv && !p->json) {
        char what[64] = "P-positions";
        if (g)
            snprintf(what, sizeof what, "positions of value %llu", (unsigned long long)g);
        cli_out_fmt(o, "%s of %s%s in 0 <= x < %llu, 0 <= y < %llu:\n", what, s->rules_text, side,
                    (unsigned long long)rows, (unsigned long long)cols);
    }
}

static void pw_pos(pos_writer *p, uint64_t x, uint64_t y)
{
    if (p->list) {
        if (p->csv)
            cli_out_fmt(p->o, "%llu,%llu\n", (unsigned long long)x, (unsigned long long)y);
        else if (p->json)
            cli_out_fmt(p->o, "%s[%llu,%llu]", p->count ? "," : "", (unsigned long long)x, (unsigned long long)y);
        else
            cli_out_fmt(p->o, "(%llu, %llu)\n", (unsigned long long)x, (unsigned long long)y);
    }
    p->count++;
}

static void pw_end(pos_writer *p)
{
    if (!p->list)
        cli_out_fmt(p->o, "%llu\n", (unsigned long long)p->count);
    else if (p->json)
        cli_out_fmt(p->o, "],\"count\":%llu}\n", (unsigned long long)p->count);
    else if (!p->csv)
        cli_out_fmt(p->o, "%llu found\n", (unsigned long long)p->count);
}

/* The layer engine's positions x <= y, kept for listing (with the mirror
 * images) or counted in a window rows x cols. */
typedef struct {
    uint32_t *xy; /* pairs */
    size_t n, cap;
    uint64_t rows, cols, count;
    int keep;
} layer_acc;

static int layer_take(void *ctx, uint64_t x, uint64_t y)
{
    layer_acc *L = ctx;
    if (x < L->rows && y < L->cols)
        L->count++;
    if (x != y && y < L->rows && x < L->cols)
        L->count++;
    if (!L->keep)
        return cli_interrupted();
    if (L->n == L->cap) {
        size_t nc = L->cap ? 2 * L->cap : 4096;
        uint32_t *t = realloc(L->xy, nc * 2 * sizeof *t);
        if (!t)
            return 1;
        L->xy = t;
        L->cap = nc;
    }
    L->xy[2 * L->n] = (uint32_t)x;
    L->xy[2 * L->n + 1] = (uint32_t)y;
    L->n++;
    return cli_interrupted();
}

static int cmp_pair(const void *a, const void *b)
{
    const uint32_t *p = a, *q = b;
    if (p[0] != q[0])
        return p[0] < q[0] ? -1 : 1;
    return p[1] < q[1] ? -1 : p[1] > q[1];
}

static int ppos_layers(const args *a, const setup *s, uint64_t g, uint64_t rows, uint64_t cols)
{
    char err[WY_ERRLEN];
    const uint64_t size = rows > cols ? rows : cols;
    const int list = !a->given[O_COUNT];
    if (list && size > UINT32_MAX)
        return die(3, "listing the positions of a %llu x %llu window is beyond this tool (use --count)",
                   (unsigned long long)rows, (unsigned long long)cols);
    uint64_t need = wy_layer_estimate(&s->rules, s->side, g, size);
    /* listing keeps the positions: at most one per row outside the
     * terminal region, with its mirror image, 8 bytes each */
    uint64_t K = s->rules.has_terminal ? s->rules.terminal : 0;
    uint64_t listing = list ? 16 * (size + (K + 1) * (K + 1)) : 0;
    if (s->mem_limit && need + listing > s->mem_limit)
        return die(3, "the layer engine needs about %llu MiB for value %llu in a %llu x %llu window%s, more than the "
                      "limit of %llu MiB (use --mem-limit to change the limit)",
                   (unsigned long long)((need + listing) >> 20) + 1, (unsigned long long)g, (unsigned long long)rows,
                   (unsigned long long)cols, list ? " with the list" : "",
                   (unsigned long long)((s->mem_limit + (1u << 19)) >> 20));
    layer_acc L = {NULL, 0, 0, rows, cols, 0, list};
    uint64_t total = 0;
    wy_run run = {s->threads, cli_progress_fn, NULL, 0};
    cli_progress prog;
    cli_progress_init(&prog, "layers", "rows", !s->quiet);
    run.progress_ctx = &prog;
    wy_status st = wy_layer_scan(&s->rules, s->side, g, size, s->mem_limit ? s->mem_limit - listing : 0, layer_take,
                                 &L, &total, &run, err, sizeof err);
    cli_progress_done(&prog);
    if (st != WY_OK) {
        free(L.xy);
        if (cli_interrupted())
            return die(130, "interrupted");
        if (st == WY_ECANCELED)
            return die(3, "out of memory keeping the positions for the list (use --count)");
        return die(st == WY_ERANGE ? 3 : (int)st, "%s%s", err,
                   st == WY_ERANGE ? " (use --mem-limit to change the limit)" : "");
    }
    if (rows == cols && L.count != total) {
        free(L.xy);
        return die(4, "internal error: layer engine count %llu, positions %llu", (unsigned long long)total,
                   (unsigned long long)L.count);
    }
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        free(L.xy);
        return die(3, "out of memory");
    }
    pos_writer pw = {&o, strcmp(s->format, "csv") == 0, strcmp(s->format, "json") == 0, list, 0};
    pw_begin(&pw, s, g, rows, cols);
    if (list) {
        /* the mirror images (y, x), x < y, sorted, merged with the x <= y ones */
        size_t nl = 0;
        for (size_t i = 0; i < L.n; i++)
            nl += L.xy[2 * i] != L.xy[2 * i + 1];
        uint32_t *low = malloc((nl ? nl : 1) * 2 * sizeof *low);
        if (!low) {
            free(L.xy);
            cli_out_close(&o);
            return die(3, "out of memory");
        }
        size_t k = 0;
        for (size_t i = 0; i < L.n; i++)
            if (L.xy[2 * i] != L.xy[2 * i + 1]) {
                low[2 * k] = L.xy[2 * i + 1];
                low[2 * k + 1] = L.xy[2 * i];
                k++;
            }
        qsort(low, nl, 2 * sizeof *low, cmp_pair);
        size_t i = 0, j = 0;
        while (i < L.n || j < nl) {
            const uint32_t *p;
            if (j == nl || (i < L.n && cmp_pair(&L.xy[2 * i], &low[2 * j]) < 0))
                p = &L.xy[2 * i++];
            else
                p = &low[2 * j++];
            if (p[0] < rows && p[1] < cols)
                pw_pos(&pw, p[0], p[1]);
        }
        free(low);
    } else {
        pw.count = L.count;
    }
    free(L.xy);
    pw_end(&pw);
    return finish_output(&o, stdout, a);
}

static int cmd_ppos(const args *a)
{
    static const char *const formats[] = {"text", "csv", "json", NULL};
    setup s;
    int rc;
    uint64_t rows, cols, g = 0;
    char err[WY_ERRLEN];
    if (a->npos != 1)
        return die(2, "ppos takes one ruleset (got %d arguments); usage: wythoff %s", a->npos, commands[2].usage);
    if ((rc = common_setup(&s, a, formats)))
        return rc;
    if (a->given[O_TERMS] && !a->given[O_FROM])
        return die(2, "--terms goes with --from");
    if (a->given[O_FROM]) {
        if (a->given[O_ENGINE])
            return die(2, "--engine goes with --size (--from uses the exact engine)");
        return ppos_seq(a, &s);
    }
    if ((rc = window_size(&rows, &cols, a, 64)))
        return rc;
    if (a->given[O_VALUE]) {
        uint32_t v;
        int fits;
        if (!cli_parse_coord(&v, &fits, a->val[O_VALUE], "--value", err, sizeof err))
            return die(2, "%s", err);
        if (!fits)
            return die(2, "--value %s is beyond any value a table can hold (at most 4294967295)", a->val[O_VALUE]);
        g = v;
    }
    const char *engine = a->given[O_ENGINE] ? a->val[O_ENGINE] : "auto";
    if (strcmp(engine, "auto") != 0 && strcmp(engine, "table") != 0 && strcmp(engine, "layer") != 0)
        return die(2, "unknown engine '%s' (auto, table or layer)", engine);
    int layered = wy_layer_supported(&s.rules, err, sizeof err) == WY_OK;
    if (strcmp(engine, "layer") == 0 && !layered)
        return die(2, "the layer engine does not cover '%s': %s", s.rules_text, err);
    if (layered && strcmp(engine, "table") != 0)
        return ppos_layers(a, &s, g, rows, cols);
    wy_table *t;
    if ((rc = compute(&t, &s, rows, cols)))
        return rc;
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        wy_table_free(t);
        return die(3, "out of memory");
    }
    pos_writer pw = {&o, strcmp(s.format, "csv") == 0, strcmp(s.format, "json") == 0, !a->given[O_COUNT], 0};
    pw_begin(&pw, &s, g, rows, cols);
    uint32_t *row = malloc((size_t)cols * sizeof *row);
    if (!row) {
        wy_table_free(t);
        cli_out_close(&o);
        return die(3, "out of memory");
    }
    for (uint32_t x = 0; x < rows; x++) {
        wy_table_row(t, x, s.side, row);
        for (uint32_t y = 0; y < cols; y++)
            if (row[y] == g)
                pw_pos(&pw, x, y);
    }
    free(row);
    wy_table_free(t);
    pw_end(&pw);
    return finish_output(&o, stdout, a);
}

/* ------------------------------------------------------------------ */
/* Big numbers                                                         */
/* ------------------------------------------------------------------ */

/* A coordinate of any size: plain decimal digits. */
static int parse_big(mpz_t v, const char *text, const char *what, char *err, size_t errlen)
{
    size_t n = strlen(text);
    if (n == 0 || strspn(text, "0123456789") != n) {
        snprintf(err, errlen, "bad %s '%.40s%s' (expected a non-negative decimal integer)", what, text,
                 n > 40 ? "..." : "");
        return 0;
    }
    mpz_set_str(v, text, 10);
    return 1;
}

/* Digits, or A e B (A times 10^B), or A ^ B, with B at most 100000. */
static int parse_big_expr(mpz_t v, const char *text, const char *what, char *err, size_t errlen)
{
    const char *op = strpbrk(text, "eE^");
    if (!op)
        return parse_big(v, text, what, err, errlen);
    size_t na = (size_t)(op - text), nb = strlen(op + 1);
    if (na == 0 || nb == 0 || nb > 6 || strspn(text, "0123456789") != na || strspn(op + 1, "0123456789") != nb) {
        snprintf(err, errlen, "bad %s '%.40s' (expected digits, AeB or A^B)", what, text);
        return 0;
    }
    unsigned long ex = strtoul(op + 1, NULL, 10);
    if (ex > 100000) {
        snprintf(err, errlen, "%s '%.40s': exponent above 100000", what, text);
        return 0;
    }
    mpz_t base;
    mpz_init(base);
    char *a = strndup(text, na);
    mpz_set_str(base, a, 10);
    free(a);
    if (*op == '^') {
        mpz_pow_ui(v, base, ex);
    } else {
        mpz_ui_pow_ui(v, 10, ex);
        mpz_mul(v, v, base);
    }
    mpz_clear(base);
    return 1;
}

/* JSON: a number when it is exact in every JSON reader (< 2^53), else a string. */
static void json_big(cli_out *o, const mpz_t v)
{
    if (mpz_sizeinbase(v, 2) <= 53) {
        cli_out_fmt(o, "%lu", mpz_get_ui(v));
        return;
    }
    char *t = mpz_get_str(NULL, 10, v);
    cli_out_fmt(o, "\"%s\"", t);
    free(t);
}

static void out_big(cli_out *o, const mpz_t v)
{
    if (mpz_fits_ulong_p(v)) {
        cli_out_u64(o, mpz_get_ui(v));
        return;
    }
    char *t = mpz_get_str(NULL, 10, v);
    cli_out_str(o, t);
    free(t);
}

static int exact_open(wy_exact **ex, const setup *s)
{
    char err[WY_ERRLEN];
    if (*ex)
        return 0;
    wy_status st = wy_exact_new(ex, &s->rules, s->mem_limit, err, sizeof err);
    if (st != WY_OK)
        return die(st, "%s", err);
    return 0;
}

/* The table engine answers when the window up to (x, y) fits in memory. */
static int table_fits(const setup *s, const mpz_t x, const mpz_t y, uint64_t cells_cap)
{
    if (mpz_cmp_ui(x, UINT32_MAX - 1) > 0 || mpz_cmp_ui(y, UINT32_MAX - 1) > 0)
        return 0;
    uint64_t r = mpz_get_ui(x) + 1, c = mpz_get_ui(y) + 1;
    if (cells_cap && (unsigned __int128)r * c > cells_cap)
        return 0;
    uint64_t need = wy_table_estimate(&s->rules, (uint32_t)r, (uint32_t)c, s->side);
    return !s->mem_limit || need <= s->mem_limit;
}

/* ------------------------------------------------------------------ */
/* value                                                               */
/* ------------------------------------------------------------------ */

typedef struct {
    mpz_t x, y, v;
    char outcome;       /* 'P', 'N' */
    int has_value;
    int need_table;
    const char *method;
    char *why;          /* why the value is unknown (malloc'd), or NULL */
} answer;

static void answers_free(answer *as, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        mpz_clears(as[i].x, as[i].y, as[i].v, NULL);
        free(as[i].why);
    }
    free(as);
}

/* Positions from the command line or from standard input (one 'X Y' per line). */
static int read_positions(answer **out, size_t *n, const args *a)
{
    size_t cap = 64, k = 0, lineno = 0;
    answer *p = malloc(cap * sizeof *p);
    char err[WY_ERRLEN];
    if (!p)
        return die(3, "out of memory");
    if (strcmp(a->pos[1], "-") != 0) {
        mpz_inits(p[0].x, p[0].y, p[0].v, NULL);
        p[0].why = NULL;
        *out = p;
        *n = 1;
        if (!parse_big(p[0].x, a->pos[1], "X", err, sizeof err) || !parse_big(p[0].y, a->pos[2], "Y", err, sizeof err))
            return die(2, "%s", err);
        return 0;
    }
    char *line = NULL;
    size_t linecap = 0;
    int rc = 0;
    while (getline(&line, &linecap, stdin) >= 0) {
        lineno++;
        char *tok[3];
        int nt = 0;
        char *save = NULL;
        for (char *w = strtok_r(line, " \t\r\n,", &save); w && nt < 3; w = strtok_r(NULL, " \t\r\n,", &save))
            tok[nt++] = w;
        if (nt == 0 || tok[0][0] == '#')
            continue;
        if (nt != 2) {
            rc = die(2, "standard input line %zu: expected two numbers 'X Y'", lineno);
            break;
        }
        if (k == cap) {
            answer *q = realloc(p, 2 * cap * sizeof *p);
            if (!q) {
                rc = die(3, "out of memory");
                break;
            }
            p = q;
            cap *= 2;
        }
        mpz_inits(p[k].x, p[k].y, p[k].v, NULL);
        p[k].why = NULL;
        k++;
        if (!parse_big(p[k - 1].x, tok[0], "X", err, sizeof err) ||
            !parse_big(p[k - 1].y, tok[1], "Y", err, sizeof err)) {
            rc = die(2, "standard input line %zu: %s", lineno, err);
            break;
        }
    }
    free(line);
    *out = p;
    *n = k;
    return rc;
}

static int cmd_value(const args *a)
{
    static const char *const formats[] = {"text", "json", NULL};
    setup s;
    int rc;
    char err[WY_ERRLEN];
    if (a->npos < 2 || (strcmp(a->pos[1], "-") != 0 && a->npos != 3) || (strcmp(a->pos[1], "-") == 0 && a->npos != 2))
        return die(2, "value needs a ruleset and a position X Y (or '-'); usage: wythoff %s", commands[1].usage);
    if ((rc = common_setup(&s, a, formats)))
        return rc;
    answer *as = NULL;
    size_t n = 0;
    if ((rc = read_positions(&as, &n, a))) {
        answers_free(as, n);
        return rc;
    }
    wy_exact *ex = NULL;
    if (n && (rc = exact_open(&ex, &s))) {
        answers_free(as, n);
        return rc;
    }
    /* 1. the exact engine; 2. the table engine for values it leaves open */
    uint64_t mx = 0, my = 0;
    int any_table = 0;
    wy_answer w;
    wy_answer_init(&w);
    for (size_t i = 0; i < n && !rc; i++) {
        answer *q = &as[i];
        err[0] = '\0';
        wy_status st = wy_exact_eval(ex, &w, q->x, q->y, s.side, err, sizeof err);
        q->need_table = 0;
        if (st == WY_OK) {
            q->outcome = w.outcome;
            q->has_value = w.has_value;
            q->method = w.method;
            mpz_set(q->v, w.value);
            if (!w.has_value && err[0])
                q->why = strdup(err);
        }
        if (st == WY_OK && w.has_value)
            continue;
        if (table_fits(&s, q->x, q->y, 0)) {
            q->need_table = 1;
            any_table = 1;
            if (mpz_get_ui(q->x) > mx)
                mx = mpz_get_ui(q->x);
            if (mpz_get_ui(q->y) > my)
                my = mpz_get_ui(q->y);
        } else if (st != WY_OK) {
            if (n > 1)
                rc = die(st == WY_ERANGE ? 3 : (int)st, "position %zu: %s", i + 1, err);
            else
                rc = die(st == WY_ERANGE ? 3 : (int)st, "%s", err);
        }
    }
    wy_answer_clear(&w);
    wy_exact_free(ex);
    wy_table *t = NULL;
    if (!rc && any_table)
        rc = compute(&t, &s, mx + 1, my + 1);
    if (rc) {
        answers_free(as, n);
        return rc;
    }
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        wy_table_free(t);
        answers_free(as, n);
        return die(3, "out of memory");
    }
    char side[96];
    side_text(side, sizeof side, &s);
    const char *G = s.rules.misere ? "G-" : "G";
    for (size_t i = 0; i < n; i++) {
        answer *q = &as[i];
        if (q->need_table) {
            uint32_t v = wy_table_get(t, (uint32_t)mpz_get_ui(q->x), (uint32_t)mpz_get_ui(q->y), s.side);
            mpz_set_ui(q->v, v);
            q->has_value = 1;
            q->outcome = v ? 'N' : 'P';
            q->method = "table";
        }
        if (strcmp(s.format, "json") == 0) {
            cli_out_char(&o, '{');
            json_side(&o, &s);
            cli_out_str(&o, ",\"x\":");
            json_big(&o, q->x);
            cli_out_str(&o, ",\"y\":");
            json_big(&o, q->y);
            cli_out_str(&o, ",\"value\":");
            if (q->has_value)
                json_big(&o, q->v);
            else
                cli_out_str(&o, "null");
            cli_out_fmt(&o, ",\"outcome\":\"%c\",\"method\":\"%s\"", q->outcome, q->method);
            if (!q->has_value)
                cli_out_fmt(&o, ",\"value_unknown\":\"%s\"", q->why ? q->why : "no exact method gives it");
            cli_out_str(&o, "}\n");
        } else {
            cli_out_fmt(&o, "%s(", G);
            out_big(&o, q->x);
            cli_out_str(&o, ", ");
            out_big(&o, q->y);
            cli_out_str(&o, ") = ");
            if (q->has_value)
                out_big(&o, q->v);
            else
                cli_out_str(&o, "?");
            cli_out_fmt(&o, "  %c-position  [%s%s]", q->outcome, s.rules_text, side);
            if (strcmp(q->method, "table") != 0)
                cli_out_fmt(&o, "  by %s", q->method);
            if (!q->has_value)
                cli_out_fmt(&o, "; value unknown: %s", q->why ? q->why : "no exact method gives it");
            cli_out_char(&o, '\n');
        }
    }
    wy_table_free(t);
    answers_free(as, n);
    return finish_output(&o, stdout, a);
}

/* ------------------------------------------------------------------ */
/* moves                                                               */
/* ------------------------------------------------------------------ */

static const char *move_name[] = {"row", "col", "diag", "mod", "heap", "pass"};

static void describe_move(char *buf, size_t n, const wy_move *m, uint32_t x, uint32_t y, wy_side from)
{
    switch (m->kind) {
    case WY_MOVE_COL: snprintf(buf, n, "take %u from the first heap", x - m->x); break;
    case WY_MOVE_ROW: snprintf(buf, n, "take %u from the second heap", y - m->y); break;
    case WY_MOVE_DIAG: snprintf(buf, n, "take %u from both heaps", x - m->x); break;
    case WY_MOVE_MOD: snprintf(buf, n, "take %u and %u", x - m->x, y - m->y); break;
    case WY_MOVE_HEAP: snprintf(buf, n, "take %u from the extra heap", from.heap - m->side.heap); break;
    case WY_MOVE_PASS: snprintf(buf, n, "pass"); break;
    }
}

static int moves_table(const args *a, setup s, uint32_t px, uint32_t py)
{
    int rc;
    struct {
        uint32_t x, y;
    } p = {px, py};
    char err[WY_ERRLEN];
    size_t count = 0;
    if (wy_moves_list(NULL, 0, &count, &s.rules, p.x, p.y, s.side, err, sizeof err) != WY_OK)
        return die(2, "%s", err);
    if (count > 10000000)
        return die(3, "position (%u, %u) has %zu moves, too many to list (at most 10000000)", p.x, p.y, count);
    wy_table *t;
    if ((rc = compute(&t, &s, (uint64_t)p.x + 1, (uint64_t)p.y + 1)))
        return rc;
    wy_move *mv = malloc((count ? count : 1) * sizeof *mv);
    if (!mv) {
        wy_table_free(t);
        return die(3, "out of memory");
    }
    wy_moves_list(mv, count, &count, &s.rules, p.x, p.y, s.side, err, sizeof err);
    uint32_t v0 = wy_table_get(t, p.x, p.y, s.side);
    size_t wins = 0;
    for (size_t i = 0; i < count; i++)
        wins += wy_table_get(t, mv[i].x, mv[i].y, mv[i].side) == 0;
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        free(mv);
        wy_table_free(t);
        return die(3, "out of memory");
    }
    char side[96], desc[96];
    side_text(side, sizeof side, &s);
    int json = strcmp(s.format, "json") == 0;
    if (json) {
        cli_out_char(&o, '{');
        json_side(&o, &s);
        cli_out_fmt(&o, ",\"x\":%u,\"y\":%u,\"value\":%u,\"outcome\":\"%s\",\"method\":\"table\",\"complete\":true,\"moves\":[", p.x,
                    p.y, v0, v0 ? "N" : "P");
    } else {
        cli_out_fmt(&o, "(%u, %u) in %s%s: %s = %u, %s-position; %zu move%s, %zu winning\n", p.x, p.y, s.rules_text,
                    side, s.rules.misere ? "G-" : "G", v0, v0 ? "N" : "P", count, count == 1 ? "" : "s", wins);
    }
    for (size_t i = 0; i < count; i++) {
        const wy_move *m = &mv[i];
        uint32_t v = wy_table_get(t, m->x, m->y, m->side);
        if (json) {
            cli_out_fmt(&o, "%s\n{\"move\":\"%s\",\"to\":[%u,%u]", i ? "," : "", move_name[m->kind], m->x, m->y);
            if (s.rules.passes)
                cli_out_fmt(&o, ",\"pass\":%u", m->side.pass);
            if (s.rules.heap)
                cli_out_fmt(&o, ",\"heap\":%u", m->side.heap);
            cli_out_fmt(&o, ",\"value\":%u,\"winning\":%s}", v, v ? "false" : "true");
        } else {
            char to[64];
            describe_move(desc, sizeof desc, m, p.x, p.y, s.side);
            if (s.rules.passes && s.rules.heap)
                snprintf(to, sizeof to, "(%u, %u; pass %u, heap %u)", m->x, m->y, m->side.pass, m->side.heap);
            else if (s.rules.passes)
                snprintf(to, sizeof to, "(%u, %u; pass %u)", m->x, m->y, m->side.pass);
            else if (s.rules.heap)
                snprintf(to, sizeof to, "(%u, %u; heap %u)", m->x, m->y, m->side.heap);
            else
                snprintf(to, sizeof to, "(%u, %u)", m->x, m->y);
            cli_out_fmt(&o, "%s %-30s -> %-22s value %u\n", v ? "  " : " *", desc, to, v);
        }
    }
    if (json)
        cli_out_fmt(&o, "],\"winning\":%zu}\n", wins);
    else if (wins)
        cli_out_str(&o, "(* marks a winning move: it reaches a P-position)\n");
    free(mv);
    wy_table_free(t);
    return finish_output(&o, stdout, a);
}


static void describe_bigmove(char *buf, size_t n, const wy_bigmove *m, const mpz_t x, const mpz_t y, wy_side from)
{
    mpz_t d;
    mpz_init(d);
    char *t = NULL;
    switch (m->kind) {
    case WY_MOVE_COL:
    case WY_MOVE_DIAG:
        mpz_sub(d, x, m->x);
        t = mpz_get_str(NULL, 10, d);
        snprintf(buf, n, m->kind == WY_MOVE_COL ? "take %s from the first heap" : "take %s from both heaps", t);
        break;
    case WY_MOVE_ROW:
        mpz_sub(d, y, m->y);
        t = mpz_get_str(NULL, 10, d);
        snprintf(buf, n, "take %s from the second heap", t);
        break;
    case WY_MOVE_MOD: {
        mpz_sub(d, x, m->x);
        t = mpz_get_str(NULL, 10, d);
        mpz_sub(d, y, m->y);
        char *t2 = mpz_get_str(NULL, 10, d);
        snprintf(buf, n, "take %s and %s", t, t2);
        free(t2);
        break;
    }
    case WY_MOVE_HEAP: snprintf(buf, n, "take %u from the extra heap", from.heap - m->side.heap); break;
    case WY_MOVE_PASS: snprintf(buf, n, "pass"); break;
    }
    free(t);
    mpz_clear(d);
}

static int cmd_moves(const args *a)
{
    static const char *const formats[] = {"text", "json", NULL};
    setup s;
    int rc;
    char err[WY_ERRLEN];
    if (a->npos != 3)
        return die(2, "moves needs a ruleset and a position X Y; usage: wythoff %s", commands[3].usage);
    if ((rc = common_setup(&s, a, formats)))
        return rc;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    if (!parse_big(x, a->pos[1], "X", err, sizeof err) || !parse_big(y, a->pos[2], "Y", err, sizeof err)) {
        mpz_clears(x, y, NULL);
        return die(2, "%s", err);
    }
    /* Small positions: every option from the table engine.  Larger ones:
     * the winning moves from the exact engine. */
    if (table_fits(&s, x, y, (uint64_t)1 << 26) && (!s.rules.max || s.rules.max <= 10000000u ||
                                                     (mpz_cmp_ui(x, 10000000) < 0 && mpz_cmp_ui(y, 10000000) < 0))) {
        uint32_t px = (uint32_t)mpz_get_ui(x), py = (uint32_t)mpz_get_ui(y);
        mpz_clears(x, y, NULL);
        return moves_table(a, s, px, py);
    }
    wy_exact *ex = NULL;
    if ((rc = exact_open(&ex, &s))) {
        mpz_clears(x, y, NULL);
        return rc;
    }
    wy_answer w;
    wy_answer_init(&w);
    wy_bigmove *mv = NULL;
    size_t count = 0;
    const char *method = "";
    wy_status st = wy_exact_eval(ex, &w, x, y, s.side, err, sizeof err);
    if (st == WY_OK)
        st = wy_exact_winning(ex, &mv, &count, &method, x, y, s.side, err, sizeof err);
    if (st != WY_OK) {
        wy_answer_clear(&w);
        wy_exact_free(ex);
        mpz_clears(x, y, NULL);
        return die(st == WY_ERANGE ? 3 : (int)st, "%s", err);
    }
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        wy_answer_clear(&w);
        wy_bigmoves_free(mv, count);
        wy_exact_free(ex);
        mpz_clears(x, y, NULL);
        return die(3, "out of memory");
    }
    char side[96], desc[256];
    side_text(side, sizeof side, &s);
    int json = strcmp(s.format, "json") == 0;
    if (json) {
        cli_out_char(&o, '{');
        json_side(&o, &s);
        cli_out_str(&o, ",\"x\":");
        json_big(&o, x);
        cli_out_str(&o, ",\"y\":");
        json_big(&o, y);
        cli_out_str(&o, ",\"value\":");
        if (w.has_value)
            json_big(&o, w.value);
        else
            cli_out_str(&o, "null");
        cli_out_fmt(&o, ",\"outcome\":\"%c\",\"method\":\"%s\",\"complete\":false,\"moves\":[", w.outcome, method);
    } else {
        cli_out_char(&o, '(');
        out_big(&o, x);
        cli_out_str(&o, ", ");
        out_big(&o, y);
        cli_out_fmt(&o, ") in %s%s: %c-position by %s; ", s.rules_text, side, w.outcome, method);
        if (count)
            cli_out_fmt(&o, "%zu winning move%s (other moves not listed at this size)\n", count, count == 1 ? "" : "s");
        else
            cli_out_str(&o, "no winning move (every move reaches an N-position)\n");
    }
    for (size_t i = 0; i < count; i++) {
        const wy_bigmove *m = &mv[i];
        if (json) {
            cli_out_fmt(&o, "%s\n{\"move\":\"%s\",\"to\":[", i ? "," : "", move_name[m->kind]);
            json_big(&o, m->x);
            cli_out_char(&o, ',');
            json_big(&o, m->y);
            cli_out_char(&o, ']');
            if (s.rules.passes)
                cli_out_fmt(&o, ",\"pass\":%u", m->side.pass);
            if (s.rules.heap)
                cli_out_fmt(&o, ",\"heap\":%u", m->side.heap);
            cli_out_str(&o, ",\"value\":0,\"winning\":true}");
        } else {
            describe_bigmove(desc, sizeof desc, m, x, y, s.side);
            cli_out_fmt(&o, " * %s -> (", desc);
            out_big(&o, m->x);
            cli_out_str(&o, ", ");
            out_big(&o, m->y);
            if (s.rules.passes && s.rules.heap)
                cli_out_fmt(&o, "; pass %u, heap %u", m->side.pass, m->side.heap);
            else if (s.rules.passes)
                cli_out_fmt(&o, "; pass %u", m->side.pass);
            else if (s.rules.heap)
                cli_out_fmt(&o, "; heap %u", m->side.heap);
            cli_out_str(&o, ")\n");
        }
    }
    if (json)
        cli_out_fmt(&o, "],\"winning\":%zu}\n", count);
    wy_answer_clear(&w);
    wy_bigmoves_free(mv, count);
    wy_exact_free(ex);
    mpz_clears(x, y, NULL);
    return finish_output(&o, stdout, a);
}

/* ------------------------------------------------------------------ */
/* period                                                              */
/* ------------------------------------------------------------------ */

static int cmd_period(const args *a)
{
    static const char *const formats[] = {"text", "csv", "json", NULL};
    setup s;
    int rc;
    char err[WY_ERRLEN];
    if (a->npos != 1)
        return die(2, "period takes one ruleset; usage: wythoff %s", commands[4].usage);
    if ((rc = common_setup(&s, a, formats)))
        return rc;
    uint64_t rows = 16, maxc = (uint64_t)1 << 22;
    if (a->given[O_ROWS] && !cli_parse_size(&rows, a->val[O_ROWS], "--rows", err, sizeof err))
        return die(2, "%s", err);
    if (rows < 1 || rows > 4096)
        return die(2, "--rows %s out of range (1 to 4096)", a->val[O_ROWS]);
    if (a->given[O_MAXCOLS] && !cli_parse_size(&maxc, a->val[O_MAXCOLS], "--max-cols", err, sizeof err))
        return die(2, "%s", err);
    if (maxc < 64 || maxc > UINT32_MAX)
        return die(2, "--max-cols out of range (64 to 4294967295)");
    if (s.rules.heap || s.rules.mod)
        return die(2, "period covers rulesets without heap=H and mod=M (got '%s')", s.rules_text);
    wy_row_periods rp;
    wy_status st = wy_row_periods_compute(&rp, &s.rules, (uint32_t)rows, maxc, s.mem_limit, err, sizeof err);
    if (st != WY_OK)
        return die(st == WY_ERANGE ? 3 : (int)st, "%s", err);
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        wy_row_periods_clear(&rp);
        return die(3, "out of memory");
    }
    uint32_t p = s.side.pass;
    const char *fmt = s.format;
    const int additive = rp.shift != 0;
    if (strcmp(fmt, "csv") == 0) {
        cli_out_str(&o, "x,preperiod,period\n");
    } else if (strcmp(fmt, "json") == 0) {
        cli_out_fmt(&o, "{\"rules\":\"%s\"", s.rules_text);
        if (s.rules.passes)
            cli_out_fmt(&o, ",\"pass\":%u", p);
        cli_out_fmt(&o, ",\"rows\":%u,\"additive\":%s,\"proof\":{\"y0\":%llu,\"period\":%llu,\"shift\":%llu,\"window\":%llu},\"periods\":[",
                    rp.rows, additive ? "true" : "false", (unsigned long long)rp.y0, (unsigned long long)rp.period,
                    (unsigned long long)rp.shift, (unsigned long long)rp.cols_computed);
    } else {
        char side[96];
        side_text(side, sizeof side, &s);
        cli_out_fmt(&o, "rows 0-%u of %s%s: G(x, y + period) = G(x, y)%s for every y >= preperiod\n", rp.rows - 1,
                    s.rules_text, side, additive ? " + period" : "");
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
        else if (strcmp(fmt, "json") == 0)
            cli_out_fmt(&o, "%s{\"x\":%u,\"preperiod\":%llu,\"period\":%llu}", x ? "," : "", x, pre, per);
        else
            cli_out_fmt(&o, "%4u  %9llu  %6llu\n", x, pre, per);
    }
    if (strcmp(fmt, "json") == 0)
        cli_out_str(&o, "]}\n");
    wy_row_periods_clear(&rp);
    return finish_output(&o, stdout, a);
}

/* ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr, -1), 2;
    const char *c = argv[1];
    if (strcmp(c, "--help") == 0 || strcmp(c, "-h") == 0 || strcmp(c, "help") == 0) {
        usage(stdout, -1);
        return 0;
    }
    if (strcmp(c, "--version") == 0) {
        printf("wythoff %s\n", WY_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof later_commands / sizeof later_commands[0]; i++)
        if (strcmp(c, later_commands[i]) == 0)
            return die(2, "command '%s' is not part of this version yet (available: table, value, ppos, moves, period, compare, check, plot, graph)", c);
    if (strcmp(c, "compare") == 0) return cli_compare(argc - 2, argv + 2);
    if (strcmp(c, "check") == 0) return cli_check(argc - 2, argv + 2);
    if (strcmp(c, "plot") == 0) return cli_plot(argc - 2, argv + 2);
    if (strcmp(c, "graph") == 0) return cli_graph(argc - 2, argv + 2);
    int which = -1;
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(c, commands[i].name) == 0)
            which = (int)i;
    if (which < 0)
        return die(2, "unknown command '%s' (commands: table, value, ppos, moves, period, compare, check, plot, graph; see 'wythoff --help')", c);
    cli_signals_install();
    args a;
    int rc = parse_args(&a, argc, argv, 2, which);
    if (rc)
        return rc;
    if (a.given[O_HELP]) {
        usage(stdout, which);
        return 0;
    }
    if (a.given[O_VERSION]) {
        printf("wythoff %s\n", WY_VERSION);
        return 0;
    }
    if (a.npos == 0)
        return die(2, "missing ruleset; usage: wythoff %s", commands[which].usage);
    switch (commands[which].bit) {
    case CMD_TABLE: return cmd_table(&a);
    case CMD_VALUE: return cmd_value(&a);
    case CMD_PPOS: return cmd_ppos(&a);
    case CMD_PERIOD: return cmd_period(&a);
    default: return cmd_moves(&a);
    }
}
