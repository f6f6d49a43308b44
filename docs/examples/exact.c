/* The value of a position of any size through the evaluator of
 * wythoff_exact.h, with GMP integers.  Build against an installed library:
 *
 *   cc -std=c11 exact.c $(pkg-config --cflags --libs wythoff) -o exact
 *   ./exact wythoff 1618033988749894848204586834365638117720309179805762862135448622705260462818902449707207204189391148 2618033988749894848204586834365638117720309179805762862135448622705260462818902449707207204189391155
 *
 * (the Wythoff pair of n = 10^99 + 7: floor(n phi), floor(n phi) + n)
 * prints the outcome, the value where the method gives it, and the method.
 * Exit status: 0 answered, else the library's status (2 bad input, 3 over
 * the memory limit, 6 no method decides the position). */
#include <gmp.h>
#include <stdio.h>

#include "wythoff.h"
#include "wythoff_exact.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s RULES X Y\n", argv[0]);
        return 2;
    }
    char err[WY_ERRLEN];
    wy_rules rules;
    wy_status st = wy_rules_parse(&rules, argv[1], err, sizeof err);
    if (st != WY_OK)
        return fprintf(stderr, "%s\n", err), (int)st;

    mpz_t x, y;
    mpz_inits(x, y, NULL);
    if (mpz_set_str(x, argv[2], 10) != 0 || mpz_set_str(y, argv[3], 10) != 0 || mpz_sgn(x) < 0 || mpz_sgn(y) < 0) {
        fprintf(stderr, "X and Y must be non-negative decimal integers\n");
        mpz_clears(x, y, NULL);
        return 2;
    }

    wy_exact *e = NULL;
    wy_answer ans;
    wy_answer_init(&ans);
    /* 1 GiB of memory at most for any proof or table the evaluator needs;
     * no cache directory: nothing is written to disk. */
    st = wy_exact_new(&e, &rules, (uint64_t)1 << 30, err, sizeof err);
    if (st == WY_OK)
        st = wy_eval(e, &ans, x, y, wy_side_start(&rules), NULL, err, sizeof err);
    if (st == WY_OK) {
        printf("outcome %c\n", ans.outcome);
        if (ans.has_value)
            gmp_printf("value %Zd\n", ans.value);
        else
            printf("value unknown: %s\n", ans.why);
        printf("method %s\n", ans.method);
    } else {
        fprintf(stderr, "%s\n", err);
    }
    wy_answer_clear(&ans);
    wy_exact_free(e);
    mpz_clears(x, y, NULL);
    printf("library %s\n", wy_version());
    return (int)st;
}
