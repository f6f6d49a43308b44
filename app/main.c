/* main.c - the `wythoff` command: the command table and dispatch.  Every
 * command is a thin client of the library; the manual is docs/commands.md. */
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* the exit statuses of value and moves, one per line */
#define EXIT_ANSWER                                                                                                    \
    "exit status (man wythoff, EXIT STATUS):\n"                                                                       \
    "  0    answered\n"                                                                                               \
    "  2    bad usage or input\n"                                                                                     \
    "  3    a method applies but needs more than --mem-limit\n"                                                       \
    "  4    internal error\n"                                                                                         \
    "  6    no method decides it\n"                                                                                   \
    "  130  interrupted\n"

static const cli_cmd commands[] = {
    {"table", C_TABLE,
     "table RULES [--size N | --rows R --cols C] [--pass P] [--heap H] [--format text|csv|json|markdown|latex|bin] "
     "[--fragment] [--output FILE]",
     "the values of every position of a window", NULL, 1, 4, "text,csv,json,markdown,latex,bin", cli_cmd_table},
    {"value", C_VALUE,
     "value RULES X Y [--pass P] [--heap H] [--format text|json]   ('-' for X reads 'X Y' lines from stdin)",
     "the value and outcome of one position",
EXIT_ANSWER, 1, 4, "text,json", cli_cmd_value},
    {"ppos", C_PPOS,
     "ppos RULES [--size N | --from X [--terms K]] [--value G] [--pass P] [--heap H] [--format text|csv|json] "
     "[--count] [--engine auto|table|layer]",
     "the P-positions (or positions of value G) of a window", NULL, 1, 4, "text,csv,json", cli_cmd_ppos},
    {"moves", C_MOVES, "moves RULES X Y [--pass P] [--heap H] [--format text|json]",
     "every option of a position with its value, or the winning moves\n"
     "Every option with its value; for a position too large for a table, the winning\n"
     "moves.",
EXIT_ANSWER, 1, 4, "text,json",
     cli_cmd_moves},
    {"period", C_PERIOD, "period RULES [--rows R] [--pass P] [--format text|csv|json] [--max-cols C] "
     "[--certificate FILE]",
     "preperiod and period of rows 0..R-1, proved by the engine", NULL, 1, 4, "text,csv,json", cli_cmd_period},
    {"bfile", C_BFILE,
     "bfile SEQUENCE RULES [--terms K] [--offset O] [--value G] [--row X] [--pass P] [--heap H] [--max-cols C] "
     "[--output FILE]",
     "a sequence as an OEIS b-file, its definition in comment lines\n"
     "The terms as 'n a(n)' lines, the definition and the command in '#' lines.",
     "SEQUENCE (man wythoff-bfile defines each):\n"
     "  ppos-a, ppos-b              the P-positions (a, b), a <= b\n"
     "  gpos-a, gpos-b              the positions (a, b), a <= b, of value G\n"
     "  preperiod, period, saltus   of rows 0, 1, ...\n"
     "  row, row-inv                row X of the table (--row X), its inverse\n"
     "  antidiagonals, triangle     the table read by antidiagonals, by rows y <= x\n"
     "  diagonal, diagonal-inv      G(n, n), its inverse\n",
     0, 2, NULL, cli_cmd_bfile},
    {"heap3", C_HEAP3,
     "heap3 RULES [--size N] [--list] [--slice C] [--format text|csv|json|png] [--output FILE] [--plot FILE.png] "
     "[--engine sweep|layer]",
     "the P-positions (a, b, c) of RULES plus a third Nim heap\n"
     "The atlas 0 <= a, b, c < N.  RULES is a two-heap ruleset with a pass, such as\n"
     "nim+pass (three-heap Nim with a pass) or wythoff+pass; the third heap is a\n"
     "plain Nim heap of c stones (RULES+heap=c).  Prints the counts, per slice c,\n"
     "and how the P-set compares with the two-heap values; --list lists them.",
     "examples:\n"
     "  wythoff heap3 nim+pass --size 1024\n"
     "  wythoff heap3 wythoff+pass --size 32 --list --format csv\n"
     "  wythoff heap3 nim+pass --size 512 --plot a.png --format csv --output s.csv\n",
     1, 1, "text,csv,json,png", cli_cmd_heap3},
    {"automaton", C_AUTOMATON,
     "automaton learn RULES [--value G] [--rows N] [--pass P] [--heap H] [--output FILE] | automaton verify FILE "
     "[--rows N] | automaton walnut FILE [--word] [--name NAME] [--output FILE] | automaton prove FILE --walnut PATH | "
     "automaton run FILE N...",
     "Fibonacci automata of value layers: learn, check, prove and run them\n"
     "learn: the minimal automaton reading n's Zeckendorf digits whose output is the\n"
     "  layer's offset on diagonal n;\n"
     "verify: compare a file with a fresh scan of the layer engine;\n"
     "walnut: the Walnut command file that proves it (or its word automaton);\n"
     "prove: run Walnut on it and report each statement;\n"
     "run: the automaton at N.",
     "examples:\n"
     "  wythoff automaton learn wythoff --value 1 --output v1.aut\n"
     "  wythoff automaton verify v1.aut --rows 6e7\n"
     "  wythoff automaton prove v1.aut --walnut ../shared/tools/walnut/walnut\n"
     "  wythoff automaton run v1.aut 10^50\n",
     2, CLI_MAXPOS, "text", cli_cmd_automaton},
    {"glayers", C_GLAYERS,
     "glayers wythoff [--size N] [--value G] [--store DIR] [--format text|csv|json] | glayers --read DIR [--value G "
     "[--index N [--terms K]]]",
     "the positions of each value 0..G of Wythoff's game, in one scan\n"
     "Their offsets from the P-positions, measured, stored compactly and read back.",
     "examples:\n"
     "  wythoff glayers wythoff --size 1e6 --value 16\n"
     "  wythoff glayers wythoff --size 1e8 --value 64 --store layers --format csv\n"
     "  wythoff glayers --read layers --value 5 --index 1000000 --terms 3\n",
     0, 1, "text,csv,json", cli_cmd_glayers},
    {"compare", C_COMPARE,
     "compare RULES_A RULES_B|FILE [--size N] [--outcome] [--value G] [--value-b H] [--symmetric] [--summary] "
     "[--pass P] [--heap H] [--format text|csv|json] [--engine auto|table|layer]",
     "the positions where two games, or a file and a game, differ\n"
     "Where two games' values or outcomes differ, or where a file of positions differs\n"
     "from a game's P-positions.",
     "exit status (man wythoff, EXIT STATUS):\n"
     "  0    no difference\n"
     "  1    differences found\n"
     "  2    bad usage or input\n"
     "  3    more memory than allowed\n"
     "  4    internal error\n"
     "  130  interrupted\n", 1, 2,
     "text,csv,json", cli_cmd_compare},
    {"check", C_CHECK, "check [CLAIM...] [--list] [--limit N] [--walnut PATH] [--format text|markdown|json]",
     "the claims of the five source papers, checked by computation\n"
     "Each claim PASS, FAIL or ERRATUM; PROVED when a Walnut proof decides it for\n"
     "every position.",
     "CLAIM is a claim id (000.thm4), or the ids below or beginning with it\n"
     "(000, 004.table); default: all.\n"
     "exit status (man wythoff, EXIT STATUS):\n"
     "  0    nothing FAILs (PASS, PROVED or ERRATUM)\n"
     "  1    a claim FAILs\n"
     "  2    bad usage\n"
     "  3    more memory than allowed\n"
     "  4    internal error\n"
     "  130  interrupted\n",
     0, CLI_MAXPOS, "text,markdown,json", cli_cmd_check},
    {"plot", C_PLOT,
     "plot RULES [RULES2 [RULES3]] --output FILE.png|FILE.svg [--style heatmap|ppos|table] "
     "[--size N | --rows R --cols C] [--value G] [--pass P] [--heap H] [--cell PX] [--title TEXT] [--format png|svg]",
     "a picture of a window, PNG or SVG: heatmap, P-positions or table\n"
     "A heatmap of the values, the P-positions (or the positions of value G) as dots,\n"
     "or the table of numbers with the P-positions on red cells.  Up to three rulesets\n"
     "overlaid in one dot plot (--style ppos), a colour for each combination.",
     "examples:\n"
     "  wythoff plot wythoff --size 1024 --output wythoff.png\n"
     "  wythoff plot wythoff wythoff+pass --style ppos --size 200 --output ppos.svg\n"
     "  wythoff plot wythoff+pass --style table --size 9 --output table.png\n",
     1, 3, NULL, cli_cmd_plot},
    {"graph", C_GRAPH,
     "graph RULES [--size N | --rows R --cols C] [--pass P] [--heap H] [--format dot|svg|png|pdf] [--output FILE] "
     "[--max-edges E]",
     "the move graph of a window, as Graphviz DOT or rendered by Graphviz\n"
     "Every state a node (P-positions filled red), every move an edge (winning moves\n"
     "red).",
     NULL, 0, 4, NULL, cli_cmd_graph},
    {"play", C_PLAY,
     "play RULES [X Y] [--pass P] [--heap H] [--first me|engine] [--seed N] [--level L] [--players 1|2] "
     "[--names A,B] [--no-hints] [--no-picture] [--expert]",
     "play a game against the engine or between two players\n"
     "In the terminal; scripted when standard input is not a terminal.",
     NULL, 1, 3, NULL, cli_cmd_play},
    {"serve", C_SERVE, "serve [--port P] [--bind ADDR] [--timeout S]",
     "the explorer in a web browser, and a JSON API over the library\n"
     "Over HTTP, to this machine only by default.",
     NULL, 0, 0, NULL, cli_cmd_serve},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])
/* seconds between SIGINT/SIGTERM and the forced exit (cli_watchdog) */
#define WATCHDOG_S 5


const cli_cmd *cli_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

static void usage_tool(FILE *f)
{
    fprintf(f, "wythoff %s\nexact values, P-positions and winning moves of Wythoff's game and its variants\n\n"
               "usage: wythoff COMMAND RULES [ARGS] [OPTIONS]\n\ncommands:\n",
            WY_VERSION);
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const char *s = commands[i].summary;
        fprintf(f, "  %-9s %.*s\n", commands[i].name, (int)strcspn(s, "\n"), s);
    }
    fputs("\nRULES := GAME ('+' OPTION)*\n"
          "  GAME: wythoff or nim\n"
          "  OPTION: pass, pass=K, heap=H, max=N, mod=M, terminal=K, misere\n"
          "examples: wythoff, wythoff+pass, wythoff+heap=1, wythoff+terminal=2+misere,\n"
          "          wythoff+max=5, nim+pass, wythoff+mod=4\n\n"
          "Run 'wythoff COMMAND --help' or 'wythoff help COMMAND' for a command's options.\n"
          "The manual: man wythoff, man wythoff-COMMAND, man libwythoff (the C library).\n",
          f);
}

/* Text on standard output (help, version): a write error is exit 2. */
static int stdout_done(void)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_die(2, "write error on standard output (%s)", strerror(errno ? errno : EIO));
    return 0;
}

static int unknown(const char *name)
{
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    long m = wy_suggest(name, strlen(name), names, NCOMMANDS);
    return cli_die(2, "unknown command '%.60s'%s%s%s (commands: table, value, ppos, moves, period, bfile, heap3, "
                      "glayers, automaton, compare, check, plot, graph, play, serve; see 'wythoff --help')",
                   name, m < 0 ? "" : ": did you mean '", m < 0 ? "" : names[m], m < 0 ? "" : "'?");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_tool(stderr), 2;
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || (strcmp(name, "help") == 0 && argc == 2)) {
        usage_tool(stdout);
        return stdout_done();
    }
    if (strcmp(name, "--version") == 0) {
        printf("wythoff %s\n", WY_VERSION);
        return stdout_done();
    }
    if (strcmp(name, "help") == 0) {
        if (argc > 3)
            return cli_die(2, "help takes one command name (see 'wythoff --help')");
        const cli_cmd *cmd = cli_command(argv[2]);
        if (!cmd)
            return unknown(argv[2]);
        cli_usage(stdout, cmd);
        return stdout_done();
    }
    const cli_cmd *cmd = cli_command(name);
    if (!cmd)
        return unknown(name);
    if (cmd->run != cli_cmd_serve && cli_set_argv(argc, argv)) /* the outputs' provenance (docs/formats.md) */
        return cli_die(3, "out of memory");
    cli_signals_install();
    if (cmd->run != cli_cmd_serve) /* the server stops its own way (docs/serve.md) */
        cli_watchdog(WATCHDOG_S);
    cli_config c;
    char err[WY_ERRLEN];
    int rc = cli_parse(&c, cmd, argc - 2, argv + 2, err, sizeof err);
    if (rc)
        return cli_die(rc, "%s", err);
    if (c.given[O_HELP]) {
        cli_usage(stdout, cmd);
        return stdout_done();
    }
    if (c.given[O_VERSION]) {
        printf("wythoff %s\n", WY_VERSION);
        return stdout_done();
    }
    if (c.npos < cmd->min_pos)
        return cli_die(2, "missing ruleset; usage: wythoff %s", cmd->usage);
    if ((rc = cli_config_common(&c)))
        return rc;
    return cmd->run(&c);
}
