/* layout.c - the layout of a picture (wy_plot_layout): its size and where
 * the cells, axes, titles and legend go, from the spec alone (label widths
 * from the proved bound on the values, wy_table_value_bound); and the texts
 * of its title and legend. */
#include "plot_internal.h"

#include "font.h"

#include <stdio.h>
#include <string.h>

#define PICTURE_MAX 32768u /* pixels a side */

/* The side state in words, as the tables write it: ", passes left 1". */
static void side_words(char *buf, size_t n, const wy_rules *r, wy_side s)
{
    buf[0] = '\0';
    if (r->passes && r->heap)
        snprintf(buf, n, ", passes left %u, extra heap %u", s.pass, s.heap);
    else if (r->passes)
        snprintf(buf, n, ", passes left %u", s.pass);
    else if (r->heap)
        snprintf(buf, n, ", extra heap %u", s.heap);
}

/* "wythoff+pass, passes left 1" */
static void game_name(char *buf, size_t n, const wy_plot_game *g)
{
    char rules[160], side[96];
    wy_rules_format(rules, sizeof rules, g->rules);
    side_words(side, sizeof side, g->rules, g->side);
    snprintf(buf, n, "%s%s", rules, side);
}

/* The title: the spec's, or one naming the style and the game. */
int pl_title_text(char *buf, size_t n, const wy_plot_spec *sp)
{
    if (sp->title)
        return snprintf(buf, n, "%s", sp->title);
    char name[300];
    game_name(name, sizeof name, &sp->games[0]);
    const char *g = sp->games[0].rules->misere ? "G-" : "G";
    switch (sp->style) {
    case WY_PLOT_HEATMAP:
        return snprintf(buf, n, "%s(x, y) of %s", g, name);
    case WY_PLOT_TABLE:
        return snprintf(buf, n, "%s(x, y) of %s; P-positions in red", g, name);
    default:
        if (sp->ngames > 1)
            return sp->value ? snprintf(buf, n, "Positions of value %llu", (unsigned long long)sp->value)
                             : snprintf(buf, n, "P-positions");
        return sp->value ? snprintf(buf, n, "Positions of value %llu of %s", (unsigned long long)sp->value, name)
                         : snprintf(buf, n, "P-positions of %s", name);
    }
}

/* "wythoff+pass (passes left 1)", for legends */
static void game_label(char *buf, size_t n, const wy_plot_game *g)
{
    char rules[160], side[96];
    wy_rules_format(rules, sizeof rules, g->rules);
    side_words(side, sizeof side, g->rules, g->side);
    if (side[0])
        snprintf(buf, n, "%s (%s)", rules, side + 2);
    else
        snprintf(buf, n, "%s", rules);
}

/* The legend's entries of a dot plot: masks and their texts (without the
 * counts, which come with the data). */
unsigned pl_legend_entries(const wy_plot_spec *sp, unsigned masks[7], char text[7][420])
{
    const unsigned n = sp->ngames;
    char names[WY_PLOT_MAX_GAMES][300];
    for (unsigned i = 0; i < n; i++)
        game_label(names[i], sizeof names[i], &sp->games[i]);
    if (n == 1) {
        masks[0] = 1;
        snprintf(text[0], sizeof text[0], "%s", names[0]);
        return 1;
    }
    unsigned k = 0;
    for (unsigned m = 1; m < (1u << n); m++) {
        masks[k] = m;
        if (m == (1u << n) - 1) {
            snprintf(text[k], sizeof text[k], "%s", n == 2 ? "both" : "all three");
        } else {
            char *p = text[k];
            size_t left = sizeof text[k];
            int first = 1;
            for (unsigned i = 0; i < n; i++)
                if (m >> i & 1) {
                    int w = snprintf(p, left, "%s%s", first ? "" : " and ", names[i]);
                    if (w < 0 || (size_t)w >= left)
                        break;
                    p += w;
                    left -= (size_t)w;
                    first = 0;
                }
            snprintf(p, left, " only");
        }
        k++;
    }
    return k;
}

/* The checks of a spec that come before any arithmetic of the layout. */
static wy_status check_spec(const wy_plot_spec *sp, char *err, size_t errlen)
{
    if (!sp || sp->ngames < 1 || sp->ngames > WY_PLOT_MAX_GAMES) {
        pl_plot_err(err, errlen, "a plot shows 1 to %d games", WY_PLOT_MAX_GAMES);
        return WY_EINVAL;
    }
    if (sp->style != WY_PLOT_HEATMAP && sp->style != WY_PLOT_PPOS && sp->style != WY_PLOT_TABLE) {
        pl_plot_err(err, errlen, "unknown plot style");
        return WY_EINVAL;
    }
    if (sp->format != WY_PLOT_PNG && sp->format != WY_PLOT_SVG) {
        pl_plot_err(err, errlen, "unknown picture format");
        return WY_EINVAL;
    }
    if (sp->ngames > 1 && sp->style != WY_PLOT_PPOS) {
        pl_plot_err(err, errlen, "only the ppos style overlays several games (got %u games for %s)", sp->ngames,
                     sp->style == WY_PLOT_TABLE ? "table" : "heatmap");
        return WY_EINVAL;
    }
    if (sp->rows == 0 || sp->cols == 0) {
        pl_plot_err(err, errlen, "empty window: sizes must be at least 1");
        return WY_EINVAL;
    }
    for (unsigned i = 0; i < sp->ngames; i++) {
        char e2[WY_ERRLEN];
        if (!sp->games[i].rules) {
            pl_plot_err(err, errlen, "game %u has no rules", i + 1);
            return WY_EINVAL;
        }
        if (wy_side_check(sp->games[i].rules, sp->games[i].side, e2, sizeof e2) != WY_OK) {
            pl_plot_err(err, errlen, "%s", e2);
            return WY_EINVAL;
        }
    }
    if (sp->value && sp->style != WY_PLOT_PPOS) {
        pl_plot_err(err, errlen, "a value to draw is for the ppos style only");
        return WY_EINVAL;
    }
    const uint32_t R = sp->rows, C = sp->cols;
    const uint32_t N = R > C ? R : C;
    if (sp->style == WY_PLOT_TABLE && N > WY_PLOT_TABLE_MAX) {
        pl_plot_err(err, errlen,
                     "the table style writes every number, so it is for windows up to %u x %u (got %u x %u); "
                     "use --style heatmap for larger windows",
                     WY_PLOT_TABLE_MAX, WY_PLOT_TABLE_MAX, R, C);
        return WY_EINVAL;
    }
    if (sp->style == WY_PLOT_HEATMAP && N > WY_PLOT_HEATMAP_MAX) {
        pl_plot_err(err, errlen,
                     "a heatmap draws every position as a pixel, so it is for windows up to %u x %u (got %u x %u); "
                     "--style ppos draws larger windows",
                     WY_PLOT_HEATMAP_MAX, WY_PLOT_HEATMAP_MAX, R, C);
        return WY_EINVAL;
    }
    if (sp->title && strlen(sp->title) > WY_PLOT_TITLE_MAX) {
        pl_plot_err(err, errlen, "the title is longer than %d bytes", WY_PLOT_TITLE_MAX);
        return WY_EINVAL;
    }
    if (sp->title && !pl_utf8_text(sp->title, NULL)) {
        pl_plot_err(err, errlen, "the title is not UTF-8 text (or holds control characters)");
        return WY_EINVAL;
    }
    return WY_OK;
}

/* A table: a cell wide enough for the largest number, a label row and
 * column; title_len: the title's characters. */
static wy_status layout_table(const wy_plot_spec *sp, wy_plot_geometry *g, uint32_t title_len, char *err,
                              size_t errlen)
{
    const uint32_t R = sp->rows, C = sp->cols;
    const uint32_t N = R > C ? R : C;
    const unsigned s = 2;
    uint64_t bound = wy_table_value_bound(sp->games[0].rules, R, C, sp->games[0].side);
    unsigned d = pl_digits(bound);
    unsigned dl = pl_digits(N - 1);
    if (dl > d)
        d = dl;
    uint32_t need = pl_text_w(d, s) + 8 * s;
    if (need < 16 * s)
        need = 16 * s;
    uint32_t cell = need;
    if (sp->cell) {
        if (sp->cell > 128) {
            pl_plot_err(err, errlen, "cell size %u out of range (tables: %u to 128 pixels)", sp->cell, need);
            return WY_EINVAL;
        }
        if (sp->cell < need) {
            pl_plot_err(err, errlen, "cell size %u is too small for %u-digit numbers (at least %u pixels)",
                         sp->cell, d, need);
            return WY_EINVAL;
        }
        cell = sp->cell;
    }
    const uint32_t pad = 8 * s;
    g->font = s;
    g->cell = cell;
    g->block = 1;
    g->cells_x = C;
    g->cells_y = R;
    g->left = pad + cell;
    g->top = pad + PL_FONT_H * s + 8 * s + cell;
    uint64_t w = (uint64_t)g->left + (uint64_t)cell * C + 1 + pad;
    uint64_t tw = 2 * (uint64_t)pad + pl_text_w(title_len, s);
    g->width = (uint32_t)(w > tw ? w : tw);
    g->height = g->top + cell * R + 1 + pad;
    return WY_OK;
}

/* The margin right of the cells of a heatmap (its colour bar) or dot plot
 * (its legend) at font scale s, and the height of what it holds. */
static void legend_box(const wy_plot_spec *sp, unsigned s, uint32_t block, uint64_t *right, uint64_t *legend_h)
{
    const uint32_t R = sp->rows, C = sp->cols, pad = 8 * s;
    if (sp->style == WY_PLOT_HEATMAP) {
        uint64_t bound = wy_table_value_bound(sp->games[0].rules, R, C, sp->games[0].side);
        *right = 12 * s + 12 * s + 3 * s + 2 * s + pl_text_w(pl_digits(bound) > 5 ? pl_digits(bound) : 5, s) + pad;
        *legend_h = 128 * s + 2 * PL_FONT_H * s;
        return;
    }
    unsigned masks[7];
    char text[7][420];
    unsigned k = pl_legend_entries(sp, masks, text);
    size_t most = 0;
    for (unsigned i = 0; i < k; i++) {
        size_t l = strlen(text[i]) + (block == 1 ? 3 + pl_digits((uint64_t)R * C) : 0);
        if (l > most)
            most = l;
    }
    if (block > 1 && most < 40)
        most = 40; /* "a pixel: B x B positions" */
    *right = 12 * s + PL_FONT_H * s + 4 * s + pl_text_w(most, s) + pad;
    *legend_h = (uint64_t)(k + 1) * 14 * s;
}

/* A heatmap or dot plot: cells of `cell` pixels, each of block x block
 * positions, axes left of and below them, the legend right of them. */
static wy_status layout_grid(const wy_plot_spec *sp, wy_plot_geometry *g, uint32_t title_len, char *err,
                             size_t errlen)
{
    const uint32_t R = sp->rows, C = sp->cols;
    const uint32_t N = R > C ? R : C;
    uint32_t cell = 1, block = 1;
    if (sp->cell) {
        if (sp->cell > 64) {
            pl_plot_err(err, errlen, "cell size %u out of range (1 to 64 pixels per position)", sp->cell);
            return WY_EINVAL;
        }
        cell = sp->cell;
    } else if (N <= WY_PLOT_TARGET) {
        cell = WY_PLOT_TARGET / N;
        if (cell > 64)
            cell = 64;
    } else if (sp->style == WY_PLOT_PPOS) {
        block = (uint32_t)(((uint64_t)N + WY_PLOT_TARGET - 1) / WY_PLOT_TARGET); /* N up to 2^32 - 1 */
    }
    const uint32_t cx = (uint32_t)(((uint64_t)R + block - 1) / block);
    const uint32_t cy = (uint32_t)(((uint64_t)C + block - 1) / block);
    if ((uint64_t)cx * cell > PICTURE_MAX || (uint64_t)cy * cell > PICTURE_MAX) {
        pl_plot_err(err, errlen, "the picture would be %llu x %llu pixels, more than %u a side; use a smaller --cell",
                     (unsigned long long)cx * cell, (unsigned long long)cy * cell, PICTURE_MAX);
        return WY_EINVAL;
    }
    const uint32_t pw = cx * cell, ph = cy * cell;
    const uint32_t big = pw > ph ? pw : ph;
    const unsigned s = big <= 1500 ? 2 : big <= 3000 ? 3 : 4;
    const uint32_t pad = 8 * s, tick = 4 * s, gap = 3 * s;
    const uint32_t ylab = pl_text_w(pl_digits(C - 1), s);
    g->font = s;
    g->cell = cell;
    g->block = block;
    g->cells_x = cx;
    g->cells_y = cy;
    g->left = pad + PL_FONT_H * s + 4 * s + ylab + gap + tick + 1;
    g->top = pad + PL_FONT_H * s + 8 * s + 1;
    const uint32_t bottom = 1 + tick + gap + PL_FONT_H * s + 4 * s + PL_FONT_H * s + pad;
    uint64_t right, legend_h;
    legend_box(sp, s, block, &right, &legend_h);
    uint64_t w = (uint64_t)g->left + pw + 1 + right;
    uint64_t tw = 2 * (uint64_t)pad + pl_text_w(title_len, s);
    if (tw > w)
        w = tw;
    uint64_t body = ph > legend_h ? ph : legend_h;
    uint64_t h = (uint64_t)g->top + body + bottom;
    if (w > PICTURE_MAX || h > PICTURE_MAX) {
        pl_plot_err(err, errlen, "the picture would be %llu x %llu pixels, more than %u a side", (unsigned long long)w,
                     (unsigned long long)h, PICTURE_MAX);
        return WY_EINVAL;
    }
    g->width = (uint32_t)w;
    g->height = (uint32_t)h;
    return WY_OK;
}

wy_status wy_plot_layout(const wy_plot_spec *sp, wy_plot_geometry *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    wy_status st = check_spec(sp, err, errlen);
    if (st != WY_OK)
        return st;
    char title[WY_PLOT_TITLE_MAX + 400];
    pl_title_text(title, sizeof title, sp);
    size_t title_chars = 0;
    pl_utf8_text(title, &title_chars);
    const uint32_t title_len = (uint32_t)title_chars;
    if (sp->style == WY_PLOT_TABLE)
        return layout_table(sp, g, title_len, err, errlen);
    return layout_grid(sp, g, title_len, err, errlen);
}
