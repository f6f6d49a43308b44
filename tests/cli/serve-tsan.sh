#!/usr/bin/env bash
# serve-tsan.sh - the server tests (serve.sh, tests/cli/serve_api.py) in
# their concurrent mode (WY_SERVE_MODE=concurrent), against the tool built
# with ThreadSanitizer (build-tsan/wythoff, `make SAN=thread tsan`, which
# tests/run builds before the normal run): the server's pools of threads and
# their queue, its caches of evaluators, tables and tiles under mixed
# requests on 8 threads, the progress registry, slow clients and stops while
# requests run, with every report of a data race a FAIL.  The answers
# themselves are checked by serve.sh (full mode) and, for memory errors, by
# its sanitizer run (asan mode).  Normal run only (ThreadSanitizer cannot be combined with
# AddressSanitizer); "skip:" when the ThreadSanitizer build is missing.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
if [ "${WY_TEST_SAN:-}" = 1 ]; then
  echo "skip: serve-tsan runs in the normal run (ThreadSanitizer and AddressSanitizer do not mix)"
  exit 0
fi
tsan=build-tsan/wythoff
if [ ! -x "$tsan" ]; then
  echo "skip: $tsan is not built (make SAN=thread tsan)"
  exit 0
fi
# halt_on_error=0: every race is reported (the test fails on any); the
# reports go to the server's standard error, which serve_api.py reads
export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
export WY_SERVE_BIN=$tsan WY_SERVE_MODE=concurrent
exec bash tests/cli/serve.sh
