/* t-rules.c - the rules language: every option in any order parses to the
 * same ruleset, and the canonical text parses back to itself. */
#include "wythoff.h"

#include <stdio.h>
#include <string.h>

static int failures;

static void check(int ok, const char *name)
{
    printf("%s %s\n", ok ? "PASS" : "FAIL", name);
    failures += !ok;
}

int main(void)
{
    char err[WY_ERRLEN], buf[160], name[256];
    wy_rules a, b;
    /* the papers' games */
    static const char *papers[] = {"wythoff", "wythoff+pass", "wythoff+heap=1", "wythoff+terminal=2",
                                   "wythoff+terminal=2+misere", "wythoff+max=5", "nim+pass", "nim+max=31",
                                   "nim+max=31+pass", "wythoff+mod=4"};
    for (size_t i = 0; i < sizeof papers / sizeof *papers; i++) {
        int ok = wy_rules_parse(&a, papers[i], err, sizeof err) == WY_OK;
        wy_rules_format(buf, sizeof buf, &a);
        ok = ok && wy_rules_parse(&b, buf, err, sizeof err) == WY_OK && memcmp(&a, &b, sizeof a) == 0;
        snprintf(name, sizeof name, "'%s' parses; its canonical text '%s' parses to the same ruleset", papers[i], buf);
        check(ok, name);
    }
    /* all options, permuted: same ruleset */
    const char *parts[] = {"pass=3", "heap=2", "max=7", "mod=4", "terminal=1", "misere"};
    int perm[6] = {0, 1, 2, 3, 4, 5}, agree = 1, count = 0;
    wy_rules_parse(&a, "wythoff+pass=3+heap=2+max=7+mod=4+terminal=1+misere", err, sizeof err);
    for (int rot = 0; rot < 6; rot++)
        for (int rev = 0; rev < 2; rev++) {
            char text[128] = "wythoff";
            for (int i = 0; i < 6; i++) {
                int j = perm[(rot + (rev ? 5 - i : i)) % 6];
                strcat(text, "+");
                strcat(text, parts[j]);
            }
            agree &= wy_rules_parse(&b, text, err, sizeof err) == WY_OK && memcmp(&a, &b, sizeof a) == 0;
            count++;
        }
    snprintf(name, sizeof name, "all six options in %d orders give the same ruleset", count);
    check(agree, name);
    wy_rules_format(buf, sizeof buf, &a);
    check(strcmp(buf, "wythoff+pass=3+heap=2+max=7+mod=4+terminal=1+misere") == 0, "canonical order");
    check(wy_rules_parse(&b, "wythoff+pass=1", err, sizeof err) == WY_OK && b.passes == 1 &&
              wy_rules_format(buf, sizeof buf, &b) > 0 && strcmp(buf, "wythoff+pass") == 0,
          "pass=1 is written pass");
    check(wy_rules_parse(&b, "wythoff+terminal=0", err, sizeof err) == WY_OK && b.has_terminal && b.terminal == 0,
          "terminal=0 is allowed (only (0,0) is terminal, as in plain play)");
    check(wy_rules_parse(&b, "nim+mod=2", err, sizeof err) == WY_EINVAL && strstr(err, "mod=2"),
          "nim+mod=2 is rejected, naming mod=2");
    check(wy_rules_parse(&b, "wythoff+max=4294967295", err, sizeof err) == WY_OK && b.max == 4294967295u,
          "largest number accepted");
    check(wy_rules_parse(&b, "wythoff+max=4294967296", err, sizeof err) == WY_EINVAL, "number past 32 bits rejected");
    /* side states */
    wy_rules_parse(&a, "wythoff+pass=2+heap=3", err, sizeof err);
    wy_side s = wy_side_start(&a);
    check(s.pass == 2 && s.heap == 3, "start side state");
    s.pass = 3;
    check(wy_side_check(&a, s, err, sizeof err) == WY_EINVAL, "side state beyond the ruleset rejected");
    return failures ? 1 : 0;
}
