/* cli.h - the command-line tool's internals (a thin client of wythoff.h). */
#ifndef WY_CLI_H
#define WY_CLI_H

#include "wythoff.h"

#include <stdint.h>
#include <stdio.h>

/* ---- numbers (num.c) ---- */
/* A size or count: plain decimal, or forms like 1e9 and 2^30.  Returns 0 and
 * writes a message naming `what` on error.  Values above 2^63 are rejected. */
int cli_parse_size(uint64_t *out, const char *text, const char *what, char *err, size_t errlen);
/* A coordinate: plain decimal digits of any length.  *fits is 0 when it does
 * not fit in 32 bits (then *out is unset). */
int cli_parse_coord(uint32_t *out, int *fits, const char *text, const char *what, char *err, size_t errlen);
/* A memory amount: bytes, or with a suffix K, M, G, T (powers of 1024). */
int cli_parse_bytes(uint64_t *out, const char *text, char *err, size_t errlen);
/* The machine's available memory in bytes (0 if unknown). */
uint64_t cli_available_memory(void);

/* ---- buffered output (out.c) ---- */
typedef struct {
    FILE *f;
    char *buf;
    size_t len, cap;
    int error;
} cli_out;
int cli_out_open(cli_out *o, FILE *f);
void cli_out_str(cli_out *o, const char *s);
void cli_out_mem(cli_out *o, const char *s, size_t n);
void cli_out_char(cli_out *o, char c);
void cli_out_u64(cli_out *o, uint64_t v);
void cli_out_fmt(cli_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Drop trailing spaces still in the buffer (for text tables). */
void cli_out_rtrim(cli_out *o);
/* A JSON string literal, with quotes, '"' and '\\' escaped, control characters as \\u00XX. */
void cli_out_json_str(cli_out *o, const char *s);
/* Print "wythoff: MESSAGE" on stderr and return code (the exit code). */
int cli_die(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Flush and release; returns 0 on a write error. */
int cli_out_close(cli_out *o);

/* ---- long computations (run.c) ---- */
/* SIGINT and SIGTERM set a flag instead of killing the process. */
void cli_signals_install(void);
int cli_interrupted(void);
/* The number of online processors (at least 1, at most 256). */
unsigned cli_default_threads(void);

/* Progress on stderr when it is a terminal: shown after one second,
 * at most five times a second: "what: 45.2%, 1.2M cells/s, 0:12 left". */
typedef struct {
    const char *what, *unit;
    int enabled, shown;
    uint64_t start_ms, last_ms;
} cli_progress;
void cli_progress_init(cli_progress *p, const char *what, const char *unit, int enabled);
/* A wy_progress_fn: ctx is a cli_progress.  Returns 1 after Ctrl-C. */
int cli_progress_fn(void *ctx, uint64_t done, uint64_t total);
/* Erase the progress line. */
void cli_progress_done(cli_progress *p);

/* An output file written under a temporary name in the same directory and
 * renamed when complete (path NULL: standard output). */
typedef struct {
    const char *path;
    char *tmp;
    FILE *f;
} cli_file;
int cli_file_open(cli_file *cf, const char *path);
int cli_file_commit(cli_file *cf); /* closes; 0 on error (the file is removed) */
void cli_file_abort(cli_file *cf); /* closes and removes */

int cli_compare(int argc, char **argv); /* `wythoff compare` (compare.c): argv after the command name */
int cli_check(int argc, char **argv);   /* `wythoff check` (check.c): argv after the command name */
/* ---- options of compare, plot and graph (opts.c) ---- */
typedef struct {
    const char *name; /* without the leading "--" */
    int arg;          /* takes a value */
    const char *meta, *help;
} cli_opt;
#define CLI_MAXOPT 24
#define CLI_MAXPOS 8
typedef struct {
    const char *pos[CLI_MAXPOS];
    int npos;
    const char *val[CLI_MAXOPT];
    int given[CLI_MAXOPT];
} cli_args;
/* Parse argv (after the command name) against opts: "--name VALUE",
 * "--name=VALUE", "--" ends the options; at most maxpos positional
 * arguments.  others: NULL-terminated names of other commands' options, for
 * "does not apply" messages.  Returns 0, or the exit code after printing the
 * message. */
int cli_opts_parse(cli_args *a, const cli_opt *opts, int nopt, const char *cmd, const char *const *others,
                   int maxpos, int argc, char **argv);
/* The options' help lines for a usage message. */
void cli_opts_usage(FILE *f, const cli_opt *opts, int nopt);

int cli_plot(int argc, char **argv);    /* `wythoff plot` (plot.c): argv after the command name */
int cli_graph(int argc, char **argv);   /* `wythoff graph` (graph.c): argv after the command name */

#endif
