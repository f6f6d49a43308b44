/*
 * fuzz-automaton - the automaton files of `wythoff automaton`
 * (wy_automaton_parse, wy_automaton_format, the runs and the Walnut files;
 * docs/automata.md "The file format").
 *
 * Input: the file's text.
 * Properties:
 *   - wy_automaton_parse gives WY_OK or WY_EINVAL; refused: a well-formed
 *     message (fz_check_msg), no automaton;
 *   - accepted: wy_automaton_format gives text that parses again and
 *     formats to the identical text (a round trip), with the same info;
 *   - the outputs at n = 0..1999, at 2^62 - 1 .. 2^62 + 2 (the two paths of
 *     wy_automaton_output: u64 and GMP) and at 10^30 + k equal those of a
 *     run written here from the formatted text (its own reader of the state
 *     lines, its own Zeckendorf digits with GMP): every Zeckendorf word must
 *     run to the end, as the parser promises;
 *   - wy_automaton_diagonal's position (x, x + n), when x >= 0, is one that
 *     wy_automaton_contains holds (both orders); every y that
 *     wy_automaton_row lists for x < 40 is a position it holds;
 *   - the Walnut files: the word automaton is written (msd_fib, one block a
 *     state); the proof is written for the value-1 layer of wythoff and the
 *     P-positions of wythoff+terminal=K, else refused with WY_EINVAL and a
 *     message.
 */
#include "fuzz.h"

#include "wythoff.h"
#include "wythoff_automaton.h"

#include <gmp.h>

typedef struct {
    uint32_t n, start;
    int64_t *out;
    long *next;
} ref_aut;

/* The state lines of a formatted file, read again independently. */
static int ref_read(ref_aut *r, const char *text)
{
    const char *p = strstr(text, "\nstates ");
    const char *q = strstr(text, "\nstart ");
    if (!p || !q)
        return 0;
    r->n = (uint32_t)strtoul(p + 8, NULL, 10);
    r->start = (uint32_t)strtoul(q + 7, NULL, 10);
    r->out = calloc(r->n, sizeof *r->out);
    r->next = malloc((size_t)r->n * 2 * sizeof *r->next);
    if (!r->out || !r->next)
        abort();
    p = strstr(text, "('-': no move)\n");
    if (!p)
        return 0;
    p += 15;
    for (uint32_t s = 0; s < r->n; s++) {
        char *e;
        if (strtoul(p, &e, 10) != s)
            return 0;
        r->out[s] = strtoll(e, &e, 10);
        for (int d = 0; d < 2; d++) {
            while (*e == ' ')
                e++;
            if (*e == '-') {
                r->next[2 * s + d] = -1;
                e++;
            } else {
                r->next[2 * s + d] = strtol(e, &e, 10);
            }
        }
        p = strchr(e, '\n');
        if (!p)
            return 0;
        p++;
    }
    return 1;
}

/* The reference's output at n: Zeckendorf digits with GMP, greedy from the
 * largest Fibonacci number (1, 2, 3, 5, ...) at most n; 0 with *ok = 0 when
 * the run leaves the automaton. */
static int64_t ref_run(const ref_aut *r, const mpz_t n, int *ok)
{
    mpz_t f[400], rem;
    int k = 0;
    mpz_init_set_ui(f[0], 1);
    mpz_init_set_ui(f[1], 2);
    k = 2;
    while (mpz_cmp(f[k - 1], n) <= 0) {
        mpz_init(f[k]);
        mpz_add(f[k], f[k - 1], f[k - 2]);
        k++;
    }
    mpz_init_set(rem, n);
    long s = r->start;
    *ok = 1;
    for (int i = k - 2; i >= 0; i--) {
        int d = mpz_cmp(f[i], rem) <= 0;
        if (d)
            mpz_sub(rem, rem, f[i]);
        s = r->next[2 * s + d];
        if (s < 0 || (uint32_t)s >= r->n) {
            *ok = 0;
            break;
        }
    }
    for (int i = 0; i < k; i++)
        mpz_clear(f[i]);
    mpz_clear(rem);
    return *ok ? r->out[s] : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    char *text = fz_text(data, size);
    char err[WY_ERRLEN];
    wy_automaton *a = (wy_automaton *)1;
    wy_status st = wy_automaton_parse(&a, text, size, err, sizeof err);
    FZ_CHECK(st == WY_OK || st == WY_EINVAL, "wy_automaton_parse: status %d", (int)st);
    if (st != WY_OK) {
        FZ_CHECK(a == NULL, "refused, but an automaton came back");
        fz_check_msg(err, sizeof err, 0, "wy_automaton_parse");
        free(text);
        return 0;
    }
    const wy_automaton_info *in = wy_automaton_get_info(a);
    FZ_CHECK(in->states >= 1 && in->min_out <= in->max_out, "info: %u states, outputs %lld..%lld", in->states,
             (long long)in->min_out, (long long)in->max_out);
    char *f1 = wy_automaton_format(a);
    FZ_CHECK(f1 != NULL, "wy_automaton_format");
    wy_automaton *b = NULL;
    st = wy_automaton_parse(&b, f1, strlen(f1), err, sizeof err);
    FZ_CHECK(st == WY_OK, "the formatted text does not parse: %s", err);
    char *f2 = wy_automaton_format(b);
    FZ_CHECK(f2 && !strcmp(f1, f2), "format(parse(format(a))) differs from format(a)");
    FZ_CHECK(!memcmp(wy_automaton_get_info(b), in, sizeof *in), "the info changed in the round trip");

    ref_aut r;
    memset(&r, 0, sizeof r);
    FZ_CHECK(ref_read(&r, f1), "the reference cannot read the formatted text");
    FZ_CHECK(r.n == in->states, "states %u, the reference reads %u", in->states, r.n);
    mpz_t n, x, y;
    mpz_inits(n, x, y, NULL);
    for (int k = 0; k < 2000 + 8; k++) {
        if (k < 2000)
            mpz_set_ui(n, (unsigned long)k);
        else if (k < 2004) {
            mpz_set_ui(n, 1);
            mpz_mul_2exp(n, n, 62);
            mpz_add_ui(n, n, (unsigned long)(k - 2000));
            mpz_sub_ui(n, n, 1);
        } else {
            mpz_ui_pow_ui(n, 10, 30);
            mpz_add_ui(n, n, (unsigned long)(k - 2004));
        }
        int ok;
        int64_t want = ref_run(&r, n, &ok);
        FZ_CHECK(ok, "a Zeckendorf word leaves the accepted automaton at n = %d (index)", k);
        int64_t got = 0;
        st = wy_automaton_output(a, n, &got, err, sizeof err);
        FZ_CHECK(st == WY_OK && got == want, "output at index %d: %lld, the reference %lld", k, (long long)got,
                 (long long)want);
        if (k < 2000)
            FZ_CHECK(wy_automaton_output_u64(a, (uint64_t)k) == want, "output_u64(%d)", k);
        if (wy_automaton_diagonal(a, x, y, n, NULL, 0) == WY_OK)
            FZ_CHECK(wy_automaton_contains(a, x, y) && wy_automaton_contains(a, y, x),
                     "the position on a diagonal is not in the layer (index %d)", k);
    }
    mpz_t ys[4];
    for (int i = 0; i < 4; i++)
        mpz_init(ys[i]);
    for (unsigned long xv = 0; xv < 40; xv++) {
        size_t cnt = 0;
        mpz_set_ui(x, xv);
        wy_automaton_row(a, ys, 4, &cnt, x);
        for (size_t i = 0; i < cnt && i < 4; i++)
            FZ_CHECK(wy_automaton_contains(a, x, ys[i]), "row %lu lists a y not in the layer", xv);
    }
    for (int i = 0; i < 4; i++)
        mpz_clear(ys[i]);
    char *w = wy_automaton_walnut_word(a);
    FZ_CHECK(w && !strncmp(w, "msd_fib\n", 8), "the word automaton's first line");
    free(w);
    const wy_rules *ru = &in->rules;
    const int wyt = ru->game == WY_GAME_WYTHOFF && !ru->passes && !ru->heap && !ru->max && !ru->mod && !ru->misere;
    const int provable = wyt && ((!ru->has_terminal && in->value == 1) ||
                                 (ru->has_terminal && in->value == 0 && ru->terminal < 1000000));
    if (provable && in->states > 4096)
        goto done; /* the 9 x 9 table and a long file: fine, but slow for a fuzzer */
    wy_status ps;
    err[0] = '\0';
    char *proof = wy_automaton_walnut_proof(a, "WYTHOFFFZ", NULL, 0, &ps, err, sizeof err);
    if (provable)
        FZ_CHECK(proof && ps == WY_OK && strstr(proof, "eval "), "the proof of a provable layer: status %d", (int)ps);
    else {
        FZ_CHECK(!proof && ps == WY_EINVAL, "a proof for a layer it does not cover: status %d", (int)ps);
        fz_check_msg(err, sizeof err, 0, "wy_automaton_walnut_proof");
    }
    free(proof);
done:
    mpz_clears(n, x, y, NULL);
    free(r.out);
    free(r.next);
    free(f1);
    free(f2);
    wy_automaton_free(a);
    wy_automaton_free(b);
    free(text);
    return 0;
}
