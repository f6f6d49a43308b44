# period of wythoff (a b-file: lines "n a(n)")
# a(n) = the period of row n: the least p >= 1 such that G(n, y + p) - G(n, y) is one constant s for every large y; G(x, y) is the Sprague-Grundy value of the position (x, y)
# Ruleset: wythoff (the rules language of the wythoff tool); in words: Wythoff's game on two heaps of x and y stones: a move takes any positive number of stones from one heap, or the same number from both; the player who cannot move loses (normal play)
# Side state: none (the ruleset has no pass and no extra heap)
# Offset: 0 (n is the row x); this file: n = 0..45
# Method: the engine's proof of row periodicity (wy_row_periods_compute_run, as wythoff period): the state of rows 0-45 at column 15889 equals the state at column 17425, values moved by 1536 (docs/exact.md); window of 32768 columns
# Made by: wythoff 0.8.0
# Regenerate: wythoff bfile period wythoff --terms 46
0 1
1 3
2 3
3 6
4 12
5 24
6 12
7 24
8 24
9 24
10 24
11 48
12 48
13 96
14 96
15 96
16 192
17 192
18 384
19 384
20 384
21 768
22 768
23 768
24 768
25 768
26 768
27 768
28 768
29 768
30 768
31 768
32 768
33 768
34 768
35 768
36 768
37 768
38 768
39 768
40 768
41 768
42 768
43 768
44 1536
45 1536
