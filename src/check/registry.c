/* registry.c - the claims of the five papers in one numbering (paper, then
 * order of appearance) and the public interface of wythoff_check.h.  The
 * papers are cited bibliographically in docs/claims.md; docs/errata.md has
 * the evidence for every erratum. */
#include "claims.h"

static const struct {
    const ck_claim *claims;
    const size_t *n;
} papers[] = {
    {ck_claims_000, &ck_nclaims_000}, {ck_claims_001, &ck_nclaims_001}, {ck_claims_002, &ck_nclaims_002},
    {ck_claims_003, &ck_nclaims_003}, {ck_claims_heap3, &ck_nclaims_heap3}, {ck_claims_004, &ck_nclaims_004},
    {ck_claims_misere, &ck_nclaims_misere},
    {ck_claims_glayers, &ck_nclaims_glayers},
    {ck_claims_modular, &ck_nclaims_modular},
    {ck_claims_oeis, &ck_nclaims_oeis},
    {ck_claims_terminal, &ck_nclaims_terminal},
};

/* The claim of index i across the papers, or NULL. */
static const ck_claim *claim_at(size_t i)
{
    for (size_t p = 0; p < sizeof papers / sizeof papers[0]; p++) {
        if (i < *papers[p].n)
            return &papers[p].claims[i];
        i -= *papers[p].n;
    }
    return NULL;
}

size_t wy_claim_count(void)
{
    size_t n = 0;
    for (size_t p = 0; p < sizeof papers / sizeof papers[0]; p++)
        n += *papers[p].n;
    return n;
}

const wy_claim_info *wy_claim_get(size_t i)
{
    const ck_claim *c = claim_at(i);
    return c ? &c->info : NULL;
}

const char *wy_verdict_name(wy_verdict v)
{
    switch (v) {
    case WY_CLAIM_PASS: return "PASS";
    case WY_CLAIM_FAIL: return "FAIL";
    case WY_CLAIM_ERRATUM: return "ERRATUM";
    case WY_CLAIM_PROVED: return "PROVED";
    }
    return "?";
}

const char *wy_scale_name(wy_scale s)
{
    switch (s) {
    case WY_SCALE_FIXED: return "fixed";
    case WY_SCALE_ROWS: return "rows";
    case WY_SCALE_TABLE: return "table";
    case WY_SCALE_PARAM: return "parameter";
    }
    return "?";
}

long wy_claim_find(const char *id)
{
    for (size_t i = 0; i < wy_claim_count(); i++)
        if (strcmp(claim_at(i)->info.id, id) == 0) return (long)i;
    return -1;
}

const char *ck_claim_independent(size_t i)
{
    const ck_claim *c = claim_at(i);
    return c ? c->indep : NULL;
}

wy_status wy_claim_check(size_t i, uint64_t limit, uint64_t mem_limit, const wy_run *run, wy_claim_result *res,
                         char *err, size_t errlen)
{
    wy_status st = ck_claim_check_with(i, limit, mem_limit, run, NULL, res, err, errlen);
    if (st == WY_OK)
        st = ck_proof_upgrade(wy_claim_get(i)->id, res, err, errlen);
    return st;
}

/* The proofs are keyed by claim id (proofs.c), so that proofs.c needs
 * nothing of this file. */
const wy_claim_proof_info *wy_claim_proof(size_t i)
{
    const wy_claim_info *in = wy_claim_get(i);
    return in ? ck_proof_for(in->id) : NULL;
}

wy_status ck_claim_check_with(size_t i, uint64_t limit, uint64_t mem_limit, const wy_run *run, const ck_engine *eng,
                              wy_claim_result *res, char *err, size_t errlen)
{
    if (!res || i >= wy_claim_count()) {
        if (err && errlen) snprintf(err, errlen, "no claim number %zu", i);
        return WY_EINVAL;
    }
    memset(res, 0, sizeof *res);
    const ck_claim *cl = claim_at(i);
    uint64_t n = limit ? limit : cl->info.default_limit;
    uint64_t cap = cl->info.cap                       ? cl->info.cap
                   : cl->info.scale == WY_SCALE_ROWS    ? WY_CHECK_ROWS_CAP
                   : cl->info.scale == WY_SCALE_TABLE ? WY_CHECK_TABLE_CAP
                   : cl->info.scale == WY_SCALE_PARAM ? WY_CHECK_PARAM_CAP
                                                      : 0;
    if (cl->info.scale == WY_SCALE_FIXED) n = 0;
    int capped = 0;
    if (cap && n > cap) n = cap, capped = 1;
    if (cl->info.scale != WY_SCALE_FIXED && n < 2) n = 2;
    res->limit = n;
    char dummy[8];
    ck c = {n, mem_limit, run, res, err ? err : dummy, err ? errlen : sizeof dummy, eng};
    c.err[0] = 0;
    wy_status st = cl->fn(&c, cl->arg);
    if (st == WY_OK && capped) ck_note(&c, " (The limit was capped at %llu for this claim.)", (unsigned long long)cap);
    return st;
}
