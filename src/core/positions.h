/* positions.h - lists of positions from layer scans, shared by
 * positions.c and compare.c (internal to the core). */
#ifndef WYI_POSITIONS_H
#define WYI_POSITIONS_H

#include "wythoff_layer.h"

typedef struct {
    wy_pos *p;
    size_t n, cap;
    uint64_t maxn;         /* proved bound on the number of entries */
    uint64_t engine_count; /* the layer engine's own count (both triangles of the size x size window) */
    int over;              /* more than maxn: the bound is wrong */
    int nomem;
} wyi_pos_vec;

/* At most this many positions of one value with x <= y in a size x size
 * window, for the rulesets the layer engine covers. */
uint64_t wyi_upper_bound_positions(const wy_rules *r, uint64_t size);
/* Bytes of a ruleset's whole sorted list of a size x size window, at most. */
uint64_t wyi_full_list_bytes(const wy_rules *r, uint64_t size);

/* The positions (x, y), x <= y < size, of value g, in the layer engine's
 * order (x, then y).  limit: the memory limit handed to the layer scan. */
wy_status wyi_layer_upper(wyi_pos_vec *v, const wy_rules *rules, wy_side side, uint64_t g, uint64_t size,
                          uint64_t limit, const wy_run *run, char *err, size_t errlen);
/* The positions of value g in the window, both triangles, sorted by x then
 * y: the upper ones with their mirror images merged in. */
wy_status wyi_layer_full(wyi_pos_vec *v, const wy_rules *rules, wy_side side, uint64_t g, uint32_t rows,
                         uint32_t cols, uint64_t limit, const wy_run *run, char *err, size_t errlen);
void wyi_pos_vec_free(wyi_pos_vec *v);

#endif
