/*
 * fuzz-opts - the command line after the command name (src/cli/opts.c:
 * cli_parse, cli_config_common, cli_window, cli_games; wy_claim_find for
 * the claim ids of `check`).
 *
 * Input: byte 0 chooses the command (table, value, ppos, moves, period,
 * compare, check, plot, graph: a cli_cmd built here like main.c's, which
 * the harness cannot link); the rest, split at NUL bytes, is argv.
 * Properties:
 *   - cli_parse returns 0 or 2; 2 with a message (NUL-terminated within the
 *     buffer, not empty, without the "wythoff:" prefix);
 *   - 0: c->cmd, argc, argv as given; at most max_pos positional arguments,
 *     each one of the arguments, in their order; every option value points
 *     into an argument (the whole argument, or after "--name=");
 *   - cli_config_common, cli_window, cli_games return 0 or 2 (window: 3
 *     never, it checks no memory); with 2 they print exactly one line
 *     "wythoff: MESSAGE" on stderr, with 0 nothing; on 0:
 *     threads in 1..256 (the value of --threads when given, which must be
 *     a well-formed number), mem_limit the value of --mem-limit (by
 *     cli_num_bytes) when given, the format one of the command's (the
 *     value of --format when given), --output as given;
 *     the window at least 1 x 1, --size N giving N x N, --rows / --cols
 *     alone a square; every game's text the canonical text of its
 *     ruleset, which is what wy_rules_parse makes of the argument, its
 *     side state within the ruleset's, --pass / --heap applied;
 *   - `check`: wy_claim_find(id) is the index of the claim with exactly
 *     that id (a search of wy_claim_get), or -1.
 */
#include "fuzz.h"

#include "../../src/cli/cli.h"
#include "wythoff_check.h"

#define NCMDS 9
static const cli_cmd cmds[NCMDS] = {
    {"table", C_TABLE, "table RULES", "", NULL, 1, 4, "text,csv,json,markdown,latex,bin", NULL},
    {"value", C_VALUE, "value RULES X Y", "", NULL, 1, 4, "text,json", NULL},
    {"ppos", C_PPOS, "ppos RULES", "", NULL, 1, 4, "text,csv,json", NULL},
    {"moves", C_MOVES, "moves RULES X Y", "", NULL, 1, 4, "text,json", NULL},
    {"period", C_PERIOD, "period RULES", "", NULL, 1, 4, "text,csv,json", NULL},
    {"compare", C_COMPARE, "compare RULES_A RULES_B|FILE", "", NULL, 1, 2, "text,csv,json", NULL},
    {"check", C_CHECK, "check [CLAIM...]", "", NULL, 0, CLI_MAXPOS, "text,markdown,json", NULL},
    {"plot", C_PLOT, "plot RULES...", "", NULL, 1, 3, NULL, NULL},
    {"graph", C_GRAPH, "graph RULES", "", NULL, 0, 4, NULL, NULL},
};

#define MAXARGS 512

/* Is p inside one of the arguments?  Returns its index, or -1. */
static int inside(char **argv, int argc, const char *p)
{
    for (int i = 0; i < argc; i++)
        if (p >= argv[i] && p <= argv[i] + strlen(argv[i]))
            return i;
    return -1;
}

static int u64_of(const char *text, uint64_t *v)
{
    fz_sat s;
    if (fz_num_ref(text, &s) != 1 || s.big)
        return 0;
    *v = s.v;
    return 1;
}

static void check_common(cli_config *c, const cli_cmd *cmd, int nl)
{
    fz_capture cap;
    fz_capture_begin(&cap);
    int rc = cli_config_common(c);
    fz_capture_end(&cap);
    FZ_CHECK(rc == 0 || rc == 2, "cli_config_common returned %d", rc);
    if (rc) {
        fz_check_die(&cap, nl, "cli_config_common");
        free(cap.buf);
        return;
    }
    FZ_CHECK(cap.len == 0, "cli_config_common succeeded but printed '%s'", cap.buf);
    free(cap.buf);
    FZ_CHECK(c->threads >= 1 && c->threads <= 256, "threads %u", c->threads);
    if (c->given[O_THREADS]) {
        uint64_t t = 0;
        FZ_CHECK(u64_of(c->val[O_THREADS], &t) && t == c->threads, "--threads '%s' gave %u threads",
                 c->val[O_THREADS], c->threads);
    }
    if (c->given[O_MEMLIMIT]) {
        uint64_t m = 0;
        char err[WY_ERRLEN];
        FZ_CHECK(cli_num_bytes(&m, c->val[O_MEMLIMIT], err, sizeof err) && m == c->mem_limit && m > 0,
                 "--mem-limit '%s' gave %llu", c->val[O_MEMLIMIT], (unsigned long long)c->mem_limit);
    }
    if (c->given[O_OUTPUT])
        FZ_CHECK(c->output == c->val[O_OUTPUT] && c->output[0], "--output '%s' not kept", c->val[O_OUTPUT]);
    else
        FZ_CHECK(c->output == NULL, "an output without --output");
    if (cmd->formats) {
        FZ_CHECK(c->format != NULL, "no format");
        if (c->given[O_FORMAT])
            FZ_CHECK(strcmp(c->format, c->val[O_FORMAT]) == 0, "--format '%s' gave '%s'", c->val[O_FORMAT],
                     c->format);
        size_t n = strlen(c->format);
        int found = 0;
        for (const char *p = cmd->formats; *p; p += strcspn(p, ","), p += *p == ',')
            if (strcspn(p, ",") == n && strncmp(p, c->format, n) == 0)
                found = 1;
        FZ_CHECK(found && n > 0, "format '%s' is not one of '%s'", c->format, cmd->formats);
    }
}

static void check_window(cli_config *c, int nl)
{
    fz_capture cap;
    fz_capture_begin(&cap);
    int rc = cli_window(c, 16);
    fz_capture_end(&cap);
    FZ_CHECK(rc == 0 || rc == 2, "cli_window returned %d", rc);
    if (rc) {
        fz_check_die(&cap, nl, "cli_window");
        free(cap.buf);
        return;
    }
    FZ_CHECK(cap.len == 0, "cli_window succeeded but printed '%s'", cap.buf);
    free(cap.buf);
    const uint64_t most = (uint64_t)1 << 63;
    FZ_CHECK(c->rows >= 1 && c->cols >= 1 && c->rows <= most && c->cols <= most, "window %llu x %llu",
             (unsigned long long)c->rows, (unsigned long long)c->cols);
    uint64_t v = 0;
    if (c->given[O_SIZE]) {
        FZ_CHECK(u64_of(c->val[O_SIZE], &v) && v == c->rows && v == c->cols, "--size '%s' gave %llu x %llu",
                 c->val[O_SIZE], (unsigned long long)c->rows, (unsigned long long)c->cols);
    } else if (c->given[O_ROWS] || c->given[O_COLS]) {
        if (c->given[O_ROWS])
            FZ_CHECK(u64_of(c->val[O_ROWS], &v) && v == c->rows, "--rows '%s' gave %llu", c->val[O_ROWS],
                     (unsigned long long)c->rows);
        if (c->given[O_COLS])
            FZ_CHECK(u64_of(c->val[O_COLS], &v) && v == c->cols, "--cols '%s' gave %llu", c->val[O_COLS],
                     (unsigned long long)c->cols);
        if (c->given[O_ROWS] != c->given[O_COLS])
            FZ_CHECK(c->rows == c->cols, "--rows or --cols alone gave %llu x %llu", (unsigned long long)c->rows,
                     (unsigned long long)c->cols);
    } else {
        FZ_CHECK(c->rows == 16 && c->cols == 16, "the default window is %llu x %llu", (unsigned long long)c->rows,
                 (unsigned long long)c->cols);
    }
}

static void check_games(cli_config *c, int n, int nl)
{
    static const char *const label[CLI_MAXGAMES] = {"RULES_A", "RULES_B", "RULES_C"};
    fz_capture cap;
    fz_capture_begin(&cap);
    int rc = cli_games(c, n, label);
    fz_capture_end(&cap);
    FZ_CHECK(rc == 0 || rc == 2, "cli_games returned %d", rc);
    if (rc) {
        fz_check_die(&cap, nl, "cli_games");
        free(cap.buf);
        return;
    }
    FZ_CHECK(cap.len == 0, "cli_games succeeded but printed '%s'", cap.buf);
    free(cap.buf);
    FZ_CHECK(c->ngames == n, "ngames %d, want %d", c->ngames, n);
    for (int i = 0; i < n; i++) {
        const cli_game *g = &c->game[i];
        wy_rules r;
        char err[WY_ERRLEN], text[200];
        FZ_CHECK(wy_rules_parse(&r, c->pos[i], err, sizeof err) == WY_OK, "game %d '%s' accepted by cli_games: %s",
                 i, c->pos[i], err);
        FZ_CHECK(memcmp(&r, &g->rules, sizeof r) == 0, "game %d: cli_games' ruleset differs from '%s'", i,
                 c->pos[i]);
        wy_rules_format(text, sizeof text, &r);
        FZ_CHECK(strcmp(text, g->text) == 0, "game %d: text '%s', canonical '%s'", i, g->text, text);
        FZ_CHECK(wy_side_check(&r, g->side, err, sizeof err) == WY_OK, "game %d: side state: %s", i, err);
        uint64_t v;
        if (r.passes)
            FZ_CHECK(c->given[O_PASS] ? u64_of(c->val[O_PASS], &v) && v == g->side.pass : g->side.pass == r.passes,
                     "game %d: passes left %lu", i, (unsigned long)g->side.pass);
        if (r.heap)
            FZ_CHECK(c->given[O_HEAP] ? u64_of(c->val[O_HEAP], &v) && v == g->side.heap : g->side.heap == r.heap,
                     "game %d: extra heap %lu", i, (unsigned long)g->side.heap);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const cli_cmd *cmd = &cmds[fz_below(&in, NCMDS)];
    char *argv[MAXARGS + 1];
    int argc = 0, nl = 0;
    if (in.n) {
        const uint8_t *p = in.p, *end = in.p + in.n;
        while (argc < MAXARGS) {
            const uint8_t *z = memchr(p, '\0', (size_t)(end - p));
            size_t k = z ? (size_t)(z - p) : (size_t)(end - p);
            argv[argc++] = fz_text(p, k);
            if (memchr(p, '\n', k))
                nl = 1;
            if (!z)
                break;
            p = z + 1;
        }
    }
    argv[argc] = NULL;

    cli_config *c = malloc(sizeof *c);
    if (!c)
        abort();
    char err[WY_ERRLEN];
    memset(err, 'X', sizeof err);
    int rc = cli_parse(c, cmd, argc, argv, err, sizeof err);
    FZ_CHECK(rc == 0 || rc == 2, "cli_parse returned %d", rc);
    if (rc) {
        fz_check_msg(err, sizeof err, nl, "cli_parse");
        goto done;
    }
    FZ_CHECK(c->cmd == cmd && c->argc == argc && c->argv == argv, "cli_parse did not keep the command and argv");
    FZ_CHECK(c->npos >= 0 && c->npos <= cmd->max_pos && c->npos <= CLI_MAXPOS, "%d positional arguments for %s",
             c->npos, cmd->name);
    for (int i = 0, last = -1; i < c->npos; i++) {
        int k = -1;
        for (int j = last + 1; j < argc && k < 0; j++)
            if (c->pos[i] == argv[j])
                k = j;
        FZ_CHECK(k >= 0, "positional argument %d '%s' is not an argument after the previous one", i, c->pos[i]);
        last = k;
    }
    for (int id = 0; id < O_N; id++) {
        FZ_CHECK(c->given[id] == 0 || c->given[id] == 1, "given[%d] = %d", id, c->given[id]);
        if (c->val[id]) {
            FZ_CHECK(c->given[id], "a value for option %d, not given", id);
            int k = inside(argv, argc, c->val[id]);
            FZ_CHECK(k >= 0, "the value of option %d is in no argument", id);
            FZ_CHECK(c->val[id] == argv[k] || (strncmp(argv[k], "--", 2) == 0 && c->val[id][-1] == '=' &&
                                               memchr(argv[k], '=', (size_t)(c->val[id] - argv[k])) ==
                                                   c->val[id] - 1),
                     "the value '%s' of option %d is neither an argument nor after '--name='", c->val[id], id);
        }
    }
    if (c->given[O_HELP] || c->given[O_VERSION])
        goto done;

    check_common(c, cmd, nl);
    check_window(c, nl);
    if (cmd->bit == C_CHECK) {
        for (int i = 0; i < c->npos; i++) {
            long want = -1;
            for (size_t k = 0; k < wy_claim_count() && want < 0; k++)
                if (strcmp(wy_claim_get(k)->id, c->pos[i]) == 0)
                    want = (long)k;
            long got = wy_claim_find(c->pos[i]);
            FZ_CHECK(got == want, "wy_claim_find('%s') = %ld, want %ld", c->pos[i], got, want);
        }
    } else if (c->npos >= 1) {
        int n = c->npos < CLI_MAXGAMES ? c->npos : CLI_MAXGAMES;
        if (cmd->bit == C_VALUE || cmd->bit == C_MOVES || cmd->bit == C_TABLE || cmd->bit == C_PPOS ||
            cmd->bit == C_PERIOD || cmd->bit == C_GRAPH)
            n = 1;
        if (cmd->bit == C_COMPARE)
            n = c->npos; /* RULES_A RULES_B (a file name fails to parse: a message) */
        check_games(c, n, nl);
    }
done:
    free(c);
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    return 0;
}
