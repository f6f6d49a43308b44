/* engine.c - the engines the claims take their answers from
 * (check_internal.h, ck_engine): the library's own, for wy_claim_check.
 * A test replaces them (ck_claim_check_with) to see every claim FAIL on a
 * deliberately wrong answer. */
#include "check_internal.h"

const ck_engine ck_engine_lib = {
    wy_table_compute_run, wy_table_get,   wy_table_row,          wy_table_free,         wy_table_stream,
    wy_layer_scan,        wy_layer_scan_all, wy_moves_list,      wy_heap3_compute,      ck_printed_table_find,
    ck_printed_set_find,  NULL,
};

void ck_tamper(const ck *c, const char *what, void *data, size_t n, size_t size)
{
    const ck_engine *e = ck_eng(c);
    if (e->tamper) e->tamper(what, data, n, size);
}
