#!/usr/bin/env bash
# paths.sh - no path of a developer's machine in the project, and none of the
# checkout in what it builds.
#
# (a) Every file of the project (in a git checkout: the files git tracks and
#     the untracked files it does not ignore, less the top-level build*/
#     folders; otherwise every file under the tree less .git and build*/) is
#     searched, as text (binary files are skipped), for absolute paths of
#     developer machines (the patterns below): the folders work, home, root,
#     Users and mnt directly under the root (at the start of a path, so that
#     a relative build-fuzz/work is fine), bash_jobs under tmp, the seeds
#     folder under "shared" (where the papers' seed texts lie on development
#     machines; the project names no place for them), and Windows drive
#     paths (drive letter, colon, backslash).  A hit is allowed only when
#     ALLOW below lists it: the file and an extended regular expression its
#     line must match.  This file builds its patterns from pieces and
#     describes them in words, so it does not match itself.
# (b) The programs, libraries and objects in $WY_BUILD (default build/) hold
#     no path of the checkout ($PWD, and the physical path when it differs):
#     the Makefile builds with -ffile-prefix-map.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
export LC_ALL=C
build=${WY_BUILD:-build}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# Allowed hits: "FILE<TAB>ERE" (the line must match ERE).  Keep it precise:
# one entry per legitimate mention, never a whole file.
ALLOW=(
)

s=/
patterns=(
  "(^|[^A-Za-z0-9_.~\$/-])${s}(work|home|root|Users|mnt)${s}"
  "${s}tmp${s}bash""_jobs"
  "shared${s}seeds"
  "(^|[^A-Za-z0-9_])[A-Z]:\\\\{1,2}[A-Za-mo-qsu-wyz]"
)
re=$(IFS='|'; echo "${patterns[*]}")

# (a) the files of the project
if in_checkout; then
  git ls-files -z --cached --others --exclude-standard >"$tmp/files" || { fail "paths: git ls-files failed"; finish; exit; }
  how="git ls-files"
else
  find . \( -name .git -o -path './build*' \) -prune -o -type f -print0 | sed -z 's|^\./||' >"$tmp/files"
  how="find"
fi
# less the build folders (untracked, perhaps not ignored) and files git lists
# but the tree no longer has
grep -zv -E '^build[^/]*/' "$tmp/files" | while IFS= read -r -d '' f; do
  [ -f "$f" ] && printf '%s\0' "$f"
done >"$tmp/scan"
nfiles=$(tr -cd '\0' <"$tmp/scan" | wc -c)
xargs -0 -r grep -I -n -H -E -- "$re" <"$tmp/scan" >"$tmp/hits" 2>/dev/null
: >"$tmp/bad"
while IFS= read -r hit; do
  file=${hit%%:*}
  line=${hit#*:}; line=${line#*:}
  ok=0
  for a in ${ALLOW[@]+"${ALLOW[@]}"}; do
    [ "$file" = "${a%%$'\t'*}" ] && grep -qE -- "${a#*$'\t'}" <<<"$line" && { ok=1; break; }
  done
  [ "$ok" -eq 0 ] && echo "$hit" >>"$tmp/bad"
done < <(sort "$tmp/hits")
if [ "$nfiles" -lt 10 ]; then
  fail "paths: only $nfiles files to scan ($how)"
elif [ -s "$tmp/bad" ]; then
  fail "paths: $(wc -l <"$tmp/bad") lines name a path of a developer's machine (of $nfiles files, by $how):
$(cut -c1-200 "$tmp/bad" | head -n 20)"
else
  pass "paths: no path of a developer's machine in $nfiles files ($how)"
fi

# (b) the build
here=$PWD phys=$(pwd -P)
if [ ! -d "$build" ]; then
  fail "paths: no build folder $build"
elif [ "${#here}" -lt 4 ]; then
  echo "skip: paths: the checkout path '$here' is too short to search for"
else
  find "$build" -type f \( -perm -u+x -o -name '*.a' -o -name '*.so*' -o -name '*.o' \) -print0 |
    sort -z >"$tmp/built"
  nbuilt=$(tr -cd '\0' <"$tmp/built" | wc -c)
  : >"$tmp/leak"
  for p in "$here" "$phys"; do
    xargs -0 -r grep -l -a -F -- "$p" <"$tmp/built" >>"$tmp/leak" 2>/dev/null
  done
  if [ "$nbuilt" -eq 0 ]; then
    fail "paths: nothing built in $build"
  elif [ -s "$tmp/leak" ]; then
    fail "paths: $(sort -u "$tmp/leak" | wc -l) built files hold the checkout path:
$(sort -u "$tmp/leak" | head -n 20)"
  else
    pass "paths: no checkout path in the $nbuilt programs, libraries and objects of $build"
  fi
fi
finish
