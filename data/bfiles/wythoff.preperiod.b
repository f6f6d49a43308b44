# preperiod of wythoff (a b-file: lines "n a(n)")
# a(n) = the preperiod of row n: the least y0 such that G(n, y + p) = G(n, y) + s for every y >= y0, with p = period(n) and s = saltus(n); G(x, y) is the Sprague-Grundy value of the position (x, y)
# Ruleset: wythoff (the rules language of the wythoff tool); in words: Wythoff's game on two heaps of x and y stones: a move takes any positive number of stones from one heap, or the same number from both; the player who cannot move loses (normal play)
# Side state: none (the ruleset has no pass and no extra heap)
# Offset: 0 (n is the row x); this file: n = 0..45
# Method: the engine's proof of row periodicity (wy_row_periods_compute_run, as wythoff period): the state of rows 0-45 at column 15889 equals the state at column 17425, values moved by 1536 (docs/exact.md); window of 32768 columns
# Made by: wythoff 0.8.0
# Regenerate: wythoff bfile preperiod wythoff --terms 46
0 0
1 0
2 0
3 8
4 9
5 27
6 37
7 92
8 102
9 127
10 224
11 277
12 347
13 382
14 613
15 693
16 771
17 865
18 919
19 1032
20 1165
21 1252
22 1293
23 1373
24 1732
25 2208
26 2314
27 2608
28 2889
29 3221
30 3890
31 4422
32 4419
33 5614
34 6065
35 6837
36 7116
37 8041
38 8356
39 9208
40 10333
41 10799
42 12518
43 13849
44 14190
45 15844
