/* colour.c - the colours of values and of position sets (wythoff_plot.h),
 * from the palette of palette.c. */
#include "plot_internal.h"

#include "palette.h"

#include <string.h>

void wy_plot_heat_rgb(uint64_t v, uint64_t vmax, uint8_t rgb[3])
{
    unsigned i = 0;
    if (vmax) {
        if (v > vmax)
            v = vmax;
        /* v * 255 / vmax without overflow for any 64-bit vmax */
        unsigned __int128 q = (unsigned __int128)v * 255u / vmax;
        i = (unsigned)q;
    }
    memcpy(rgb, pl_palette_seq[i], 3);
}

void wy_plot_set_rgb(unsigned m, uint8_t rgb[3])
{
    if (m < 1 || m > 7)
        m = 1;
    memcpy(rgb, pl_palette_sets[m - 1], 3);
}

