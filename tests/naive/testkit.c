/* testkit.c - helpers shared by the differential tests (see testkit.h). */
#include "testkit.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tk_rng_seed(tk_rng *g, uint64_t seed)
{
    g->state = seed;
}

uint64_t tk_rng_next(tk_rng *g)
{
    uint64_t z = (g->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

uint32_t tk_rng_range(tk_rng *g, uint32_t lo, uint32_t hi)
{
    uint64_t span = (uint64_t)hi - lo + 1;
    /* the modulo bias is irrelevant for spans this small */
    return lo + (uint32_t)(tk_rng_next(g) % span);
}

int tk_rng_chance(tk_rng *g, uint32_t num, uint32_t den)
{
    return tk_rng_range(g, 0, den - 1) < num;
}

int tk_env_u64(uint64_t *out, const char *name)
{
    const char *s = getenv(name);
    if (s == NULL || *s == '\0')
        return 0;
    if (*s < '0' || *s > '9') {
        printf("FAIL environment: %s='%s' is not a non-negative integer\n", name, s);
        return -1;
    }
    errno = 0;
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0' || errno == ERANGE) {
        printf("FAIL environment: %s='%s' is not a valid 64-bit integer\n", name, s);
        return -1;
    }
    *out = (uint64_t)v;
    return 1;
}

int tk_seed(uint64_t *seed)
{
    int rc = tk_env_u64(seed, "WY_SEED");
    if (rc < 0)
        return -1;
    if (rc == 0)
        *seed = TK_SEED_DEFAULT; /* the same cases every run */
    printf("seed = %llu (rerun with WY_SEED=%llu)\n", (unsigned long long)*seed,
           (unsigned long long)*seed);
    fflush(stdout);
    return 0;
}

/* An environment flag: 1 for a value starting with 1-9 (WY_TEST_BIG=1),
 * 0 for 0 or empty, -1 when unset. */
static int env_flag(const char *name)
{
    const char *s = getenv(name);
    if (s == NULL)
        return -1;
    return *s >= '1' && *s <= '9';
}

int tk_test_san(void)
{
    int v = env_flag("WY_TEST_SAN");
    if (v >= 0)
        return v;
#if defined(__SANITIZE_ADDRESS__)
    return 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return 1;
#else
    return 0;
#endif
#else
    return 0;
#endif
}

int tk_test_big(void) { return env_flag("WY_TEST_BIG") > 0; }

int tk_iters(uint64_t *iters)
{
    *iters = 1;
    int rc = tk_env_u64(iters, "WY_TEST_ITERS");
    if (rc < 0)
        return -1;
    if (*iters == 0)
        *iters = 1;
    return 0;
}

void tk_random_spec(tk_rng *g, tk_spec *s)
{
    memset(s, 0, sizeof *s);
    s->nim = tk_rng_chance(g, 1, 2);
    s->passes = tk_rng_range(g, 0, 3);
    s->heap = tk_rng_range(g, 0, 3);
    s->max = tk_rng_chance(g, 1, 2) ? 0 : tk_rng_range(g, 1, 6);
    s->mod = (s->nim || tk_rng_chance(g, 1, 2)) ? 0 : tk_rng_range(g, 1, 7);
    s->has_terminal = tk_rng_chance(g, 1, 2);
    s->terminal = s->has_terminal ? tk_rng_range(g, 0, 6) : 0;
    s->misere = tk_rng_chance(g, 1, 2);
    s->pass_short = tk_rng_chance(g, 1, 2);
}

int tk_spec_text(char *buf, size_t len, const tk_spec *s)
{
    char tmp[200];
    int n = snprintf(tmp, sizeof tmp, "%s", s->nim ? "nim" : "wythoff");
    if (s->passes == 1 && s->pass_short)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+pass");
    else if (s->passes > 0)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+pass=%lu", (unsigned long)s->passes);
    if (s->heap)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+heap=%lu", (unsigned long)s->heap);
    if (s->max)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+max=%lu", (unsigned long)s->max);
    if (s->mod)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+mod=%lu", (unsigned long)s->mod);
    if (s->has_terminal)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+terminal=%lu",
                      (unsigned long)s->terminal);
    if (s->misere)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+misere");
    if (buf && len)
        snprintf(buf, len, "%s", tmp);
    return n;
}

int tk_spec_rules(wy_rules *r, const tk_spec *s, const char *text, char *err, size_t errlen)
{
    char perr[WY_ERRLEN] = "";
    memset(r, 0, sizeof *r);
    if (wy_rules_parse(r, text, perr, sizeof perr) != WY_OK) {
        snprintf(err, errlen, "wy_rules_parse(\"%s\") failed: %s", text, perr);
        return 1;
    }
    const char *field = NULL;
    if (r->game != (s->nim ? WY_GAME_NIM : WY_GAME_WYTHOFF))
        field = "game";
    else if (r->passes != s->passes)
        field = "passes";
    else if (r->heap != s->heap)
        field = "heap";
    else if (r->max != s->max)
        field = "max";
    else if (r->mod != s->mod)
        field = "mod";
    else if (!r->has_terminal != !s->has_terminal)
        field = "has_terminal";
    else if (s->has_terminal && r->terminal != s->terminal)
        field = "terminal";
    else if (!r->misere != !s->misere)
        field = "misere";
    if (field) {
        snprintf(err, errlen, "wy_rules_parse(\"%s\") gave a wrong %s", text, field);
        return 1;
    }
    return 0;
}

int tk_spec_next(tk_spec *s, int *started)
{
    if (!*started) {
        memset(s, 0, sizeof *s);
        *started = 1;
        return 1;
    }
    /* odometer over: misere, terminal (absent, 0..6), mod (0..7, wythoff
     * only), max (0..6), heap (0..3), passes (0..3), game */
    if (!s->misere) {
        s->misere = 1;
        return 1;
    }
    s->misere = 0;
    if (!s->has_terminal) {
        s->has_terminal = 1;
        s->terminal = 0;
        return 1;
    }
    if (s->terminal < 6) {
        s->terminal++;
        return 1;
    }
    s->has_terminal = 0;
    s->terminal = 0;
    if (!s->nim && s->mod < 7) {
        s->mod++;
        return 1;
    }
    s->mod = 0;
    if (s->max < 6) {
        s->max++;
        return 1;
    }
    s->max = 0;
    if (s->heap < 3) {
        s->heap++;
        return 1;
    }
    s->heap = 0;
    if (s->passes < 3) {
        s->passes++;
        s->pass_short = !s->pass_short;
        return 1;
    }
    s->passes = 0;
    if (!s->nim) {
        s->nim = 1;
        return 1;
    }
    return 0;
}

uint32_t tk_random_dim(tk_rng *g, uint32_t hi)
{
    uint32_t c = tk_rng_range(g, 0, 9);
    if (c < 2)
        return 1;
    if (c == 2)
        return hi < 2 ? hi : 2;
    if (c == 3)
        return hi;
    return tk_rng_range(g, 1, hi);
}

void tk_fail(tk_group *g, const char *fmt, ...)
{
    g->failed++;
    if (g->failed > TK_SHOW_FAILS)
        return;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL %s: ", g->name);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    fflush(stdout);
}

int tk_group_end(tk_group *g)
{
    if (g->failed == 0)
        printf("PASS %s (%lu checks)\n", g->name, g->cases);
    else if (g->failed > TK_SHOW_FAILS)
        printf("FAIL %s: %lu failures in %lu checks (only the first %d shown)\n", g->name, g->failed, g->cases,
               TK_SHOW_FAILS);
    fflush(stdout);
    return g->failed != 0;
}
