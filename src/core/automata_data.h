/* automata_data.h - the proved automata of data/automata/, compiled in
 * (scripts/embed-automata writes automata_data.c; docs/automata.md). */
#ifndef WY_AUTOMATA_DATA_H
#define WY_AUTOMATA_DATA_H

#include <stddef.h>

typedef struct {
    const char *name; /* the file's name in data/automata/ */
    const char *text;
    size_t len;
} wy_automaton_text;

/* ended by an entry with name NULL */
extern const wy_automaton_text wy_automata_data[];

#endif
