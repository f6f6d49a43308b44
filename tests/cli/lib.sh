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
