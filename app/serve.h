/* serve.h - the internals of `wythoff serve` shared by its files:
 *
 *   serve.c        the command: its options, the start and the stop (how
 *                  the threads work together: its first comment)
 *   serve_pool.c   the two pools of workers: their queues, running a request
 *   serve_http.c   libmicrohttpd: a request from its arrival to its end,
 *                  the limits on requests, the page's files
 *   serve_req.c    the server's settings and stop flag; a request: its
 *                  arguments, its answer, its progress (the jobs of
 *                  /api/progress)
 *   serve_cache.c  the caches: exact evaluators per worker, tables, tiles
 *   serve_api.c    the endpoints, /api/info to /api/tile
 *   serve_log.c    the log on standard error: one line per request, the
 *                  HTTP library's messages in the tool's words, both
 *                  rate-limited; text made safe for the log and for JSON
 *
 * serve_log.c uses the C library only (no libmicrohttpd), so that it links
 * into every program of the build; the others make the server (only
 * serve.c, serve_http.c and serve_pool.c include microhttpd.h).  The files call each
 * other in one direction: serve.c -> serve_http.c -> serve_api.c ->
 * serve_cache.c -> serve_req.c -> serve_log.c, and serve_pool.c between
 * serve_http.c and serve_req.c (scripts/layer-cycles checks it). */
#ifndef WY_SERVE_H
#define WY_SERVE_H

#include "commands.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* The log (serve_log.c)                                               */
/* ------------------------------------------------------------------ */

/* Request lines shown per second at most; the rest are counted and the
 * count is said once the second is over. */
#define SERVE_LOG_LINES_PER_S 50
/* The same message of the HTTP library is said once per burst: again only
 * after this many seconds, with the number of times it came meanwhile. */
#define SERVE_LOG_BURST_S 10

/* quiet: nothing is written (serve --quiet); the connection limits, for
 * the message that a connection was refused.  Call before any thread logs. */
void serve_log_init(int quiet, unsigned conn_per_ip, unsigned conn_total);
/* One request: "wythoff serve: METHOD TARGET STATUS MS ms[ (NOTE)]", the
 * target escaped (serve_escape, at most 200 bytes of it), rate-limited. */
void serve_log_request(const char *method, const char *target, int http, uint64_t ms, const char *note);
/* A message of libmicrohttpd (MHD_OPTION_EXTERNAL_LOGGER): said in the
 * tool's words, once per burst of the same message. */
void serve_log_mhd(const char *fmt, va_list ap);
/* A line of the server itself ("stopping"): always written, escaped. */
void serve_log_line(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Say the counts of the lines held back whose time is over (every 100 ms
 * from the main loop; force: all of them, at the end). */
void serve_log_tick(int force);

/* s as printable ASCII: bytes below 0x21 or above 0x7e, and '\', written
 * as \xHH (\\ for '\'); at most max bytes of s, then "..." when s is
 * longer.  out always terminated (n >= 1). */
void serve_escape(char *out, size_t n, const char *s, size_t max);
/* 1 when s[0..n) is UTF-8 (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF). */
int serve_utf8_valid(const char *s, size_t n);
/* Each byte of s that does not belong to a valid UTF-8 character (a
 * character cut by a length limit) replaced by '?', in place. */
void serve_utf8_fix(char *s);

/* ------------------------------------------------------------------ */
/* The server                                                          */
/* ------------------------------------------------------------------ */

/* Answers: a tile's side in pixels, the cells of an /api/table window,
 * the terms of /api/ppos, the positions /api/compare lists. */
#define TILE_PX 256
#define WINDOW_CELLS 65536u
#define PPOS_TERMS_MAX 1000u
#define COMPARE_LIST_MAX 10000u
/* Caches: rendered tiles; exact evaluators per worker. */
#define TILECACHE_MAX 512
#define TILECACHE_BYTES ((size_t)64 << 20) /* the tile cache's bytes: 200 tiles of values, or all 512 PNGs */
#define EXACT_PER_THREAD 8
/* Named requests whose progress /api/progress tells. */
#define NJOBS 64

/* Requests.  REQUEST_MAX: the bytes of the request line and headers, and
 * the digits of a number.  POOL_BYTES: libmicrohttpd's memory per
 * connection, twice REQUEST_MAX, so that a request somewhat over the limit
 * still reaches the handler, which answers 414 or 431 as JSON (a larger
 * pool costs time on every request: libmicrohttpd maps pools above 32 KiB
 * and clears the whole pool between requests).  MAXARGS: parameters; a
 * query with more is not handed to libmicrohttpd's parser at all
 * (serve_http.c, uri_logged), since its records (about 64 bytes a
 * parameter) would overflow the pool. */
#define REQUEST_MAX 16384u
#define POOL_BYTES (2u * REQUEST_MAX)
#define MAXARGS 32
/* Connections: in all, per client address, seconds idle. */
#define CONN_MAX 512u
#define CONN_PER_IP 128u
#define CONN_IDLE_S 30u
/* The pools: the quick pool's budget of a request, the slow queue's size. */
#define QUICK_CPU_MS 50u
#define SLOW_QUEUE_MAX 16u
/* The disk cache of row strips: rulesets whose evaluators use it, in all
 * and added per client address. */
#define CACHE_RULESETS 32
#define CACHE_PER_CLIENT 4
/* After SIGINT/SIGTERM: seconds the running requests have to stop. */
#define STOP_GRACE_S 10

/* The server's settings, set once before the threads start (serve.c). */
typedef struct {
    uint64_t mem_limit;      /* per request, and the table cache's budget */
    unsigned timeout_s;
    unsigned threads;        /* engine threads per computation of the slow pool */
    unsigned pool;           /* the quick pool's workers */
    unsigned slow;           /* the slow pool's workers */
    uint32_t table_side;     /* the largest table side tiles are cut from */
    int quiet;
    char cache_dir[4096];    /* the exact engine's strips ("" none) */
} serve_settings;
extern serve_settings serve_cfg;
/* Set once SIGINT or SIGTERM came: every computation stops. */
extern atomic_int serve_stopping;


uint64_t serve_cpu_us(void);
/* The pools (serve_pool.c): n workers started (*started of them; NULL when
 * none could start), and their stop: 1 when every one has returned. */
pthread_t *workers_start(unsigned n, unsigned *started);
int workers_stop(pthread_t *tids, unsigned n);
/* The requests running in the two pools now. */
unsigned workers_running(void);

/* ------------------------------------------------------------------ */
/* A request (serve_req.c)                                             */
/* ------------------------------------------------------------------ */

enum { POOL_QUICK, POOL_SLOW };

typedef struct {
    const char *allowed;   /* the parameters of the endpoint, "a,b,c" */
    char *key[MAXARGS], *val[MAXARGS]; /* the query's arguments, copied */
    int nargs, nparams;    /* copied; in the query */
    char bad[48];          /* an argument the endpoint does not take */
    char twice[48];        /* an argument given more than once */
    const char *wrong;     /* a parameter with a NUL byte or invalid UTF-8: why */
    char wrong_key[48];
    char client[48];       /* the client's address */
    int job;               /* the job's slot or -1 */
    int checked;           /* req_args_check done (once, whatever the pool) */
    uint64_t deadline;     /* ms (cli_now_ms clock) */
    int timed_out;
    int pool;              /* POOL_QUICK or POOL_SLOW: where it runs (-1: libmicrohttpd's thread) */
    uint64_t cpu0;         /* its start in the quick pool: the thread's processor time (us) */
    int demote;            /* stopped in the quick pool, to run in the slow one */
    char *body;            /* the answer */
    size_t len;
    FILE *mem;             /* open_memstream on body */
    cli_out o;
    int http;              /* status */
    const char *type;      /* content type */
    int cacheable;
    int retry_after;       /* seconds for a Retry-After header (503 busy), 0 none */
    const char *tile_from; /* a tile's X-Wythoff-Tile header: how it was made (NULL: none) */
    char err[WY_ERRLEN];
} req;

/* The progress function of r's computations: it reports to r's job and
 * stops the computation (1) at the deadline, when the server stops, or to
 * move the request to the slow pool. */
int req_progress(void *ctx, uint64_t done, uint64_t total);
/* The engines' threads and progress function for r. */
wy_run req_run(req *r);
/* Open the answer (0: out of memory); drop what was written of it. */
int req_body_open(req *r);
void req_body_drop(req *r);
/* An error answer: {"error": MESSAGE, "status": exit code}.  Returns -1. */
int req_fail(req *r, int http, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The answer to a library status (not WY_OK).  Returns -1. */
int req_fail_status(req *r, wy_status st, const char *err);

/* One query argument, copied into r (on libmicrohttpd's thread, before the
 * request goes to a worker).  Sizes given: a NUL byte (%00) inside a name
 * or value shows as a size beyond its string. */
void req_arg_add(req *r, const char *key, size_t key_size, const char *value, size_t value_size);
/* The query as copied: no NUL byte, UTF-8, every parameter one the
 * endpoint knows, none twice; 0, or -1 with the answer set. */
int req_args_valid(req *r);
/* The request's job registered for /api/progress (once). */
void req_args_check(req *r);
void req_args_free(req *r);
/* The value of parameter name, NULL when absent. */
const char *req_arg(const req *r, const char *name);
/* A number parameter: a size of min to max (dflt when absent); 0, or -1
 * with the answer set. */
int req_arg_u64(req *r, const char *name, uint64_t *out, uint64_t dflt, uint64_t min, uint64_t max);
/* A big number parameter, required; 0, or -1 with the answer set. */
int req_arg_big(req *r, const char *name, mpz_t out);

/* Jobs: the progress of named requests.  job_valid: 1 to 32 of A-Z a-z 0-9
 * _ -.  job_end: the slot free for reuse (slot -1: none).  job_get: the
 * state of the job called name (all 0 when there is none). */
int job_valid(const char *s);
void job_end(int slot);
void job_get(const char *name, int *running, uint64_t *done, uint64_t *total);

/* ------------------------------------------------------------------ */
/* The caches (serve_cache.c)                                          */
/* ------------------------------------------------------------------ */

/* Before the workers start: 0, or -1 (pthread_key_create failed).  After
 * they ended: everything cached freed. */
int serve_cache_init(void);
void serve_cache_free(void);

/* This thread's evaluator of g's ruleset, with r's run set (progress and
 * deadline); NULL with the answer set on failure.  exact_done: the run
 * unset (e may be NULL). */
wy_exact *exact_for(req *r, const cli_game *g, const wy_run *run);
void exact_done(wy_exact *e);

/* A table of a ruleset and side state, computed once and then only read. */
typedef struct tabent {
    struct tabent *next;
    char key[160];
    uint32_t side_len;
    wy_table *t;
    uint64_t bytes, used;
    int refs;
    int computing;
} tabent;
/* A table of g holding 0 <= x, y < need, referenced (tab_release it).
 * NULL with the answer set on failure. */
tabent *tab_get(req *r, const cli_game *g, uint64_t need);
void tab_release(tabent *e);

/* A copy of the cached tile for key (malloc'ed), or NULL; a tile kept
 * (the least recently used one dropped). */
unsigned char *tile_lookup(const char *key, size_t *len);
void tile_store(const char *key, const unsigned char *png, size_t len);

/* ------------------------------------------------------------------ */
/* The endpoints (serve_api.c)                                         */
/* ------------------------------------------------------------------ */

/* `work`: computes (runs on a worker of the pool); the others answer at
 * once on libmicrohttpd's thread. */
typedef struct {
    const char *name; /* the URL is /api/ followed by the name */
    int (*fn)(req *r);
    const char *allowed;
    int work;
} endpoint;
/* The endpoint of a decoded URL path, or NULL. */
const endpoint *serve_api_find(const char *url);

/* ------------------------------------------------------------------ */
/* Requests and the pools (serve.c, serve_http.c)                      */
/* ------------------------------------------------------------------ */

struct MHD_Connection;
struct MHD_Daemon;
struct sockaddr;

/* One request from its arrival (the request line: uri_logged) to its end
 * (completed): libmicrohttpd's *con_cls. */
#define TARGET_KEEP 256 /* bytes of the request target kept for the log */
typedef struct work {
    struct work *next;             /* a queue */
    struct MHD_Connection *conn;
    const endpoint *ep;
    req r;
    uint64_t t0;
    char method[16];
    char target[TARGET_KEEP + 1];  /* the request target as sent (its start) */
    size_t target_len;             /* its whole length */
    size_t query_params;           /* '&'-separated parts of its query, when more than MAXARGS */
    int begun;                     /* the handler has seen it */
    int done;                      /* the answer is in r */
    int answered;                  /* queued to libmicrohttpd */
    int logged;
} work;

/* Run the endpoint: the answer lands in w->r, unless the request is to run
 * again in the slow pool (r->demote: its arguments and job kept). */
void work_run(work *w);
/* Queue w for the quick pool, where every computing request starts; 0
 * when the server stops (nothing is queued then). */
int work_queue(work *w);

/* libmicrohttpd listening on addr (an IPv6 one when v6; port: the one in
 * addr), its thread polling every connection; NULL when it cannot. */
struct MHD_Daemon *serve_http_start(struct sockaddr *addr, uint16_t port, int v6);

#endif /* WY_SERVE_H */
