/* table_block.c - the table engine on one block of columns
 * (wythoff_block.h): the plan of the block, its checks and its run.  The
 * engine's part is in table_engine.c (block_in, block_out and the messages). */
#include "table_impl.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

int wy_block_split(wy_block *blk, uint32_t rows, uint32_t cols, unsigned rank, unsigned ranks)
{
    memset(blk, 0, sizeof *blk);
    if (ranks == 0 || rank >= ranks || ranks > cols)
        return 0;
    uint32_t q = cols / ranks, rem = cols % ranks;
    blk->rows = rows;
    blk->cols = cols;
    blk->c0 = rank * q + (rank < rem ? rank : rem);
    blk->c1 = blk->c0 + q + (rank < rem);
    blk->first = blk->c0 == 0;
    blk->last = blk->c1 == cols;
    return 1;
}

static wy_status block_check(const wy_rules *rules, const wy_block *blk, wy_side side, char *err, size_t errlen)
{
    wy_status st = wy_side_check(rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (blk->rows == 0 || blk->cols == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "empty window (%u rows, %u columns)", blk->rows, blk->cols);
    if (blk->c0 >= blk->c1 || blk->c1 > blk->cols)
        return wyi_fail(WY_EINVAL, err, errlen, "block of columns [%u, %u) is not inside the %u columns", blk->c0,
                        blk->c1, blk->cols);
    if (blk->first != (blk->c0 == 0) || blk->last != (blk->c1 == blk->cols))
        return wyi_fail(WY_EINVAL, err, errlen, "block [%u, %u): its first/last flags do not match its columns",
                        blk->c0, blk->c1);
    return WY_OK;
}

uint64_t wy_table_block_estimate(const wy_rules *rules, const wy_block *blk, wy_side side, const wy_run *run)
{
    if (block_check(rules, blk, side, NULL, 0) != WY_OK)
        return UINT64_MAX;
    plan pl;
    wyi_tab_make_block_plan(&pl, rules, blk, side, run ? run->threads : 1, run ? run->band : 0);
    return wyi_tab_plan_total(&pl);
}

wy_status wy_table_block_plan(const wy_rules *rules, const wy_block *blk, wy_side side, const wy_run *run,
                              wy_block_stats *stats, char *err, size_t errlen)
{
    memset(stats, 0, sizeof *stats);
    wy_status st = block_check(rules, blk, side, err, errlen);
    if (st != WY_OK)
        return st;
    plan pl;
    wyi_tab_make_block_plan(&pl, rules, blk, side, run ? run->threads : 1, run ? run->band : 0);
    if (pl.too_many)
        return wyi_fail(WY_ERANGE, err, errlen, "a %u x %u table would need more than %llu side-state layers",
                        blk->rows, blk->cols, (unsigned long long)MAX_LAYERS);
    stats->mem_estimate = wyi_tab_plan_total(&pl);
    stats->band_rows = pl.B;
    stats->threads = pl.T;
    stats->bands = ((uint64_t)pl.R + pl.B - 1) / pl.B;
    return WY_OK;
}

wy_status wy_table_block_run(const wy_rules *rules, const wy_block *blk, wy_side side, uint64_t mem_limit,
                             const wy_run *run, const wy_block_io *io, wy_block_stats *stats, char *err,
                             size_t errlen)
{
    if (stats)
        memset(stats, 0, sizeof *stats);
    wy_status st = block_check(rules, blk, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (!io || !io->out || (!blk->first && !io->recv) || (!blk->last && !io->send))
        return wyi_fail(WY_EINVAL, err, errlen, "a block needs the callbacks out%s%s", blk->first ? "" : ", recv",
                        blk->last ? "" : ", send");
    plan pl;
    wyi_tab_make_block_plan(&pl, rules, blk, side, run ? run->threads : 1, run ? run->band : 0);
    uint64_t need = wyi_tab_plan_total(&pl);
    if (pl.too_many)
        return wyi_fail(WY_ERANGE, err, errlen,
                        "a %u x %u table would need more than %llu side-state layers (passes and heap sizes), "
                        "beyond any memory",
                        blk->rows, blk->cols, (unsigned long long)MAX_LAYERS);
    if (mem_limit && need > mem_limit) {
        char what[96];
        snprintf(what, sizeof what, "columns %u..%u of a %u x %u table on this rank", blk->c0, blk->c1 - 1, blk->rows,
                 blk->cols);
        return wy_memory_refusal(err, errlen, what, need, mem_limit);
    }
    if (need > SIZE_MAX / 2)
        return wyi_fail(WY_ERANGE, err, errlen,
                        "columns %u..%u of a %u x %u table are too large for this address space", blk->c0,
                        blk->c1 - 1, blk->rows, blk->cols);
    uint32_t *tv = wyi_tab_terminal_values(rules, &pl);
    size_t vbytes = (size_t)pl.table_bytes;
    void *v = wyi_tab_big_alloc(vbytes);
    int stop = STOP_NOMEM;
    shared S;
    memset(&S, 0, sizeof S);
    if (tv && v) {
        S.pl = &pl;
        S.v = v;
        S.Kt = wyi_terminal_bound(rules);
        S.total_cells = (uint64_t)pl.R * pl.CW;
        S.io = io;
        S.out_layer = side.pass * pl.nh + (pl.heap_xor ? 0 : side.heap);
        S.out_xor = pl.heap_xor ? side.heap : 0;
        S.tv = tv;
        stop = wyi_tab_engine_run(&S, &pl, run);
    }
    free(tv);
    wyi_tab_big_free(v, vbytes);
    if (stats) {
        stats->cells = atomic_load(&S.cells_done);
        stats->bands = atomic_load(&S.out_done);
        stats->bytes_sent = S.bytes_sent;
        stats->bytes_received = S.bytes_recv;
        stats->mem_estimate = need;
        stats->band_rows = pl.B;
        stats->threads = pl.T;
    }
    switch (stop) {
    case STOP_NONE:
        return WY_OK;
    case STOP_CANCEL:
    case STOP_SINK:
        return wyi_fail(WY_ECANCELED, err, errlen, "computation of columns %u..%u of a %u x %u table stopped", blk->c0,
                        blk->c1 - 1, blk->rows, blk->cols);
    case STOP_NOMEM:
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory computing columns %u..%u of a %u x %u table (estimate %llu MiB)",
                        blk->c0, blk->c1 - 1, blk->rows, blk->cols, (unsigned long long)(need >> 20) + 1);
    case STOP_BADMSG:
        return wyi_fail(WY_EINTERNAL, err, errlen, "a malformed message from the previous block (columns before %u)",
                        blk->c0);
    default:
        return wyi_fail(WY_EINTERNAL, err, errlen, "table engine stopped unexpectedly (code %d)", stop);
    }
}
