/* palette.h - the pictures' colours (internal to the library); generated data in palette.c. */
#ifndef PL_PALETTE_H
#define PL_PALETTE_H
#include <stdint.h>
/* Sequential scale for heatmaps: entry 0 is value 0 (the P-positions), entry 255 the largest
   value of the picture; dark to light, perceptually even. */
extern const uint8_t pl_palette_seq[256][3];
/* Overlay of up to 3 position sets A, B, C on a white background: entry m - 1 is the colour of
   the positions in exactly the sets of bit mask m (bit 0 = A, bit 1 = B, bit 2 = C), m = 1..7.
   Entry 0 (A alone) is also the colour of a single set's dots. */
extern const uint8_t pl_palette_sets[7][3];
/* Fixed colours. */
extern const uint8_t pl_palette_background[3]; /* white */
extern const uint8_t pl_palette_ink[3];        /* text, axes, ticks: near-black */
extern const uint8_t pl_palette_grid[3];       /* light grey cell borders */
extern const uint8_t pl_palette_pcell[3];      /* red fill of P-position cells in tables */
extern const uint8_t pl_palette_pcell_ink[3];  /* the number written on a P cell (white) */
#endif
