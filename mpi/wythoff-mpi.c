/* wythoff-mpi - the table engine spread over MPI ranks (docs/distributed.md).
 *
 *   mpirun -np K wythoff-mpi table RULES --size N --output FILE [--format bin]
 *   mpirun -np K wythoff-mpi ppos RULES --size N --count [--value G]
 *   mpirun -np K wythoff-mpi compare RULES_A RULES_B --size N --summary [...]
 *
 * Rank r computes the block of columns r (wy_block_split: K equal blocks)
 * with the library's block engine (wythoff_block.h), which pipelines the
 * bands of rows through the ranks; this file only moves the engine's
 * messages (MPI point to point, one tag per table) and its values: `table`
 * writes them with MPI-IO into the bin file of docs/formats.md (each rank's
 * file view is its block of columns, so a band is one write), `ppos`
 * counts them and `compare` compares two tables computed side by side.
 * The options, messages and exit codes are those of `wythoff` (the same
 * parser, src/cli/opts.c); rank 0 prints, the other ranks are silent.
 *
 * Options of wythoff-mpi only (before or after the others):
 *   --band B       rows per band (default: 64, fewer for small windows)
 *   --stats        a line per rank on standard error at the end: columns,
 *                  cells, seconds computing and waiting, bytes sent, memory
 *   --trace FILE   per rank and band: start, seconds, bytes sent (CSV)
 *   --plan K       print what K ranks would need (columns, memory per rank,
 *                  bands) and stop: planning a cluster run from one machine
 */
#define _GNU_SOURCE
#include "cli.h"
#include "wythoff_block.h"

#include <mpi.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static int rank, nranks;
static int thread_level;
static pthread_mutex_t mpi_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned opt_band;
static unsigned opt_plan; /* --plan K: the blocks of K ranks, no run */
static int opt_stats;
static const char *opt_trace;

/* ------------------------------------------------------------------ */
/* Agreement: every rank ends a step with the same status and message   */
/* ------------------------------------------------------------------ */

/* The status of the lowest rank that failed (WY_OK when none), its message
 * copied into err on every rank. */
static wy_status agree(wy_status st, char *err, size_t errlen)
{
    int mine = st == WY_OK ? nranks : rank, first;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == nranks)
        return WY_OK;
    char buf[WY_ERRLEN];
    int code = (int)st;
    if (rank == first)
        snprintf(buf, sizeof buf, "%s", err);
    MPI_Bcast(&code, 1, MPI_INT, first, MPI_COMM_WORLD);
    MPI_Bcast(buf, sizeof buf, MPI_CHAR, first, MPI_COMM_WORLD);
    snprintf(err, errlen, "%s", buf);
    return (wy_status)code;
}

/* ------------------------------------------------------------------ */
/* Failures in the middle of a run                                      */
/* ------------------------------------------------------------------ */
/* A rank that fails while the bands flow (a write that wrote less than
 * asked, memory, a signal) records why (record_failure) and tells every
 * other rank with a STOP message; each rank looks for one in every
 * callback and then stops too.  When the pipelines have ended, settle()
 * takes the messages left in flight, so that every rank reaches the same
 * collective calls, and run_status() agrees on the first failure: rank 0
 * says it once, removes the partial file and exits with its code.  No
 * MPI_Abort (but where memory is lacking to stop in order): a failure is
 * an exit code and one message, never a job killed in the middle. */

#define TAG_STOP 99  /* a rank failed: everyone stops */
#define TAG_COUNT 98 /* settle(): the messages a rank sent to the next */

static pthread_mutex_t fail_mu = PTHREAD_MUTEX_INITIALIZER;
static atomic_int failed;           /* this rank failed: fail_st, fail_msg */
static wy_status fail_st;
static char fail_msg[WY_ERRLEN];
static atomic_int stop_seen;        /* a STOP from another rank arrived */
static int stop_sent;               /* under the MPI lock */
static MPI_Request *stop_req;       /* the STOPs this rank sent (nranks) */
static volatile sig_atomic_t got_signal; /* a signal that stops the run */
static char partial[4096];          /* table: the file being written */
static atomic_int partial_armed;    /* a signal handler removes it */

/* Where stopping in order is not possible (no memory for it): the job
 * ends here, the partial file removed (any rank can: the path is shared). */
static void abort_job(const char *why)
{
    fprintf(stderr, "%s: rank %d: %s\n", cli_name(), rank, why);
    if (atomic_load(&partial_armed))
        unlink(partial);
    MPI_Abort(MPI_COMM_WORLD, 3);
}

/* The first failure of this rank wins (any thread, never a signal handler). */
static void record_failure(wy_status st, const char *fmt, ...)
{
    pthread_mutex_lock(&fail_mu);
    if (!atomic_load(&failed)) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(fail_msg, sizeof fail_msg, fmt, ap);
        va_end(ap);
        fail_st = st;
        atomic_store(&failed, 1);
    }
    pthread_mutex_unlock(&fail_mu);
}

static const char *signal_name(int sig);

/* A signal seen: an interruption, recorded as this rank's failure. */
static void note_signal(void)
{
    int sig = got_signal;
    if (sig)
        record_failure(WY_ECANCELED, "interrupted (rank %d: %s)", rank, signal_name(sig));
}

/* Without a lock: whether this rank should stop (for the comparer's wait). */
static int halted_quick(void) { return atomic_load(&failed) || atomic_load(&stop_seen) || got_signal; }

static void mpi_lock(void);
static void mpi_unlock(void);

/* With the MPI lock held: tells the others of this rank's failure (once)
 * and looks for theirs.  Nonzero: stop. */
static int halt_locked(void)
{
    if (got_signal)
        note_signal();
    if (atomic_load(&failed) && !stop_sent && nranks > 1) {
        static int payload;
        stop_req = malloc(sizeof *stop_req * (size_t)nranks);
        for (int r = 0; stop_req && r < nranks; r++)
            if (r == rank)
                stop_req[r] = MPI_REQUEST_NULL;
            else
                MPI_Isend(&payload, 1, MPI_INT, r, TAG_STOP, MPI_COMM_WORLD, &stop_req[r]);
        stop_sent = stop_req != NULL;
        if (!stop_req) /* the others would wait for this rank forever */
            abort_job("out of memory to tell the other ranks of a failure");
    }
    if (!atomic_load(&stop_seen) && nranks > 1) {
        int flag = 0;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_STOP, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (flag)
            atomic_store(&stop_seen, 1);
    }
    return atomic_load(&failed) || atomic_load(&stop_seen);
}

static int halted(void)
{
    mpi_lock();
    int h = halt_locked();
    mpi_unlock();
    return h;
}

/* The status of the run, the same on every rank: the first failing rank's
 * (WY_ECANCELED: interrupted by a signal), its message in err. */
static wy_status run_status(char *err, size_t errlen)
{
    note_signal();
    wy_status st = WY_OK;
    if (atomic_load(&failed)) {
        st = fail_st;
        snprintf(err, errlen, "%s", fail_msg);
    }
    return agree(st, err, errlen);
}

/* ------------------------------------------------------------------ */
/* Signals: the partial file goes at once                               */
/* ------------------------------------------------------------------ */
/* table writes FILE.partial-PID and renames it when every rank is done.  A
 * rank that gets a signal removes the partial file in the handler itself
 * (unlink is async-signal-safe; mpirun follows its SIGTERM with SIGKILL a
 * second later), then: the signals that end a process by default (SIGINT,
 * SIGTERM, SIGHUP, ...) stop the run in order (exit 130 and "interrupted",
 * rank 0 speaking); the signals of a fault (SIGSEGV, ...) and SIGPIPE go on
 * to the handler before ours (Open MPI's) or the default action.  SIGKILL
 * cannot be caught: it leaves FILE.partial-PID (docs/distributed.md).  A
 * signal ignored when the program starts (nohup) stays ignored; SIGXFSZ is
 * ignored, so that a file-size limit is a write error that names the file. */

static const struct {
    int sig;
    const char *name;
    int fault; /* 1: the process ends (the previous handler or the default) */
} caught[] = {
    {SIGHUP, "SIGHUP", 0},   {SIGINT, "SIGINT", 0},     {SIGQUIT, "SIGQUIT", 0}, {SIGTERM, "SIGTERM", 0},
    {SIGUSR1, "SIGUSR1", 0}, {SIGUSR2, "SIGUSR2", 0},   {SIGALRM, "SIGALRM", 0}, {SIGXCPU, "SIGXCPU", 0},
    {SIGVTALRM, "SIGVTALRM", 0}, {SIGPIPE, "SIGPIPE", 1}, {SIGSEGV, "SIGSEGV", 1}, {SIGBUS, "SIGBUS", 1},
    {SIGFPE, "SIGFPE", 1},   {SIGILL, "SIGILL", 1},     {SIGABRT, "SIGABRT", 1}, {SIGSYS, "SIGSYS", 1},
};
#define NCAUGHT (sizeof caught / sizeof caught[0])
static struct sigaction before[NCAUGHT]; /* the handlers ours replaced */

static const char *signal_name(int sig)
{
    for (size_t i = 0; i < NCAUGHT; i++)
        if (caught[i].sig == sig)
            return caught[i].name;
    return "a signal";
}

static void on_signal(int sig, siginfo_t *si, void *uc)
{
    int saved = errno;
    if (atomic_load(&partial_armed))
        unlink(partial);
    size_t i = 0;
    while (i < NCAUGHT && caught[i].sig != sig)
        i++;
    if (i == NCAUGHT)
        return;
    if (!caught[i].fault)
        got_signal = sig;
    const struct sigaction *o = &before[i];
    if (o->sa_flags & SA_SIGINFO) {
        if (o->sa_sigaction)
            o->sa_sigaction(sig, si, uc);
    } else if (o->sa_handler == SIG_DFL) {
        if (caught[i].fault) { /* delivered when this handler returns */
            signal(sig, SIG_DFL);
            raise(sig);
        }
    } else if (o->sa_handler != SIG_IGN) {
        o->sa_handler(sig); /* SIGINT, SIGTERM: wythoff's own (cli_interrupted) */
    }
    errno = saved;
}

/* After MPI_Init (its handlers are chained) and cli_signals_install. */
static void signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO; /* no SA_RESTART, as wythoff's */
    sigfillset(&sa.sa_mask);
    for (size_t i = 0; i < NCAUGHT; i++) {
        if (sigaction(caught[i].sig, NULL, &before[i]) != 0)
            continue;
        if (!(before[i].sa_flags & SA_SIGINFO) && before[i].sa_handler == SIG_IGN)
            continue; /* nohup's SIGHUP, an ignored SIGPIPE */
        sigaction(caught[i].sig, &sa, NULL);
    }
    signal(SIGXFSZ, SIG_IGN);
}

/* Every rank failed as one (run_status said so): rank 0 sees it as an
 * interruption too, so that wythoff's commands say "interrupted", exit 130. */
static void mark_interrupted(void)
{
    for (size_t i = 0; i < NCAUGHT; i++)
        if (caught[i].sig == SIGINT && !(before[i].sa_flags & SA_SIGINFO) && before[i].sa_handler != SIG_DFL &&
            before[i].sa_handler != SIG_IGN)
            before[i].sa_handler(SIGINT);
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void backoff(unsigned *spins)
{
    if (++*spins < 64)
        return;
    if (*spins < 1024) {
        sched_yield();
        return;
    }
    struct timespec ts = {0, 20000};
    nanosleep(&ts, NULL);
}

/* MPI calls from the engine's threads: one at a time (MPI_THREAD_SERIALIZED
 * is enough), waits by polling so that no thread holds the lock while it
 * waits. */
static void mpi_lock(void)
{
    if (thread_level >= MPI_THREAD_SERIALIZED)
        pthread_mutex_lock(&mpi_mu);
}
static void mpi_unlock(void)
{
    if (thread_level >= MPI_THREAD_SERIALIZED)
        pthread_mutex_unlock(&mpi_mu);
}

/* ------------------------------------------------------------------ */
/* One table's pipeline on this rank                                    */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t start, ns; /* band: began (from the run's start), computing time to its output */
    uint64_t bytes;     /* sent to the next rank */
} band_rec;

#define REC_CHUNK 4096u

typedef struct pipe pipe_t;
typedef int (*values_fn)(pipe_t *p, uint32_t band, uint32_t x0, uint32_t x1, const uint32_t *v);

struct pipe {
    int tag;              /* MPI tag of this table's messages */
    wy_block blk;
    unsigned char *rbuf;  /* the last message received */
    size_t rcap;
    uint64_t t0;          /* start of the run */
    uint64_t wait_ns;     /* waiting for messages and for sends to complete */
    uint64_t wall_ns;     /* the whole run */
    /* --stats, --trace: a record per band, in chunks of REC_CHUNK allocated
     * by begin (a band's begin, send and out run on the same thread) */
    band_rec **rec;
    uint32_t nchunks, nrec;
    values_fn values;
    void *ctx;
    wy_block_stats stats;
    /* settle(): messages sent to the next rank, received from the previous */
    uint64_t nsent, nrecv;
};

static band_rec *rec_at(pipe_t *p, uint32_t band)
{
    uint32_t c = band / REC_CHUNK;
    return c < p->nchunks && p->rec[c] ? &p->rec[c][band % REC_CHUNK] : NULL;
}

static int p_recv(void *ctx, uint32_t band, const void **buf, size_t *len)
{
    pipe_t *p = ctx;
    uint64_t t = now_ns();
    MPI_Status s;
    unsigned spins = 0;
    for (;;) {
        int flag = 0;
        mpi_lock();
        if (halt_locked()) {
            mpi_unlock();
            return 1;
        }
        MPI_Iprobe(rank - 1, p->tag, MPI_COMM_WORLD, &flag, &s);
        if (flag) {
            int n = 0;
            MPI_Get_count(&s, MPI_BYTE, &n);
            if ((size_t)n > p->rcap) {
                unsigned char *b = realloc(p->rbuf, (size_t)n);
                if (!b) {
                    record_failure(WY_ERANGE, "rank %d: out of memory for a message of %d bytes", rank, n);
                    halt_locked();
                    mpi_unlock();
                    return 1;
                }
                p->rbuf = b;
                p->rcap = (size_t)n;
            }
            MPI_Recv(p->rbuf, n, MPI_BYTE, rank - 1, p->tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            p->nrecv++;
            mpi_unlock();
            *buf = p->rbuf;
            *len = (size_t)n;
            break;
        }
        mpi_unlock();
        backoff(&spins);
    }
    (void)band;
    p->wait_ns += now_ns() - t;
    return 0;
}

static int p_send(void *ctx, uint32_t band, const void *buf, size_t len)
{
    pipe_t *p = ctx;
    if (len > (size_t)INT32_MAX) { /* MPI counts are int */
        record_failure(WY_ERANGE,
                       "rank %d: a band's message of %zu bytes exceeds MPI's 2 GiB (use a smaller --band)", rank, len);
        return halted();
    }
    uint64_t t = now_ns();
    MPI_Request q;
    mpi_lock();
    MPI_Isend(buf, (int)len, MPI_BYTE, rank + 1, p->tag, MPI_COMM_WORLD, &q);
    p->nsent++;
    mpi_unlock();
    unsigned spins = 0;
    for (;;) {
        int done = 0;
        mpi_lock();
        MPI_Test(&q, &done, MPI_STATUS_IGNORE);
        /* a stop is spread from here too; the send itself completes (the
         * buffer is the engine's): a next rank that stopped takes the
         * message in settle() */
        if (!done)
            halt_locked();
        mpi_unlock();
        if (done)
            break;
        backoff(&spins);
    }
    band_rec *r = rec_at(p, band);
    if (r)
        r->bytes = len;
    p->wait_ns += now_ns() - t;
    return 0;
}

static void p_begin(void *ctx, uint32_t band)
{
    pipe_t *p = ctx;
    uint32_t c = band / REC_CHUNK;
    if (c < p->nchunks && !p->rec[c])
        p->rec[c] = calloc(REC_CHUNK, sizeof **p->rec);
    band_rec *r = rec_at(p, band);
    if (r)
        r->start = now_ns() - p->t0;
    if (band + 1 > p->nrec)
        p->nrec = band + 1;
}

static int p_out(void *ctx, uint32_t band, uint32_t x0, uint32_t x1, const uint32_t *v)
{
    pipe_t *p = ctx;
    band_rec *r = rec_at(p, band);
    if (r)
        r->ns = now_ns() - p->t0 - r->start;
    if (halted())
        return 1;
    if (p->values(p, band, x0, x1, v)) {
        halted(); /* tells the others now */
        return 1;
    }
    return 0;
}

static wy_status pipe_init(pipe_t *p, int tag, uint32_t rows, uint32_t cols, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->tag = tag;
    if (!wy_block_split(&p->blk, rows, cols, (unsigned)rank, (unsigned)nranks))
        return snprintf(err, errlen,
                        "%d ranks for a window of %u columns: each rank needs a column (run at most %u ranks)",
                        nranks, cols, cols),
               WY_EINVAL;
    return WY_OK;
}

static wy_run make_run(const cli_config *c)
{
    wy_run run;
    memset(&run, 0, sizeof run);
    run.threads = thread_level >= MPI_THREAD_SERIALIZED ? c->threads : 1;
    run.band = opt_band;
    return run;
}

/* Every rank checks its block against the memory limit before any
 * allocates: a refusal anywhere is the refusal everywhere. */
static wy_status pipe_check(const pipe_t *p, const cli_game *g, const cli_config *c, uint64_t limit, char *err,
                            size_t errlen)
{
    wy_run run = make_run(c);
    uint64_t need = wy_table_block_estimate(&g->rules, &p->blk, g->side, &run);
    if (need == UINT64_MAX)
        return snprintf(err, errlen, "a %u x %u table of '%s' in this side state is beyond any memory (too many "
                                     "side-state layers)", p->blk.rows, p->blk.cols, g->text),
               WY_ERANGE;
    if (limit && need > limit) { /* the library's message shape, and what a rank can do about it */
        char what[128], msg[WY_ERRLEN];
        snprintf(what, sizeof what, "rank %d: columns %u..%u of a %u x %u table", rank, p->blk.c0, p->blk.c1 - 1,
                 p->blk.rows, p->blk.cols);
        wy_memory_refusal(msg, sizeof msg, what, need, limit);
        snprintf(err, errlen, "%s per rank (more ranks split the columns further)", msg);
        return WY_ERANGE;
    }
    return WY_OK;
}

static wy_status pipe_run(pipe_t *p, const cli_game *g, const cli_config *c, char *err, size_t errlen)
{
    wy_run run = make_run(c);
    /* records for at most one band a row */
    p->nchunks = opt_trace || opt_stats ? (uint32_t)(((uint64_t)p->blk.rows + REC_CHUNK - 1) / REC_CHUNK) : 0;
    p->rec = p->nchunks ? calloc(p->nchunks, sizeof *p->rec) : NULL;
    if (!p->rec)
        p->nchunks = 0;
    wy_block_io io = {p, p_recv, p_send, p_out, p_begin};
    p->t0 = now_ns();
    wy_status st = wy_table_block_run(&g->rules, &p->blk, g->side, 0, &run, &io, &p->stats, err, errlen);
    p->wall_ns = now_ns() - p->t0;
    /* a failure of the engine itself (memory, a malformed message) is this
     * rank's; a stop asked by a callback was recorded where it happened */
    if (st != WY_OK && !(st == WY_ECANCELED && (atomic_load(&failed) || atomic_load(&stop_seen))))
        record_failure(st, "rank %d: %s", rank, err);
    return st;
}

static void pipe_free(pipe_t *p)
{
    free(p->rbuf);
    for (uint32_t c = 0; c < p->nchunks; c++)
        free(p->rec[c]);
    free(p->rec);
}

/* Every rank, when its pipelines have ended (stopped or done): tells the
 * others of a failure of its own not told yet, takes the messages of the
 * previous rank that its engine did not take (a previous rank may still be
 * sending one: its send completes only when taken), and the STOPs sent to
 * it.  Collective; after it no message of the run is in flight. */
static void settle(pipe_t *const *ps, int np)
{
    mpi_lock();
    halt_locked();
    mpi_unlock();
    uint64_t mine[2] = {0, 0}, prev[2] = {0, 0};
    for (int i = 0; i < np; i++)
        mine[i] = ps[i]->nsent;
    MPI_Request q[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    if (rank + 1 < nranks)
        MPI_Isend(mine, np, MPI_UINT64_T, rank + 1, TAG_COUNT, MPI_COMM_WORLD, &q[0]);
    if (rank > 0) {
        MPI_Irecv(prev, np, MPI_UINT64_T, rank - 1, TAG_COUNT, MPI_COMM_WORLD, &q[1]);
        int known = 0, left = 1;
        unsigned spins = 0;
        while (!known || left) {
            if (!known)
                MPI_Test(&q[1], &known, MPI_STATUS_IGNORE);
            left = 0;
            int took = 0;
            for (int i = 0; i < np; i++) {
                pipe_t *p = ps[i];
                if (known && p->nrecv >= prev[i])
                    continue;
                left = 1;
                MPI_Status s;
                int flag = 0, n = 0;
                MPI_Iprobe(rank - 1, p->tag, MPI_COMM_WORLD, &flag, &s);
                if (!flag)
                    continue;
                MPI_Get_count(&s, MPI_BYTE, &n);
                if ((size_t)n > p->rcap) {
                    unsigned char *b = realloc(p->rbuf, (size_t)n);
                    if (!b) /* a message can be neither left behind nor taken */
                        abort_job("out of memory for a message while stopping");
                    p->rbuf = b;
                    p->rcap = (size_t)n;
                }
                MPI_Recv(p->rbuf, n, MPI_BYTE, rank - 1, p->tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                p->nrecv++;
                took = 1;
            }
            if (took)
                spins = 0;
            else if (!known || left)
                backoff(&spins);
        }
    }
    MPI_Wait(&q[0], MPI_STATUS_IGNORE);
    int sent = stop_sent, all = 0;
    MPI_Allreduce(&sent, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int k = 0; k < all - sent; k++) {
        int dummy;
        MPI_Recv(&dummy, 1, MPI_INT, MPI_ANY_SOURCE, TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (stop_sent) {
        MPI_Waitall(nranks, stop_req, MPI_STATUSES_IGNORE);
        free(stop_req);
        stop_req = NULL;
        stop_sent = 0;
    }
}

static long peak_rss_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

static FILE *trace_f; /* rank 0: --trace FILE, opened before the work */

/* --trace FILE is opened by rank 0 before the work starts (agreed by the
 * caller): a path that cannot be written is refused before any cell. */
static wy_status trace_open(char *err, size_t errlen)
{
    if (!opt_trace || rank != 0 || trace_f)
        return WY_OK;
    trace_f = fopen(opt_trace, "w");
    if (!trace_f)
        return snprintf(err, errlen, "cannot write the trace %.200s: %s", opt_trace, strerror(errno)), WY_EINVAL;
    return WY_OK;
}

/* --stats and --trace, gathered at rank 0 (also after a failure: the
 * trace says where the run stopped).  A trace that cannot be written, or
 * not all of it, is a failure of the run (record_failure). */
static void report(pipe_t *const *ps, int np, int saved_err)
{
    /* wall seconds, columns, cells, band seconds, wait seconds, bytes sent,
     * estimate, peak RSS */
    double mine[8] = {0};
    for (int i = 0; i < np; i++) {
        const pipe_t *p = ps[i];
        uint64_t busy = 0;
        for (uint32_t k = 0; k < p->nrec; k++)
            busy += rec_at((pipe_t *)p, k) ? rec_at((pipe_t *)p, k)->ns : 0;
        mine[1] = p->blk.c1 - p->blk.c0;
        mine[2] += (double)p->stats.cells;
        mine[3] += (double)busy / 1e9;
        mine[4] += (double)p->wait_ns / 1e9;
        mine[5] += (double)p->stats.bytes_sent;
        mine[6] += (double)p->stats.mem_estimate;
        mine[0] = p->wall_ns / 1e9 > mine[0] ? (double)p->wall_ns / 1e9 : mine[0];
    }
    mine[7] = (double)peak_rss_kib() * 1024.0;
    double *all = rank == 0 ? malloc(sizeof mine * (size_t)nranks) : NULL;
    MPI_Gather(mine, 8, MPI_DOUBLE, all, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0 && all && opt_stats) {
        FILE *f = fdopen(dup(saved_err), "w");
        if (f) {
            fprintf(f, "rank  columns        cells  wall-s  band-s  wait-s   MiB-sent  MiB-est  MiB-peak\n");
            for (int r = 0; r < nranks; r++) {
                const double *m = all + 8 * r;
                fprintf(f, "%4d  %7.0f %12.0f %7.2f %7.2f %7.2f %10.1f %8.1f %9.1f\n", r, m[1], m[2], m[0], m[3], m[4],
                        m[5] / 1048576.0, m[6] / 1048576.0, m[7] / 1048576.0);
            }
            fclose(f);
        }
    }
    free(all);
    if (!opt_trace)
        return;
    /* the trace: rank, table, band, start_s, seconds, bytes_sent */
    size_t n = 0;
    for (int i = 0; i < np; i++)
        n += ps[i]->nrec;
    double *rows = malloc(sizeof(double) * 6 * (n ? n : 1));
    if (!rows)
        record_failure(WY_ERANGE, "rank %d: out of memory for the trace", rank);
    size_t at = 0;
    for (int i = 0; i < np && rows; i++)
        for (uint32_t k = 0; k < ps[i]->nrec; k++) {
            const band_rec *b = rec_at(ps[i], k);
            if (!b)
                continue;
            double *r = rows + 6 * at++;
            r[0] = rank;
            r[1] = i;
            r[2] = k;
            r[3] = (double)b->start / 1e9;
            r[4] = (double)b->ns / 1e9;
            r[5] = (double)b->bytes;
        }
    int cnt = rows ? (int)(6 * at) : 0;
    int *counts = rank == 0 ? malloc(sizeof(int) * (size_t)nranks) : NULL;
    MPI_Gather(&cnt, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int *displs = NULL, total = 0;
    double *got = NULL;
    if (rank == 0 && counts) {
        displs = malloc(sizeof(int) * (size_t)nranks);
        for (int r = 0; displs && r < nranks; r++) {
            displs[r] = total;
            total += counts[r];
        }
        got = malloc(sizeof(double) * (size_t)(total ? total : 1));
    }
    MPI_Gatherv(rows, cnt, MPI_DOUBLE, got, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0 && (!counts || !displs || !got))
        record_failure(WY_ERANGE, "rank 0: out of memory for the trace");
    if (rank == 0 && trace_f) {
        FILE *f = trace_f;
        trace_f = NULL;
        int bad = fprintf(f, "rank,table,band,start_s,seconds,bytes_sent\n") < 0;
        for (int i = 0; got && i < total && !bad; i += 6)
            bad = fprintf(f, "%.0f,%.0f,%.0f,%.6f,%.6f,%.0f\n", got[i], got[i + 1], got[i + 2], got[i + 3],
                          got[i + 4], got[i + 5]) < 0;
        errno = 0;
        bad |= fflush(f) != 0 || ferror(f);
        bad |= fclose(f) != 0;
        int e = errno;
        if (bad)
            record_failure(WY_EINVAL, "cannot write the trace %.200s: %s", opt_trace, e ? strerror(e) : "write error");
    }
    free(rows);
    free(counts);
    free(displs);
    free(got);
}

static int saved_stderr = 2;

/* ------------------------------------------------------------------ */
/* table: the bin file, written with MPI-IO                            */
/* ------------------------------------------------------------------ */

typedef struct {
    MPI_File fh;
    unsigned bw;
    uint32_t w;          /* this rank's columns */
    unsigned char *buf;
    size_t cap;
    const char *path;    /* --output, as messages name it */
    const char *tmp;     /* the partial file */
    MPI_Offset hlen;     /* the header's bytes */
    uint32_t cols, c0;   /* the window's columns, this rank's first */
} bin_out;

/* Why a write of MPI-IO wrote less than asked (Open MPI's OMPIO reports a
 * full disk as a short count and no error): the rest of the band, written
 * again row by row with pwrite(2) on the partial file, until the system
 * says why (its errno; 0: it took everything this time).  Every row: the
 * first rows' pages may already hold other ranks' cells. */
static int short_write_errno(const bin_out *b, uint32_t x0, size_t done, size_t bytes)
{
    const size_t rowb = (size_t)b->w * b->bw;
    int fd = open(b->tmp, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    int e = 0;
    while (done < bytes && !e) {
        const size_t off = done % rowb;
        const uint64_t x = (uint64_t)x0 + done / rowb;
        const off_t at = (off_t)b->hlen + (off_t)((x * b->cols + b->c0) * b->bw + off);
        ssize_t n = pwrite(fd, b->buf + done, rowb - off, at);
        if (n < 0)
            e = errno == EINTR ? 0 : errno;
        else if (n == 0)
            e = EIO;
        else
            done += (size_t)n;
    }
    close(fd);
    return e;
}

static void mpi_error_text(char *s, size_t len, int code)
{
    char t[MPI_MAX_ERROR_STRING];
    int n = 0;
    if (MPI_Error_string(code, t, &n) != MPI_SUCCESS)
        snprintf(t, sizeof t, "MPI error %d", code);
    snprintf(s, len, "%s", t);
}

static int bin_values(pipe_t *p, uint32_t band, uint32_t x0, uint32_t x1, const uint32_t *v)
{
    bin_out *b = p->ctx;
    (void)band;
    size_t n = (size_t)(x1 - x0) * b->w, bytes = n * b->bw;
    if (bytes > (size_t)INT32_MAX) {
        record_failure(WY_ERANGE, "rank %d: a band of %zu bytes exceeds MPI's 2 GiB (use a smaller --band)", rank,
                       bytes);
        return 1;
    }
    if (bytes > b->cap) {
        unsigned char *t = realloc(b->buf, bytes);
        if (!t) {
            record_failure(WY_ERANGE, "rank %d: out of memory for a band of %zu bytes", rank, bytes);
            return 1;
        }
        b->buf = t;
        b->cap = bytes;
    }
    unsigned char *o = b->buf;
    for (size_t i = 0; i < n; i++)
        for (unsigned k = 0; k < b->bw; k++)
            *o++ = (unsigned char)(v[i] >> (8 * k));
    MPI_Status s;
    int done = 0;
    mpi_lock();
    /* the view is this rank's block: row x starts at x * w cells */
    int rc = MPI_File_write_at(b->fh, (MPI_Offset)x0 * b->w * b->bw, b->buf, (int)bytes, MPI_BYTE, &s);
    if (rc == MPI_SUCCESS && MPI_Get_count(&s, MPI_BYTE, &done) != MPI_SUCCESS)
        done = MPI_UNDEFINED;
    mpi_unlock();
    if (rc != MPI_SUCCESS) {
        char t[MPI_MAX_ERROR_STRING];
        mpi_error_text(t, sizeof t, rc);
        record_failure(WY_EINVAL, "cannot write %.200s: %s (rank %d, rows %u..%u)", b->path, t, rank, x0, x1 - 1);
        return 1;
    }
    if (done != (int)bytes) { /* a short write: a full disk, a file-size limit, a quota */
        if (done < 0 || (size_t)done > bytes) {
            record_failure(WY_EINVAL, "cannot write %.200s: MPI_File_write_at gave no count of the bytes written "
                                      "(rank %d, rows %u..%u)", b->path, rank, x0, x1 - 1);
            return 1;
        }
        int e = short_write_errno(b, x0, (size_t)done, bytes);
        record_failure(WY_EINVAL, "cannot write %.200s: %s (rank %d, rows %u..%u: %d of %zu bytes written)", b->path,
                       e ? strerror(e) : "the write was cut short", rank, x0, x1 - 1, done, bytes);
        return 1;
    }
    return 0;
}

/* "cannot write FILE: why" from an MPI error code, into err. */
static wy_status mpi_file_error(int code, char *err, size_t errlen, const char *path)
{
    char t[MPI_MAX_ERROR_STRING];
    mpi_error_text(t, sizeof t, code);
    snprintf(err, errlen, "cannot write %.200s: %s", path, t);
    return WY_EINVAL;
}

/* --plan K: the blocks of K ranks and the engine's estimate of each. */
static int print_plan(const cli_game *g, uint32_t R, uint32_t C, const cli_config *c)
{
    char err[WY_ERRLEN];
    wy_run run = make_run(c);
    uint64_t most = 0, total = 0;
    uint32_t wmin = UINT32_MAX, wmax = 0;
    wy_block_stats st;
    for (unsigned r = 0; r < opt_plan; r++) {
        wy_block blk;
        if (!wy_block_split(&blk, R, C, r, opt_plan))
            return cli_die(2, "--plan %u: each rank needs a column (the window has %u)", opt_plan, C);
        wy_status s = wy_table_block_plan(&g->rules, &blk, g->side, &run, &st, err, sizeof err);
        if (s != WY_OK)
            return cli_fail(s, err, 0);
        if (opt_plan <= 16)
            printf("rank %u: columns %u..%u, about %llu MiB\n", r, blk.c0, blk.c1 - 1,
                   (unsigned long long)(st.mem_estimate >> 20) + 1);
        most = st.mem_estimate > most ? st.mem_estimate : most;
        total += st.mem_estimate;
        wmin = blk.c1 - blk.c0 < wmin ? blk.c1 - blk.c0 : wmin;
        wmax = blk.c1 - blk.c0 > wmax ? blk.c1 - blk.c0 : wmax;
    }
    printf("%s %u x %u on %u rank%s, %u thread%s each: %u..%u columns a rank, at most %llu MiB a rank, %llu MiB in all; "
           "%llu bands of %u rows\n",
           g->text, R, C, opt_plan, opt_plan == 1 ? "" : "s", st.threads, st.threads == 1 ? "" : "s", wmin, wmax,
           (unsigned long long)(most >> 20) + 1, (unsigned long long)(total >> 20) + 1, (unsigned long long)st.bands,
           st.band_rows);
    return 0;
}

/* table's arguments: one ruleset, the window, --format bin, --output FILE
 * (0, or the exit code with the message said). */
static int table_args(cli_config *c)
{
    int rc;
    if (c->npos != 1)
        return cli_die(2, "table takes one ruleset (got %d arguments); usage: %s %s", c->npos, cli_name(),
                       c->cmd->usage);
    if ((rc = cli_games(c, 1, NULL)) || (rc = cli_window(c, 16)) || (rc = cli_window_table(c)))
        return rc;
    if (strcmp(c->format, "bin") != 0)
        return cli_die(2, "%s table writes --format bin only (every rank writes its columns into the file); the "
                          "text formats come from wythoff table",
                       cli_name());
    if (!c->output)
        return cli_die(2, "%s table needs --output FILE (the ranks write the file in parallel)", cli_name());
    return 0;
}

static int cmd_table(cli_config *c)
{
    char err[WY_ERRLEN] = "";
    int rc;
    if ((rc = table_args(c)))
        return rc;
    const cli_game *g = &c->game[0];
    const uint32_t R = (uint32_t)c->rows, C = (uint32_t)c->cols;
    if (opt_plan)
        return rank == 0 ? print_plan(g, R, C, c) : 0;
    pipe_t p;
    wy_status st = pipe_init(&p, 11, R, C, err, sizeof err);
    if (st == WY_OK)
        st = pipe_check(&p, g, c, c->mem_limit, err, sizeof err);
    if ((st = agree(st, err, sizeof err)) != WY_OK) {
        pipe_free(&p);
        return cli_fail(st, err, 1);
    }
    /* the header, as wythoff table writes it (docs/formats.md, bin) */
    unsigned char head[CLI_BIN_HEADER_MAX];
    unsigned bw;
    const size_t L = cli_bin_header(head, g, R, C, &bw);
    const MPI_Offset hlen = (MPI_Offset)L;
    /* written under a temporary name (rank 0's process id in it), renamed
     * when every rank has written all its cells */
    int pid = (int)getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (snprintf(partial, sizeof partial, "%s.partial-%d", c->output, pid) >= (int)sizeof partial) {
        pipe_free(&p);
        return cli_die(2, "--output: the file name is too long");
    }
    atomic_store(&partial_armed, 1); /* from here a signal removes it */
    bin_out b = {MPI_FILE_NULL, bw, p.blk.c1 - p.blk.c0, NULL, 0, c->output, partial, hlen, C, p.blk.c0};
    int mrc = MPI_File_open(MPI_COMM_WORLD, partial, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &b.fh);
    int opened = mrc == MPI_SUCCESS, all_opened = 0;
    MPI_Allreduce(&opened, &all_opened, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    st = opened ? WY_OK : mpi_file_error(mrc, err, sizeof err, c->output);
    MPI_Datatype cells = MPI_DATATYPE_NULL, block = MPI_DATATYPE_NULL;
    if (all_opened) {
        MPI_File_set_errhandler(b.fh, MPI_ERRORS_RETURN);
        /* a file of the same name left by an earlier run (SIGKILL, the same
         * process id) is emptied: every byte of the table is written */
        mrc = MPI_File_set_size(b.fh, 0);
        if (rank == 0 && mrc == MPI_SUCCESS) {
            MPI_Status hs;
            int hn = 0;
            mrc = MPI_File_write_at(b.fh, 0, head, (int)hlen, MPI_BYTE, &hs);
            if (mrc == MPI_SUCCESS && (MPI_Get_count(&hs, MPI_BYTE, &hn) != MPI_SUCCESS || hn != (int)hlen)) {
                snprintf(err, sizeof err, "cannot write %.200s: the header was cut short (%d of %d bytes written)",
                         c->output, hn, (int)hlen);
                st = WY_EINVAL;
            }
        }
        /* this rank's view: w cells of every row, from column c0 */
        MPI_Type_contiguous((int)(b.w * bw), MPI_BYTE, &cells);
        MPI_Type_create_resized(cells, 0, (MPI_Aint)C * bw, &block);
        MPI_Type_commit(&block);
        int vrc = MPI_File_set_view(b.fh, hlen + (MPI_Offset)p.blk.c0 * bw, MPI_BYTE, block, "native", MPI_INFO_NULL);
        if (mrc == MPI_SUCCESS)
            mrc = vrc;
        if (st == WY_OK && mrc != MPI_SUCCESS)
            st = mpi_file_error(mrc, err, sizeof err, c->output);
        /* the trace, last: a refusal leaves no table behind */
        if (st == WY_OK)
            st = trace_open(err, sizeof err);
    }
    if ((st = agree(st, err, sizeof err)) != WY_OK) {
        if (all_opened) /* collective; a rank that could not open leaves the others' handles */
            MPI_File_close(&b.fh);
        if (rank == 0)
            unlink(partial);
        atomic_store(&partial_armed, 0);
        if (block != MPI_DATATYPE_NULL) {
            MPI_Type_free(&block);
            MPI_Type_free(&cells);
        }
        if (trace_f)
            fclose(trace_f), trace_f = NULL;
        pipe_free(&p);
        return cli_die(2, "%s", err);
    }
    p.values = bin_values;
    p.ctx = &b;
    pipe_run(&p, g, c, err, sizeof err);
    pipe_t *ps[1] = {&p};
    settle(ps, 1);
    mrc = MPI_File_close(&b.fh);
    if (mrc != MPI_SUCCESS) {
        char t[MPI_MAX_ERROR_STRING];
        mpi_error_text(t, sizeof t, mrc);
        record_failure(WY_EINVAL, "cannot write %.200s: %s (rank %d, closing it)", c->output, t, rank);
    }
    report(ps, 1, saved_stderr);
    /* renamed only when every rank wrote all its cells and closed the file */
    st = run_status(err, sizeof err);
    if (st == WY_OK)
        atomic_store(&partial_armed, 0); /* decided: a signal from now on is too late to matter */
    if (st == WY_OK && rank == 0 && rename(partial, c->output) != 0) {
        if (got_signal) /* between the agreement and the rename */
            st = WY_ECANCELED, snprintf(err, sizeof err, "interrupted (rank 0: %s)", signal_name(got_signal));
        else
            st = WY_EINVAL, snprintf(err, sizeof err, "cannot write %.200s: %s", c->output, strerror(errno));
    }
    if (st != WY_OK && rank == 0)
        unlink(partial);
    atomic_store(&partial_armed, 0);
    MPI_Type_free(&block);
    MPI_Type_free(&cells);
    free(b.buf);
    pipe_free(&p);
    if (st == WY_OK)
        return 0;
    return cli_die(st == WY_ECANCELED ? 130 : st == WY_ERANGE ? 3 : st == WY_EINVAL ? 2 : 4, "%s", err);
}

/* ------------------------------------------------------------------ */
/* ppos --count                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
    uint32_t v, w;
    uint64_t n;
} counter;

static int count_values(pipe_t *p, uint32_t band, uint32_t x0, uint32_t x1, const uint32_t *v)
{
    counter *k = p->ctx;
    (void)band;
    size_t n = (size_t)(x1 - x0) * k->w;
    for (size_t i = 0; i < n; i++)
        k->n += v[i] == k->v;
    return 0;
}

static wy_status dist_count(uint64_t *n, const cli_game *g, uint32_t rows, uint32_t cols, uint32_t v,
                            const cli_config *c, char *err, size_t errlen)
{
    pipe_t p;
    wy_status st = pipe_init(&p, 21, rows, cols, err, errlen);
    if (st == WY_OK)
        st = pipe_check(&p, g, c, c->mem_limit, err, errlen);
    if (st == WY_OK)
        st = trace_open(err, errlen);
    if ((st = agree(st, err, errlen)) != WY_OK) {
        if (trace_f)
            fclose(trace_f), trace_f = NULL;
        pipe_free(&p);
        return st;
    }
    counter k = {v, p.blk.c1 - p.blk.c0, 0};
    p.values = count_values;
    p.ctx = &k;
    pipe_run(&p, g, c, err, errlen);
    pipe_t *ps[1] = {&p};
    settle(ps, 1);
    unsigned long long mine = k.n, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    *n = all;
    report(ps, 1, saved_stderr);
    pipe_free(&p);
    if ((st = run_status(err, errlen)) == WY_ECANCELED)
        mark_interrupted(); /* rank 0 says "interrupted", exit 130 */
    return st;
}

/* ------------------------------------------------------------------ */
/* compare --summary: two tables side by side                           */
/* ------------------------------------------------------------------ */

#define CMP_ROWS 256u /* rows one table may run ahead of the other */

typedef struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint32_t w;
    uint32_t done[2];       /* rows handed out by each table */
    uint32_t *ring[2];      /* [CMP_ROWS][w]: rows ahead of the other table */
    int stop;
    wy_compare_mode mode;
    uint32_t g, gb, c0;
    wy_compare_summary sum;
} comparer;

static int pos_less(uint32_t ax, uint32_t ay, uint32_t bx, uint32_t by) { return ax < bx || (ax == bx && ay < by); }

/* Summary s takes summary t (its differences, where t has some): counts
 * add, the box widens, first, last and nearest are the better of the two. */
static void sum_add(wy_compare_summary *s, const wy_compare_summary *t)
{
    if (!t->count)
        return;
    if (!s->count) {
        *s = *t;
        return;
    }
    s->min_x = t->min_x < s->min_x ? t->min_x : s->min_x;
    s->max_x = t->max_x > s->max_x ? t->max_x : s->max_x;
    s->min_y = t->min_y < s->min_y ? t->min_y : s->min_y;
    s->max_y = t->max_y > s->max_y ? t->max_y : s->max_y;
    if (pos_less(t->first.x, t->first.y, s->first.x, s->first.y))
        s->first = t->first;
    if (pos_less(s->last.x, s->last.y, t->last.x, t->last.y))
        s->last = t->last;
    const wy_pos a = t->nearest, b = s->nearest;
    uint32_t ma = a.x > a.y ? a.x : a.y, mb = b.x > b.y ? b.x : b.y;
    if (ma < mb || (ma == mb && pos_less(a.x, a.y, b.x, b.y)))
        s->nearest = a;
    s->count += t->count;
    s->only_a += t->only_a;
    s->only_b += t->only_b;
}

/* A difference at (x, y), A's value va. */
static void diff_at(wy_compare_summary *s, uint32_t x, uint32_t y, uint32_t va, uint32_t g)
{
    wy_compare_summary one;
    memset(&one, 0, sizeof one);
    one.count = 1;
    one.min_x = one.max_x = x;
    one.min_y = one.max_y = y;
    one.first = one.last = one.nearest = (wy_pos){x, y};
    one.only_a = va == g;
    one.only_b = va != g;
    sum_add(s, &one);
}

/* Table i hands out rows x0..x1-1 (the two tables' bands may differ: mod=M
 * computes a row a band).  A row the other table has handed out already
 * is compared with it; a row ahead of it waits in the ring, at most
 * CMP_ROWS rows ahead (bands have at most 64 rows, so one table can always
 * go on). */
static int cmp_values(pipe_t *p, uint32_t band, uint32_t x0, uint32_t x1, const uint32_t *v)
{
    comparer *m = p->ctx;
    const int i = p->tag == 31 ? 0 : 1, o = 1 - i;
    (void)band;
    pthread_mutex_lock(&m->mu);
    while (!m->stop && x1 > m->done[o] + CMP_ROWS && !halted_quick())
        pthread_cond_wait(&m->cv, &m->mu);
    if (m->stop || halted_quick()) {
        pthread_mutex_unlock(&m->mu);
        return 1;
    }
    for (uint32_t x = x0; x < x1; x++) {
        const uint32_t *row = v + (size_t)(x - x0) * m->w;
        if (x < m->done[o]) {
            const uint32_t *other = m->ring[o] + (size_t)(x % CMP_ROWS) * m->w;
            const uint32_t *a = i == 0 ? row : other, *b = i == 0 ? other : row;
            for (uint32_t e = 0; e < m->w; e++) {
                int differ = m->mode == WY_COMPARE_SET ? (a[e] == m->g) != (b[e] == m->gb) : a[e] != b[e];
                if (differ)
                    diff_at(&m->sum, x, m->c0 + e, a[e], m->g);
            }
        } else {
            memcpy(m->ring[i] + (size_t)(x % CMP_ROWS) * m->w, row, (size_t)m->w * 4);
        }
    }
    m->done[i] = x1;
    pthread_cond_broadcast(&m->cv);
    pthread_mutex_unlock(&m->mu);
    return 0;
}

typedef struct {
    pipe_t *p;
    const cli_game *g;
    const cli_config *c;
    wy_status st;
    char err[WY_ERRLEN];
    comparer *m;
} cmp_job;

static void *cmp_thread(void *arg)
{
    cmp_job *j = arg;
    j->st = pipe_run(j->p, j->g, j->c, j->err, sizeof j->err);
    if (j->st != WY_OK) { /* the other table's thread may wait for this one's rows */
        pthread_mutex_lock(&j->m->mu);
        j->m->stop = 1;
        pthread_cond_broadcast(&j->m->cv);
        pthread_mutex_unlock(&j->m->mu);
    }
    return NULL;
}

static wy_status dist_compare(wy_compare_summary *sum, const cli_game *a, const cli_game *b, const wy_compare_opts *opt,
                              uint32_t g_b, const cli_config *c, char *err, size_t errlen)
{
    pipe_t pa, pb;
    memset(sum, 0, sizeof *sum);
    wy_status st = pipe_init(&pa, 31, opt->rows, opt->cols, err, errlen);
    if (st == WY_OK)
        st = pipe_init(&pb, 32, opt->rows, opt->cols, err, errlen);
    /* the two tables share the limit: each is checked against half */
    uint64_t half = opt->mem_limit ? opt->mem_limit / 2 : 0;
    if (st == WY_OK)
        st = pipe_check(&pa, a, c, half, err, errlen);
    if (st == WY_OK)
        st = pipe_check(&pb, b, c, half, err, errlen);
    if (st == WY_OK && thread_level < MPI_THREAD_SERIALIZED)
        st = WY_EINVAL, snprintf(err, errlen, "compare needs an MPI library with MPI_THREAD_SERIALIZED");
    comparer m;
    memset(&m, 0, sizeof m);
    m.w = pa.blk.c1 - pa.blk.c0;
    m.mode = opt->mode;
    m.g = opt->g;
    m.gb = opt->mode == WY_COMPARE_SET ? g_b : 0;
    m.c0 = pa.blk.c0;
    /* the summaries of the ranks, gathered at the end */
    uint64_t mine[12], *all = NULL;
    if (st == WY_OK) {
        m.ring[0] = malloc((size_t)CMP_ROWS * m.w * 4);
        m.ring[1] = malloc((size_t)CMP_ROWS * m.w * 4);
        all = malloc(sizeof mine * (size_t)nranks);
        if (!m.ring[0] || !m.ring[1] || !all)
            st = WY_ERANGE, snprintf(err, errlen, "rank %d: out of memory", rank);
    }
    if (st == WY_OK)
        st = trace_open(err, errlen);
    if ((st = agree(st, err, errlen)) != WY_OK) {
        if (trace_f)
            fclose(trace_f), trace_f = NULL;
        free(all);
        free(m.ring[0]);
        free(m.ring[1]);
        pipe_free(&pa);
        pipe_free(&pb);
        return st;
    }
    pthread_mutex_init(&m.mu, NULL);
    pthread_cond_init(&m.cv, NULL);
    pa.values = pb.values = cmp_values;
    pa.ctx = pb.ctx = &m;
    cmp_job ja = {&pa, a, c, WY_OK, "", &m}, jb = {&pb, b, c, WY_OK, "", &m};
    pthread_t th;
    int threaded = pthread_create(&th, NULL, cmp_thread, &jb) == 0;
    if (!threaded) { /* table B never starts here: table A stops at once */
        record_failure(WY_ERANGE, "rank %d: cannot start a thread", rank);
        m.stop = 1;
    }
    cmp_thread(&ja);
    if (threaded)
        pthread_join(th, NULL);
    pipe_t *ps[2] = {&pa, &pb};
    settle(ps, 2);
    /* the summaries of the ranks, combined at every rank */
    uint64_t q0[12] = {m.sum.count, m.sum.only_a, m.sum.only_b, m.sum.min_x, m.sum.max_x, m.sum.min_y, m.sum.max_y,
                       m.sum.first.x, m.sum.first.y, m.sum.last.x, m.sum.last.y, 0};
    q0[11] = ((uint64_t)m.sum.nearest.x << 32) | m.sum.nearest.y;
    memcpy(mine, q0, sizeof mine);
    MPI_Allgather(mine, 12, MPI_UINT64_T, all, 12, MPI_UINT64_T, MPI_COMM_WORLD);
    wy_compare_summary s;
    memset(&s, 0, sizeof s);
    for (int r = 0; r < nranks; r++) {
        const uint64_t *q = all + 12 * r;
        wy_compare_summary t = {0, q[0], q[1], q[2], (uint32_t)q[3], (uint32_t)q[4], (uint32_t)q[5], (uint32_t)q[6],
                                {(uint32_t)q[7], (uint32_t)q[8]}, {(uint32_t)q[9], (uint32_t)q[10]},
                                {(uint32_t)(q[11] >> 32), (uint32_t)q[11]}, WY_COMPARE_TABLE, WY_COMPARE_TABLE};
        sum_add(&s, &t);
    }
    free(all);
    if (opt->mode != WY_COMPARE_SET)
        s.only_a = s.only_b = 0;
    s.compared = (uint64_t)opt->rows * opt->cols;
    s.engine_a = s.engine_b = WY_COMPARE_TABLE;
    *sum = s;
    report(ps, 2, saved_stderr);
    pthread_mutex_destroy(&m.mu);
    pthread_cond_destroy(&m.cv);
    free(m.ring[0]);
    free(m.ring[1]);
    pipe_free(&pa);
    pipe_free(&pb);
    if ((st = run_status(err, errlen)) == WY_ECANCELED)
        mark_interrupted(); /* rank 0 says "interrupted", exit 130 */
    return st;
}

/* ------------------------------------------------------------------ */
/* main                                                                 */
/* ------------------------------------------------------------------ */

static const cli_cmd cmds[] = {
    {"table", C_TABLE, "table RULES --output FILE [--size N | --rows R --cols C] [--pass P] [--heap H] [--format bin]",
     "the values of a window as a bin table (docs/formats.md), written in parallel by the ranks", NULL, 1, 1, "bin",
     cmd_table},
    {"ppos", C_PPOS, "ppos RULES --count [--size N] [--value G] [--pass P] [--heap H] [--format text|csv|json]",
     "the number of P-positions (or positions of value G) of a window, counted over the ranks", NULL, 1, 1,
     "text,csv,json", cli_cmd_ppos},
    {"compare", C_COMPARE,
     "compare RULES_A RULES_B --summary [--size N] [--outcome] [--value G] [--value-b H] [--pass P] [--heap H] "
     "[--format text|csv|json]",
     "the summary of where two games' values or outcomes differ, computed over the ranks",
     "exit status: 0 no difference, 1 differences found, 2 bad usage or input, 3 more memory than allowed,\n"
     "4 internal error, 130 interrupted\n",
     2, 2, "text,csv,json", cli_cmd_compare},
};

static void usage(FILE *f)
{
    fprintf(f,
            "wythoff-mpi %s - the table engine of wythoff spread over MPI ranks\n\n"
            "usage: mpirun -np K wythoff-mpi COMMAND RULES [OPTIONS]\n\ncommands:\n",
            WY_VERSION);
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(f, "  %-7s %s\n", cmds[i].name, cmds[i].summary);
    fputs("\nEach rank computes a block of columns; the bands of rows flow through the ranks.\n"
          "Options of wythoff-mpi: --band B (rows per band), --stats (a line per rank on standard error),\n"
          "--trace FILE (per rank and band: start, seconds, bytes sent), --plan K (table: the columns and\n"
          "memory of K ranks, without computing).  The other options are wythoff's:\n"
          "'wythoff-mpi COMMAND --help'.  The manual: man wythoff-mpi.\n",
          f);
}

/* Every rank reaches the same status (agree); rank 0 returns it and the
 * others 0, so that mpirun's exit status is the tool's. */
static int finish(int rc)
{
    fflush(stdout);
    fflush(stderr);
    MPI_Finalize();
    return rank == 0 ? rc : 0;
}

/* wythoff-mpi's own options (--stats, --plan, --band, --trace), taken out
 * of argv[2..] before wythoff's parser; the others into args[0..*n).  0, or
 * the exit code (message said). */
static int own_options(int argc, char **argv, char **args, int *n)
{
    int rc = 0;
    for (int i = 2; i < argc && !rc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "--") == 0) {
            while (i < argc)
                args[(*n)++] = argv[i++];
            break;
        }
        if (strcmp(s, "--stats") == 0) {
            opt_stats = 1;
        } else if (strcmp(s, "--plan") == 0 || strncmp(s, "--plan=", 7) == 0) {
            const char *eq = strchr(s, '='), *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
            char err[WY_ERRLEN];
            uint64_t k = 0;
            if (!val)
                rc = cli_die(2, "option '--plan' needs a value");
            else if (!cli_num_u64(&k, val, "--plan", 1u << 24, err, sizeof err))
                rc = cli_die(2, "%s", err);
            else if (k == 0)
                rc = cli_die(2, "--plan must be at least 1 rank");
            else
                opt_plan = (unsigned)k;
        } else if (strcmp(s, "--band") == 0 || strncmp(s, "--band=", 7) == 0 || strcmp(s, "--trace") == 0 ||
                   strncmp(s, "--trace=", 8) == 0) {
            int band = s[2] == 'b';
            const char *eq = strchr(s, '='), *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
            char err[WY_ERRLEN];
            uint64_t b = 0;
            if (!val)
                rc = cli_die(2, "option '%s' needs a value", band ? "--band" : "--trace");
            else if (band && !cli_num_u64(&b, val, "--band", 64, err, sizeof err))
                rc = cli_die(2, "%s", err);
            else if (band && b == 0)
                rc = cli_die(2, "--band must be 1 to 64 rows");
            else if (!band && !*val)
                rc = cli_die(2, "--trace needs a file name");
            else if (band)
                opt_band = (unsigned)b;
            else
                opt_trace = val;
        } else {
            args[(*n)++] = argv[i];
        }
    }
    return rc;
}

int main(int argc, char **argv)
{
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &thread_level);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    cli_set_name("wythoff-mpi", 0);
    /* only rank 0 speaks: the others parse and compute the same, their
     * answers to /dev/null and their messages unsaid (a sanitizer's report
     * still reaches standard error) */
    saved_stderr = dup(2);
    if (rank != 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, 1);
            close(null);
        }
        cli_set_name("wythoff-mpi", 1);
    }
    if (cli_set_argv(argc, argv)) /* the provenance of its outputs (docs/formats.md) */
        return finish(cli_die(3, "out of memory"));
    if (argc < 2) {
        if (rank == 0)
            usage(stderr);
        return finish(2);
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        usage(stdout);
        return finish(0);
    }
    if (strcmp(name, "--version") == 0) {
        printf("wythoff-mpi %s\n", WY_VERSION);
        return finish(0);
    }
    const cli_cmd *cmd = NULL;
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(name, cmds[i].name) == 0)
            cmd = &cmds[i];
    if (!cmd)
        return finish(cli_die(2, "unknown command '%.60s' (commands: table, ppos, compare; see 'wythoff-mpi --help')",
                              name));
    /* the options of wythoff-mpi, taken out before wythoff's parser */
    char **args = malloc(sizeof *args * (size_t)(argc + 1));
    int n = 0, rc = 0;
    if (!args)
        return finish(cli_die(3, "out of memory"));
    rc = own_options(argc, argv, args, &n);
    if (rc) {
        free(args);
        return finish(rc);
    }
    args[n] = NULL;
    cli_signals_install();
    signals_install();
    cli_config c;
    char err[WY_ERRLEN];
    rc = cli_parse(&c, cmd, n, args, err, sizeof err);
    if (rc) {
        rc = cli_die(rc, "%s", err);
        free(args);
        return finish(rc);
    }
    if (c.given[O_HELP]) {
        cli_usage(stdout, cmd);
        fputs("wythoff-mpi's own options: --band B, --stats, --trace FILE, --plan K (man wythoff-mpi)\n", stdout);
        free(args);
        return finish(0);
    }
    if (c.given[O_VERSION]) {
        printf("wythoff-mpi %s\n", WY_VERSION);
        free(args);
        return finish(0);
    }
    if (c.npos < cmd->min_pos) {
        free(args);
        return finish(cli_die(2, "missing ruleset; usage: mpirun -np K wythoff-mpi %s", cmd->usage));
    }
    if ((rc = cli_config_common(&c))) {
        free(args);
        return finish(rc);
    }
    if (rank != 0 && cmd->run != cmd_table)
        c.output = NULL; /* rank 0 writes ppos's and compare's answers */
    c.quiet = 1;         /* no progress line: the ranks' stderr is shared */
    static const cli_dist_fns fns = {dist_count, dist_compare};
    c.dist = &fns; /* ppos --count and compare --summary over the ranks */
    rc = cmd->run(&c);
    free(args);
    return finish(rc);
}
