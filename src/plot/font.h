/* font.h - the pictures' built-in bitmap font (internal to the library).
 *
 * An original 5 x 9 monospaced font for printable ASCII, drawn as ASCII art
 * in src/plot/font.c.  (The include guard is not PL_FONT_H: that name is the
 * glyph height.) */
#ifndef PL_FONT_H_INCLUDED
#define PL_FONT_H_INCLUDED
#include <stdint.h>
#define PL_FONT_W 5        /* glyph width in pixels */
#define PL_FONT_H 9        /* glyph height: rows 0-6 hold capitals and digits (row 6 is on the baseline), rows 7-8 descenders */
#define PL_FONT_ADVANCE 6  /* pixels from the start of one glyph to the next (1 column of spacing) */
/* The 5 pixels of row `row` (0 = top) of the glyph of c as bits, bit 4 = leftmost column.
   Printable ASCII 32..126; any other byte draws as '?'. row >= PL_FONT_H gives 0.
   (A row of the table that is not exactly 5 characters of '#' and '.' gives its bits
   plus 32, so that tests/unit/t-font.c finds it; drawing ignores bits above bit 4.) */
unsigned pl_font_bits(unsigned char c, unsigned row);
/* Width in pixels of `text` drawn at integer scale s (each font pixel an s x s square):
   (n * PL_FONT_ADVANCE - 1) * s for n > 0 characters, 0 for "" (and for s = 0);
   UINT32_MAX if it does not fit in 32 bits. */
uint32_t pl_font_text_width(const char *text, unsigned s);
/* Draw `text` into an RGB image (3 bytes per pixel, row-major, width w, height h) with the
   top-left corner of its first glyph at (x, y); pixels outside the image are skipped (x, y may
   be negative or beyond the image). Only the glyphs' set pixels are written, in colour rgb.
   s = 0 draws nothing. */
void pl_font_draw(uint8_t *img, uint32_t w, uint32_t h, int64_t x, int64_t y, const char *text, unsigned s,
                  const uint8_t rgb[3]);
/* The same text turned 90 degrees counter-clockwise (reading from bottom to top, as a y-axis
   label): its bounding box is PL_FONT_H*s wide and pl_font_text_width(text, s) tall, with its
   top-left corner at (x, y); the first character is at the bottom. */
void pl_font_draw_up(uint8_t *img, uint32_t w, uint32_t h, int64_t x, int64_t y, const char *text, unsigned s,
                     const uint8_t rgb[3]);
#endif
