# table --format latex (a standalone document, or with --fragment only its
# body) and --format markdown: parsed back and compared with the csv table;
# the LaTeX is compiled with pdflatex where it is installed.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# (1) Parse back: every number equals the csv table, the red cells are exactly
# the zeros, the labels are 0..R-1 and 0..C-1, the fragment is the document's
# body, the rules text appears only in comments.
cases=("wythoff --size 12" "wythoff+pass --rows 7 --cols 13" "wythoff+heap=1 --heap 0 --size 10"
       "wythoff+terminal=2+misere --size 9" "nim+pass --rows 5 --cols 8" "wythoff+mod=2 --rows 3 --cols 20"
       "wythoff --size 1")
i=0
for c in "${cases[@]}"; do
  i=$((i + 1)); set -- $c
  if ! "$W" table "$@" --format csv >"$tmp/$i.csv" 2>"$tmp/err" ||
     ! "$W" table "$@" --format latex >"$tmp/$i.tex" 2>>"$tmp/err" ||
     ! "$W" table "$@" --format latex --fragment >"$tmp/$i.frag.tex" 2>>"$tmp/err" ||
     ! "$W" table "$@" --format markdown >"$tmp/$i.md" 2>>"$tmp/err"; then
    fail "latex/markdown $c: the command failed: $(cat "$tmp/err")"
    continue
  fi
  # the data alone (provenance.sh checks the first comment line)
  noprov "$tmp/$i.csv" "$tmp/$i.tex" "$tmp/$i.frag.tex" "$tmp/$i.md"
  if out=$(python3 - "$tmp/$i" "$1" 2>&1 <<'PY'
import re, sys
base, rules = sys.argv[1], sys.argv[2]
misere = 'misere' in rules
rows = [l.split(',') for l in open(base + '.csv').read().split('\n') if l]
grid = [[int(v) for v in r[1:]] for r in rows[1:]]
R, C = len(grid), len(grid[0])
doc = open(base + '.tex').read()
frag = open(base + '.frag.tex').read()
assert doc.endswith('\n') and frag.endswith('\n'), 'no final newline'
L = doc.split('\n')[:-1]

# --- the standalone document: comments, preamble, body, \end{document}
ncom = 0
while L[ncom].startswith('%'):
    ncom += 1
assert ncom >= 2, 'comment header'
g = 'G-(x, y)' if misere else 'G(x, y)'
assert L[0].startswith('%% Values %s of %s' % (g, rules)) and 'P-positions (value 0) on red cells' in L[0], L[0]
assert any('\\usepackage[table]{xcolor}' in l for l in L[1:ncom]), 'header tells how to use it in a paper'
assert L[ncom:ncom + 3] == ['\\documentclass[border=2pt]{standalone}', '\\usepackage[table]{xcolor}',
                            '\\begin{document}'], L[ncom:ncom + 3]
assert L[-1] == '\\end{document}', L[-1]
body = L[ncom + 3:-1]
# nothing typed by the user reaches TeX outside a comment
for l in L:
    assert l.startswith('%') or rules not in l, ('rules text outside a comment', l)

# --- the fragment: its own comments, then exactly the document's body
F = frag.split('\n')[:-1]
fc = 0
while F[fc].startswith('%'):
    fc += 1
assert F[0] == L[0], 'fragment first comment'
assert any('\\usepackage[table]{xcolor}' in l for l in F[1:fc]), 'fragment names the package it needs'
assert F[fc:] == body, 'the fragment is the body of the document'
assert not any(l.startswith('\\documentclass') or 'document}' in l for l in F), 'fragment has no document'

# --- the body: colours defined once, a group, the tabular
assert body[0] == '\\providecolor{wyP}{RGB}{200,16,46}', body[0]
assert sum(l.startswith('\\providecolor{wyP}') or l.startswith('\\definecolor{wyP}') for l in L) == 1
assert body[1].startswith('\\providecolor{wyGrid}'), body[1]
assert body[2] == '\\begingroup' and body[-1] == '\\endgroup' and body[-2] == '\\end{tabular}'
t = [k for k, l in enumerate(body) if l.startswith('\\begin{tabular}')]
assert len(t) == 1, 'one tabular'
spec = body[t[0]]
m = re.fullmatch(r'\\begin\{tabular\}\{r\|r(?:\*\{(\d+)\}\{!\{\\color\{wyGrid\}\\vrule\}r\})?\}', spec)
assert m, spec
ncols = 1 + (int(m.group(1)) if m.group(1) else 0)
assert ncols == C, ('columns in the spec', ncols, C)
tab = body[t[0] + 1:-2]
# the column labels, in boxes that make every column equally wide: wide
# enough for the largest number of the table (0.5em a digit), at least 2 digits
m = re.fullmatch(r'\$x\\backslash y\$((?: & \\makebox\[[0-9.]+em\]\[r\]\{\d+\})+) \\\\', tab[0])
assert m, tab[0]
labels = re.findall(r'\\makebox\[([0-9.]+)em\]\[r\]\{(\d+)\}', m.group(1))
assert [int(l) for _, l in labels] == list(range(C)), 'column labels'
assert len({wd for wd, _ in labels}) == 1, 'all value columns equally wide'
need = max(max(len(str(v)) for r in grid for v in r), len(str(C - 1)), 2)
assert float(labels[0][0]) >= 0.5 * need, ('columns narrower than their numbers', labels[0][0], need)
assert tab[1] == '\\hline', tab[1]
red = '\\cellcolor{wyP}\\textcolor{white}{\\textbf{0}}'
k = 2
for x in range(R):
    if x:
        assert tab[k] == '\\noalign{\\color{wyGrid}\\hrule}', tab[k]
        k += 1
    line = tab[k]; k += 1
    assert line.endswith(' \\\\'), line
    cells = line[:-3].split(' & ')
    assert cells[0] == str(x), ('row label', x, cells[0])
    assert len(cells) == C + 1, ('cells in row', x)
    for y, cell in enumerate(cells[1:]):
        v = grid[x][y]
        if cell == red:
            assert v == 0, ('red cell on a nonzero value', x, y, v)
        else:
            assert re.fullmatch(r'[1-9]\d*', cell) and int(cell) == v, ('cell', x, y, cell, v)
assert k == len(tab), 'lines after the last row'

# --- markdown (structure; tests/cli/formats.sh checks values and bold for other games)
M = open(base + '.md').read().split('\n')
assert M[-1] == '' and M[1] == '', 'caption, empty line, table'
assert M[0] == 'Values %s of `%s`; P-positions in bold.' % (g, rules) or \
       (M[0].startswith('Values %s of `%s`, ' % (g, rules)) and M[0].endswith('; P-positions in bold.')), M[0]
assert M[2] == '| x\\y |' + ''.join(' %d |' % y for y in range(C)), M[2]
assert M[3] == '|' + '---:|' * (C + 1), M[3]
assert len(M) == 4 + R + 1
for x in range(R):
    cells = [s.strip() for s in M[4 + x].split('|')]
    assert cells[0] == '' and cells[-1] == '' and len(cells) == C + 3, M[4 + x]
    assert cells[1] == '**%d**' % x
    assert cells[2:-1] == [('**0**' if v == 0 else str(v)) for v in grid[x]], ('markdown row', x)
PY
  ); then
    pass "latex and markdown parse back to the csv table: $c"
  else
    fail "latex/markdown $c: $(tail -n 1 <<<"$out")"
  fi
done

# (2) --fragment is for --format latex only
for f in text csv json markdown bin; do
  expect 2 "--fragment" -- table wythoff --size 4 --format "$f" --fragment
done
expect 2 "--fragment" -- table wythoff --size 4 --fragment
expect 2 "does not apply" -- ppos wythoff --fragment

# (3) Compile with pdflatex where it is installed
if ! command -v pdflatex >/dev/null 2>&1; then
  echo "skip: pdflatex is not installed (scripts/install-deps --extras installs it); the LaTeX was not compiled"
elif ! kpsewhich xcolor.sty >/dev/null 2>&1 || ! kpsewhich colortbl.sty >/dev/null 2>&1; then
  echo "skip: pdflatex is installed but xcolor or colortbl is not; the LaTeX was not compiled"
else
  # compile DIR NAME: pdflatex NAME.tex in DIR; ok when it exits 0 and wrote a 1-page PDF
  compile() {
    (cd "$1" && pdflatex -interaction=nonstopmode -halt-on-error "$2.tex" >/dev/null 2>&1 </dev/null) || return 1
    [ -s "$1/$2.pdf" ] && grep -q "^Output written on $2.pdf (1 page," "$1/$2.log"
  }
  # a paper that \inputs the fragment (twice, once in a float) and sets its own colour
  mkdir "$tmp/paper"
  "$W" table wythoff+pass --size 16 --format latex --fragment >"$tmp/paper/frag.tex"
  cat >"$tmp/paper/paper.tex" <<'EOF'
\documentclass{article}
\usepackage[table]{xcolor}
\definecolor{wyP}{RGB}{0,90,170}
\begin{document}
Figure 4 of paper 000 as a table:
\begin{table}[h]
\centering
\input{frag.tex}
\caption{$G(x, y)$ of Wythoff's game with a pass.}
\end{table}
\input{frag.tex}
\end{document}
EOF
  compile "$tmp/paper" paper && pass "a paper with \\usepackage[table]{xcolor} compiles with the --fragment output \\input twice" ||
    fail "a paper \\inputting the --fragment output: $(grep -m1 '^!' "$tmp/paper/paper.log" 2>/dev/null)"
  if ! kpsewhich standalone.cls >/dev/null 2>&1; then
    echo "skip: the standalone class is not installed (texlive-latex-extra); the whole documents were not compiled"
  else
    i=0
    for c in "${cases[@]}"; do
      i=$((i + 1))
      mkdir "$tmp/c$i"; cp "$tmp/$i.tex" "$tmp/c$i/table.tex"
      if compile "$tmp/c$i" table; then
        pass "pdflatex compiles the standalone table of $c (1 page)"
      else
        fail "pdflatex on the standalone table of $c: $(grep -m1 '^!' "$tmp/c$i/table.log" 2>/dev/null)"
      fi
    done
    # a paper that \inputs the whole document through the standalone package
    "$W" table wythoff+pass --size 16 --format latex >"$tmp/paper/full.tex"
    cat >"$tmp/paper/paper2.tex" <<'EOF'
\documentclass{article}
\usepackage{standalone}
\usepackage[table]{xcolor}
\begin{document}
\begin{table}[h]
\centering
\input{full.tex}
\end{table}
\end{document}
EOF
    compile "$tmp/paper" paper2 && pass "a paper with the standalone package compiles with the whole document \\input" ||
      fail "a paper \\inputting the document through the standalone package: $(grep -m1 '^!' "$tmp/paper/paper2.log" 2>/dev/null)"
  fi
  # the typeset text holds the labels and the numbers, row by row
  if ! command -v pdftotext >/dev/null 2>&1; then
    echo "skip: pdftotext (poppler-utils) is not installed; the PDF's text was not checked"
  elif [ -s "$tmp/c2/table.pdf" ]; then
    pdftotext -layout "$tmp/c2/table.pdf" "$tmp/c2/table.txt"
    python3 - "$tmp/c2/table.txt" "$tmp/2.csv" <<'PY' && pass "the PDF's text holds the labels and values of wythoff+pass, row by row" || fail "the PDF's text differs from the csv table"
import sys
txt = [l.split() for l in open(sys.argv[1]).read().replace('\f', '').split('\n') if l.strip()]
rows = [l.split(',') for l in open(sys.argv[2]).read().split('\n') if l]
exp = [[str(y) for y in range(len(rows[0]) - 1)]] + [r for r in rows[1:]]
got = [[t for t in l if t.isdigit()] for l in txt]
assert got == exp, (got, exp)
PY
  fi
fi
finish
