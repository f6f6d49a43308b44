/* The two layers above the core: check a claim of the papers (libwythoff-
 * check) and draw a picture into memory (libwythoff-plot).  Build against an
 * installed library:
 *
 *   cc -std=c11 layers.c $(pkg-config --cflags --libs wythoff-check wythoff-plot) -o layers
 *   ./layers heatmap.png 000.thm4
 *
 * prints the claim's verdict (default 000.thm4) and writes a 64 x 64 heatmap
 * of Wythoff's game with a pass, as PNG, to the file named first. */
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
    if (argc < 2 || argc > 3)
        return fprintf(stderr, "usage: %s FILE.png [CLAIM]\n", argv[0]), 2;
    long i = wy_claim_find(argc > 2 ? argv[2] : "000.thm4");
    if (i < 0)
        return fprintf(stderr, "no such claim (there are %zu)\n", wy_claim_count()), 2;
    wy_claim_result res;
    wy_status st = wy_claim_check((size_t)i, 0, 0, NULL, &res, err, sizeof err);
    if (st != WY_OK)
        return fprintf(stderr, "%s\n", err), (int)st;
    printf("%s %s (%s)\n", verdicts[res.verdict], wy_claim_get((size_t)i)->id, wy_claim_get((size_t)i)->source);

    wy_rules rules;
    if ((st = wy_rules_parse(&rules, "wythoff+pass", err, sizeof err)) != WY_OK)
        return fprintf(stderr, "%s\n", err), (int)st;
    wy_plot_spec spec = {.style = WY_PLOT_HEATMAP, .format = WY_PLOT_PNG, .rows = 64, .cols = 64, .ngames = 1};
    spec.games[0].rules = &rules;
    spec.games[0].side = wy_side_start(&rules);
    FILE *f = fopen(argv[1], "wb");
    if (!f)
        return perror(argv[1]), 2;
    st = wy_plot(&spec, NULL, to_file, f, err, sizeof err);
    if (fclose(f) != 0 && st == WY_OK)
        return perror(argv[1]), 2;
    if (st != WY_OK)
        return remove(argv[1]), fprintf(stderr, "%s\n", err), (int)st;
    printf("wrote %s\n", argv[1]);
    return fflush(stdout) == 0 ? 0 : 2;
}
