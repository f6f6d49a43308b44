/* The two layers above the core: check a claim of the papers (libwythoff-
 * check) and draw a picture into memory (libwythoff-plot).  Build against an
 * installed library:
 *
 *   cc -std=c11 layers.c $(pkg-config --cflags --libs wythoff-check wythoff-plot) -o layers
 *   ./layers 000.thm4 > heatmap.png
 *
 * prints the claim's verdict on standard error and writes a 64 x 64 heatmap
 * of Wythoff's game with a pass, as PNG, to standard output. */
#include <stdio.h>

#include "wythoff.h"
#include "wythoff_check.h"
#include "wythoff_plot.h"

static int to_file(void *ctx, const void *data, size_t len)
{
    return fwrite(data, 1, len, (FILE *)ctx) == len ? 0 : 1;
}

int main(int argc, char **argv)
{
    static const char *const verdicts[] = {"PASS", "FAIL", "ERRATUM"};
    char err[WY_ERRLEN];
    long i = wy_claim_find(argc > 1 ? argv[1] : "000.thm4");
    if (i < 0)
        return fprintf(stderr, "no such claim (there are %zu)\n", wy_claim_count()), 2;
    wy_claim_result res;
    wy_status st = wy_claim_check((size_t)i, 0, 0, NULL, &res, err, sizeof err);
    if (st != WY_OK)
        return fprintf(stderr, "%s\n", err), (int)st;
    fprintf(stderr, "%s %s (%s)\n", verdicts[res.verdict], wy_claim_get((size_t)i)->id,
            wy_claim_get((size_t)i)->source);

    wy_rules rules;
    if ((st = wy_rules_parse(&rules, "wythoff+pass", err, sizeof err)) != WY_OK)
        return fprintf(stderr, "%s\n", err), (int)st;
    wy_plot_spec spec = {.style = WY_PLOT_HEATMAP, .format = WY_PLOT_PNG, .rows = 64, .cols = 64, .ngames = 1};
    spec.games[0].rules = &rules;
    spec.games[0].side = wy_side_start(&rules);
    if ((st = wy_plot(&spec, NULL, to_file, stdout, err, sizeof err)) != WY_OK)
        return fprintf(stderr, "%s\n", err), (int)st;
    return fflush(stdout) == 0 ? 0 : 2;
}
