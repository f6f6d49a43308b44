/* cmd_automaton.c - `wythoff automaton`: learn the Fibonacci automaton of a
 * value layer, check it against the layer engine, write the Walnut files
 * that prove it, run Walnut on them, and run the automaton
 * (docs/automata.md; include/wythoff_automaton.h). */
#include "commands.h"
#include "wythoff_automaton.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define FILE_MAX ((size_t)64 << 20)
#define LEARN_DEFAULT 600000u
#define VERIFY_DEFAULT 1000000u

static int read_whole(const char *path, char **text, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return cli_die(2, "cannot open %s (%s)", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    int rc = 0;
    while (b) {
        if (n == cap) {
            if (cap >= FILE_MAX) {
                rc = cli_die(2, "%s: more than %zu MiB: not an automaton file", path, FILE_MAX >> 20);
                break;
            }
            char *t = realloc(b, cap * 2);
            if (!t) {
                free(b);
                b = NULL;
                break;
            }
            b = t;
            cap *= 2;
        }
        size_t k = fread(b + n, 1, cap - n, f);
        n += k;
        if (k == 0) {
            if (ferror(f))
                rc = cli_die(2, "read error on %s (%s)", path, strerror(errno));
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    if (!b)
        return cli_die(3, "out of memory reading %s", path);
    if (rc) {
        free(b);
        return rc;
    }
    *text = b;
    *len = n;
    return 0;
}

static int load(const char *path, wy_automaton **a)
{
    char *text = NULL;
    size_t len = 0;
    int rc = read_whole(path, &text, &len);
    if (rc)
        return rc;
    char err[WY_ERRLEN];
    wy_status st = wy_automaton_parse(a, text, len, err, sizeof err);
    free(text);
    if (st != WY_OK)
        return cli_die(st == WY_ERANGE ? 3 : 2, "%s: %s", path, err);
    return 0;
}

static int write_text(const cli_config *c, const char *text)
{
    cli_sink s;
    cli_out o;
    int rc = cli_open_output(c, &s, &o);
    if (rc)
        return rc;
    cli_out_str(&o, text);
    return cli_finish(&o, &s, 0);
}

static int diagonals_opt(const cli_config *c, uint64_t dflt, uint64_t *n)
{
    *n = dflt;
    if (!c->given[O_ROWS])
        return 0;
    char err[WY_ERRLEN];
    if (!cli_num_u64(n, c->val[O_ROWS], "--rows", (uint64_t)1 << 36, err, sizeof err))
        return cli_die(2, "%s", err);
    return 0;
}

/* ------------------------------------------------------------------ */

static int do_learn(cli_config *c)
{
    int rc = cli_games(c, 1, NULL);
    if (rc)
        return rc;
    uint64_t g = 1, n;
    char err[WY_ERRLEN];
    if (c->given[O_VALUE] && !cli_num_u64(&g, c->val[O_VALUE], "--value", UINT32_MAX, err, sizeof err))
        return cli_die(2, "%s", err);
    if ((rc = diagonals_opt(c, LEARN_DEFAULT, &n)))
        return rc;
    if (n < 16)
        return cli_die(2, "--rows %llu: learning needs at least 16 diagonals", (unsigned long long)n);
    char made[512], side[64] = "";
    if (c->game[0].rules.passes)
        snprintf(side, sizeof side, " --pass %u", c->game[0].side.pass);
    if (c->game[0].rules.heap)
        snprintf(side + strlen(side), sizeof side - strlen(side), " --heap %u", c->game[0].side.heap);
    snprintf(made, sizeof made, "wythoff %s automaton learn %s%s --value %llu --rows %llu", WY_VERSION,
             c->game[0].text, side, (unsigned long long)g, (unsigned long long)n);
    cli_progress p;
    wy_run run = cli_run(c, &p, "learn", "rows");
    wy_automaton *a;
    wy_status st = wy_automaton_learn(&a, &c->game[0].rules, c->game[0].side, g, n, c->mem_limit, made, &run, err,
                                      sizeof err);
    cli_progress_done(&p);
    if (st != WY_OK)
        return cli_fail(st, err, 1);
    const wy_automaton_info *in = wy_automaton_get_info(a);
    if (!c->quiet)
        fprintf(stderr,
                "%s: learned %u states from diagonals 0..%llu of value %llu of %s: states told apart by suffixes of "
                "%u digits, the deepest reached by %u digits; offsets d(n) from %lld to %lld; the automaton gives every "
                "diagonal of the data\n",
                cli_name(), in->states, (unsigned long long)n - 1, (unsigned long long)g, c->game[0].text,
                in->suffix, in->depth, (long long)in->min_out, (long long)in->max_out);
    char *text = wy_automaton_format(a);
    wy_automaton_free(a);
    if (!text)
        return cli_die(3, "out of memory");
    rc = write_text(c, text);
    free(text);
    return rc;
}

static int do_verify(cli_config *c, const char *path)
{
    wy_automaton *a;
    int rc = load(path, &a);
    if (rc)
        return rc;
    uint64_t n;
    if ((rc = diagonals_opt(c, VERIFY_DEFAULT, &n))) {
        wy_automaton_free(a);
        return rc;
    }
    char err[WY_ERRLEN];
    cli_progress p;
    wy_run run = cli_run(c, &p, "verify", "rows");
    uint64_t bad = 0;
    wy_status st = wy_automaton_verify(a, n, c->mem_limit, &run, &bad, err, sizeof err);
    cli_progress_done(&p);
    const wy_automaton_info *in = wy_automaton_get_info(a);
    char rules[128];
    wy_rules_format(rules, sizeof rules, &in->rules);
    const uint64_t value = in->value;
    wy_automaton_free(a);
    if (st == WY_EDIFF) {
        printf("%s: differs from the layer engine: %s\n", path, err);
        return fflush(stdout) ? 2 : 1;
    }
    if (st != WY_OK)
        return cli_fail(st, err, 1);
    printf("%s: agrees with the layer engine on diagonals 0..%llu of value %llu of %s (a fresh layer scan)\n", path,
           (unsigned long long)n - 1, (unsigned long long)value, rules);
    return fflush(stdout) ? 2 : 0;
}

/* The word automaton's name in Walnut: given, else WYTHOFFV1 for Wythoff's
 * value 1, WYTHOFFTnP for the P-positions of wythoff+terminal=n, WYTHOFFAUT
 * otherwise. */
static int walnut_name(const char *given, const wy_automaton *a, char *name, size_t n)
{
    const wy_automaton_info *in = wy_automaton_get_info(a);
    if (given)
        snprintf(name, n, "%s", given);
    else if (in->rules.has_terminal && in->value == 0)
        snprintf(name, n, "WYTHOFFT%uP", in->rules.terminal);
    else if (in->value == 1 && !in->rules.has_terminal)
        snprintf(name, n, "WYTHOFFV1");
    else
        snprintf(name, n, "WYTHOFFAUT");
    return 0;
}

char *cli_proof_text(const wy_automaton *a, const char *name, int *rc)
{
    *rc = 0;
    char err[WY_ERRLEN];
    wy_status st;
    char *text = wy_automaton_walnut_proof(a, name, NULL, 0, &st, err, sizeof err);
    if (!text)
        *rc = cli_fail(st, err, 0);
    return text;
}

static int do_walnut(cli_config *c, const char *path)
{
    wy_automaton *a;
    int rc = load(path, &a);
    if (rc)
        return rc;
    char name[64];
    walnut_name(c->given[O_NAME] ? c->val[O_NAME] : NULL, a, name, sizeof name);
    char *text;
    if (c->given[O_WORD]) {
        text = wy_automaton_walnut_word(a);
        if (!text)
            rc = cli_die(3, "out of memory");
    } else {
        text = cli_proof_text(a, name, &rc);
    }
    wy_automaton_free(a);
    if (!text)
        return rc;
    rc = write_text(c, text);
    free(text);
    return rc;
}

/* ------------------------------------------------------------------ */
/* prove: run Walnut                                                   */
/* ------------------------------------------------------------------ */

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return cli_die(2, "cannot write %s (%s)", path, strerror(errno));
    size_t n = strlen(text);
    int ok = fwrite(text, 1, n, f) == n;
    ok = (fclose(f) == 0) && ok;
    return ok ? 0 : cli_die(2, "write error on %s", path);
}

/* Run PATH with args, standard input from `in` (NULL: /dev/null) and
 * standard output into *out (NULL: to our standard error).  The exit
 * status, or -1 when it could not run. */
static int run_tool(const char *const *argv, const char *in, char **out, size_t *outlen)
{
    int pfd[2] = {-1, -1};
    if (out && pipe(pfd) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open(in ? in : "/dev/null", O_RDONLY);
        if (fd < 0 || dup2(fd, 0) < 0)
            _exit(127);
        if (out) {
            dup2(pfd[1], 1);
            close(pfd[0]);
            close(pfd[1]);
        } else {
            dup2(2, 1);
        }
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    if (out) {
        close(pfd[1]);
        size_t cap = 1 << 14, n = 0;
        char *b = malloc(cap);
        for (;;) {
            if (b && n + 1 >= cap) {
                char *t = realloc(b, cap * 2);
                if (!t) {
                    free(b);
                    b = NULL;
                } else {
                    b = t;
                    cap *= 2;
                }
            }
            char sink[4096];
            ssize_t k = b ? read(pfd[0], b + n, cap - n - 1) : read(pfd[0], sink, sizeof sink);
            if (k < 0 && errno == EINTR) {
                if (cli_interrupted())
                    kill(pid, SIGTERM);
                continue;
            }
            if (k <= 0)
                break;
            if (b)
                n += (size_t)k;
        }
        close(pfd[0]);
        if (b)
            b[n] = '\0';
        *out = b;
        *outlen = n;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* The names of the evals of a command file, in order. */
static size_t eval_names(const char *cmds, char names[][CLI_WALNUT_NAME], size_t cap)
{
    size_t n = 0;
    for (const char *p = cmds; p && *p;) {
        if (!strncmp(p, "eval ", 5) && n < cap) {
            const char *s = p + 5;
            size_t k = strcspn(s, " \t\"");
            if (k >= CLI_WALNUT_NAME)
                k = CLI_WALNUT_NAME - 1;
            memcpy(names[n], s, k);
            names[n][k] = '\0';
            n++;
        }
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    return n;
}

uint64_t cli_fnv(const char *s) { return wy_fnv1a(s, strlen(s)); }

/* Run Walnut (the script at `walnut`) on the proof of automaton a, its word
 * automaton named `name`: 0 with *res filled (whatever the verdicts), or an
 * exit code with the message printed. */
int cli_walnut_prove(const char *walnut, const wy_automaton *a, const char *name, cli_walnut_result *res)
{
    memset(res, 0, sizeof *res);
    if (access(walnut, X_OK) != 0)
        return cli_die(2, "--walnut %s: not an executable file (%s)", walnut, strerror(errno));
    int rc = 0;
    char *cmds = cli_proof_text(a, name, &rc);
    char *word = cmds ? wy_automaton_walnut_word(a) : NULL;
    if (!cmds || !word) {
        free(cmds);
        return rc ? rc : cli_die(3, "out of memory");
    }
    /* Walnut's home (its build and libraries): $WALNUT_HOME, else the user's
     * cache directory, never a shared /tmp path another user could fill */
    const char *home_env = getenv("WALNUT_HOME"), *xdg = getenv("XDG_CACHE_HOME"), *uh = getenv("HOME");
    char home[4096], file[4300], cmdfile[4300];
    if (home_env && *home_env)
        snprintf(home, sizeof home, "%s", home_env);
    else if (xdg && *xdg)
        snprintf(home, sizeof home, "%s/wythoff/walnut-6.2.0", xdg);
    else if (uh && *uh)
        snprintf(home, sizeof home, "%s/.cache/wythoff/walnut-6.2.0", uh);
    else {
        free(cmds);
        free(word);
        return cli_die(2, "prove: set WALNUT_HOME (Walnut's home: neither XDG_CACHE_HOME nor HOME is set)");
    }
    const char *build[] = {walnut, "--build-only", "--home", home, NULL};
    int st = run_tool(build, NULL, NULL, NULL);
    if (st != 0) {
        free(cmds);
        free(word);
        return cli_interrupted() ? cli_die(130, "interrupted")
                                 : cli_die(2, "%s --build-only --home %s failed (exit %d)", walnut, home, st);
    }
    /* Walnut keeps what `def` makes in the home's libraries, so two proofs
     * at once in one home would read each other's definitions: one at a time
     * (the lock goes with the process) */
    char lockp[4300];
    snprintf(lockp, sizeof lockp, "%s/.wythoff-prove.lock", home);
    int lfd = open(lockp, O_CREAT | O_RDWR | O_CLOEXEC, 0644);
    if (lfd < 0 || flock(lfd, LOCK_EX) != 0) {
        free(cmds);
        free(word);
        if (lfd >= 0)
            close(lfd);
        return cli_interrupted() ? cli_die(130, "interrupted") : cli_die(2, "cannot lock %s (%s)", lockp, strerror(errno));
    }
    snprintf(file, sizeof file, "%s/Word Automata Library/%s.txt", home, name);
    snprintf(cmdfile, sizeof cmdfile, "%s/wythoff-proof-%ld.txt", home, (long)getpid());
    if ((rc = write_file(file, word)) || (rc = write_file(cmdfile, cmds))) {
        close(lfd);
        free(cmds);
        free(word);
        return rc;
    }
    int slot = cli_tmp_register(cmdfile);
    const char *runargs[] = {walnut, "--home", home, NULL};
    char *out = NULL;
    size_t outlen = 0;
    st = run_tool(runargs, cmdfile, &out, &outlen);
    unlink(cmdfile);
    cli_tmp_forget(slot);
    close(lfd);
    if (st != 0 || !out) {
        free(cmds);
        free(word);
        free(out);
        return cli_interrupted() ? cli_die(130, "interrupted") : cli_die(2, "%s failed (exit %d)", walnut, st);
    }
    res->evals = eval_names(cmds, res->names, CLI_WALNUT_MAX);
    res->word_len = strlen(word);
    res->cmds_len = strlen(cmds);
    res->fnv_word = cli_fnv(word);
    res->fnv_cmds = cli_fnv(cmds);
    size_t k = 0;
    for (const char *p = out; *p && k < res->evals;) {
        const char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        int t = l == 4 && !strncmp(p, "TRUE", 4), f = l == 5 && !strncmp(p, "FALSE", 5);
        if (t || f) {
            res->verdict[k++] = t ? 1 : 0;
            res->ntrue += (size_t)t;
        }
        p = e ? e + 1 : p + l;
    }
    for (size_t i = k; i < res->evals; i++)
        res->verdict[i] = -1;
    free(cmds);
    free(word);
    free(out);
    return 0;
}

static int do_prove(cli_config *c, const char *path)
{
    const char *walnut = c->given[O_WALNUT] ? c->val[O_WALNUT] : getenv("WYTHOFF_WALNUT");
    if (!walnut || !*walnut)
        return cli_die(2, "prove needs Walnut: --walnut PATH (the walnut script of Walnut 6.2.0, see docs/automata.md) "
                          "or WYTHOFF_WALNUT");
    if (access(walnut, X_OK) != 0)
        return cli_die(2, "--walnut %s: not an executable file (%s)", walnut, strerror(errno));
    wy_automaton *a;
    int rc = load(path, &a);
    if (rc)
        return rc;
    char name[64];
    walnut_name(c->given[O_NAME] ? c->val[O_NAME] : NULL, a, name, sizeof name);
    cli_walnut_result r;
    rc = cli_walnut_prove(walnut, a, name, &r);
    wy_automaton_free(a);
    if (rc)
        return rc;
    printf("Walnut %s on the proof of %s (%s.txt: %zu bytes, FNV-1a %016llx; commands: %zu bytes, FNV-1a %016llx)\n",
           walnut, path, name, r.word_len, (unsigned long long)r.fnv_word, r.cmds_len, (unsigned long long)r.fnv_cmds);
    for (size_t i = 0; i < r.evals; i++)
        printf("  %-16s %s\n", r.names[i],
               r.verdict[i] > 0    ? "TRUE"
               : r.verdict[i] == 0 ? "FALSE"
                                   : "no verdict (Walnut stopped or refused the command: see its messages above)");
    int ok = r.evals > 0 && r.ntrue == r.evals;
    printf("%s: %zu of %zu statements TRUE%s\n", ok ? "PROVED" : "NOT PROVED", r.ntrue, r.evals,
           ok ? " (every one the argument needs)" : "");
    if (fflush(stdout))
        return 2;
    return ok ? 0 : 1;
}

/* ------------------------------------------------------------------ */

static int do_run(cli_config *c, const char *path)
{
    wy_automaton *a;
    int rc = load(path, &a);
    if (rc)
        return rc;
    mpz_t n, x, y;
    mpz_inits(n, x, y, NULL);
    char err[WY_ERRLEN];
    for (int i = 2; i < c->npos && !rc; i++) {
        if (!cli_num_big(n, c->pos[i], "N", err, sizeof err)) {
            rc = cli_die(2, "%s", err);
            break;
        }
        int64_t d;
        wy_status st = wy_automaton_output(a, n, &d, err, sizeof err);
        if (st == WY_OK)
            st = wy_automaton_diagonal(a, x, y, n, err, sizeof err);
        if (st != WY_OK) {
            rc = cli_fail(st, err, 0);
            break;
        }
        gmp_printf("n = %Zd: d(n) = %lld, position (%Zd, %Zd)\n", n, (long long)d, x, y);
    }
    mpz_clears(n, x, y, NULL);
    wy_automaton_free(a);
    if (!rc && fflush(stdout))
        return 2;
    return rc;
}

int cli_cmd_automaton(cli_config *c)
{
    const char *sub = c->pos[0];
    if (c->npos < 2)
        return cli_die(2, "usage: wythoff %s", c->cmd->usage);
    int want = strcmp(sub, "run") == 0 ? -1 : 2;
    if (want > 0 && c->npos > want)
        return cli_die(2, "automaton %s: unexpected argument '%.60s'", sub, c->pos[want]);
    /* options that belong to other subcommands are refused, not ignored */
    static const struct {
        int id;
        const char *subs;
    } only[] = {{O_OUTPUT, " learn walnut "}, {O_VALUE, " learn "}, {O_ROWS, " learn verify "},
                {O_WORD, " walnut "},     {O_NAME, " walnut prove "}, {O_WALNUT, " prove "},
                {O_PASS, " learn "},      {O_HEAP, " learn "}};
    char key[48];
    snprintf(key, sizeof key, " %.40s ", sub);
    for (size_t i = 0; i < sizeof only / sizeof *only; i++)
        if (c->given[only[i].id] && !strstr(only[i].subs, key) && strstr(" learn verify walnut prove run ", key))
            return cli_die(2, "automaton %s: --%s belongs to%s", sub,
                           only[i].id == O_OUTPUT ? "output" : only[i].id == O_VALUE ? "value" : only[i].id == O_ROWS ? "rows"
                           : only[i].id == O_WORD ? "word" : only[i].id == O_NAME ? "name" : only[i].id == O_WALNUT ? "walnut"
                           : only[i].id == O_PASS ? "pass" : "heap",
                           only[i].subs);
    if (strcmp(sub, "learn") == 0) {
        c->pos[0] = c->pos[1];
        c->npos = 1;
        return do_learn(c);
    }
    if (strcmp(sub, "verify") == 0)
        return do_verify(c, c->pos[1]);
    if (strcmp(sub, "walnut") == 0)
        return do_walnut(c, c->pos[1]);
    if (strcmp(sub, "prove") == 0)
        return do_prove(c, c->pos[1]);
    if (strcmp(sub, "run") == 0) {
        if (c->npos < 3)
            return cli_die(2, "automaton run FILE N...: give at least one N");
        return do_run(c, c->pos[1]);
    }
    return cli_die(2, "unknown automaton subcommand '%.40s' (learn, verify, walnut, prove, run)", sub);
}
