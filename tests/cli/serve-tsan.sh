#!/usr/bin/env bash
# serve-tsan.sh - the server tests (serve.sh, tests/cli/serve_api.py) again,
# against the tool built with ThreadSanitizer (build-tsan/wythoff, `make
# SAN=thread tsan`, which tests/run builds before the normal run): the
# server's pool of threads, its caches of evaluators, tables and tiles and
# the progress registry under concurrent requests, with every report of a
# data race a FAIL.  Normal run only (ThreadSanitizer cannot be combined with
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
export WY_SERVE_BIN=$tsan
exec bash tests/cli/serve.sh
