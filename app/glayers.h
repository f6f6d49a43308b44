/* glayers.h - the internals of `wythoff glayers` (docs/glayers.md) shared
 * by its files:
 *   cmd_glayers.c    the command: the scan, the reading of stored layers
 *   glayers_file.c   the stored layer DIR/layer-G.wygl: writer and reader
 *   glayers_stats.c  the statistics of a layer's offsets and the summary
 * The functions that return an int return 0 or, having said why, the exit
 * code (cli_die).
 */
#ifndef WY_GLAYERS_H
#define WY_GLAYERS_H

#include "commands.h"

#include <stdint.h>
#include <stdio.h>

#define GL_MAXG 79 /* the offset of (0, g) on diagonal g is -floor(g phi) >= -128 */
#define GL_CHUNK ((uint64_t)1 << 20) /* offsets per chunk of the files written */

/* ---- glayers_file.c: writing a stored layer ---- */

typedef struct {
    FILE *f;
    char *path, *tmp;
    uint64_t *table; /* chunk offsets */
    uint64_t nchunks, cap;
    unsigned char *zbuf;
    unsigned long zcap; /* zlib's uLong */
    void *z;            /* the z_stream, kept from chunk to chunk */
} gl_file;

/* Bytes a writer holds besides its chunk of GL_CHUNK offsets. */
uint64_t gl_file_estimate(void);
/* Start DIR/layer-G.wygl, written as DIR/.layer-G.wygl.part until closed. */
int gl_file_open(gl_file *w, const char *dir, uint64_t g);
/* Append one chunk of k offsets.  Prints nothing: on failure the exit code,
 * and why in msg (the scan's threads call it, one thread per file). */
int gl_file_chunk(gl_file *w, const int8_t *d, uint64_t k, char *msg, size_t msglen);
/* The chunk table, the header, the rename to the final name. */
int gl_file_close(gl_file *w, uint64_t g, uint64_t size, uint64_t count, uint64_t beyond, uint64_t positions);
/* Release w; a file not closed is removed. */
void gl_file_free(gl_file *w);

/* ---- glayers_file.c: reading a stored layer ---- */

/* A stored layer, opened: its header and chunk table. */
typedef struct {
    FILE *f;
    uint64_t g, size, count, nchunks, beyond, chunk, positions;
    uint64_t *table;
} gl_layer;

/* DIR/layer-G.wygl into buf: 1 when it does not fit. */
int gl_layer_path(char *buf, size_t n, const char *dir, uint64_t g);
/* The largest G <= GL_MAXG of the files DIR/layer-G.wygl into *G (an error
 * when there is none). */
int gl_layer_last(uint64_t *G, const char *dir);
/* Open a stored layer and check its header and chunk table (a damaged or
 * forged file is "corrupt PATH: what", exit 2, before any allocation that
 * trusts it).  gl_layer_close even on failure. */
int gl_layer_open(gl_layer *L, const char *path);
/* Chunk i into d (L->chunk bytes). */
int gl_layer_chunk(gl_layer *L, uint64_t i, int8_t *d, const char *path);
/* The whole layer into *d (malloc'ed, *cap bytes; reused when *cap is
 * large enough; freed by the caller, also on failure), its chunks inflated
 * on two threads when threads >= 2. */
int gl_layer_load(gl_layer *L, int8_t **d, uint64_t *cap, const char *path, uint64_t mem_limit, unsigned threads);
void gl_layer_close(gl_layer *L);

/* ---- glayers_stats.c ---- */

#define GL_MAXK 64

/* The statistics of one layer's offsets d_n, n < count. */
typedef struct {
    uint64_t g, size, count, beyond, positions;
    int lo, hi;               /* the least and largest offset */
    uint64_t lo_n, hi_n;      /* the largest n where each occurs */
    int tlo, thi;             /* the least and largest offset for n >= count / 2 */
    uint64_t hist[256];       /* offsets -128..127 */
    int kfirst, klast[2];     /* the k with radii, s = 1, 2 */
    uint64_t rad[2][GL_MAXK]; /* r(k, s) */
    int capped[2][GL_MAXK];   /* the radius reached the end of the data */
} gl_stats;

/* Everything about d[0..count-1] (count >= 1) into s (but its g, size,
 * count, beyond and positions, which are the caller's). */
void gl_analyze(gl_stats *s, const int8_t *d, uint64_t count);
/* Write the summary of values 0..G1-1 (st, freed here) of a window of
 * `size` in the command's format; rc: an earlier failure, returned as it
 * is. */
int gl_summary(cli_config *c, gl_stats *st, uint64_t size, uint64_t G1, int rc);

#endif
