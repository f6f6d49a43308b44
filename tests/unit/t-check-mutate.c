/*
 * t-check-mutate - every claim of `wythoff check` can fail (issue 26).
 *
 * A claim that compares the engine with itself, or with a figure the same
 * engine produced, passes whatever the engine answers.  So every registered
 * claim is run twice through ck_claim_check_with (src/check/check_internal.h)
 * with the engines wrapped here:
 *
 *  1. the wrappers passing every answer through unchanged: the verdict must
 *     be the claim's usual one (PASS, or ERRATUM for the six errata of
 *     docs/errata.md), so the wrappers change nothing by themselves;
 *  2. with one deliberately wrong answer, the mutation listed for the claim
 *     below: one cell of a table-engine table, one position of a layer scan
 *     dropped or moved, one move left out of a move list, one cell of a
 *     three-heap atlas, one cell or position of the printed data, or one
 *     element of an array the check library computed by its own method
 *     (its recursions and sequences).  The wrapper must have applied it (the
 *     claim read the wrong answer) and the verdict must be FAIL: never PASS,
 *     and never ERRATUM (a recorded erratum does not excuse a wrong answer).
 *
 * Every registered claim must have a mutation here and a non-empty
 * independent method in the registry (ck_claim_independent: what the
 * engine's answers are compared against); a claim added without them, or a
 * mutation naming a claim that no longer exists, fails the test.  Why each
 * mutation contradicts the claim is said in its `why` text, from the
 * paper's statement and hand arithmetic (cited by paper, section and
 * statement), never from the tool's output.
 *
 * `t-check-mutate --list` prints the table of docs/claims.md ("Every claim
 * can fail"): each claim, its independent method and its mutation
 * (tests/cli/claims-doc.sh keeps the two equal).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/check/check_internal.h"
#include "../naive/testkit.h"
#include "wythoff.h"
#include "wythoff_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The mutations                                                       */
/* ------------------------------------------------------------------ */

typedef enum {
    M_CELL,      /* table engine: cell (x, y) of `where` at side (pass, heap) reads v */
    M_LAYER,     /* layer scan of `where`, value g, side (pass, heap): (x, y) reported as (nx, ny), or dropped (nx < 0) */
    M_LAYER_ALL, /* the same for wy_layer_scan_all (value g among all) */
    M_MOVE,      /* move list of `where` at (x, y), side (pass, heap): the move to (nx, ny) left out */
    M_ATLAS,     /* the sweep's three-heap atlas of `where`: f(x, y) reads v */
    M_PTABLE,    /* printed table `where`: cell (x, y) reads v */
    M_PSET,      /* printed set `where`: position (x, y) replaced by (nx, ny), or removed (nx < 0) */
    M_DATA       /* the first array the claim hands to tamper under the name `where`: element x xor v */
} mkind;

typedef struct {
    const char *id;
    uint64_t limit; /* the claim's limit for both runs (0: a printed window) */
    mkind kind;
    const char *where;
    int pass, heap; /* the side state matched; -1: any */
    int64_t g;      /* M_LAYER, M_LAYER_ALL: the value */
    uint64_t x, y;
    int64_t nx, ny;
    uint64_t v;
    const char *why;
    int hx;         /* M_CELL: the cell reads v xor h at every heap h (a wrong layer h = 0 that the
                       engine's heap shortcut, G(x, y, h) = G(x, y, 0) xor h, carries to every h) */
    const char *expect; /* NULL, or text the FAIL's detail must contain (derived by hand) */
} mutation;

#define ANY -1, -1
#define NOG 0
/* a table cell */
#define CELL(id, lim, rules, pass, heap, x, y, v, why) {id, lim, M_CELL, rules, pass, heap, NOG, x, y, 0, 0, v, why, 0, NULL}
#define CELLX(id, lim, rules, pass, heap, x, y, v, why, expect)                                                       \
    {id, lim, M_CELL, rules, pass, heap, NOG, x, y, 0, 0, v, why, 0, expect}
/* a layer position moved (nx >= 0) or dropped (nx = -1) */
#define LAYER(id, lim, rules, pass, heap, g, x, y, nx, ny, why) {id, lim, M_LAYER, rules, pass, heap, g, x, y, nx, ny, 0, why, 0, NULL}
#define DATA(id, lim, name, i, xr, why) {id, lim, M_DATA, name, ANY, NOG, i, 0, 0, 0, xr, why, 0, NULL}
#define DATAX(id, lim, name, i, xr, why, expect) {id, lim, M_DATA, name, ANY, NOG, i, 0, 0, 0, xr, why, 0, expect}

/* The printed tables of the papers read 999 at one cell (no value of a
 * window of at most 16 x 16 is that large). */
#define FIGCELL(id, rules, pass, heap) CELL(id, 0, rules, pass, heap, 4, 6, 999, "the engine's cell (4, 6) reads 999, which no printed cell holds")

/* A wrong position the offsets cannot see: the same diagonal, an offset in
 * the range measured at 10^9. */
#define GL_WHY                                                                                                         \
    "the value-1 position (0, 1) is reported as (1, 2): the same diagonal, offset 1 - floor(phi) = 0 within -3..8, "  \
    "but (1, 2) is a Wythoff P-position (value 0 in the table engine)"
#define GL_EXPECT "differ from the table engine; the first: value 1 at (1, 2), where the table engine has 0. "

static const mutation MUTATIONS[] = {
    /* paper 000 */
    {"000.thm1", 96, M_CELL, "wythoff+heap=3", -1, -1, NOG, 5, 3, 0, 0, 1,
     "the engine's G(5, 3, h) reads 1 xor h at every h: the theorem holds on its answers, but (3, 5) is a Wythoff "
     "P-position (Theorem 2, n = 2), so the recursion gives G(5, 3, 0) = 0",
     1, "4 cell(s) of the table engine's wythoff+heap=3 differ from the mex recursion; first (5, 3) with h = 0: "
        "engine 1, recursion 0. "},
    DATAX("000.thm1", 96, "000.thm1 mex recursion", 96 * 96, 4,
          "the recursion's G(0, 0, 1) (index (1 * 96 + 0) * 96 + 0) becomes 1 xor 4 = 5, not G(0, 0, 0) xor 1 = 1",
          "1 cell(s) break the theorem; first (0, 0) with h = 1: the mex recursion gives G = 5, but G(x, y, 0) xor h = 1. "
          "1 cell(s) of the table engine's wythoff+heap=3 differ from the mex recursion; first (0, 0) with h = 1: "
          "engine 1, recursion 5. "),
    LAYER("000.thm2", 3000, "wythoff", -1, -1, 0, 8, 13, -1, -1,
          "(8, 13) = (floor(5 phi), floor(5 phi) + 5) is left out of the P-positions"),
    LAYER("000.thm3", 3000, "wythoff", -1, -1, 1, 0, 1, 0, 11,
          "the value-1 position (0, 1) (n = 0) is reported as (0, 11): b_0 - (floor(0 phi) + 0) = 11 > 4"),
    LAYER("000.cor1", 3000, "wythoff", -1, -1, 1, 0, 1, 0, 20,
          "the value-1 position (0, 1) is reported as (0, 20); the P-positions of rows 0..4, (0, 0), (1, 2), (2, 1), "
          "(3, 5), (4, 7), are all farther than sqrt(20) from it"),
    CELL("000.lem1.i", 0, "wythoff+pass", 0, -1, 3, 5, 999, "the printed P-position (3, 5) of set A reads 999"),
    CELL("000.lem1.ii", 0, "wythoff+pass", 1, -1, 1, 3, 999, "the printed P-position (1, 3) of set B reads 999"),
    CELL("000.lem1.iii", 0, "wythoff+heap=1", -1, 1, 2, 2, 999, "the printed P-position (2, 2) of set C reads 999"),
    FIGCELL("000.fig3", "wythoff+pass", 0, -1),
    {"000.fig3", 0, M_PTABLE, "000_fig3", -1, -1, NOG, 4, 6, 0, 0, 999, "the printed cell (4, 6) reads 999", 0, NULL},
    FIGCELL("000.fig4", "wythoff+pass", 1, -1),
    FIGCELL("000.fig5", "wythoff+heap=1", -1, 1),
    FIGCELL("000.fig6", "wythoff+pass", 1, -1),
    FIGCELL("000.fig7", "wythoff+pass", 1, -1),
    FIGCELL("000.fig8", "wythoff+pass", 1, -1),
    FIGCELL("000.fig9", "wythoff+pass", 1, -1),
    {"000.lem2", 96, M_PSET, "000_setB", -1, -1, NOG, 4, 8, -1, -1, 0,
     "(4, 8) is removed from the printed set B: for y = 8 and x >= 9, M1(x, 8) no longer meets B (part (i))", 0, NULL},
    FIGCELL("000.fig10", "wythoff+pass", 1, -1),
    FIGCELL("000.fig11", "wythoff+heap=1", -1, 1),
    {"000.lem3", 96, M_PSET, "000_setB", -1, -1, NOG, 4, 8, -1, -1, 0,
     "(4, 8) is removed from the printed set B but stays in C: M1(9, 8) meets C and not B (part i = 1)", 0, NULL},
    LAYER("000.thm4", 3000, "wythoff+pass", 1, -1, 0, 9, 14, -1, -1,
          "the P-position (9, 14) of wythoff+pass (x >= 9) is left out; wythoff+heap=1 h=1 still has it"),
    LAYER("000.cor2", 3000, "wythoff+pass", 1, -1, 0, 9, 14, -1, -1,
          "the P-position (9, 14) of wythoff+pass (x >= 9) is left out; it is still of value 1 with the pass used"),
    LAYER("000.thm5", 3000, "wythoff+pass", 1, -1, 0, 0, 0, 0, 20,
          "the P-position (0, 0) is reported as (0, 20), farther than sqrt(20) from every Wythoff P-position"),
    FIGCELL("000.fig6.1", "wythoff+pass", 0, -1),
    FIGCELL("000.fig6.2", "wythoff+pass", 1, -1),
    /* paper 001 */
    LAYER("001.thm1", 3000, "wythoff+terminal=2", -1, -1, 0, 3, 6, -1, -1,
          "(3, 6) (set A) is left out: a second difference besides (1, 1), so not the recorded erratum"),
    DATA("001.g", 3000, "g(n) by its definition", 5, 1, "g(5) is flipped; Hofstadter's form still gives the true g(5)"),
    LAYER("001.prop1", 3000, "wythoff+terminal=2", -1, -1, 1, 8, 13, -1, -1,
          "the Wythoff P-position (8, 13) (x >= 8) is left out of the value-1 positions"),
    LAYER("001.thm2", 3000, "wythoff+terminal=2", -1, -1, 1, 8, 13, -1, -1,
          "the Wythoff P-position (8, 13) is left out of the value-1 positions, so the corrected statement fails too"),
    LAYER("001.prop2", 3000, "wythoff+terminal=2+misere", -1, -1, 0, 8, 13, -1, -1,
          "the Wythoff P-position (8, 13) (x >= 8) is left out of the misere P-positions"),
    LAYER("001.thm3", 3000, "wythoff+terminal=2+misere", -1, -1, 0, 8, 13, -1, -1,
          "(8, 13) is left out of the misere P-positions; wythoff+terminal=2+heap=1 h=1 still has it"),
    CELL("001.setA", 0, "wythoff+terminal=2", -1, -1, 3, 6, 999, "the printed P-position (3, 6) of set A reads 999"),
    CELL("001.setB", 0, "wythoff+terminal=2+misere", -1, -1, 0, 3, 999, "the printed P-position (0, 3) of set B reads 999"),
    CELL("001.setC", 0, "wythoff", -1, -1, 1, 2, 999, "the printed P-position (1, 2) of set C reads 999"),
    /* paper 002 */
    LAYER("002.thm1.1", 3000, "wythoff", -1, -1, 0, 8, 13, -1, -1,
          "the cold position (8, 13) is left out, so the corrected set (with mirror images) fails too"),
    LAYER("002.lem2.2", 3000, "nim", -1, -1, 0, 5, 5, -1, -1, "the cold position (5, 5) is left out"),
    CELL("002.ex2.1", 0, "nim+heap=3", -1, 1, 3, 2, 999, "(3, 2, 1) (nim-sum 0, printed cold) reads 999, hot"),
    {"002.ex2.1", 0, M_MOVE, "nim+heap=3", -1, 1, NOG, 3, 2, 2, 2, 0,
     "the printed option (2, 2, 1) of (3, 2, 1) is left out of its move list", 0, NULL},
    CELLX("002.thm2.2", 96, "nim+heap=15", -1, 4, 1, 2, 0,
          "(1, 2, 4) has nim-sum 7, hot; the engine's value there reads 0, cold",
          "1 position(s) where the table engine's nim+heap=15 and the recursion disagree; first (1, 2, 4): engine "
          "value 0, hot by the recursion. "),
    DATAX("002.thm2.2", 96, "002.thm2.2 cold positions", 1, 1,
          "the recursion's (0, 0, 1) (index (0 * 96 + 0) * 16 + 1) is made cold; its nim-sum is 1",
          "1 position(s) break the theorem; first (0, 0, 1): cold by the recursion, but the nim-sum is 1. 1 "
          "position(s) where the table engine's nim+heap=15 and the recursion disagree; first (0, 0, 1): engine "
          "value 1, cold by the recursion. "),
    CELL("002.thm2.3", 12, "nim+max=2", -1, -1, 0, 0, 999,
         "(0, 0) of nim+max=2 reads 999, hot; (0 mod 3) xor (0 mod 3) = 0 says cold (q = 2, read \"at most q\")"),
    DATA("002.thm2.4", 12, "002.thm2.4 cold heaps", 1, 1,
         "in the first game (q = 1, moves {1}) heap 1 is made cold; it is not a multiple of 2"),
    DATA("002.ex2.4", 3000, "002.ex2.4 cold heaps", 4, 1,
         "with moves 1, 2, 4, ... (n = 2) heap 4 is made cold; it is not a multiple of 3"),
    DATA("002.ex2.5", 96, "002.ex2.5 cold heaps", 4, 1, "heap 4 is made hot; it is a multiple of 4"),
    CELL("002.thm1.2", 12, "wythoff+max=3", -1, -1, 1, 2, 999,
         "(1, 2) of wythoff+max=3 reads 999, hot; it is in A^(3) with mirror images ((2, 1) = (floor(phi) + 1, floor(phi)))"),
    CELL("002.prop3.1", 12, "wythoff+max=3", -1, -1, 1, 2, 999,
         "(1, 2) of wythoff+max=3 reads 999, hot; it is in A^(3) with mirror images, inside F_{1,1} = [0, 4]^2"),
    CELL("002.i11", 12, "wythoff+max=3", -1, -1, 1, 2, 999,
         "(1, 2) of wythoff+max=3 reads 999, hot; it is a Wythoff P-position inside I_{1,1} = [0, 3]^2"),
    DATA("002.lem3.1", 12, "002.lem3.1 A^(n) by residues", 3, 3,
         "(1, 1) is put into A^(1) (residues mod 2; A^(1) is {(0, 0)}): (0, 0) and (1, 1) in I_{1,1} have b' - b = a' - a"),
    /* paper 003 */
    CELL("003.nim", 96, "nim", -1, -1, 3, 5, 999, "G(3, 5) reads 999, not 3 xor 5 = 6"),
    CELL("003.defs", 96, "nim+pass", -1, -1, 2, 3, 999,
         "G(2, 3) of nim+pass reads 999; the notebook's NimP[2, 3] is the mex of 6 values, at most 6"),
    CELL("003.bound", 96, "nim+pass", -1, -1, 2, 3, 999, "G(2, 3) reads 999 > 2 + 3 + 1"),
    CELL("003.rows", 96, "nim+pass", -1, -1, 0, 95, 999,
         "the last cell of row 0 reads 999: no period with saltus fits the row's end, so no row is arithmetic periodic"),
    {"003.heap3.engines", 96, M_ATLAS, "nim+pass", -1, -1, NOG, 1, 2, 0, 0, 50,
     "the sweep's f(1, 2) reads 50; the layer scans find (1, 2, 0) (slice c = 0 holds {1, 2}, 003.heap3.small)", 0, NULL},
    {"003.heap3.g2", 96, M_ATLAS, "nim+pass", -1, -1, NOG, 1, 2, 0, 0, 50,
     "the sweep's f(1, 2) reads 50, not G2(1, 2) = 0 (paper 003's NimP[1, 2] = mex{1 xor 2, NimP[0, 2], NimP[1, 0], "
     "NimP[1, 1]} = mex{3, 1, 2, 1})", 0, NULL},
    {"003.heap3.symmetric", 96, M_ATLAS, "nim+pass", -1, -1, NOG, 1, 2, 0, 0, 50,
     "the sweep's f(1, 2) reads 50 while f(2, 1) = 0", 0, NULL},
    {"003.heap3.bounds", 96, M_ATLAS, "nim+pass", -1, -1, NOG, 1, 2, 0, 0, 50, "the sweep's f(1, 2) reads 50 > 1 + 2 + 1", 0, NULL},
    {"003.heap3.wythoff-upper", 96, M_ATLAS, "wythoff+pass", -1, -1, NOG, 1, 2, 0, 0, 50,
     "the sweep's f(1, 2) of wythoff+pass reads 50 > 1 + 2 + 1", 0, NULL},
    {"003.heap3.small", 96, M_ATLAS, "nim+pass", -1, -1, NOG, 1, 2, 0, 0, 50,
     "the sweep's f(1, 2) reads 50; slice c = 0 holds {1, 2} (2k - 1, 2k with k = 1)", 0, NULL},
    {"003.heap3.pass2", 96, M_ATLAS, "nim+pass=2", -1, -1, NOG, 1, 2, 0, 0, 50,
     "the sweep's f(1, 2) of nim+pass=2 reads 50; with no pass, 1 xor 2 xor 3 = 0 gives f(1, 2) = 3", 0, NULL},
    /* paper 004 */
    DATA("004.sec2.2", 3000, "greedy c_i", 3, 1, "c_3 = 4 becomes 5, not floor(3 phi) = 4"),
    CELL("004.sec3.1", 96, "wythoff+mod=2", -1, -1, 1, 2, 999, "the P-position (1, 2) reads 999"),
    CELL("004.sec3.2.m2", 0, "wythoff+mod=2", -1, -1, 1, 2, 999, "the printed P-position (1, 2) reads 999"),
    CELL("004.sec3.2.m3", 0, "wythoff+mod=3", -1, -1, 1, 2, 999, "the printed P-position (1, 2) reads 999"),
    CELL("004.sec3.2.m4", 0, "wythoff+mod=4", -1, -1, 3, 5, 999, "the printed P-position (3, 5) reads 999"),
    CELL("004.sec3.2.m5", 0, "wythoff+mod=5", -1, -1, 4, 7, 999, "the printed P-position (4, 7) reads 999"),
    {"004.lem1", 12, M_MOVE, "wythoff+mod=1", -1, -1, NOG, 3, 3, 0, 0, 0,
     "the move (3, 3) -> (0, 0) of wythoff+mod=1 is left out; (3, 3) strictly dominates (0, 0) and 3 - 3 = 0 - 0", 0, NULL},
    {"004.am", 3000, M_PSET, "004_am", -1, -1, NOG, 5, 3, 5, 4, 0, "the printed a_5 = 3 reads 4; floor(5 / phi) = 3", 0, NULL},
    DATA("004.lem2", 12, "greedy c_i", 3, 7,
         "c_3 = 4 becomes 4 xor 7 = 3: for m = 4 the pair (3, 6) has p2 - p1 = 3, not below 4 / phi "
         "((2 * 3 + 4)^2 = 100 >= 5 * 4^2)"),
    DATA("004.lem3", 12, "greedy c_i", 3, 54,
         "c_3 = 4 becomes 4 xor 54 = 50: for m = 5, P_{a_m} = {(0, 0), (1, 2), (3, 5)} and mirrors, and 4 is no coordinate"),
    DATA("004.lem4", 12, "greedy c_i", 3, 54,
         "c_3 = 4 becomes 4 xor 54 = 50: for m = 5 and s = 3 < 5 / phi no position of P_{a_m} has difference 3"),
    CELL("004.thm5", 12, "wythoff+mod=3", -1, -1, 1, 2, 999,
         "(1, 2) of wythoff+mod=3 reads 999; it is in P_{a_3} = P_1 = {(0, 0), (1, 2), (2, 1)}"),
    CELL("004.cor6", 12, "wythoff+mod=3", -1, -1, 1, 2, 999,
         "(1, 2) of wythoff+mod=3 reads 999: 2 P-positions, not 2 floor(3 / phi) + 1 = 3"),
    CELL("004.sec5.1.coincide", 12, "wythoff+mod=3", -1, -1, 1, 2, 999,
         "(1, 2) of wythoff+mod=3 reads 999; Wythoff's G(1, 2) = 0 and both piles are at most 3"),
    CELL("004.sec5.1.mod3", 96, "wythoff+mod=3", -1, -1, 4, 5, 999, "G(4, 5) reads 999, not 3 (1 + 1) + (1 + 2) mod 3 = 6"),
    CELL("004.sec5.1.exactly", 12, "wythoff+mod=3", -1, -1, 1, 2, 999,
         "(1, 2) of wythoff+mod=3 reads 999: 2 P-positions for m = 3, not m"),
    FIGCELL("004.table1", "wythoff", -1, -1),
    {"004.table1", 0, M_PTABLE, "004_table1", -1, -1, NOG, 15, 15, 0, 0, 999, "the printed cell (15, 15) reads 999", 0, NULL},
    FIGCELL("004.table2", "wythoff+mod=2", -1, -1),
    FIGCELL("004.table3", "wythoff+mod=3", -1, -1),
    FIGCELL("004.table4", "wythoff+mod=4", -1, -1),
    FIGCELL("004.table5", "wythoff+mod=5", -1, -1),
    FIGCELL("004.table6", "wythoff+mod=6", -1, -1),
    FIGCELL("004.table7", "wythoff+mod=7", -1, -1),
    FIGCELL("004.table8", "wythoff+mod=8", -1, -1),
    FIGCELL("004.table9", "wythoff+mod=9", -1, -1),
    /* the misere closed forms (docs/exact.md, Misere play) */
    CELL("exact.misere-nim", 96, "nim+misere", -1, -1, 0, 0, 999, "G-(0, 0) reads 999; M1 gives 0 xor 0 xor 0 xor 1 = 1"),
    CELL("exact.misere-wythoff", 96, "wythoff+misere", -1, -1, 0, 0, 999, "G-(0, 0) reads 999; M2 gives G xor 1 = 1"),
    CELL("exact.misere-king", 96, "wythoff+max=1+misere", -1, -1, 0, 0, 999, "G-(0, 0) reads 999; M3 gives G xor 1 = 1"),
    CELL("exact.misere-nim-terminal", 96, "nim+terminal=1+misere", -1, -1, 0, 0, 999,
         "G-(0, 0) reads 999; M4 gives G xor 1 = 1"),
    CELL("exact.misere-nim-pass", 96, "nim+pass+misere", 1, -1, 0, 0, 999,
         "G-(0, 0) with the pass left reads 999; M5 gives G xor 1 = 1"),
    CELL("exact.misere-terminal2", 96, "wythoff+terminal=2+misere", -1, -1, 0, 0, 999,
         "G-(0, 0) reads 999; M6 gives sigma(0) = 1"),
    /* docs/glayers.md */
    {"glayers.offsets", 3000, M_LAYER_ALL, "wythoff", -1, -1, 1, 0, 1, 1, 2, 0, GL_WHY, 0, GL_EXPECT},
    {"glayers.fibonacci", 3000, M_LAYER_ALL, "wythoff", -1, -1, 1, 0, 1, 1, 2, 0, GL_WHY, 0, GL_EXPECT},
    /* docs/modular.md */
    CELL("modular.offset", 12, "wythoff+mod=3", -1, -1, 1, 2, 999,
         "G(1, 2) of 3-modular Wythoff reads 999, above x + y = 3: a mex of values below x + y cannot be"),
    CELL("modular.rows", 12, "wythoff+mod=5", -1, -1, 2, 3000, 999,
         "G(2, 3000) of 5-modular Wythoff reads 999: row 2 has period 3 and saltus 3 on columns below 2048 (G(2, 3k) "
         "= 3k + 2 there), which predicts 3002 at column 3000"),
    /* docs/terminal.md */
    LAYER("terminal.ppos", 4, "wythoff+terminal=3", -1, -1, 0, 4, 8, -1, -1,
          "the P-position (4, 8) of K = 3 dropped: the rule's first pair is (4, 4 + 3 + 1) (0..3 used, a_1 = 4)"),
    LAYER("terminal.misere", 4, "wythoff+terminal=3+misere", -1, -1, 0, 0, 4, -1, -1,
          "the misere P-position (0, 4) of K = 3 dropped, while (0, 4) has value 1 in the normal game: its options "
          "(0, 0)..(0, 3) are terminal (x + y <= 3), value 0, so their mex is 1"),
    LAYER("terminal.value1", 4, "wythoff+terminal=2", -1, -1, 1, 8, 13, -1, -1,
          "the value-1 position (8, 13) of K = 2 dropped, while (8, 13) is a P-position of Wythoff's game: the sets "
          "then differ at max(x, y) = 13, past paper 001's threshold 8"),
    /* docs/oeis.md: a cell past the threshold reads 999; the claim's a(n) = a(n-p) + s at that n then needs
       a(n-p) = 999 - s, but G(x, y) <= x + y (every option lowers x + y: docs/engines.md, "Compact cells") */
    CELL("oeis.A004484", 2000, "wythoff", -1, -1, 3, 20, 999,
         "G(3, 20) reads 999: a(20) = a(14) + 6 needs a(14) = 993, but G(3, 14) <= 3 + 14 = 17"),
    CELL("oeis.A004485", 2000, "wythoff", -1, -1, 4, 40, 999,
         "G(4, 40) reads 999: a(40) = a(28) + 12 needs a(28) = 987, but G(4, 28) <= 32"),
    CELL("oeis.A004486", 2000, "wythoff", -1, -1, 5, 100, 999,
         "G(5, 100) reads 999: a(100) = a(76) + 24 needs a(76) = 975, but G(5, 76) <= 81"),
    CELL("oeis.A004487", 2000, "wythoff", -1, -1, 6, 100, 999,
         "G(6, 100) reads 999: a(100) = a(88) + 12 needs a(88) = 987, but G(6, 88) <= 94"),
};
#define NMUT (sizeof MUTATIONS / sizeof MUTATIONS[0])

static const char *const ERRATA[] = {"001.thm1", "001.thm2", "002.thm1.1", "002.thm2.3", "002.thm1.2", "002.prop3.1"};

static int is_erratum(const char *id)
{
    for (size_t k = 0; k < sizeof ERRATA / sizeof ERRATA[0]; k++)
        if (strcmp(ERRATA[k], id) == 0) return 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* The wrapped engines                                                 */
/* ------------------------------------------------------------------ */

/* The mutation in force (NULL: none), its ruleset in canonical form, and
 * how often the claim read the wrong answer. */
static const mutation *cur;
static char cur_rules[128];
static uint64_t hits;
static int data_calls;
static char problem[256]; /* a mutation that could not be applied as asked */

static void canon(char *buf, size_t len, const wy_rules *r)
{
    if (wy_rules_format(buf, len, r) < 0) snprintf(buf, len, "?");
}

static int rules_match(const wy_rules *r)
{
    char b[128];
    canon(b, sizeof b, r);
    return strcmp(b, cur_rules) == 0;
}

static int side_match(wy_side s) { return (cur->pass < 0 || s.pass == (uint32_t)cur->pass) && (cur->heap < 0 || s.heap == (uint32_t)cur->heap); }

/* The tables the claim holds, with their rulesets. */
#define NTAB 16
static struct {
    const wy_table *t;
    char rules[128];
} tabs[NTAB];

static const char *tab_rules(const wy_table *t)
{
    for (int i = 0; i < NTAB; i++)
        if (tabs[i].t == t) return tabs[i].rules;
    return "";
}

static wy_status w_table_compute(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                 uint64_t mem_limit, wy_layout layout, const wy_run *run, char *err, size_t errlen)
{
    wy_status st = wy_table_compute_run(out, rules, rows, cols, side, mem_limit, layout, run, err, errlen);
    if (st != WY_OK) return st;
    for (int i = 0; i < NTAB; i++)
        if (!tabs[i].t) {
            tabs[i].t = *out;
            canon(tabs[i].rules, sizeof tabs[i].rules, rules);
            return st;
        }
    snprintf(problem, sizeof problem, "more than %d tables at once", NTAB);
    return st;
}

static void w_table_free(wy_table *t)
{
    for (int i = 0; i < NTAB; i++)
        if (t && tabs[i].t == t) tabs[i].t = NULL;
    wy_table_free(t);
}

static int cell_match(const wy_table *t, uint32_t x, uint32_t y, wy_side s)
{
    return cur && cur->kind == M_CELL && x == cur->x && y == cur->y && side_match(s) &&
           strcmp(tab_rules(t), cur_rules) == 0;
}

static uint32_t w_table_get(const wy_table *t, uint32_t x, uint32_t y, wy_side side)
{
    uint32_t v = wy_table_get(t, x, y, side);
    if (!cell_match(t, x, y, side)) return v;
    uint32_t w = (uint32_t)cur->v ^ (cur->hx ? side.heap : 0);
    if (v == w) snprintf(problem, sizeof problem, "the cell already holds %u", w);
    hits++;
    return w;
}

static void w_table_row(const wy_table *t, uint32_t x, wy_side side, uint32_t *out)
{
    wy_table_row(t, x, side, out);
    if (cur && cur->y < wy_table_cols(t) && cell_match(t, x, (uint32_t)cur->y, side)) {
        out[cur->y] = (uint32_t)cur->v ^ (cur->hx ? side.heap : 0);
        hits++;
    }
}

typedef struct {
    wy_row_fn fn;
    void *ctx;
    int match;
    wy_side side;
    uint32_t *row;
} stream_ctx;

static int w_stream_row(void *ctx, uint32_t x, const uint32_t *values, uint32_t cols)
{
    stream_ctx *s = ctx;
    if (s->match && x == cur->x && cur->y < cols && side_match(s->side)) {
        memcpy(s->row, values, (size_t)cols * sizeof *values);
        s->row[cur->y] = (uint32_t)cur->v ^ (cur->hx ? s->side.heap : 0);
        hits++;
        return s->fn(s->ctx, x, s->row, cols);
    }
    return s->fn(s->ctx, x, values, cols);
}

static wy_status w_table_stream(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side, uint64_t mem_limit,
                                const wy_run *run, wy_row_fn fn, void *ctx, char *err, size_t errlen)
{
    stream_ctx s = {fn, ctx, cur && cur->kind == M_CELL && rules_match(rules), side, NULL};
    if (s.match && !(s.row = malloc((size_t)cols * sizeof *s.row))) {
        snprintf(err, errlen, "out of memory");
        return WY_ERANGE;
    }
    wy_status st = wy_table_stream(rules, rows, cols, side, mem_limit, run, w_stream_row, &s, err, errlen);
    free(s.row);
    return st;
}

typedef struct {
    wy_layer_fn fn;
    wy_layer_all_fn fn_all;
    void *ctx;
    int match;
    int64_t g;
} layer_ctx;

/* The position a layer scan reports, after the mutation: 0 dropped. */
static int layer_pos(const layer_ctx *s, int64_t g, uint64_t *x, uint64_t *y)
{
    if (!s->match || g != cur->g || *x != cur->x || *y != cur->y) return 1;
    hits++;
    if (cur->nx < 0) return 0;
    *x = (uint64_t)cur->nx, *y = (uint64_t)cur->ny;
    return 1;
}

static int w_layer_fn(void *ctx, uint64_t x, uint64_t y)
{
    layer_ctx *s = ctx;
    if (!layer_pos(s, s->g, &x, &y)) return 0;
    return s->fn(s->ctx, x, y);
}

static int w_layer_all_fn(void *ctx, uint64_t v, uint64_t x, uint64_t y)
{
    layer_ctx *s = ctx;
    if (!layer_pos(s, (int64_t)v, &x, &y)) return 0;
    return s->fn_all(s->ctx, v, x, y);
}

static wy_status w_layer_scan(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size, uint64_t mem_limit,
                              wy_layer_fn fn, void *fn_ctx, uint64_t *count, const wy_run *run, char *err,
                              size_t errlen)
{
    layer_ctx s = {fn, NULL, fn_ctx, cur && cur->kind == M_LAYER && rules_match(rules) && side_match(side), (int64_t)g};
    return wy_layer_scan(rules, side, g, size, mem_limit, fn ? w_layer_fn : NULL, &s, count, run, err, errlen);
}

static wy_status w_layer_scan_all(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size, uint64_t mem_limit,
                                  wy_layer_all_fn fn, void *fn_ctx, uint64_t *counts, const wy_run *run, char *err,
                                  size_t errlen)
{
    layer_ctx s = {NULL, fn, fn_ctx, cur && cur->kind == M_LAYER_ALL && rules_match(rules) && side_match(side), -1};
    return wy_layer_scan_all(rules, side, g, size, mem_limit, fn ? w_layer_all_fn : NULL, &s, counts, run, err,
                             errlen);
}

static wy_status w_moves_list(wy_move *out, size_t cap, size_t *count, const wy_rules *rules, uint32_t x, uint32_t y,
                              wy_side side, char *err, size_t errlen)
{
    wy_status st = wy_moves_list(out, cap, count, rules, x, y, side, err, errlen);
    if (st != WY_OK || !cur || cur->kind != M_MOVE || x != cur->x || y != cur->y || !side_match(side) ||
        !rules_match(rules))
        return st;
    size_t n = *count < cap ? *count : cap;
    for (size_t i = 0; i < n; i++)
        if (out[i].x == (uint64_t)cur->nx && out[i].y == (uint64_t)cur->ny) {
            memmove(out + i, out + i + 1, (n - i - 1) * sizeof *out);
            --*count;
            hits++;
            break;
        }
    return st;
}

static wy_status w_heap3_compute(wy_heap3 **out, const wy_rules *rules, uint32_t size, wy_heap3_method method,
                                 uint64_t mem_limit, const wy_run *run, char *err, size_t errlen)
{
    wy_status st = wy_heap3_compute(out, rules, size, method, mem_limit, run, err, errlen);
    if (st != WY_OK || !cur || cur->kind != M_ATLAS || method != WY_HEAP3_SWEEP || !rules_match(rules)) return st;
    wy_heap3 *a = *out;
    if (cur->x < a->size && cur->y < a->size) {
        uint32_t *f = &a->f[(size_t)cur->x * a->size + cur->y];
        if (*f == cur->v) snprintf(problem, sizeof problem, "f already holds %llu", (unsigned long long)cur->v);
        *f = (uint32_t)cur->v;
        hits++;
    }
    return st;
}

static uint16_t ptable_cells[64 * 64];
static ck_printed_table ptable;

static const ck_printed_table *w_printed_table(const char *name)
{
    const ck_printed_table *t = ck_printed_table_find(name);
    if (!t || !cur || cur->kind != M_PTABLE || strcmp(name, cur->where) != 0) return t;
    if ((size_t)t->rows * t->cols > sizeof ptable_cells / sizeof ptable_cells[0] || cur->x >= t->rows ||
        cur->y >= t->cols) {
        snprintf(problem, sizeof problem, "printed table %s: no cell (%llu, %llu) here", name,
                 (unsigned long long)cur->x, (unsigned long long)cur->y);
        return t;
    }
    memcpy(ptable_cells, t->cells, (size_t)t->rows * t->cols * sizeof *t->cells);
    ptable_cells[cur->x * t->cols + cur->y] = (uint16_t)cur->v;
    ptable = *t;
    ptable.cells = ptable_cells;
    hits++;
    return &ptable;
}

static uint32_t pset_xy[2 * 256];
static ck_printed_set pset;

static const ck_printed_set *w_printed_set(const char *name)
{
    const ck_printed_set *s = ck_printed_set_find(name);
    if (!s || !cur || cur->kind != M_PSET || strcmp(name, cur->where) != 0) return s;
    if (s->n > 256) {
        snprintf(problem, sizeof problem, "printed set %s: more than 256 positions", name);
        return s;
    }
    uint32_t n = 0;
    int found = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        uint32_t x = s->xy[2 * i], y = s->xy[2 * i + 1];
        if (x == cur->x && y == cur->y && !found) {
            found = 1;
            if (cur->nx < 0) continue;
            x = (uint32_t)cur->nx, y = (uint32_t)cur->ny;
        }
        pset_xy[2 * n] = x, pset_xy[2 * n + 1] = y, n++;
    }
    if (!found) {
        snprintf(problem, sizeof problem, "printed set %s: no position (%llu, %llu)", name, (unsigned long long)cur->x,
                 (unsigned long long)cur->y);
        return s;
    }
    pset = *s;
    pset.n = n;
    pset.xy = pset_xy;
    hits++;
    return &pset;
}

static void w_tamper(const char *what, void *data, size_t n, size_t size)
{
    if (!cur || cur->kind != M_DATA || strcmp(what, cur->where) != 0 || data_calls++) return;
    if (cur->x >= n) {
        snprintf(problem, sizeof problem, "%s: no element %llu (%zu elements)", what, (unsigned long long)cur->x, n);
        return;
    }
    unsigned char *p = (unsigned char *)data + cur->x * size;
    switch (size) {
    case 1: *p ^= (uint8_t)cur->v; break;
    case 2: *(uint16_t *)(void *)p ^= (uint16_t)cur->v; break;
    case 4: *(uint32_t *)(void *)p ^= (uint32_t)cur->v; break;
    case 8: *(uint64_t *)(void *)p ^= cur->v; break;
    default: snprintf(problem, sizeof problem, "%s: elements of %zu bytes", what, size); return;
    }
    hits++;
}

static const ck_engine wrapped = {
    w_table_compute, w_table_get,   w_table_row,     w_table_free,    w_table_stream, w_layer_scan,
    w_layer_scan_all, w_moves_list, w_heap3_compute, w_printed_table, w_printed_set,  w_tamper,
};

/* ------------------------------------------------------------------ */
/* Running a claim                                                     */
/* ------------------------------------------------------------------ */

/* Claim i at `limit` through the wrapped engines with mutation m (NULL:
 * none); WY_OK and the result, or the status with err. */
static wy_status run_with(size_t i, uint64_t limit, const mutation *m, wy_claim_result *res, char *err, size_t errlen)
{
    cur = m;
    hits = 0;
    data_calls = 0;
    problem[0] = 0;
    memset(tabs, 0, sizeof tabs);
    cur_rules[0] = 0;
    if (m && m->kind != M_PTABLE && m->kind != M_PSET && m->kind != M_DATA) {
        wy_rules r;
        if (wy_rules_parse(&r, m->where, err, errlen) != WY_OK) {
            cur = NULL;
            return WY_EINVAL;
        }
        canon(cur_rules, sizeof cur_rules, &r);
    }
    wy_status st = ck_claim_check_with(i, limit, 0, NULL, &wrapped, res, err, errlen);
    cur = NULL;
    for (int k = 0; k < NTAB; k++)
        if (tabs[k].t && !problem[0]) snprintf(problem, sizeof problem, "a table was not freed");
    return st;
}

static const char *verdict_name(wy_verdict v) { return wy_verdict_name(v); }

/* One claim: its independent method, the control run and every mutation
 * listed for it. */
static int check_claim(size_t i, int san)
{
    const wy_claim_info *in = wy_claim_get(i);
    const char *indep = ck_claim_independent(i);
    size_t nm = 0;
    for (size_t k = 0; k < NMUT; k++) nm += strcmp(MUTATIONS[k].id, in->id) == 0;
    char name[160];
    snprintf(name, sizeof name, "%s: %zu mutation(s) of its engines' answers make it FAIL", in->id, nm);
    tk_group g = {name, 0, 0};
    g.cases++;
    if (!indep || !indep[0]) tk_fail(&g, "no independent method in the registry (ck_claim.indep)");
    g.cases++;
    if (!nm) {
        tk_fail(&g, "no mutation listed in tests/unit/t-check-mutate.c: every claim must be shown to fail");
        return tk_group_end(&g);
    }
    wy_verdict usual = is_erratum(in->id) ? WY_CLAIM_ERRATUM : WY_CLAIM_PASS;
    for (size_t k = 0; k < NMUT; k++) {
        const mutation *m = &MUTATIONS[k];
        if (strcmp(m->id, in->id) != 0) continue;
        uint64_t limit = m->limit;
        /* the sanitizer build: a smaller window where the mutation lies in it */
        if (san && in->scale == WY_SCALE_ROWS && limit > 1000) limit = 1000;
        wy_claim_result res;
        char err[WY_ERRLEN] = "";
        /* 1. the wrappers alone: the usual verdict */
        g.cases++;
        wy_status st = run_with(i, limit, NULL, &res, err, sizeof err);
        if (st != WY_OK)
            tk_fail(&g, "limit %llu, no mutation: status %d: %s", (unsigned long long)limit, (int)st, err);
        else if (res.verdict != usual)
            tk_fail(&g, "limit %llu, no mutation: %s, expected %s: %s", (unsigned long long)limit,
                    verdict_name(res.verdict), verdict_name(usual), res.detail);
        else if (problem[0])
            tk_fail(&g, "limit %llu, no mutation: %s", (unsigned long long)limit, problem);
        /* 2. one wrong answer: FAIL */
        g.cases++;
        err[0] = 0;
        st = run_with(i, limit, m, &res, err, sizeof err);
        if (st != WY_OK)
            tk_fail(&g, "mutation %zu (%s): status %d: %s", k, m->why, (int)st, err);
        else if (problem[0])
            tk_fail(&g, "mutation %zu (%s): %s", k, m->why, problem);
        else if (!hits)
            tk_fail(&g, "mutation %zu (%s): the claim never read the mutated answer", k, m->why);
        else if (res.verdict != WY_CLAIM_FAIL)
            tk_fail(&g, "mutation %zu (%s): verdict %s, expected FAIL: %s", k, m->why, verdict_name(res.verdict),
                    res.detail);
        else if (m->expect && !strstr(res.detail, m->expect))
            tk_fail(&g, "mutation %zu: the detail lacks \"%s\": %s", k, m->expect, res.detail);
    }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* The list of docs/claims.md                                          */
/* ------------------------------------------------------------------ */

static void md(const char *s)
{
    for (; *s; s++) {
        if (*s == '|') putchar('\\');
        putchar(*s);
    }
}

static const char *const KIND_TEXT[] = {
    [M_CELL] = "table engine", [M_LAYER] = "layer engine", [M_LAYER_ALL] = "layer engine (all values)",
    [M_MOVE] = "move list",    [M_ATLAS] = "atlas (sweep)", [M_PTABLE] = "printed table",
    [M_PSET] = "printed set",  [M_DATA] = "check library's own computation",
};

static int list(void)
{
    printf("| id | compared against (independent of the engine) | the wrong answer that makes it FAIL |\n|---|---|---|\n");
    int bad = 0;
    for (size_t i = 0; i < wy_claim_count(); i++) {
        const wy_claim_info *in = wy_claim_get(i);
        const char *indep = ck_claim_independent(i);
        printf("| `%s` | ", in->id);
        md(indep && indep[0] ? indep : "(none)");
        printf(" | ");
        int first = 1;
        for (size_t k = 0; k < NMUT; k++)
            if (strcmp(MUTATIONS[k].id, in->id) == 0) {
                if (!first) printf("; ");
                printf("%s: ", KIND_TEXT[MUTATIONS[k].kind]);
                md(MUTATIONS[k].why);
                first = 0;
            }
        if (first) printf("(none)"), bad = 1;
        printf(" |\n");
        if (!indep || !indep[0]) bad = 1;
    }
    return bad;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--list") == 0) return list();
    if (argc != 1) {
        fprintf(stderr, "usage: t-check-mutate [--list]\n");
        return 2;
    }
    int failed = 0;
    const int san = tk_test_san();
    /* every mutation names a registered claim */
    {
        tk_group g = {"every mutation names a registered claim, every claim has one", 0, 0};
        for (size_t k = 0; k < NMUT; k++) {
            g.cases++;
            if (wy_claim_find(MUTATIONS[k].id) < 0) tk_fail(&g, "mutation %zu names no claim: %s", k, MUTATIONS[k].id);
        }
        for (size_t i = 0; i < wy_claim_count(); i++) {
            size_t nm = 0;
            for (size_t k = 0; k < NMUT; k++) nm += strcmp(MUTATIONS[k].id, wy_claim_get(i)->id) == 0;
            g.cases++;
            if (!nm) tk_fail(&g, "claim %s has no mutation", wy_claim_get(i)->id);
        }
        failed += tk_group_end(&g);
    }
    for (size_t i = 0; i < wy_claim_count(); i++) failed += check_claim(i, san);
    return failed ? 1 : 0;
}
