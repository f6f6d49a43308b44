/*
 * bench-baseline RULES SIZE OUTFILE
 *
 * The straightforward per-line bitset method, written independently of the
 * library (it includes none of its headers) as the reference point of
 * bench/run.  RULES is one of wythoff, nim, wythoff+pass, nim+pass; the
 * SIZE x SIZE window 0 <= x, y < SIZE of the start side state (passes left
 * 1 for +pass) is written to OUTFILE in the "WYTB" version 2 binary format
 * (docs/formats.md):
 *
 *   offset 0 "WYTB"; then u32 little-endian: 4 version 2, 8 rows R, 12 cols C,
 *   16 passes left, 20 heap (0), 24 cell width w (1, 2 or 4), 28 L; 32 the
 *   rules text (L bytes); then R*C cells of w bytes each, little-endian, the
 *   value of (x, y) at offset 32 + L + w (x C + y).
 *
 * Method.  Cells are computed in row order (x ascending, then y).  Every
 * line (row, column and, for wythoff, diagonal) has a bitset of the values
 * already seen on it, with room for bound + 64 bits, and a mex pointer: all
 * values below it are on the line.  Every move of the component game stays
 * on one line and lowers x + y, so the options of (x, y) are exactly the
 * cells of its row, column and diagonal met so far, and its value is the
 * first zero bit of (row | col | diag), scanned a 64-bit word at a time from
 * the largest of the three mex pointers.  The value is then set in the three
 * bitsets and their pointers advanced.  Rows are finished one after the
 * other, so only the current row's bitset is kept.
 *
 * With a pass (one pass shared by both players) the two side states are
 * computed in lockstep per cell, each with its own bitsets: layer 0 (pass
 * used) is the plain game; a cell of layer 1 (pass available) has the
 * component moves within layer 1 plus the pass to the same cell of layer 0,
 * except at (0, 0), which has no other move and therefore no pass.
 *
 * Single-threaded and deliberately simple: no blocking, no packing.
 * Exit status: 0 ok, 1 write error, 2 bad arguments, 3 out of memory.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZE 1048576u /* 2^20: beyond it the bitsets alone need terabytes */

static const char usage[] = "usage: bench-baseline RULES SIZE OUTFILE\n"
                            "  RULES: wythoff, nim, wythoff+pass or nim+pass\n"
                            "  SIZE: 1 to 1048576 (the window is SIZE x SIZE)\n";

/* One family of lines (all columns, or all diagonals, ...): `n` bitsets of
 * `words` 64-bit words each, and one mex pointer per line. */
typedef struct {
    uint64_t *bits;
    uint32_t *mex;
    size_t words;
} lines;

static int lines_init(lines *l, size_t n, size_t words)
{
    l->words = words;
    l->bits = calloc(n * words, sizeof *l->bits);
    l->mex = calloc(n, sizeof *l->mex);
    return l->bits != NULL && l->mex != NULL ? 0 : -1;
}

static void lines_free(lines *l)
{
    free(l->bits);
    free(l->mex);
    l->bits = NULL;
    l->mex = NULL;
}

static uint64_t *line_bits(const lines *l, size_t i)
{
    return l->bits + i * l->words;
}

/* Put value v on line i and move its mex pointer past the values present. */
static void line_add(lines *l, size_t i, uint32_t v)
{
    uint64_t *b = line_bits(l, i);
    b[v / 64] |= (uint64_t)1 << (v % 64);
    uint32_t m = l->mex[i];
    while (b[m / 64] >> (m % 64) & 1)
        m++;
    l->mex[i] = m;
}

static uint32_t max3(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* The smallest value >= start that is in none of the bitsets r, c, d (d may
 * be NULL: no diagonals) and is not `extra` (UINT32_MAX: no extra option).
 * The caller guarantees that a zero exists within the capacity. */
static uint32_t first_zero(const uint64_t *r, const uint64_t *c, const uint64_t *d, uint32_t start,
                           uint32_t extra)
{
    size_t i = start / 64;
    uint64_t below = ((uint64_t)1 << (start % 64)) - 1; /* bits under start count as taken */
    for (;; i++) {
        uint64_t u = r[i] | c[i] | below;
        if (d != NULL)
            u |= d[i];
        if (extra != UINT32_MAX && extra / 64 == i)
            u |= (uint64_t)1 << (extra % 64);
        below = 0;
        if (~u != 0)
            return (uint32_t)(i * 64 + (size_t)__builtin_ctzll(~u));
    }
}

/* One side state's bitsets: the current row, every column, every diagonal. */
typedef struct {
    lines row, col, diag;
} layer;

static int layer_init(layer *ly, uint32_t rows, uint32_t cols, int diagonals, size_t words)
{
    memset(ly, 0, sizeof *ly);
    if (lines_init(&ly->row, 1, words) != 0 || lines_init(&ly->col, cols, words) != 0)
        return -1;
    if (diagonals && lines_init(&ly->diag, (size_t)rows + cols - 1, words) != 0)
        return -1;
    return 0;
}

static void layer_free(layer *ly)
{
    lines_free(&ly->row);
    lines_free(&ly->col);
    lines_free(&ly->diag);
}

static void layer_new_row(layer *ly)
{
    memset(ly->row.bits, 0, ly->row.words * sizeof *ly->row.bits);
    ly->row.mex[0] = 0;
}

/* The value of (x, y) in this layer (extra: the value of one more option, or
 * UINT32_MAX), entered into the row, column and diagonal. */
static uint32_t layer_cell(layer *ly, uint32_t rows, uint32_t x, uint32_t y, uint32_t extra)
{
    int diagonals = ly->diag.bits != NULL;
    size_t di = diagonals ? (size_t)y + (rows - 1) - x : 0;
    uint32_t start = max3(ly->row.mex[0], ly->col.mex[y], diagonals ? ly->diag.mex[di] : 0);
    uint32_t v = first_zero(line_bits(&ly->row, 0), line_bits(&ly->col, y),
                            diagonals ? line_bits(&ly->diag, di) : NULL, start, extra);
    line_add(&ly->row, 0, v);
    line_add(&ly->col, y, v);
    if (diagonals)
        line_add(&ly->diag, di, v);
    return v;
}

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v & 0xff);
    p[1] = (unsigned char)(v >> 8 & 0xff);
    p[2] = (unsigned char)(v >> 16 & 0xff);
    p[3] = (unsigned char)(v >> 24 & 0xff);
}

static void put_cell(unsigned char *p, uint32_t v, unsigned w)
{
    for (unsigned k = 0; k < w; k++)
        p[k] = (unsigned char)(v >> (8 * k) & 0xff);
}

/* SIZE: decimal digits only, 1 to MAX_SIZE. */
static int parse_size(uint32_t *out, const char *s)
{
    if (s[0] < '0' || s[0] > '9') {
        fprintf(stderr, "bench-baseline: SIZE: expected a positive integer, got '%s'\n", s);
        return -1;
    }
    errno = 0;
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0') {
        fprintf(stderr, "bench-baseline: SIZE: trailing characters in '%s'\n", s);
        return -1;
    }
    if (errno == ERANGE || v > MAX_SIZE || v == 0) {
        fprintf(stderr, "bench-baseline: SIZE: '%s' is out of range (1 to %u)\n", s, MAX_SIZE);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "bench-baseline: expected 3 arguments, got %d\n%s", argc - 1, usage);
        return 2;
    }
    const char *rules = argv[1];
    int wythoff, pass;
    if (strcmp(rules, "wythoff") == 0) {
        wythoff = 1, pass = 0;
    } else if (strcmp(rules, "nim") == 0) {
        wythoff = 0, pass = 0;
    } else if (strcmp(rules, "wythoff+pass") == 0) {
        wythoff = 1, pass = 1;
    } else if (strcmp(rules, "nim+pass") == 0) {
        wythoff = 0, pass = 1;
    } else {
        fprintf(stderr, "bench-baseline: RULES: '%s' is not supported\n%s", rules, usage);
        return 2;
    }
    uint32_t n;
    if (parse_size(&n, argv[2]) != 0) {
        fputs(usage, stderr);
        return 2;
    }
    if (argv[3][0] == '\0') {
        fprintf(stderr, "bench-baseline: OUTFILE: empty file name\n%s", usage);
        return 2;
    }
    const uint32_t rows = n, cols = n;

    /* The bound: the most options any cell of the written side state has. */
    uint32_t bound = (rows - 1) + (cols - 1) + (wythoff ? (rows < cols ? rows : cols) - 1 : 0) +
                     (uint32_t)pass;
    unsigned w = bound <= 255 ? 1 : bound <= 65535 ? 2 : 4;
    size_t words = ((size_t)bound + 64) / 64 + 1; /* at least bound + 64 bits */

    layer ly[2];
    int nlayers = pass ? 2 : 1;
    int oom = 0;
    for (int k = 0; k < nlayers; k++)
        if (layer_init(&ly[k], rows, cols, wythoff, words) != 0)
            oom = 1;
    unsigned char *rowbuf = malloc((size_t)cols * w);
    if (oom || rowbuf == NULL) {
        fprintf(stderr, "bench-baseline: out of memory for a %u x %u window\n", rows, cols);
        for (int k = 0; k < nlayers; k++)
            layer_free(&ly[k]);
        free(rowbuf);
        return 3;
    }

    FILE *f = fopen(argv[3], "wb");
    if (f == NULL) {
        fprintf(stderr, "bench-baseline: cannot open '%s': %s\n", argv[3], strerror(errno));
        for (int k = 0; k < nlayers; k++)
            layer_free(&ly[k]);
        free(rowbuf);
        return 1;
    }
    uint32_t len = (uint32_t)strlen(rules);
    unsigned char head[32];
    memcpy(head, "WYTB", 4);
    put_u32(head + 4, 2);
    put_u32(head + 8, rows);
    put_u32(head + 12, cols);
    put_u32(head + 16, (uint32_t)pass);
    put_u32(head + 20, 0);
    put_u32(head + 24, w);
    put_u32(head + 28, len);
    int bad = fwrite(head, 1, sizeof head, f) != sizeof head || fwrite(rules, 1, len, f) != len;

    for (uint32_t x = 0; x < rows && !bad; x++) {
        for (int k = 0; k < nlayers; k++)
            layer_new_row(&ly[k]);
        for (uint32_t y = 0; y < cols; y++) {
            uint32_t v = layer_cell(&ly[0], rows, x, y, UINT32_MAX);
            if (pass)
                v = layer_cell(&ly[1], rows, x, y, x == 0 && y == 0 ? UINT32_MAX : v);
            put_cell(rowbuf + (size_t)y * w, v, w);
        }
        bad = fwrite(rowbuf, w, cols, f) != cols;
    }
    if (fclose(f) != 0)
        bad = 1;
    for (int k = 0; k < nlayers; k++)
        layer_free(&ly[k]);
    free(rowbuf);
    if (bad) {
        fprintf(stderr, "bench-baseline: write error on '%s'\n", argv[3]);
        return 1;
    }
    return 0;
}
