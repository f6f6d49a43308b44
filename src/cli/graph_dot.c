/* graph_dot.c - rendering DOT through Graphviz's dot for `wythoff graph`:
 * the program found on PATH (or $WYTHOFF_DOT), run through posix_spawn
 * without a shell, its first line of complaint reported. */
#define _DEFAULT_SOURCE /* mkstemp */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;


/* The dot program: $WYTHOFF_DOT (a path, or a name looked up on PATH), else
 * "dot" on PATH.  Returns 1 and the path, or 0 and why in `why`. */
int cli_find_dot(char *path, size_t n, char *why, size_t wn)
{
    const char *env = getenv("WYTHOFF_DOT");
    const char *prog = env && *env ? env : "dot";
    if (strchr(prog, '/')) {
        struct stat st;
        int k = snprintf(path, n, "%s", prog);
        if (k < 0 || (size_t)k >= n) {
            snprintf(why, wn, "WYTHOFF_DOT is longer than %zu bytes", n - 1);
            return 0;
        }
        errno = 0;
        if (stat(prog, &st) == 0 && S_ISREG(st.st_mode) && access(prog, X_OK) == 0)
            return 1;
        snprintf(why, wn, "WYTHOFF_DOT names '%.200s', which is not an executable program (%s)", prog,
                 errno ? strerror(errno) : "not a regular file");
        return 0;
    }
    const char *dirs = getenv("PATH");
    if (!dirs || !*dirs)
        dirs = "/usr/local/bin:/usr/bin:/bin";
    for (const char *d = dirs;;) {
        const char *e = strchr(d, ':');
        size_t len = e ? (size_t)(e - d) : strlen(d);
        int k = len ? snprintf(path, n, "%.*s/%s", (int)len, d, prog) : snprintf(path, n, "%s", prog);
        struct stat st;
        if (k > 0 && (size_t)k < n && stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
            return 1;
        if (!e)
            break;
        d = e + 1;
    }
    if (env && *env)
        snprintf(why, wn, "WYTHOFF_DOT names '%s', not found on PATH", prog);
    else
        snprintf(why, wn, "not found on PATH");
    return 0;
}

/* An anonymous temporary file (already unlinked), close-on-exec; -1 on error. */
int cli_temp_fd(void)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    char *tmpl = malloc(strlen(dir) + 32);
    if (!tmpl)
        return -1;
    snprintf(tmpl, strlen(dir) + 32, "%s/wythoff-graph-XXXXXX", dir);
    int fd = mkstemp(tmpl);
    if (fd >= 0) {
        unlink(tmpl);
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    free(tmpl);
    return fd;
}

/* The first line of what dot wrote on its standard error, trimmed. */
static void first_line(int fd, char *buf, size_t n)
{
    buf[0] = '\0';
    if (lseek(fd, 0, SEEK_SET) != 0)
        return;
    ssize_t k = read(fd, buf, n - 1);
    if (k <= 0)
        return;
    buf[k] = '\0';
    char *s = buf;
    while (*s == '\n' || *s == ' ')
        s++;
    size_t len = strcspn(s, "\n");
    s[len] = '\0';
    memmove(buf, s, len + 1);
}

/* Run `dot -TFORMAT` with standard input dot_fd (at offset 0) and standard
 * output out_fd.  Returns 0 or an exit code: 2 when dot cannot be started or
 * fails (the Graphviz installation cannot make this output; nothing is
 * wrong with wythoff's graph, which is valid DOT by construction), 130 after
 * Ctrl-C. */
int cli_run_dot(const char *dot, const char *format, int dot_fd, int out_fd, const char *target)
{
    int err_fd = cli_temp_fd();
    if (err_fd < 0)
        return cli_die(2, "cannot create a temporary file for Graphviz's messages (%s)", strerror(errno));
    char opt[16];
    snprintf(opt, sizeof opt, "-T%s", format);
    char *argv[] = {(char *)"dot", opt, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, dot_fd, 0);
    posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
    pid_t pid;
    int e = posix_spawn(&pid, dot, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e != 0) {
        close(err_fd);
        return cli_die(2, "rendering %s needs Graphviz's dot: cannot run '%s' (%s); install graphviz, or write the DOT "
                      "with --format dot",
                   target, dot, strerror(e));
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            close(err_fd);
            return cli_die(2, "waiting for Graphviz's dot: %s", strerror(errno));
        }
    }
    char msg[512];
    first_line(err_fd, msg, sizeof msg);
    close(err_fd);
    if (cli_interrupted())
        return cli_die(130, "interrupted");
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE) {
        /* the reader of our standard output went away (| head): end as a
         * program writing there itself would */
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
        return 2;
    }
    if (WIFEXITED(status))
        return cli_die(2, "Graphviz's dot (%s) failed rendering %s, exit %d%s%s", dot, target, WEXITSTATUS(status),
                   *msg ? ": " : "", msg);
    return cli_die(2, "Graphviz's dot (%s) was killed by signal %d rendering %s%s%s", dot, WTERMSIG(status), target,
               *msg ? ": " : "", msg);
}

