/*
 * t-automaton - Zeckendorf numeration, the automaton file format, the
 * learner and the evaluator's value-1 method (include/wythoff_automaton.h,
 * docs/automata.md), without Walnut:
 *   - wy_zeck_digits: no adjacent 1s, no leading 0, and wy_zeck_value gives
 *     n back, for n < 10^5 and 200 random numbers of up to 1000 digits;
 *   - wy_floor_phi against its definition a <= n phi < a + 1 in integers
 *     ((2a - n)^2 <= 5 n^2 < (2a + 2 - n)^2), and the Zeckendorf-shift
 *     floor(n phi) of the learner (wyi_floor_phi_u64) against wy_floor_phi;
 *   - the file format: format -> parse -> format is the identity; 40 broken
 *     files and 3000 random byte mutations of a good one are refused with
 *     WY_EINVAL or parse (never a crash; ASan run);
 *   - the learner: the value-1 layer of wythoff from 600000 diagonals gives
 *     the automaton compiled into the library (data/automata/wythoff-v1.aut)
 *     at every n < 10^6; wy_automaton_verify agrees on 10^6 diagonals and
 *     finds a changed output;
 *   - the automaton against the table engine (an engine the learner does not
 *     use): in a 1500 x 3000 window (every cell of its first 500 rows), the
 *     cells of value 1 are exactly the automaton's positions, and
 *     wy_automaton_row lists each row's;
 *   - the evaluator: wythoff (value 1 or G >= 2), wythoff+pass with the pass
 *     (P iff the pass game's table says 0), wythoff+heap=1, at every position
 *     of the window 46 <= x, y < 250 against the table engine, and the
 *     winning moves of wythoff+pass and wythoff+heap=1 there against the
 *     table's P-options.
 * Random choices: seed WY_SEED (default 20261121), printed.  WY_TEST_SAN=1:
 * smaller windows.  Output: "PASS name" / "FAIL name: why"; exit 0 iff all
 * passed.
 */
#include "../../src/core/automata_data.h"
#include "../../src/core/internal.h"
#include "wythoff.h"
#include "wythoff_automaton.h"
#include "wythoff_exact.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;
static void check(int ok, const char *name, const char *why)
{
    if (ok)
        printf("PASS %s\n", name);
    else {
        printf("FAIL %s: %s\n", name, why);
        fails++;
    }
}

static uint64_t rng_state;
static uint64_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t z = rng_state;
    z ^= z >> 33;
    z *= 0xff51afd7ed558ccdull;
    z ^= z >> 33;
    return z;
}

static void random_big(mpz_t n, unsigned digits)
{
    mpz_set_ui(n, 0);
    for (unsigned i = 0; i < digits; i++) {
        mpz_mul_ui(n, n, 10);
        mpz_add_ui(n, n, rnd() % 10);
    }
}

static int zeck_ok(const mpz_t n, char *why, size_t len)
{
    unsigned char *d;
    size_t l;
    if (wy_zeck_digits(&d, &l, n, NULL, 0) != WY_OK)
        return snprintf(why, len, "wy_zeck_digits failed"), 0;
    int ok = 1;
    if (l && d[0] != 1)
        ok = 0, snprintf(why, len, "leading 0");
    for (size_t i = 0; ok && i + 1 < l; i++)
        if (d[i] && d[i + 1])
            ok = 0, snprintf(why, len, "adjacent 1s at digit %zu", i);
    mpz_t v;
    mpz_init(v);
    wy_zeck_value(v, d, l);
    if (ok && mpz_cmp(v, n) != 0)
        ok = 0, snprintf(why, len, "the digits give another number");
    mpz_clear(v);
    free(d);
    return ok;
}

static int floor_phi_ok(const mpz_t n)
{
    mpz_t a, l, r, f;
    mpz_inits(a, l, r, f, NULL);
    wy_floor_phi(a, n);
    mpz_mul(f, n, n);
    mpz_mul_ui(f, f, 5);
    mpz_mul_2exp(l, a, 1);
    mpz_sub(l, l, n); /* 2a - n >= 0 */
    mpz_add_ui(r, l, 2);
    int ok = mpz_sgn(l) >= 0;
    mpz_mul(l, l, l);
    mpz_mul(r, r, r);
    ok = ok && mpz_cmp(l, f) <= 0 && mpz_cmp(f, r) < 0;
    mpz_clears(a, l, r, f, NULL);
    return ok;
}

static const wyi_automaton_text *shipped(void)
{
    for (const wyi_automaton_text *t = wyi_automata_data; t->name; t++)
        if (!strcmp(t->name, "wythoff-v1.aut"))
            return t;
    return NULL;
}

int main(void)
{
    const char *s = getenv("WY_SEED");
    rng_state = s ? strtoull(s, NULL, 10) : 20261121u;
    printf("seed: %llu\n", (unsigned long long)rng_state);
    const int san = getenv("WY_TEST_SAN") && !strcmp(getenv("WY_TEST_SAN"), "1");
    char why[2048] = "", err[WY_ERRLEN];
    mpz_t n, x, y, t;
    mpz_inits(n, x, y, t, NULL);

    /* numeration */
    int ok = 1;
    for (unsigned long k = 0; k < 100000 && ok; k++) {
        mpz_set_ui(n, k);
        ok = zeck_ok(n, why, sizeof why);
    }
    check(ok, "Zeckendorf digits of n < 10^5: no adjacent 1s, no leading 0, value n", why);
    for (int k = 0; k < 200 && ok; k++) {
        random_big(n, 1 + (unsigned)(rnd() % 1000));
        ok = zeck_ok(n, why, sizeof why);
    }
    check(ok, "Zeckendorf digits of 200 random numbers of up to 1000 digits", why);
    mpz_set_si(n, -1);
    unsigned char *dd;
    size_t dl;
    check(wy_zeck_digits(&dd, &dl, n, err, sizeof err) == WY_EINVAL, "Zeckendorf of -1: WY_EINVAL", err);
    ok = 1;
    for (unsigned long k = 0; k < 200000 && ok; k++) {
        mpz_set_ui(n, k);
        ok = floor_phi_ok(n) && (wy_floor_phi(t, n), mpz_get_ui(t) == wyi_floor_phi_u64(k));
        if (!ok)
            snprintf(why, sizeof why, "n = %lu", k);
    }
    for (int k = 0; k < 2000 && ok; k++) {
        uint64_t v = rnd() >> 2;
        mpz_set_ui(n, v);
        ok = floor_phi_ok(n) && (wy_floor_phi(t, n), mpz_get_ui(t) == wyi_floor_phi_u64(v));
        if (!ok)
            snprintf(why, sizeof why, "n = %llu", (unsigned long long)v);
    }
    for (int k = 0; k < 200 && ok; k++) {
        random_big(n, 1 + (unsigned)(rnd() % 1000));
        ok = floor_phi_ok(n);
    }
    check(ok, "floor(n phi): a <= n phi < a + 1 in integers (n < 2*10^5, 2000 below 2^62, 200 of up to 1000 digits); "
              "the Zeckendorf shift gives the same",
          why);

    /* FNV-1a: the published test vectors of its authors (Fowler, Noll, Vo) */
    check(wy_fnv1a("", 0) == 0xcbf29ce484222325ull && wy_fnv1a("a", 1) == 0xaf63dc4c8601ec8cull &&
              wy_fnv1a("foobar", 6) == 0x85944171f73967e8ull,
          "wy_fnv1a: the FNV-1a test vectors of \"\", \"a\", \"foobar\"", "differs");

    /* the file format */
    const wyi_automaton_text *sh = shipped();
    check(sh != NULL, "data/automata/wythoff-v1.aut is compiled in", "missing");
    if (!sh)
        return 1;
    wy_automaton *a = NULL;
    wy_status st = wy_automaton_parse(&a, sh->text, sh->len, err, sizeof err);
    check(st == WY_OK, "the compiled-in automaton parses", err);
    if (st != WY_OK)
        return 1;
    char *f1 = wy_automaton_format(a);
    check(f1 && strlen(f1) == sh->len && !memcmp(f1, sh->text, sh->len), "format(parse(file)) = file", "differs");
    const wy_automaton_info *in = wy_automaton_get_info(a);
    static const struct {
        const char *from, *to, *what;
    } broken[] = {
        {"wythoff-automaton 1", "wythoff-automaton 2", "version"},
        {"wythoff-automaton 1", "wythoff-automata 1", "magic"},
        {"rules wythoff", "rules wythoff+bogus", "ruleset"},
        {"side 0 0", "side 1 0", "side state beyond the ruleset"},
        {"side 0 0", "side 0", "side with one number"},
        {"value 1", "value -1", "negative value"},
        {"value 1", "value 1x", "value with junk"},
        {"numeration msd_fib", "numeration msd_2", "numeration"},
        {"encoding diagonal-offset", "encoding row", "encoding"},
        {"states 188", "states 0", "no states"},
        {"states 188", "states 189", "more states than listed"},
        {"states 188", "states 2000000", "too many states"},
        {"states 188", "states 99999999999999999999999", "huge state count"},
        {"start 0", "start 188", "start out of range"},
        {"start 0", "start 1", "start without a loop on 0"},
        {"\n0 2 0 1\n", "\n0 2 0 188\n", "move out of range"},
        {"\n0 2 0 1\n", "\n0 2 0 -1\n", "negative move"},
        {"\n0 2 0 1\n", "\n0 2 0\n", "missing move"},
        {"\n0 2 0 1\n", "\n0 2 0 1 7\n", "extra field"},
        {"\n0 2 0 1\n", "\n0 2147483648 0 1\n", "output beyond 2^31"},
        {"\n0 2 0 1\n", "\n0 x 0 1\n", "output not a number"},
        {"\n0 2 0 1\n", "\n1 2 0 1\n", "states out of order"},
        {"\n1 -1 2 -\n", "\n1 -1 2 1\n", "a 1 after a 1"},
        {"\nend\n", "\n", "no end"},
        {"\nend\n", "\nend\n0 0 0 0\n", "text after end"},
        {"learned ", "learnt ", "misspelt key"},
    };
    int all = 1;
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        const char *p = strstr(sh->text, broken[i].from);
        if (!p) {
            all = 0;
            snprintf(why, sizeof why, "pattern of '%s' not found", broken[i].what);
            break;
        }
        size_t pre = (size_t)(p - sh->text), fl = strlen(broken[i].from), tl = strlen(broken[i].to);
        size_t bl = sh->len - fl + tl;
        char *b = malloc(bl + 1);
        memcpy(b, sh->text, pre);
        memcpy(b + pre, broken[i].to, tl);
        memcpy(b + pre + tl, p + fl, sh->len - pre - fl);
        b[bl] = '\0';
        wy_automaton *z = NULL;
        err[0] = '\0';
        st = wy_automaton_parse(&z, b, bl, err, sizeof err);
        if (st != WY_EINVAL || z || !err[0]) {
            all = 0;
            snprintf(why, sizeof why, "%s: status %d (%s)", broken[i].what, (int)st, err);
        }
        wy_automaton_free(z);
        free(b);
        if (!all)
            break;
    }
    check(all, "26 broken files (header, ruleset, side, value, states, moves, outputs, order, 11, end) are refused "
               "with WY_EINVAL and a message",
          why);
    all = 1;
    {
        char *b = malloc(sh->len + 1);
        for (int k = 0; k < (san ? 600 : 3000); k++) {
            memcpy(b, sh->text, sh->len);
            size_t bl = sh->len;
            for (int m = 1 + (int)(rnd() % 3); m-- > 0;)
                b[rnd() % bl] = (char)(rnd() % 3 == 0 ? (unsigned char)(rnd() % 256) : (unsigned char)"0123456789 -\n#"[rnd() % 14]);
            if (rnd() % 4 == 0)
                bl = rnd() % bl;
            wy_automaton *z = NULL;
            st = wy_automaton_parse(&z, b, bl, NULL, 0);
            if (st != WY_OK && st != WY_EINVAL) {
                all = 0;
                snprintf(why, sizeof why, "mutant %d: status %d", k, (int)st);
            }
            if (st == WY_OK) {
                /* what parses is well formed: running it on any n stays inside */
                for (uint64_t v = 0; v < 200; v++)
                    (void)wy_automaton_output_u64(z, v);
            }
            wy_automaton_free(z);
        }
        free(b);
    }
    check(all, "random byte mutations of the file: parsed or refused with WY_EINVAL (run under the sanitizers)", why);

    /* the learner */
    wy_rules wr;
    wy_rules_parse(&wr, "wythoff", NULL, 0);
    wy_automaton *l = NULL;
    st = wy_automaton_learn(&l, &wr, (wy_side){0, 0}, 1, 600000, 0, "t-automaton", NULL, err, sizeof err);
    check(st == WY_OK, "learn the value-1 layer of wythoff from 600000 diagonals", err);
    if (st == WY_OK) {
        const wy_automaton_info *li = wy_automaton_get_info(l);
        uint64_t k = 0, N = san ? 200000 : 1000000;
        for (; k < N; k++)
            if (wy_automaton_output_u64(l, k) != wy_automaton_output_u64(a, k))
                break;
        snprintf(why, sizeof why, "differs at n = %llu (%u states learned, %u shipped)", (unsigned long long)k,
                 li->states, in->states);
        check(k == N && li->states == in->states, "the learned automaton = the shipped one (same states, same output "
                                                  "at every n below the bound)", why);
        /* a learner that would stop too early: 100 diagonals fix no automaton */
        wy_automaton *z = NULL;
        st = wy_automaton_learn(&z, &wr, (wy_side){0, 0}, 1, 100, 0, NULL, NULL, err, sizeof err);
        check(st == WY_EUNDECIDED && !z, "from 100 diagonals: WY_EUNDECIDED (the data cannot tell the states apart)",
              err);
        wy_automaton_free(z);
        wy_rules wp;
        wy_rules_parse(&wp, "wythoff+pass", NULL, 0);
        st = wy_automaton_learn(&z, &wp, (wy_side){1, 0}, 0, 600000, 0, NULL, NULL, err, sizeof err);
        uint64_t k2 = 5, N2 = san ? 200000 : 1000000;
        for (; st == WY_OK && k2 < N2; k2++)
            if (wy_automaton_output_u64(z, k2) != wy_automaton_output_u64(a, k2))
                break;
        snprintf(why, sizeof why, "status %d (%s); differs at n = %llu", (int)st, err, (unsigned long long)k2);
        check(st == WY_OK && k2 == N2,
              "the P-positions of wythoff+pass (pass available), learned from the pass game's own layer: the value-1 "
              "automaton's offsets on every diagonal n >= 5 below the bound (paper 000, Corollary 2)",
              why);
        wy_automaton_free(z);
    }
    wy_automaton_free(l);
    uint64_t bad = 0;
    st = wy_automaton_verify(a, san ? 100000 : 1000000, 0, NULL, &bad, err, sizeof err);
    check(st == WY_OK, "verify: the shipped automaton agrees with a fresh layer scan on 10^6 diagonals", err);
    {
        /* one output changed: verify names the first diagonal it changes */
        char *b = malloc(sh->len + 1);
        memcpy(b, sh->text, sh->len);
        b[sh->len] = '\0';
        char *p = strstr(b, "\n5 1 8 9\n");
        wy_automaton *z = NULL;
        if (p) {
            p[3] = '2';
            wy_automaton_parse(&z, b, sh->len, NULL, 0);
        }
        uint64_t first = UINT64_MAX;
        for (uint64_t k = 0; z && k < 1000000 && first == UINT64_MAX; k++)
            if (wy_automaton_output_u64(z, k) != wy_automaton_output_u64(a, k))
                first = k;
        st = z ? wy_automaton_verify(z, 1000000, 0, NULL, &bad, err, sizeof err) : WY_EINTERNAL;
        snprintf(why, sizeof why, "status %d, bad %llu, first change %llu: %s", (int)st, (unsigned long long)bad,
                 (unsigned long long)first, err);
        check(st == WY_EDIFF && bad == first, "verify: an automaton with one output changed differs at its first "
                                              "changed diagonal",
              why);
        wy_automaton_free(z);
        free(b);
    }

    /* against the table engine */
    const uint32_t R = san ? 500 : 1500, C = 2 * R;
    wy_table *tb = NULL;
    st = wy_table_compute(&tb, &wr, R, C, (wy_side){0, 0}, 0, err, sizeof err);
    check(st == WY_OK, "the table of wythoff", err);
    if (tb) {
        int eq = 1, rows = 1;
        mpz_t ys[4];
        for (int i = 0; i < 4; i++)
            mpz_init(ys[i]);
        for (uint32_t i = 0; i < R && eq && rows; i++) {
            uint32_t one = UINT32_MAX;
            for (uint32_t j = 0; j < C && eq; j++) {
                if (i >= R / 3 && wy_table_get(tb, i, j, (wy_side){0, 0}) != 1 && j != i * 8 / 5)
                    continue; /* every cell of the first R/3 rows; then the layer's cells and one other */
                mpz_set_ui(x, i);
                mpz_set_ui(y, j);
                int v1 = wy_table_get(tb, i, j, (wy_side){0, 0}) == 1;
                if (v1)
                    one = j;
                if (v1 != wy_automaton_contains(a, x, y)) {
                    eq = 0;
                    snprintf(why, sizeof why, "(%u, %u): table %s, automaton %s", i, j, v1 ? "1" : "not 1",
                             v1 ? "not in the layer" : "in the layer");
                }
            }
            size_t cnt = 0;
            mpz_set_ui(x, i);
            wy_automaton_row(a, ys, 4, &cnt, x);
            if (one == UINT32_MAX || cnt != 1 || mpz_cmp_ui(ys[0], one) != 0) {
                rows = 0;
                snprintf(why, sizeof why, "row %u: table's value 1 at %u, the automaton's row search gives %zu", i, one,
                         cnt);
            }
        }
        for (int i = 0; i < 4; i++)
            mpz_clear(ys[i]);
        check(eq, "every cell of rows 0..R/3-1 of the window, and each later row's value-1 cell and one more: value 1 in the table iff the automaton's layer holds it", why);
        /* wy_eval_ppos of value 1 from a start (the automaton's listing) = the table's cells in order */
        {
            wy_exact *e1 = NULL;
            int pe = wy_exact_new(&e1, &wr, 0, err, sizeof err) == WY_OK;
            static const uint32_t froms[] = {0, 1, 7, 100, 333};
            enum { K = 60 };
            mpz_t pa[K], pb[K];
            for (int i = 0; i < K; i++)
                mpz_inits(pa[i], pb[i], NULL);
            for (size_t f = 0; pe && f < sizeof froms / sizeof *froms; f++) {
                size_t got = 0;
                mpz_set_ui(x, froms[f]);
                if (wy_eval_ppos(e1, pa, pb, NULL, K, &got, x, (wy_side){0, 0}, 1, NULL, err, sizeof err) != WY_OK ||
                    got != K) {
                    pe = 0;
                    snprintf(why, sizeof why, "from %u: %s", froms[f], err);
                    break;
                }
                size_t j = 0;
                for (uint32_t i = froms[f]; i < R && j < K && pe; i++)
                    for (uint32_t jj = i; jj < C && j < K; jj++)
                        if (wy_table_get(tb, i, jj, (wy_side){0, 0}) == 1) {
                            if (mpz_cmp_ui(pa[j], i) || mpz_cmp_ui(pb[j], jj)) {
                                pe = 0;
                                snprintf(why, sizeof why, "from %u: term %zu is (%u, %u) in the table", froms[f], j, i, jj);
                            }
                            j++;
                        }
            }
            for (int i = 0; i < K; i++)
                mpz_clears(pa[i], pb[i], NULL);
            wy_exact_free(e1);
            check(pe, "wy_eval_ppos of value 1 from rows 0, 1, 7, 100, 333 (60 terms each) = the table's value-1 cells in order", why);
        }
        check(rows, "wy_automaton_row: each row's one value-1 cell, as in the table", why);
        wy_table_free(tb);
    }

    /* the evaluator */
    static const char *const games[] = {"wythoff", "wythoff+pass", "wythoff+heap=1"};
    const uint32_t LO = 46, HI = san ? 120 : 250;
    for (int gi = 0; gi < 3; gi++) {
        wy_rules r;
        wy_rules_parse(&r, games[gi], NULL, 0);
        wy_side sd = wy_side_start(&r);
        wy_table *T = NULL;
        wy_exact *e = NULL;
        st = wy_table_compute(&T, &r, HI, HI, sd, 0, err, sizeof err);
        if (st == WY_OK)
            st = wy_exact_new(&e, &r, 0, err, sizeof err);
        check(st == WY_OK, games[gi], err);
        if (st != WY_OK) {
            wy_table_free(T);
            wy_exact_free(e);
            continue;
        }
        wy_answer ans;
        wy_answer_init(&ans);
        int good = 1, mgood = 1;
        long checked = 0, v1 = 0, mv = 0;
        for (uint32_t i = LO; i < HI && good && mgood; i++)
            for (uint32_t j = LO; j < HI && good && mgood; j++) {
                mpz_set_ui(x, i);
                mpz_set_ui(y, j);
                uint32_t g = wy_table_get(T, i, j, sd);
                st = wy_exact_eval(e, &ans, x, y, sd, err, sizeof err);
                checked++;
                if (st != WY_OK || ans.outcome != (g ? 'N' : 'P') ||
                    (ans.has_value && mpz_cmp_ui(ans.value, g) != 0) || (gi == 0 && g == 1 && !ans.has_value) ||
                    (gi == 0 && !ans.has_value && (ans.value_min != 2 || g < 2))) {
                    good = 0;
                    snprintf(why, sizeof why, "(%u, %u): table %u, evaluator status %d outcome %c value %s: %s %s", i,
                             j, g, (int)st, ans.outcome, ans.has_value ? "known" : "unknown", err, ans.why);
                }
                v1 += g == (gi == 0 ? 1u : 0u);
                if (gi == 0 || !good || (i + j) % 3)
                    continue;
                /* the winning moves: exactly the table's P-options */
                wy_bigmove *mvs = NULL;
                size_t cnt = 0;
                const char *meth;
                st = wy_exact_winning(e, &mvs, &cnt, &meth, x, y, sd, err, sizeof err);
                wy_move opts[4096];
                size_t no = 0;
                wy_moves_list(opts, 4096, &no, &r, i, j, sd, NULL, 0);
                size_t want = 0;
                for (size_t k = 0; k < no && k < 4096; k++)
                    want += wy_table_get(T, opts[k].x, opts[k].y, opts[k].side) == 0;
                int same = st == WY_OK && cnt == want;
                for (size_t k = 0; same && k < cnt; k++)
                    same = wy_table_get(T, (uint32_t)mpz_get_ui(mvs[k].x), (uint32_t)mpz_get_ui(mvs[k].y),
                                        mvs[k].side) == 0;
                if (!same) {
                    mgood = 0;
                    snprintf(why, sizeof why, "(%u, %u): %zu winning moves, the table has %zu (status %d: %s)", i, j,
                             cnt, want, (int)st, err);
                }
                mv++;
                wy_bigmoves_free(mvs, cnt);
            }
        char name[200];
        snprintf(name, sizeof name, "%s, %u <= x, y < %u (%ld positions, %ld of the layer): the evaluator = the table",
                 games[gi], LO, HI, checked, v1);
        check(good, name, why);
        if (gi) {
            snprintf(name, sizeof name, "%s: winning moves at %ld positions = the table's P-options", games[gi], mv);
            check(mgood, name, why);
        }
        if (gi == 1) {
            /* the P-positions of the pass game from rows 9, 40, 90 (the automaton's listing) = the table's */
            enum { K = 20 };
            mpz_t pa[K], pb[K];
            int pe = 1;
            for (int i = 0; i < K; i++)
                mpz_inits(pa[i], pb[i], NULL);
            const uint32_t froms[] = {9, san ? 20 : 40, san ? 30 : 90};
            for (size_t f = 0; f < 3 && pe; f++) {
                size_t got = 0, j = 0;
                mpz_set_ui(x, froms[f]);
                if (wy_eval_ppos(e, pa, pb, NULL, K, &got, x, sd, 0, NULL, err, sizeof err) != WY_OK || got != K) {
                    pe = 0;
                    snprintf(why, sizeof why, "from %u: %s", froms[f], err);
                }
                for (uint32_t i = froms[f]; i < HI && j < K && pe; i++)
                    for (uint32_t jj = i; jj < HI && j < K && pe; jj++)
                        if (wy_table_get(T, i, jj, sd) == 0) {
                            if (mpz_cmp_ui(pa[j], i) || mpz_cmp_ui(pb[j], jj)) {
                                pe = 0;
                                snprintf(why, sizeof why, "from %u: term %zu is (%u, %u) in the table", froms[f], j, i, jj);
                            }
                            j++;
                        }
                if (pe && j != K) {
                    pe = 0;
                    snprintf(why, sizeof why, "from %u: the table window holds only %zu terms", froms[f], j);
                }
            }
            for (int i = 0; i < K; i++)
                mpz_clears(pa[i], pb[i], NULL);
            check(pe, "wythoff+pass: wy_eval_ppos from rows 9, 40, 90 (sanitizers: 9, 20, 30; 20 P-positions each) = the table's", why);
        }
        wy_answer_clear(&ans);
        wy_table_free(T);
        wy_exact_free(e);
    }
    free(f1);
    wy_automaton_free(a);
    mpz_clears(n, x, y, t, NULL);
    return fails != 0;
}
