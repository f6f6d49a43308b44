#!/usr/bin/env bash
# docs/architecture.md stays true to the tree:
#   - every source file and public header (include/, src/, app/, mpi/,
#     tools/, web/, python/*.c|h, python/wythoff/*.py*) is named on the page
#     as `path`, and every such path the page names exists;
#   - no file outside app/ includes a header of app/ (commands.h, serve.h,
#     web_assets.h);
#   - no two files of a layer (src/core, src/check, src/plot, src/cli, app)
#     call each other in a circle: scripts/layer-cycles on the objects;
#   - the paths that comments and scripts name in the tree exist (a stale
#     reference such as a file moved away), placeholders (NAME, FILE) and
#     prefixes of existing files (tests/unit/t for t-*.c) aside.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
B=${1:-build}
PAGE=docs/architecture.md

missing=() named=()
for f in include/*.h src/*/*.c src/*/*.h app/*.c app/*.h mpi/*.c tools/*.c web/*.js web/*.html web/*.css \
         python/*.c python/*.h python/wythoff/*.py python/wythoff/*.pyi; do
  [ -e "$f" ] || continue
  named+=("$f")
  grep -qF "\`$f\`" "$PAGE" || missing+=("$f")
done
[ ${#missing[@]} -eq 0 ] && pass "$PAGE names all ${#named[@]} source files and public headers" ||
  fail "$PAGE does not name: ${missing[*]}"

gone=()
while read -r p; do
  [ -e "$p" ] || gone+=("$p")
done < <(grep -o '`[a-z][A-Za-z0-9_./-]*\.\(c\|h\|js\|html\|css\|py\|pyi\)`' "$PAGE" | tr -d '`' |
         grep -v '[A-Z]\{4,\}' | sort -u) # placeholders (app/cmd_NAME.c) aside
[ ${#gone[@]} -eq 0 ] && pass "every file $PAGE names exists" || fail "$PAGE names files that do not exist: ${gone[*]}"

inc=$(grep -rlE '#include "(\.\./)*(app/)?(commands|serve|web_assets)\.h"' src mpi tools python tests 2>/dev/null)
[ -z "$inc" ] && pass "no file outside app/ includes a header of app/" || fail "files outside app/ include app/'s headers: $inc"

if [ -f "$B/src/cli/out.o" ] && [ -f "$B/app/main.o" ] && [ -f "$B/pic/src/core/rules.o" ]; then
  out=$(scripts/layer-cycles "$B" src/core src/check src/plot src/cli app 2>&1)
  [ $? -eq 0 ] && pass "$out" || fail "$out"
else
  echo "skip: layer-cycles: the objects of $B are not built"
fi

stale=$(python3 - <<'PY'
import glob, os, re
pats = ['include/*.h', 'src/*/*.[ch]', 'app/*.[ch]', 'mpi/*.c', 'python/*.[ch]', 'python/wythoff/*.py', 'tools/*.c',
        'tests/unit/*.c', 'tests/naive/*.[ch]', 'tests/fuzz/*.c', 'Makefile', 'tests/*/*.mk', 'python/*.mk',
        'tests/cli/*.sh', 'scripts/*', 'web/*.js']
rx = re.compile(r'(?<![\w./-])((?:src|app|docs|tests|scripts|tools|mpi|python|web|include|data|bench|man)/'
                r'[A-Za-z0-9_./-]*[A-Za-z0-9_])')
bad = set()
for f in sorted({f for p in pats for f in glob.glob(p)}):
    text = open(f, errors='replace').read()
    for m in rx.finditer(text):
        p = m.group(1)
        if text[m.end():m.end() + 1] in '*%' or re.search(r'[A-Z]{4,}', p) or p.startswith('man/man') or \
                p.endswith(('.tmp', '.new')):
            continue
        if os.path.exists(p) or glob.glob(p + '*'):
            continue
        bad.add(f + ': ' + p)
print('; '.join(sorted(bad)))
PY
)
[ -z "$stale" ] && pass "every path named in the tree's sources and scripts exists" || fail "stale paths: $stale"
finish
