#!/usr/bin/env bash
# The published project: one version everywhere, a license, citation
# metadata, a changelog, a bibliography of the five papers.
#  - WY_VERSION (include/wythoff.h, the one place it is written) equals
#    `wythoff --version`, CITATION.cff's version, the newest CHANGELOG.md
#    entry (the Python package's version is read from the header);
#  - LICENSE is the MIT license (OSI-approved; compatible with GMP's LGPLv3
#    and libpng's license), and CITATION.cff says so;
#  - CITATION.cff has the keys CFF 1.2.0 requires;
#  - docs/bibliography.md lists the five papers 000-004 by authors and title.
. "$(dirname "$0")/lib.sh"
V=$(sed -n 's/^#define WY_VERSION "\(.*\)"/\1/p' include/wythoff.h)
[[ $V =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] && pass "WY_VERSION is $V" || fail "WY_VERSION '$V' is not MAJOR.MINOR.PATCH"
[ "$(grep -c '^#define WY_VERSION ' include/wythoff.h)" -eq 1 ] && pass "WY_VERSION defined once" || fail "WY_VERSION defined more than once"
v=$("$W" --version); [ "$v" = "wythoff $V" ] && pass "wythoff --version: $v" || fail "wythoff --version: '$v', expected 'wythoff $V'"
v=$("$W" table --version); [ "$v" = "wythoff $V" ] && pass "wythoff table --version: $v" || fail "wythoff table --version: '$v'"
# No other file spells the version as a literal (it would fall behind).
# (The manual's transcripts and pictures, the b-files' "Made by" lines and
# the automata's "made-by" lines (and the fuzz inputs made from them), and
# the period certificates' and the glayers summaries' provenance lines show
# the version of their run.)
hits=$( (if in_checkout; then git ls-files; else find . -name .git -prune -o -type f -not -path './build*' -print; fi) | sed 's|^\./||' |
       grep -v -e '^CHANGELOG.md$' -e '^CITATION.cff$' -e '^include/wythoff.h$' -e '^docs/' -e '^README.md$' -e '^data/bfiles/' -e '^data/automata/' -e '^data/periods/' -e '^data/glayers/' -e '^data/oeis/' -e '^data/terminal/' -e '^data/modular/' -e '^tests/fuzz/corpus/' |
       xargs -r grep -lF "$V" 2>/dev/null)
[ -z "$hits" ] && pass "no source file repeats the version $V as a literal" || fail "the version is repeated in: $hits"
c=$(sed -n 's/^version: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' CITATION.cff)
[ "$c" = "$V" ] && pass "CITATION.cff version $c" || fail "CITATION.cff version '$c', WY_VERSION $V"
for k in cff-version message title authors version license date-released; do
  grep -q "^$k:" CITATION.cff || miss="${miss:-} $k"
done
[ -z "${miss:-}" ] && pass "CITATION.cff has cff-version, message, title, authors, version, license, date-released" ||
  fail "CITATION.cff lacks:$miss"
grep -q '^license: MIT$' CITATION.cff && grep -q '^MIT License$' LICENSE && grep -q 'Permission is hereby granted, free of charge' LICENSE &&
  pass "LICENSE: MIT, as CITATION.cff says" || fail "LICENSE and CITATION.cff do not agree on the MIT license"
h=$(grep -m1 '^## [0-9]' CHANGELOG.md | sed 's/^## \([^ ]*\).*/\1/')
[ "$h" = "$V" ] && pass "CHANGELOG.md's newest entry is $V" || fail "CHANGELOG.md's newest entry is '$h', WY_VERSION $V"
d=$(grep -m1 '^## [0-9]' CHANGELOG.md | grep -o '[0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}')
r=$(sed -n 's/^date-released: *"\{0,1\}\([0-9-]*\)"\{0,1\}/\1/p' CITATION.cff)
[ -n "$d" ] && [ "$d" = "$r" ] && pass "CHANGELOG.md and CITATION.cff give the release date $d" ||
  fail "release dates differ: CHANGELOG.md '$d', CITATION.cff '$r'"
if [ -f docs/bibliography.md ]; then
  miss=""
  for p in 000 001 002 003 004; do grep -q "$p" docs/bibliography.md || miss="$miss $p"; done
  for t in "Wythoff's game with a pass" "Hofstadter" "restricted Wythoff" "Nim with a pass" "m-Modular Wythoff"; do
    grep -qi "$t" docs/bibliography.md || miss="$miss '$t'"
  done
  [ -z "$miss" ] && pass "docs/bibliography.md lists the papers 000-004 by title" || fail "docs/bibliography.md lacks:$miss"
else
  fail "docs/bibliography.md is missing"
fi
finish
