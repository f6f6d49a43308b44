/*
 * wythoff-naive RULES ROWS COLS PASS HEAP
 *
 * Prints the values of the side state (PASS, HEAP) of RULES on the window
 * 0 <= x < ROWS, 0 <= y < COLS as CSV, in the main tool's format:
 *   x\y,0,1,...,COLS-1
 *   x,G(x,0),...,G(x,COLS-1)
 * computed by the naive reference.  Exit status: 0 ok, 2 bad arguments,
 * 3 out of memory, 1 write error.
 */
#include "naive.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static const char usage[] = "usage: wythoff-naive RULES ROWS COLS PASS HEAP\n";

/* Parse a decimal uint32 in [lo, UINT32_MAX]: digits only, no sign, no
 * spaces, no trailing text.  Returns 0 on success. */
static int parse_u32(uint32_t *out, const char *s, const char *what, uint32_t lo)
{
    if (s[0] < '0' || s[0] > '9') {
        fprintf(stderr, "wythoff-naive: %s: expected a non-negative integer, got '%s'\n", what,
                s);
        return 1;
    }
    errno = 0;
    char *end = NULL;
    unsigned long v = strtoul(s, &end, 10);
    if (*end != '\0') {
        fprintf(stderr, "wythoff-naive: %s: trailing characters in '%s'\n", what, s);
        return 1;
    }
    if (errno == ERANGE || v > UINT32_MAX) {
        fprintf(stderr, "wythoff-naive: %s: '%s' is too large (at most %lu)\n", what, s,
                (unsigned long)UINT32_MAX);
        return 1;
    }
    if (v < lo) {
        fprintf(stderr, "wythoff-naive: %s: '%s' is too small (at least %lu)\n", what, s,
                (unsigned long)lo);
        return 1;
    }
    *out = (uint32_t)v;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "wythoff-naive: expected 5 arguments, got %d\n%s", argc - 1, usage);
        return 2;
    }
    wy_rules rules;
    char err[WY_ERRLEN] = "";
    if (wy_rules_parse(&rules, argv[1], err, sizeof err) != WY_OK) {
        fprintf(stderr, "wythoff-naive: RULES: %s\n", err[0] ? err : "invalid ruleset");
        return 2;
    }
    uint32_t rows, cols, pass, heap;
    if (parse_u32(&rows, argv[2], "ROWS", 1) || parse_u32(&cols, argv[3], "COLS", 1) ||
        parse_u32(&pass, argv[4], "PASS", 0) || parse_u32(&heap, argv[5], "HEAP", 0)) {
        fputs(usage, stderr);
        return 2;
    }
    if (pass > rules.passes) {
        fprintf(stderr, "wythoff-naive: PASS: %lu is more than the ruleset's %lu passes\n",
                (unsigned long)pass, (unsigned long)rules.passes);
        return 2;
    }
    if (heap > rules.heap) {
        fprintf(stderr, "wythoff-naive: HEAP: %lu is more than the ruleset's heap of %lu\n",
                (unsigned long)heap, (unsigned long)rules.heap);
        return 2;
    }
    if (naive_all_cells(rows, cols, pass, heap) == 0) {
        fprintf(stderr, "wythoff-naive: ROWS x COLS x side states is too large\n");
        return 3;
    }

    uint32_t *t = malloc((size_t)rows * cols * sizeof *t);
    if (t == NULL || naive_table(t, &rules, rows, cols, pass, heap) != 0) {
        fprintf(stderr, "wythoff-naive: out of memory for a %lu x %lu table\n",
                (unsigned long)rows, (unsigned long)cols);
        free(t);
        return 3;
    }

    printf("x\\y");
    for (uint32_t y = 0; y < cols; y++)
        printf(",%lu", (unsigned long)y);
    putchar('\n');
    for (uint32_t x = 0; x < rows; x++) {
        printf("%lu", (unsigned long)x);
        for (uint32_t y = 0; y < cols; y++)
            printf(",%lu", (unsigned long)t[(size_t)x * cols + y]);
        putchar('\n');
    }
    free(t);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "wythoff-naive: write error on standard output\n");
        return 1;
    }
    return 0;
}
