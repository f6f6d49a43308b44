/* serve_req.c - a request of `wythoff serve`: its arguments (copied from
 * the query, checked against its endpoint's parameters and read), its
 * answer (written to memory: the endpoint's JSON or PNG, or an error), the
 * progress function of its computations, and the jobs, whose progress
 * /api/progress tells. */
#include "serve.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The server's settings and state                                     */
/* ------------------------------------------------------------------ */

serve_settings serve_cfg;
atomic_int serve_stopping;

uint64_t serve_cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* ------------------------------------------------------------------ */
/* Jobs: the progress of named requests (/api/progress)               */
/* ------------------------------------------------------------------ */

static pthread_mutex_t jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char name[33];
    int running;
    uint64_t done, total, started;
} jobs[NJOBS];

int job_valid(const char *s)
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
        jobs[slot].started = cli_now_ms();
    }
    pthread_mutex_unlock(&jobs_lock);
    return slot;
}

void job_end(int slot)
{
    if (slot < 0)
        return;
    pthread_mutex_lock(&jobs_lock);
    jobs[slot].running = 0;
    pthread_mutex_unlock(&jobs_lock);
}

void job_get(const char *name, int *running, uint64_t *done, uint64_t *total)
{
    *running = 0;
    *done = *total = 0;
    pthread_mutex_lock(&jobs_lock);
    for (int i = 0; i < NJOBS; i++)
        if (strcmp(jobs[i].name, name) == 0) {
            *running = jobs[i].running;
            *done = jobs[i].done;
            *total = jobs[i].total;
            break;
        }
    pthread_mutex_unlock(&jobs_lock);
}

/* ------------------------------------------------------------------ */
/* Progress and answers                                                */
/* ------------------------------------------------------------------ */

int req_progress(void *ctx, uint64_t done, uint64_t total)
{
    req *r = ctx;
    if (r->job >= 0) {
        pthread_mutex_lock(&jobs_lock);
        jobs[r->job].done = done;
        jobs[r->job].total = total;
        pthread_mutex_unlock(&jobs_lock);
    }
    if (atomic_load(&serve_stopping))
        return 1;
    if (cli_now_ms() > r->deadline) {
        r->timed_out = 1;
        return 1;
    }
    /* the quick pool runs one engine thread, the worker's own: its
     * processor time is the request's (not the wall clock's time, which a
     * loaded machine stretches) */
    if (r->pool == POOL_QUICK && (r->demote || serve_cpu_us() - r->cpu0 > (uint64_t)QUICK_CPU_MS * 1000u)) {
        r->demote = 1;
        return 1;
    }
    return 0;
}

/* The engines' threads: one in the quick pool, all in the slow one. */
wy_run req_run(req *r)
{
    wy_run run = {r->pool == POOL_QUICK ? 1 : serve_cfg.threads, req_progress, r, 0};
    return run;
}

int req_body_open(req *r)
{
    r->mem = open_memstream(&r->body, &r->len);
    if (!r->mem)
        return 0;
    cli_out_open(&r->o, r->mem);
    return 1;
}

/* Drop the answer written so far. */
void req_body_drop(req *r)
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

int req_fail(req *r, int http, int code, const char *fmt, ...)
{
    char msg[WY_ERRLEN + 128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* a quoted text cut by a length limit may end inside a character */
    serve_utf8_fix(msg);
    req_body_drop(r);
    if (!req_body_open(r))
        return -1;
    cli_out_str(&r->o, "{\"error\":");
    cli_out_json_str(&r->o, msg);
    cli_out_fmt(&r->o, ",\"status\":%d}\n", code);
    r->http = http;
    r->type = "application/json";
    r->cacheable = 0;
    return -1;
}

int req_fail_status(req *r, wy_status st, const char *err)
{
    switch (st) {
    case WY_EINVAL:
        return req_fail(r, 400, 2, "%s", err);
    case WY_ERANGE:
        return req_fail(r, 507, 3, "%s", err);
    case WY_EUNDECIDED:
        return req_fail(r, 422, 6, "%s", err);
    case WY_ECANCELED:
        if (atomic_load(&serve_stopping))
            return req_fail(r, 503, 130, "cancelled: the server is stopping");
        if (r->demote) /* not an answer: the request runs again in the slow pool */
            return req_fail(r, 503, 130, "moved to the slow pool");
        return req_fail(r, 503, 130, "stopped after %u s (the server's --timeout)", serve_cfg.timeout_s);
    default:
        return req_fail(r, 500, 4, "internal error: %s", err);
    }
}

/* ------------------------------------------------------------------ */
/* Arguments                                                           */
/* ------------------------------------------------------------------ */

const char *req_arg(const req *r, const char *name)
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

void req_arg_add(req *r, const char *key, size_t key_size, const char *value, size_t value_size)
{
    r->nparams++;
    if (!value)
        value = "", value_size = 0;
    if (r->wrong)
        return;
    const int key_ok = strlen(key) == key_size && serve_utf8_valid(key, key_size);
    if (!key_ok || strlen(value) != value_size || !serve_utf8_valid(value, value_size)) {
        r->wrong = !key_ok ? (strlen(key) != key_size ? "a parameter's name holds a NUL byte (%00)"
                                                      : "a parameter's name is not valid UTF-8")
                   : strlen(value) != value_size ? "holds a NUL byte (%00)"
                                                 : "is not valid UTF-8";
        if (key_ok)
            snprintf(r->wrong_key, sizeof r->wrong_key, "%.40s", key);
        return;
    }
    if (!arg_known(r->allowed, key)) {
        if (!r->bad[0])
            snprintf(r->bad, sizeof r->bad, "%.40s", key);
        return;
    }
    if (req_arg(r, key)) {
        if (!r->twice[0])
            snprintf(r->twice, sizeof r->twice, "%.40s", key);
        return;
    }
    if (r->nargs == MAXARGS)
        return;
    r->key[r->nargs] = strdup(key);
    r->val[r->nargs] = strdup(value);
    r->nargs++;
}

void req_args_free(req *r)
{
    for (int i = 0; i < r->nargs; i++) {
        free(r->key[i]);
        free(r->val[i]);
    }
    r->nargs = 0;
}

/* On libmicrohttpd's thread: errors answered there. */
int req_args_valid(req *r)
{
    for (int i = 0; i < r->nargs; i++)
        if (!r->key[i] || !r->val[i])
            return req_fail(r, 507, 3, "out of memory");
    if (r->wrong)
        return r->wrong_key[0] ? req_fail(r, 400, 2, "parameter '%s' %s", r->wrong_key, r->wrong)
                               : req_fail(r, 400, 2, "%s", r->wrong);
    if (r->bad[0])
        return req_fail(r, 400, 2, "unknown parameter '%s' (this endpoint takes %s)", r->bad,
                        r->allowed[0] ? r->allowed : "none");
    if (r->twice[0])
        return req_fail(r, 400, 2, "parameter '%s' given more than once", r->twice);
    const char *j = req_arg(r, "job");
    if (j && strcmp(r->allowed, "job") != 0 && !job_valid(j)) /* not /api/progress itself */
        return req_fail(r, 400, 2, "bad job name (1 to 32 of A-Z a-z 0-9 _ -)");
    return 0;
}

void req_args_check(req *r)
{
    if (r->checked)
        return;
    r->checked = 1;
    const char *j = req_arg(r, "job");
    if (j && strcmp(r->allowed, "job") != 0)
        r->job = job_start(j);
}

int req_arg_u64(req *r, const char *name, uint64_t *out, uint64_t dflt, uint64_t min, uint64_t max)
{
    const char *s = req_arg(r, name);
    char err[WY_ERRLEN];
    if (!s) {
        *out = dflt;
        return 0;
    }
    if (!cli_num_u64(out, s, name, UINT64_MAX >> 1, err, sizeof err))
        return req_fail(r, 400, 2, "%s", err);
    if (*out < min || *out > max)
        return req_fail(r, 400, 2, "%s %.40s out of range (%llu to %llu)", name, s, (unsigned long long)min,
                        (unsigned long long)max);
    return 0;
}

int req_arg_big(req *r, const char *name, mpz_t out)
{
    const char *s = req_arg(r, name);
    char err[WY_ERRLEN];
    if (!s)
        return req_fail(r, 400, 2, "missing parameter '%s'", name);
    if (!cli_num_big(out, s, name, err, sizeof err))
        return req_fail(r, 400, 2, "%s", err);
    return 0;
}
