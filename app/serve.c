/* serve.c - `wythoff serve`: the explorer page and a JSON API over the
 * library, on GNU libmicrohttpd (docs/serve.md).  This file: the command,
 * its settings, the two pools of workers, the start and the stop; serve.h
 * lists the other files.
 *
 * Threads.  One libmicrohttpd thread polls every connection and answers the
 * quick requests (the page's files, /api/info, /api/rules, /api/claims,
 * /api/progress, and errors) itself (serve_http.c).  A request that
 * computes is copied (its arguments), queued and its connection suspended;
 * two pools of workers take requests from their queues and resume the
 * connection with the answer, so a long computation never holds up the
 * connections beside it.  Every computing request starts in the quick pool
 * (--threads workers, one engine thread each); one that uses more than
 * QUICK_CPU_MS of processor time, or would wait for a table another
 * request computes, is stopped there (by its progress function) and queued
 * again for the slow pool (half as many workers, every engine thread, a
 * bounded queue: 503 when full), so that cheap requests never wait behind
 * expensive ones.  Each worker keeps its own exact evaluators (wy_exact:
 * one thread at a time, as wythoff_exact.h says), one per ruleset it has
 * seen, in a small cache released when the thread ends.  Tables for tiles
 * and windows are computed once per ruleset and side state and then only
 * read, by any number of threads (wy_table_get on a finished table), in a
 * cache with reference counts (tab_get, tab_release).  Rendered tiles are
 * kept in a second cache (tile_lookup, tile_store; the caches:
 * serve_cache.c).  Every computation runs with a progress function that
 * reports to /api/progress and cancels at the request's deadline, when the
 * server stops, or to move the request to the slow pool (serve_req.c).
 *
 * Hostile clients.  Numbers have at most REQUEST_MAX digits (the most a
 * request can hold; src/cli/num.c counts them before computing); the request
 * line and headers at most REQUEST_MAX bytes (414 or 431, as JSON: the
 * connection's memory is large enough for libmicrohttpd to hand such a
 * request over); at most MAXARGS parameters; parameters with a NUL byte,
 * invalid UTF-8 or given twice are 400s; connections are limited per
 * address and in all; the rulesets whose proofs go to the disk cache are
 * limited per client address and in all; the log escapes what clients
 * send and holds back floods (serve_log.c).
 *
 * Nothing here parses HTTP: libmicrohttpd does, and hands over the path and
 * the decoded query arguments. */
#include "serve.h"
#include "wythoff_plot.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

/* ------------------------------------------------------------------ */
/* The command                                                         */
/* ------------------------------------------------------------------ */

/* The largest power-of-two table side (1024 .. 16384) for tiles whose table
 * fits the memory limit in the largest of the usual rulesets (the table
 * cache holds two: a ruleset and the one compared with it). */
static uint32_t table_side_for_limit(uint64_t limit)
{
    wy_rules r;
    char err[WY_ERRLEN];
    wy_rules_parse(&r, "wythoff", err, sizeof err);
    uint32_t side = 1024;
    while (side < WY_PLOT_HEATMAP_MAX &&
           2 * wy_table_estimate(&r, side * 2, side * 2, wy_side_start(&r)) <= limit)
        side *= 2;
    return side;
}

/* The options: --port, --timeout and --bind (the address to listen on, the
 * port in it; v6: an IPv6 one), then the settings of --threads,
 * --mem-limit and --quiet.  0, or the exit code (the message said). */
static int serve_options(cli_config *c, struct sockaddr_storage *ss, uint64_t *port, const char **bind, int *v6)
{
    char err[WY_ERRLEN];
    uint64_t timeout = 60;
    *port = 8080;
    if (c->given[O_PORT] && !cli_num_u64(port, c->val[O_PORT], "--port", 65535, err, sizeof err))
        return cli_die(2, "%s", err);
    if (c->given[O_TIMEOUT] && !cli_num_u64(&timeout, c->val[O_TIMEOUT], "--timeout", 86400, err, sizeof err))
        return cli_die(2, "%s", err);
    if (timeout < 1)
        return cli_die(2, "--timeout must be at least 1 second");
    *bind = c->given[O_BIND] ? c->val[O_BIND] : "127.0.0.1";
    memset(ss, 0, sizeof *ss);
    *v6 = 0;
    struct sockaddr_in *s4 = (struct sockaddr_in *)ss;
    struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;
    if (inet_pton(AF_INET, *bind, &s4->sin_addr) == 1) {
        s4->sin_family = AF_INET;
        s4->sin_port = htons((uint16_t)*port);
    } else if (inet_pton(AF_INET6, *bind, &s6->sin6_addr) == 1) {
        s6->sin6_family = AF_INET6;
        s6->sin6_port = htons((uint16_t)*port);
        *v6 = 1;
    } else {
        return cli_die(2, "--bind '%.60s' is not an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1, 0.0.0.0)", *bind);
    }
    serve_cfg.timeout_s = (unsigned)timeout;
    serve_cfg.threads = cli_default_threads();
    serve_cfg.pool = c->given[O_THREADS] ? c->threads : (serve_cfg.threads < 4 ? 4 : serve_cfg.threads);
    serve_cfg.slow = serve_cfg.pool / 2 ? serve_cfg.pool / 2 : 1;
    if (c->given[O_MEMLIMIT]) {
        serve_cfg.mem_limit = c->mem_limit;
    } else {
        uint64_t avail = wy_memory_default();
        serve_cfg.mem_limit = avail ? avail / 4 : (uint64_t)1 << 30;
    }
    serve_cfg.quiet = c->quiet;
    return 0;
}

/* Serve until SIGINT or SIGTERM, then stop: the running computations see
 * serve_stopping and end; the queued requests are answered 503; every
 * suspended connection is resumed before the daemon stops.  The exit code. */
static int serve_until_stopped(struct MHD_Daemon *d, pthread_t *tids, unsigned nworkers)
{
    while (!cli_interrupted()) {
        struct timespec ts = {0, 100 * 1000000L};
        nanosleep(&ts, NULL);
        serve_log_tick(0);
    }
    atomic_store(&serve_stopping, 1);
    serve_log_line("stopping");
    if (!workers_stop(tids, nworkers)) {
        /* a computation that does not stop: a defect of the library */
        const unsigned n = workers_running();
        serve_log_tick(1);
        fprintf(stderr, "wythoff: %u request%s did not stop within %d s of the signal; exiting without them\n", n,
                n == 1 ? "" : "s", STOP_GRACE_S);
        fflush(NULL);
        _exit(4);
    }
    MHD_stop_daemon(d);
    serve_log_tick(1);
    serve_cache_free();
    return 0;
}

int cli_cmd_serve(cli_config *c)
{
    struct sockaddr_storage ss;
    uint64_t port = 8080;
    const char *bind = NULL;
    int v6 = 0;
    const int rc = serve_options(c, &ss, &port, &bind, &v6);
    if (rc)
        return rc;
    serve_log_init(serve_cfg.quiet, CONN_PER_IP, CONN_MAX);
    /* a number has at most as many digits as a request can hold */
    cli_num_set_digits(REQUEST_MAX);
    serve_cfg.table_side = table_side_for_limit(serve_cfg.mem_limit);
    if (!wy_exact_cache_default(serve_cfg.cache_dir, sizeof serve_cfg.cache_dir))
        serve_cfg.cache_dir[0] = '\0';
    if (serve_cache_init() != 0)
        return cli_die(4, "pthread_key_create failed");
    signal(SIGPIPE, SIG_IGN);

    const unsigned nworkers = serve_cfg.pool + serve_cfg.slow;
    unsigned started = 0;
    pthread_t *tids = workers_start(nworkers, &started);
    if (!tids)
        return cli_die(3, "out of memory");
    struct MHD_Daemon *d =
        started < nworkers ? NULL : serve_http_start((struct sockaddr *)&ss, (uint16_t)port, v6);
    if (!d) {
        workers_stop(tids, started);
        serve_cache_free();
        if (started < nworkers)
            return cli_die(3, "cannot start %u worker threads", nworkers);
        return cli_die(2, "cannot listen on %s port %llu (in use, or not an address of this machine?)", bind,
                       (unsigned long long)port);
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    unsigned bound = info ? info->port : (unsigned)port;
    printf("wythoff serve: the explorer at http://%s%s%s:%u/ (Ctrl-C stops it)\n", v6 ? "[" : "", bind,
           v6 ? "]" : "", bound);
    fflush(stdout);
    const struct sockaddr_in *s4 = (const struct sockaddr_in *)&ss;
    const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)&ss;
    const int loopback = v6 ? IN6_IS_ADDR_LOOPBACK(&s6->sin6_addr) : (ntohl(s4->sin_addr.s_addr) >> 24) == 127;
    if (!loopback)
        fprintf(stderr, "wythoff serve: listening on %s: every machine that reaches this one may use the server "
                        "(it has no authentication)\n", bind);
    return serve_until_stopped(d, tids, nworkers);
}
