/* serve_cache.c - the caches of `wythoff serve`: exact evaluators, tables
 * and rendered tiles.
 *
 * Each worker keeps its own exact evaluators (wy_exact: one thread at a
 * time, as wythoff_exact.h says), one per ruleset it has seen, in a small
 * cache released when the thread ends; a registry limits the rulesets
 * whose evaluators keep their proofs in the disk cache.  Tables for tiles
 * and windows are computed once per ruleset and side state and then only
 * read, by any number of threads (wy_table_get on a finished table), in a
 * cache with reference counts and a budget of memory (the server's
 * --mem-limit).  Rendered tiles are kept as PNG bytes, the least recently
 * used one dropped. */
#include "serve.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static pthread_key_t exact_key; /* this thread's exact_cache */

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
    if (!serve_cfg.cache_dir[0])
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

wy_exact *exact_for(req *r, const cli_game *g, const wy_run *run)
{
    exact_cache *c = pthread_getspecific(exact_key);
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c || pthread_setspecific(exact_key, c) != 0) {
            free(c);
            req_fail(r, 507, 3, "out of memory");
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
        wy_status st = wy_exact_new_run(&c->s[k].e, &g->rules, serve_cfg.mem_limit, run, err, sizeof err);
        if (st != WY_OK) {
            c->s[k].e = NULL;
            req_fail_status(r, st, err);
            return NULL;
        }
        c->s[k].cached = 0;
        snprintf(c->s[k].text, sizeof c->s[k].text, "%s", g->text);
    }
    const int cached = cache_use(g->text, r->client);
    if (cached != c->s[k].cached) {
        wy_exact_set_cache(c->s[k].e, cached ? serve_cfg.cache_dir : NULL);
        c->s[k].cached = cached;
    }
    c->s[k].used = ++c->tick;
    wy_exact_set_run(c->s[k].e, run);
    return c->s[k].e;
}

void exact_done(wy_exact *e)
{
    if (e)
        wy_exact_set_run(e, NULL);
}

/* ------------------------------------------------------------------ */
/* Tables for tiles and windows                                        */
/* ------------------------------------------------------------------ */

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
    while (tab_bytes + extra > serve_cfg.mem_limit) {
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
    while (s < need && s < serve_cfg.table_side)
        s *= 2;
    return (uint32_t)(s > serve_cfg.table_side ? serve_cfg.table_side : s);
}

tabent *tab_get(req *r, const cli_game *g, uint64_t need)
{
    char key[160], err[WY_ERRLEN];
    tab_key(key, sizeof key, g);
    if (need > serve_cfg.table_side) {
        req_fail(r, 400, 2, "beyond the tables of this server: positions up to %u a side (--mem-limit sets it)",
                 serve_cfg.table_side);
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
            req_fail_status(r, WY_ECANCELED, "");
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
            req_fail_status(r, WY_ECANCELED, "");
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
        req_fail(r, 507, 3, "out of memory");
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

    wy_status st = wy_table_compute_run(&e->t, &g->rules, side, side, g->side, serve_cfg.mem_limit,
                                        WY_LAYOUT_AUTO, &run, err, sizeof err);
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
        req_fail_status(r, st, err);
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

void tab_release(tabent *e)
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
static size_t tile_bytes; /* the cache's bytes, at most TILECACHE_BYTES */

/* Empties slot i.  Under tile_lock. */
static void tile_drop(int i)
{
    if (tiles[i].key)
        tile_bytes -= tiles[i].len;
    free(tiles[i].key);
    free(tiles[i].png);
    tiles[i].key = NULL;
    tiles[i].png = NULL;
    tiles[i].len = 0;
}

unsigned char *tile_lookup(const char *key, size_t *len)
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

void tile_store(const char *key, const unsigned char *png, size_t len)
{
    if (len > TILECACHE_BYTES)
        return;
    char *k = strdup(key);
    unsigned char *p = malloc(len);
    if (!k || !p) {
        free(k);
        free(p);
        return;
    }
    memcpy(p, png, len);
    pthread_mutex_lock(&tile_lock);
    int slot = -1;
    for (;;) { /* a free slot once the bytes fit, else the least recently used tile goes */
        int lru = -1;
        slot = -1;
        for (int i = 0; i < TILECACHE_MAX; i++) {
            if (!tiles[i].key) {
                if (slot < 0)
                    slot = i;
            } else if (lru < 0 || tiles[i].used < tiles[lru].used) {
                lru = i;
            }
        }
        if (slot >= 0 && tile_bytes + len <= TILECACHE_BYTES)
            break;
        tile_drop(lru); /* lru >= 0: no free slot, or some bytes are held */
    }
    tile_bytes += len;
    tiles[slot].key = k;
    tiles[slot].png = p;
    tiles[slot].len = len;
    tiles[slot].used = ++tile_tick;
    pthread_mutex_unlock(&tile_lock);
}

static void tile_free_all(void)
{
    for (int i = 0; i < TILECACHE_MAX; i++)
        tile_drop(i);
}

/* ------------------------------------------------------------------ */
/* Start and end                                                       */
/* ------------------------------------------------------------------ */

int serve_cache_init(void)
{
    return pthread_key_create(&exact_key, exact_cache_free) != 0 ? -1 : 0;
}

/* The pool threads' evaluators were freed as the threads ended; the
 * calling thread has none. */
void serve_cache_free(void)
{
    tab_free_all();
    tile_free_all();
    pthread_key_delete(exact_key);
}
