/* automata_data.h - the proved automata of data/automata/, compiled in
 * (scripts/embed-automata writes automata_data.c; docs/automata.md). */
#ifndef WYI_AUTOMATA_DATA_H
#define WYI_AUTOMATA_DATA_H

#include <stddef.h>

typedef struct {
    const char *name; /* the file's name in data/automata/ */
    const char *text;
    size_t len;
} wyi_automaton_text;

/* ended by an entry with name NULL */
extern const wyi_automaton_text wyi_automata_data[];

#endif
