/* run.c - long computations from the command line: threads, progress on a
 * terminal, Ctrl-C, and output files that appear only when complete. */
#define _DEFAULT_SOURCE /* mkstemp, realpath, fchown */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


void cli_progress_init(cli_progress *p, const char *what, const char *unit, int enabled)
{
    p->what = what;
    p->unit = unit;
    p->enabled = enabled && isatty(fileno(stderr));
    p->start_ms = cli_now_ms();
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
    if (cli_interrupted())
        return 1;
    if (!p || !p->enabled || !total) /* total 0: a check for the stop only */
        return 0;
    uint64_t t = cli_now_ms(), el = t - p->start_ms;
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
    if (p->unit && *p->unit) /* "": the work has no one unit (the evaluator's methods) */
        snprintf(rate, sizeof rate, "%s %s/s", rb, p->unit);
    if (done && total > done) {
        uint64_t rest = total - done;
        uint64_t secs = r ? rest / r : 0;
        snprintf(left, sizeof left, ", %llu:%02llu left", (unsigned long long)(secs / 60),
                 (unsigned long long)(secs % 60));
    }
    fprintf(stderr, "\r%s: %3llu.%llu%%%s%s%s   ", p->what, (unsigned long long)(permille / 10),
            (unsigned long long)(permille % 10), rate[0] ? ", " : "", rate, left);
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

void cli_note_work(const cli_config *c, const char *what, uint64_t work, uint64_t bytes)
{
    if (c->quiet || cli_is_silent())
        return;
    unsigned T = c->threads ? c->threads : 1;
    /* about 170 ns a unit on one core, 2 GB/s of fresh memory: an order of
     * magnitude, for the note only (nothing is decided by it) */
    uint64_t secs = work == UINT64_MAX ? UINT64_MAX : work / 6000000u / T + (bytes >> 31);
    if (secs < NOTE_WORK_S)
        return;
    char w[24], m[32], t[48];
    human(w, sizeof w, work);
    wy_format_bytes(m, sizeof m, bytes);
    if (secs == UINT64_MAX || secs >= 100u * 86400)
        snprintf(t, sizeof t, "more than 100 days");
    else if (secs >= 2 * 3600)
        snprintf(t, sizeof t, "about %llu hours", (unsigned long long)(secs + 1800) / 3600);
    else {
        unsigned long long mins = (unsigned long long)(secs + 30) / 60;
        snprintf(t, sizeof t, "about %llu minute%s", mins, mins == 1 ? "" : "s");
    }
    fprintf(stderr,
            "%s: note: %s is %s cell updates (cells times side-state layers) and %s of memory: %s with %u "
            "thread%s here (Ctrl-C stops it)\n",
            cli_name(), what, w, m, t, T, T == 1 ? "" : "s");
}

void cli_note_table_work(const cli_config *c, const char *what, const wy_rules *r, uint32_t rows, uint32_t cols,
                         wy_side side)
{
    cli_note_work(c, what, wy_table_work(r, rows, cols, side), wy_table_estimate(r, rows, cols, side));
}

wy_run cli_run(const cli_config *c, cli_progress *p, const char *what, const char *unit)
{
    cli_progress_init(p, what, unit, !c->quiet);
    wy_run r = {c->threads, cli_progress_fn, p, 0};
    return r;
}

/* ------------------------------------------------------------------ */
/* Output files                                                        */
/* ------------------------------------------------------------------ */

static void sink_free(cli_sink *s)
{
    if (s->tmp)
        cli_tmp_forget(s->tmp_slot);
    free(s->target);
    free(s->tmp);
    s->target = s->tmp = NULL;
}

/* A temporary file next to target, with the mode an existing file has (or
 * a new file would get).  The name is short, whatever target's length. */
static int open_temp(cli_sink *s, const struct stat *old)
{
    const char *slash = strrchr(s->target, '/');
    size_t dlen = slash ? (size_t)(slash - s->target) + 1 : 0;
    s->tmp = malloc(dlen + 32);
    if (!s->tmp)
        return cli_die(3, "out of memory");
    snprintf(s->tmp, dlen + 32, "%.*s.wythoff-XXXXXX", (int)dlen, s->target);
    int fd = mkstemp(s->tmp);
    s->tmp_slot = fd >= 0 ? cli_tmp_register(s->tmp) : -1;
    if (fd < 0) {
        int e = errno;
        free(s->tmp);
        s->tmp = NULL;
        return cli_die(2, "cannot write '%s' (%s)", s->path, strerror(e));
    }
    if (old) {
        fchmod(fd, old->st_mode & 07777);
        if (fchown(fd, old->st_uid, old->st_gid) != 0) {
            /* not the owner's to give: the file becomes ours, as with any
             * program that replaces a file */
        }
    } else {
        mode_t mask = umask(0); /* mkstemp makes 0600; a new file gets the usual 0666 & ~umask */
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    s->f = fdopen(fd, "wb");
    if (!s->f) {
        int e = errno;
        close(fd);
        unlink(s->tmp);
        return cli_die(3, "cannot write '%s' (%s)", s->path, strerror(e));
    }
    return 0;
}

int cli_sink_open(cli_sink *s, const char *path)
{
    memset(s, 0, sizeof *s);
    s->path = path;
    if (!path) {
        s->f = stdout;
        s->name = "standard output";
        return 0;
    }
    s->name = path;
    if (!*path)
        return cli_die(2, "--output needs a file name");
    struct stat st;
    if (strncmp(path, "/dev/", 5) == 0 || strncmp(path, "/proc/", 6) == 0) {
        /* /dev/stdout, /dev/fd/N, /proc/self/fd/N, /dev/null: a channel, not
         * a file to replace; appended to, so that `--output /dev/stdout >>
         * log` appends and `> log` (already emptied by the shell) fills */
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            return cli_die(2, "cannot write '%s': it is a directory", path);
        if (cli_interrupted()) /* the open could wait (a FIFO) and not see it */
            return cli_die(130, "interrupted");
        int fd = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) {
            int e = errno;
            if (e == EINTR && cli_interrupted())
                return cli_die(130, "interrupted");
            return cli_die(2, "cannot write '%s' (%s)", path, strerror(e));
        }
        if (!(s->f = fdopen(fd, "ab"))) {
            close(fd);
            return cli_die(3, "out of memory");
        }
        return 0;
    }
    int exists = lstat(path, &st) == 0;
    if (!exists && errno != ENOENT)
        return cli_die(2, "cannot write '%s' (%s)", path, strerror(errno));
    if (exists && S_ISLNK(st.st_mode)) {
        /* follow it: the link stays, its target gets the new content */
        s->target = realpath(path, NULL);
        if (!s->target)
            return cli_die(2, "cannot write '%s': a symbolic link to a missing file (%s)", path, strerror(errno));
        if (stat(s->target, &st) != 0) {
            int e = errno;
            sink_free(s);
            return cli_die(2, "cannot write '%s' (%s)", path, strerror(e));
        }
    } else {
        s->target = strdup(path);
        if (!s->target)
            return cli_die(3, "out of memory");
    }
    if (exists && S_ISDIR(st.st_mode)) {
        sink_free(s);
        return cli_die(2, "cannot write '%s': it is a directory", path);
    }
    if (exists && !S_ISREG(st.st_mode)) {
        /* a FIFO, a terminal, a device: written directly, never replaced;
         * an open of a FIFO waits for a reader, and a signal before it
         * would not end that wait */
        if (cli_interrupted()) {
            sink_free(s);
            return cli_die(130, "interrupted");
        }
        int fd = open(s->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) {
            int e = errno;
            sink_free(s);
            if (e == EINTR && cli_interrupted())
                return cli_die(130, "interrupted");
            return cli_die(2, "cannot write '%s' (%s)", path, strerror(e));
        }
        s->f = fdopen(fd, "wb");
        if (!s->f) {
            close(fd);
            sink_free(s);
            return cli_die(3, "out of memory");
        }
        return 0;
    }
    if (exists && access(s->target, W_OK) != 0) {
        int e = errno;
        sink_free(s);
        return cli_die(2, "cannot write '%s' (%s)", path, strerror(e));
    }
    s->in_place = exists && st.st_nlink > 1;
    int rc = open_temp(s, exists ? &st : NULL);
    if (rc)
        sink_free(s);
    return rc;
}

void cli_sink_abort(cli_sink *s)
{
    if (s->f && s->f != stdout)
        fclose(s->f);
    s->f = NULL;
    if (s->tmp)
        unlink(s->tmp);
    sink_free(s);
}

/* Copy the finished temporary file into target (which has other hard links). */
static int copy_into(cli_sink *s)
{
    FILE *in = fopen(s->tmp, "rb"), *out = in ? fopen(s->target, "r+b") : NULL;
    int ok = in && out && ftruncate(fileno(out), 0) == 0;
    char buf[1 << 16];
    size_t n;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    if (in && ferror(in))
        ok = 0;
    if (out && fclose(out) != 0)
        ok = 0;
    if (in)
        fclose(in);
    return ok;
}

int cli_sink_commit(cli_sink *s)
{
    if (!s->path) {
        errno = 0;
        if (fflush(stdout) != 0 || ferror(stdout))
            return cli_die(2, "write error on standard output (%s)", strerror(errno ? errno : EIO));
        return 0;
    }
    errno = 0;
    int ok = fclose(s->f) == 0;
    int e = errno ? errno : EIO;
    s->f = NULL;
    if (ok && s->tmp) {
        errno = 0;
        ok = s->in_place ? copy_into(s) : rename(s->tmp, s->target) == 0;
        e = errno ? errno : EIO;
        if (!ok || s->in_place)
            unlink(s->tmp);
    } else if (s->tmp) {
        unlink(s->tmp);
    }
    int rc = ok ? 0 : cli_die(2, "write error on %s (%s)", s->name, strerror(e));
    sink_free(s);
    return rc;
}

int cli_open_output(const cli_config *c, cli_sink *s, cli_out *o)
{
    int rc = cli_sink_open(s, c->output);
    if (rc)
        return rc;
    if (!cli_out_open(o, s->f)) {
        cli_sink_abort(s);
        return cli_die(3, "out of memory");
    }
    return 0;
}

int cli_finish(cli_out *o, cli_sink *s, int rc)
{
    int wrote = cli_out_close(o);
    if (!rc && cli_interrupted())
        rc = cli_die(130, "interrupted%s%s%s", s->path ? "; " : "", s->path ? s->path : "",
                     s->path ? " was not written" : "");
    if (!rc && !wrote)
        rc = cli_die(2, "write error on %s (%s)", s->name, strerror(o->error));
    if (rc) {
        cli_sink_abort(s);
        return rc;
    }
    return cli_sink_commit(s);
}
