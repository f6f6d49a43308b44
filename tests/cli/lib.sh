# Shared helpers for the CLI tests: source it.  Prints PASS/FAIL lines.
W=${WY_BUILD:-build}/wythoff
fails=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
# expect CODE SUBSTRING -- ARGS...: run wythoff, check exit code and stderr text
expect() {
  local code=$1 sub=$2; shift 3
  local err rc
  err=$("$W" "$@" 2>&1 >/dev/null </dev/null); rc=$?
  if [ "$rc" -ne "$code" ]; then
    fail "wythoff $*: exit $rc, expected $code (stderr: $err)"
  elif [ -n "$sub" ] && ! grep -qF -- "$sub" <<<"$err"; then
    fail "wythoff $*: message '$err' does not name '$sub'"
  elif [ "$code" -ne 0 ] && ! grep -q '^wythoff: ' <<<"$err"; then
    fail "wythoff $*: message '$err' does not start with 'wythoff: '"
  else
    pass "wythoff $* -> exit $code"
  fi
}
finish() { [ "$fails" -eq 0 ]; }
# in_checkout: true in the project's own git checkout (run from its top), false
# in an unpacked release (`git archive`: no .git), also when that lies inside
# another repository's tree, whose `git ls-files` would not list the project.
in_checkout() { [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; }
# interrupt_when_ready PID [SECS]: send SIGINT to PID once the tool handles it
# (PID itself, or its child when PID is a wrapper such as timeout(1)) and
# SECS seconds more (default 1) have passed for its work.  A signal that came
# before the tool installed its handler would only show that the default
# action ends a process; under load a start can take long.  Without a
# readable /proc: after SECS seconds.
handles_sigint() {
  local p v
  for p in "$1" $(pgrep -P "$1" 2>/dev/null); do
    v=$(awk '/^SigCgt:/ { print $2 }' "/proc/$p/status" 2>/dev/null)
    [ -n "$v" ] && [ $((0x$v & 2)) -ne 0 ] && return 0
  done
  return 1
}
interrupt_when_ready() {
  local n=0
  if [ -r /proc/self/status ]; then
    while [ "$n" -lt 300 ] && kill -0 "$1" 2>/dev/null && ! handles_sigint "$1"; do sleep 0.1; n=$((n + 1)); done
  fi
  sleep "${2:-1}"
  kill -INT "$1" 2>/dev/null
}
# noprov FILE...: drop the provenance of outputs in place (the '#', '%',
# '<!-- -->', '// made by:' line "wythoff VERSION: COMMAND" and the JSON
# member "generator"), for tests that compare the data alone;
# tests/cli/provenance.sh checks the provenance itself.
PROV_SED=(-E -e '/^(# |% |<!-- |\/\/ made by: )wythoff(-mpi)? [0-9]+\.[0-9]+\.[0-9]+(: .*)?$/d'
  -e 's/"generator":\{"program":"[^"]*","version":"[^"]*","command":"([^"\\]|\\.)*"\},//g')
noprov() { local f; for f; do [ -f "$f" ] && sed -i "${PROV_SED[@]}" "$f"; done; return 0; }
# ... | noprov_s: the same on a stream
noprov_s() { sed "${PROV_SED[@]}"; }
# png_noprov FILE...: drop the PNG's tEXt chunk "Comment" (the provenance
# the tool writes, docs/formats.md) in place, the other chunks unchanged.
png_noprov() {
  python3 - "$@" <<'PY'
import struct, sys
for f in sys.argv[1:]:
    b = open(f, 'rb').read()
    out, i = [b[:8]], 8
    while i + 8 <= len(b):
        n, t = struct.unpack('>I4s', b[i:i + 8])
        c = b[i:i + 12 + n]
        if not (t == b'tEXt' and c[8:16] == b'Comment\0'):
            out.append(c)
        i += 12 + n
    open(f, 'wb').write(b''.join(out))
PY
}
