/* opts.c - the one option table of every command, the one parser, and the
 * step that turns the common options (rules, side state, window, threads,
 * memory limit, format, output) into a cli_config (docs/commands.md,
 * "Options in general"). */
#include "cli.h"

#include <string.h>

/* Each option once per help text: an option whose help differs between
 * commands has a row per group of commands (the bits never overlap). */
static const struct {
    int id;
    const char *name; /* without "--" */
    int arg;          /* takes a value */
    unsigned cmds;
    const char *meta, *help;
} opts[] = {
    {O_SIZE, "size", 1, C_TABLE | C_PPOS | C_PLOT, "N", "window 0 <= x, y < N (accepts 1e3, 2^10)"},
    {O_SIZE, "size", 1, C_COMPARE, "N", "window 0 <= x, y < N (default 64; with a FILE, its largest coordinate + 1)"},
    {O_SIZE, "size", 1, C_GRAPH, "N", "window 0 <= x, y < N (default 4)"},
    {O_ROWS, "rows", 1, C_TABLE | C_PLOT | C_GRAPH, "R", "rows 0 <= x < R"},
    {O_ROWS, "rows", 1, C_PERIOD, "R", "rows 0 <= x < R (default 16, at most 4096)"},
    {O_COLS, "cols", 1, C_TABLE | C_PLOT | C_GRAPH, "C", "columns 0 <= y < C"},
    {O_PASS, "pass", 1, C_TABLE | C_VALUE | C_PPOS | C_MOVES | C_PERIOD | C_GRAPH | C_PLAY | C_BFILE | C_AUTOMATON, "P",
     "passes still available (default: all of the ruleset's)"},
    {O_PASS, "pass", 1, C_COMPARE | C_PLOT, "P", "passes still available, for each ruleset with pass (default: all)"},
    {O_HEAP, "heap", 1, C_TABLE | C_VALUE | C_PPOS | C_MOVES | C_GRAPH | C_PLAY | C_BFILE | C_AUTOMATON, "H",
     "stones in the extra heap (default: the ruleset's heap=H)"},
    {O_HEAP, "heap", 1, C_COMPARE | C_PLOT, "H", "stones in the extra heap, for each ruleset with heap=H (default: all)"},
    {O_FORMAT, "format", 1, C_ALL & ~(C_PLOT | C_GRAPH | C_PLAY | C_SERVE | C_BFILE), "F", "output format, one of those the usage line lists"},
    {O_FORMAT, "format", 1, C_PLOT, "FMT", "png or svg, when FILE's name does not say it"},
    {O_FORMAT, "format", 1, C_GRAPH, "F", "dot (default), or svg, png, pdf rendered by Graphviz's dot"},
    {O_OUTPUT, "output", 1, C_ALL & ~(C_PLOT | C_GRAPH | C_PLAY | C_SERVE), "FILE",
     "write to FILE instead of standard output ('-'), FILE appearing only when complete"},
    {O_OUTPUT, "output", 1, C_PLOT, "FILE", "the picture; .png or .svg chooses the format ('-': standard output)"},
    {O_OUTPUT, "output", 1, C_GRAPH, "FILE", "write to FILE; FILE.svg, .png, .pdf are rendered, .dot, .gv are DOT"},
    {O_FRAGMENT, "fragment", 0, C_TABLE, NULL,
     "with --format latex: the table without the document around it, to \\input into a paper"},
    {O_VALUE, "value", 1, C_PPOS, "G", "list positions of value G instead of the P-positions (G = 0)"},
    {O_VALUE, "value", 1, C_COMPARE, "G", "compare the positions of value G (implies --outcome; default 0: P-positions)"},
    {O_VALUE, "value", 1, C_PLOT, "G", "ppos: draw the positions of value G instead of the P-positions"},
    {O_COUNT, "count", 0, C_PPOS, NULL, "print only the number of positions found"},
    {O_FROM, "from", 1, C_PPOS, "X", "list the P-positions (a, b), a <= b, with a >= X along the sequence (any size)"},
    {O_TERMS, "terms", 1, C_PPOS, "K", "with --from: how many to list (default 10)"},
    {O_VALUE, "value", 1, C_BFILE, "G", "gpos-a, gpos-b: the positions of value G (required)"},
    {O_TERMS, "terms", 1, C_BFILE, "K", "how many terms (default 10000; rows for preperiod, period, saltus: 16)"},
    {O_OFFSET, "offset", 1, C_BFILE, "O", "the first n written (default 0); any size for ppos-a, ppos-b of wythoff"},
    {O_ROW, "row", 1, C_BFILE, "X", "row, row-inv: the row x of the table (required; 0 to 4095)"},
    {O_MAXCOLS, "max-cols", 1, C_PERIOD | C_BFILE, "C", "give up when no period is proved within C columns (default 2^22)"},
    {O_CERTIFICATE, "certificate", 1, C_PERIOD, "FILE",
     "also write the proof to FILE, for the independent checker wythoff-certcheck"},
    {O_ENGINE, "engine", 1, C_PPOS | C_COMPARE, "E", "auto (default), table or layer"},
    {O_OUTCOME, "outcome", 0, C_COMPARE, NULL, "compare the P-positions instead of the values"},
    {O_VALUE_B, "value-b", 1, C_COMPARE, "H",
     "B's positions of value H against A's of value G (--value, default 0); e.g. wythoff compare wythoff+pass "
     "wythoff --value-b 1"},
    {O_SYMMETRIC, "symmetric", 0, C_COMPARE, NULL,
     "FILE lists positions with x <= y only, each standing for (x, y) and (y, x); x > y is an error; e.g. "
     "printf '0 0\\n1 2\\n' | wythoff compare wythoff /dev/stdin --symmetric --size 3"},
    {O_SUMMARY, "summary", 0, C_COMPARE, NULL,
     "print only the counts, bounding box, smallest, largest and nearest, not the positions; e.g. wythoff "
     "compare wythoff+pass wythoff --value-b 1 --size 1e6 --summary"},
    {O_LIST, "list", 0, C_CHECK, NULL, "list the claims: id, source, statement, how it is checked"},
    {O_SIZE, "size", 1, C_HEAP3, "N", "the cube 0 <= a, b, c < N (default 64; accepts 1e3, 2^10)"},
    {O_LIST, "list", 0, C_HEAP3, NULL, "list the P-positions (a, b, c) instead of the counts"},
    {O_SLICE, "slice", 1, C_HEAP3, "C", "only the slice c = C: its count, or with --list its P-positions"},
    {O_ENGINE, "engine", 1, C_HEAP3, "E", "sweep (default) or layer (a layer scan per slice; slower, a cross-check)"},
    {O_PLOT, "plot", 1, C_HEAP3, "FILE.png",
     "also draw the projection: the c of each (a, b) as a heatmap, black where there is none"},
    {O_SIZE, "size", 1, C_GLAYERS, "N", "the window 0 <= x, y < N (default 10^6, at most 2^40; accepts 1e9)"},
    {O_VALUE, "value", 1, C_GLAYERS, "G", "scan and summary: the values 0..G (default 16, at most 79); with --index: the value read"},
    {O_STORE, "store", 1, C_GLAYERS, "DIR", "also store each layer compactly as DIR/layer-G.wygl"},
    {O_READ, "read", 1, C_GLAYERS, "DIR", "read the layers stored in DIR instead of scanning: the summary, or with --index positions"},
    {O_INDEX, "index", 1, C_GLAYERS, "N", "with --read and --value G: the N-th g-position (a_N^G, b_N^G), b - a = N"},
    {O_TERMS, "terms", 1, C_GLAYERS, "K", "with --index: how many positions from the N-th (default 1)"},
    {O_VALUE, "value", 1, C_AUTOMATON, "G", "learn: the layer of value G (default 1)"},
    {O_ROWS, "rows", 1, C_AUTOMATON, "N",
     "learn, verify: the diagonals 0..N-1 (default 600000 for learn, 10^6 for verify; accepts 6e7)"},
    {O_WALNUT, "walnut", 1, C_CHECK, "PATH",
     "replay the Walnut proofs of the claims that have one (000.thm4, 000.cor2, 001.thm1; man wythoff-automaton) "
     "in this run: PROVED when every statement is TRUE (without it: PROVED by the recorded log of a run when it "
     "matches the proof's files)"},
    {O_WALNUT, "walnut", 1, C_AUTOMATON, "PATH",
     "prove: the walnut script of Walnut 6.2.0 (default $WYTHOFF_WALNUT; Walnut's home: $WALNUT_HOME, else ~/.cache/wythoff/walnut-6.2.0)"},
    {O_WORD, "word", 0, C_AUTOMATON, NULL, "walnut: write the word automaton (Walnut's Word Automata Library format) instead of the commands"},
    {O_NAME, "name", 1, C_AUTOMATON, "NAME", "walnut, prove: the word automaton's name in Walnut (default WYTHOFFV1)"},
    {O_LIMIT, "limit", 1, C_CHECK, "N",
     "the range of every selected claim: 0 <= x, y < N, or a parameter 1..N (capped per claim)"},
    {O_STYLE, "style", 1, C_PLOT, "STYLE", "heatmap (values as colours, default), ppos (dots), table (numbers)"},
    {O_CELL, "cell", 1, C_PLOT, "PX", "pixels per position (default: the plot about 800 pixels a side)"},
    {O_TITLE, "title", 1, C_PLOT, "TEXT", "the title (default: says what is drawn)"},
    {O_MAXEDGES, "max-edges", 1, C_GRAPH, "E", "refuse graphs of more than E edges or E nodes (default 2000)"},
    {O_FIRST, "first", 1, C_PLAY, "WHO", "who moves first: me or engine (default: ask; 'me' when not asked)"},
    {O_SEED, "seed", 1, C_PLAY, "N",
     "picks among equally good engine moves, the weaker levels' random moves, and the start without X Y (default 1)"},
    {O_LEVEL, "level", 1, C_PLAY, "L",
     "the engine: perfect (default), strong, medium or beginner (a random move instead of a winning one 10, 30, "
     "60 times in 100)"},
    {O_PLAYERS, "players", 1, C_PLAY, "N", "1: you against the engine (default); 2: two players, the engine referees"},
    {O_NAMES, "names", 1, C_PLAY, "A,B", "with --players 2: the players' names (default: Player 1,Player 2)"},
    {O_NOHINTS, "no-hints", 0, C_PLAY, NULL, "no hints: '?' and 'show' refused, no assessment of the engine's moves"},
    {O_NOPICTURE, "no-picture", 0, C_PLAY, NULL, "no picture of the heaps or the board"},
    {O_EXPERT, "expert", 0, C_PLAY, NULL,
     "the specialist figures: values, P/N, the method that decided, the seed (the scripted format of earlier versions)"},
    {O_PORT, "port", 1, C_SERVE, "P", "the TCP port (default 8080; 0: any free port, printed)"},
    {O_BIND, "bind", 1, C_SERVE, "ADDR", "the address to listen on (default 127.0.0.1: this machine only)"},
    {O_TIMEOUT, "timeout", 1, C_SERVE, "S", "stop a request's computation after S seconds (default 60)"},
    {O_MEMLIMIT, "mem-limit", 1, C_ALL & ~C_SERVE, "BYTES", "memory allowed (default: the machine's available memory)"},
    {O_MEMLIMIT, "mem-limit", 1, C_SERVE, "BYTES",
     "memory one request may use, and the tile cache (default: a quarter of the available memory)"},
    {O_THREADS, "threads", 1, C_ALL, "N", "worker threads (default: all cores)"},
    {O_QUIET, "quiet", 0, C_ALL, NULL, "no progress display"},
    {O_HELP, "help", 0, C_ALL, NULL, "show help (also -h)"},
    {O_VERSION, "version", 0, C_ALL, NULL, "show the version"},
};
#define NOPTS (sizeof opts / sizeof opts[0])

/* The row of option `name` (n bytes) for cmd: *any is set when some command
 * has it. */
static int find(const char *name, size_t n, unsigned bit, int *any)
{
    *any = 0;
    for (size_t i = 0; i < NOPTS; i++)
        if (strlen(opts[i].name) == n && strncmp(opts[i].name, name, n) == 0) {
            *any = 1;
            if (opts[i].cmds & bit)
                return (int)i;
        }
    return -1;
}

int cli_parse(cli_config *c, const cli_cmd *cmd, int argc, char **argv, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->cmd = cmd;
    c->argc = argc;
    c->argv = argv;
    int only_pos = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (!only_pos && strcmp(s, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (!only_pos && strcmp(s, "-h") == 0)
            s = "--help";
        if (!only_pos && s[0] == '-' && s[1] == '-') {
            const char *name = s + 2, *eq = strchr(name, '=');
            size_t n = eq ? (size_t)(eq - name) : strlen(name);
            int any, k = find(name, n, cmd->bit, &any);
            if (k < 0 && any)
                return snprintf(err, errlen, "option '--%.*s' does not apply to '%s' (see 'wythoff %s --help')",
                                (int)(n > 40 ? 40 : n), name, cmd->name, cmd->name),
                       2;
            if (k < 0) {
                /* did you mean: the nearest option of this command (--sise: --size) */
                const char *names[NOPTS];
                size_t nn = 0;
                for (size_t j = 0; j < NOPTS; j++)
                    if (opts[j].cmds & cmd->bit)
                        names[nn++] = opts[j].name;
                long m = wy_suggest(name, n, names, nn);
                return snprintf(err, errlen, "unknown option '%.60s'%s%s%s (see 'wythoff %s --help')", s,
                                m < 0 ? "" : ": did you mean '--", m < 0 ? "" : names[m], m < 0 ? "" : "'?",
                                cmd->name),
                       2;
            }
            const int id = opts[k].id;
            if (c->given[id])
                return snprintf(err, errlen, "option '--%s' given twice", opts[k].name), 2;
            c->given[id] = 1;
            if (opts[k].arg) {
                if (eq)
                    c->val[id] = eq + 1;
                else if (i + 1 < argc)
                    c->val[id] = argv[++i];
                else
                    return snprintf(err, errlen, "option '--%s' needs a value (%s)", opts[k].name, opts[k].meta), 2;
            } else if (eq) {
                return snprintf(err, errlen, "option '--%s' takes no value", opts[k].name), 2;
            }
            continue;
        }
        if (!only_pos && s[0] == '-' && s[1] != '\0' && !(s[1] >= '0' && s[1] <= '9'))
            return snprintf(err, errlen, "unknown option '%.60s' (options are spelled --name)", s), 2;
        if (c->npos == cmd->max_pos || c->npos == CLI_MAXPOS)
            return snprintf(err, errlen, "too many arguments ('%.60s'); usage: wythoff %s", s, cmd->usage), 2;
        c->pos[c->npos++] = s;
    }
    return 0;
}

void cli_usage(FILE *f, const cli_cmd *cmd)
{
    fprintf(f, "usage: wythoff %s\n%s\n\noptions:\n", cmd->usage, cmd->summary);
    for (size_t i = 0; i < NOPTS; i++) {
        if (!(opts[i].cmds & cmd->bit))
            continue;
        char lhs[64];
        snprintf(lhs, sizeof lhs, "--%s%s%s", opts[i].name, opts[i].arg ? " " : "", opts[i].arg ? opts[i].meta : "");
        fprintf(f, "  %-20s %s\n", lhs, opts[i].help);
    }
    if (cmd->more)
        fprintf(f, "\n%s", cmd->more);
    fprintf(f, "\nThe manual: man wythoff-%s (every command: man wythoff).\n", cmd->name);
}

/* ------------------------------------------------------------------ */
/* The common options                                                  */
/* ------------------------------------------------------------------ */

/* A bound as the messages write it. */
static const char *bound_text(char *buf, size_t n, uint64_t v)
{
    if (v == (uint64_t)1 << 63)
        snprintf(buf, n, "2^63");
    else
        snprintf(buf, n, "%llu", (unsigned long long)v);
    return buf;
}

/* The number of option `name` (text) in lo..hi: the number grammar (src/cli/num.c),
 * then the range, whatever the number's length.  Returns 0 with *out set, or
 * exit 2 with a message naming the option: "bad --threads 'x' (...)",
 * "--threads 300 out of range (1 to 256)". */
static int num_in_range(uint64_t *out, const char *text, const char *name, uint64_t lo, uint64_t hi)
{
    char err[WY_ERRLEN];
    mpz_t v;
    mpz_init(v);
    if (!cli_num_big(v, text, name, err, sizeof err)) {
        mpz_clear(v);
        return cli_die(2, "%s", err);
    }
    uint64_t x = 0;
    int fits = mpz_sizeinbase(v, 2) <= 64;
    if (fits)
        mpz_export(&x, NULL, -1, sizeof x, 0, 0, v);
    mpz_clear(v);
    if (!fits || x < lo || x > hi) {
        char a[32], b[32];
        return cli_die(2, "%s %.40s%s out of range (%s to %s)", name, text, strlen(text) > 40 ? "..." : "",
                       bound_text(a, sizeof a, lo), bound_text(b, sizeof b, hi));
    }
    *out = x;
    return 0;
}

int cli_config_common(cli_config *c)
{
    char err[WY_ERRLEN];
    c->quiet = c->given[O_QUIET];
    c->threads = cli_default_threads();
    if (c->given[O_THREADS]) {
        uint64_t n = 0;
        int rc = num_in_range(&n, c->val[O_THREADS], "--threads", 1, 256);
        if (rc)
            return rc;
        c->threads = (unsigned)n;
    }
    if (c->given[O_MEMLIMIT]) {
        if (!cli_num_bytes(&c->mem_limit, c->val[O_MEMLIMIT], err, sizeof err))
            return cli_die(2, "%s", err);
        if (c->mem_limit == 0)
            return cli_die(2, "--mem-limit must be positive");
    } else {
        c->mem_limit = wy_memory_default();
    }
    c->output = c->given[O_OUTPUT] ? c->val[O_OUTPUT] : NULL;
    if (c->output && !*c->output)
        return cli_die(2, "--output needs a file name");
    /* '-' is standard output (plot reads it itself: it needs --output) */
    if (c->output && strcmp(c->output, "-") == 0 && c->cmd->bit != C_PLOT)
        c->output = NULL;
    if (!c->cmd->formats)
        return 0;
    /* the formats: "a,b,c", the first the default */
    const char *list = c->cmd->formats;
    size_t first = strcspn(list, ",");
    if (!c->given[O_FORMAT]) {
        static char dflt[16];
        snprintf(dflt, sizeof dflt, "%.*s", (int)first, list);
        c->format = dflt;
        return 0;
    }
    const char *f = c->val[O_FORMAT];
    size_t n = strlen(f);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        if (k == n && strncmp(p, f, n) == 0) {
            c->format = f;
            return 0;
        }
        p += k + (p[k] == ',');
    }
    /* did you mean: the nearest format of the list (jsn: json) */
    const char *names[16];
    char buf[16][16];
    size_t nn = 0;
    for (const char *p = list; *p && nn < 16;) {
        size_t k = strcspn(p, ",");
        snprintf(buf[nn], sizeof buf[nn], "%.*s", (int)k, p);
        names[nn] = buf[nn];
        nn++;
        p += k + (p[k] == ',');
    }
    long m = wy_suggest(f, n, names, nn);
    char shown[128];
    size_t j = 0;
    for (const char *p = list; *p && j + 3 < sizeof shown; p++) {
        if (*p == ',') {
            shown[j++] = ',';
            shown[j++] = ' ';
        } else {
            shown[j++] = *p;
        }
    }
    shown[j] = '\0';
    return cli_die(2, "unknown format '%.40s'%s%s%s (this command writes %s)", f, m < 0 ? "" : ": did you mean '",
                   m < 0 ? "" : names[m], m < 0 ? "" : "'?", shown);
}

int cli_games(cli_config *c, int n, const char *const *label)
{
    char err[WY_ERRLEN];
    c->ngames = n;
    for (int i = 0; i < n; i++) {
        cli_game *g = &c->game[i];
        if (wy_rules_parse(&g->rules, c->pos[i], err, sizeof err) != WY_OK)
            return n > 1 && label ? cli_die(2, "%s: %s", label[i], err) : cli_die(2, "%s", err);
        wy_rules_format(g->text, sizeof g->text, &g->rules);
        g->side = wy_side_start(&g->rules);
    }
    /* --pass and --heap: the library's policy (wy_side_apply), the number
     * read first by the command line's grammar (1e3, 2^10) */
    const wy_rules *rules[CLI_MAXGAMES] = {NULL};
    wy_side sides[CLI_MAXGAMES] = {{0, 0}};
    for (int i = 0; i < n; i++) {
        rules[i] = &c->game[i].rules;
        sides[i] = c->game[i].side;
    }
    for (int which = 0; which < 2; which++) {
        const int id = which ? O_HEAP : O_PASS;
        const char *name = which ? "--heap" : "--pass";
        if (!c->given[id])
            continue;
        int rc = cli_side_apply(sides, rules, (size_t)n, label, which ? WY_SIDE_HEAP : WY_SIDE_PASS, name,
                                c->val[id], err, sizeof err);
        if (rc)
            return cli_die(rc, "%s", err);
    }
    for (int i = 0; i < n; i++)
        c->game[i].side = sides[i];
    return 0;
}

int cli_side_apply(wy_side *sides, const wy_rules *const *rules, size_t n, const char *const *labels,
                   wy_side_part part, const char *name, const char *text, char *err, size_t errlen)
{
    mpz_t big;
    mpz_init(big);
    int ok = cli_num_big(big, text, name, err, errlen);
    char *digits = ok ? mpz_get_str(NULL, 10, big) : NULL;
    mpz_clear(big);
    if (!ok)
        return 2;
    if (!digits) {
        snprintf(err, errlen, "out of memory");
        return 3;
    }
    wy_status st = wy_side_apply(sides, rules, n, labels, part, name, digits, text, err, errlen);
    void (*gmp_free)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &gmp_free);
    gmp_free(digits, strlen(digits) + 1);
    return st == WY_OK ? 0 : 2;
}

int cli_window(cli_config *c, uint64_t dflt)
{
    char err[WY_ERRLEN];
    if (c->given[O_SIZE] && (c->given[O_ROWS] || c->given[O_COLS]))
        return cli_die(2, "give either --size or --rows/--cols, not both");
    c->rows = c->cols = dflt;
    if (c->given[O_SIZE]) {
        if (!cli_num_size(&c->rows, c->val[O_SIZE], "--size", err, sizeof err))
            return cli_die(2, "%s", err);
        c->cols = c->rows;
    }
    if (c->given[O_ROWS] && !cli_num_size(&c->rows, c->val[O_ROWS], "--rows", err, sizeof err))
        return cli_die(2, "%s", err);
    if (c->given[O_COLS] && !cli_num_size(&c->cols, c->val[O_COLS], "--cols", err, sizeof err))
        return cli_die(2, "%s", err);
    if (c->given[O_ROWS] != c->given[O_COLS] && !c->given[O_SIZE]) {
        if (c->given[O_ROWS])
            c->cols = c->rows;
        else
            c->rows = c->cols;
    }
    /* above 2^63, cli_num_size has said "too large (at most 2^63)" */
    static const int ids[3] = {O_SIZE, O_ROWS, O_COLS};
    static const char *const names[3] = {"--size", "--rows", "--cols"};
    for (int i = 0; i < 3; i++)
        if (c->given[ids[i]] && (i == 2 ? c->cols : c->rows) == 0)
            return cli_die(2, "%s %.40s%s out of range (1 to 2^63): an empty window", names[i], c->val[ids[i]],
                           strlen(c->val[ids[i]]) > 40 ? "..." : "");
    if (c->rows == 0 || c->cols == 0)
        return cli_die(2, "empty window: sizes must be at least 1");
    return 0;
}

int cli_window_table(const cli_config *c)
{
    if (c->rows <= UINT32_MAX && c->cols <= UINT32_MAX)
        return 0;
    char num[48];
    cli_u128_text(num, sizeof num, ((unsigned __int128)c->rows * c->cols) >> 28); /* 4 bytes each, in GiB */
    return cli_die(3,
                   "a %llu x %llu window is beyond the table engine (at most 4294967295 per side); its values alone "
                   "would need about %s GiB",
                   (unsigned long long)c->rows, (unsigned long long)c->cols, num);
}
