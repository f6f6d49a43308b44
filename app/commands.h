/* commands.h - the commands of the tool build/wythoff (app/): a main
 * (main.c: the command table, dispatch, help) and one file per command
 * (value and moves share one).  Each runs on a parsed cli_config of the
 * client library (src/cli/cli.h) and returns the exit code; ppos and compare
 * are in the client library because wythoff-mpi runs them too.
 *
 *   serve*.c      `wythoff serve` (serve.h)
 *   web_assets.h  the explorer's files compiled in (scripts/embed-web)
 */
#ifndef WY_COMMANDS_H
#define WY_COMMANDS_H

#include "cli.h"

int cli_cmd_table(cli_config *c);
int cli_cmd_value(cli_config *c);
int cli_cmd_moves(cli_config *c);
int cli_cmd_period(cli_config *c);
int cli_cmd_heap3(cli_config *c);
int cli_cmd_bfile(cli_config *c);
int cli_cmd_glayers(cli_config *c);
int cli_cmd_automaton(cli_config *c);
int cli_cmd_check(cli_config *c);
int cli_cmd_plot(cli_config *c);
int cli_cmd_graph(cli_config *c);
int cli_cmd_play(cli_config *c);
int cli_cmd_serve(cli_config *c);

/* Walnut runs (cmd_automaton.c; docs/automata.md), shared with check. */
#define CLI_WALNUT_MAX 64
#define CLI_WALNUT_NAME 64
typedef struct {
    size_t evals, ntrue;            /* the statements, and those Walnut found TRUE */
    char names[CLI_WALNUT_MAX][CLI_WALNUT_NAME];
    signed char verdict[CLI_WALNUT_MAX]; /* 1 TRUE, 0 FALSE, -1 none */
    size_t word_len, cmds_len;      /* the files run, and their FNV-1a */
    uint64_t fnv_word, fnv_cmds;
} cli_walnut_result;
struct wy_automaton;
int cli_walnut_prove(const char *walnut, const struct wy_automaton *a, const char *name, cli_walnut_result *res);
/* The proof's command file as `automaton walnut` writes it (NULL: *rc, message printed). */
char *cli_proof_text(const struct wy_automaton *a, const char *name, int *rc);
/* 64-bit FNV-1a of a text: names the files a log was made from (no protection). */
uint64_t cli_fnv(const char *s);

#endif
