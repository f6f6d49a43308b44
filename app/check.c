/* check.c - `wythoff check`: the papers' claims, checked by computation
 * (a thin client of wythoff_check.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "wythoff_check.h"

#define fail cli_die

static const char *USAGE =
    "usage: wythoff check [CLAIM...] [--list] [--limit N] [--format text|markdown|json]\n"
    "check the claims of the five source papers by computation\n\n"
    "  CLAIM              a claim id (000.thm4), or the ids below or beginning with it\n"
    "                     (000, 004.table); default: all\n"
    "  --list             list the claims: id, source, statement, how it is checked\n"
    "  --limit N          the range of every selected claim: positions 0 <= x, y < N, or a\n"
    "                     parameter 1..N (capped per claim; see docs/claims.md)\n"
    "  --format F         text (default), markdown or json\n"
    "  --mem-limit BYTES  memory allowed (default: the machine's available memory)\n"
    "  --threads N        worker threads (default: all cores)\n"
    "  --quiet            no progress display\n"
    "exit status: 0 nothing FAILs (PASS or ERRATUM), 1 a claim FAILs, 2 bad usage, 3 more memory\n"
    "than allowed, 4 internal error, 130 interrupted\n";

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static const char *verdict_name(wy_verdict v)
{
    return v == WY_CLAIM_PASS ? "PASS" : v == WY_CLAIM_FAIL ? "FAIL" : "ERRATUM";
}

static const char *scale_name(wy_scale s)
{
    switch (s) {
    case WY_SCALE_ROWS: return "rows";
    case WY_SCALE_TABLE: return "table";
    case WY_SCALE_PARAM: return "parameter";
    default: return "fixed";
    }
}

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

static int do_list(const unsigned char *sel, const char *fmt)
{
    cli_out o;
    if (!cli_out_open(&o, stdout)) return fail(4, "out of memory");
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
            cli_out_fmt(&o, ",\"scale\":\"%s\",\"default_limit\":%llu}", scale_name(in->scale),
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
    if (!cli_out_close(&o)) return fail(4, "write error on standard output");
    return 0;
}

int cli_check(int argc, char **argv)
{
    const char *fmt = "text", *limit_s = NULL, *mem_s = NULL, *threads_s = NULL;
    int list = 0, quiet = 0;
    const char *ids[256];
    int nid = 0;
    char err[512];
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        const char **dst = NULL;
        if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
            fputs(USAGE, stdout);
            return 0;
        } else if (strcmp(s, "--list") == 0) {
            list = 1;
            continue;
        } else if (strcmp(s, "--quiet") == 0) {
            quiet = 1;
            continue;
        } else if (strncmp(s, "--limit", 7) == 0 && (s[7] == 0 || s[7] == '=')) {
            dst = &limit_s;
        } else if (strncmp(s, "--format", 8) == 0 && (s[8] == 0 || s[8] == '=')) {
            dst = &fmt;
        } else if (strncmp(s, "--mem-limit", 11) == 0 && (s[11] == 0 || s[11] == '=')) {
            dst = &mem_s;
        } else if (strncmp(s, "--threads", 9) == 0 && (s[9] == 0 || s[9] == '=')) {
            dst = &threads_s;
        } else if (s[0] == '-' && s[1]) {
            return fail(2, "unknown option '%s' for check (see 'wythoff check --help')", s);
        } else {
            if (!s[0]) return fail(2, "an empty claim id (see 'wythoff check --list' for the ids)");
            if (nid == 256) return fail(2, "too many claim ids");
            ids[nid++] = s;
            continue;
        }
        const char *eq = strchr(s, '=');
        if (eq)
            *dst = eq + 1;
        else if (i + 1 < argc)
            *dst = argv[++i];
        else
            return fail(2, "option '%s' needs a value", s);
    }
    if (strcmp(fmt, "text") && strcmp(fmt, "markdown") && strcmp(fmt, "json"))
        return fail(2, "unknown format '%s' for check (text, markdown or json)", fmt);
    uint64_t limit = 0, mem_limit = cli_available_memory(), threads = cli_default_threads();
    if (limit_s) {
        if (!cli_parse_size(&limit, limit_s, "--limit", err, sizeof err)) return fail(2, "%s", err);
        if (limit < 2) return fail(2, "--limit must be at least 2");
    }
    if (mem_s && !cli_parse_bytes(&mem_limit, mem_s, err, sizeof err)) return fail(2, "%s", err);
    if (threads_s) {
        if (!cli_parse_size(&threads, threads_s, "--threads", err, sizeof err)) return fail(2, "%s", err);
        if (threads < 1 || threads > 256) return fail(2, "--threads must be 1..256");
    }

    size_t n = wy_claim_count();
    unsigned char *sel = calloc(n, 1);
    if (!sel) return fail(4, "out of memory");
    if (nid == 0) memset(sel, 1, n);
    for (int k = 0; k < nid; k++) {
        /* an exact id; else the ids below it ("000" -> "000.*"); else the
         * ids it begins ("004.table" -> "004.table1" ...) */
        size_t len = strlen(ids[k]), hits = 0;
        long exact = wy_claim_find(ids[k]);
        for (int pass = 0; pass < 3 && !hits; pass++)
            for (size_t i = 0; i < n; i++) {
                const char *id = wy_claim_get(i)->id;
                int m = pass == 0   ? (long)i == exact
                        : pass == 1 ? strncmp(id, ids[k], len) == 0 && id[len] == '.'
                                    : strncmp(id, ids[k], len) == 0;
                if (m) sel[i] = 1, hits++;
            }
        if (!hits) {
            free(sel);
            return fail(2, "no claim '%s' (see 'wythoff check --list' for the ids)", ids[k]);
        }
    }
    if (list) {
        int rc = do_list(sel, fmt);
        free(sel);
        return rc;
    }

    cli_signals_install();
    cli_progress prog;
    wy_run run = {(unsigned)threads, cli_progress_fn, &prog, 0};
    cli_out o;
    if (!cli_out_open(&o, stdout)) {
        free(sel);
        return fail(4, "out of memory");
    }
    int json = strcmp(fmt, "json") == 0, md = strcmp(fmt, "markdown") == 0;
    if (json) cli_out_str(&o, "{\"claims\":[");
    if (md) cli_out_str(&o, "| id | verdict | range covered | time | details |\n|---|---|---|---|---|\n");
    uint64_t counts[3] = {0, 0, 0}, t_all = now_ms(), k = 0;
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        if (!sel[i]) continue;
        const wy_claim_info *in = wy_claim_get(i);
        wy_claim_result r;
        cli_progress_init(&prog, in->id, in->scale == WY_SCALE_ROWS ? "rows" : "cells", !quiet);
        uint64_t t0 = now_ms();
        wy_status st = wy_claim_check(i, limit, mem_limit, &run, &r, err, sizeof err);
        uint64_t ms = now_ms() - t0;
        cli_progress_done(&prog);
        if (st != WY_OK) {
            rc = st == WY_ECANCELED ? 130 : st == WY_EINVAL ? 2 : st == WY_ERANGE ? 3 : 4;
            if (st == WY_ECANCELED)
                fail(0, "interrupted during %s", in->id);
            else
                fail(0, "%s: %s", in->id, err);
            break;
        }
        counts[r.verdict]++;
        if (json) {
            cli_out_str(&o, k ? ",\n" : "\n");
            cli_out_str(&o, "{\"id\":");
            json_str(&o, in->id);
            cli_out_fmt(&o, ",\"verdict\":\"%s\",\"source\":", verdict_name(r.verdict));
            json_str(&o, in->source);
            cli_out_str(&o, ",\"range\":");
            json_str(&o, r.range);
            cli_out_fmt(&o, ",\"limit\":%llu,\"ms\":%llu,\"detail\":", (unsigned long long)r.limit,
                        (unsigned long long)ms);
            json_str(&o, r.detail);
            cli_out_str(&o, "}");
        } else if (md) {
            cli_out_fmt(&o, "| `%s` | %s | ", in->id, verdict_name(r.verdict));
            md_str(&o, r.range);
            cli_out_fmt(&o, " | %llu.%02llu s | ", (unsigned long long)(ms / 1000),
                        (unsigned long long)(ms % 1000 / 10));
            md_str(&o, r.detail);
            cli_out_str(&o, " |\n");
        } else {
            cli_out_fmt(&o, "%-7s %s  (%s; %llu.%02llu s)\n", verdict_name(r.verdict), in->id, in->source,
                        (unsigned long long)(ms / 1000), (unsigned long long)(ms % 1000 / 10));
            wrapped(&o, "range: ", r.range);
            if (r.detail[0]) wrapped(&o, "", r.detail);
        }
        k++;
        /* keep the output flowing for long runs */
        if (!json && !cli_out_close(&o)) {
            free(sel);
            return fail(4, "write error on standard output");
        }
        if (!json && !cli_out_open(&o, stdout)) {
            free(sel);
            return fail(4, "out of memory");
        }
    }
    uint64_t total = now_ms() - t_all;
    if (json)
        cli_out_fmt(&o, "\n],\"summary\":{\"claims\":%llu,\"pass\":%llu,\"fail\":%llu,\"erratum\":%llu,\"ms\":%llu}}\n",
                    (unsigned long long)k, (unsigned long long)counts[0], (unsigned long long)counts[1],
                    (unsigned long long)counts[2], (unsigned long long)total);
    else
        cli_out_fmt(&o, "%s%llu claim%s: %llu PASS, %llu FAIL, %llu ERRATUM (%llu.%02llu s)\n", md ? "\n" : "",
                    (unsigned long long)k, k == 1 ? "" : "s", (unsigned long long)counts[0], (unsigned long long)counts[1],
                    (unsigned long long)counts[2], (unsigned long long)(total / 1000),
                    (unsigned long long)(total % 1000 / 10));
    if (!cli_out_close(&o) && !rc) rc = 4;
    free(sel);
    if (rc) return rc;
    return counts[WY_CLAIM_FAIL] ? 1 : 0;
}
