/* run.c - long computations from the command line: threads, progress on a
 * terminal, Ctrl-C, and output files that appear only when complete. */
#define _DEFAULT_SOURCE /* sigaction's SA_RESTART, mkstemp */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    interrupted = sig;
}

void cli_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int cli_interrupted(void) { return interrupted != 0; }

unsigned cli_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > 256 ? 256 : (unsigned)n;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void cli_progress_init(cli_progress *p, const char *what, const char *unit, int enabled)
{
    p->what = what;
    p->unit = unit;
    p->enabled = enabled && isatty(fileno(stderr));
    p->start_ms = now_ms();
    p->last_ms = 0;
    p->shown = 0;
}

/* n with a k/M/G suffix, integer arithmetic only (one decimal). */
static void human(char *buf, size_t len, uint64_t n)
{
    static const char suf[] = " kMGTPE";
    int i = 0;
    uint64_t tenths = n * 10;
    if (n > UINT64_MAX / 10)
        tenths = UINT64_MAX;
    while (tenths >= 10000 && i < 6) {
        tenths /= 1000;
        i++;
    }
    if (i == 0)
        snprintf(buf, len, "%llu", (unsigned long long)n);
    else
        snprintf(buf, len, "%llu.%llu%c", (unsigned long long)(tenths / 10), (unsigned long long)(tenths % 10),
                 suf[i]);
}

int cli_progress_fn(void *ctx, uint64_t done, uint64_t total)
{
    cli_progress *p = ctx;
    if (interrupted)
        return 1;
    if (!p || !p->enabled)
        return 0;
    uint64_t t = now_ms(), el = t - p->start_ms;
    if (el < 1000 || (p->last_ms && t - p->last_ms < 200))
        return 0;
    p->last_ms = t;
    uint64_t permille = total ? (done >= total ? 1000 : done * 1000 / total) : 0;
    if (total && done > UINT64_MAX / 1000)
        permille = done / (total / 1000 ? total / 1000 : 1);
    char rate[32] = "", left[48] = "";
    uint64_t r = el ? done / el * 1000 + done % el * 1000 / el : 0;
    char rb[24];
    human(rb, sizeof rb, r);
    snprintf(rate, sizeof rate, "%s %s/s", rb, p->unit);
    if (done && total > done) {
        uint64_t rest = total - done;
        uint64_t secs = r ? rest / r : 0;
        snprintf(left, sizeof left, ", %llu:%02llu left", (unsigned long long)(secs / 60),
                 (unsigned long long)(secs % 60));
    }
    fprintf(stderr, "\r%s: %3llu.%llu%%, %s%s   ", p->what, (unsigned long long)(permille / 10),
            (unsigned long long)(permille % 10), rate, left);
    fflush(stderr);
    p->shown = 1;
    return 0;
}

void cli_progress_done(cli_progress *p)
{
    if (p->enabled && p->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = 0;
}

int cli_file_open(cli_file *cf, const char *path)
{
    cf->path = path;
    cf->tmp = NULL;
    cf->f = NULL;
    if (!path) {
        cf->f = stdout;
        return 1;
    }
    size_t n = strlen(path);
    cf->tmp = malloc(n + 32);
    if (!cf->tmp)
        return 0;
    snprintf(cf->tmp, n + 32, "%s.partial-XXXXXX", path);
    int fd = mkstemp(cf->tmp);
    if (fd < 0) {
        free(cf->tmp);
        cf->tmp = NULL;
        return 0;
    }
    mode_t mask = umask(0); /* mkstemp makes 0600; a finished file gets the usual 0666 & ~umask */
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    cf->f = fdopen(fd, "wb");
    if (!cf->f) {
        close(fd);
        unlink(cf->tmp);
        free(cf->tmp);
        cf->tmp = NULL;
        return 0;
    }
    return 1;
}

int cli_file_commit(cli_file *cf)
{
    if (!cf->tmp)
        return fflush(cf->f) == 0;
    int ok = fclose(cf->f) == 0;
    cf->f = NULL;
    if (ok)
        ok = rename(cf->tmp, cf->path) == 0;
    if (!ok)
        unlink(cf->tmp);
    free(cf->tmp);
    cf->tmp = NULL;
    return ok;
}

void cli_file_abort(cli_file *cf)
{
    if (!cf->tmp)
        return;
    if (cf->f)
        fclose(cf->f);
    cf->f = NULL;
    unlink(cf->tmp);
    free(cf->tmp);
    cf->tmp = NULL;
}
