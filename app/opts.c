/* opts.c - the option syntax shared by the commands with their own option
 * tables (compare, plot, graph): docs/commands.md, "Options in general". */
#include "cli.h"

#include <string.h>

int cli_opts_parse(cli_args *a, const cli_opt *opts, int nopt, const char *cmd, const char *const *others,
                   int maxpos, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    if (nopt > CLI_MAXOPT)
        nopt = CLI_MAXOPT;
    if (maxpos > CLI_MAXPOS)
        maxpos = CLI_MAXPOS;
    int only_pos = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (!only_pos && strcmp(s, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (!only_pos && s[0] == '-' && s[1] == '-') {
            const char *name = s + 2, *eq = strchr(name, '=');
            size_t n = eq ? (size_t)(eq - name) : strlen(name);
            int o;
            for (o = 0; o < nopt; o++)
                if (strlen(opts[o].name) == n && strncmp(opts[o].name, name, n) == 0)
                    break;
            if (o == nopt) {
                for (size_t k = 0; others && others[k]; k++)
                    if (strlen(others[k]) == n && strncmp(others[k], name, n) == 0)
                        return cli_die(2, "option '--%s' does not apply to '%s' (see 'wythoff %s --help')",
                                       others[k], cmd, cmd);
                return cli_die(2, "unknown option '%s' (see 'wythoff %s --help')", s, cmd);
            }
            if (a->given[o])
                return cli_die(2, "option '--%s' given twice", opts[o].name);
            a->given[o] = 1;
            if (opts[o].arg) {
                if (eq)
                    a->val[o] = eq + 1;
                else if (i + 1 < argc)
                    a->val[o] = argv[++i];
                else
                    return cli_die(2, "option '--%s' needs a value (%s)", opts[o].name, opts[o].meta);
            } else if (eq) {
                return cli_die(2, "option '--%s' takes no value", opts[o].name);
            }
            continue;
        }
        if (!only_pos && s[0] == '-' && s[1] != '\0' && !(s[1] >= '0' && s[1] <= '9'))
            return cli_die(2, "unknown option '%s' (options are spelled --name)", s);
        if (a->npos == maxpos)
            return cli_die(2, "too many arguments ('%s'): 'wythoff %s' takes at most %d; see 'wythoff %s --help'", s,
                           cmd, maxpos, cmd);
        a->pos[a->npos++] = s;
    }
    return 0;
}

void cli_opts_usage(FILE *f, const cli_opt *opts, int nopt)
{
    for (int o = 0; o < nopt; o++) {
        char lhs[64];
        snprintf(lhs, sizeof lhs, "--%s%s%s", opts[o].name, opts[o].arg ? " " : "", opts[o].arg ? opts[o].meta : "");
        fprintf(f, "  %-20s %s\n", lhs, opts[o].help);
    }
}
