#!/usr/bin/env bash
# browser.sh - the explorer of `wythoff serve` (web/) in a real browser:
# tests/browser/explorer.py drives headless Chromium through Selenium against
# "$W serve --port 0" (the page loads, the ruleset picker, the heatmap's
# tiles and pixels, pan and zoom, hover, the options of a cell, a game
# against the engine, the claims, the exact box with 40-digit positions, the
# state in the URL), each against the command line or a closed form.
# Screenshots of each step: ${WY_ARTIFACTS:-build/artifacts}/browser/.
#
# Needs chromium (or chromium-browser, google-chrome), chromedriver and a
# Python with selenium: $WY_PYTHON, else the first of python3 (PATH) and
# /usr/bin/python3 that imports it (Debian: apt-get install chromium
# chromium-driver python3-selenium).  Missing: a skip line.  Under the
# sanitizers (WY_TEST_SAN=1) it is skipped: the page is the same in both
# builds, and the server's own tests run there.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh

if [ "${WY_TEST_SAN:-0}" = 1 ]; then
  echo "skip: browser test runs in the normal build"
  exit 0
fi

browser=
for c in chromium chromium-browser google-chrome; do
  if command -v "$c" >/dev/null 2>&1; then browser=$(command -v "$c"); break; fi
done
if [ -z "$browser" ]; then
  echo "skip: browser: chromium is not installed (Debian: apt-get install chromium chromium-driver python3-selenium)"
  exit 0
fi
if ! command -v chromedriver >/dev/null 2>&1; then
  echo "skip: browser: chromedriver is not installed (Debian: apt-get install chromium-driver)"
  exit 0
fi
has_selenium() { "$1" -c 'import selenium.webdriver' >/dev/null 2>&1; }
py=
if [ -n "${WY_PYTHON:-}" ] && has_selenium "$WY_PYTHON"; then
  py=$WY_PYTHON
else
  for c in python3 /usr/bin/python3; do
    p=$(command -v "$c" 2>/dev/null) || continue
    if has_selenium "$p"; then py=$p; break; fi
  done
fi
if [ -z "$py" ]; then
  echo "skip: browser: no Python with selenium (python3 on PATH, /usr/bin/python3; set WY_PYTHON; Debian: apt-get install python3-selenium)"
  exit 0
fi
if [ ! -x "$W" ]; then
  fail "browser: $W is not built"
  exit 1
fi

WY_CHROMIUM=$browser PYTHONDONTWRITEBYTECODE=1 "$py" tests/browser/explorer.py "$W"
