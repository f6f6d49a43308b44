/*
 * t-block - the table engine cut into blocks of columns (wythoff_block.h)
 * gives every cell the single-process engine gives.
 *
 * K blocks run in K threads of this process, each with the library's block
 * engine (itself on 1-3 threads); a loopback transport carries the
 * messages from block r to block r + 1 through queues.  For random rulesets
 * (tk_random_spec: passes, heap, max, mod, terminal, misere; max also up
 * to 40, so that the bounded moves reach across several narrow blocks, and
 * mod up to 24, so that both ways of counting the modular options are
 * used), random windows, K = 1..6, band heights 0 (automatic), 1, 3, 7, 64
 * and a random side state, every value handed out must equal
 * wy_table_get of the table computed by wy_table_compute.
 *
 * Then: the memory estimate of a block splits (4 blocks need less than a
 * third of one block's lines each) and a mem_limit between them refuses
 * one block before allocating (WY_ERANGE); a corrupted message stops the
 * receiving block with WY_EINTERNAL; a callback that stops gives
 * WY_ECANCELED; bad blocks are refused with WY_EINVAL.
 *
 * Seed: WY_SEED (default fixed, printed); cases: 400 times WY_TEST_ITERS
 * (120 under the sanitizers).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../naive/testkit.h"
#include "wythoff.h"
#include "wythoff_block.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- loopback transport ---------------- */

typedef struct msg {
    struct msg *next;
    uint32_t band;
    size_t len;
    unsigned char data[];
} msg;

typedef struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    msg *head, *tail;
    int abort;
} queue;

typedef struct net net;

typedef struct {
    net *n;
    unsigned rank;
    wy_block blk;
    msg *held;         /* the message last received (its buffer lent to the engine) */
    wy_status st;
    char err[WY_ERRLEN];
    wy_block_stats stats;
} node;

struct net {
    unsigned K;
    queue q[8];        /* q[r]: from block r to block r + 1 */
    node nodes[8];
    const wy_rules *rules;
    wy_side side;
    unsigned threads, band;
    uint64_t mem_limit;
    uint32_t *got;     /* [rows][cols] values handed out */
    int corrupt_band;  /* >= 0: flip the magic of this band's message from block 0 */
    int stop_band;     /* >= 0: block 0's out stops at this band */
};

static void q_abort_all(net *n)
{
    for (unsigned r = 0; r < n->K; r++) {
        pthread_mutex_lock(&n->q[r].mu);
        n->q[r].abort = 1;
        pthread_cond_broadcast(&n->q[r].cv);
        pthread_mutex_unlock(&n->q[r].mu);
    }
}

static int lo_send(void *ctx, uint32_t band, const void *buf, size_t len)
{
    node *d = ctx;
    queue *q = &d->n->q[d->rank];
    msg *m = malloc(sizeof *m + len);
    if (!m)
        return 1;
    m->next = NULL;
    m->band = band;
    m->len = len;
    memcpy(m->data, buf, len);
    if (d->rank == 0 && (int)band == d->n->corrupt_band)
        m->data[0] ^= 0xff;
    pthread_mutex_lock(&q->mu);
    if (q->tail)
        q->tail->next = m;
    else
        q->head = m;
    q->tail = m;
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->mu);
    return 0;
}

static int lo_recv(void *ctx, uint32_t band, const void **buf, size_t *len)
{
    node *d = ctx;
    queue *q = &d->n->q[d->rank - 1];
    free(d->held);
    d->held = NULL;
    pthread_mutex_lock(&q->mu);
    while (!q->head && !q->abort)
        pthread_cond_wait(&q->cv, &q->mu);
    msg *m = q->head;
    if (m) {
        q->head = m->next;
        if (!q->head)
            q->tail = NULL;
    }
    pthread_mutex_unlock(&q->mu);
    if (!m || m->band != band) {
        free(m);
        return 1;
    }
    d->held = m;
    *buf = m->data;
    *len = m->len;
    return 0;
}

static int lo_out(void *ctx, uint32_t band, uint32_t x0, uint32_t x1, const uint32_t *v)
{
    node *d = ctx;
    net *n = d->n;
    const uint32_t w = d->blk.c1 - d->blk.c0;
    for (uint32_t x = x0; x < x1; x++)
        memcpy(n->got + (size_t)x * d->blk.cols + d->blk.c0, v + (size_t)(x - x0) * w, (size_t)w * 4);
    return d->rank == 0 && (int)band == n->stop_band;
}

static void *node_main(void *arg)
{
    node *d = arg;
    net *n = d->n;
    wy_block_io io = {d, lo_recv, lo_send, lo_out, NULL};
    wy_run run;
    memset(&run, 0, sizeof run);
    run.threads = n->threads;
    run.band = n->band;
    d->st = wy_table_block_run(n->rules, &d->blk, n->side, n->mem_limit, &run, &io, &d->stats, d->err, sizeof d->err);
    if (d->st != WY_OK)
        q_abort_all(n);
    free(d->held);
    d->held = NULL;
    return NULL;
}

/* Run the K blocks; the first failing block's status (WY_OK if none). */
static wy_status run_net(net *n, uint32_t rows, uint32_t cols, char *err, size_t errlen)
{
    pthread_t th[8];
    for (unsigned r = 0; r < n->K; r++) {
        memset(&n->q[r], 0, sizeof n->q[r]);
        pthread_mutex_init(&n->q[r].mu, NULL);
        pthread_cond_init(&n->q[r].cv, NULL);
        node *d = &n->nodes[r];
        memset(d, 0, sizeof *d);
        d->n = n;
        d->rank = r;
        wy_block_split(&d->blk, rows, cols, r, n->K);
    }
    for (unsigned r = 0; r < n->K; r++)
        pthread_create(&th[r], NULL, node_main, &n->nodes[r]);
    for (unsigned r = 0; r < n->K; r++)
        pthread_join(th[r], NULL);
    wy_status st = WY_OK;
    for (unsigned r = 0; r < n->K; r++) {
        for (msg *m = n->q[r].head; m;) {
            msg *next = m->next;
            free(m);
            m = next;
        }
        pthread_mutex_destroy(&n->q[r].mu);
        pthread_cond_destroy(&n->q[r].cv);
        /* the block that failed first, not those aborted after it */
        if (st == WY_OK && n->nodes[r].st != WY_OK && n->nodes[r].st != WY_ECANCELED) {
            st = n->nodes[r].st;
            snprintf(err, errlen, "block %u: %s", r, n->nodes[r].err);
        }
    }
    for (unsigned r = 0; r < n->K && st == WY_OK; r++)
        if (n->nodes[r].st != WY_OK) {
            st = n->nodes[r].st;
            snprintf(err, errlen, "block %u: %s", r, n->nodes[r].err);
        }
    return st;
}

static net *net_new(const wy_rules *r, wy_side side, unsigned K, unsigned threads, unsigned band, uint32_t rows,
                    uint32_t cols)
{
    net *n = calloc(1, sizeof *n);
    n->K = K;
    n->rules = r;
    n->side = side;
    n->threads = threads;
    n->band = band;
    n->corrupt_band = -1;
    n->stop_band = -1;
    n->got = calloc((size_t)rows * cols, 4);
    return n;
}

static void net_free(net *n)
{
    free(n->got);
    free(n);
}

int main(void)
{
    uint64_t seed, iters = 1;
    if (tk_seed(&seed) || tk_iters(&iters))
        return 2;
    iters *= tk_test_san() ? 120 : 400;
    printf("%llu cases\n", (unsigned long long)iters);
    tk_rng rng;
    tk_rng_seed(&rng, seed);
    int failed = 0;

    tk_group g = {"blocks give the single-process values", 0, 0};
    static const unsigned bands[5] = {0, 1, 3, 7, 64};
    for (uint64_t it = 0; it < iters; it++) {
        tk_spec sp;
        tk_random_spec(&rng, &sp);
        if (sp.max && tk_rng_chance(&rng, 1, 3))
            sp.max = tk_rng_range(&rng, 7, 40);
        if (sp.mod && tk_rng_chance(&rng, 1, 3))
            sp.mod = tk_rng_range(&rng, 17, 24);
        char text[128], err[WY_ERRLEN];
        tk_spec_text(text, sizeof text, &sp);
        wy_rules r;
        if (tk_spec_rules(&r, &sp, text, err, sizeof err)) {
            tk_fail(&g, "%s: %s", text, err);
            continue;
        }
        unsigned K = tk_rng_range(&rng, 1, 6);
        uint32_t hi = it % 8 == 0 ? 150 : 48;
        uint32_t rows = tk_random_dim(&rng, hi), cols = tk_random_dim(&rng, hi);
        if (cols < K)
            cols = K + tk_rng_range(&rng, 0, 5);
        wy_side side = {tk_rng_range(&rng, 0, r.passes), tk_rng_range(&rng, 0, r.heap)};
        unsigned threads = tk_rng_range(&rng, 1, 3), band = bands[tk_rng_range(&rng, 0, 4)];
        wy_table *t = NULL;
        if (wy_table_compute(&t, &r, rows, cols, side, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s %ux%u: reference: %s", text, rows, cols, err);
            continue;
        }
        net *n = net_new(&r, side, K, threads, band, rows, cols);
        wy_status st = run_net(n, rows, cols, err, sizeof err);
        g.cases++;
        if (st != WY_OK)
            tk_fail(&g, "%s %ux%u K=%u T=%u B=%u side (%u,%u): %s", text, rows, cols, K, threads, band, side.pass,
                    side.heap, err);
        for (uint32_t x = 0; x < rows && st == WY_OK; x++)
            for (uint32_t y = 0; y < cols; y++) {
                uint32_t want = wy_table_get(t, x, y, side), have = n->got[(size_t)x * cols + y];
                if (want != have) {
                    tk_fail(&g, "%s %ux%u K=%u T=%u B=%u side (%u,%u): (%u, %u) = %u, single process %u", text, rows,
                            cols, K, threads, band, side.pass, side.heap, x, y, have, want);
                    x = rows;
                    break;
                }
            }
        net_free(n);
        wy_table_free(t);
    }
    failed |= tk_group_end(&g);

    /* memory splits; a limit between refuses one block */
    {
        tk_group m = {"a block's memory splits and a limit refuses one block", 0, 0};
        wy_rules r;
        char err[WY_ERRLEN];
        wy_rules_parse(&r, "wythoff", NULL, 0);
        wy_side s0 = {0, 0};
        const uint32_t N = 2048;
        wy_block one, four;
        wy_block_split(&one, N, N, 0, 1);
        uint64_t e1 = wy_table_block_estimate(&r, &one, s0, NULL), e4 = 0;
        for (unsigned k = 0; k < 4; k++) {
            wy_block_split(&four, N, N, k, 4);
            uint64_t e = wy_table_block_estimate(&r, &four, s0, NULL);
            e4 = e > e4 ? e : e4;
        }
        m.cases++;
        if (!(e4 * 3 < e1))
            tk_fail(&m, "estimates: one block %llu bytes, the largest of four %llu", (unsigned long long)e1,
                    (unsigned long long)e4);
        net *n = net_new(&r, s0, 1, 1, 0, N, N);
        n->mem_limit = (e1 + e4) / 2;
        wy_status st = run_net(n, N, N, err, sizeof err);
        m.cases++;
        if (st != WY_ERANGE || !strstr(err, "MiB"))
            tk_fail(&m, "one block under the limit: status %d (%s)", (int)st, err);
        net_free(n);
        n = net_new(&r, s0, 4, 1, 0, N, N);
        n->mem_limit = (e1 + e4) / 2;
        st = run_net(n, N, N, err, sizeof err);
        m.cases++;
        if (st != WY_OK)
            tk_fail(&m, "four blocks under the limit: %s", err);
        wy_table *t = NULL;
        wy_table_compute(&t, &r, N, N, s0, 0, NULL, 0);
        for (uint32_t x = 0; st == WY_OK && x < N; x += 7)
            for (uint32_t y = 0; y < N; y++)
                if (n->got[(size_t)x * N + y] != wy_table_get(t, x, y, s0)) {
                    tk_fail(&m, "four blocks: (%u, %u) differs", x, y);
                    x = N;
                    break;
                }
        wy_table_free(t);
        net_free(n);
        failed |= tk_group_end(&m);
    }

    /* a corrupted message, a stop, bad blocks */
    {
        tk_group b = {"bad messages, stops and bad blocks are refused", 0, 0};
        wy_rules r;
        char err[WY_ERRLEN];
        wy_rules_parse(&r, "wythoff+pass", NULL, 0);
        wy_side s1 = {1, 0};
        net *n = net_new(&r, s1, 3, 2, 7, 100, 90);
        n->corrupt_band = 5;
        wy_status st = run_net(n, 100, 90, err, sizeof err);
        b.cases++;
        if (st != WY_EINTERNAL || !strstr(err, "malformed"))
            tk_fail(&b, "corrupted message: status %d (%s)", (int)st, err);
        net_free(n);
        n = net_new(&r, s1, 3, 2, 7, 100, 90);
        n->stop_band = 3;
        st = run_net(n, 100, 90, err, sizeof err);
        b.cases++;
        if (st != WY_ECANCELED)
            tk_fail(&b, "stopped by a callback: status %d (%s)", (int)st, err);
        net_free(n);
        wy_block bad = {10, 10, 4, 4, 0, 0};
        wy_block_io io = {NULL, lo_recv, lo_send, lo_out, NULL};
        b.cases++;
        if (wy_table_block_run(&r, &bad, s1, 0, NULL, &io, NULL, err, sizeof err) != WY_EINVAL)
            tk_fail(&b, "an empty block was accepted");
        wy_block flags = {10, 10, 0, 5, 0, 0};
        b.cases++;
        if (wy_table_block_run(&r, &flags, s1, 0, NULL, &io, NULL, err, sizeof err) != WY_EINVAL)
            tk_fail(&b, "a block at column 0 not marked first was accepted");
        wy_block split;
        b.cases++;
        if (wy_block_split(&split, 10, 3, 0, 4) || !wy_block_split(&split, 10, 10, 3, 4) || split.c0 != 8 ||
            split.c1 != 10 || !split.last || split.first)
            tk_fail(&b, "wy_block_split: 4 blocks of 3 columns accepted, or block 3 of 10 columns is not [8, 10)");
        failed |= tk_group_end(&b);
    }
    return failed ? 1 : 0;
}
