/* proofs.c - the claims a shipped Walnut proof decides for every position
 * (docs/automata.md, docs/claims.md "Verdicts").
 *
 * After a claim's bounded check passes (or finds the erratum whose corrected
 * statement the proof covers), wy_claim_check reads the recorded log of the
 * proof's Walnut run (data/automata/NAME.log, compiled into the core) and
 * compares the files it names (sizes and FNV-1a) with those this build
 * writes for the proof (wy_automaton_walnut_proof, wy_automaton_walnut_word
 * of the shipped automaton).  When they match and the log says every
 * statement TRUE, the verdict is PROVED (an erratum stays an ERRATUM, its
 * corrected statement proved) and the detail says so; `wythoff check
 * --walnut PATH` replays the proof instead (app/cmd_check.c). */
#include "check_internal.h"
#include "wythoff_automaton.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *id;
    wy_claim_proof_info p;
} proofs[] = {
    {"000.thm4",
     {"wythoff-v1", "WYTHOFFV1",
      "the P-positions of wythoff+pass with the pass are Wythoff's value-1 layer outside x, y <= 8 (statements wyq_*), "
      "and that layer is exactly the positions of Wythoff value 1 (wys1_*, wyp_*), which are the P-positions of "
      "wythoff+heap=1 with the heap (G2(x, y, 1) = G_Wythoff(x, y) xor 1 by the Sprague-Grundy theorem)"}},
    {"000.cor2",
     {"wythoff-v1", "WYTHOFFV1",
      "the P-positions of wythoff+pass with the pass are Wythoff's value-1 layer outside x, y <= 8 (statements wyq_*), "
      "and that layer is exactly the positions where G1(x, y, 0), Wythoff's value, is 1 (wys1_*, wyp_*)"}},
    {"001.thm1",
     {"wythoff-t2-p", "WYTHOFFT2P",
      "the P-positions of wythoff+terminal=2 are the terminal region x + y <= 2 and the automaton's positions on the "
      "diagonals n + 1 >= 3 with their mirror images (statements wtq_*), and those positions are (floor(n phi) + g(n) - "
      "1, floor(n (phi + 1)) + g(n)) with g given by the paper's recursion (wtg_*): P1 with (1, 1) added, the "
      "corrected statement"}},
};

const wy_claim_proof_info *ck_proof_for(const char *id)
{
    for (size_t k = 0; id && k < sizeof proofs / sizeof *proofs; k++)
        if (!strcmp(proofs[k].id, id))
            return &proofs[k].p;
    return NULL;
}

static uint64_t fnv(const char *s) { return wy_fnv1a(s, strlen(s)); }

/* 1: the log matches and says every statement TRUE (*evals: how many);
 * 0: no; -1: out of memory. */
static int log_matches(const wy_claim_proof_info *p, size_t *evals)
{
    char file[96], key[96], fmt[160];
    snprintf(file, sizeof file, "%s.log", p->automaton);
    const char *log = wy_automaton_builtin_text(file);
    if (!log)
        return 0;
    wy_automaton *a = NULL;
    wy_status st = wy_automaton_builtin(&a, p->automaton, NULL, 0);
    if (st != WY_OK)
        return st == WY_ERANGE ? -1 : 0;
    char *cmds = wy_automaton_walnut_proof(a, p->walnut_name, NULL, 0, &st, NULL, 0);
    char *word = cmds ? wy_automaton_walnut_word(a) : NULL;
    wy_automaton_free(a);
    if (!cmds || !word) {
        free(cmds);
        return st == WY_OK || st == WY_ERANGE ? -1 : 0;
    }
    snprintf(key, sizeof key, "(%s.txt: ", p->walnut_name);
    snprintf(fmt, sizeof fmt, "(%s.txt: %%zu bytes, FNV-1a %%llx; commands: %%zu bytes, FNV-1a %%llx)", p->walnut_name);
    const char *at = strstr(log, key);
    size_t wl = 0, cl = 0;
    unsigned long long fw = 0, fc = 0;
    int ok = 0;
    if (at && sscanf(at, fmt, &wl, &fw, &cl, &fc) == 4 && wl == strlen(word) && cl == strlen(cmds) &&
        fw == fnv(word) && fc == fnv(cmds)) {
        size_t n = !strncmp(cmds, "eval ", 5);
        for (const char *q = cmds; (q = strstr(q, "\neval ")) != NULL; q++)
            n++;
        char want[80];
        snprintf(want, sizeof want, "\nPROVED: %zu of %zu statements TRUE", n, n);
        ok = n > 0 && strstr(log, want) != NULL;
        *evals = n;
    }
    free(cmds);
    free(word);
    return ok;
}

wy_status ck_proof_upgrade(const char *id, wy_claim_result *res, char *err, size_t errlen)
{
    const wy_claim_proof_info *p = ck_proof_for(id);
    if (!p || (res->verdict != WY_CLAIM_PASS && res->verdict != WY_CLAIM_ERRATUM))
        return WY_OK;
    size_t evals = 0;
    int m = log_matches(p, &evals);
    if (m < 0) {
        if (err && errlen)
            snprintf(err, errlen, "out of memory reading the proof of %s", p->automaton);
        return WY_ERANGE;
    }
    if (!m)
        return WY_OK;
    const int erratum = res->verdict == WY_CLAIM_ERRATUM;
    if (!erratum)
        res->verdict = WY_CLAIM_PROVED;
    char note[1200];
    snprintf(note, sizeof note,
             "%s by the recorded Walnut run (data/automata/%s.log: %zu of %zu statements TRUE), whose files are those "
             "this build writes for the proof (sizes and FNV-1a match); not replayed in this run (wythoff check "
             "--walnut PATH replays it): %s. ",
             erratum ? "The corrected statement is PROVED for every position" : "PROVED for every position",
             p->automaton, evals, evals, p->how);
    size_t nl = strlen(note), dl = strlen(res->detail);
    if (nl + dl + 1 > sizeof res->detail)
        dl = sizeof res->detail - nl - 1;
    memmove(res->detail + nl, res->detail, dl);
    memcpy(res->detail, note, nl);
    res->detail[nl + dl] = '\0';
    return WY_OK;
}
