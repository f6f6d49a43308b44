/* cli.h - libwythoff-cli, the client library: what every front end of the
 * library shares (the tool build/wythoff, wythoff-mpi, the fuzz harnesses).
 * It uses only the public API (include/wythoff*.h); the programs above it
 * are a main and their commands (app/, mpi/).  docs/architecture.md.
 *
 *   process.c     the process: its name in messages, SIGINT/SIGTERM, the
 *                 backstop, temporary files, the clock
 *   opts.c        the one option table, the one parser, and the step that
 *                 turns the common options into a cli_config
 *   num.c         numbers: one grammar for every number on the command line
 *   out.c         buffered output, JSON and big-number helpers, messages
 *   run.c         progress, work notes, output files
 *   read.c        readers of outside input: CSV position files, 'X Y' lines
 *   formats.c     the JSON of values, moves and periods, the bin header
 *   engine_move.c the engine's move (play, serve)
 *   graph_dot.c   Graphviz's dot as a child process (graph)
 *   cmd_ppos.c, cmd_compare.c
 *                 the two commands wythoff-mpi runs too: the distributed
 *                 engine comes as the config's `dist`
 */
#ifndef WY_CLI_H
#define WY_CLI_H

#include "wythoff.h"
#include "wythoff_exact.h"
#include "wythoff_compare.h"

#include <gmp.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* Options and commands (opts.c, main.c)                               */
/* ------------------------------------------------------------------ */

enum {
    O_SIZE, O_ROWS, O_COLS, O_PASS, O_HEAP, O_FORMAT, O_OUTPUT, O_FRAGMENT, O_VALUE, O_COUNT, O_FROM, O_TERMS,
    O_MAXCOLS, O_ENGINE, O_OUTCOME, O_LIST, O_LIMIT, O_STYLE, O_CELL, O_TITLE, O_MAXEDGES, O_MEMLIMIT, O_THREADS,
    O_QUIET, O_HELP, O_VERSION, O_SYMMETRIC, O_SUMMARY, O_VALUE_B, O_FIRST, O_SEED, O_PORT, O_BIND, O_TIMEOUT,
    O_CERTIFICATE, O_OFFSET, O_SLICE, O_PLOT, O_READ, O_INDEX, O_STORE, O_WALNUT, O_WORD, O_NAME, O_ROW,
    O_EXPERT, O_NOHINTS, O_NOPICTURE, O_PLAYERS, O_NAMES, O_LEVEL, /* play */
    O_N
};

/* Command bits of the option table. */
enum {
    C_TABLE = 1 << 0, C_VALUE = 1 << 1, C_PPOS = 1 << 2, C_MOVES = 1 << 3, C_PERIOD = 1 << 4, C_COMPARE = 1 << 5,
    C_CHECK = 1 << 6, C_PLOT = 1 << 7, C_GRAPH = 1 << 8, C_PLAY = 1 << 9, C_SERVE = 1 << 10, C_BFILE = 1 << 11,
    C_HEAP3 = 1 << 12, C_GLAYERS = 1 << 13, C_AUTOMATON = 1 << 14, C_ALL = (1 << 15) - 1
};

#define CLI_MAXPOS 256 /* positional arguments (check's claim ids) */
#define CLI_MAXGAMES 3

typedef struct cli_config cli_config;
typedef struct cli_dist_fns cli_dist_fns;

typedef struct {
    const char *name;
    unsigned bit;
    const char *usage;   /* after "wythoff " */
    const char *summary; /* one line */
    const char *more;    /* more help after the options, or NULL */
    int min_pos, max_pos;
    const char *formats; /* the formats it writes, the first the default ("text,csv,json") */
    int (*run)(cli_config *c);
} cli_cmd;

/* One game of a command: a ruleset and the side state it is computed in. */
typedef struct {
    wy_rules rules;
    char text[128]; /* canonical */
    wy_side side;
} cli_game;

/* A command line, parsed: the raw options and the common ones turned into
 * values (cli_config_common), the games (cli_games) and the window
 * (cli_window) when the command asks for them. */
struct cli_config {
    const cli_cmd *cmd;
    int argc;           /* the arguments after the command name */
    char **argv;
    const char *pos[CLI_MAXPOS];
    int npos;
    const char *val[O_N];
    int given[O_N];
    /* common options */
    unsigned threads;
    uint64_t mem_limit;
    int quiet;
    const char *format;
    const char *output; /* --output FILE; NULL: standard output */
    /* games */
    int ngames;
    cli_game game[CLI_MAXGAMES];
    /* window */
    uint64_t rows, cols;
    /* the distributed engine of wythoff-mpi, or NULL (the engines of this
     * process) */
    const cli_dist_fns *dist;
};

/* The table engine of `ppos --count` and `compare --summary` spread over
 * several processes: build/wythoff-mpi (mpi/wythoff-mpi.c) sets cli_config.dist
 * and runs these commands on every rank; the plain tool leaves it NULL.
 * Each function is collective: every rank calls it with the same
 * arguments and gets the same status and message. */
struct cli_dist_fns {
    /* the number of positions of value v in the window (ppos --count) */
    wy_status (*count)(uint64_t *n, const cli_game *g, uint32_t rows, uint32_t cols, uint32_t v, const cli_config *c,
                       char *err, size_t errlen);
    /* compare's summary of rulesets a and b on the window (mode and
     * values as wy_compare_gb's) */
    wy_status (*compare)(wy_compare_summary *sum, const cli_game *a, const cli_game *b, const wy_compare_opts *opt,
                         uint32_t g_b, const cli_config *c, char *err, size_t errlen);
};

/* The command table of the program (app/main.c, mpi/wythoff-mpi.c). */
const cli_cmd *cli_command(const char *name);

/* Parse argv (after the command name) for cmd into c: "--name VALUE",
 * "--name=VALUE", "-h", "--" ending the options.  Returns 0, or an exit
 * code with the message in err. */
int cli_parse(cli_config *c, const cli_cmd *cmd, int argc, char **argv, char *err, size_t errlen);
/* The common options: --threads, --mem-limit, --quiet, --format (checked
 * against cmd->formats), --output.  Returns 0 or an exit code (message
 * printed). */
int cli_config_common(cli_config *c);
/* pos[0..n-1] as rulesets, with --pass/--heap applied to every one that
 * has that side state (label[i] names them in messages when n > 1).
 * Returns 0 or an exit code (message printed). */
int cli_games(cli_config *c, int n, const char *const *label);
/* A side state given as text in the number grammar (1e3, 2^10), applied by
 * the library's policy (wy_side_apply; `text` is quoted in its messages):
 * 0, or the exit code (2 bad, 3 out of memory) with the message in err.
 * The tool's --pass/--heap and the server's pass=/heap= use it. */
int cli_side_apply(wy_side *sides, const wy_rules *const *rules, size_t n, const char *const *labels,
                   wy_side_part part, const char *name, const char *text, char *err, size_t errlen);
/* --size N | --rows R --cols C (each alone: a square), default dflt.
 * Returns 0 or an exit code (message printed). */
int cli_window(cli_config *c, uint64_t dflt);
/* The window as a table's: each side at most 4294967295, else exit 3 with
 * what its values alone would need. */
int cli_window_table(const cli_config *c);
/* The usage of a command (cmd NULL: of the tool) on f. */
void cli_usage(FILE *f, const cli_cmd *cmd);

/* ------------------------------------------------------------------ */
/* Numbers (num.c)                                                     */
/* ------------------------------------------------------------------ */

/* One grammar everywhere: decimal digits, A e B (A times 10^B, also 'E')
 * or A ^ B, B at most 100000, and at most cli_num_digits() digits, counted
 * before any arithmetic (A ^ B: digits(A) * B, an upper bound; A e B:
 * digits(A) + B; leading zeros not counted; 0 and 1 as bases: 1 digit).
 * `what` names the number in messages ("--size", "X").  Each returns 1, or
 * 0 with the message in err (exit 2). */
#define CLI_NUM_DIGITS 1000000u /* the command line's bound */
/* Set the bound (0: CLI_NUM_DIGITS) before any thread parses a number. */
void cli_num_set_digits(uint64_t max);
uint64_t cli_num_digits(void);
int cli_num_big(mpz_t out, const char *text, const char *what, char *err, size_t errlen);
/* At most max (messages say "at most 2^63" for max = 2^63). */
int cli_num_u64(uint64_t *out, const char *text, const char *what, uint64_t max, char *err, size_t errlen);
/* A size or count: at most 2^63. */
int cli_num_size(uint64_t *out, const char *text, const char *what, char *err, size_t errlen);
/* A memory amount: a number, optionally followed by K, M, G or T (powers
 * of 1024); at most 2^64 - 1. */
int cli_num_bytes(uint64_t *out, const char *text, char *err, size_t errlen);

/* ------------------------------------------------------------------ */
/* Output (out.c)                                                      */
/* ------------------------------------------------------------------ */

typedef struct {
    FILE *f;
    char *buf;
    size_t len, cap;
    int error; /* errno of the first failed write, or -1 without one */
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
/* A big number: decimal; as JSON a number below 2^53, else a string. */
void cli_out_big(cli_out *o, const mpz_t v);
void cli_out_json_big(cli_out *o, const mpz_t v);
/* A uint64 as JSON: a number below 2^53, else a string. */
void cli_out_json_u64(cli_out *o, uint64_t v);
/* "rules":"...","misere":..., and "pass"/"heap" where the ruleset has them. */
void cli_out_json_game(cli_out *o, const cli_game *g);
/* Provenance (docs/formats.md): "wythoff VERSION: COMMAND" (cli_prov_text,
 * the version alone when no command line was stored); cli_out_prov_line
 * writes it as one comment line, pre + text + post + "\n" (CSV "# ",
 * LaTeX "% ", Markdown "<!-- " ... " -->", DOT "// "); cli_out_json_generator
 * writes the JSON member "generator":{"program":...,"version":...,
 * "command":...} and a comma after it, nothing when no command line was
 * stored (so the server's answers are unchanged). */
const char *cli_prov_text(void);
void cli_out_prov_line(cli_out *o, const char *pre, const char *post);
void cli_out_json_generator(cli_out *o);
/* The decimal text of a 128-bit count (buf of 40 bytes suffices); returns buf. */
const char *cli_u128_text(char *buf, size_t n, unsigned __int128 v);
/* Write the buffer out (for long runs: output keeps flowing). */
void cli_out_flush(cli_out *o);
/* Flush and release; returns 0 on a write error. */
int cli_out_close(cli_out *o);
/* Print "wythoff: MESSAGE" on stderr and return code (the exit code). */
int cli_die(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A refusal before allocation, exit 3: the library's one message shape
 * (wy_memory_refusal: "WHAT needs about NEED, more than the limit of
 * LIMIT") and the hint, with `extra` (NULL: none) inside its parentheses. */
int cli_refuse_memory(const char *what, uint64_t need, uint64_t limit, const char *extra);
/* The exit code of a library status, with its message printed: 130 for
 * WY_ECANCELED after Ctrl-C, 3 for WY_ERANGE (hint: add "use --mem-limit
 * ..."), the status itself otherwise. */
int cli_fail(wy_status st, const char *err, int mem_hint);
/* "x, y" side text of a game: ", passes left 1" (text starting with ", ")
 * or "" when the ruleset has no side state. */
void cli_side_suffix(char *buf, size_t n, const cli_game *g);

/* ------------------------------------------------------------------ */
/* The process (process.c)                                             */
/* ------------------------------------------------------------------ */

/* The name in messages ("wythoff", "wythoff-mpi") and whether cli_die and
 * work notes say anything (wythoff-mpi's ranks other than 0 do not).  Set
 * once by main before any thread starts. */
void cli_set_name(const char *name, int silent);
/* Colour on f: a terminal, NO_COLOR unset and TERM not "dumb". */
int cli_use_color(FILE *f);
const char *cli_name(void);
int cli_is_silent(void);
/* The command line, for the provenance of outputs (docs/formats.md,
 * Provenance): main stores argv once (after cli_set_name); cli_cmdline is
 * "NAME ARG..." with NAME the program's name (cli_name) and each argument
 * quoted for a POSIX shell where it needs it, or NULL when none was stored
 * (the server, a library caller); cli_prov_text (out.c's writers) is
 * "NAME VERSION: COMMAND", or "NAME VERSION" without one. */
int cli_set_argv(int argc, char **argv); /* 0, or -1 out of memory */
const char *cli_cmdline(void);
/* A monotonic clock in milliseconds. */
uint64_t cli_now_ms(void);

/* ------------------------------------------------------------------ */
/* Long runs and output files (run.c)                                  */
/* ------------------------------------------------------------------ */

/* SIGINT and SIGTERM set a flag instead of killing the process; system
 * calls they interrupt fail with EINTR (no SA_RESTART), so that a read of
 * standard input or the opening of a FIFO stops too. */
void cli_signals_install(void);
int cli_interrupted(void);
/* The exit code of an interrupted run: 128 + the signal (130 for SIGINT,
 * 143 for SIGTERM); cli_die(130, ...) exits with it. */
int cli_interrupt_code(void);
/* A backstop behind the cooperative stop: once SIGINT or SIGTERM came, a
 * run still going after `seconds` (or a second such signal a second or more
 * after the first: timeout(1) sends one twice at once) removes the
 * registered temporary files and ends at once with 128 + the signal, saying
 * "(forced ...)".  Every engine loop checks for the stop, so the tests see
 * no forced exit; the backstop is for what they cannot reach. */
void cli_watchdog(unsigned seconds);
/* Temporary files the backstop removes: a slot (or -1 when full), and its
 * release; the path is copied. */
int cli_tmp_register(const char *path);
void cli_tmp_forget(int slot);
/* A note on stderr (not with --quiet) when a computation's work, in the
 * table engine's units (wy_table_work: cells times side-state layers), and
 * fresh memory would take more than NOTE_WORK_S seconds by a rough rate: the
 * estimate before the work, so that a user can stop it at once. */
#define NOTE_WORK_S 60
void cli_note_work(const cli_config *c, const char *what, uint64_t work, uint64_t bytes);
void cli_note_table_work(const cli_config *c, const char *what, const wy_rules *r, uint32_t rows, uint32_t cols,
                         wy_side side);
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
/* A run for the library with the config's threads and this progress. */
wy_run cli_run(const cli_config *c, cli_progress *p, const char *what, const char *unit);

/* Where a command writes: standard output, or --output FILE (docs/commands.md,
 * "Output files"):
 *  - a regular file (or a new one) is written under a temporary name in its
 *    directory and renamed over FILE when complete, keeping an existing
 *    file's mode; a file with several hard links is written in place at the
 *    end instead, so that the links stay;
 *  - a symbolic link is followed: its target is replaced as above;
 *  - anything else (a FIFO, a terminal, a device) is written directly, and
 *    so is every path under /dev/ and /proc/ (/dev/stdout, /dev/fd/N:
 *    appended to);
 *  - a directory, an empty name, a missing directory, a dangling link are
 *    refused before any work (exit 2). */
typedef struct {
    const char *path;   /* as given (NULL: standard output) */
    char *target;       /* the file replaced (symbolic links resolved) */
    char *tmp;          /* the temporary file, or NULL when written directly */
    int tmp_slot;       /* its slot in the watchdog's list (cli_tmp_register) */
    int in_place;       /* several hard links: copied into target at the end */
    FILE *f;
    const char *name;   /* for messages: the path or "standard output" */
} cli_sink;
/* Returns 0, or an exit code (message printed). */
int cli_sink_open(cli_sink *s, const char *path);
/* Finish: the file appears complete.  Returns 0 or an exit code. */
int cli_sink_commit(cli_sink *s);
/* Drop what was written (an error or an interrupt): no FILE appears, an
 * existing one stays as it was (unless written directly). */
void cli_sink_abort(cli_sink *s);

/* The end of a command that wrote o to s: flush, commit, and the exit
 * code: rc when it is not 0 (o and s dropped), 130 after Ctrl-C, 2 with
 * "write error on ..." when a write failed.  Closes o. */
int cli_finish(cli_out *o, cli_sink *s, int rc);
/* Open the config's output (cli_sink_open + cli_out_open).  0 or an exit code. */
int cli_open_output(const cli_config *c, cli_sink *s, cli_out *o);
/* A write error on o (after cli_out_close, or in a stream callback). */
int cli_write_failed(const cli_out *o);

/* ------------------------------------------------------------------ */
/* Readers of outside input (read.c)                                   */
/* ------------------------------------------------------------------ */

/* One line of f into *line (getline's buffer), without its newline.
 * Returns 1 for a line, 0 at the end, or -1 with a message in err: a NUL
 * byte in the line (exit 2), out of memory for a huge line (exit 3), a read
 * error (exit 2), an interrupt (130); *rc holds that exit code. */
int cli_read_line(FILE *f, char **line, size_t *cap, size_t *len, int *rc, char *err, size_t errlen);

/* A file of positions for `compare` (docs/commands.md, "compare"): an
 * optional header 'x y', then one position per line, two numbers of the
 * number grammar separated by blanks or by one comma (blanks around it
 * allowed); '#' starts a comment, blank lines are skipped.  symmetric: every
 * line has x <= y and stands for (x, y) and (y, x), both returned.  Returns
 * the positions sorted by x then y in *out (free), their number, the largest
 * coordinate.  Returns 0, or an exit code with the message in err (the
 * file name and line number in it); name is the file's name in messages. */
int cli_read_csv_positions(FILE *f, const char *name, int symmetric, wy_pos **out, size_t *n, uint32_t *maxc,
                           char *err, size_t errlen);

/* 'X Y' lines for `value -` (two numbers separated by spaces, tabs or a
 * comma; blank lines and '#' comments skipped): appended to *x, *y (grown
 * by this function, mpz_t initialised; *n counts them).  Returns 0 or an
 * exit code with the message (naming the line) in err. */
int cli_read_xy_lines(FILE *f, mpz_t **x, mpz_t **y, size_t *n, char *err, size_t errlen);

/* ------------------------------------------------------------------ */
/* Formats several front ends write (formats.c)                        */
/* ------------------------------------------------------------------ */

/* The header of a bin table (docs/formats.md) of game g into h: returns its
 * length (at most CLI_BIN_HEADER_MAX) and sets the bytes per cell. */
#define CLI_BIN_HEADER_MAX (32 + 128)
size_t cli_bin_header(unsigned char *h, const cli_game *g, uint32_t rows, uint32_t cols, unsigned *cell_bytes);
/* Bytes per cell of a bin table: from the proved bound on its values. */
unsigned cli_bin_width(const cli_game *g, uint32_t rows, uint32_t cols);
/* What `value` and `moves` print for one position, text or JSON; `serve`
 * answers with the same JSON. */
void cli_value_out(cli_out *o, const cli_game *g, const wy_eval_item *q, int json);
void cli_moves_out(cli_out *o, const cli_game *g, const wy_options *op, const mpz_t x, const mpz_t y, int json);
/* A move's kind as the JSON names it: "row", "col", "diag", "mod", "heap", "pass". */
const char *cli_move_name(wy_move_kind k);
/* A move as `moves --format json` writes it, without its value and the
 * closing brace: {"move":"row","to":[x,y] (,"pass":P)(,"heap":H) */
void cli_json_move_head(cli_out *o, const wy_rules *r, wy_move_kind kind, const mpz_t tx, const mpz_t ty, wy_side s);
/* What `period --format json` prints; `serve` answers the same. */
void cli_period_json(cli_out *o, const cli_game *g, const wy_row_periods *rp);

/* ------------------------------------------------------------------ */
/* The commands wythoff-mpi runs too (cmd_ppos.c, cmd_compare.c)       */
/* ------------------------------------------------------------------ */

int cli_cmd_ppos(cli_config *c);
int cli_cmd_compare(cli_config *c);

/* Graphviz (graph_dot.c; `graph --format svg|png|pdf`): render the DOT in dot_fd through `dot -TFORMAT`
 * into out_fd.  Returns 0 or an exit code (message printed). */
int cli_find_dot(char *path, size_t n, char *why, size_t wn);
int cli_run_dot(const char *dot, const char *format, int dot_fd, int out_fd, const char *target);
int cli_temp_fd(void);

/* ------------------------------------------------------------------ */
/* The engine's move (engine_move.c): `wythoff play`, `wythoff serve`  */
/* ------------------------------------------------------------------ */

/* The hash of the seed and a position that picks among equally good moves
 * (splitmix64 of the seed and the coordinates' residues mod 4294967291). */
uint64_t cli_engine_hash(uint64_t seed, const mpz_t x, const mpz_t y, wy_side side);

/* The engine's move from (x, y, side) in game g (g->rules; g->side is not
 * used), by the evaluator of `value` and `moves` (wy_eval_options on e,
 * made for g->rules; run may be NULL).  out->x, out->y are initialised by
 * the caller; out is written when *has_move is 1.  The rule (docs/play.md,
 * "How the engine chooses"):
 *  - no move (wy_has_move 0): WY_OK, *has_move 0, *method "no move"; in
 *    normal play the player to move has lost, in misere play won;
 *  - an N-position: a winning move (one to a P-position), *winning 1; among
 *    several, number cli_engine_hash(seed, ...) mod their number in
 *    wy_moves_list's order;
 *  - a P-position (every move loses): the move removing the fewest stones:
 *    a pass when one is left, else one stone from the first heap, the second
 *    heap or the extra heap, the hash picking among those that are legal;
 *    *winning 0;
 *  - WY_EUNDECIDED when no method decides the position or finds a winning
 *    move from it: err says why, and still *has_move is 1 and out holds the
 *    fallback, the move of the P-position rule (not known to be best).
 * *method (static text) names the method that decided the position.
 * Other failures as wy_eval (WY_ERANGE, WY_ECANCELED; WY_EINVAL for a bad
 * side state or a negative coordinate), with *has_move 0.  err (errlen
 * bytes) is written only when the status is not WY_OK.  No global state:
 * threads may call it at once, each with its own wy_exact.  Cost: one
 * wy_eval_options (a table of (x+1)(y+1) cells for small positions,
 * O(log) big-number operations for closed forms). */
wy_status cli_engine_move(wy_exact *e, const cli_game *g, const mpz_t x, const mpz_t y, wy_side side, uint64_t seed,
                          const wy_run *run, wy_bigmove *out, int *has_move, int *winning, const char **method,
                          char *err, size_t errlen);

#endif
