/*
 * t-policy - the policies every front end takes from the library (issue 28):
 *   - wy_move_apply and wy_has_move against the naive reference
 *     (tests/naive, naive_options): for a dozen rulesets, every state of a
 *     small window with its side states, and every kind and amounts up to
 *     the heaps plus 2, a move is legal exactly when the naive reference
 *     lists an option of that kind reaching that state (a modular move of
 *     equal amounts counts as the diagonal one, a diagonal one of different
 *     amounts as the modular one), and a move exists exactly
 *     when the naive reference lists an option other than a pass; at 40-digit
 *     positions, the same moves scaled (the amounts are what matters);
 *   - wy_side_apply: the passes and heaps set for exactly the rulesets that
 *     have them, nothing changed on an error, and each message (one ruleset,
 *     several with labels, none with the part, a value of 30 digits, not a
 *     number);
 *   - wy_memory_refusal's one message shape and status; wy_memory_default
 *     against MemTotal of /proc/meminfo read here (at most it, above 0).
 * No random choice.  Output: "PASS name" / "FAIL name: why"; exit 0 iff all
 * passed.
 */
#include "../naive/naive.h"
#include "wythoff.h"
#include "wythoff_exact.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;

static void check(int ok, const char *name, const char *why)
{
    if (ok) {
        printf("PASS %s\n", name);
    } else {
        printf("FAIL %s: %s\n", name, why);
        fails++;
    }
}

/* Is (kind, a, b) from (x, y, p, h) an option the naive reference lists? */
static int naive_has(const naive_move *m, size_t n, wy_move_kind k, uint32_t x, uint32_t y, uint32_t p, uint32_t h,
                     uint32_t a, uint32_t b)
{
    uint32_t tx = x, ty = y, tp = p, th = h;
    if (k == WY_MOVE_MOD && a == b)
        k = WY_MOVE_DIAG;
    else if (k == WY_MOVE_DIAG && a != b)
        k = WY_MOVE_MOD;
    switch (k) {
    case WY_MOVE_ROW: ty = y - b; break;
    case WY_MOVE_COL: tx = x - a; break;
    case WY_MOVE_DIAG:
    case WY_MOVE_MOD: tx = x - a, ty = y - b; break;
    case WY_MOVE_HEAP: th = h - a; break;
    case WY_MOVE_PASS: tp = p - 1; break;
    }
    for (size_t i = 0; i < n; i++)
        if ((int)m[i].kind == (int)k && m[i].x == tx && m[i].y == ty && m[i].p == tp && m[i].h == th)
            return 1;
    return 0;
}

static void moves_against_naive(const char *text, uint32_t n)
{
    wy_rules r;
    char err[WY_ERRLEN], why[300];
    if (wy_rules_parse(&r, text, err, sizeof err) != WY_OK) {
        check(0, text, err);
        return;
    }
    naive_move m[4096];
    mpz_t X, Y, A, B, TX, TY;
    mpz_inits(X, Y, A, B, TX, TY, NULL);
    long tried = 0, legal = 0, bad = 0;
    for (uint32_t p = 0; p <= r.passes; p++)
        for (uint32_t h = 0; h <= r.heap; h++)
            for (uint32_t x = 0; x < n; x++)
                for (uint32_t y = 0; y < n; y++) {
                    size_t k = naive_options(m, sizeof m / sizeof m[0], &r, x, y, p, h);
                    int other = 0;
                    for (size_t i = 0; i < k; i++)
                        other |= m[i].kind != NAIVE_PASS;
                    mpz_set_ui(X, x), mpz_set_ui(Y, y);
                    wy_side s = {p, h};
                    if (wy_has_move(&r, X, Y, s) != other && !bad++) {
                        snprintf(why, sizeof why, "wy_has_move at (%u, %u, %u, %u): %d, naive %d", x, y, p, h,
                                 !other, other);
                        check(0, text, why);
                    }
                    for (int kind = 0; kind <= WY_MOVE_PASS; kind++)
                        for (uint32_t a = 0; a <= (kind == WY_MOVE_HEAP ? h + 2 : x + 2); a++)
                            for (uint32_t b = 0; b <= y + 2; b++) {
                                if ((kind == WY_MOVE_COL || kind == WY_MOVE_HEAP || kind == WY_MOVE_PASS) && b)
                                    break;
                                if ((kind == WY_MOVE_ROW || kind == WY_MOVE_PASS) && a)
                                    break;
                                mpz_set_ui(A, a), mpz_set_ui(B, b);
                                wy_side to;
                                wy_status st = wy_move_apply(TX, TY, &to, &r, X, Y, s, (wy_move_kind)kind, A, B, why,
                                                             sizeof why);
                                /* amounts beyond what is there are no option (and
                                 * would wrap around in naive_has) */
                                const int want = kind == WY_MOVE_HEAP
                                                     ? a <= h && naive_has(m, k, WY_MOVE_HEAP, x, y, p, h, a, 0)
                                                     : a <= x && b <= y &&
                                                           naive_has(m, k, (wy_move_kind)kind, x, y, p, h, a, b);
                                tried++;
                                legal += st == WY_OK;
                                if ((st == WY_OK) != want && !bad++) {
                                    char w2[400];
                                    snprintf(w2, sizeof w2, "kind %d a %u b %u at (%u, %u, %u, %u): %s, naive %s (%s)",
                                             kind, a, b, x, y, p, h, st == WY_OK ? "legal" : "refused",
                                             want ? "an option" : "none", st == WY_OK ? "" : why);
                                    check(0, text, w2);
                                }
                                if (st != WY_OK && (!*why || strlen(why) >= sizeof why - 1) && !bad++)
                                    check(0, text, "a refusal without a message");
                            }
                }
    mpz_clears(X, Y, A, B, TX, TY, NULL);
    char name[160];
    snprintf(name, sizeof name, "%s: %ld moves tried on %u x %u, %ld legal, as the naive reference", text, tried, n, n,
             legal);
    if (!bad)
        check(legal > 0, name, "no legal move at all");
}

/* The same moves at 40-digit positions: only the amounts matter. */
static void big_positions(void)
{
    wy_rules r;
    char err[WY_ERRLEN];
    wy_rules_parse(&r, "wythoff+max=5+mod=3", err, sizeof err);
    mpz_t X, Y, A, B, TX, TY;
    mpz_inits(X, Y, A, B, TX, TY, NULL);
    mpz_ui_pow_ui(X, 10, 40);
    mpz_add_ui(Y, X, 7);
    int ok = 1;
    wy_side s = {0, 0}, to;
    mpz_set_ui(A, 4), mpz_set_ui(B, 1); /* 4 - 1 = 3: a modular move */
    ok &= wy_move_apply(TX, TY, &to, &r, X, Y, s, WY_MOVE_MOD, A, B, err, sizeof err) == WY_OK;
    mpz_sub_ui(A, X, 4);
    ok &= mpz_cmp(TX, A) == 0;
    mpz_sub_ui(A, Y, 1);
    ok &= mpz_cmp(TY, A) == 0;
    mpz_set_ui(A, 6); /* more than max=5 */
    ok &= wy_move_apply(TX, TY, &to, &r, X, Y, s, WY_MOVE_COL, A, B, err, sizeof err) == WY_EINVAL &&
          strcmp(err, "at most 5 stones from a heap (max=5)") == 0;
    ok &= wy_has_move(&r, X, Y, s) == 1;
    check(ok, "40-digit positions: a modular move reaches (x - 4, y - 1); 6 stones refused by max=5", err);
    mpz_clears(X, Y, A, B, TX, TY, NULL);
}

static void side_apply(void)
{
    wy_rules a, b, c;
    char err[WY_ERRLEN];
    wy_rules_parse(&a, "wythoff+pass=2", err, sizeof err);
    wy_rules_parse(&b, "nim+heap=3", err, sizeof err);
    wy_rules_parse(&c, "wythoff+pass+heap=1", err, sizeof err);
    const wy_rules *one[1] = {&a}, *three[3] = {&a, &b, &c}, *nim[1] = {&b};
    const char *labels[3] = {"A", "B", "C"};
    wy_side s1[1] = {{2, 0}}, s3[3] = {{2, 0}, {0, 3}, {1, 1}};
    int ok = wy_side_apply(s1, one, 1, NULL, WY_SIDE_PASS, "--pass", "1", NULL, err, sizeof err) == WY_OK && s1[0].pass == 1;
    check(ok, "side_apply: --pass 1 sets one ruleset's passes", err);
    ok = wy_side_apply(s3, three, 3, labels, WY_SIDE_PASS, "pass", "1", NULL, err, sizeof err) == WY_OK && s3[0].pass == 1 &&
         s3[1].pass == 0 && s3[2].pass == 1 && s3[1].heap == 3;
    check(ok, "side_apply: pass 1 on three rulesets sets the two with passes", err);
    ok = wy_side_apply(s3, three, 3, labels, WY_SIDE_HEAP, "heap", "2", NULL, err, sizeof err) == WY_EINVAL &&
         strcmp(err, "heap 2 is more than heap=1 of C 'wythoff+pass+heap=1'") == 0 && s3[1].heap == 3;
    check(ok, "side_apply: heap 2 refused by the third, the second unchanged", err);
    ok = wy_side_apply(s1, one, 1, NULL, WY_SIDE_PASS, "--pass", "123456789012345678901234567890", NULL, err, sizeof err) ==
             WY_EINVAL &&
         strcmp(err, "--pass 123456789012345678901234567890 is more than the ruleset's 2 passes") == 0 &&
         s1[0].pass == 1;
    check(ok, "side_apply: a 30-digit value is 'more than', nothing changed", err);
    ok = wy_side_apply(s1, nim, 1, NULL, WY_SIDE_PASS, "passes", "0", NULL, err, sizeof err) == WY_EINVAL &&
         strcmp(err, "passes given, but ruleset 'nim+heap=3' has no pass (add +pass)") == 0;
    check(ok, "side_apply: a ruleset without passes", err);
    ok = wy_side_apply(s1, one, 1, NULL, WY_SIDE_HEAP, "--heap", "0", NULL, err, sizeof err) == WY_EINVAL &&
         strcmp(err, "--heap given, but ruleset 'wythoff+pass=2' has no extra heap (add +heap=H)") == 0;
    check(ok, "side_apply: a ruleset without an extra heap", err);
    ok = wy_side_apply(s1, one, 1, NULL, WY_SIDE_PASS, "passes", "-1", NULL, err, sizeof err) == WY_EINVAL &&
         strstr(err, "expected a non-negative integer") != NULL;
    check(ok, "side_apply: not decimal digits", err);
    ok = wy_side_apply(s1, one, 1, NULL, WY_SIDE_PASS, "--pass", "0002", NULL, err, sizeof err) == WY_OK && s1[0].pass == 2;
    check(ok, "side_apply: leading zeros", err);
    ok = wy_side_apply(s1, one, 1, NULL, WY_SIDE_PASS, "--pass", "1000", "1e3", err, sizeof err) == WY_EINVAL &&
         strcmp(err, "--pass 1e3 is more than the ruleset's 2 passes") == 0;
    check(ok, "side_apply: the value quoted as the user wrote it", err);
}

static void memory(void)
{
    char err[WY_ERRLEN];
    int ok = wy_memory_refusal(err, sizeof err, "a 10 x 10 table", 3u << 20, 1u << 20) == WY_ERANGE &&
             strcmp(err, "a 10 x 10 table needs about 3 MiB, more than the limit of 1 MiB") == 0;
    check(ok, "memory_refusal: the one message shape", err);
    unsigned long long total = 0;
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "MemTotal: %llu kB", &total) == 1)
                break;
        fclose(f);
    }
    uint64_t d = wy_memory_default();
    char why[128];
    snprintf(why, sizeof why, "default %llu, MemTotal %llu kB", (unsigned long long)d, total);
    check(total == 0 || (d > 0 && d <= total * 1024), "memory_default: above 0, at most MemTotal", why);
}

int main(void)
{
    const char *rules[] = {"wythoff", "nim", "wythoff+pass", "nim+pass=2", "wythoff+heap=2", "wythoff+max=2",
                           "wythoff+mod=3", "wythoff+terminal=2", "nim+heap=1+misere", "wythoff+pass+heap=1",
                           "wythoff+max=3+mod=2", "nim+terminal=1+pass"};
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        moves_against_naive(rules[i], 6);
    big_positions();
    side_apply();
    memory();
    return fails ? 1 : 0;
}
