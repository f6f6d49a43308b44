/* rules.c - the rules language: GAME ('+' OPTION)*  (docs/rules.md). */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* The ruleset as quoted in a message: whole when short, else its first
 * QUOTE_MAX bytes and "...", so that every message fits in WY_ERRLEN. */
#define QUOTE_MAX 64
static const char *quote(char buf[QUOTE_MAX + 4], const char *text)
{
    size_t n = strlen(text);
    if (n <= QUOTE_MAX)
        return text;
    memcpy(buf, text, QUOTE_MAX);
    memcpy(buf + QUOTE_MAX, "...", 4);
    return buf;
}

/* Parse the decimal number of option `opt` (text p[0..n)); 1 on success. */
static int parse_u32(uint32_t *out, const char *p, size_t n)
{
    uint64_t v = 0;
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return 0;
        v = v * 10 + (uint64_t)(p[i] - '0');
        if (v > UINT32_MAX)
            return 0;
    }
    *out = (uint32_t)v;
    return 1;
}

enum { OPT_PASS, OPT_HEAP, OPT_MAX, OPT_MOD, OPT_TERMINAL, OPT_MISERE, OPT_COUNT };

static const struct {
    const char *name;
    int value;       /* 0: no value, 1: value required, 2: value optional */
    uint32_t least;  /* smallest meaningful value */
    const char *why; /* why smaller values are meaningless */
} option_table[OPT_COUNT] = {
    [OPT_PASS] = {"pass", 2, 1, "a ruleset with no pass simply omits the option"},
    [OPT_HEAP] = {"heap", 1, 1, "a heap of 0 stones adds nothing; omit the option"},
    [OPT_MAX] = {"max", 1, 1, "max=0 would allow no move at all"},
    [OPT_MOD] = {"mod", 1, 1, "the modulus must be at least 1"},
    [OPT_TERMINAL] = {"terminal", 1, 0, ""},
    [OPT_MISERE] = {"misere", 0, 0, ""},
};

wy_status wy_rules_parse(wy_rules *rules, const char *text, char *err, size_t errlen)
{
    wy_rules r;
    int seen[OPT_COUNT] = {0};
    char qb[QUOTE_MAX + 4];
    memset(&r, 0, sizeof r);
    if (text == NULL || *text == '\0')
        return wyi_fail(WY_EINVAL, err, errlen, "empty ruleset (expected e.g. 'wythoff' or 'wythoff+pass')");
    const char *q = quote(qb, text);

    const char *p = text;
    const char *plus = strchr(p, '+');
    size_t n = plus ? (size_t)(plus - p) : strlen(p);
    if (n == 7 && memcmp(p, "wythoff", 7) == 0)
        r.game = WY_GAME_WYTHOFF;
    else if (n == 3 && memcmp(p, "nim", 3) == 0)
        r.game = WY_GAME_NIM;
    else if (n == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "ruleset '%s' has no game before '+' (expected wythoff or nim)", q);
    else {
        static const char *const games[] = {"wythoff", "nim"};
        long k = wy_suggest(p, n, games, 2);
        return wyi_fail(WY_EINVAL, err, errlen, "unknown game '%.*s' in ruleset '%s'%s%s%s (expected wythoff or nim)",
                        (int)(n > QUOTE_MAX ? QUOTE_MAX : n), p, q, k < 0 ? "" : ": did you mean '",
                        k < 0 ? "" : games[k], k < 0 ? "" : "'?");
    }

    while (plus) {
        p = plus + 1;
        plus = strchr(p, '+');
        n = plus ? (size_t)(plus - p) : strlen(p);
        if (n == 0)
            return wyi_fail(WY_EINVAL, err, errlen, "empty option in ruleset '%s' (two '+' in a row or a trailing '+')",
                            q);
        const char *eq = memchr(p, '=', n);
        size_t nn = eq ? (size_t)(eq - p) : n;
        int o;
        for (o = 0; o < OPT_COUNT; o++)
            if (strlen(option_table[o].name) == nn && memcmp(option_table[o].name, p, nn) == 0)
                break;
        if (o == OPT_COUNT) {
            /* "did you mean 'pass=2'?" for pas=2: the name, and the value when the option takes one */
            const char *names[OPT_COUNT];
            for (int i = 0; i < OPT_COUNT; i++)
                names[i] = option_table[i].name;
            long k = wy_suggest(p, nn, names, OPT_COUNT);
            char mean[QUOTE_MAX + 32] = "";
            if (k >= 0)
                snprintf(mean, sizeof mean, ": did you mean '%s%.*s'?", names[k],
                         eq && option_table[k].value ? (int)(n - nn > QUOTE_MAX ? QUOTE_MAX : n - nn) : 0, p + nn);
            return wyi_fail(WY_EINVAL, err, errlen,
                            "unknown option '%.*s' in ruleset '%s'%s (options: pass, pass=K, heap=H, max=N, mod=M, "
                            "terminal=K, misere)",
                            (int)(n > QUOTE_MAX ? QUOTE_MAX : n), p, q, mean);
        }
        if (seen[o])
            return wyi_fail(WY_EINVAL, err, errlen, "option '%s' given twice in ruleset '%s'", option_table[o].name,
                            q);
        seen[o] = 1;
        uint32_t v = 1;
        if (eq) {
            if (option_table[o].value == 0)
                return wyi_fail(WY_EINVAL, err, errlen, "option '%s' takes no value, in '%.*s'", option_table[o].name,
                                (int)(n > QUOTE_MAX ? QUOTE_MAX : n), p);
            if (!parse_u32(&v, eq + 1, n - nn - 1))
                return wyi_fail(WY_EINVAL, err, errlen,
                                "bad number in '%.*s' (expected a decimal integer from %u to 4294967295)",
                                (int)(n > QUOTE_MAX ? QUOTE_MAX : n), p,
                                option_table[o].least);
            if (v < option_table[o].least)
                return wyi_fail(WY_EINVAL, err, errlen, "meaningless '%.*s': %s", (int)(n > QUOTE_MAX ? QUOTE_MAX : n), p,
                                option_table[o].why);
        } else if (option_table[o].value == 1) {
            return wyi_fail(WY_EINVAL, err, errlen, "option '%s' needs a value, e.g. '%s=%u'", option_table[o].name,
                            option_table[o].name, option_table[o].least ? option_table[o].least * 5 : 2);
        }
        switch (o) {
        case OPT_PASS: r.passes = v; break;
        case OPT_HEAP: r.heap = v; break;
        case OPT_MAX: r.max = v; break;
        case OPT_MOD: r.mod = v; break;
        case OPT_TERMINAL: r.has_terminal = 1; r.terminal = v; break;
        case OPT_MISERE: r.misere = 1; break;
        default: break;
        }
    }
    wy_status st = wy_rules_check(&r, err, errlen);
    if (st != WY_OK)
        return st;
    *rules = r;
    return WY_OK;
}

int wy_rules_format(char *buf, size_t len, const wy_rules *r)
{
    char tmp[160];
    int n = snprintf(tmp, sizeof tmp, "%s", r->game == WY_GAME_NIM ? "nim" : "wythoff");
    if (r->passes == 1)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+pass");
    else if (r->passes > 1)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+pass=%u", r->passes);
    if (r->heap)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+heap=%u", r->heap);
    if (r->max)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+max=%u", r->max);
    if (r->mod)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+mod=%u", r->mod);
    if (r->has_terminal)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+terminal=%u", r->terminal);
    if (r->misere)
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "+misere");
    if (buf && len)
        snprintf(buf, len, "%s", tmp);
    return n;
}

wy_status wy_rules_check(const wy_rules *r, char *err, size_t errlen)
{
    if (!r)
        return wyi_fail(WY_EINVAL, err, errlen, "no ruleset (a NULL wy_rules)");
    if (r->game != WY_GAME_WYTHOFF && r->game != WY_GAME_NIM)
        return wyi_fail(WY_EINVAL, err, errlen, "bad ruleset: game %d is neither WY_GAME_WYTHOFF nor WY_GAME_NIM",
                        (int)r->game);
    if (r->has_terminal != 0 && r->has_terminal != 1)
        return wyi_fail(WY_EINVAL, err, errlen, "bad ruleset: has_terminal is %d (0 or 1)", r->has_terminal);
    if (!r->has_terminal && r->terminal)
        return wyi_fail(WY_EINVAL, err, errlen, "bad ruleset: terminal=%u without has_terminal", r->terminal);
    if (r->misere != 0 && r->misere != 1)
        return wyi_fail(WY_EINVAL, err, errlen, "bad ruleset: misere is %d (0 or 1)", r->misere);
    if (r->mod && r->game == WY_GAME_NIM)
        return wyi_fail(WY_EINVAL, err, errlen,
                        "meaningless 'mod=%u' with game nim: mod= adds moves from both heaps, which only wythoff has",
                        r->mod);
    return WY_OK;
}

int wy_side_format(char *buf, size_t len, const wy_rules *r, wy_side s)
{
    if (r->passes && r->heap)
        return snprintf(buf, len, "passes left %u, extra heap %u", s.pass, s.heap);
    if (r->passes)
        return snprintf(buf, len, "passes left %u", s.pass);
    if (r->heap)
        return snprintf(buf, len, "extra heap %u", s.heap);
    if (buf && len)
        buf[0] = '\0';
    return 0;
}

wy_side wy_side_start(const wy_rules *rules)
{
    wy_side s = {rules->passes, rules->heap};
    return s;
}

wy_status wy_side_check(const wy_rules *r, wy_side s, char *err, size_t errlen)
{
    wy_status st = wy_rules_check(r, err, errlen);
    if (st != WY_OK)
        return st;
    if (s.pass > r->passes)
        return r->passes == 0
                   ? wyi_fail(WY_EINVAL, err, errlen, "a pass state was given but the ruleset has no pass")
                   : wyi_fail(WY_EINVAL, err, errlen, "passes left %u exceeds the ruleset's pass=%u", s.pass,
                              r->passes);
    if (s.heap > r->heap)
        return r->heap == 0
                   ? wyi_fail(WY_EINVAL, err, errlen, "a heap state was given but the ruleset has no extra heap")
                   : wyi_fail(WY_EINVAL, err, errlen, "extra heap %u exceeds the ruleset's heap=%u", s.heap, r->heap);
    return WY_OK;
}
