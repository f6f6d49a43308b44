/* serve_pool.c - the two pools of workers of `wythoff serve`: their queues,
 * the workers, and running one request (serve.c starts and stops them;
 * serve_http.c queues requests; serve.h lists the files). */
#include "serve.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <microhttpd.h>

/* ------------------------------------------------------------------ */
/* The pools: their queues and workers                                 */
/* ------------------------------------------------------------------ */

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

/* The request's end on a worker: its job over, its answer closed, its
 * arguments freed. */
static void work_end(req *r)
{
    job_end(r->job);
    r->job = -1;
    if (r->mem) {
        cli_out_close(&r->o);
        fclose(r->mem);
        r->mem = NULL;
    }
    req_args_free(r);
}

void work_run(work *w)
{
    req *r = &w->r;
    req_body_drop(r);
    r->http = 200;
    r->type = "application/json";
    r->cacheable = 0;
    r->demote = 0;
    r->timed_out = 0;
    r->tile_from = NULL;
    if (!req_body_open(r)) {
        req_fail(r, 507, 3, "out of memory");
    } else {
        req_args_check(r);
        if (atomic_load(&serve_stopping))
            req_fail_status(r, WY_ECANCELED, "");
        else if (cli_now_ms() > r->deadline)
            req_fail(r, 503, 130, "stopped after %u s (the server's --timeout), waiting for a worker",
                     serve_cfg.timeout_s);
        else
            w->ep->fn(r);
    }
    if (r->demote && !atomic_load(&serve_stopping)) {
        req_body_drop(r);
        return;
    }
    r->demote = 0;
    work_end(r);
}

/* arg: the worker's index; the first serve_cfg.pool are the quick pool's. */
static void *worker(void *arg)
{
    const unsigned index = (unsigned)(uintptr_t)arg;
    const int p = index < serve_cfg.pool ? POOL_QUICK : POOL_SLOW;
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
        r->cpu0 = serve_cpu_us();
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
                req_fail_status(r, WY_ECANCELED, "");
            else {
                req_fail(r, 503, 3,
                         "the server is busy: %u long requests are running and %u wait for the slow pool (at most "
                         "%u); try again later",
                         running, waiting, SLOW_QUEUE_MAX);
                r->retry_after = 5;
            }
            work_end(r);
        } else {
            pthread_mutex_unlock(&q_lock);
        }
        w->done = 1;
        /* the handler is called again and sends the answer (thread-safe) */
        MHD_resume_connection(w->conn);
    }
}

int work_queue(work *w)
{
    pthread_mutex_lock(&q_lock);
    const int closing = q_closing;
    if (!closing)
        q_push(POOL_QUICK, w);
    pthread_mutex_unlock(&q_lock);
    return !closing;
}

/* n workers, the quick pool's then the slow pool's: their threads
 * (*started of them running), NULL when out of memory. */
pthread_t *workers_start(unsigned n, unsigned *started)
{
    pthread_t *tids = calloc(n, sizeof *tids);
    worker_done = calloc(n, 1);
    if (!tids || !worker_done) {
        free(tids);
        free(worker_done);
        worker_done = NULL;
        return NULL;
    }
    unsigned i = 0;
    for (; i < n; i++) {
        pthread_mutex_lock(&q_lock);
        workers_alive++;
        pthread_mutex_unlock(&q_lock);
        if (pthread_create(&tids[i], NULL, worker, (void *)(uintptr_t)i) != 0) {
            pthread_mutex_lock(&q_lock);
            workers_alive--;
            pthread_mutex_unlock(&q_lock);
            break;
        }
    }
    *started = i;
    return tids;
}

/* Close the queues and wait for the workers (the queues drain first: the
 * queued requests are answered 503), at most STOP_GRACE_S seconds for the
 * running ones to see serve_stopping.  1: all joined; 0: some still run. */
int workers_stop(pthread_t *tids, unsigned n)
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

unsigned workers_running(void)
{
    pthread_mutex_lock(&q_lock);
    const unsigned n = queues[POOL_QUICK].running + queues[POOL_SLOW].running;
    pthread_mutex_unlock(&q_lock);
    return n;
}
