/* table_impl.h - the table engine's parts (internal to the core):
 *   table_plan.c    the plan of a computation and its memory estimate;
 *   table_engine.c  the per-cell kernel, the bands and the threads;
 *   table.c         the public interface: compute, stream, read.
 * The method is described at the top of table.c. */
#ifndef WYI_TABLE_IMPL_H
#define WYI_TABLE_IMPL_H

#include "internal.h"
#include "wythoff_block.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

static inline uint32_t min32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

#define CHUNK 64u      /* columns between two progress counters */
#define MAX_LAYERS ((uint64_t)1 << 24) /* side layers (p, h): more never fit in memory anyway */
#define MAX_BAND 64u   /* rows per band */
#define PROG_STRIDE 32u /* one band's progress counter per 128 bytes */
#define MOD_BITS_MAX 64u /* mod=M, M <= this: class bitsets instead of minY lookups */

/* The plan of a computation: everything the estimate and the engine share. */
typedef struct {
    uint32_t R, C;
    int transposed;
    uint32_t np, nh, nl; /* layers: nl = np * nh (valid unless too_many) */
    int too_many;        /* more than MAX_LAYERS side layers: refused, estimate UINT64_MAX */
    int heap_xor;
    uint32_t N;          /* move bound; UINT32_MAX when unbounded */
    int wyt;             /* diagonal moves exist */
    int modmode;         /* 0 none, 1 minY (unbounded), 2 listed (bounded) */
    uint32_t M;
    int dense;           /* column/diagonal bitsets */
    int tri;             /* compute x <= y only, mirror the rest */
    int stream;          /* ring of rows, handed out in order */
    int packed;          /* stream 2 with tri: only the cells x <= y are stored,
                            column after column (column y: rows 0..min(y, R-1)),
                            tcells a layer */
    uint64_t tcells;
    unsigned cw;         /* bytes per stored cell */
    uint64_t bound;      /* no value in the window exceeds it */
    size_t W;            /* words per line bitset (initial when not fixed) */
    int fixed;           /* W never grows (needed for threads) */
    uint32_t B;          /* band height */
    unsigned T;          /* threads */
    uint32_t keep;       /* rows stored: R, or the ring of a stream */
    uint32_t slots;      /* stream: bands in the ring */
    uint64_t table_bytes, line_bytes, thread_bytes, mod_bytes, misc_bytes;
    /* columns computed and stored (wythoff_block.h): the engine computes
     * columns [c0, c1) (CW of them) and stores [y0, c1) (Cst), y0 = c0 -
     * halo; the whole window when not a block (c0 = y0 = 0, CW = Cst = C) */
    int block, first, last;
    uint32_t c0, c1, y0, CW, Cst, halo;
    uint32_t dslots;     /* block: diagonal bitsets kept, indexed d mod dslots */
} plan;

/* A computed table (include/wythoff.h). */
struct wy_table {
    wy_rules r;
    uint32_t rows, cols; /* as requested */
    int transposed;      /* stored as cols x rows */
    uint32_t R, C;       /* stored dimensions, R <= C */
    uint32_t np, nh;     /* stored side-state layers */
    int heap_xor;        /* layer (p, h) = layer (p, 0) XOR h */
    int dense;           /* layout used */
    unsigned cw;         /* bytes per cell: 2 or 4 */
    wy_side top;         /* highest side state computed */
    void *v;             /* [np][nh][R][C] cells */
    size_t vbytes;       /* for big_free */
};

/* The plan of one block (wythoff_block.h); band 0: automatic. */
void wyi_tab_make_block_plan(plan *pl, const wy_rules *r, const wy_block *blk, wy_side side, unsigned threads,
                             unsigned band);

/* Bytes the plan needs in all (UINT64_MAX when refused outright). */
uint64_t wyi_tab_plan_total(const plan *pl);
/* The largest number of options of a cell of an R x C window in side state
 * (p, h): a cell's value (a mex) never exceeds it. */
uint64_t wyi_tab_option_bound(const wy_rules *r, uint64_t R, uint64_t C, uint64_t p, uint64_t h);
/* stream: 0 a table kept in memory; 1 rows handed out, a ring of rows kept;
 * 2 rows handed out, the whole table kept (symmetric when R <= C). */
void wyi_tab_make_plan(plan *pl, const wy_rules *r, uint32_t rows, uint32_t cols, wy_side side, wy_layout layout,
                       unsigned threads, int stream, unsigned band);

enum { STOP_NONE = 0, STOP_CANCEL, STOP_OVERFLOW, STOP_NOMEM, STOP_SINK, STOP_BADMSG };

/* What the engine shares between its threads. */
typedef struct {
    const plan *pl;
    void *v;             /* [nl][keep][C] cells of pl->cw bytes */
    uint64_t Kt;         /* x + y <= Kt: no component moves */
    size_t W;            /* words per bitset; capacity W * 64 values */
    size_t ndiag;
    uint64_t *colb, *diab;     /* dense: [nl][C][W], [nl][ndiag][W] */
    size_t colb_bytes, diab_bytes;
    uint32_t *colptr, *diaptr; /* [nl][C], [nl][ndiag] */
    uint32_t *minY;      /* modmode 1: [nl][M][W * 64] */
    /* modmode 1 with small M: per class the bitset of the values g with
     * minY < y (the modular options of the current cell's class), grown
     * along the row from the entries (class, g) sorted by minY */
    int modbits;
    uint64_t *modb;      /* [nl][M][W] */
    uint32_t *modff;     /* [nl][M]: every value below it is in the class's bitset (it only grows in a row) */
    uint32_t *ev;        /* [nl][M * W * 64]: class * cap + g, by minY */
    uint32_t *evs;       /* [nl][C + 1]: start of the entries with minY = y */
    const uint32_t *tv;  /* [nl]: value of the terminal region */
    uint32_t nbands;
    _Atomic uint32_t *prog;    /* [nbands * PROG_STRIDE]: columns finished */
    /* written while others read the fields above: lines of their own */
    _Alignas(128) atomic_uint next_band;
    _Alignas(128) atomic_uint out_done; /* stream: bands handed out */
    _Alignas(128) atomic_int stop;
    _Alignas(128) _Atomic uint64_t cells_done;
    _Alignas(128) char pad_end;
    uint64_t total_cells;
    const wy_run *run;
    /* stream */
    wy_row_fn sink;
    void *sink_ctx;
    uint32_t out_layer, out_xor;
    uint32_t *outrow;
    int release;         /* packed: dead columns' pages given back as bands go out */
    size_t rel_v, rel_col, rel_dia; /* bytes given back so far (page multiples) */
    /* block (wythoff_block.h) */
    const wy_block_io *io;
    _Alignas(128) atomic_uint in_done; /* bands received */
    uint64_t *leftp;     /* mod=M: [nl][M][W] (class, g) seen left of the block */
    size_t leftp_bytes;
    uint32_t *din, *dout; /* mod=M: (l, class, g) triples received / to send */
    size_t nin, nout, capin, capout;
    unsigned char *msg;  /* the message being sent */
    size_t msg_cap;
    uint64_t bytes_sent, bytes_recv;
    int bad_msg;         /* a malformed message stopped the run */
} shared;

/* Large zeroed blocks (mmap with huge pages above 16 MiB). */
void *wyi_tab_big_alloc(size_t n);
void wyi_tab_big_free(void *p, size_t n);

/* Run the engine on S (S->pl, S->v, S->Kt, S->tv, S->total_cells and, for
 * a stream, S->sink set by the caller).  Returns a STOP_ code. */
int wyi_tab_engine_run(shared *S, const plan *pl, const wy_run *run);
/* The value of the terminal region in every side-state layer of the plan:
 * tv[l], l = p * nh + h.  O(layers).  NULL on allocation failure. */
uint32_t *wyi_tab_terminal_values(const wy_rules *rules, const plan *pl);
/* Cells the engine computes (x <= y only when it mirrors). */
uint64_t wyi_tab_total_cells(const plan *pl);

#endif
