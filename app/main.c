/* main.c - the `wythoff` command: a thin client of the library (wythoff.h).
 * Commands and formats: docs/commands.md, docs/formats.md. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Option table                                                        */
/* ------------------------------------------------------------------ */

enum { CMD_TABLE = 1, CMD_VALUE = 2, CMD_PPOS = 4, CMD_MOVES = 8, CMD_ALL = 15 };

enum {
    O_SIZE, O_ROWS, O_COLS, O_PASS, O_HEAP, O_FORMAT, O_OUTPUT, O_VALUE, O_COUNT,
    O_MEMLIMIT, O_THREADS, O_QUIET, O_HELP, O_VERSION, O_NOPT
};

static const struct {
    const char *name;
    int arg;       /* takes a value */
    unsigned cmds; /* commands it applies to */
    const char *meta, *help;
} opts[O_NOPT] = {
    [O_SIZE] = {"size", 1, CMD_TABLE | CMD_PPOS, "N", "window 0 <= x, y < N (accepts 1e3, 2^10)"},
    [O_ROWS] = {"rows", 1, CMD_TABLE, "R", "rows 0 <= x < R"},
    [O_COLS] = {"cols", 1, CMD_TABLE, "C", "columns 0 <= y < C"},
    [O_PASS] = {"pass", 1, CMD_ALL, "P", "passes still available (default: all of the ruleset's)"},
    [O_HEAP] = {"heap", 1, CMD_ALL, "H", "stones in the extra heap (default: the ruleset's heap=H)"},
    [O_FORMAT] = {"format", 1, CMD_ALL, "F", "output format (see docs/formats.md)"},
    [O_OUTPUT] = {"output", 1, CMD_TABLE, "FILE", "write the table to FILE instead of standard output"},
    [O_VALUE] = {"value", 1, CMD_PPOS, "G", "list positions of value G instead of the P-positions (G = 0)"},
    [O_COUNT] = {"count", 0, CMD_PPOS, NULL, "print only the number of positions found"},
    [O_MEMLIMIT] = {"mem-limit", 1, CMD_ALL, "BYTES", "memory allowed (default: the machine's available memory)"},
    [O_THREADS] = {"threads", 1, CMD_ALL, "N", "worker threads (this version computes on one thread)"},
    [O_QUIET] = {"quiet", 0, CMD_ALL, NULL, "no diagnostics except errors"},
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
    {"ppos", CMD_PPOS, "ppos RULES [--size N] [--value G] [--pass P] [--heap H] [--format text|csv|json] [--count]",
     "the P-positions (or positions of value G) of a window"},
    {"moves", CMD_MOVES, "moves RULES X Y [--pass P] [--heap H] [--format text|json]",
     "every option of a position with its value; winning moves marked"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char *later_commands[] = {"compare", "check", "plot", "graph", "play"};

static int die(int code, const char *fmt, ...)
{
    va_list ap;
    fputs("wythoff: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

static void usage(FILE *f, int which)
{
    if (which < 0) {
        fprintf(f, "wythoff %s - exact values, P-positions and winning moves of Wythoff's game and its variants\n\n"
                   "usage: wythoff COMMAND RULES [ARGS] [OPTIONS]\n\ncommands:\n",
                WY_VERSION);
        for (size_t i = 0; i < NCOMMANDS; i++)
            fprintf(f, "  %-7s %s\n", commands[i].name, commands[i].summary);
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
    if (a->given[O_THREADS]) {
        uint64_t n;
        if (!cli_parse_size(&n, a->val[O_THREADS], "--threads", err, sizeof err))
            return die(2, "%s", err);
        if (n < 1 || n > 4096)
            return die(2, "--threads %s out of range (1 to 4096)", a->val[O_THREADS]);
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

static int compute(wy_table **t, const setup *s, uint64_t rows, uint64_t cols)
{
    char err[WY_ERRLEN];
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
    wy_status st = wy_table_compute(t, &s->rules, (uint32_t)rows, (uint32_t)cols, s->side, s->mem_limit, err,
                                    sizeof err);
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

static void write_table(cli_out *o, const wy_table *t, const setup *s, int color)
{
    const uint32_t R = wy_table_rows(t), C = wy_table_cols(t);
    const char *f = s->format;
    char side[96];
    side_text(side, sizeof side, s);
    if (strcmp(f, "csv") == 0) {
        cli_out_str(o, "x\\y");
        for (uint32_t y = 0; y < C; y++) {
            cli_out_char(o, ',');
            cli_out_u64(o, y);
        }
        cli_out_char(o, '\n');
        for (uint32_t x = 0; x < R; x++) {
            cli_out_u64(o, x);
            for (uint32_t y = 0; y < C; y++) {
                cli_out_char(o, ',');
                cli_out_u64(o, wy_table_get(t, x, y, s->side));
            }
            cli_out_char(o, '\n');
        }
    } else if (strcmp(f, "json") == 0) {
        cli_out_char(o, '{');
        json_side(o, s);
        cli_out_fmt(o, ",\"rows\":%u,\"cols\":%u,\"values\":[", R, C);
        for (uint32_t x = 0; x < R; x++) {
            cli_out_str(o, x ? ",\n[" : "\n[");
            for (uint32_t y = 0; y < C; y++) {
                if (y)
                    cli_out_char(o, ',');
                cli_out_u64(o, wy_table_get(t, x, y, s->side));
            }
            cli_out_char(o, ']');
        }
        cli_out_str(o, "]}\n");
    } else if (strcmp(f, "markdown") == 0) {
        cli_out_fmt(o, "Values %s of `%s`%s; P-positions in bold.\n\n| x\\y |", s->rules.misere ? "G-(x, y)" : "G(x, y)",
                    s->rules_text, side);
        for (uint32_t y = 0; y < C; y++)
            cli_out_fmt(o, " %u |", y);
        cli_out_str(o, "\n|---:|");
        for (uint32_t y = 0; y < C; y++)
            cli_out_str(o, "---:|");
        cli_out_char(o, '\n');
        for (uint32_t x = 0; x < R; x++) {
            cli_out_fmt(o, "| **%u** |", x);
            for (uint32_t y = 0; y < C; y++) {
                uint32_t v = wy_table_get(t, x, y, s->side);
                cli_out_str(o, v ? " " : " **");
                cli_out_u64(o, v);
                cli_out_str(o, v ? " |" : "** |");
            }
            cli_out_char(o, '\n');
        }
    } else if (strcmp(f, "latex") == 0) {
        cli_out_fmt(o, "%% Values %s of %s%s; P-positions in bold.\n\\begin{tabular}{r|", s->rules.misere ? "G-" : "G",
                    s->rules_text, side);
        for (uint32_t y = 0; y < C; y++)
            cli_out_char(o, 'r');
        cli_out_str(o, "}\n$x\\backslash y$");
        for (uint32_t y = 0; y < C; y++)
            cli_out_fmt(o, " & %u", y);
        cli_out_str(o, " \\\\\n\\hline\n");
        for (uint32_t x = 0; x < R; x++) {
            cli_out_u64(o, x);
            for (uint32_t y = 0; y < C; y++) {
                uint32_t v = wy_table_get(t, x, y, s->side);
                cli_out_str(o, v ? " & " : " & \\textbf{");
                cli_out_u64(o, v);
                if (!v)
                    cli_out_char(o, '}');
            }
            cli_out_str(o, " \\\\\n");
        }
        cli_out_str(o, "\\end{tabular}\n");
    } else if (strcmp(f, "bin") == 0) {
        /* docs/formats.md: "WYTB", u32 version 1, rows, cols, pass, heap,
         * u32 length of the rules text, the text, then rows*cols u32 cells */
        unsigned char h[28];
        uint32_t fields[6] = {1, R, C, s->side.pass, s->side.heap, (uint32_t)strlen(s->rules_text)};
        memcpy(h, "WYTB", 4);
        for (int i = 0; i < 6; i++)
            for (int b = 0; b < 4; b++)
                h[4 + 4 * i + b] = (unsigned char)(fields[i] >> (8 * b));
        cli_out_mem(o, (const char *)h, sizeof h);
        cli_out_str(o, s->rules_text);
        for (uint32_t x = 0; x < R; x++)
            for (uint32_t y = 0; y < C; y++) {
                uint32_t v = wy_table_get(t, x, y, s->side);
                char c[4] = {(char)(v & 255), (char)((v >> 8) & 255), (char)((v >> 16) & 255), (char)(v >> 24)};
                cli_out_mem(o, c, 4);
            }
    } else { /* text */
        uint32_t maxv = 0;
        for (uint32_t x = 0; x < R; x++)
            for (uint32_t y = 0; y < C; y++) {
                uint32_t v = wy_table_get(t, x, y, s->side);
                if (v > maxv)
                    maxv = v;
            }
        int w = digits_of(maxv > C - 1 ? maxv : C - 1);
        int lw = digits_of(R - 1) < 3 ? 3 : digits_of(R - 1);
        cli_out_fmt(o, "%s(x, y) for %s%s; row x, column y; %s marks a P-position\n", s->rules.misere ? "G-" : "G",
                    s->rules_text, side, color ? "colour" : "(0)");
        cli_out_fmt(o, "%*s ", lw, "x\\y");
        for (uint32_t y = 0; y < C; y++)
            cli_out_fmt(o, " %*u ", w, y);
        cli_out_rtrim(o);
        cli_out_char(o, '\n');
        for (uint32_t x = 0; x < R; x++) {
            cli_out_fmt(o, "%*u ", lw, x);
            for (uint32_t y = 0; y < C; y++) {
                uint32_t v = wy_table_get(t, x, y, s->side);
                if (v == 0 && color)
                    cli_out_fmt(o, " \x1b[1;97;41m%*u\x1b[0m ", w, v);
                else if (v == 0)
                    cli_out_fmt(o, "%*s(0)", w - 1, "");
                else
                    cli_out_fmt(o, " %*u ", w, v);
            }
            cli_out_rtrim(o);
            cli_out_char(o, '\n');
        }
    }
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

static int open_output(FILE **f, const args *a)
{
    *f = stdout;
    if (a->given[O_OUTPUT]) {
        *f = fopen(a->val[O_OUTPUT], "wb");
        if (!*f)
            return die(2, "cannot write '%s'", a->val[O_OUTPUT]);
    }
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

static int cmd_table(const args *a)
{
    static const char *const formats[] = {"text", "csv", "json", "markdown", "latex", "bin", NULL};
    setup s;
    int rc;
    uint64_t rows, cols;
    if (a->npos != 1)
        return die(2, "table takes one ruleset (got %d arguments); usage: wythoff %s", a->npos, commands[0].usage);
    if ((rc = common_setup(&s, a, formats)) || (rc = window_size(&rows, &cols, a, 16)))
        return rc;
    if (strcmp(s.format, "bin") == 0 && !a->given[O_OUTPUT] && isatty(fileno(stdout)))
        return die(2, "--format bin writes binary data; use --output FILE");
    wy_table *t;
    if ((rc = compute(&t, &s, rows, cols)))
        return rc;
    FILE *f;
    if ((rc = open_output(&f, a))) {
        wy_table_free(t);
        return rc;
    }
    cli_out o;
    if (!cli_out_open(&o, f)) {
        wy_table_free(t);
        return die(3, "out of memory");
    }
    write_table(&o, t, &s, f == stdout && strcmp(s.format, "text") == 0 && use_color(stdout));
    wy_table_free(t);
    return finish_output(&o, f, a);
}

/* ------------------------------------------------------------------ */
/* ppos                                                                */
/* ------------------------------------------------------------------ */

static int cmd_ppos(const args *a)
{
    static const char *const formats[] = {"text", "csv", "json", NULL};
    setup s;
    int rc;
    uint64_t rows, cols, g = 0;
    char err[WY_ERRLEN];
    if (a->npos != 1)
        return die(2, "ppos takes one ruleset (got %d arguments); usage: wythoff %s", a->npos, commands[2].usage);
    if ((rc = common_setup(&s, a, formats)) || (rc = window_size(&rows, &cols, a, 64)))
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
    wy_table *t;
    if ((rc = compute(&t, &s, rows, cols)))
        return rc;
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        wy_table_free(t);
        return die(3, "out of memory");
    }
    uint64_t count = 0;
    const int csv = strcmp(s.format, "csv") == 0, json = strcmp(s.format, "json") == 0;
    const int list = !a->given[O_COUNT];
    char side[96];
    side_text(side, sizeof side, &s);
    if (list && csv)
        cli_out_str(&o, "x,y\n");
    if (list && json) {
        cli_out_char(&o, '{');
        json_side(&o, &s);
        cli_out_fmt(&o, ",\"value\":%llu,\"rows\":%llu,\"cols\":%llu,\"positions\":[", (unsigned long long)g,
                    (unsigned long long)rows, (unsigned long long)cols);
    }
    if (list && !csv && !json)
    {
        char what[64] = "P-positions";
        if (g)
            snprintf(what, sizeof what, "positions of value %llu", (unsigned long long)g);
        cli_out_fmt(&o, "%s of %s%s in 0 <= x < %llu, 0 <= y < %llu:\n", what, s.rules_text, side,
                    (unsigned long long)rows, (unsigned long long)cols);
    }
    for (uint32_t x = 0; x < rows; x++)
        for (uint32_t y = 0; y < cols; y++) {
            if (wy_table_get(t, x, y, s.side) != g)
                continue;
            if (list) {
                if (csv)
                    cli_out_fmt(&o, "%u,%u\n", x, y);
                else if (json)
                    cli_out_fmt(&o, "%s[%u,%u]", count ? "," : "", x, y);
                else
                    cli_out_fmt(&o, "(%u, %u)\n", x, y);
            }
            count++;
        }
    wy_table_free(t);
    if (!list)
        cli_out_fmt(&o, "%llu\n", (unsigned long long)count);
    else if (json)
        cli_out_fmt(&o, "],\"count\":%llu}\n", (unsigned long long)count);
    else if (!csv)
        cli_out_fmt(&o, "%llu found\n", (unsigned long long)count);
    return finish_output(&o, stdout, a);
}

/* ------------------------------------------------------------------ */
/* value                                                               */
/* ------------------------------------------------------------------ */

typedef struct {
    uint32_t x, y;
} pos;

static int read_positions(pos **out, size_t *n)
{
    size_t cap = 64, k = 0, lineno = 0;
    pos *p = malloc(cap * sizeof *p);
    char *line = NULL;
    size_t linecap = 0;
    ssize_t len;
    char err[WY_ERRLEN];
    if (!p)
        return die(3, "out of memory");
    while ((len = getline(&line, &linecap, stdin)) >= 0) {
        lineno++;
        char *tok[3];
        int nt = 0;
        char *save = NULL;
        for (char *w = strtok_r(line, " \t\r\n,", &save); w && nt < 3; w = strtok_r(NULL, " \t\r\n,", &save))
            tok[nt++] = w;
        if (nt == 0 || tok[0][0] == '#')
            continue;
        if (nt != 2) {
            free(p);
            free(line);
            return die(2, "standard input line %zu: expected two numbers 'X Y'", lineno);
        }
        uint32_t v[2];
        for (int i = 0; i < 2; i++) {
            int fits;
            if (!cli_parse_coord(&v[i], &fits, tok[i], i ? "Y" : "X", err, sizeof err)) {
                free(p);
                free(line);
                return die(2, "standard input line %zu: %s", lineno, err);
            }
            if (!fits || v[i] == UINT32_MAX) {
                free(p);
                free(line);
                return die(3, "standard input line %zu: position too large for the table engine (coordinates up to "
                              "4294967294)", lineno);
            }
        }
        if (k == cap) {
            pos *q = realloc(p, 2 * cap * sizeof *p);
            if (!q) {
                free(p);
                free(line);
                return die(3, "out of memory");
            }
            p = q;
            cap *= 2;
        }
        p[k].x = v[0];
        p[k].y = v[1];
        k++;
    }
    free(line);
    *out = p;
    *n = k;
    return 0;
}

static int position_args(pos *p, const args *a, const char *cmd)
{
    char err[WY_ERRLEN];
    int fits[2];
    uint32_t v[2];
    for (int i = 0; i < 2; i++) {
        if (!cli_parse_coord(&v[i], &fits[i], a->pos[1 + i], i ? "Y" : "X", err, sizeof err))
            return die(2, "%s", err);
    }
    if (!fits[0] || !fits[1] || v[0] == UINT32_MAX || v[1] == UINT32_MAX)
        return die(3, "%s: position (%s, %s) is too large for the table engine (coordinates up to 4294967294; "
                      "closed forms for larger positions come with the exact engine)",
                   cmd, a->pos[1], a->pos[2]);
    p->x = v[0];
    p->y = v[1];
    return 0;
}

static int cmd_value(const args *a)
{
    static const char *const formats[] = {"text", "json", NULL};
    setup s;
    int rc;
    pos one, *ps = &one;
    size_t n = 1;
    if (a->npos < 2 || (strcmp(a->pos[1], "-") != 0 && a->npos != 3) || (strcmp(a->pos[1], "-") == 0 && a->npos != 2))
        return die(2, "value needs a ruleset and a position X Y (or '-'); usage: wythoff %s", commands[1].usage);
    if ((rc = common_setup(&s, a, formats)))
        return rc;
    int from_stdin = strcmp(a->pos[1], "-") == 0;
    if (from_stdin) {
        if ((rc = read_positions(&ps, &n)))
            return rc;
    } else if ((rc = position_args(&one, a, "value"))) {
        return rc;
    }
    uint32_t mx = 0, my = 0;
    for (size_t i = 0; i < n; i++) {
        if (ps[i].x > mx)
            mx = ps[i].x;
        if (ps[i].y > my)
            my = ps[i].y;
    }
    wy_table *t = NULL;
    if (n && (rc = compute(&t, &s, (uint64_t)mx + 1, (uint64_t)my + 1))) {
        if (from_stdin)
            free(ps);
        return rc;
    }
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        wy_table_free(t);
        return die(3, "out of memory");
    }
    char side[96];
    side_text(side, sizeof side, &s);
    for (size_t i = 0; i < n; i++) {
        uint32_t v = wy_table_get(t, ps[i].x, ps[i].y, s.side);
        if (strcmp(s.format, "json") == 0) {
            cli_out_char(&o, '{');
            json_side(&o, &s);
            cli_out_fmt(&o, ",\"x\":%u,\"y\":%u,\"value\":%u,\"outcome\":\"%s\",\"method\":\"table\"}\n", ps[i].x,
                        ps[i].y, v, v ? "N" : "P");
        } else {
            cli_out_fmt(&o, "%s(%u, %u) = %u  %s-position  [%s%s]\n", s.rules.misere ? "G-" : "G", ps[i].x, ps[i].y, v,
                        v ? "N" : "P", s.rules_text, side);
        }
    }
    wy_table_free(t);
    if (from_stdin)
        free(ps);
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

static int cmd_moves(const args *a)
{
    static const char *const formats[] = {"text", "json", NULL};
    setup s;
    int rc;
    pos p;
    char err[WY_ERRLEN];
    if (a->npos != 3)
        return die(2, "moves needs a ruleset and a position X Y; usage: wythoff %s", commands[3].usage);
    if ((rc = common_setup(&s, a, formats)) || (rc = position_args(&p, a, "moves")))
        return rc;
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
        cli_out_fmt(&o, ",\"x\":%u,\"y\":%u,\"value\":%u,\"outcome\":\"%s\",\"method\":\"table\",\"moves\":[", p.x,
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
            return die(2, "command '%s' is not part of this version yet (available: table, value, ppos, moves)", c);
    int which = -1;
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(c, commands[i].name) == 0)
            which = (int)i;
    if (which < 0)
        return die(2, "unknown command '%s' (commands: table, value, ppos, moves; see 'wythoff --help')", c);
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
    default: return cmd_moves(&a);
    }
}
