/* t-suggest.c - "did you mean": the edit distance against a naive recursive
 * reference (the definition of the optimal string alignment distance,
 * written as a recursion), on every pair of short words over a small
 * alphabet drawn from a seeded generator and on textbook pairs; wy_suggest's
 * rules (at most 2 edits, fewer than half the name, one nearest name); the
 * rules parser's messages with and without a suggestion. */
#include "wythoff.h"

#include <stdio.h>
#include <string.h>

#include "../../src/core/internal.h"
#include "../naive/testkit.h"

static int failures;

static void check(int ok, const char *name)
{
    printf("%s %s\n", ok ? "PASS" : "FAIL", name);
    failures += !ok;
}

/* The definition, unmemoised: d(i, j) of the prefixes a[0..i), b[0..j). */
static size_t naive(const char *a, size_t i, const char *b, size_t j)
{
    if (i == 0)
        return j;
    if (j == 0)
        return i;
    size_t d = naive(a, i - 1, b, j) + 1, t;
    if ((t = naive(a, i, b, j - 1) + 1) < d)
        d = t;
    if ((t = naive(a, i - 1, b, j - 1) + (a[i - 1] != b[j - 1])) < d)
        d = t;
    if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && (t = naive(a, i - 2, b, j - 2) + 1) < d)
        d = t;
    return d;
}

static size_t dist(const char *a, const char *b) { return wyi_edit_distance(a, strlen(a), b, strlen(b)); }

int main(void)
{
    uint64_t seed;
    if (tk_seed(&seed) != 0)
        return 2;
    tk_rng g;
    tk_rng_seed(&g, seed);
    char name[WY_ERRLEN + 80];

    /* random pairs over {a, b, c}, lengths 0..7: the recursion is exact */
    int bad = 0, n = 3000;
    for (int k = 0; k < n && !bad; k++) {
        char a[8], b[8];
        size_t na = tk_rng_range(&g, 0, 7), nb = tk_rng_range(&g, 0, 7);
        for (size_t i = 0; i < na; i++)
            a[i] = (char)('a' + tk_rng_range(&g, 0, 2));
        for (size_t i = 0; i < nb; i++)
            b[i] = (char)('a' + tk_rng_range(&g, 0, 2));
        a[na] = b[nb] = '\0';
        size_t want = naive(a, na, b, nb), got = wyi_edit_distance(a, na, b, nb);
        if (got != want) {
            snprintf(name, sizeof name, "distance('%s', '%s') = %zu, the recursion %zu", a, b, got, want);
            check(0, name);
            bad = 1;
        }
    }
    snprintf(name, sizeof name, "edit distance = the naive recursion on %d random pairs of words of up to 7 letters", n);
    check(!bad, name);

    /* textbook pairs: kitten/sitting 3 (Levenshtein's example); a swap is one
     * edit; "ca" to "abc" is 3 here (no edit of a swapped pair; 2 for the
     * unrestricted Damerau distance) */
    check(dist("kitten", "sitting") == 3, "distance(kitten, sitting) = 3");
    check(dist("tabel", "table") == 1, "distance(tabel, table) = 1 (one swap)");
    check(dist("ca", "abc") == 3, "distance(ca, abc) = 3 (optimal string alignment)");
    check(dist("", "pass") == 4 && dist("pass", "") == 4 && dist("", "") == 0, "distance to the empty word = the length");
    char long_word[WYI_EDIT_MAX + 2];
    memset(long_word, 'a', sizeof long_word - 1);
    long_word[sizeof long_word - 1] = '\0';
    check(dist(long_word, "a") == SIZE_MAX, "a word longer than WYI_EDIT_MAX: SIZE_MAX");

    /* wy_suggest */
    static const char *const cmds[] = {"table", "value", "ppos", "moves", "period", "bfile", "heap3", "automaton",
                                       "glayers", "compare", "check", "plot", "graph", "play", "serve"};
    const size_t nc = sizeof cmds / sizeof cmds[0];
    check(wy_suggest("tabel", 5, cmds, nc) == 0, "wy_suggest(tabel) = table");
    check(wy_suggest("plays", 5, cmds, nc) == 13, "wy_suggest(plays) = play");
    check(wy_suggest("tabelxyz", 5, cmds, nc) == 0, "wy_suggest reads len bytes, no terminator needed");
    check(wy_suggest("frobnicate", 10, cmds, nc) == -1, "wy_suggest(frobnicate) = none");
    check(wy_suggest("table", 5, cmds, nc) == -1, "wy_suggest of a name itself = none");
    check(wy_suggest("plat", 4, cmds, nc) == -1, "wy_suggest(plat): plot and play equally near, none");
    static const char *const opts[] = {"pass", "heap", "max", "mod", "terminal", "misere"};
    check(wy_suggest("pas", 3, opts, 6) == 0, "wy_suggest(pas) = pass");
    check(wy_suggest("mad", 3, opts, 6) == -1, "wy_suggest(mad): max and mod equally near, none");
    check(wy_suggest("x", 1, opts, 6) == -1, "wy_suggest(x): max is 2 edits away, not fewer than half of 3");
    check(wy_suggest("terminl", 7, opts, 6) == 4, "wy_suggest(terminl) = terminal");
    static const char *const dup[] = {"size", "size", "rows"};
    check(wy_suggest("sise", 4, dup, 3) == 0, "wy_suggest: the same name twice is no tie");
    check(wy_suggest(long_word, strlen(long_word), opts, 6) == -1 && wy_suggest(NULL, 0, opts, 6) == -1,
          "wy_suggest of a long word or NULL = none");

    /* the rules parser's messages */
    static const struct {
        const char *rules, *mean; /* mean: the suggestion, NULL for none */
    } cases[] = {
        {"wythof", "did you mean 'wythoff'?"},   {"nim+pas", "did you mean 'pass'?"},
        {"wythoff+pas=2", "did you mean 'pass=2'?"}, {"wythoff+heep=3", "did you mean 'heap=3'?"},
        {"wythoff+miser=1", "did you mean 'misere'?"}, {"wythoff+frobnicate", NULL},
        {"frobnicate", NULL},                   {"wythoff+mad=2", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[WY_ERRLEN] = "";
        wy_rules r;
        wy_status st = wy_rules_parse(&r, cases[i].rules, err, sizeof err);
        int ok = st == WY_EINVAL && strstr(err, "unknown ") &&
                 (cases[i].mean ? strstr(err, cases[i].mean) != NULL : strstr(err, "did you mean") == NULL);
        snprintf(name, sizeof name, "wy_rules_parse(%s): %s", cases[i].rules, err);
        check(ok, name);
    }
    return failures ? 1 : 0;
}
