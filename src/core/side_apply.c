/* side_apply.c - a side state given by a user, applied to rulesets: the one
 * policy (and the one set of messages) of the tool's --pass/--heap, the
 * server's pass=/heap= and the Python module's passes=/heap=. */
#include "internal.h"

#include <string.h>

/* value > most, for a string of decimal digits of any length. */
static int more_than(const char *value, uint32_t most)
{
    while (*value == '0' && value[1])
        value++;
    size_t n = strlen(value);
    if (n > 10)
        return 1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (uint64_t)(value[i] - '0');
    return v > most;
}

static uint32_t small_value(const char *value)
{
    uint64_t v = 0;
    for (const char *p = value; *p; p++)
        v = v * 10 + (uint64_t)(*p - '0');
    return (uint32_t)v;
}

wy_status wy_side_apply(wy_side *sides, const wy_rules *const *rules, size_t n, const char *const *labels,
                        wy_side_part part, const char *name, const char *value, const char *shown, char *err,
                        size_t errlen)
{
    const int heap = part == WY_SIDE_HEAP;
    if (!name)
        name = heap ? "heap" : "pass";
    if (!value || !*value || strspn(value, "0123456789") != strlen(value))
        return wyi_fail(WY_EINVAL, err, errlen, "%s: expected a non-negative integer, not '%.40s%s'", name,
                       value ? value : "", value && strlen(value) > 40 ? "..." : "");
    if (!shown)
        shown = value;
    const char *dots = strlen(shown) > 40 ? "..." : "";
    int used = 0;
    for (size_t i = 0; i < n; i++) { /* every check before any change */
        const uint32_t most = heap ? rules[i]->heap : rules[i]->passes;
        if (!most)
            continue;
        used = 1;
        if (!more_than(value, most))
            continue;
        char text[128];
        wy_rules_format(text, sizeof text, rules[i]);
        if (n == 1 && heap)
            return wyi_fail(WY_EINVAL, err, errlen, "%s %.40s%s is more than the ruleset's heap=%u", name, shown, dots,
                           most);
        if (n == 1)
            return wyi_fail(WY_EINVAL, err, errlen, "%s %.40s%s is more than the ruleset's %u pass%s", name, shown,
                           dots, most, most == 1 ? "" : "es");
        const char *label = labels && labels[i] ? labels[i] : "ruleset";
        if (heap)
            return wyi_fail(WY_EINVAL, err, errlen, "%s %.40s%s is more than heap=%u of %s '%s'", name, shown, dots,
                           most, label, text);
        return wyi_fail(WY_EINVAL, err, errlen, "%s %.40s%s is more than the %u pass%s of %s '%s'", name, shown, dots,
                       most, most == 1 ? "" : "es", label, text);
    }
    if (!used) {
        if (n == 1) {
            char text[128];
            wy_rules_format(text, sizeof text, rules[0]);
            return heap ? wyi_fail(WY_EINVAL, err, errlen, "%s given, but ruleset '%s' has no extra heap (add +heap=H)",
                                  name, text)
                        : wyi_fail(WY_EINVAL, err, errlen, "%s given, but ruleset '%s' has no pass (add +pass)", name,
                                  text);
        }
        return heap ? wyi_fail(WY_EINVAL, err, errlen, "%s given, but no ruleset has an extra heap (add +heap=H)", name)
                    : wyi_fail(WY_EINVAL, err, errlen, "%s given, but no ruleset has a pass (add +pass)", name);
    }
    const uint32_t v = small_value(value);
    for (size_t i = 0; i < n; i++) {
        if (heap && rules[i]->heap)
            sides[i].heap = v;
        else if (!heap && rules[i]->passes)
            sides[i].pass = v;
    }
    return WY_OK;
}
