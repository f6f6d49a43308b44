/* cmd_check.c - `wythoff check`: the papers' claims, checked by computation
 * (a thin client of wythoff_check.h). */
#include "commands.h"
#include "wythoff_automaton.h"
#include "wythoff_check.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define json_str cli_out_json_str

/* Markdown table cells: '|' escaped. */
static void md_str(cli_out *o, const char *s)
{
    for (; *s; s++) {
        if (*s == '|') cli_out_char(o, '\\');
        cli_out_char(o, *s);
    }
}

/* Text paragraphs wrapped at 100 columns with an indent. */
static void wrapped(cli_out *o, const char *label, const char *s)
{
    const int width = 100, indent = 4;
    int col = indent + (int)strlen(label), first = 1;
    cli_out_fmt(o, "%*s%s", indent, "", label);
    while (*s) {
        while (*s == ' ') s++;
        const char *e = s;
        while (*e && *e != ' ') e++;
        int wl = (int)(e - s);
        if (!wl) break;
        if (!first && col + 1 + wl > width) {
            cli_out_fmt(o, "\n%*s", indent + 2, "");
            col = indent + 2;
        } else if (!first) {
            cli_out_char(o, ' ');
            col++;
        }
        cli_out_mem(o, s, (size_t)wl);
        col += wl;
        first = 0;
        s = e;
    }
    cli_out_char(o, '\n');
}

static void range_default(char *buf, size_t len, const wy_claim_info *in)
{
    switch (in->scale) {
    case WY_SCALE_ROWS:
    case WY_SCALE_TABLE:
        snprintf(buf, len, "0 <= x, y < N, N = %llu by default (at most %llu)", (unsigned long long)in->default_limit,
                 in->cap                    ? (unsigned long long)in->cap
                 : in->scale == WY_SCALE_ROWS ? (unsigned long long)WY_CHECK_ROWS_CAP
                                            : (unsigned long long)WY_CHECK_TABLE_CAP);
        break;
    case WY_SCALE_PARAM:
        snprintf(buf, len, "parameter 1..N, N = %llu by default (at most %llu)", (unsigned long long)in->default_limit,
                 in->cap ? (unsigned long long)in->cap : (unsigned long long)WY_CHECK_PARAM_CAP);
        break;
    default: snprintf(buf, len, "the printed window"); break;
    }
}

static int do_list(cli_config *cf, const unsigned char *sel, const char *fmt)
{
    cli_sink sink;
    cli_out o;
    int rc = cli_open_output(cf, &sink, &o);
    if (rc) return rc;
    size_t n = wy_claim_count(), k = 0;
    if (strcmp(fmt, "markdown") == 0)
        cli_out_str(&o, "| id | source | statement | how it is checked | range |\n|---|---|---|---|---|\n");
    if (strcmp(fmt, "json") == 0) cli_out_str(&o, "[");
    for (size_t i = 0; i < n; i++) {
        if (!sel[i]) continue;
        const wy_claim_info *in = wy_claim_get(i);
        char rng[160];
        range_default(rng, sizeof rng, in);
        if (strcmp(fmt, "json") == 0) {
            cli_out_str(&o, k ? ",\n" : "\n");
            cli_out_str(&o, "{\"id\":");
            json_str(&o, in->id);
            cli_out_str(&o, ",\"source\":");
            json_str(&o, in->source);
            cli_out_str(&o, ",\"statement\":");
            json_str(&o, in->statement);
            cli_out_str(&o, ",\"method\":");
            json_str(&o, in->method);
            cli_out_str(&o, ",\"corrected\":");
            if (in->corrected)
                json_str(&o, in->corrected);
            else
                cli_out_str(&o, "null");
            cli_out_fmt(&o, ",\"scale\":\"%s\",\"default_limit\":%llu}", wy_scale_name(in->scale),
                        (unsigned long long)in->default_limit);
        } else if (strcmp(fmt, "markdown") == 0) {
            cli_out_str(&o, "| `");
            cli_out_str(&o, in->id);
            cli_out_str(&o, "` | ");
            md_str(&o, in->source);
            cli_out_str(&o, " | ");
            md_str(&o, in->statement);
            cli_out_str(&o, " | ");
            md_str(&o, in->method);
            if (in->corrected) {
                cli_out_str(&o, ". Corrected statement, checked when the printed one fails: ");
                md_str(&o, in->corrected);
            }
            cli_out_str(&o, " | ");
            md_str(&o, rng);
            cli_out_str(&o, " |\n");
        } else {
            cli_out_fmt(&o, "%s  (%s)\n", in->id, in->source);
            wrapped(&o, "claim: ", in->statement);
            wrapped(&o, "check: ", in->method);
            if (in->corrected) wrapped(&o, "corrected: ", in->corrected);
            wrapped(&o, "range: ", rng);
        }
        k++;
    }
    if (strcmp(fmt, "json") == 0) cli_out_str(&o, "\n]\n");
    return cli_finish(&o, &sink, 0);
}

/* --walnut PATH: replay the proof of a claim that has one (wy_claim_proof)
 * in this run.  Every statement TRUE: PROVED (an ERRATUM stays one, its
 * corrected statement proved), whatever the recorded log said; otherwise the
 * claim is only checked up to its range.  0, or an exit code. */
static int replay_proof(const cli_config *c, size_t i, const wy_claim_info *in, wy_claim_result *r)
{
    const wy_claim_proof_info *p = wy_claim_proof(i);
    if (!p || !c->given[O_WALNUT] || (r->verdict == WY_CLAIM_FAIL))
        return 0;
    char err[WY_ERRLEN], note[1400];
    wy_automaton *a;
    if (wy_automaton_builtin(&a, p->automaton, err, sizeof err) != WY_OK)
        return cli_die(4, "%s: %s", in->id, err);
    cli_walnut_result w;
    int rc = cli_walnut_prove(c->val[O_WALNUT], a, p->walnut_name, &w);
    wy_automaton_free(a);
    if (rc)
        return rc;
    const int erratum = r->verdict == WY_CLAIM_ERRATUM, ok = w.evals && w.ntrue == w.evals;
    /* the recorded log's note, when the library added one, is replaced */
    const char *keep = r->detail;
    if (!strncmp(keep, "PROVED for every position by the recorded", 41) ||
        !strncmp(keep, "The corrected statement is PROVED", 33)) {
        const char *e = strstr(keep, "replays it): ");
        e = e ? strstr(e, ". ") : NULL;
        keep = e ? e + 2 : keep;
    }
    if (ok) {
        if (!erratum)
            r->verdict = WY_CLAIM_PROVED;
        snprintf(note, sizeof note, "%s: Walnut replayed the proof in this run (data/automata/%s.walnut, %zu of %zu "
                 "statements TRUE): %s. ",
                 erratum ? "The corrected statement is PROVED for every position" : "PROVED for every position",
                 p->automaton, w.ntrue, w.evals, p->how);
    } else {
        if (!erratum)
            r->verdict = WY_CLAIM_PASS;
        snprintf(note, sizeof note, "Not proved: the Walnut replay of data/automata/%s.walnut gave %zu of %zu "
                 "statements TRUE (wythoff automaton prove lists them). ", p->automaton, w.ntrue, w.evals);
    }
    char rest[sizeof r->detail];
    snprintf(rest, sizeof rest, "%s", keep);
    size_t nl = strlen(note), rl = strlen(rest);
    if (nl >= sizeof r->detail)
        nl = sizeof r->detail - 1;
    if (nl + rl >= sizeof r->detail)
        rl = sizeof r->detail - 1 - nl;
    memcpy(r->detail, note, nl);
    memcpy(r->detail + nl, rest, rl);
    r->detail[nl + rl] = '\0';
    return 0;
}

/* Which claims: an exact id; else the ids below it ("000" -> "000.*");
 * else the ids it begins ("004.table" -> "004.table1" ...). */
static int select_claims(unsigned char *sel, size_t n, const cli_config *c)
{
    if (c->npos == 0)
        memset(sel, 1, n);
    for (int k = 0; k < c->npos; k++) {
        const char *id = c->pos[k];
        if (!id[0])
            return cli_die(2, "an empty claim id (see 'wythoff check --list' for the ids)");
        size_t len = strlen(id), hits = 0;
        long exact = wy_claim_find(id);
        for (int pass = 0; pass < 3 && !hits; pass++)
            for (size_t i = 0; i < n; i++) {
                const char *cid = wy_claim_get(i)->id;
                int m = pass == 0   ? (long)i == exact
                        : pass == 1 ? strncmp(cid, id, len) == 0 && cid[len] == '.'
                                    : strncmp(cid, id, len) == 0;
                if (m)
                    sel[i] = 1, hits++;
            }
        if (!hits)
            return cli_die(2, "no claim '%.60s' (see 'wythoff check --list' for the ids)", id);
    }
    return 0;
}

int cli_cmd_check(cli_config *c)
{
    char err[WY_ERRLEN];
    const char *fmt = c->format;
    uint64_t limit = 0;
    if (c->given[O_LIMIT]) {
        if (!cli_num_size(&limit, c->val[O_LIMIT], "--limit", err, sizeof err))
            return cli_die(2, "%s", err);
        if (limit < 2)
            return cli_die(2, "--limit must be at least 2");
    }
    size_t n = wy_claim_count();
    unsigned char *sel = calloc(n, 1);
    if (!sel)
        return cli_die(3, "out of memory");
    int rc = select_claims(sel, n, c);
    if (rc || c->given[O_LIST]) {
        if (!rc)
            rc = do_list(c, sel, fmt);
        free(sel);
        return rc;
    }
    cli_sink sink;
    cli_out o;
    if ((rc = cli_open_output(c, &sink, &o))) {
        free(sel);
        return rc;
    }
    cli_progress prog;
    wy_run run = {c->threads, cli_progress_fn, &prog, 0};
    const int json = strcmp(fmt, "json") == 0, md = strcmp(fmt, "markdown") == 0;
    if (json) {
        cli_out_char(&o, '{');
        cli_out_json_generator(&o);
        cli_out_str(&o, "\"claims\":[");
    }
    if (md) cli_out_prov_line(&o, "<!-- ", " -->");
    if (md) cli_out_str(&o, "| id | verdict | range covered | time | details |\n|---|---|---|---|---|\n");
    uint64_t counts[4] = {0, 0, 0, 0}, t_all = cli_now_ms(), k = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        if (!sel[i]) continue;
        const wy_claim_info *in = wy_claim_get(i);
        wy_claim_result r;
        cli_progress_init(&prog, in->id, in->scale == WY_SCALE_ROWS ? "rows" : "cells", !c->quiet);
        uint64_t t0 = cli_now_ms();
        wy_status st = wy_claim_check(i, limit, c->mem_limit, &run, &r, err, sizeof err);
        uint64_t ms = cli_now_ms() - t0;
        cli_progress_done(&prog);
        if (st == WY_ECANCELED && cli_interrupted()) {
            rc = cli_die(130, "interrupted during %s", in->id);
            break;
        }
        if (st != WY_OK) {
            rc = cli_die(st == WY_ERANGE ? 3 : st == WY_EINVAL ? 2 : 4, "%s: %s", in->id, err);
            break;
        }
        if ((rc = replay_proof(c, i, in, &r)))
            break;
        counts[r.verdict]++;
        if (json) {
            cli_out_str(&o, k ? ",\n" : "\n");
            cli_out_str(&o, "{\"id\":");
            json_str(&o, in->id);
            cli_out_fmt(&o, ",\"verdict\":\"%s\",\"source\":", wy_verdict_name(r.verdict));
            json_str(&o, in->source);
            cli_out_str(&o, ",\"range\":");
            json_str(&o, r.range);
            cli_out_fmt(&o, ",\"limit\":%llu,\"ms\":%llu,\"detail\":", (unsigned long long)r.limit,
                        (unsigned long long)ms);
            json_str(&o, r.detail);
            cli_out_str(&o, "}");
        } else if (md) {
            cli_out_fmt(&o, "| `%s` | %s | ", in->id, wy_verdict_name(r.verdict));
            md_str(&o, r.range);
            cli_out_fmt(&o, " | %llu.%02llu s | ", (unsigned long long)(ms / 1000),
                        (unsigned long long)(ms % 1000 / 10));
            md_str(&o, r.detail);
            cli_out_str(&o, " |\n");
        } else {
            cli_out_fmt(&o, "%-7s %s  (%s; %llu.%02llu s)\n", wy_verdict_name(r.verdict), in->id, in->source,
                        (unsigned long long)(ms / 1000), (unsigned long long)(ms % 1000 / 10));
            wrapped(&o, "range: ", r.range);
            if (r.detail[0]) wrapped(&o, "", r.detail);
        }
        k++;
        /* keep the output flowing for long runs */
        if (!json)
            cli_out_flush(&o);
        if (cli_write_failed(&o))
            break;
    }
    uint64_t total = cli_now_ms() - t_all;
    if (json)
        cli_out_fmt(&o,
                    "\n],\"summary\":{\"claims\":%llu,\"pass\":%llu,\"fail\":%llu,\"erratum\":%llu,\"proved\":%llu,"
                    "\"ms\":%llu}}\n",
                    (unsigned long long)k, (unsigned long long)counts[0], (unsigned long long)counts[1],
                    (unsigned long long)counts[2], (unsigned long long)counts[3], (unsigned long long)total);
    else {
        char proved[40] = "";
        if (counts[3])
            snprintf(proved, sizeof proved, ", %llu PROVED", (unsigned long long)counts[3]);
        cli_out_fmt(&o, "%s%llu claim%s: %llu PASS, %llu FAIL, %llu ERRATUM%s (%llu.%02llu s)\n", md ? "\n" : "",
                    (unsigned long long)k, k == 1 ? "" : "s", (unsigned long long)counts[0], (unsigned long long)counts[1],
                    (unsigned long long)counts[2], proved, (unsigned long long)(total / 1000),
                    (unsigned long long)(total % 1000 / 10));
    }
    free(sel);
    if ((rc = cli_finish(&o, &sink, rc)))
        return rc;
    return counts[WY_CLAIM_FAIL] ? 1 : 0;
}
