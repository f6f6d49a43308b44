/* printed.c - the papers' printed tables and sets (data.c) by name: below
 * the engines' table (engine.c) and the kinds of check (kinds.c), which
 * both look them up. */
#include "check_internal.h"

#include <string.h>

const ck_printed_table *ck_printed_table_find(const char *name)
{
    for (const ck_printed_table *t = ck_printed_tables; t->name; t++)
        if (strcmp(t->name, name) == 0) return t;
    return NULL;
}

const ck_printed_set *ck_printed_set_find(const char *name)
{
    for (const ck_printed_set *s = ck_printed_sets; s->name; s++)
        if (strcmp(s->name, name) == 0) return s;
    return NULL;
}
