/*
 * fuzz-dotpath - the environment that chooses Graphviz's dot for `wythoff
 * graph --format svg|png|pdf` (src/cli/graph_dot.c: cli_find_dot reads
 * $WYTHOFF_DOT and $PATH).
 *
 * Input: byte 0 the size of the path buffer (1..255, or 4096 when odd),
 * then $WYTHOFF_DOT (unset when empty), a NUL byte, $PATH (unset when
 * there is no second NUL-separated part); only stat and access touch the
 * file system.
 * Properties:
 *   - found (1): the path is NUL-terminated within the buffer and names an
 *     executable regular file; with a '/' in the program it is the
 *     program itself (one too long for the buffer is not found: "longer
 *     than"); otherwise it is the first entry of $PATH (or of
 *     /usr/local/bin:/usr/bin:/bin when $PATH is unset or empty) that
 *     holds an executable regular file of that name, as DIR/PROG (PROG
 *     alone for an empty entry), and no earlier entry that fits the buffer
 *     holds one;
 *   - not found (0): no such file (the reference search finds none), and a
 *     reason, NUL-terminated within its buffer, not empty, naming
 *     WYTHOFF_DOT when it was set.
 */
#include "fuzz.h"

#include "../../src/cli/cli.h"

#include <sys/stat.h>
#include <unistd.h>

static int executable_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const unsigned b = fz_byte(&in);
    const size_t n = (b & 1) ? 4096 : 1 + b / 2;
    const uint8_t *z = memchr(in.p, '\0', in.n);
    char *env = fz_text(in.p, z ? (size_t)(z - in.p) : in.n);
    char *path_env = z ? fz_text(z + 1, in.n - (size_t)(z + 1 - in.p)) : NULL;
    if (*env)
        setenv("WYTHOFF_DOT", env, 1);
    else
        unsetenv("WYTHOFF_DOT");
    char *saved_path = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
    if (path_env)
        setenv("PATH", path_env, 1);
    else
        unsetenv("PATH");

    char *path = malloc(n), why[WY_ERRLEN];
    if (!path)
        abort();
    memset(path, 'X', n);
    memset(why, 'X', sizeof why);
    int found = cli_find_dot(path, n, why, sizeof why);
    const char *prog = *env ? env : "dot";
    const int slash = strchr(prog, '/') != NULL;
    if (found) {
        FZ_CHECK(memchr(path, '\0', n), "the path is not NUL-terminated within %zu bytes", n);
        FZ_CHECK(executable_file(path), "found '%s', which is not an executable regular file", path);
        if (slash)
            FZ_CHECK(strcmp(path, prog) == 0, "WYTHOFF_DOT '%s' gave '%s'", prog, path);
    }
    if (!slash) {
        /* the reference search of the PATH entries */
        const char *dirs = path_env && *path_env ? path_env : "/usr/local/bin:/usr/bin:/bin";
        char *want = NULL;
        for (const char *d = dirs; !want;) {
            const char *e = strchr(d, ':');
            size_t len = e ? (size_t)(e - d) : strlen(d);
            char *cand = malloc(len + strlen(prog) + 2);
            if (!cand)
                abort();
            if (len)
                sprintf(cand, "%.*s/%s", (int)len, d, prog);
            else
                strcpy(cand, prog);
            if (strlen(cand) < n && executable_file(cand))
                want = cand;
            else
                free(cand);
            if (!e)
                break;
            d = e + 1;
        }
        if (found)
            FZ_CHECK(want && strcmp(path, want) == 0, "'%s' on PATH '%s' gave '%s', the first match is '%s'", prog,
                     dirs, path, want ? want : "(none)");
        else
            FZ_CHECK(!want, "'%s' not found on PATH '%s', but '%s' is an executable file", prog, dirs, want);
        free(want);
    } else if (!found) {
        FZ_CHECK(!executable_file(prog) || strlen(prog) >= n,
                 "WYTHOFF_DOT '%s' is an executable file that fits the buffer, but not found", prog);
    }
    if (!found) {
        fz_check_msg(why, sizeof why, 1, "cli_find_dot");
        if (*env)
            FZ_CHECK(strncmp(why, "WYTHOFF_DOT ", 12) == 0, "WYTHOFF_DOT set, reason '%s'", why);
        if (slash && strlen(prog) >= n)
            FZ_CHECK(strstr(why, "longer than") != NULL, "WYTHOFF_DOT of %zu bytes, buffer %zu: reason '%s'",
                     strlen(prog), n, why);
    }
    free(path);
    if (saved_path) {
        setenv("PATH", saved_path, 1);
        free(saved_path);
    }
    unsetenv("WYTHOFF_DOT");
    free(env);
    free(path_env);
    return 0;
}
