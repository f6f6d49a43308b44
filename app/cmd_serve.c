/* cmd_serve.c - `wythoff serve`: the explorer page and a JSON API over the
 * library, on GNU libmicrohttpd (docs/serve.md).
 *
 * Threads.  One libmicrohttpd thread polls every connection and answers the
 * quick requests (the page's files, the endpoints info, rules, claims and
 * progress, and errors) itself.  A request that computes is copied (its
 * arguments), queued and its connection suspended; two pools of workers
 * take requests from their queues and resume the connection with the
 * answer, so a long computation never holds up the connections beside it.
 * Every computing request starts in the quick pool (--threads workers, one
 * engine thread each); one that uses more than QUICK_CPU_MS of processor
 * time, or would wait for a table another request computes, is stopped
 * there (by its progress function) and queued again for the slow pool
 * (half as many workers, every engine thread, a bounded queue: 503 when
 * full), so that cheap requests never wait behind expensive ones.
 * Each worker keeps its own exact evaluators (wy_exact: one thread at a
 * time, as wythoff_exact.h says), one per ruleset it has seen, in a small
 * cache released when the thread ends.  Tables for tiles and windows are
 * computed once per ruleset and side state and then only read, by any
 * number of threads (wy_table_get on a finished table), in a cache with
 * reference counts (tab_get, tab_release).  Rendered tiles are kept in a
 * second cache (tile_lookup, tile_store).  Every computation runs with a
 * progress function that reports to the progress endpoint and cancels at
 * the request's deadline, when the server stops, or to move the request to
 * the slow pool.
 *
 * Hostile clients.  Numbers have at most REQUEST_MAX digits (the most a
 * request can hold; app/num.c counts them before computing); the request
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
#include "commands.h"
#include "serve.h"
#include "web_assets.h"
#include "wythoff_check.h"
#include "wythoff_compare.h"
#include "wythoff_exact.h"
#include "wythoff_plot.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#define TILE_PX 256
#define WINDOW_CELLS 65536u
#define PPOS_TERMS_MAX 1000u
#define COMPARE_LIST_MAX 10000u
#define TILECACHE_MAX 512
#define EXACT_PER_THREAD 8
#define NJOBS 64

/* Requests.  REQUEST_MAX: the bytes of the request line and headers, and
 * the digits of a number.  POOL_BYTES: libmicrohttpd's memory per
 * connection, twice REQUEST_MAX, so that a request somewhat over the limit
 * still reaches the handler, which answers 414 or 431 as JSON (a larger
 * pool costs time on every request: libmicrohttpd maps pools above 32 KiB
 * and clears the whole pool between requests).  MAXARGS: parameters; a
 * query with more is not handed to libmicrohttpd's parser at all
 * (uri_logged), since its records (about 64 bytes a parameter) would
 * overflow the pool. */
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

/* ------------------------------------------------------------------ */
/* The server's settings and state                                     */
/* ------------------------------------------------------------------ */

static struct {
    uint64_t mem_limit;      /* per request, and the table cache's budget */
    unsigned timeout_s;
    unsigned threads;        /* engine threads per computation of the slow pool */
    unsigned pool;           /* the quick pool's workers */
    unsigned slow;           /* the slow pool's workers */
    uint32_t table_side;     /* the largest table side tiles are cut from */
    int quiet;
    char cache_dir[4096];    /* the exact engine's strips ("" none) */
} S;

static atomic_int stopping;

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* ------------------------------------------------------------------ */
/* Jobs: the progress of named requests (the progress endpoint)        */
/* ------------------------------------------------------------------ */

static pthread_mutex_t jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char name[33];
    int running;
    uint64_t done, total, started;
} jobs[NJOBS];

static int job_valid(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n > 32)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

/* A slot for job name (the oldest finished one is reused); -1 when all 64
 * are running. */
static int job_start(const char *name)
{
    pthread_mutex_lock(&jobs_lock);
    int slot = -1;
    for (int i = 0; i < NJOBS && slot < 0; i++)
        if (strcmp(jobs[i].name, name) == 0 && !jobs[i].running)
            slot = i;
    for (int i = 0; i < NJOBS; i++)
        if (slot < 0 && !jobs[i].running && (slot < 0 || jobs[i].started < jobs[slot].started))
            slot = i;
    if (slot >= 0) {
        snprintf(jobs[slot].name, sizeof jobs[slot].name, "%s", name);
        jobs[slot].running = 1;
        jobs[slot].done = jobs[slot].total = 0;
        jobs[slot].started = now_ms();
    }
    pthread_mutex_unlock(&jobs_lock);
    return slot;
}

static void job_end(int slot)
{
    if (slot < 0)
        return;
    pthread_mutex_lock(&jobs_lock);
    jobs[slot].running = 0;
    pthread_mutex_unlock(&jobs_lock);
}

/* ------------------------------------------------------------------ */
/* A request                                                           */
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
    int job;               /* jobs[] slot or -1 */
    int checked;           /* args_check done (once, whatever the pool) */
    uint64_t deadline;     /* ms (now_ms clock) */
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
    char err[WY_ERRLEN];
} req;

/* This thread's processor time in microseconds. */
static uint64_t cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static int req_progress(void *ctx, uint64_t done, uint64_t total)
{
    req *r = ctx;
    if (r->job >= 0) {
        pthread_mutex_lock(&jobs_lock);
        jobs[r->job].done = done;
        jobs[r->job].total = total;
        pthread_mutex_unlock(&jobs_lock);
    }
    if (atomic_load(&stopping))
        return 1;
    if (now_ms() > r->deadline) {
        r->timed_out = 1;
        return 1;
    }
    /* the quick pool runs one engine thread, the worker's own: its
     * processor time is the request's (not the wall clock's time, which a
     * loaded machine stretches) */
    if (r->pool == POOL_QUICK && (r->demote || cpu_us() - r->cpu0 > (uint64_t)QUICK_CPU_MS * 1000u)) {
        r->demote = 1;
        return 1;
    }
    return 0;
}

/* The engines' threads: one in the quick pool, all in the slow one. */
static wy_run req_run(req *r)
{
    wy_run run = {r->pool == POOL_QUICK ? 1 : S.threads, req_progress, r, 0};
    return run;
}

static int body_open(req *r)
{
    r->mem = open_memstream(&r->body, &r->len);
    if (!r->mem)
        return 0;
    cli_out_open(&r->o, r->mem);
    return 1;
}

/* Drop the answer written so far. */
static void body_drop(req *r)
{
    if (r->mem) {
        cli_out_close(&r->o);
        fclose(r->mem);
        r->mem = NULL;
    }
    free(r->body);
    r->body = NULL;
    r->len = 0;
}

/* An error answer: {"error": MESSAGE, "status": exit code}. */
static int fail(req *r, int http, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int fail(req *r, int http, int code, const char *fmt, ...)
{
    char msg[WY_ERRLEN + 128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* a quoted text cut by a length limit may end inside a character */
    serve_utf8_fix(msg);
    body_drop(r);
    if (!body_open(r))
        return -1;
    cli_out_str(&r->o, "{\"error\":");
    cli_out_json_str(&r->o, msg);
    cli_out_fmt(&r->o, ",\"status\":%d}\n", code);
    r->http = http;
    r->type = "application/json";
    r->cacheable = 0;
    return -1;
}

/* The answer to a library status (not WY_OK). */
static int fail_status(req *r, wy_status st, const char *err)
{
    switch (st) {
    case WY_EINVAL:
        return fail(r, 400, 2, "%s", err);
    case WY_ERANGE:
        return fail(r, 507, 3, "%s", err);
    case WY_EUNDECIDED:
        return fail(r, 422, 6, "%s", err);
    case WY_ECANCELED:
        if (atomic_load(&stopping))
            return fail(r, 503, 130, "cancelled: the server is stopping");
        if (r->demote) /* not an answer: the request runs again in the slow pool */
            return fail(r, 503, 130, "moved to the slow pool");
        return fail(r, 503, 130, "stopped after %u s (the server's --timeout)", S.timeout_s);
    default:
        return fail(r, 500, 4, "internal error: %s", err);
    }
}

static const char *arg(const req *r, const char *name)
{
    for (int i = 0; i < r->nargs; i++)
        if (strcmp(r->key[i], name) == 0)
            return r->val[i];
    return NULL;
}

static int arg_known(const char *allowed, const char *key)
{
    size_t n = strlen(key);
    for (const char *p = allowed; *p;) {
        size_t m = strcspn(p, ",");
        if (m == n && strncmp(p, key, n) == 0)
            return 1;
        p += m + (p[m] == ',');
    }
    return 0;
}

/* Copy one query argument into the request (on libmicrohttpd's thread,
 * before the request goes to a worker).  Sizes given: a NUL byte (%00)
 * inside a name or value shows as a size beyond its string. */
static enum MHD_Result arg_copy(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                const char *value, size_t value_size)
{
    (void)kind;
    req *r = cls;
    r->nparams++;
    if (!value)
        value = "", value_size = 0;
    if (r->wrong)
        return MHD_YES;
    const int key_ok = strlen(key) == key_size && serve_utf8_valid(key, key_size);
    if (!key_ok || strlen(value) != value_size || !serve_utf8_valid(value, value_size)) {
        r->wrong = !key_ok ? (strlen(key) != key_size ? "a parameter's name holds a NUL byte (%00)"
                                                      : "a parameter's name is not valid UTF-8")
                   : strlen(value) != value_size ? "holds a NUL byte (%00)"
                                                 : "is not valid UTF-8";
        if (key_ok)
            snprintf(r->wrong_key, sizeof r->wrong_key, "%.40s", key);
        return MHD_YES;
    }
    if (!arg_known(r->allowed, key)) {
        if (!r->bad[0])
            snprintf(r->bad, sizeof r->bad, "%.40s", key);
        return MHD_YES;
    }
    if (arg(r, key)) {
        if (!r->twice[0])
            snprintf(r->twice, sizeof r->twice, "%.40s", key);
        return MHD_YES;
    }
    if (r->nargs == MAXARGS)
        return MHD_YES;
    r->key[r->nargs] = strdup(key);
    r->val[r->nargs] = strdup(value);
    r->nargs++;
    return MHD_YES;
}

static void args_free(req *r)
{
    for (int i = 0; i < r->nargs; i++) {
        free(r->key[i]);
        free(r->val[i]);
    }
    r->nargs = 0;
}

/* The query as copied: no NUL byte, UTF-8, every parameter one the
 * endpoint knows, none twice (on libmicrohttpd's thread: errors answered
 * there). */
static int args_valid(req *r)
{
    for (int i = 0; i < r->nargs; i++)
        if (!r->key[i] || !r->val[i])
            return fail(r, 507, 3, "out of memory");
    if (r->wrong)
        return r->wrong_key[0] ? fail(r, 400, 2, "parameter '%s' %s", r->wrong_key, r->wrong)
                               : fail(r, 400, 2, "%s", r->wrong);
    if (r->bad[0])
        return fail(r, 400, 2, "unknown parameter '%s' (this endpoint takes %s)", r->bad,
                    r->allowed[0] ? r->allowed : "none");
    if (r->twice[0])
        return fail(r, 400, 2, "parameter '%s' given more than once", r->twice);
    const char *j = arg(r, "job");
    if (j && strcmp(r->allowed, "job") != 0 && !job_valid(j)) /* not the progress endpoint itself */
        return fail(r, 400, 2, "bad job name (1 to 32 of A-Z a-z 0-9 _ -)");
    return 0;
}

/* The request's job registered for the progress endpoint (once). */
static void args_check(req *r)
{
    if (r->checked)
        return;
    r->checked = 1;
    const char *j = arg(r, "job");
    if (j && strcmp(r->allowed, "job") != 0)
        r->job = job_start(j);
}

/* A number parameter: a size of at most max (default dflt when absent). */
static int arg_u64(req *r, const char *name, uint64_t *out, uint64_t dflt, uint64_t min, uint64_t max)
{
    const char *s = arg(r, name);
    char err[WY_ERRLEN];
    if (!s) {
        *out = dflt;
        return 0;
    }
    if (!cli_num_u64(out, s, name, UINT64_MAX >> 1, err, sizeof err))
        return fail(r, 400, 2, "%s", err);
    if (*out < min || *out > max)
        return fail(r, 400, 2, "%s %.40s out of range (%llu to %llu)", name, s, (unsigned long long)min,
                    (unsigned long long)max);
    return 0;
}

static int arg_big(req *r, const char *name, mpz_t out)
{
    const char *s = arg(r, name);
    char err[WY_ERRLEN];
    if (!s)
        return fail(r, 400, 2, "missing parameter '%s'", name);
    if (!cli_num_big(out, s, name, err, sizeof err))
        return fail(r, 400, 2, "%s", err);
    return 0;
}

/* A ruleset parameter (spaces read as '+': a '+' left unescaped in a query
 * arrives as a space) and the side state of pass= and heap=. */
static int arg_game(req *r, const char *name, cli_game *g, int side_args)
{
    const char *s = arg(r, name);
    char err[WY_ERRLEN], text[256];
    if (!s)
        return fail(r, 400, 2, "missing parameter '%s' (a ruleset, e.g. wythoff+pass)", name);
    snprintf(text, sizeof text, "%s", s);
    if (strlen(s) >= sizeof text)
        return fail(r, 400, 2, "%s: ruleset too long", name);
    for (char *p = text; *p; p++)
        if (*p == ' ')
            *p = '+';
    if (wy_rules_parse(&g->rules, text, err, sizeof err) != WY_OK)
        return fail(r, 400, 2, "%s", err);
    wy_rules_format(g->text, sizeof g->text, &g->rules);
    g->side = wy_side_start(&g->rules);
    if (!side_args)
        return 0;
    for (int which = 0; which < 2; which++) {
        const char *v = arg(r, which ? "heap" : "pass");
        if (!v)
            continue;
        const uint32_t most = which ? g->rules.heap : g->rules.passes;
        if (!most)
            return which ? fail(r, 400, 2, "heap given, but ruleset '%s' has no extra heap (add +heap=H)", g->text)
                         : fail(r, 400, 2, "pass given, but ruleset '%s' has no pass (add +pass)", g->text);
        uint64_t n;
        if (!cli_num_u64(&n, v, which ? "heap" : "pass", UINT64_MAX >> 1, err, sizeof err))
            return fail(r, 400, 2, "%s", err);
        if (n > most)
            return which ? fail(r, 400, 2, "heap %.40s is more than the ruleset's heap=%u", v, most)
                         : fail(r, 400, 2, "pass %.40s is more than the ruleset's %u pass%s", v, most,
                                most == 1 ? "" : "es");
        if (which)
            g->side.heap = (uint32_t)n;
        else
            g->side.pass = (uint32_t)n;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Exact evaluators, one set per pool thread                           */
/* ------------------------------------------------------------------ */

typedef struct {
    char text[128];
    wy_exact *e;
    uint64_t used;
    int cached;     /* the evaluator uses the disk cache */
} exact_slot;
typedef struct {
    exact_slot s[EXACT_PER_THREAD];
    uint64_t tick;
} exact_cache;

static pthread_key_t exact_key;

static void exact_cache_free(void *p)
{
    exact_cache *c = p;
    for (int i = 0; i < EXACT_PER_THREAD; i++)
        wy_exact_free(c->s[i].e);
    free(c);
}

/* The rulesets whose evaluators keep their proofs in the disk cache (and
 * read them back), each with the client address that brought it: at most
 * CACHE_RULESETS, at most CACHE_PER_CLIENT of them brought by one address,
 * so that clients cannot make the server write any number of files (each
 * ruleset writes at most one file per 8 rows of its strips up to row 255,
 * docs/exact.md). */
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char text[128];
    char client[48];
} cache_reg[CACHE_RULESETS];
static int cache_n;

/* 1: the evaluators of ruleset text may use the disk cache (registered now
 * for client if it was not yet and the limits allow). */
static int cache_use(const char *text, const char *client)
{
    if (!S.cache_dir[0])
        return 0;
    int yes = 0, mine = 0;
    pthread_mutex_lock(&cache_lock);
    for (int i = 0; i < cache_n && !yes; i++) {
        yes = strcmp(cache_reg[i].text, text) == 0;
        mine += strcmp(cache_reg[i].client, client) == 0;
    }
    if (!yes && cache_n < CACHE_RULESETS && mine < CACHE_PER_CLIENT) {
        snprintf(cache_reg[cache_n].text, sizeof cache_reg[cache_n].text, "%s", text);
        snprintf(cache_reg[cache_n].client, sizeof cache_reg[cache_n].client, "%s", client);
        cache_n++;
        yes = 1;
    }
    pthread_mutex_unlock(&cache_lock);
    return yes;
}

/* This thread's evaluator of g's ruleset, with r's run set (progress and
 * deadline); NULL with the answer set on failure. */
static wy_exact *exact_for(req *r, const cli_game *g, const wy_run *run)
{
    exact_cache *c = pthread_getspecific(exact_key);
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c || pthread_setspecific(exact_key, c) != 0) {
            free(c);
            fail(r, 507, 3, "out of memory");
            return NULL;
        }
    }
    int k = -1;
    for (int i = 0; i < EXACT_PER_THREAD; i++)
        if (c->s[i].e && strcmp(c->s[i].text, g->text) == 0)
            k = i;
    if (k < 0) {
        k = 0;
        for (int i = 1; i < EXACT_PER_THREAD; i++)
            if (c->s[i].used < c->s[k].used)
                k = i;
        wy_exact_free(c->s[k].e);
        c->s[k].e = NULL;
        char err[WY_ERRLEN];
        wy_status st = wy_exact_new_run(&c->s[k].e, &g->rules, S.mem_limit, run, err, sizeof err);
        if (st != WY_OK) {
            c->s[k].e = NULL;
            fail_status(r, st, err);
            return NULL;
        }
        c->s[k].cached = 0;
        snprintf(c->s[k].text, sizeof c->s[k].text, "%s", g->text);
    }
    const int cached = cache_use(g->text, r->client);
    if (cached != c->s[k].cached) {
        wy_exact_set_cache(c->s[k].e, cached ? S.cache_dir : NULL);
        c->s[k].cached = cached;
    }
    c->s[k].used = ++c->tick;
    wy_exact_set_run(c->s[k].e, run);
    return c->s[k].e;
}

static void exact_done(wy_exact *e)
{
    if (e)
        wy_exact_set_run(e, NULL);
}

/* ------------------------------------------------------------------ */
/* Tables for tiles and windows                                        */
/* ------------------------------------------------------------------ */

typedef struct tabent {
    struct tabent *next;
    char key[160];
    uint32_t side_len;
    wy_table *t;
    uint64_t bytes, used;
    int refs;
    int computing;
} tabent;

static pthread_mutex_t tab_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t tab_cond = PTHREAD_COND_INITIALIZER;
static tabent *tabs;
static uint64_t tab_bytes, tab_tick;

static void tab_key(char *key, size_t n, const cli_game *g)
{
    snprintf(key, n, "%s|%u|%u", g->text, g->side.pass, g->side.heap);
}

/* Drop unreferenced tables, least recently used first, until the cache
 * and `extra` bytes fit in the budget.  Under tab_lock. */
static void tab_evict(uint64_t extra)
{
    while (tab_bytes + extra > S.mem_limit) {
        tabent **best = NULL;
        for (tabent **p = &tabs; *p; p = &(*p)->next)
            if (!(*p)->refs && !(*p)->computing && (!best || (*p)->used < (*best)->used))
                best = p;
        if (!best)
            return;
        tabent *e = *best;
        *best = e->next;
        tab_bytes -= e->bytes;
        wy_table_free(e->t);
        free(e);
    }
}

/* The side of the table that holds positions below `need` on both axes:
 * the smallest power of two at least 1024 (at most table_side). */
static uint32_t tab_side_for(uint64_t need)
{
    uint64_t s = 1024;
    while (s < need && s < S.table_side)
        s *= 2;
    return (uint32_t)(s > S.table_side ? S.table_side : s);
}

/* A table of g holding 0 <= x, y < need, referenced (tab_release it).
 * NULL with the answer set on failure. */
static tabent *tab_get(req *r, const cli_game *g, uint64_t need)
{
    char key[160], err[WY_ERRLEN];
    tab_key(key, sizeof key, g);
    if (need > S.table_side) {
        fail(r, 400, 2, "beyond the tables of this server: positions up to %u a side (--mem-limit sets it)",
             S.table_side);
        return NULL;
    }
    const uint32_t side = tab_side_for(need);
    pthread_mutex_lock(&tab_lock);
    for (;;) {
        tabent *hit = NULL, *busy = NULL;
        for (tabent *e = tabs; e; e = e->next)
            if (strcmp(e->key, key) == 0) {
                if (e->computing)
                    busy = e;
                else if (e->side_len >= need)
                    hit = e;
            }
        if (hit) {
            hit->refs++;
            hit->used = ++tab_tick;
            pthread_mutex_unlock(&tab_lock);
            return hit;
        }
        if (!busy)
            break;
        /* another request computes this ruleset's table: wait for it, in
         * the slow pool (a wait takes no processor time) */
        if (r->pool == POOL_QUICK) {
            r->demote = 1;
            pthread_mutex_unlock(&tab_lock);
            fail_status(r, WY_ECANCELED, "");
            return NULL;
        }
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 200 * 1000000L;
        if (ts.tv_nsec >= 1000000000L)
            ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&tab_cond, &tab_lock, &ts);
        if (req_progress(r, 0, 0)) {
            pthread_mutex_unlock(&tab_lock);
            fail_status(r, WY_ECANCELED, "");
            return NULL;
        }
    }
    wy_run run = req_run(r);
    const uint64_t est = wy_table_estimate_run(&g->rules, side, side, g->side, WY_LAYOUT_AUTO, &run);
    /* over the limit, wy_table_compute_run refuses before allocating, with
     * the words of `wythoff table RULES --size SIDE --mem-limit LIMIT` */
    tabent *e = calloc(1, sizeof *e);
    if (!e) {
        pthread_mutex_unlock(&tab_lock);
        fail(r, 507, 3, "out of memory");
        return NULL;
    }
    snprintf(e->key, sizeof e->key, "%s", key);
    e->side_len = side;
    e->computing = 1;
    e->refs = 1;
    e->next = tabs;
    tabs = e;
    tab_evict(est);
    pthread_mutex_unlock(&tab_lock);

    wy_status st = wy_table_compute_run(&e->t, &g->rules, side, side, g->side, S.mem_limit, WY_LAYOUT_AUTO, &run,
                                        err, sizeof err);
    pthread_mutex_lock(&tab_lock);
    e->computing = 0;
    if (st != WY_OK) {
        for (tabent **p = &tabs; *p; p = &(*p)->next)
            if (*p == e) {
                *p = e->next;
                break;
            }
        free(e);
        pthread_cond_broadcast(&tab_cond);
        pthread_mutex_unlock(&tab_lock);
        fail_status(r, st, err);
        return NULL;
    }
    e->bytes = est;
    tab_bytes += est;
    e->used = ++tab_tick;
    /* smaller tables of the same ruleset are now redundant */
    for (tabent **p = &tabs; *p;) {
        tabent *o = *p;
        if (o != e && !o->refs && !o->computing && strcmp(o->key, key) == 0 && o->side_len <= side) {
            *p = o->next;
            tab_bytes -= o->bytes;
            wy_table_free(o->t);
            free(o);
        } else {
            p = &o->next;
        }
    }
    pthread_cond_broadcast(&tab_cond);
    pthread_mutex_unlock(&tab_lock);
    return e;
}

static void tab_release(tabent *e)
{
    if (!e)
        return;
    pthread_mutex_lock(&tab_lock);
    e->refs--;
    tab_evict(0);
    pthread_mutex_unlock(&tab_lock);
}

static void tab_free_all(void)
{
    while (tabs) {
        tabent *e = tabs;
        tabs = e->next;
        wy_table_free(e->t);
        free(e);
    }
    tab_bytes = 0;
}

/* ------------------------------------------------------------------ */
/* Rendered tiles                                                      */
/* ------------------------------------------------------------------ */

static pthread_mutex_t tile_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char *key;
    unsigned char *png;
    size_t len;
    uint64_t used;
} tiles[TILECACHE_MAX];
static uint64_t tile_tick;

/* A copy of the cached tile for key (malloc'ed), or NULL. */
static unsigned char *tile_lookup(const char *key, size_t *len)
{
    unsigned char *out = NULL;
    pthread_mutex_lock(&tile_lock);
    for (int i = 0; i < TILECACHE_MAX; i++)
        if (tiles[i].key && strcmp(tiles[i].key, key) == 0) {
            out = malloc(tiles[i].len);
            if (out) {
                memcpy(out, tiles[i].png, tiles[i].len);
                *len = tiles[i].len;
            }
            tiles[i].used = ++tile_tick;
            break;
        }
    pthread_mutex_unlock(&tile_lock);
    return out;
}

static void tile_store(const char *key, const unsigned char *png, size_t len)
{
    char *k = strdup(key);
    unsigned char *p = malloc(len);
    if (!k || !p) {
        free(k);
        free(p);
        return;
    }
    memcpy(p, png, len);
    pthread_mutex_lock(&tile_lock);
    int slot = 0;
    for (int i = 0; i < TILECACHE_MAX; i++) {
        if (!tiles[i].key) {
            slot = i;
            break;
        }
        if (tiles[i].used < tiles[slot].used)
            slot = i;
    }
    free(tiles[slot].key);
    free(tiles[slot].png);
    tiles[slot].key = k;
    tiles[slot].png = p;
    tiles[slot].len = len;
    tiles[slot].used = ++tile_tick;
    pthread_mutex_unlock(&tile_lock);
}

static void tile_free_all(void)
{
    for (int i = 0; i < TILECACHE_MAX; i++) {
        free(tiles[i].key);
        free(tiles[i].png);
        tiles[i].key = NULL;
        tiles[i].png = NULL;
    }
}

static int mem_write(void *ctx, const void *data, size_t len)
{
    req *r = ctx;
    return fwrite(data, 1, len, r->mem) == len ? 0 : 1;
}

/* ------------------------------------------------------------------ */
/* Endpoints                                                           */
/* ------------------------------------------------------------------ */

static int ep_info(req *r)
{
    char a[32];
    wy_format_bytes(a, sizeof a, S.mem_limit);
    cli_out_fmt(&r->o,
                "{\"version\":\"%s\",\"limits\":{\"mem_limit\":%llu,\"mem_limit_text\":\"%s\",\"timeout\":%u,"
                "\"threads\":%u,\"slow_threads\":%u,\"slow_queue\":%u,\"tile\":%d,\"table_side\":%u,"
                "\"window_cells\":%u,\"ppos_terms\":%u,\"request_bytes\":%u,\"parameters\":%d,\"digits\":%u,"
                "\"connections\":%u,\"connections_per_address\":%u,\"cache_rulesets\":%d,"
                "\"cache_rulesets_per_address\":%d}}\n",
                wy_version(), (unsigned long long)S.mem_limit, a, S.timeout_s, S.pool, S.slow, SLOW_QUEUE_MAX,
                TILE_PX, S.table_side, WINDOW_CELLS, PPOS_TERMS_MAX, REQUEST_MAX, MAXARGS, REQUEST_MAX, CONN_MAX,
                CONN_PER_IP, S.cache_dir[0] ? CACHE_RULESETS : 0, S.cache_dir[0] ? CACHE_PER_CLIENT : 0);
    return 0;
}

static int ep_rules(req *r)
{
    cli_game g;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    const wy_rules *u = &g.rules;
    wy_side st = wy_side_start(u);
    cli_out_str(&r->o, "{\"rules\":");
    cli_out_json_str(&r->o, g.text);
    cli_out_fmt(&r->o, ",\"game\":\"%s\",\"passes\":%u,\"heap\":%u,\"max\":%u,\"mod\":%u,\"terminal\":",
                u->game == WY_GAME_NIM ? "nim" : "wythoff", u->passes, u->heap, u->max, u->mod);
    if (u->has_terminal)
        cli_out_fmt(&r->o, "%u", u->terminal);
    else
        cli_out_str(&r->o, "null");
    cli_out_fmt(&r->o, ",\"misere\":%s,\"start\":{\"pass\":%u,\"heap\":%u},\"side\":{\"pass\":%u,\"heap\":%u}}\n",
                u->misere ? "true" : "false", st.pass, st.heap, g.side.pass, g.side.heap);
    return 0;
}

/* The engine's move as the engine endpoint answers it. */
static void engine_out(req *r, const cli_game *g, const mpz_t x, const mpz_t y, const wy_bigmove *mv, int has,
                       int winning, int decided, const char *method, const char *why)
{
    cli_out_char(&r->o, '{');
    cli_out_json_game(&r->o, g);
    cli_out_str(&r->o, ",\"x\":");
    cli_out_json_big(&r->o, x);
    cli_out_str(&r->o, ",\"y\":");
    cli_out_json_big(&r->o, y);
    cli_out_str(&r->o, ",\"move\":");
    if (has) {
        cli_json_move_head(&r->o, &g->rules, mv->kind, mv->x, mv->y, mv->side);
        cli_out_char(&r->o, '}');
    } else {
        cli_out_str(&r->o, "null");
    }
    /* no move: lost in normal play, won in misere play */
    const char *outcome = !has ? (g->rules.misere ? "\"N\"" : "\"P\"") : !decided ? "null" : winning ? "\"N\"" : "\"P\"";
    cli_out_fmt(&r->o, ",\"winning\":%s,\"decided\":%s,\"outcome\":%s,\"method\":", winning ? "true" : "false",
                decided ? "true" : "false", outcome);
    cli_out_json_str(&r->o, method ? method : "");
    if (!decided) {
        cli_out_str(&r->o, ",\"why\":");
        cli_out_json_str(&r->o, why);
    }
    cli_out_str(&r->o, "}\n");
}

enum { POS_VALUE, POS_MOVES, POS_ENGINE };

/* The value, moves and engine endpoints: one position, by this worker's
 * evaluator of the ruleset; the answers are the command line's. */
static int ep_position(req *r, int what)
{
    cli_game g;
    uint64_t seed = 1;
    if (arg_game(r, "rules", &g, 1) || (what == POS_ENGINE && arg_u64(r, "seed", &seed, 1, 0, UINT64_MAX >> 1)))
        return -1;
    wy_eval_item it;
    wy_eval_item_init(&it);
    wy_options op;
    wy_options_init(&op);
    wy_bigmove mv;
    mpz_inits(mv.x, mv.y, NULL);
    int rc = -1;
    wy_run run = req_run(r);
    wy_exact *e = NULL;
    if (!arg_big(r, "x", it.x) && !arg_big(r, "y", it.y) && (e = exact_for(r, &g, &run))) {
        char err[WY_ERRLEN];
        wy_status st;
        int has = 0, winning = 0;
        const char *method = "";
        if (what == POS_VALUE)
            st = wy_eval(e, &it.ans, it.x, it.y, g.side, &run, err, sizeof err);
        else if (what == POS_MOVES)
            st = wy_eval_options(e, &op, it.x, it.y, g.side, &run, err, sizeof err);
        else
            st = cli_engine_move(e, &g, it.x, it.y, g.side, seed, &run, &mv, &has, &winning, &method, err,
                                 sizeof err);
        exact_done(e);
        const int decided = st == WY_OK;
        if (what == POS_ENGINE && st == WY_EUNDECIDED && has) /* a fallback move, said to be one */
            st = WY_OK;
        if (st != WY_OK)
            fail_status(r, st, err);
        else if (what == POS_VALUE)
            cli_value_out(&r->o, &g, &it, 1);
        else if (what == POS_MOVES)
            cli_moves_out(&r->o, &g, &op, it.x, it.y, 1);
        else
            engine_out(r, &g, it.x, it.y, &mv, has, winning, decided, method, err);
        rc = st == WY_OK ? 0 : -1;
    }
    mpz_clears(mv.x, mv.y, NULL);
    wy_options_clear(&op);
    wy_eval_item_clear(&it);
    return rc;
}

static int ep_value(req *r) { return ep_position(r, POS_VALUE); }
static int ep_moves(req *r) { return ep_position(r, POS_MOVES); }
static int ep_engine(req *r) { return ep_position(r, POS_ENGINE); }

static int ep_table(req *r)
{
    cli_game g;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    uint64_t x0, y0, rows, cols;
    if (arg_u64(r, "x0", &x0, 0, 0, UINT32_MAX) || arg_u64(r, "y0", &y0, 0, 0, UINT32_MAX) ||
        arg_u64(r, "rows", &rows, 16, 1, WINDOW_CELLS) || arg_u64(r, "cols", &cols, 16, 1, WINDOW_CELLS))
        return -1;
    if (rows * cols > WINDOW_CELLS)
        return fail(r, 400, 2, "a window of %llu x %llu cells is more than %u", (unsigned long long)rows,
                    (unsigned long long)cols, WINDOW_CELLS);
    uint64_t need = x0 + rows > y0 + cols ? x0 + rows : y0 + cols;
    tabent *e = tab_get(r, &g, need);
    if (!e)
        return -1;
    cli_out_str(&r->o, "{\"rules\":");
    cli_out_json_str(&r->o, g.text);
    cli_out_fmt(&r->o, ",\"x0\":%llu,\"y0\":%llu,\"rows\":%llu,\"cols\":%llu,\"values\":[",
                (unsigned long long)x0, (unsigned long long)y0, (unsigned long long)rows,
                (unsigned long long)cols);
    for (uint64_t i = 0; i < rows; i++) {
        cli_out_str(&r->o, i ? ",\n[" : "\n[");
        for (uint64_t j = 0; j < cols; j++)
            cli_out_fmt(&r->o, j ? ",%u" : "%u",
                        wy_table_get(e->t, (uint32_t)(x0 + i), (uint32_t)(y0 + j), g.side));
        cli_out_char(&r->o, ']');
    }
    cli_out_str(&r->o, "]}\n");
    tab_release(e);
    return 0;
}

static int ep_ppos(req *r)
{
    cli_game g;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    uint64_t value, terms;
    if (arg_u64(r, "value", &value, 0, 0, UINT32_MAX) || arg_u64(r, "terms", &terms, 20, 1, PPOS_TERMS_MAX))
        return -1;
    mpz_t from;
    mpz_init(from);
    if (arg(r, "from") && arg_big(r, "from", from)) {
        mpz_clear(from);
        return -1;
    }
    mpz_t *a = malloc(terms * sizeof *a), *b = malloc(terms * sizeof *b), *ix = malloc(terms * sizeof *ix);
    if (!a || !b || !ix) {
        free(a), free(b), free(ix);
        mpz_clear(from);
        return fail(r, 507, 3, "out of memory");
    }
    for (uint64_t i = 0; i < terms; i++)
        mpz_inits(a[i], b[i], ix[i], NULL);
    int rc = -1;
    wy_run run = req_run(r);
    wy_exact *e = exact_for(r, &g, &run);
    if (e) {
        char err[WY_ERRLEN];
        size_t got = 0;
        wy_status st = wy_eval_ppos(e, a, b, ix, terms, &got, from, g.side, value, &run, err, sizeof err);
        exact_done(e);
        if (st == WY_OK) {
            cli_out_char(&r->o, '{');
            cli_out_json_game(&r->o, &g);
            cli_out_fmt(&r->o, ",\"value\":%llu,\"from\":", (unsigned long long)value);
            cli_out_json_big(&r->o, from);
            cli_out_str(&r->o, ",\"positions\":[");
            for (size_t i = 0; i < got; i++) {
                cli_out_str(&r->o, i ? ",[" : "[");
                cli_out_json_big(&r->o, a[i]);
                cli_out_char(&r->o, ',');
                cli_out_json_big(&r->o, b[i]);
                cli_out_char(&r->o, ']');
            }
            cli_out_str(&r->o, "],\"index\":[");
            for (size_t i = 0; i < got; i++) {
                if (i)
                    cli_out_char(&r->o, ',');
                if (mpz_sgn(ix[i]) < 0)
                    cli_out_str(&r->o, "null");
                else
                    cli_out_json_big(&r->o, ix[i]);
            }
            cli_out_str(&r->o, "]}\n");
            rc = 0;
        } else {
            fail_status(r, st, err);
        }
    }
    for (uint64_t i = 0; i < terms; i++)
        mpz_clears(a[i], b[i], ix[i], NULL);
    free(a), free(b), free(ix);
    mpz_clear(from);
    return rc;
}

typedef struct {
    req *r;
    uint64_t n, limit;
} cmp_ctx;

static int cmp_fn(void *ctx, uint32_t x, uint32_t y, uint32_t va, uint32_t vb)
{
    cmp_ctx *c = ctx;
    if (c->n < c->limit) {
        cli_out_fmt(&c->r->o, "%s[%u,%u,", c->n ? "," : "", x, y);
        if (va == WY_COMPARE_OTHER)
            cli_out_str(&c->r->o, "null,");
        else
            cli_out_fmt(&c->r->o, "%u,", va);
        if (vb == WY_COMPARE_OTHER)
            cli_out_str(&c->r->o, "null]");
        else
            cli_out_fmt(&c->r->o, "%u]", vb);
    }
    c->n++;
    return 0;
}

static int ep_compare(req *r)
{
    cli_game ga, gb;
    if (arg_game(r, "a", &ga, 0) || arg_game(r, "b", &gb, 0))
        return -1;
    uint64_t size, limit, outcome, value;
    if (arg_u64(r, "size", &size, 64, 1, UINT32_MAX) || arg_u64(r, "limit", &limit, 100, 0, COMPARE_LIST_MAX) ||
        arg_u64(r, "outcome", &outcome, 0, 0, 1) || arg_u64(r, "value", &value, 0, 0, UINT32_MAX))
        return -1;
    if (arg(r, "value"))
        outcome = 1;
    wy_compare_side a = {&ga.rules, ga.side, NULL, 0}, b = {&gb.rules, gb.side, NULL, 0};
    wy_compare_opts opt = {outcome ? WY_COMPARE_SET : WY_COMPARE_VALUES, (uint32_t)value, (uint32_t)size,
                           (uint32_t)size, WY_COMPARE_AUTO, S.mem_limit};
    cli_out_str(&r->o, "{\"a\":");
    cli_out_json_str(&r->o, ga.text);
    cli_out_str(&r->o, ",\"b\":");
    cli_out_json_str(&r->o, gb.text);
    cli_out_fmt(&r->o, ",\"size\":%llu,\"outcome\":%s,\"value\":%llu,\"positions\":[", (unsigned long long)size,
                outcome ? "true" : "false", (unsigned long long)value);
    wy_compare_summary sum;
    cmp_ctx cc = {r, 0, limit};
    char err[WY_ERRLEN];
    wy_run run = req_run(r);
    wy_status st = wy_compare(&sum, &a, &b, &opt, &run, cmp_fn, &cc, err, sizeof err);
    if (st != WY_OK)
        return fail_status(r, st, err);
    cli_out_fmt(&r->o, "],\"differences\":%llu,\"listed\":%llu}\n", (unsigned long long)sum.count,
                (unsigned long long)(cc.n < limit ? cc.n : limit));
    return 0;
}

static int ep_period(req *r)
{
    cli_game g;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    uint64_t rows, maxc;
    if (arg_u64(r, "rows", &rows, 16, 1, 4096) || arg_u64(r, "max_cols", &maxc, (uint64_t)1 << 22, 64, UINT32_MAX))
        return -1;
    if (g.rules.heap || g.rules.mod)
        return fail(r, 400, 2, "period covers rulesets without heap=H and mod=M (got '%s')", g.text);
    wy_row_periods rp;
    char err[WY_ERRLEN];
    wy_run run = req_run(r);
    wy_status st = wy_row_periods_compute_run(&rp, &g.rules, (uint32_t)rows, maxc, S.mem_limit, &run, err,
                                              sizeof err);
    if (st != WY_OK)
        return fail_status(r, st, err);
    cli_period_json(&r->o, &g, &rp);
    wy_row_periods_clear(&rp);
    return 0;
}

static int ep_claims(req *r)
{
    cli_out_str(&r->o, "{\"claims\":[");
    for (size_t i = 0; i < wy_claim_count(); i++) {
        const wy_claim_info *in = wy_claim_get(i);
        cli_out_str(&r->o, i ? ",\n{\"id\":" : "\n{\"id\":");
        cli_out_json_str(&r->o, in->id);
        cli_out_str(&r->o, ",\"source\":");
        cli_out_json_str(&r->o, in->source);
        cli_out_str(&r->o, ",\"statement\":");
        cli_out_json_str(&r->o, in->statement);
        cli_out_str(&r->o, ",\"method\":");
        cli_out_json_str(&r->o, in->method);
        if (in->corrected) {
            cli_out_str(&r->o, ",\"corrected\":");
            cli_out_json_str(&r->o, in->corrected);
        }
        cli_out_fmt(&r->o, ",\"scale\":\"%s\",\"default_limit\":%llu}", wy_scale_name(in->scale),
                    (unsigned long long)in->default_limit);
    }
    cli_out_str(&r->o, "\n]}\n");
    return 0;
}

static int ep_check(req *r)
{
    const char *id = arg(r, "claim");
    if (!id)
        return fail(r, 400, 2, "missing parameter 'claim' (a claim id, e.g. 000.thm2; the claims endpoint lists them)");
    long i = wy_claim_find(id);
    if (i < 0)
        return fail(r, 404, 2, "no claim '%.40s' (the claims endpoint lists them)", id);
    uint64_t limit;
    if (arg_u64(r, "limit", &limit, 0, 0, UINT64_MAX >> 1))
        return -1;
    wy_claim_result res;
    char err[WY_ERRLEN];
    wy_run run = req_run(r);
    uint64_t t0 = now_ms();
    wy_status st = wy_claim_check((size_t)i, limit, S.mem_limit, &run, &res, err, sizeof err);
    if (st != WY_OK)
        return fail_status(r, st, err);
    const wy_claim_info *in = wy_claim_get((size_t)i);
    cli_out_str(&r->o, "{\"id\":");
    cli_out_json_str(&r->o, in->id);
    cli_out_fmt(&r->o, ",\"verdict\":\"%s\",\"source\":", wy_verdict_name(res.verdict));
    cli_out_json_str(&r->o, in->source);
    cli_out_str(&r->o, ",\"range\":");
    cli_out_json_str(&r->o, res.range);
    cli_out_fmt(&r->o, ",\"limit\":%llu,\"ms\":%llu,\"detail\":", (unsigned long long)res.limit,
                (unsigned long long)(now_ms() - t0));
    cli_out_json_str(&r->o, res.detail);
    cli_out_str(&r->o, "}\n");
    return 0;
}

static int ep_progress(req *r)
{
    const char *j = arg(r, "job");
    if (!j || !job_valid(j))
        return fail(r, 400, 2, "missing or bad parameter 'job' (1 to 32 of A-Z a-z 0-9 _ -)");
    int running = 0;
    uint64_t done = 0, total = 0;
    pthread_mutex_lock(&jobs_lock);
    for (int i = 0; i < NJOBS; i++)
        if (strcmp(jobs[i].name, j) == 0) {
            running = jobs[i].running;
            done = jobs[i].done;
            total = jobs[i].total;
            break;
        }
    pthread_mutex_unlock(&jobs_lock);
    cli_out_str(&r->o, "{\"job\":");
    cli_out_json_str(&r->o, j);
    cli_out_fmt(&r->o, ",\"running\":%s,\"done\":%llu,\"total\":%llu}\n", running ? "true" : "false",
                (unsigned long long)done, (unsigned long long)total);
    return 0;
}

static int ep_tile(req *r)
{
    cli_game g, gb;
    if (arg_game(r, "rules", &g, 1))
        return -1;
    const int with_b = arg(r, "b") != NULL;
    if (with_b && arg_game(r, "b", &gb, 0))
        return -1;
    uint64_t tx, ty, vmax;
    const char *zs = arg(r, "z");
    char *end;
    long z = zs ? strtol(zs, &end, 10) : 0;
    if (zs && (*zs == '\0' || *end != '\0' || z < -5 || z > 16))
        return fail(r, 400, 2, "z %.20s out of range (-5 to 16)", zs);
    if (arg_u64(r, "tx", &tx, 0, 0, UINT32_MAX) || arg_u64(r, "ty", &ty, 0, 0, UINT32_MAX) ||
        arg_u64(r, "vmax", &vmax, 0, 1, UINT32_MAX))
        return -1;
    if (!arg(r, "vmax")) /* one scale per zoom: the values of a view about 4 tiles wide */
        vmax = z >= 0 ? (uint64_t)2048 << z : (uint64_t)2048 >> -z;
    /* positions a side */
    const uint64_t span = z >= 0 ? (uint64_t)TILE_PX << z : (uint64_t)TILE_PX >> -z;
    uint64_t need_x = (tx + 1) * span, need_y = (ty + 1) * span;
    uint64_t need = need_x > need_y ? need_x : need_y;
    if (tx * span >= S.table_side || ty * span >= S.table_side)
        return fail(r, 400, 2, "tile beyond the tables of this server (positions up to %u a side)", S.table_side);
    if (need > S.table_side)
        need = S.table_side;
    char key[512];
    snprintf(key, sizeof key, "%s|%u|%u|%s|%ld|%llu|%llu|%llu", g.text, g.side.pass, g.side.heap,
             with_b ? gb.text : "", z, (unsigned long long)tx, (unsigned long long)ty, (unsigned long long)vmax);
    size_t len;
    unsigned char *png = tile_lookup(key, &len);
    r->type = "image/png";
    r->cacheable = 1;
    if (png) {
        fwrite(png, 1, len, r->mem);
        free(png);
        return 0;
    }
    /* drawing reads 4^z positions a pixel and cannot be stopped: from
     * z = 4 on (16 million reads) it is the slow pool's work */
    if (z >= 4 && r->pool == POOL_QUICK) {
        r->demote = 1;
        return fail_status(r, WY_ECANCELED, "");
    }
    tabent *ea = tab_get(r, &g, need), *eb = NULL;
    if (!ea)
        return -1;
    if (with_b && !(eb = tab_get(r, &gb, need))) {
        tab_release(ea);
        return -1;
    }
    wy_tile_spec t = {ea->t, g.side, eb ? eb->t : NULL, with_b ? gb.side : g.side, (int)z, tx, ty, TILE_PX, vmax};
    char err[WY_ERRLEN];
    wy_status st = wy_plot_tile(&t, mem_write, r, err, sizeof err);
    tab_release(ea);
    tab_release(eb);
    if (st != WY_OK)
        return fail_status(r, st, err);
    fflush(r->mem);
    tile_store(key, (const unsigned char *)r->body, r->len);
    return 0;
}

/* The endpoints.  `work`: computes (runs on a worker of the pool); the
 * others answer at once on libmicrohttpd's thread. */
/* The URL prefix of the JSON API; an endpoint's name follows it. */
static const char api_prefix[] = "/api/";

typedef struct {
    const char *name; /* the URL is api_prefix followed by the name */
    int (*fn)(req *r);
    const char *allowed;
    int work;
} endpoint;

static const endpoint endpoints[] = {
    {"info", ep_info, "", 0},
    {"rules", ep_rules, "rules,pass,heap", 0},
    {"value", ep_value, "rules,x,y,pass,heap,job", 1},
    {"moves", ep_moves, "rules,x,y,pass,heap,job", 1},
    {"engine", ep_engine, "rules,x,y,pass,heap,seed,job", 1},
    {"table", ep_table, "rules,x0,y0,rows,cols,pass,heap,job", 1},
    {"ppos", ep_ppos, "rules,value,from,terms,pass,heap,job", 1},
    {"compare", ep_compare, "a,b,size,outcome,value,limit,job", 1},
    {"period", ep_period, "rules,rows,pass,max_cols,job", 1},
    {"claims", ep_claims, "", 0},
    {"check", ep_check, "claim,limit,job", 1},
    {"progress", ep_progress, "job", 0},
    {"tile", ep_tile, "rules,z,tx,ty,b,vmax,pass,heap,job", 1},
};

/* ------------------------------------------------------------------ */
/* libmicrohttpd                                                       */
/* ------------------------------------------------------------------ */

static enum MHD_Result send_answer(struct MHD_Connection *conn, int http, const char *type, const void *data,
                                   size_t len, int cacheable, int page, int retry_after)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(len, (void *)data, MHD_RESPMEM_MUST_COPY);
    if (!resp)
        return MHD_NO;
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, cacheable ? "max-age=3600" : "no-store");
    if (retry_after) {
        char v[16];
        snprintf(v, sizeof v, "%d", retry_after);
        MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, v);
    }
    if (page) {
        MHD_add_response_header(resp, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                                "script-src 'self'; connect-src 'self'; frame-ancestors 'none'");
        MHD_add_response_header(resp, "X-Frame-Options", "DENY");
    }
    enum MHD_Result ret = MHD_queue_response(conn, (unsigned)http, resp);
    MHD_destroy_response(resp);
    return ret;
}

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

static void work_log(work *w, int http)
{
    if (w->logged)
        return;
    w->logged = 1;
    serve_log_request(w->method[0] ? w->method : "-", w->target, http, now_ms() - w->t0,
                      w->r.pool == POOL_SLOW ? "slow pool" : NULL);
}

/* The queues of the two pools, and the workers. */
static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t q_cond[2] = {PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER};
static pthread_cond_t q_gone = PTHREAD_COND_INITIALIZER;
static struct {
    work *head, *tail;
    unsigned waiting, running;
} queues[2];
static int q_closing;          /* set under q_lock when the server stops */
static unsigned workers_alive; /* under q_lock */
static unsigned char *worker_done; /* per worker: it has returned (under q_lock) */

/* Under q_lock. */
static void q_push(int p, work *w)
{
    w->next = NULL;
    if (queues[p].tail)
        queues[p].tail->next = w;
    else
        queues[p].head = w;
    queues[p].tail = w;
    queues[p].waiting++;
    pthread_cond_signal(&q_cond[p]);
}

/* Run the endpoint: the answer lands in w->r, unless the request is to run
 * again in the slow pool (r->demote: its arguments and job kept). */
static void work_run(work *w)
{
    req *r = &w->r;
    body_drop(r);
    r->http = 200;
    r->type = "application/json";
    r->cacheable = 0;
    r->demote = 0;
    r->timed_out = 0;
    if (!body_open(r)) {
        fail(r, 507, 3, "out of memory");
    } else {
        args_check(r);
        if (atomic_load(&stopping))
            fail_status(r, WY_ECANCELED, "");
        else if (now_ms() > r->deadline)
            fail(r, 503, 130, "stopped after %u s (the server's --timeout), waiting for a worker", S.timeout_s);
        else
            w->ep->fn(r);
    }
    if (r->demote && !atomic_load(&stopping)) {
        body_drop(r);
        return;
    }
    r->demote = 0;
    job_end(r->job);
    r->job = -1;
    if (r->mem) {
        cli_out_close(&r->o);
        fclose(r->mem);
        r->mem = NULL;
    }
    args_free(r);
}

/* arg: the worker's index; the first S.pool are the quick pool's. */
static void *worker(void *arg)
{
    const unsigned index = (unsigned)(uintptr_t)arg;
    const int p = index < S.pool ? POOL_QUICK : POOL_SLOW;
    for (;;) {
        pthread_mutex_lock(&q_lock);
        while (!queues[p].head && !q_closing)
            pthread_cond_wait(&q_cond[p], &q_lock);
        work *w = queues[p].head;
        if (!w) { /* closing and nothing left */
            workers_alive--;
            worker_done[index] = 1;
            pthread_cond_broadcast(&q_gone);
            pthread_mutex_unlock(&q_lock);
            return NULL;
        }
        queues[p].head = w->next;
        if (!queues[p].head)
            queues[p].tail = NULL;
        queues[p].waiting--;
        queues[p].running++;
        pthread_mutex_unlock(&q_lock);
        req *r = &w->r;
        r->pool = p;
        r->cpu0 = cpu_us();
        work_run(w);
        pthread_mutex_lock(&q_lock);
        queues[p].running--;
        if (r->demote) {
            /* more than the quick pool's budget: to the slow pool, whose
             * queue is bounded (nothing is queued once the server stops) */
            if (!q_closing && queues[POOL_SLOW].waiting < SLOW_QUEUE_MAX) {
                q_push(POOL_SLOW, w);
                pthread_mutex_unlock(&q_lock);
                continue;
            }
            const int closing = q_closing;
            const unsigned running = queues[POOL_SLOW].running, waiting = queues[POOL_SLOW].waiting;
            pthread_mutex_unlock(&q_lock);
            r->demote = 0;
            if (closing)
                fail_status(r, WY_ECANCELED, "");
            else {
                fail(r, 503, 3,
                     "the server is busy: %u long requests are running and %u wait for the slow pool (at most "
                     "%u); try again later",
                     running, waiting, SLOW_QUEUE_MAX);
                r->retry_after = 5;
            }
            job_end(r->job);
            r->job = -1;
            if (r->mem) {
                cli_out_close(&r->o);
                fclose(r->mem);
                r->mem = NULL;
            }
            args_free(r);
        } else {
            pthread_mutex_unlock(&q_lock);
        }
        w->done = 1;
        /* the handler is called again and sends the answer (thread-safe) */
        MHD_resume_connection(w->conn);
    }
}

static enum MHD_Result answer(work *w)
{
    req *r = &w->r;
    w->answered = 1;
    if (r->mem) { /* an answer written on this thread (fail) */
        cli_out_close(&r->o);
        fclose(r->mem);
        r->mem = NULL;
    }
    enum MHD_Result ret = send_answer(w->conn, r->http, r->type, r->body ? r->body : "", r->len, r->cacheable, 0,
                                      r->retry_after);
    work_log(w, r->http);
    return ret;
}

static work *work_new(struct MHD_Connection *conn, const char *target)
{
    work *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->conn = conn;
    w->t0 = now_ms();
    w->target_len = strlen(target);
    snprintf(w->target, sizeof w->target, "%s", target);
    w->r.job = -1;
    w->r.pool = -1; /* no pool: libmicrohttpd's thread, until a worker takes it */
    return w;
}

/* Called by libmicrohttpd with the request target as the client sent it,
 * before it parses the query: the request begins (MHD_OPTION_URI_LOG_CALLBACK;
 * completed frees it, also when libmicrohttpd answers it itself). */
static void *uri_logged(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls;
    work *w = work_new(conn, uri ? uri : "");
    char *q = uri ? strchr(uri, '?') : NULL;
    if (!w || !q)
        return w;
    size_t n = 1;
    for (const char *p = q + 1; *p; p++)
        n += *p == '&';
    if (n > MAXARGS) {
        /* The answer is 414 whatever the parameters say: the query is cut
         * before libmicrohttpd parses it (one record each, in the
         * connection's pool, which thousands of them overflow: the
         * connection then closes without an answer).  libmicrohttpd hands
         * the callback its own writable copy of the request line, which it
         * splits in place itself, and parses the query after this call. */
        w->query_params = n;
        q[1] = '\0';
    }
    return w;
}

/* The client's address as text ("" if unknown). */
static void client_address(char *buf, size_t n, struct MHD_Connection *conn)
{
    buf[0] = '\0';
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!ci || !ci->client_addr)
        return;
    const struct sockaddr *sa = ci->client_addr;
    if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, buf, (socklen_t)n);
    else if (sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, buf, (socklen_t)n);
}

/* Called by libmicrohttpd for a request: once its headers are in (w not
 * begun), again after a worker resumed it, and for each piece of a body. */
static enum MHD_Result handler(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_size, void **con_cls)
{
    (void)cls;
    (void)version;
    (void)upload_data;
    work *w = *con_cls;
    if (!w) { /* no request line callback (out of memory there) */
        if (!(w = work_new(conn, url)))
            return MHD_NO;
        *con_cls = w;
    }
    if (w->begun) {
        if (*upload_size || w->answered || !w->done) {
            *upload_size = 0; /* a body's data: discarded (the 413 is queued) */
            return MHD_YES;
        }
        return answer(w); /* resumed by its worker */
    }
    w->begun = 1;
    snprintf(w->method, sizeof w->method, "%s", method);
    req *r = &w->r;
    r->http = 200;
    r->type = "application/json";
    r->deadline = w->t0 + (uint64_t)S.timeout_s * 1000u;
    client_address(r->client, sizeof r->client, conn);
    w->done = 1; /* unless queued below */
    /* the request's size: libmicrohttpd holds requests larger than ours
     * (POOL_BYTES), so that the answer is this JSON */
    const union MHD_ConnectionInfo *hs = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    const size_t head = hs ? hs->header_size : 0;
    if (w->target_len > REQUEST_MAX) {
        fail(r, 414, 2, "the URL is %zu bytes long, more than %u", w->target_len, REQUEST_MAX);
        return answer(w);
    }
    if (w->query_params) {
        fail(r, 414, 2, "too many parameters: %zu (at most %d)", w->query_params, MAXARGS);
        return answer(w);
    }
    if (head > REQUEST_MAX) {
        fail(r, 431, 2, "the request line and headers are %zu bytes, more than %u", head, REQUEST_MAX);
        return answer(w);
    }
    /* a body: refused at once (nothing takes one) */
    const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    const char *te = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
    if ((cl && strcmp(cl, "0") != 0) || te) {
        fail(r, 413, 2, "request bodies are not accepted");
        return answer(w);
    }
    if (strcmp(method, MHD_HTTP_METHOD_HEAD) != 0 && strcmp(method, MHD_HTTP_METHOD_GET) != 0) {
        char m[80];
        serve_escape(m, sizeof m, method, 20);
        fail(r, 405, 2, "method %s not allowed (GET or HEAD)", m);
        return answer(w);
    }
    /* the path as sent: an encoded NUL would end the decoded one early */
    const size_t plen = strcspn(w->target, "?");
    for (size_t i = 0; i + 2 < plen; i++)
        if (w->target[i] == '%' && w->target[i + 1] == '0' && w->target[i + 2] == '0') {
            fail(r, 400, 2, "the path holds a NUL byte (%%00)");
            return answer(w);
        }
    const size_t np = sizeof api_prefix - 1;
    for (size_t i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++)
        if (strncmp(url, api_prefix, np) == 0 && strcmp(url + np, endpoints[i].name) == 0)
            w->ep = &endpoints[i];
    if (!w->ep) {
        for (size_t i = 0; i < web_nassets; i++)
            if (strcmp(url, web_assets[i].path) == 0) {
                const web_asset *a = &web_assets[i];
                w->answered = 1;
                enum MHD_Result ret = send_answer(conn, 200, a->type, a->data, a->len, 0, 1, 0);
                work_log(w, 200);
                return ret;
            }
        char u[440];
        serve_escape(u, sizeof u, url, 100);
        fail(r, 404, 2, "no such page or endpoint: %s", u);
        return answer(w);
    }
    r->allowed = w->ep->allowed;
    MHD_get_connection_values_n(conn, MHD_GET_ARGUMENT_KIND, arg_copy, r);
    if (r->nparams > MAXARGS) {
        args_free(r);
        fail(r, 414, 2, "too many parameters: %d (at most %d)", r->nparams, MAXARGS);
        return answer(w);
    }
    if (args_valid(r)) {
        args_free(r);
        return answer(w);
    }
    if (!w->ep->work) {
        work_run(w);
        return answer(w);
    }
    /* every computing request starts in the quick pool */
    w->done = 0;
    pthread_mutex_lock(&q_lock);
    const int closing = q_closing;
    if (!closing)
        q_push(POOL_QUICK, w);
    pthread_mutex_unlock(&q_lock);
    if (closing) {
        args_free(r);
        w->done = 1;
        fail_status(r, WY_ECANCELED, "");
        return answer(w);
    }
    MHD_suspend_connection(conn);
    return MHD_YES;
}

/* The end of a request (answered, or the connection closed): logged if it
 * was not (libmicrohttpd answered it, or the client left), freed. */
static void completed(void *cls, struct MHD_Connection *conn, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    work *w = *con_cls;
    if (!w)
        return;
    if (!w->logged) {
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_HTTP_STATUS);
        const unsigned http = ci ? ci->http_status : 0;
        const char *why = http || toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "answered by the HTTP library"
                          : toe == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED ? "idle too long: closed"
                          : toe == MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN
                              ? (w->r.pool == POOL_SLOW ? "closed: the server stops; slow pool" : "closed: the server stops")
                          : toe == MHD_REQUEST_TERMINATED_CLIENT_ABORT || toe == MHD_REQUEST_TERMINATED_READ_ERROR
                              ? "the client closed the connection"
                              : "closed on an error";
        w->logged = 1;
        serve_log_request(w->method[0] ? w->method : "-", w->target, (int)http, now_ms() - w->t0, why);
    }
    args_free(&w->r);
    free(w->r.body);
    free(w);
    *con_cls = NULL;
}

/* Close the queues and wait for the workers (the queues drain first: the
 * queued requests are answered 503), at most STOP_GRACE_S seconds for the
 * running ones to see `stopping`.  1: all joined; 0: some still run. */
static int workers_stop(pthread_t *tids, unsigned n)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += STOP_GRACE_S;
    pthread_mutex_lock(&q_lock);
    q_closing = 1;
    pthread_cond_broadcast(&q_cond[POOL_QUICK]);
    pthread_cond_broadcast(&q_cond[POOL_SLOW]);
    int late = 0;
    while (workers_alive > 0 && !late)
        late = pthread_cond_timedwait(&q_gone, &q_lock, &until) == ETIMEDOUT && workers_alive > 0;
    if (late) {
        /* the ended ones joined, the others left to the process's exit */
        for (unsigned i = 0; i < n; i++)
            if (worker_done[i])
                pthread_join(tids[i], NULL);
            else
                pthread_detach(tids[i]);
        pthread_mutex_unlock(&q_lock);
        return 0;
    }
    pthread_mutex_unlock(&q_lock);
    for (unsigned i = 0; i < n; i++)
        pthread_join(tids[i], NULL);
    free(tids);
    free(worker_done);
    worker_done = NULL;
    return 1;
}

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    serve_log_mhd(fmt, ap);
}

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

int cli_cmd_serve(cli_config *c)
{
    char err[WY_ERRLEN];
    uint64_t port = 8080, timeout = 60;
    if (c->given[O_PORT] && !cli_num_u64(&port, c->val[O_PORT], "--port", 65535, err, sizeof err))
        return cli_die(2, "%s", err);
    if (c->given[O_TIMEOUT] && !cli_num_u64(&timeout, c->val[O_TIMEOUT], "--timeout", 86400, err, sizeof err))
        return cli_die(2, "%s", err);
    if (timeout < 1)
        return cli_die(2, "--timeout must be at least 1 second");
    const char *bind = c->given[O_BIND] ? c->val[O_BIND] : "127.0.0.1";
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    int v6 = 0;
    struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, bind, &s4->sin_addr) == 1) {
        s4->sin_family = AF_INET;
        s4->sin_port = htons((uint16_t)port);
    } else if (inet_pton(AF_INET6, bind, &s6->sin6_addr) == 1) {
        s6->sin6_family = AF_INET6;
        s6->sin6_port = htons((uint16_t)port);
        v6 = 1;
    } else {
        return cli_die(2, "--bind '%.60s' is not an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1, 0.0.0.0)", bind);
    }
    S.timeout_s = (unsigned)timeout;
    S.threads = cli_default_threads();
    S.pool = c->given[O_THREADS] ? c->threads : (S.threads < 4 ? 4 : S.threads);
    S.slow = S.pool / 2 ? S.pool / 2 : 1;
    if (c->given[O_MEMLIMIT]) {
        S.mem_limit = c->mem_limit;
    } else {
        uint64_t avail = wy_memory_default();
        S.mem_limit = avail ? avail / 4 : (uint64_t)1 << 30;
    }
    S.quiet = c->quiet;
    serve_log_init(S.quiet, CONN_PER_IP, CONN_MAX);
    /* a number has at most as many digits as a request can hold */
    cli_num_set_digits(REQUEST_MAX);
    S.table_side = table_side_for_limit(S.mem_limit);
    if (!wy_exact_cache_default(S.cache_dir, sizeof S.cache_dir))
        S.cache_dir[0] = '\0';
    if (pthread_key_create(&exact_key, exact_cache_free) != 0)
        return cli_die(4, "pthread_key_create failed");
    signal(SIGPIPE, SIG_IGN);

    /* the workers: the quick pool, then the slow one */
    const unsigned nworkers = S.pool + S.slow;
    pthread_t *tids = calloc(nworkers, sizeof *tids);
    worker_done = calloc(nworkers, 1);
    if (!tids || !worker_done) {
        free(tids);
        free(worker_done);
        return cli_die(3, "out of memory");
    }
    unsigned started = 0;
    for (; started < nworkers; started++) {
        pthread_mutex_lock(&q_lock);
        workers_alive++;
        pthread_mutex_unlock(&q_lock);
        if (pthread_create(&tids[started], NULL, worker, (void *)(uintptr_t)started) != 0) {
            pthread_mutex_lock(&q_lock);
            workers_alive--;
            pthread_mutex_unlock(&q_lock);
            break;
        }
    }
    /* libmicrohttpd: one thread polls every connection (epoll where there
     * is one); requests that compute are suspended while a worker answers */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG |
                     (v6 ? MHD_USE_IPv6 : 0);
    if (MHD_is_feature_supported(MHD_FEATURE_EPOLL) == MHD_YES)
        flags |= MHD_USE_EPOLL;
    struct MHD_Daemon *d = started < nworkers ? NULL : MHD_start_daemon(
        flags, (uint16_t)port, NULL, NULL, handler, NULL, MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
        MHD_OPTION_CONNECTION_LIMIT, CONN_MAX, MHD_OPTION_PER_IP_CONNECTION_LIMIT, CONN_PER_IP,
        MHD_OPTION_CONNECTION_TIMEOUT, CONN_IDLE_S, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)POOL_BYTES,
        MHD_OPTION_URI_LOG_CALLBACK, uri_logged, NULL, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_END);
    if (!d) {
        workers_stop(tids, started);
        pthread_key_delete(exact_key);
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
    const int loopback = v6 ? IN6_IS_ADDR_LOOPBACK(&s6->sin6_addr) : (ntohl(s4->sin_addr.s_addr) >> 24) == 127;
    if (!loopback)
        fprintf(stderr, "wythoff serve: listening on %s: every machine that reaches this one may use the server "
                        "(it has no authentication)\n", bind);
    while (!cli_interrupted()) {
        struct timespec ts = {0, 100 * 1000000L};
        nanosleep(&ts, NULL);
        serve_log_tick(0);
    }
    atomic_store(&stopping, 1);
    serve_log_line("stopping");
    /* the running computations see `stopping` and end; the queued requests
     * are answered 503; every suspended connection is resumed before the
     * daemon stops */
    if (!workers_stop(tids, nworkers)) {
        /* a computation that does not stop: a defect of the library */
        pthread_mutex_lock(&q_lock);
        const unsigned n = queues[POOL_QUICK].running + queues[POOL_SLOW].running;
        pthread_mutex_unlock(&q_lock);
        serve_log_tick(1);
        fprintf(stderr, "wythoff: %u request%s did not stop within %d s of the signal; exiting without them\n", n,
                n == 1 ? "" : "s", STOP_GRACE_S);
        fflush(NULL);
        _exit(4);
    }
    MHD_stop_daemon(d);
    serve_log_tick(1);
    tab_free_all();
    tile_free_all();
    /* the pool threads' evaluators were freed as the threads ended; this
     * thread has none */
    pthread_key_delete(exact_key);
    return 0;
}
