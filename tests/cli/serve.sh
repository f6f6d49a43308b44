#!/usr/bin/env bash
# serve.sh - `wythoff serve` and its JSON API (docs/serve.md), through HTTP
# (tests/cli/serve_api.py; its docstring lists what is checked):
#  - /api/value, /api/moves, /api/table, /api/ppos, /api/period, /api/check,
#    /api/claims, /api/compare answer exactly as the command line's
#    `wythoff value/moves/table/ppos/period/check/compare --format json`, for
#    the papers' games and more, side states, positions of about 10^40,
#    rules sent with %2B and with a literal '+'; /api/rules against the
#    rules language; /api/engine: legal moves, winning from N-positions;
#  - /api/tile: PNG pixels against `wythoff table`, the Wythoff pairs
#    (closed form) and the colours of src/plot/palette.c, at zooms -5..3,
#    with b=R2 (set colours), a side state, vmax; the cache; grey beyond
#    table_side; 400 beyond it;
#  - errors: 400/404/405/413/422/503/507 with {"error", "status"} and the
#    command line's message for the same mistake; raw paths (no file system),
#    HEAD, too large queries and headers;
#  - /api/progress while a request runs; --timeout, also in the exact
#    engine's proofs, the table engine, the claims and a side state of
#    100000 stones; 8-16 threads of mixed requests equal to the
#    single-threaded answers; SIGTERM and SIGINT stop the server with exit
#    status 0, also during long requests; --bind and --port errors; no
#    sanitizer report on the server's standard error;
#  - hostile clients (issue 26): numbers past 16384 digits refused before
#    they are computed; parameters with a NUL byte, invalid UTF-8, given
#    twice (400), more than 32 of them, URLs and headers over 16 KiB (414,
#    431), all as JSON; the two pools (a trivial request answered while five
#    expensive ones run; the slow pool's queue full: 503 busy); 300 slow
#    connections from 127.0.0.2 (128 kept, /api/info from 127.0.0.1
#    answered); the disk cache used by at most 4 rulesets per client
#    address; the log one escaped line per request, a header flood said once
#    per burst with its count.
# Every server is started here on a free port and always stopped.
#
# Environment: WY_BUILD (lib.sh: the binary under test $WY_BUILD/wythoff);
# WY_SERVE_BIN overrides the binary whose server is tested (e.g. a
# ThreadSanitizer build, `make SAN=thread tsan` -> build-tsan/wythoff: then
# the expected answers come from $WY_BUILD/wythoff when it exists, and any
# "WARNING: ThreadSanitizer" on the server's standard error fails);
# WY_SERVE_MODE=full|asan|concurrent what is checked (serve_api.py's
# docstring; by default full, asan with WY_TEST_SAN=1, concurrent for a
# ThreadSanitizer server); WY_SEED (default 20261121) fixes the random
# choices; WY_TEST_SAN=1 (and a ThreadSanitizer server) checks fewer cases,
# WY_TEST_BIG=1 more.  Needs /usr/bin/python3 (else
# "skip:").  Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
seed=${WY_SEED:-20261121}
echo "seed: $seed"
server=${WY_SERVE_BIN:-$W}
ref=$W
[ -x "$ref" ] || ref=$server
PY=/usr/bin/python3
if [ ! -x "$PY" ]; then
  echo "skip: $PY missing: the server tests are not run"
  exit 0
fi
if [ ! -x "$server" ]; then
  fail "serve: no binary $server (build it first)"
  finish
  exit
fi
if ! "$server" serve --help >/dev/null 2>&1; then
  fail "serve: $server serve --help fails: the tool has no serve command"
  finish
  exit
fi
# The Python driver prints the PASS/FAIL lines; anything else it prints
# (the mode line, times, the summary) is passed through; it stops every
# server it started, also when it is interrupted (it gets the signals: exec).
exec "$PY" tests/cli/serve_api.py "$server" "$ref" "$seed"
