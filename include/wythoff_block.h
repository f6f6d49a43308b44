/* wythoff_block.h - the table engine on one block of columns, for drivers
 * that spread a table over several processes (build/wythoff-mpi on MPI:
 * docs/distributed.md).
 *
 * A table of R x C cells is cut into K blocks of consecutive columns, one
 * per process ("rank" below, as in MPI).  Rank r holds the column bitsets of
 * its columns [c0, c1), the diagonal bitsets of the diagonals that cross its
 * block at the moment, and a ring of its recent rows; never the table.  The
 * rows are cut into bands of B rows, and the bands flow through the ranks
 * in order, as a pipeline:
 *
 *   rank 0 computes band k on columns [0, c1) and sends to rank 1 the state
 *   of its rows at its right edge (their row bitsets), the diagonals that
 *   cross into rank 1's block during band k, and, for bounded moves, the
 *   cells rank 1 may still reach to the left of its block; rank 1 computes
 *   band k on its block from that message while rank 0 goes on with band
 *   k + 1; and so on to the last rank.
 *
 * Inside a rank, threads compute bands as the single-process engine does
 * (band k follows band k - 1 a chunk of columns behind).  Every cell is
 * computed from exactly the bitsets the single-process engine uses, so the
 * values do not depend on K, the blocks, the threads or the band height.
 *
 * The library does no communication itself: the driver moves the messages
 * (an opaque byte string per band, produced and consumed by the library)
 * through the callbacks of wy_block_io, in band order.  The callbacks are
 * called from the engine's threads, never two of the same kind at once, and
 * always in band order; recv(k) and send(k) of one rank may overlap with
 * each other and with out(k').
 */
#ifndef WYTHOFF_BLOCK_H
#define WYTHOFF_BLOCK_H

#include "wythoff.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    void *ctx;
    /* rank > 0: the message of band k from the previous rank.  Sets *buf
     * and *len; the buffer stays valid until the next recv call.  Nonzero:
     * stop (WY_ECANCELED). */
    int (*recv)(void *ctx, uint32_t band, const void **buf, size_t *len);
    /* rank < K - 1: the message of band k for the next rank; the buffer is
     * the library's again when send returns. */
    int (*send)(void *ctx, uint32_t band, const void *buf, size_t len);
    /* the values of rows x0..x1-1 on the block's columns, in the side state
     * asked for: values[(x - x0) * (c1 - c0) + (y - c0)]. */
    int (*out)(void *ctx, uint32_t band, uint32_t x0, uint32_t x1, const uint32_t *values);
    /* optional (NULL): band k starts computing (its message received). */
    void (*begin)(void *ctx, uint32_t band);
} wy_block_io;

/* A block of a table: columns [c0, c1) of an R x C window, the first and
 * last flags saying whether a rank comes before or after it. */
typedef struct {
    uint32_t rows, cols;  /* the whole window */
    uint32_t c0, c1;      /* this block: 0 <= c0 < c1 <= cols */
    int first, last;      /* c0 == 0, c1 == cols: no previous / next rank */
} wy_block;

/* What one rank's run did (for the driver's statistics). */
typedef struct {
    uint64_t cells;       /* cells computed (every side state counted once) */
    uint64_t bands;
    uint64_t bytes_sent, bytes_received;
    uint64_t mem_estimate; /* bytes, as wy_table_block_estimate */
    uint32_t band_rows;   /* B */
    unsigned threads;
} wy_block_stats;

/* Bytes one rank needs for its block (the figure compared with mem_limit):
 * its column bitsets, the diagonals crossing it, its ring of rows, the
 * per-thread row bitsets and one message each way. */
WY_API uint64_t wy_table_block_estimate(const wy_rules *rules, const wy_block *blk, wy_side side, const wy_run *run);

/* What wy_table_block_run would use, without running: stats->mem_estimate,
 * band_rows, threads and bands (the other fields 0).  WY_EINVAL for a bad
 * block or side state, WY_ERANGE beyond any memory (too many side-state
 * layers). */
WY_API wy_status wy_table_block_plan(const wy_rules *rules, const wy_block *blk, wy_side side, const wy_run *run,
                                     wy_block_stats *stats, char *err, size_t errlen);

/* The columns [c0, c1) of block `rank` of `ranks` for a window of `cols`
 * columns: equal widths, the first cols % ranks blocks one wider.  0 when
 * ranks is 0 or exceeds cols (every block needs a column). */
WY_API int wy_block_split(wy_block *blk, uint32_t rows, uint32_t cols, unsigned rank, unsigned ranks);

/* Compute this rank's block: every band is received (unless first),
 * computed, handed to io->out, and sent (unless last).  run->threads
 * threads, run->band rows per band (the same on every rank; 0 automatic,
 * as the single-process engine chooses it for the whole window);
 * run->progress sees this rank's cells.  WY_ERANGE before allocating when
 * the estimate exceeds mem_limit (0: no limit); WY_ECANCELED when a callback
 * or the progress function stopped it; WY_EINTERNAL on a malformed message.
 * stats may be NULL. */
WY_API wy_status wy_table_block_run(const wy_rules *rules, const wy_block *blk, wy_side side, uint64_t mem_limit,
                                    const wy_run *run, const wy_block_io *io, wy_block_stats *stats, char *err,
                                    size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
