#!/usr/bin/python3
"""serve_api.py - the JSON API of `wythoff serve` (docs/serve.md); the helper of
tests/cli/serve.sh.

    serve_api.py SERVER CLI SEED [MODE]

SERVER is the binary whose `serve` is tested, CLI the binary whose commands
give the expected answers (the same binary, or the normal build when SERVER is
a ThreadSanitizer build).  MODE (also WY_SERVE_MODE) says what is checked:
  full        everything (the normal build; the default);
  asan        the answers and memory paths on a few cases: every endpoint,
              errors, HTTP, the memory limit, hostile input, a stop (the
              default with WY_TEST_SAN=1: AddressSanitizer + UBSan);
  concurrent  only what runs on several threads at once: mixed requests on
              8 threads (the caches of evaluators, tables and tiles), the
              progress registry, the two pools and their queue, a pool
              thread that must not keep connections waiting, slow clients,
              SIGINT and SIGTERM while requests run (the default for a
              ThreadSanitizer SERVER, found by its __tsan_init symbol:
              serve-tsan.sh); the answers themselves are the full run's.
Python standard library only.  Every server is
started here (`serve --port 0`, the port read from the address line) and
stopped here (SIGTERM or SIGINT to its own PID; SIGKILL only when it does not
stop), also when a check fails or the test is interrupted.

The expected values never come from the server:
  - the command line (`wythoff value/moves/table/ppos/period/check/compare
    --format json`): the API prints exactly the same;
  - the Wythoff pairs a_n = (n + isqrt(5 n^2)) // 2, b_n = a_n + n;
  - the colours parsed from src/plot/palette.c (tests/cli/imgcheck.py, whose
    PNG decoder reads the tiles) and the rules of docs/serve.md ("/api/tile");
  - the rules language parsed by tests/papers/pyref.py (/api/rules).

The servers:
  main   default options: the answers, tiles, errors, limits of HTTP;
         stopped by SIGTERM while a long request runs;
  small  --mem-limit 1M --threads 3, not --quiet: 507 answers with the
         command line's messages, the log lines, a port in use; SIGINT;
  grey   --mem-limit 16M (table_side 1024): a tile reaching beyond
         table_side (grey there); SIGTERM;
  timer  --timeout 1 (2 with sanitizers) --threads 4 --mem-limit 2G: timeouts (503) in
         every engine and a side state of 100000 stones, /api/progress, quick
         requests beside a long one; SIGTERM (concurrent mode: progress and
         the quick requests only); in full mode on one processor (its
         long requests last --timeout anyway);
  hostile --threads 2, not --quiet, a cache directory of its own: numbers
         past 16384 digits, hostile parameters (NUL, UTF-8, twice, too
         many, too long: 400/414/431 as JSON), the disk cache per client
         address (127.0.0.1 and 127.0.0.2), 300 slow connections from
         127.0.0.2; its log escaped; SIGTERM;
  pools  --threads 2 --timeout 60, not --quiet: a trivial request while five
         expensive ones run, the slow pool's queue full (503 busy), SIGTERM
         with 17 requests in flight;
  flood  not --quiet: 200 requests of 2000 headers (the HTTP library's own
         431): its message once per burst with the count, request lines at
         most 50 a second; SIGTERM;
  conc   default options, cold: 8-16 threads of mixed requests, every answer
         equal to the main server's single-threaded one (concurrent mode:
         to a server of CLI's, the normal build, when SERVER is another
         binary); stopped by SIGINT while a long request runs.
Each server's standard error must hold no sanitizer report (ThreadSanitizer,
AddressSanitizer, LeakSanitizer, UBSan).

Environment: WY_TEST_SAN=1 (or a ThreadSanitizer SERVER) checks fewer cases
with longer waits; WY_SERVE_MODE (above); WY_TEST_BIG=1 (full mode) more
positions, threads, requests and tiles (the sizes of earlier versions).

Prints "PASS name" or "FAIL name: why"; exit 0 iff all passed.
"""
import http.client
import json
import os
import random
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
from math import isqrt

if hasattr(sys, 'set_int_max_str_digits'):  # numbers of thousands of digits (Python 3.11 limits their text)
    sys.set_int_max_str_digits(0)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import imgcheck  # noqa: E402  (PNG decoder, palette; puts tests/papers on the path)
import pyref  # noqa: E402

FAILS = 0
PASSES = 0
SERVERS = []
NOTES = []  # measured figures, printed at the end (not checked)
TEMPDIRS = []  # removed by stop_all


def ok(name):
    global PASSES
    PASSES += 1
    print('PASS ' + name, flush=True)


def bad(name, why):
    global FAILS
    FAILS += 1
    why = str(why).replace('\n', ' | ')
    if len(why) > 1500:
        why = why[:1500] + '...'
    print('FAIL %s: %s' % (name, why), flush=True)


def check(name, cond, why):
    if cond:
        ok(name)
    else:
        bad(name, why)
    return cond


class Bad(Exception):
    pass


# ---------------------------------------------------------------- settings

SERVER = CLI = None
SEED = 0
SAN = os.environ.get('WY_TEST_SAN', '0') == '1'
BIG = os.environ.get('WY_TEST_BIG', '0') == '1'
TSAN = False
MODES = ('full', 'asan', 'concurrent')
ENV = dict(os.environ, WYTHOFF_CACHE='off', NO_COLOR='1')
HTTP_TIMEOUT = 120
START_TIMEOUT = 60
STOP_WAIT = 10


def is_tsan(path):
    try:
        with open(path, 'rb') as f:
            return b'__tsan_init' in f.read()
    except OSError:
        return False


# ---------------------------------------------------------------- the command line

def cli(*args, timeout=300):
    p = subprocess.run([CLI] + [str(a) for a in args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=ENV, timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def cli_msg(err):
    """The message after 'wythoff: ' (the last such line)."""
    lines = [l[len('wythoff: '):] for l in err.splitlines() if l.startswith('wythoff: ')]
    return lines[-1] if lines else err.strip()


def cli_json(*args):
    """(exit status, parsed JSON or None, message); `wythoff compare` exits 1
    when it finds differences (as diff(1)): that is 0 here."""
    rc, out, err = cli(*(list(args) + ['--format', 'json']))
    if rc == 1 and args[0] == 'compare' and out:
        rc = 0
    if rc == 0:
        d = json.loads(out)
        if isinstance(d, dict):  # the command line's provenance: the API answers without it
            d.pop('generator', None)
        return rc, d, ''
    return rc, None, cli_msg(err)


def as_api_msg(msg):
    """The command line's message as the API writes it: the option or argument
    named as the API's parameter (--pass -> pass, X -> x), without the hint
    about --mem-limit, which a client of the API cannot give."""
    msg = re.sub(r"^(bad )?X '", lambda m: (m.group(1) or '') + "x '", msg)
    msg = re.sub(r"^(bad )?Y '", lambda m: (m.group(1) or '') + "y '", msg)
    msg = re.sub(r'^(bad )?--(pass|heap|from|terms|value|rows|limit) ', r'\1\2 ', msg)
    msg = re.sub(r' \(use --mem-limit to change the limit\)$', '', msg)
    return msg


EXIT_HTTP = {2: 400, 3: 507, 6: 422, 130: 503, 4: 500}


# ---------------------------------------------------------------- servers

def _pdeathsig():
    """In the child: SIGTERM when the test dies (Linux prctl), so that no
    server outlives an interrupted test."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
    except Exception:
        pass


def _one_cpu():
    """In the child: _pdeathsig, and the process on one processor of those
    it may use (its threads as many as before, sharing it)."""
    _pdeathsig()
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except (AttributeError, OSError, ValueError):
        pass


class Server:
    def __init__(self, name, args, quiet=True, env=None, binary=None, one_cpu=False):
        self.name = name
        self.errf = tempfile.TemporaryFile()
        self.cmd = [binary or SERVER, 'serve', '--port', '0'] + (['--quiet'] if quiet else []) + list(args)
        self.p = subprocess.Popen(self.cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.errf,
                                  env=dict(ENV, **(env or {})), preexec_fn=_one_cpu if one_cpu else _pdeathsig)
        SERVERS.append(self)
        self.rc = None
        self.scanned = False  # its standard error looked at for sanitizer reports
        self.line = self._first_line()
        m = re.match(r'^wythoff serve: the explorer at http://(\S+):(\d+)/ \(Ctrl-C stops it\)$', self.line)
        if not m:
            raise Bad('server %s: address line %r (stderr: %s)' % (name, self.line, self.stderr()[-500:]))
        self.host, self.port = m.group(1), int(m.group(2))

    def _first_line(self):
        fd = self.p.stdout.fileno()
        buf = b''
        end = time.monotonic() + START_TIMEOUT
        while b'\n' not in buf:
            left = end - time.monotonic()
            if left <= 0:
                raise Bad('server %s: no address line in %d s' % (self.name, START_TIMEOUT))
            r, _, _ = select.select([fd], [], [], left)
            if r:
                chunk = os.read(fd, 4096)
                if not chunk:
                    self.p.wait(timeout=10)
                    raise Bad('server %s exited with %s before its address line (stderr: %s)'
                              % (self.name, self.p.returncode, self.stderr()[-800:]))
                buf += chunk
        return buf.split(b'\n')[0].decode()

    def stop(self, sig):
        """Send sig; the exit status, or None when it had to be killed."""
        if self.p.poll() is None:
            self.p.send_signal(sig)
        try:
            self.rc = self.p.wait(timeout=STOP_WAIT)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            self.rc = None
        try:
            self.p.stdout.close()
        except OSError:
            pass
        return self.rc

    def stderr(self):
        self.errf.seek(0)
        return self.errf.read().decode(errors='replace')


SANITIZER_MARKS = ('WARNING: ThreadSanitizer', 'ERROR: AddressSanitizer', 'ERROR: LeakSanitizer',
                   'runtime error:', 'ERROR: ThreadSanitizer', 'SUMMARY: UndefinedBehaviorSanitizer')


def sanitizer_report(text):
    """None, or (a summary with the first report's first lines, those lines)."""
    lines = text.splitlines()
    for i, l in enumerate(lines):
        if any(m in l for m in SANITIZER_MARKS):
            n = sum(1 for x in lines if 'WARNING: ThreadSanitizer' in x or 'ERROR: AddressSanitizer' in x
                    or 'ERROR: LeakSanitizer' in x or 'runtime error:' in x)
            return '%d report(s); the first: %s' % (n, ' | '.join(lines[i:i + 12])), lines[i:i + 40]
    return None


def report_sanitizer(srv):
    """The check that srv's standard error holds no sanitizer report; the
    first report's first 40 lines printed after a FAIL."""
    srv.scanned = True
    rep = sanitizer_report(srv.stderr())
    check('server %s: no sanitizer report on standard error' % srv.name, rep is None, rep and rep[0])
    if rep:
        for l in rep[1]:
            print('  | ' + l, flush=True)


def check_stopped(srv, sig):
    """Stop srv with sig: exit 0 within a few seconds, no sanitizer report."""
    signame = signal.Signals(sig).name
    t0 = time.monotonic()
    rc = srv.stop(sig)
    dt = time.monotonic() - t0
    check('server %s: %s stops it with exit status 0' % (srv.name, signame), rc == 0,
          'exit status %s after %.1f s%s (stderr tail: %s)' % (rc, dt, ' (killed: it did not stop)' if rc is None else '',
                                                               srv.stderr()[-600:]))
    report_sanitizer(srv)


def stop_all():
    """Every server still running stopped (the test failed or was
    interrupted on the way); their standard error looked at."""
    for s in SERVERS:
        if s.p.poll() is None:
            try:
                s.p.send_signal(signal.SIGTERM)
                s.p.wait(timeout=STOP_WAIT)
            except Exception:
                s.p.kill()
                s.p.wait()
        if not s.scanned and sanitizer_report(s.stderr()):
            report_sanitizer(s)
    for d in TEMPDIRS:
        shutil.rmtree(d, ignore_errors=True)


# ---------------------------------------------------------------- HTTP

def request(srv, path, method='GET', body=None, headers=None, timeout=None, source=None):
    """(status, headers (lower-case names), body bytes); source: the client's
    address (another loopback address, 127.0.0.2: another client)."""
    c = http.client.HTTPConnection('127.0.0.1', srv.port, timeout=timeout or HTTP_TIMEOUT,
                                   source_address=(source, 0) if source else None)
    try:
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        data = r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, data
    finally:
        c.close()


def query(params, plus='%2B'):
    """A query string; '+' in values sent as %2B or (plus='+') as a literal '+'."""
    out = []
    for k, v in params:
        if v is None:
            continue
        s = urllib.parse.quote(str(v), safe='')
        if plus == '+':
            s = s.replace('%2B', '+')
        out.append('%s=%s' % (k, s))
    return '&'.join(out)


def api(srv, endpoint, params=(), plus='%2B'):
    """(status, parsed JSON or None, raw body, headers)."""
    q = query(params, plus)
    st, hd, data = request(srv, '/api/' + endpoint + ('?' + q if q else ''))
    try:
        js = json.loads(data.decode())
    except (ValueError, UnicodeDecodeError):
        js = None
    return st, js, data, hd


def api_ok(srv, endpoint, params=(), plus='%2B'):
    st, js, data, _ = api(srv, endpoint, params, plus)
    if st != 200 or js is None:
        raise Bad('/api/%s?%s: HTTP %d %s' % (endpoint, query(params, plus), st, data[:300]))
    return js


def error_shape(st, js, hd, want_http, want_code):
    """Why an error answer is not {"error": text, "status": want_code} with
    HTTP want_http ('' when it is)."""
    if st != want_http:
        return 'HTTP %d, expected %d (body %s)' % (st, want_http, js)
    if not isinstance(js, dict) or set(js) != {'error', 'status'} or not isinstance(js['error'], str):
        return 'body %r is not {"error", "status"}' % (js,)
    if js['status'] != want_code:
        return 'status %r, expected %d' % (js['status'], want_code)
    if not hd.get('content-type', '').startswith('application/json'):
        return 'content type %r' % hd.get('content-type')
    return ''


# ---------------------------------------------------------------- references

def wythoff_pair(n):
    a = (n + isqrt(5 * n * n)) // 2
    return a, a + n


def wythoff_pset(limit):
    s = set()
    for a, b in imgcheck.wythoff_pairs(limit):
        s.add((a, b))
        s.add((b, a))
    return s


def first_pair_index(frm):
    """The smallest n with a_n >= frm."""
    lo, hi = 0, 1
    while wythoff_pair(hi)[0] < frm:
        hi *= 2
    while lo < hi:
        mid = (lo + hi) // 2
        if wythoff_pair(mid)[0] >= frm:
            hi = mid
        else:
            lo = mid + 1
    return lo


def side_of(rules):
    r = pyref.parse_rules(rules)
    return r['pass'], (r['heap'] or 0)


def side_args(p, h):
    a = []
    if p is not None:
        a += ['--pass', p]
    if h is not None:
        a += ['--heap', h]
    return a


def table_ref(rules, rows, cols, p=None, h=None):
    rc, js, msg = cli_json('table', rules, '--rows', rows, '--cols', cols, *side_args(p, h))
    if rc != 0:
        raise Bad('wythoff table %s --rows %d --cols %d: exit %d: %s' % (rules, rows, cols, rc, msg))
    return js['values']


PAPERS = ['wythoff', 'wythoff+pass', 'wythoff+heap=1', 'wythoff+terminal=2', 'wythoff+terminal=2+misere',
          'wythoff+max=3', 'nim+pass', 'nim+max=31+pass', 'wythoff+mod=3']
MORE = ['wythoff+pass=2+misere', 'nim+heap=2+misere', 'wythoff+heap=2+max=4']


# ---------------------------------------------------------------- 1. value and moves

def random_side(rng, rules):
    passes, heap = side_of(rules)
    p = rng.choice([None] + list(range(passes + 1))) if passes else None
    h = rng.choice([None] + list(range(heap + 1))) if heap else None
    return p, h


def positions(rng, rules, nsmall, nhuge):
    out = [('0', '0')]
    for _ in range(nsmall):
        out.append((str(rng.randrange(0, 40)), str(rng.randrange(0, 40))))
    huge = []
    n = rng.randrange(10 ** 39, 10 ** 40)
    a, b = wythoff_pair(n)
    huge.append((str(a), str(b)))                                 # a Wythoff pair of about 10^40
    huge.append((str(b + 1), str(a)))
    huge.append((str(10 ** 40 + rng.randrange(1000)), str(10 ** 40 + rng.randrange(1000))))
    huge.append(('10^40', '2^133'))                              # the number grammar
    huge.append(('1e40', str(rng.randrange(10 ** 12))))
    rng.shuffle(huge)
    return out + huge[:nhuge]


def check_value_moves(srv, rng, mem):
    """mem: the server's --mem-limit (/api/info), given to the command line
    too, so that a refusal says the same limit."""
    nsmall, nhuge = (2, 1) if SAN else (5, 4) if BIG else (4, 3)
    k = 0
    for rules in PAPERS[:5] if SAN else PAPERS + MORE:
        for ep in ('value', 'moves'):
            n, first = 0, None
            # max=N: a period proved for each huge position (up to a second
            # in the server and again in the command line); a wide max=N's
            # huge position for /api/value only (unless WY_TEST_BIG=1)
            hm = 1 if BIG or ep == 'value' or not re.search(r'max=\d\d', rules) else 0
            for x, y in positions(rng, rules, nsmall, hm if 'max=' in rules else nhuge):
                p, h = random_side(rng, rules)
                k += 1
                plus = '+' if k % 2 else '%2B'
                rc, js, msg = cli_json(ep, rules, x, y, *side_args(p, h), '--mem-limit', mem)
                st, got, raw, hd = api(srv, ep, [('rules', rules), ('x', x), ('y', y), ('pass', p), ('heap', h)],
                                       plus)
                where = '%s %s %s%s (rules sent with %s)' % (rules, x, y, ''.join(' %s' % a for a in side_args(p, h)),
                                                            plus)
                if rc == 0:
                    if st != 200 or got != js:
                        first = first or '%s: CLI %s, API HTTP %d %s' % (where, js, st, raw[:400])
                else:
                    want = {'error': as_api_msg(msg), 'status': rc}
                    if st != EXIT_HTTP.get(rc) or got != want:
                        first = first or '%s: CLI exit %d (%s), API HTTP %d %s' % (where, rc, msg, st, raw[:400])
                n += 1
            check('/api/%s %s: %d positions (small, about 10^40, side states) answer as `wythoff %s --format json`'
                  % (ep, rules, n, ep), first is None, first)


# ---------------------------------------------------------------- 2. table, ppos, period, check, claims, compare, engine

def check_rules_endpoint(srv, rng):
    first = None
    n = 0
    for rules in PAPERS + MORE + ['wythoff+misere+terminal=2', 'nim+pass=3+max=5']:
        r = pyref.parse_rules(rules)
        for p, h in [(None, None), random_side(rng, rules)]:
            js = api_ok(srv, 'rules', [('rules', rules), ('pass', p), ('heap', h)], '+' if n % 2 else '%2B')
            n += 1
            rc, v, msg = cli_json('value', rules, 0, 0)
            start = {'pass': r['pass'], 'heap': r['heap'] or 0}
            want = {'rules': v['rules'] if v else None, 'game': r['game'], 'passes': r['pass'],
                    'heap': r['heap'] or 0, 'max': r['max'] or 0, 'mod': r['mod'] or 0, 'terminal': r['terminal'],
                    'misere': r['misere'], 'start': start,
                    'side': {'pass': start['pass'] if p is None else p, 'heap': start['heap'] if h is None else h}}
            if js != want:
                first = first or '%s pass=%s heap=%s: %s, expected %s' % (rules, p, h, js, want)
    check('/api/rules: the canonical text (as `wythoff value` prints it), the options, start and side state of '
          '%d rulesets (pyref.parse_rules)' % (len(PAPERS + MORE) + 2), first is None, first)
    rc, out, err = cli('value', 'wythoff+heap=1', 1, 1, '--heap', 3)
    st, e, _, hd = api(srv, 'rules', [('rules', 'wythoff+heap=1'), ('heap', 3)])
    why = error_shape(st, e, hd, 400, 2) or ('' if e['error'] == as_api_msg(cli_msg(err)) else
                                             'message %r, CLI %r' % (e['error'], cli_msg(err)))
    check('/api/rules wythoff+heap=1 heap=3: 400 with the command line\'s message', not why, why)


def check_table(srv, rng, table_side):
    cases = [('wythoff', None, None), ('wythoff+pass', None, None), ('wythoff+pass', 0, None),
             ('wythoff+heap=1', None, 0), ('nim+max=31+pass', 0, None), ('wythoff+mod=3', None, None),
             ('wythoff+terminal=2+misere', None, None)]
    if SAN:
        cases = cases[:4]
    N = 48
    for rules, p, h in cases:
        ref = table_ref(rules, N, N, p, h)
        first, n = None, 0
        wins = [(0, 0, N, N)] + [(rng.randrange(N - 8), rng.randrange(N - 8), rng.randrange(1, 9), rng.randrange(1, 9))
                                 for _ in range(3 if SAN else 8 if BIG else 5)]
        for i, (x0, y0, R, C) in enumerate(wins):
            js = api_ok(srv, 'table', [('rules', rules), ('x0', x0), ('y0', y0), ('rows', R), ('cols', C),
                                       ('pass', p), ('heap', h)], '+' if i % 2 else '%2B')
            want = [row[y0:y0 + C] for row in ref[x0:x0 + R]]
            head = {k: js.get(k) for k in ('x0', 'y0', 'rows', 'cols')}
            if js.get('values') != want or head != {'x0': x0, 'y0': y0, 'rows': R, 'cols': C}:
                first = first or 'window x0=%d y0=%d %dx%d: %s, expected %s' % (x0, y0, R, C, js, want)
            n += 1
        check('/api/table %s%s: %d windows equal slices of `wythoff table --size %d`'
              % (rules, ''.join(' %s' % a for a in side_args(p, h)), n, N), first is None, first)
    # a window far out: its P-positions are Wythoff pairs, some cells by `wythoff value`
    x0 = 2000 + rng.randrange(200)
    y0 = (x0 + isqrt(5 * x0 * x0)) // 2 - 32  # about x0 phi: Wythoff pairs (a, b) cross the window
    js = api_ok(srv, 'table', [('rules', 'wythoff'), ('x0', x0), ('y0', y0), ('rows', 64), ('cols', 64)])
    zeros = {(x0 + i, y0 + j) for i in range(64) for j in range(64) if js['values'][i][j] == 0}
    want = {(a, b) for (a, b) in wythoff_pset(x0 + 64) if x0 <= a < x0 + 64 and y0 <= b < y0 + 64}
    check('/api/table wythoff x0=%d y0=%d 64x64: the P-positions are the Wythoff pairs there (%d)'
          % (x0, y0, len(want)), zeros == want and len(want) > 0, 'got %s, expected %s' % (sorted(zeros), sorted(want)))
    first = None
    for _ in range(4):
        i, j = rng.randrange(64), rng.randrange(64)
        rc, v, msg = cli_json('value', 'wythoff', x0 + i, y0 + j)
        if rc != 0 or v['value'] != js['values'][i][j]:
            first = first or '(%d, %d): API %d, CLI %s' % (x0 + i, y0 + j, js['values'][i][j], v or msg)
    check('/api/table wythoff far window: 4 cells equal `wythoff value`', first is None, first)
    # limits of a window
    st, e, _, hd = api(srv, 'table', [('rules', 'wythoff'), ('rows', 300), ('cols', 300)])
    why = error_shape(st, e, hd, 400, 2)
    check('/api/table: 300 x 300 cells (more than window_cells) is 400', not why, why)
    st, e, _, hd = api(srv, 'table', [('rules', 'wythoff'), ('x0', table_side), ('rows', 1), ('cols', 1)])
    why = error_shape(st, e, hd, 400, 2)
    check('/api/table: a window beyond table_side %d is 400' % table_side, not why, why)


def check_ppos(srv, rng):
    cases = [('wythoff', None, None), ('wythoff+pass', None, None), ('wythoff+pass', 0, None), ('nim+pass', None, None),
             ('wythoff+heap=1', None, 1), ('wythoff+terminal=2', None, None), ('wythoff+max=3', None, None),
             ('wythoff+mod=3', None, None)]
    if SAN:
        cases = cases[:3]
    for rules, p, h in cases:
        first, n = None, 0
        reqs = [(None, None, None)] + [(rng.randrange(0, 200), rng.randrange(1, 25), rng.choice([0, 0, 1, 2]))
                                       for _ in range(2 if SAN else 4 if BIG else 3)]
        for frm, terms, val in reqs:
            rc, js, msg = cli_json('ppos', rules, '--from', frm if frm is not None else 0, '--terms',
                                   terms if terms is not None else 20, '--value', val or 0, *side_args(p, h))
            st, got, raw, _ = api(srv, 'ppos', [('rules', rules), ('from', frm), ('terms', terms), ('value', val),
                                                ('pass', p), ('heap', h)])
            where = '%s from=%s terms=%s value=%s' % (rules, frm, terms, val)
            if rc != 0:
                want = {'error': as_api_msg(msg), 'status': rc}
                if st != EXIT_HTTP.get(rc) or got != want:
                    first = first or '%s: CLI exit %d (%s), API HTTP %d %s' % (where, rc, msg, st, raw[:300])
                n += 1
                continue
            want_pos = [[q['x'], q['y']] for q in js['positions']]
            want_ix = [q['n'] for q in js['positions']]
            if st != 200 or got.get('positions') != want_pos or got.get('index') != want_ix \
                    or got.get('value') != (val or 0) or got.get('from') != (frm or 0) or got.get('rules') != js['rules']:
                first = first or '%s: API HTTP %d %s, CLI %s' % (where, st, raw[:300], js)
            n += 1
        check('/api/ppos %s%s: %d requests equal `wythoff ppos --from X --terms K --value G` (positions, index)'
              % (rules, ''.join(' %s' % a for a in side_args(p, h)), n), first is None, first)
    # Wythoff pairs: from about 10^40, and the closed form
    frm = rng.randrange(10 ** 39, 10 ** 40)
    js = api_ok(srv, 'ppos', [('rules', 'wythoff'), ('from', frm), ('terms', 7)])
    n0 = first_pair_index(frm)
    want = [[str(a), str(b)] for a, b in (wythoff_pair(n) for n in range(n0, n0 + 7))]
    got = [[str(a), str(b)] for a, b in js['positions']]
    check('/api/ppos wythoff from=%d terms=7: the Wythoff pairs (a_n, b_n) from n=%d' % (frm, n0),
          got == want and [str(i) for i in js['index']] == [str(n) for n in range(n0, n0 + 7)],
          'got %s, expected %s' % (js, want))
    st, e, _, hd = api(srv, 'ppos', [('rules', 'wythoff'), ('terms', 1001)])
    why = error_shape(st, e, hd, 400, 2)
    check('/api/ppos terms=1001 (more than 1000) is 400', not why, why)


def check_period(srv):
    cases = [('wythoff', 8, None), ('nim+pass', 8, None), ('wythoff+pass', 6, 0), ('nim+max=31+pass', 4, None),
             ('wythoff+terminal=2+misere', 5, None), ('wythoff+pass=2', 4, 1)]
    if SAN:
        cases = cases[:3]
    first = None
    for rules, rows, p in cases:
        rc, js, msg = cli_json('period', rules, '--rows', rows, *side_args(p, None))
        st, got, raw, _ = api(srv, 'period', [('rules', rules), ('rows', rows), ('pass', p)])
        if rc != 0 or st != 200 or got != js:
            first = first or '%s rows=%d pass=%s: CLI exit %d %s, API HTTP %d %s' % (rules, rows, p, rc, js or msg,
                                                                                   st, raw[:300])
    check('/api/period: %d rulesets equal `wythoff period --rows N --format json`' % len(cases), first is None, first)
    rc, js, msg = cli_json('period', 'wythoff+heap=1', '--rows', 4)
    st, e, _, hd = api(srv, 'period', [('rules', 'wythoff+heap=1'), ('rows', 4)])
    why = error_shape(st, e, hd, 400, 2) or ('' if rc == 2 and e['error'] == msg else
                                             'message %r, CLI (exit %d) %r' % (e['error'], rc, msg))
    check('/api/period wythoff+heap=1: 400 with the command line\'s message', not why, why)


def check_claims(srv):
    rc, js, msg = cli_json('check', '--list')
    got = api_ok(srv, 'claims')
    ids = [c['id'] for c in js]
    gids = [c.get('id') for c in got.get('claims', [])]
    check('/api/claims: the %d ids of `wythoff check --list`, in order' % len(ids), ids == gids and ids,
          'API %s, CLI %s' % (gids, ids))
    first = None
    for c, g in zip(js, got.get('claims', [])):
        for k in ('source', 'statement', 'method'):
            if c.get(k) != g.get(k):
                first = first or '%s %s: API %r, CLI %r' % (c['id'], k, g.get(k), c.get(k))
    check('/api/claims: source, statement and method as `wythoff check --list`', first is None, first)
    for claim, limit in (('000.thm2', 200), ('000.lem1.i', None)):
        args = ['check', claim] + (['--limit', limit] if limit is not None else [])
        rc, js, msg = cli_json(*args)
        params = [('claim', claim)] + ([('limit', limit)] if limit is not None else [])
        got = api_ok(srv, 'check', params)
        want = dict(js['claims'][0]) if js else {}
        want.pop('ms', None)
        g = dict(got)
        ms = g.pop('ms', None)
        check('/api/check?claim=%s%s: the entry of `wythoff %s --format json` (ms aside)'
              % (claim, '&limit=%d' % limit if limit is not None else '', ' '.join(str(a) for a in args)),
              rc == 0 and g == want and isinstance(ms, int), 'API %s, CLI exit %d %s' % (got, rc, js or msg))
    st, e, _, hd = api(srv, 'check', [('claim', 'no.such.claim')])
    why = error_shape(st, e, hd, 404, 2)
    check('/api/check: an unknown claim is 404 with status 2', not why, why)


def check_compare(srv):
    cases = [('wythoff', 'wythoff+pass', 40, 1, None), ('nim', 'nim+pass', 20, 1, None),
             ('wythoff', 'wythoff+heap=1', 16, 0, 1000), ('wythoff+pass', 'wythoff+heap=1', 30, 1, 7),
             ('wythoff+mod=3', 'wythoff', 24, 0, 5)]
    if SAN:
        cases = cases[:3]
    for a, b, size, outcome, limit in cases:
        args = ['compare', a, b, '--size', size] + (['--outcome'] if outcome else [])
        rc, js, msg = cli_json(*args)
        params = [('a', a), ('b', b), ('size', size)] + ([('outcome', 1)] if outcome else []) + \
            ([('limit', limit)] if limit is not None else [])
        got = api_ok(srv, 'compare', params)
        lim = 100 if limit is None else limit
        diffs = js['differences'] if js else []
        if outcome:
            want = [[d['x'], d['y'], 0 if d['a'] == 'P' else None, 0 if d['b'] == 'P' else None] for d in diffs]
        else:
            want = [[d['x'], d['y'], d['a'], d['b']] for d in diffs]
        name = '/api/compare?%s: the differences of `wythoff %s --format json`' % (
            query(params), ' '.join(str(x) for x in args))
        check(name, rc == 0 and got.get('positions') == want[:lim] and got.get('differences') == js['summary']['count']
              and got.get('a') == js['rules_a'] and got.get('b') == js['rules_b'] and got.get('size') == size
              and got.get('outcome') is bool(outcome),
              'API %s, CLI exit %d %s' % (json.dumps(got)[:600], rc, json.dumps(js)[:600] if js else msg))
    # the CSV form, as the brief's second view of the same list
    rc, out, err = cli('compare', 'wythoff', 'wythoff+pass', '--size', 40, '--outcome', '--format', 'csv')
    rc = 0 if rc == 1 else rc
    rows = [l.split(',') for l in [l for l in out.splitlines() if not l.startswith('#')][1:]]
    got = api_ok(srv, 'compare', [('a', 'wythoff'), ('b', 'wythoff+pass'), ('size', 40), ('outcome', 1)])
    want = [[int(r[0]), int(r[1]), 0 if r[2] == 'P' else None, 0 if r[3] == 'P' else None] for r in rows]
    check('/api/compare wythoff wythoff+pass size=40 outcome=1: the rows of `wythoff compare --outcome --format csv`',
          rc == 0 and got['positions'] == want, 'API %s, CSV %s' % (got['positions'][:10], rows[:10]))


ENGINE_KEYS = ('rules', 'x', 'y', 'move', 'winning', 'decided', 'outcome', 'method')


def legal_move(rules, x, y, p, h, m):
    """Is m ({"move", "to", "pass", "heap"}) a move of docs/rules.md from
    (x, y) at side state (p, h)?  Independent of the tool: any size."""
    r = pyref.parse_rules(rules)
    x, y = int(x), int(y)
    tx, ty = int(m['to'][0]), int(m['to'][1])
    np_, nh = m.get('pass', p), m.get('heap', h)
    kind = m['move']
    a, b = x - tx, y - ty
    mx = r['max']
    within = (lambda k: 1 <= k and (mx is None or k <= mx))
    if kind in ('row', 'col', 'diag', 'mod'):
        if r['terminal'] is not None and x + y <= r['terminal']:
            return False
        if (np_, nh) != (p, h):
            return False
        if kind == 'col':
            return b == 0 and within(a)
        if kind == 'row':
            return a == 0 and within(b)
        if r['game'] != 'wythoff':
            return False
        if kind == 'diag':
            return a == b and within(a)
        return bool(r['mod']) and within(a) and within(b) and a != b and (a - b) % r['mod'] == 0
    if kind == 'heap':
        return a == 0 and b == 0 and np_ == p and h is not None and nh is not None and 0 <= nh < h
    if kind == 'pass':
        return a == 0 and b == 0 and nh == h and p is not None and p >= 1 and np_ == p - 1
    return False


def check_engine(srv, rng):
    cases = PAPERS + MORE
    per = 2 if SAN else 6 if BIG else 4
    legal_first = win_first = None
    n = nn = npp = 0
    missing = set()
    for rules in cases:
        pos = [(0, 0)] + [(rng.randrange(25), rng.randrange(25)) for _ in range(per)]
        for x, y in pos:
            p, h = random_side(rng, rules)
            seed = rng.randrange(1, 10 ** 6)
            rcv, v, msgv = cli_json('value', rules, x, y, *side_args(p, h))
            rcm, mv, msgm = cli_json('moves', rules, x, y, *side_args(p, h))
            got = api_ok(srv, 'engine', [('rules', rules), ('x', x), ('y', y), ('pass', p), ('heap', h),
                                         ('seed', seed)])
            where = '%s %d %d%s seed=%d' % (rules, x, y, ''.join(' %s' % a for a in side_args(p, h)), seed)
            missing |= {k for k in ENGINE_KEYS if k not in got}
            sp, sh = side_of(rules)
            pp = (sp if p is None else p) if sp else None
            hh = (sh if h is None else h) if sh else None
            if got.get('move') is not None and not legal_move(rules, x, y, pp, hh, got['move']):
                legal_first = legal_first or '%s: move %s breaks the rules (docs/rules.md)' % (where, got['move'])
            if rcv != 0 or rcm != 0:
                legal_first = legal_first or '%s: CLI value/moves exit %d/%d' % (where, rcv, rcm)
                continue
            n += 1
            m = got.get('move')
            if not mv['moves']:
                if m is not None or got.get('winning'):
                    legal_first = legal_first or '%s: no move exists, API %s' % (where, got)
                continue
            match = None
            for o in mv['moves']:
                if m and o['move'] == m.get('move') and o['to'] == m.get('to') \
                        and all(o.get(k) == m.get(k) for k in ('pass', 'heap')):
                    match = o
            if match is None:
                legal_first = legal_first or '%s: move %s is not among `wythoff moves` %s' % (where, m, mv['moves'])
                continue
            if v['outcome'] == 'N':
                nn += 1
                if not (match['winning'] and got.get('winning') is True):
                    win_first = win_first or '%s: N-position, API %s reaches value %s' % (where, got, match['value'])
            else:
                npp += 1
                if got.get('winning') is not False:
                    win_first = win_first or '%s: P-position, API %s' % (where, got)
            if got.get('outcome') != v['outcome'] or got.get('decided') is not True:
                win_first = win_first or '%s: outcome %s decided %s, `wythoff value` %s' % (
                    where, got.get('outcome'), got.get('decided'), v['outcome'])
    check('/api/engine: %d positions of %d rulesets: the move is one of `wythoff moves` (null where none is)'
          % (n, len(cases)), legal_first is None, legal_first)
    check('/api/engine: from %d N-positions a move to a P-position, "winning" true; from %d P-positions "winning" '
          'false; "outcome" that of `wythoff value`, "decided" true' % (nn, npp),
          win_first is None and nn > 0 and npp > 0, win_first or 'too few of each kind')
    got = api_ok(srv, 'engine', [('rules', 'wythoff'), ('x', 0), ('y', 0)])
    check('/api/engine wythoff 0 0: "move" null, "winning" false', got.get('move', 1) is None and got.get('winning') is False,
          got)
    check('/api/engine: the answer has the keys of docs/serve.md (%s)' % ', '.join(ENGINE_KEYS), not missing,
          'missing %s (an answer: %s)' % (sorted(missing), got))
    # huge positions: decided ones (the engine's move checked by the rules and `wythoff value` of the target),
    # and an undecided one (the fallback move, "decided" false, "outcome" null, "why")
    first = None
    k = 0
    undecided = [0]
    for rules in (['wythoff', 'wythoff+pass'] if SAN else ['wythoff', 'wythoff+pass', 'nim+pass', 'wythoff+terminal=2',
                                                          'wythoff+heap=1']):
        n = rng.randrange(10 ** 39, 10 ** 40)
        a, b = wythoff_pair(n)
        for x, y in ((a, b + 3), (b, a)):
            rcv, v, msgv = cli_json('value', rules, x, y)
            if rcv != 0:
                continue
            got = api_ok(srv, 'engine', [('rules', rules), ('x', x), ('y', y)])
            sp, sh = side_of(rules)
            pp, hh = (sp if sp else None), (sh if sh else None)
            m = got.get('move')
            k += 1
            if got.get('decided') is False:
                # the outcome may be known while no method finds a winning move: the fallback, said so
                undecided[0] += 1
                if m is None or not legal_move(rules, x, y, pp, hh, m) or not isinstance(got.get('why'), str) \
                        or got.get('outcome') not in (None, v['outcome']):
                    first = first or '%s %d %d: %s, `wythoff value` %s' % (rules, x, y, got, v)
                continue
            if m is None or not legal_move(rules, x, y, pp, hh, m) or got.get('outcome') != v['outcome']:
                first = first or '%s %d %d: %s, `wythoff value` %s' % (rules, x, y, got, v)
                continue
            side = side_args(m.get('pass'), m.get('heap'))
            rct, vt, msgt = cli_json('value', rules, m['to'][0], m['to'][1], *side)
            if rct == 0 and (vt['outcome'] == 'P') != (got.get('winning') is True):
                first = first or '%s %d %d: move %s reaches %s, "winning" %s' % (rules, x, y, m, vt['outcome'],
                                                                                 got.get('winning'))
            if v['outcome'] == 'N' and got.get('winning') is not True:
                first = first or '%s %d %d: N-position, not a winning move: %s' % (rules, x, y, got)
    check('/api/engine: %d positions of about 10^40: legal moves (docs/rules.md), outcome and "winning" as '
          '`wythoff value` says (%d with "decided" false: a fallback move and "why")' % (k, undecided[0]),
          first is None and k > undecided[0], first or 'no decided position')
    rc, out, err = cli('value', 'wythoff+heap=2', '10^30', '10^31')
    got = api_ok(srv, 'engine', [('rules', 'wythoff+heap=2'), ('x', '10^30'), ('y', '10^31')])
    m = got.get('move')
    check('/api/engine wythoff+heap=2 10^30 10^31 (undecided: `wythoff value` exits %d): a legal fallback move, '
          '"decided" false, "outcome" null, "why"' % rc,
          rc == 6 and m is not None and legal_move('wythoff+heap=2', 10 ** 30, 10 ** 31, None, 2, m)
          and got.get('decided') is False and got.get('outcome', 1) is None and isinstance(got.get('why'), str), got)


# ---------------------------------------------------------------- 3. tiles

PAL = None
GREY = (216, 216, 216)
WHITE = (255, 255, 255)


def heat(v, vmax):
    return PAL['seq'][min(v, vmax) * 255 // vmax]


def get_tile(srv, params):
    st, hd, data = request(srv, '/api/tile?' + query(params))
    if st != 200:
        raise Bad('/api/tile?%s: HTTP %d %s' % (query(params), st, data[:300]))
    if hd.get('content-type') != 'image/png':
        raise Bad('/api/tile?%s: content type %r' % (query(params), hd.get('content-type')))
    return data, imgcheck.read_png(data)


def tile_expect(z, tx, ty, value, psets, side):
    """The expected colours, rows top first (docs/serve.md, /api/tile):
    value(x, y); psets, one or two sets of P-positions: white, or with two the
    set colours of src/plot/palette.c for one only and white for both; side,
    the table's side: grey beyond."""
    n = 1 << z if z >= 0 else 1
    px = 1 << -z if z < 0 else 1
    span = (256 // px) * n
    x0, y0 = tx * span, ty * span
    vmax = (2048 << z) if z >= 0 else (2048 >> -z)
    xs = [x0 + (i // px) * n for i in range(256)]  # each column's first x
    colours = {}  # value -> its heat colour (the same function, asked once per value)
    # n cells a pixel (z > 0): a pixel's x and y are multiples of n, its cells
    # those of (x // n, y // n) in the grid of n x n blocks, cut at side
    assert n == 1 or (x0 % n == 0 and y0 % n == 0)
    blocks = [{(u // n, w // n) for (u, w) in ps if u < side and w < side} for ps in psets] if n > 1 else None
    rows = []
    for j in range(256):
        y = y0 + ((255 - j) // px) * n
        row = []
        for x in xs:
            if x >= side or y >= side:
                row.append(GREY)
                continue
            m = 0
            for k, ps in enumerate(psets):
                # one cell a pixel: the cell itself; else a P-position among
                # the cells u in [x, x + n), w in [y, y + n) below side
                hit = (x, y) in ps if n == 1 else (x // n, y // n) in blocks[k]
                if hit:
                    m |= 1 << k
            if m == 0:
                v = value(x, y)
                c = colours.get(v)
                if c is None:
                    c = colours[v] = heat(v, vmax)
                row.append(c)
            elif len(psets) == 1 or m == 3:
                row.append(WHITE)
            else:
                row.append(PAL['sets'][m - 1])
        rows.append(row)
    return rows


def tile_diff(png, want):
    if (png.width, png.height) != (256, 256):
        return 'size %dx%d, expected 256x256' % (png.width, png.height)
    nbad, first = 0, None
    for j in range(256):
        r = png.rows[j]
        if png.ctype == 3:
            got = [png.palette[b] for b in r]
        else:
            got = [tuple(r[3 * i:3 * i + 3]) for i in range(256)]
        for i in range(256):
            if got[i] != tuple(want[j][i]):
                nbad += 1
                if first is None:
                    first = 'pixel (%d, %d) (column, row from the top) %s, expected %s' % (i, j, got[i], tuple(want[j][i]))
    return '' if nbad == 0 else '%d of 65536 pixels differ; first %s' % (nbad, first)


def check_tiles(srv, table_side):
    global PAL
    PAL = imgcheck.load_palette()
    size = 512 if SAN else 1024
    vals = table_ref('wythoff', size, size)
    ps = wythoff_pset(size)
    zeros = {(x, y) for x in range(size) for y in range(size) if vals[x][y] == 0}
    check('reference: the P-positions of `wythoff table --size %d` are the Wythoff pairs (%d)' % (size, len(ps & zeros)),
          zeros == {(x, y) for (x, y) in ps if x < size and y < size}, 'they differ')
    value = lambda x, y: vals[x][y]  # noqa: E731
    side = table_side
    # zooms below, at and above 1 cell a pixel, at the origin and off it
    # (WY_TEST_BIG=1: three more tiles of the same zooms)
    cases = [(0, 0, 0), (-2, 0, 0), (1, 0, 0), (-2, 3, 1)] if SAN else \
        [(0, 0, 0), (0, 2, 1), (-2, 0, 0), (-2, 3, 1), (-5, 1, 2), (1, 0, 0), (1, 1, 0)] if BIG else \
        [(0, 0, 0), (-2, 3, 1), (-5, 1, 2), (1, 1, 0)]
    for z, tx, ty in cases:
        data, png = get_tile(srv, [('rules', 'wythoff'), ('z', z), ('tx', tx), ('ty', ty)])
        why = tile_diff(png, tile_expect(z, tx, ty, value, [ps], side))
        check('/api/tile wythoff z=%d tx=%d ty=%d: 256x256, heat colours of `wythoff table` (vmax %d), P-positions white,'
              ' y upward' % (z, tx, ty, (2048 << z) if z >= 0 else (2048 >> -z)), not why, why)
    # vmax given
    data, png = get_tile(srv, [('rules', 'wythoff'), ('z', 0), ('tx', 0), ('ty', 0), ('vmax', 100)])
    want = tile_expect(0, 0, 0, value, [ps], side)
    want = [[(heat(vals[i][255 - j], 100) if c != WHITE else c) for i, c in enumerate(row)] for j, row in enumerate(want)]
    why = tile_diff(png, want)
    check('/api/tile wythoff z=0 vmax=100: the heat colours scaled to 100', not why, why)
    # two rulesets: the set colours of wythoff only (1), wythoff+pass only (2), both (3)
    pv = table_ref('wythoff+pass', 512, 512)
    pps = {(x, y) for x in range(512) for y in range(512) if pv[x][y] == 0}
    for z, tx, ty in ([(0, 0, 0)] if SAN else [(0, 0, 0), (-1, 1, 0), (1, 0, 0)]):
        data, png = get_tile(srv, [('rules', 'wythoff'), ('b', 'wythoff+pass'), ('z', z), ('tx', tx), ('ty', ty)])
        why = tile_diff(png, tile_expect(z, tx, ty, value, [ps, pps], side))
        check('/api/tile wythoff b=wythoff+pass z=%d tx=%d ty=%d: P-positions of one in its set colour of '
              'src/plot/palette.c, of both white'
              % (z, tx, ty), not why, why)
    # a side state: wythoff+pass with no pass left, against `wythoff table --pass 0`
    pv0 = table_ref('wythoff+pass', 256, 256, 0)
    p0 = {(x, y) for x in range(256) for y in range(256) if pv0[x][y] == 0}
    data, png = get_tile(srv, [('rules', 'wythoff+pass'), ('pass', 0), ('z', 0), ('tx', 0), ('ty', 0)])
    why = tile_diff(png, tile_expect(0, 0, 0, lambda x, y: pv0[x][y], [p0], side))
    check('/api/tile wythoff+pass pass=0 z=0: the values of `wythoff table wythoff+pass --pass 0`', not why, why)
    check_tilevalues(srv, vals, ps, pps)
    # the cache: the same bytes again
    params = [('rules', 'wythoff'), ('z', -1), ('tx', 1), ('ty', 1)]
    a = get_tile(srv, params)[0]
    b = get_tile(srv, params)[0]
    c = get_tile(srv, params)[0]
    check('/api/tile: a tile asked three times is byte-identical (%d bytes)' % len(a), a == b == c, 'lengths %d %d %d'
          % (len(a), len(b), len(c)))
    # beyond table_side, bad zoom
    for params, what in (([('rules', 'wythoff'), ('z', 0), ('tx', table_side // 256), ('ty', 0)], 'tx beyond table_side'),
                         ([('rules', 'wythoff'), ('z', 0), ('tx', 0), ('ty', table_side // 256)], 'ty beyond table_side'),
                         ([('rules', 'wythoff'), ('z', -6), ('tx', 0), ('ty', 0)], 'z=-6'),
                         ([('rules', 'wythoff'), ('z', 17), ('tx', 0), ('ty', 0)], 'z=17'),
                         ([('rules', 'wythoff'), ('z', 'x'), ('tx', 0), ('ty', 0)], 'z=x'),
                         ([('rules', 'wythoff'), ('z', 0), ('tx', -1), ('ty', 0)], 'tx=-1'),
                         ([('rules', 'wythoff'), ('z', 0), ('tx', 0), ('ty', 0), ('vmax', 0)], 'vmax=0')):
        st, e, _, hd = api(srv, 'tile', params)
        why = error_shape(st, e, hd, 400, 2)
        check('/api/tile %s: 400 with status 2' % what, not why, why)


def check_tilevalues(srv, vals, ps, pps):
    """/api/tilevalues (the values and marks of a tile, docs/serve.md), /api/palette
    (the colours of src/plot/palette.c), and the cache of values without the
    colour: a new vmax colours a cached tile's values (X-Wythoff-Tile)."""
    st, pal, _, _ = api(srv, 'palette')
    want = {'heat': [list(c) for c in PAL['seq']], 'sets': [list(c) for c in PAL['sets'][:2]],
            'p': [255, 255, 255], 'beyond': [216, 216, 216]}
    check('/api/palette: the heat scale and set colours of src/plot/palette.c', st == 200 and pal == want,
          'HTTP %d %s' % (st, str(pal)[:200]))
    for z, tx, ty, b in ((-1, 1, 0, None), (0, 1, 1, 'wythoff+pass')):
        params = [('rules', 'wythoff'), ('z', z), ('tx', tx), ('ty', ty)] + ([('b', b)] if b else [])
        got = []
        for _ in range(2):
            st, hd, data = request(srv, '/api/tilevalues?' + query(params))
            got.append((st, hd.get('x-wythoff-tile'), hd.get('content-type'), data))
        n = 1 << z if z >= 0 else 1
        px = 1 << -z if z < 0 else 1
        span = (256 // px) * n
        sets = [ps] + ([pps] if b else [])
        bad = []
        data = got[0][3]
        if len(data) != 5 * 65536:
            bad.append('%d bytes' % len(data))
        else:
            for j in range(0, 256, 3 if not SAN else 17):
                y = ty * span + ((255 - j) // px) * n
                for i in range(256):
                    x = tx * span + (i // px) * n
                    k = j * 256 + i
                    v = int.from_bytes(data[4 * k:4 * k + 4], 'little')
                    m = 0
                    for q, pset in enumerate(sets):
                        if any((u, w) in pset for u in range(x, x + n) for w in range(y, y + n)):
                            m |= 1 << q
                    if v != vals[x][y] or data[4 * 65536 + k] != m:
                        bad.append('pixel (%d, %d): value %d mark %d, expected %d %d' % (i, j, v, data[4 * 65536 + k], vals[x][y], m))
        check('/api/tilevalues %s: the values of `wythoff table` (little-endian), then the P marks; computed, then from the cache'
              % query(params), not bad and got[0][:3] == (200, 'computed', 'application/octet-stream') and
              got[1][:2] == (200, 'cache') and got[1][3] == data, '%s; %s' % (bad[:3], [g[:3] for g in got]))
    # another top of the scale: the cached values coloured again, not read from the table
    base = [('rules', 'wythoff'), ('z', -1), ('tx', 0), ('ty', 1)]
    heads = []
    for vmax in (300, 77, 77):
        st, hd, data = request(srv, '/api/tile?' + query(base + [('vmax', vmax)]))
        heads.append(hd.get('x-wythoff-tile'))
    want = tile_expect(-1, 0, 1, lambda x, y: vals[x][y], [ps], 1 << 30)
    want = [[(heat(vals[i // 2][128 + (255 - j) // 2], 77) if c != WHITE else c) for i, c in enumerate(row)]
            for j, row in enumerate(want)]
    why = tile_diff(imgcheck.read_png(data), want)
    check('/api/tile z=-1 with vmax 300, then 77: the values computed once, coloured again (X-Wythoff-Tile %s)'
          % ', '.join(map(str, heads)), heads == ['computed', 'values cache', 'cache'] and not why, why or str(heads))
    st, e, _, hd = api(srv, 'tilevalues', [('rules', 'wythoff'), ('z', 0), ('tx', 0), ('ty', 0), ('vmax', 5)])
    why = error_shape(st, e, hd, 400, 2)
    check('/api/tilevalues takes no vmax: 400 with status 2', not why, why)


def check_tiles_grey(srv):
    """A server with table_side 1024: a zoom-3 tile covers 2048 positions a side,
    the part beyond 1024 grey."""
    info = api_ok(srv, 'info')
    side = info['limits']['table_side']
    if not check('/api/info with --mem-limit 16M: table_side 1024', side == 1024, info):
        return
    vals = table_ref('wythoff', 1024, 1024) if not SAN else None
    ps = wythoff_pset(1024)
    data, png = get_tile(srv, [('rules', 'wythoff'), ('z', 3), ('tx', 0), ('ty', 0)])
    if SAN:  # the grey parts only
        want = tile_expect(3, 0, 0, lambda x, y: 0, [ps], side)
        got_rows = [[tuple(png.rows[j][3 * i:3 * i + 3]) for i in range(256)] for j in range(256)]
        bad_px = [(i, j) for j in range(256) for i in range(256) if (want[j][i] == GREY) != (got_rows[j][i] == GREY)]
        check('/api/tile z=3 on a 1024 table: grey exactly beyond x, y >= 1024', not bad_px, '%d pixels, first %s'
              % (len(bad_px), bad_px[:3]))
    else:
        why = tile_diff(png, tile_expect(3, 0, 0, lambda x, y: vals[x][y], [ps], side))
        check('/api/tile z=3 on a 1024 table: grey beyond x, y >= 1024, 8x8 blocks (corner value, white with a '
              'P-position) inside', not why, why)


# ---------------------------------------------------------------- 4. errors, HTTP

def check_errors(srv):
    cases = [
        # (name, endpoint, params, CLI args for the same mistake or None, HTTP, substring)
        ('a bad ruleset', 'value', [('rules', 'wythoff+bogus'), ('x', 1), ('y', 2)], ['value', 'wythoff+bogus', 1, 2]),
        ('an unknown game', 'value', [('rules', 'chomp'), ('x', 1), ('y', 2)], ['value', 'chomp', 1, 2]),
        ('a bad ruleset (moves, literal +)', 'moves', [('rules', 'wythoff+max=0'), ('x', 1), ('y', 2)],
         ['moves', 'wythoff+max=0', 1, 2]),
        ('a bad number', 'value', [('rules', 'wythoff'), ('x', 'abc'), ('y', 2)], ['value', 'wythoff', 'abc', 2]),
        ('a negative number', 'moves', [('rules', 'wythoff'), ('x', 1), ('y', '-7')], ['moves', 'wythoff', 1, '-7']),
        ('a number too large', 'value', [('rules', 'wythoff'), ('x', '1e999999'), ('y', 2)],
         ['value', 'wythoff', '1e999999', 2]),
        ('pass= on a ruleset without pass', 'value', [('rules', 'wythoff'), ('x', 1), ('y', 2), ('pass', 1)],
         ['value', 'wythoff', 1, 2, '--pass', 1]),
        ('pass above the ruleset\'s passes', 'value', [('rules', 'wythoff+pass'), ('x', 1), ('y', 2), ('pass', 2)],
         ['value', 'wythoff+pass', 1, 2, '--pass', 2]),
        ('heap= on a ruleset without heap', 'moves', [('rules', 'nim+pass'), ('x', 1), ('y', 2), ('heap', 1)],
         ['moves', 'nim+pass', 1, 2, '--heap', 1]),
        ('heap above the ruleset\'s heap', 'value', [('rules', 'wythoff+heap=1'), ('x', 1), ('y', 2), ('heap', 2)],
         ['value', 'wythoff+heap=1', 1, 2, '--heap', 2]),
        ('a bad pass number', 'value', [('rules', 'wythoff+pass'), ('x', 1), ('y', 2), ('pass', 'one')],
         ['value', 'wythoff+pass', 1, 2, '--pass', 'one']),
        ('a missing parameter', 'value', [('rules', 'wythoff'), ('x', 1)], None, "missing parameter 'y'"),
        ('a missing ruleset', 'moves', [('x', 1), ('y', 1)], None, "missing parameter 'rules'"),
        ('an unknown parameter', 'value', [('rules', 'wythoff'), ('x', 1), ('y', 2), ('colour', 'red')], None,
         "unknown parameter 'colour'"),
        ('an unknown parameter on /api/info', 'info', [('verbose', 1)], None, "unknown parameter 'verbose'"),
        ('a bad job name', 'value', [('rules', 'wythoff'), ('x', 1), ('y', 2), ('job', 'a/b')], None, 'job'),
        ('a job name of 33 characters', 'value', [('rules', 'wythoff'), ('x', 1), ('y', 2), ('job', 'j' * 33)], None,
         'job'),
        ('a bad ruleset in /api/table', 'table', [('rules', 'wythoff+mod=0')], ['table', 'wythoff+mod=0', '--size', 4]),
        ('a bad ruleset in /api/ppos', 'ppos', [('rules', 'wythoff+pass=0')], ['ppos', 'wythoff+pass=0']),
        ('a bad ruleset in /api/period', 'period', [('rules', 'nim+heap=0')], ['period', 'nim+heap=0']),
        ('a bad ruleset in /api/tile', 'tile', [('rules', 'wythoff+'), ('z', 0), ('tx', 0), ('ty', 0)],
         ['table', 'wythoff+', '--size', 4]),
        ('a bad ruleset b in /api/compare', 'compare', [('a', 'wythoff'), ('b', 'nim+heap=x'), ('size', 4)],
         ['value', 'nim+heap=x', 1, 1]),
        ('a bad ruleset in /api/rules', 'rules', [('rules', 'wythoff+pass+pass')], ['value', 'wythoff+pass+pass', 1, 1]),
    ]
    for c in cases:
        name, ep, params, cargs = c[:4]
        st, e, raw, hd = api(srv, ep, params, '+' if 'literal +' in name else '%2B')
        why = error_shape(st, e, hd, 400, 2)
        if not why and cargs is not None:
            rc, out, err = cli(*cargs)
            want = as_api_msg(cli_msg(err))
            if rc != 2:
                why = 'the CLI `wythoff %s` exits %d, not 2' % (' '.join(map(str, cargs)), rc)
            elif e['error'] != want:
                why = 'message %r; the CLI `wythoff %s` says %r' % (e['error'], ' '.join(map(str, cargs)), want)
        if not why and cargs is None and c[4] not in e['error']:
            why = 'message %r does not name %r' % (e['error'], c[4])
        check('/api/%s with %s: 400 {"error", "status": 2}%s' % (ep, name, ', the command line\'s message'
                                                                 if cargs else ''), not why, why)
    for path in ('/api/nope', '/api/', '/api', '/api/value/', '/api/VALUE?rules=wythoff&x=1&y=1'):
        st, hd, data = request(srv, path)
        try:
            e = json.loads(data)
        except ValueError:
            e = None
        why = error_shape(st, e, hd, 404, 2)
        check('GET %s: 404 {"error", "status": 2}' % path, not why, why)


def check_http(srv):
    # the fixed list of static files: each file of web/ at /NAME (index.html
    # at /), its bytes with the type of its extension (a JavaScript type for
    # the ES modules, or the browser refuses them)
    web = os.path.join(HERE, '..', '..', 'web')
    types = {'.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css'}
    refs = {}  # path -> the file of web/ that names it
    for name in sorted(n for n in os.listdir(web) if not n.startswith('.')):
        path = '/' if name == 'index.html' else '/' + name
        typ = types.get(os.path.splitext(name)[1], '?')
        with open(os.path.join(web, name), 'rb') as f:
            want = f.read()
        st, hd, data = request(srv, path)
        check('GET %s: 200, %s, the %d bytes of web/%s' % (path, typ, len(want), name),
              st == 200 and typ in hd.get('content-type', '') and data == want,
              'HTTP %d, content type %r, %d bytes' % (st, hd.get('content-type'), len(data)))
        for ref in re.findall(r'''(?:\bsrc=|\bhref=|\bfrom |\bimport )["'](\.?/[\w.-]+)["']''', want.decode()):
            refs.setdefault('/' + ref.lstrip('./'), name)
    # what the page loads (index.html's script and style, the modules' imports)
    for path, name in sorted(refs.items()):
        st, hd, data = request(srv, path)
        check('GET %s (named by web/%s): 200' % (path, name), st == 200, 'HTTP %d' % st)
    st, hd, data = request(srv, '/')
    check('GET /: an HTML page', b'<html' in data.lower() or b'<!doctype html' in data.lower(), data[:200])
    # no path reaches the file system
    for path in ('/../etc/passwd', '/%2e%2e/etc/passwd', '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '/web/app.js',
                 '/app.js/../../x', '/index.html', '//etc/passwd', '/../../../../../../etc/passwd',
                 '/api/../app.js', '/static/app.js', '/web/index.html', '/Makefile', '/docs/serve.md', '/.git/config',
                 '/%2fetc%2fpasswd', '/app.js?../../etc/passwd=1'):
        st, hd, data = request(srv, path)
        if path.startswith('/app.js?'):  # the query does not change the path
            check('GET %s (raw): app.js (a query aside)' % path, st == 200 and data == request(srv, '/app.js')[2],
                  'HTTP %d' % st)
            continue
        check('GET %s (raw): 404, nothing of a file' % path,
              st == 404 and b'root:' not in data and b'function' not in data and b'[core]' not in data,
              'HTTP %d, %r' % (st, data[:200]))
    # an encoded NUL ends the decoded path inside the HTTP library: /app.js%00
    # may read as /app.js, but no other content than the fixed file's
    st, hd, data = request(srv, '/app.js%00/../../etc/passwd')
    check('GET /app.js%00/../../etc/passwd (raw): 400 (a NUL byte in the path), nothing of a file',
          st == 400 and b'NUL' in data and b'root:' not in data and b'function' not in data,
          'HTTP %d, %r' % (st, data[:200]))
    # methods
    st, hd, data = request(srv, '/api/info', 'POST', body=b'x=1&y=2', headers={'Content-Type': 'text/plain'})
    e = json.loads(data) if data.startswith(b'{') else None
    why = error_shape(st, e, hd, 413, 2)
    check('POST /api/info with a body: 413 {"error", "status": 2}', not why, why)
    st, hd, data = request(srv, '/api/value?rules=wythoff&x=1&y=2', 'POST', body=b'a' * 5000)
    check('POST /api/value with a body of 5000 bytes: 413', st == 413, 'HTTP %d %r' % (st, data[:200]))
    c = http.client.HTTPConnection('127.0.0.1', srv.port, timeout=HTTP_TIMEOUT)
    try:
        c.putrequest('POST', '/api/info')
        c.putheader('Transfer-Encoding', 'chunked')
        c.endheaders()
        c.send(b'5\r\nhello\r\n0\r\n\r\n')
        r = c.getresponse()
        st = r.status
        r.read()
    finally:
        c.close()
    check('POST /api/info with a chunked body: 413', st == 413, 'HTTP %d' % st)
    for m in ('PUT', 'DELETE', 'OPTIONS', 'PATCH'):
        st, hd, data = request(srv, '/api/info', m)
        e = json.loads(data) if data.startswith(b'{') else None
        why = error_shape(st, e, hd, 405, 2)
        check('%s /api/info: 405 {"error", "status": 2}' % m, not why, why)
    st, hd, data = request(srv, '/', 'DELETE')
    check('DELETE /: 405', st == 405, 'HTTP %d' % st)
    for path in ('/', '/api/info'):
        st, hd, data = request(srv, path, 'HEAD')
        check('HEAD %s: 200, no body' % path, st == 200 and data == b'', 'HTTP %d, %d bytes' % (st, len(data)))
    # too large requests: 414 or 431 as JSON, then the server still answers
    for what, path, headers, code in (
            ('a query of 20 KiB', '/api/info?' + 'a' * 20480, {}, 414),
            ('a query of 20 KiB in a parameter', '/api/value?rules=wythoff&x=1&y=' + '7' * 20480, {}, 414),
            ('a header of 20 KiB', '/api/info', {'X-Big': 'b' * 20480}, 431),
            ('100 headers of 200 bytes', '/api/info', {'X-H%d' % i: 'h' * 200 for i in range(100)}, 431)):
        try:
            st, hd, data = request(srv, path, headers=headers)
            e = json.loads(data) if data.startswith(b'{') else None
            why = error_shape(st, e, hd, code, 2)
            if not why and ('16384' not in e['error'] or 'more than' not in e['error']):
                why = 'message %r does not give the limit' % e['error']
        except (ConnectionError, http.client.HTTPException, socket.timeout) as ex:
            why = 'no answer: %r' % ex
        st2, js, _, _ = api(srv, 'info')
        check('%s: %d {"error", "status": 2} naming the limit 16384, and the server answers afterwards'
              % (what, code), not why and st2 == 200, why or 'then /api/info: HTTP %d' % st2)
    # a connection that sends half a request and goes away; a garbage request line
    s = socket.create_connection(('127.0.0.1', srv.port), timeout=10)
    s.sendall(b'GET /api/info HTTP/1.1\r\nHost: x\r\n')
    s.close()
    s = socket.create_connection(('127.0.0.1', srv.port), timeout=10)
    s.sendall(b'\x00\x01\x02 garbage \xff\r\n\r\n')
    s.settimeout(1)
    try:
        s.recv(4096)
    except OSError:
        pass
    s.close()
    st, js, _, _ = api(srv, 'info')
    check('a half request and a garbage request line: the server answers afterwards', st == 200, 'HTTP %d' % st)


def check_undecided(srv):
    cands = [('wythoff+heap=2', '10^30', '10^31'), ('wythoff+pass=2', '10^30', '10^31'),
             ('wythoff+max=3+heap=2+pass', '10^30', '10^31'), ('wythoff+max=3+heap=2', '10^30', '10^31')]
    for rules, x, y in cands:
        rc, out, err = cli('value', rules, x, y)
        if rc == 6:
            st, e, raw, hd = api(srv, 'value', [('rules', rules), ('x', x), ('y', y)])
            why = error_shape(st, e, hd, 422, 6) or ('' if e['error'] == cli_msg(err) else
                                                     'message %r, CLI %r' % (e['error'], cli_msg(err)))
            check('/api/value %s %s %s (the CLI exits 6): 422 with status 6 and the CLI\'s message' % (rules, x, y),
                  not why, why)
            return
    bad('/api/value undecided', 'none of %s is undecided for the CLI (exit 6): pick another' % (cands,))


# ---------------------------------------------------------------- the small server: memory

def check_memory(srv):
    info = api_ok(srv, 'info')
    lim = info.get('limits', {})
    check('/api/info with --mem-limit 1M --threads 3: mem_limit 1048576, threads 3, tile 256, timeout 60',
          lim.get('mem_limit') == 1048576 and lim.get('threads') == 3 and lim.get('tile') == 256
          and lim.get('timeout') == 60 and 'version' in info and 'window_cells' in lim and 'table_side' in lim, info)
    # (wythoff+pass is decided at every size by the value-1 automaton:
    # wythoff+heap=2 still needs the layer engine's value layers here)
    same = [('value', [('rules', 'wythoff+heap=2'), ('x', 100000000), ('y', 161803398)],
             ['value', 'wythoff+heap=2', 100000000, 161803398]),
            ('moves', [('rules', 'wythoff+heap=2'), ('x', 100000000), ('y', 161803398)],
             ['moves', 'wythoff+heap=2', 100000000, 161803398]),
            ('compare', [('a', 'wythoff'), ('b', 'wythoff+pass'), ('size', 30000)],
             ['compare', 'wythoff', 'wythoff+pass', '--size', 30000]),
            ('period', [('rules', 'nim+pass'), ('rows', 40)], ['period', 'nim+pass', '--rows', 40])]
    for ep, params, cargs in same:
        rc, out, err = cli(*(cargs + ['--mem-limit', '1M']))
        st, e, raw, hd = api(srv, ep, params)
        why = error_shape(st, e, hd, 507, 3)
        if not why:
            if rc != 3:
                why = 'the CLI `wythoff %s --mem-limit 1M` exits %d, not 3' % (' '.join(map(str, cargs)), rc)
            elif e['error'] != as_api_msg(cli_msg(err)):
                why = 'message %r; the CLI says %r' % (e['error'], cli_msg(err))
        check('/api/%s?%s with --mem-limit 1M: 507 with status 3 and the message of `wythoff %s --mem-limit 1M`'
              % (ep, query(params), ' '.join(map(str, cargs))), not why, why)
    for ep, params in (('table', [('rules', 'wythoff'), ('rows', 16), ('cols', 16)]),
                       ('tile', [('rules', 'wythoff+pass'), ('z', 0), ('tx', 0), ('ty', 0)]),
                       ('compare', [('a', 'wythoff'), ('b', 'wythoff+pass'), ('size', 5000)])):
        st, e, raw, hd = api(srv, ep, params)
        why = error_shape(st, e, hd, 507, 3)
        if not why:
            m = re.search(r'needs about ([0-9.]+) (B|KiB|MiB|GiB|TiB)', e['error'])
            mult = {'B': 1, 'KiB': 1 << 10, 'MiB': 1 << 20, 'GiB': 1 << 30, 'TiB': 1 << 40}
            if not m or float(m.group(1)) * mult[m.group(2)] <= 1 << 20 or '1 MiB' not in e['error']:
                why = 'message %r does not give an estimate above the limit and the limit 1 MiB' % e['error']
        check('/api/%s?%s with --mem-limit 1M: 507 with status 3, the estimate and the limit in the message'
              % (ep, query(params)), not why, why)
    st, js, _, _ = api(srv, 'value', [('rules', 'wythoff'), ('x', 3), ('y', 5)])
    check('--mem-limit 1M: a small request still answers', st == 200 and js and js.get('value') == 0, js)


def check_port_in_use(port):
    p = subprocess.run([SERVER, 'serve', '--port', str(port), '--quiet'], stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, timeout=60)
    err = p.stderr.decode()
    check('serve --port %d (in use): exit 2 with a message' % port,
          p.returncode == 2 and err.startswith('wythoff: ') and str(port) in err and not p.stdout,
          'exit %d, stdout %r, stderr %r' % (p.returncode, p.stdout[:200], err[:300]))


def check_bad_options():
    for args, sub in ((['--bind', '999.1.2.3'], '999.1.2.3'), (['--bind', 'localhost'], 'localhost'),
                      (['--bind', ''], '--bind'), (['--port', '70000'], '--port'), (['--port', 'x'], '--port'),
                      (['--timeout', '0'], '--timeout'), (['--bind', '192.0.2.1'], '192.0.2.1')):
        try:
            p = subprocess.run([SERVER, 'serve', '--port', '0', '--quiet'] + args if args[0] != '--port'
                               else [SERVER, 'serve', '--quiet'] + args, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, timeout=30,
                               preexec_fn=_pdeathsig)
            rc, out, err = p.returncode, p.stdout.decode(), p.stderr.decode()
        except subprocess.TimeoutExpired:
            rc, out, err = 'still running after 30 s', '', ''
        check('serve %s: exit 2 with a message naming %r' % (' '.join(a if a else "''" for a in args), sub),
              rc == 2 and err.startswith('wythoff: ') and sub in err and not out,
              'exit %s, stdout %r, stderr %r' % (rc, out[:200], err[:300]))


# ---------------------------------------------------------------- the timer server: timeouts, progress

def check_timeout(srv):
    for ep, params in (('period', [('rules', 'nim+pass'), ('rows', 40)]),
                       ('compare', [('a', 'wythoff'), ('b', 'wythoff+pass'), ('size', 12000)])):
        st, e, raw, hd = api(srv, ep, params)
        why = error_shape(st, e, hd, 503, 130)
        if not why and '--timeout' not in e['error']:
            why = 'message %r does not name --timeout' % e['error']
        st2, js, _, _ = api(srv, 'value', [('rules', 'wythoff'), ('x', 3), ('y', 5)])
        check('/api/%s?%s with a short --timeout: 503 with status 130, then the server answers the next request'
              % (ep, query(params)), not why and st2 == 200, why or 'the next request: HTTP %d' % st2)


def check_progress(srv, job):
    res = {}

    def run():
        try:
            res['answer'] = api(srv, 'period', [('rules', 'nim+pass'), ('rows', 40), ('job', job)])
        except Exception as ex:  # reported below
            res['error'] = repr(ex)

    t = threading.Thread(target=run)
    t.start()
    time.sleep(0.2)  # the request in its handler first (see check_no_blocking)
    seen, polls, last = None, 0, None
    while t.is_alive():
        try:
            st, js, raw, _ = api(srv, 'progress', [('job', job)])
        except Exception as ex:
            st, js = 0, repr(ex)
        polls += 1
        last = js
        if st == 200 and js and js.get('running') is True and js.get('total', 0) > 0 \
                and 0 <= js.get('done', -1) <= js['total'] and js.get('job') == job:
            seen = seen or js
        time.sleep(0.05)
    t.join()
    ans = res.get('answer')
    check('/api/progress?job=%s while /api/period?...&job=%s runs: running true with 0 <= done <= total, total > 0'
          % (job, job), seen is not None, 'not seen in %d polls (last %s)' % (polls, last))
    check('/api/period?...&job=%s: 503 (the --timeout) after it ran' % job, ans is not None and ans[0] == 503,
          res.get('error') or (ans[0], ans[2][:200]) if ans else res)
    after = [api(srv, 'progress', [('job', job)])[1] for _ in range(3)]
    check('/api/progress?job=%s after the request ended: running false' % job,
          all(a and a.get('running') is False for a in after), 'three polls: %s' % after)
    never = api(srv, 'progress', [('job', 'never-started-%d' % SEED)])[1]
    check('/api/progress of a job name never used: running false', never and never.get('running') is False, never)
    st, e, _, hd = api(srv, 'progress', [])
    why = error_shape(st, e, hd, 400, 2)
    check('/api/progress without job: 400', not why, why)


def check_no_blocking(srv):
    """Nine connections opened at once, a long request (cut by --timeout) sent
    on the first and /api/info on the others: every /api/info is answered
    before the long one ends (an idle pool thread answers it; a pool thread
    that accepted several connections must not keep the others waiting behind
    a computation).  Up to four tries (one under a sanitizer), stopping at
    the first wrong one: where the server has the fault, about two tries in
    three show it."""
    def send(so, path):
        so.sendall(('GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' % path).encode())

    def read(so, done, k):
        data = b''
        try:
            while True:
                c = so.recv(65536)
                if not c:
                    break
                data += c
        except OSError:
            pass
        done[k] = (time.monotonic(), data)

    tries = 0
    why = None
    for tries in range(1, 2 if SAN else 5):
        socks = [socket.create_connection(('127.0.0.1', srv.port), timeout=HTTP_TIMEOUT) for _ in range(9)]
        time.sleep(0.05)
        send(socks[0], '/api/period?rules=nim%2Bpass&rows=40')
        for so in socks[1:]:
            send(so, '/api/info')
        done = {}
        ts = [threading.Thread(target=read, args=(so, done, k)) for k, so in enumerate(socks)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        for so in socks:
            so.close()
        long_end, long_data = done[0]
        late = [k for k in range(1, 9) if done[k][0] >= long_end]
        bad_ans = [k for k in range(1, 9) if not done[k][1].startswith(b'HTTP/1.1 200')]
        if not long_data.startswith(b'HTTP/1.1 503'):
            why = 'try %d: the long request answered %r, not 503' % (tries, long_data[:40])
        elif late or bad_ans:
            why = ('try %d: %d of 8 quick requests (/api/info) were answered only after the long request ended '
                   '(HTTP %s), %d not answered with 200: they waited behind the computation on the pool thread that '
                   'accepted them' % (tries, len(late), [done[k][1][9:12].decode(errors='replace') for k in late],
                                      len(bad_ans)))
        if why:
            break
    check('/api/info sent with a long request (9 connections opened at once): answered while the long one runs '
          '(%d tries)' % tries, why is None, why)


def check_stop_busy(srv, sig, ep, params):
    """Stop srv with sig while a long request runs (a second after it was
    sent; 1.5 under a sanitizer): the request gets 503 or its connection
    closes."""
    res = {}

    def run():
        try:
            res['answer'] = api(srv, ep, params)
        except Exception as ex:
            res['closed'] = repr(ex)

    t = threading.Thread(target=run)
    t.start()
    time.sleep(1.5 if SAN else 1)
    running = t.is_alive()
    check_stopped(srv, sig)
    t.join(STOP_WAIT + 5)
    ans = res.get('answer')
    ok_ans = (ans is not None and ans[0] == 503 and ans[1] and ans[1].get('status') == 130) or 'closed' in res
    check('server %s: the request running at %s (/api/%s) gets 503 with status 130 or a closed connection'
          % (srv.name, signal.Signals(sig).name, ep), ok_ans and not t.is_alive() and running,
          'still running before the signal: %s; answer %s' % (running, (ans[0], ans[2][:200]) if ans else res))


# ---------------------------------------------------------------- 7. hostile clients (issue 26)

def raw_request(port, data, source=None, timeout=10):
    """Send data as it is; (HTTP status or 0, the answer's bytes)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    try:
        if source:
            s.bind((source, 0))
        s.connect(('127.0.0.1', port))
        s.sendall(data)
        got = b''
        while True:
            try:
                c = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not c:
                break
            got += c
    finally:
        s.close()
    m = re.match(rb'HTTP/1\.[01] (\d{3})', got)
    return (int(m.group(1)) if m else 0), got


def json_of(data):
    """The JSON body of an answer (bytes with headers), strictly UTF-8, or None."""
    body = data.split(b'\r\n\r\n', 1)[1] if b'\r\n\r\n' in data else data
    try:
        return json.loads(body.decode('utf-8', errors='strict'))
    except (ValueError, UnicodeDecodeError):
        return None


def check_hostile_numbers(srv):
    """Numbers are bounded by the request's size (16384 digits) before they
    are computed: A^B by digits(A) * B, AeB by digits(A) + B."""
    for x, est in (('99999999999^100000', 'up to 1100000 digits'), ('9^16385', 'up to 16385 digits'),
                   ('1e16384', '16385 digits'), ('1234567890123^2000', 'up to 26000 digits')):
        t0 = time.monotonic()
        st, e, raw, hd = api(srv, 'value', [('rules', 'wythoff'), ('x', x), ('y', 1)])
        dt = time.monotonic() - t0
        why = error_shape(st, e, hd, 400, 2)
        if not why and not (est in e['error'] and 'at most 16384' in e['error'] and "x '%s'" % x in e['error']):
            why = 'message %r does not say %r and the bound' % (e['error'], est)
        check('/api/value x=%s: 400 before computing it (%s; at most 16384), %d bytes of answer'
              % (x, est, len(raw)), not why and len(raw) < 300, why or 'answer of %d bytes after %.1f s' % (len(raw), dt))
    # within the bound: (m, m), m = 9^16384 (15635 digits), an N-position (the
    # diagonal move to (0, 0)), the number read exactly
    m = str(9 ** 16384)
    st, js, raw, _ = api(srv, 'value', [('rules', 'wythoff'), ('x', '9^16384'), ('y', '9^16384')])
    check('/api/value x=y=9^16384 (at most 16384 digits): 200, N-position, x and y the %d digits of 9^16384'
          % len(m), st == 200 and js and js.get('outcome') == 'N' and js.get('x') == m and js.get('y') == m,
          'HTTP %d %r' % (st, raw[:200]))


def check_hostile_params(srv):
    """Parameters: a NUL byte, invalid UTF-8, one given twice: 400; more than
    32: 414; all as JSON, never echoing the bad bytes."""
    cases = [
        ('rules=wythoff%00%2Bpass (a NUL byte)', '/api/value?rules=wythoff%00%2Bpass&x=1&y=2', "parameter 'rules' holds a NUL byte"),
        ('x=1%002 (a NUL byte in a number)', '/api/value?rules=wythoff&x=1%002&y=2', "parameter 'x' holds a NUL byte"),
        ('a NUL byte in a name', '/api/value?rules=wythoff&x%00=1&y=2', 'name holds a NUL byte'),
        ('x=%ff (not UTF-8)', '/api/value?rules=wythoff&x=%ff&y=2', "parameter 'x' is not valid UTF-8"),
        ('x=%c0%af (an overlong form)', '/api/value?rules=wythoff&x=%c0%af&y=2', "parameter 'x' is not valid UTF-8"),
        ('x=%ed%a0%80 (a surrogate)', '/api/value?rules=wythoff&x=%ed%a0%80&y=2', "parameter 'x' is not valid UTF-8"),
        ('rules=%f4%90%80%80 (above U+10FFFF)', '/api/rules?rules=%f4%90%80%80', "parameter 'rules' is not valid UTF-8"),
        ('%fe=1 (a name not UTF-8)', '/api/info?%fe=1', 'name is not valid UTF-8'),
        ('x given twice', '/api/value?rules=wythoff&x=1&y=2&x=3', "parameter 'x' given more than once"),
        ('rules given twice, the same', '/api/rules?rules=wythoff&rules=wythoff', "parameter 'rules' given more than once"),
        ('job given twice', '/api/value?rules=wythoff&x=1&y=2&job=a&job=b', "parameter 'job' given more than once"),
    ]
    for name, path, sub in cases:
        st, hd, data = request(srv, path)
        try:
            e = json.loads(data.decode('utf-8', errors='strict'))
        except (ValueError, UnicodeDecodeError):
            e = None
        why = error_shape(st, e, hd, 400, 2)
        if not why and sub not in e['error']:
            why = 'message %r does not say %r' % (e['error'], sub)
        check('%s: 400 {"error", "status": 2} in UTF-8 (%s)' % (name, sub), not why, why)
    # valid UTF-8 in a bad number: quoted, cut at 40 bytes on a character's boundary, valid JSON
    x = '\u00e9' * 30
    st, e, raw, hd = api(srv, 'value', [('rules', 'wythoff'), ('x', x), ('y', 2)])
    try:
        raw.decode('utf-8', errors='strict')
        utf8 = True
    except UnicodeDecodeError:
        utf8 = False
    why = error_shape(st, e, hd, 400, 2) or ('' if utf8 and "bad x '" + '\u00e9' * 20 + "...'" in e['error']
                                             else 'answer %r' % raw[:200])
    check('x = 30 x U+00E9 (60 bytes): 400, the text quoted up to 40 bytes whole characters, the answer UTF-8',
          not why, why)
    for n in (33, 230, 2000, 8000):
        path = '/api/value?rules=wythoff&x=1&y=2&' + '&'.join('p%d=1' % i if n < 1000 else 'a' for i in range(n - 3))
        try:
            st, hd, data = request(srv, path)
            e = json.loads(data) if data.startswith(b'{') else None
            why = error_shape(st, e, hd, 414, 2)
            if not why and ('too many parameters: %d (at most 32)' % n) not in e['error']:
                why = 'message %r' % e['error']
        except (ConnectionError, http.client.HTTPException, socket.timeout) as ex:
            why = 'no answer: %r' % ex
        check('%d parameters (%d bytes): 414 {"error", "status": 2} "too many parameters: %d (at most 32)"'
              % (n, len(path), n), not why, why)
    st, js, _, _ = api(srv, 'value', [('rules', 'wythoff'), ('x', 3), ('y', 5)])
    check('after the hostile parameters: /api/value answers', st == 200 and js.get('value') == 0, js)


def check_hostile_log_input(srv):
    """Requests whose target holds control characters and newlines (decoded
    and raw); their log lines are checked when the server stops."""
    request(srv, '/api/va%0Alue%0D%1b[31m?rules=wythoff')
    request(srv, '/api/value?rules=wythoff%0A%1b[2J&x=1&y=2')
    raw_request(srv.port, b'GET /api/info?a=\x1b[31m\x01\x7f HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    raw_request(srv.port, b'GET /\xff\xfe\x08 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')


def check_log_clean(srv, name):
    """srv stopped: every line of its log starts with the tool's name and holds
    printable ASCII only."""
    log = srv.stderr()
    bad_lines = [l for l in log.split('\n')[:-1]
                 if not (l.startswith('wythoff serve: ') or l.startswith('wythoff: ')) or
                 any(c < ' ' or c > '~' for c in l)]
    check('server %s: every log line "wythoff serve: ..." in printable ASCII (the clients\' control characters and '
          'newlines escaped)' % name, not bad_lines and log.endswith('\n'), [l[:200] for l in bad_lines[:3]])
    return log


def check_hostile_pools():
    """A server of its own, --threads 2 (a slow pool of one worker and 16
    places in its queue), --timeout 60: a table of the largest side (T, tens
    of seconds), then four expensive requests (row strips of rows 200-203 of
    wythoff: minutes), then a trivial one: answered while all five are in
    flight; then 16 requests for T's table: they wait in the slow pool's
    queue, and the 4 beyond its 16 places get 503 at once (status 3, "busy",
    Retry-After); then SIGTERM: exit 0, every request in flight answered 503
    (status 130) or closed."""
    srv = Server('pools', ['--threads', '2', '--timeout', '60'], quiet=False)
    side = api_ok(srv, 'info')['limits']['table_side']
    if side < 4096:  # the table would be done at once
        print('skip: two pools: table_side %d (the memory limit): no table takes long enough' % side, flush=True)
        srv.stop(signal.SIGTERM)
        return
    res = {}

    def send(k, ep, params):
        try:
            res[k] = api(srv, ep, params)
        except Exception as ex:
            res[k] = ('closed', repr(ex))

    table = [('rules', 'wythoff+pass'), ('x0', side - 1), ('y0', 0), ('rows', 1), ('cols', 1)]
    threads = [threading.Thread(target=send, args=('T', 'table', table))]
    threads[0].start()
    time.sleep(1.5 if SAN else 0.5)
    for k in range(4):
        threads.append(threading.Thread(target=send, args=('V%d' % k, 'value', [('rules', 'wythoff'), ('x', 200 + k),
                                                                                ('y', '1e30')])))
        threads[-1].start()
    time.sleep(3 if SAN else 1)  # past the quick pool's budget (50 ms of processor time each)
    t0 = time.monotonic()
    st, js, raw, _ = api(srv, 'value', [('rules', 'wythoff'), ('x', 3), ('y', 5)])
    dt = time.monotonic() - t0
    early = sorted(res)
    NOTES.append('a trivial request under five expensive ones: %.1f ms' % (dt * 1000))
    check('a table of side %d of wythoff+pass and four expensive /api/value requests (rows 200-203 of wythoff at '
          'y = 10^30: row strips) in flight, then /api/value wythoff 3 5: answered (value 0) while all five run'
          % side, st == 200 and js and js.get('value') == 0 and not early,
          'HTTP %d %r; already answered: %s' % (st, raw[:200], early))
    for k in range(16):
        threads.append(threading.Thread(target=send, args=('W%d' % k, 'table', table)))
        threads[-1].start()
    end = time.monotonic() + (60 if SAN else 20)
    while len(res) < 4 and time.monotonic() < end:
        time.sleep(0.05)
    time.sleep(0.2)
    busy = sorted(k for k in res if res[k][0] == 503 and res[k][1] and res[k][1].get('status') == 3
                  and 'busy' in res[k][1]['error'] and res[k][3].get('retry-after') == '5')
    check('then 16 requests for the same table (21 in flight, 1 slow worker, 16 places): exactly 4 answered at once '
          '503 {"status": 3} "busy" with Retry-After: 5, the others still waiting',
          len(busy) == 4 and len(res) == 4, 'answered: %s' % {k: (res[k][0], res[k][2][:100]) for k in res})
    t0 = time.monotonic()
    check_stopped(srv, signal.SIGTERM)
    for t in threads:
        t.join(STOP_WAIT + 5)
    stopped = [k for k in res if k not in busy and (res[k][0] == 'closed' or (res[k][0] == 503 and res[k][1] and
                                                                          res[k][1].get('status') == 130))]
    check('SIGTERM with 17 requests in flight (a table, four proofs, 12 waiting): each answered 503 with status 130 '
          'or its connection closed, none left running', len(stopped) == 17 and not any(t.is_alive() for t in threads),
          'stopped %d of 17: %s' % (len(stopped), {k: res[k][0] for k in res if k not in busy}))
    NOTES.append('SIGTERM with 17 requests in flight: stopped in %.1f s' % (time.monotonic() - t0))
    log = check_log_clean(srv, 'pools')
    check('server pools: the expensive requests logged "(slow pool)"',
          len(re.findall(r'^wythoff serve: GET /api/value\?rules=wythoff&x=20[0-3]&y=1e30 '
                         r'(503 \d+ ms \(slow pool\)|0 \d+ ms \(closed: the server stops; slow pool\))$',
                         log, re.M)) == 4, log[-800:])


def check_hostile_slow_clients(srv):
    """300 connections from 127.0.0.2 that send half a request and wait: the
    server keeps 128 (its limit per address) and closes the others; a client
    at 127.0.0.1 is answered."""
    socks = []
    try:
        for _ in range(300):
            so = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            so.settimeout(10)
            so.bind(('127.0.0.2', 0))
            so.connect(('127.0.0.1', srv.port))
            so.sendall(b'GET /api/info HTTP/1.1\r\nHost: x\r\nX-Slow: ')
            socks.append(so)
    except OSError as ex:
        for so in socks:
            so.close()
        print('skip: slow clients from 127.0.0.2: %r (no second loopback address)' % ex, flush=True)
        return
    closed, end = set(), time.monotonic() + (20 if SAN else 5)
    while len(closed) < 172 and time.monotonic() < end:
        r, _, _ = select.select([so for so in socks if so not in closed], [], [], 0.2)
        for so in r:
            try:
                if so.recv(100) == b'':
                    closed.add(so)
            except OSError:
                closed.add(so)
    try:
        st, js, _, _ = api(srv, 'info')
    except Exception as ex:
        st = repr(ex)
    for so in socks:
        so.close()
    check('300 slow connections from 127.0.0.2: 172 closed at once (128 per address), /api/info from 127.0.0.1 '
          'answered 200', len(closed) == 172 and st == 200, '%d closed; /api/info: %s' % (len(closed), st))


def check_hostile_cache(srv, cache):
    """WYTHOFF_CACHE set: the rulesets whose proofs go to the cache directory
    are at most 4 per client address; every answer is the command line's."""
    def files():
        return sorted(f for f in os.listdir(cache) if f.endswith('.strip'))

    wrong = []
    # two clients of their own (the other tests are 127.0.0.1 and 127.0.0.2)
    for k, src in ((3, '127.0.0.3'), (4, '127.0.0.3'), (5, '127.0.0.3'), (6, '127.0.0.3'), (7, '127.0.0.3'),
                   (8, '127.0.0.4')):
        rules = 'wythoff+max=%d+misere' % k
        rc, want, msg = cli_json('value', rules, 50, '10^30')
        params = [('rules', rules), ('x', 50), ('y', '1e30')]
        try:
            st, hd, data = request(srv, '/api/value?' + query(params), source=src)
        except OSError as ex:
            print('skip: cache files: no client address %s: %r' % (src, ex), flush=True)
            return
        try:
            got = json.loads(data)
        except ValueError:
            got = None
        if rc != 0 or st != 200 or got != want:
            wrong.append((rules, src, st, data[:150], rc, msg))
        if k == 7:
            after_one = files()
    after_two = files()
    check('6 rulesets wythoff+max=K+misere at (50, 10^30), 5 from 127.0.0.3 and 1 from 127.0.0.4: every answer the '
          'command line\'s; strip files: 4 from the first address (its bound), then 1 more from the second',
          not wrong and len(after_one) == 4 and len(after_two) == 5,
          'wrong %s; files %s, then %s' % (wrong[:2], after_one, after_two))


def check_hostile_side_state(srv):
    """--timeout 1: a ruleset with an extra heap of 100000 stones (whose
    side-state values once took the library hours, uncancellable, for
    (100, 37)) is cancelled at the timeout too: (10000, 7000), about 7 s of
    two threads' work, answers 503 within 30 s (a bound only against a
    hang); the server answers next (and stops on SIGTERM: the caller's
    check)."""
    t0 = time.monotonic()
    try:
        st, hd, data = request(srv, '/api/value?rules=wythoff%2Bheap%3D100000&x=10000&y=7000', timeout=30)
        e = json.loads(data) if data.startswith(b'{') else None
        why = error_shape(st, e, hd, 503, 130)
    except (socket.timeout, OSError) as ex:
        why = 'no answer in 30 s: %r' % ex
    dt = time.monotonic() - t0
    st2 = api(srv, 'info')[0] if not why else None
    check('/api/value wythoff+heap=100000 (10000, 7000) with --timeout 1: 503 with status 130, then the server answers',
          not why and st2 == 200, why or 'the next request: HTTP %s' % st2)
    NOTES.append('/api/value wythoff+heap=100000 cancelled after %.1f s' % dt)
    # the position of the report, (100, 37): now answered, as the command line
    rc, want, msg = cli_json('value', 'wythoff+heap=100000', 100, 37)
    st, js, raw, _ = api(srv, 'value', [('rules', 'wythoff+heap=100000'), ('x', 100), ('y', 37)])
    check('/api/value wythoff+heap=100000 (100, 37) with --timeout 1: 200, the command line\'s answer',
          rc == 0 and st == 200 and js == want, 'HTTP %d %r; the CLI: exit %d %r' % (st, raw[:200], rc, want or msg))


def check_flood_log(srv_args):
    """200 requests whose 2000 headers overflow the connection's memory
    (libmicrohttpd answers 431 itself): its message is said in the tool's
    words once per burst of 10 s, with the count; the request lines at most 50
    a second, the rest counted.  Returns the server (stopped)."""
    srv = Server('flood', srv_args, quiet=False)
    n = 200
    hdrs = ''.join('a%d:\r\n' % i for i in range(2000)).encode()
    t0 = time.monotonic()
    codes = {}
    for _ in range(n):
        st, _ = raw_request(srv.port, b'GET /api/info HTTP/1.1\r\nHost: x\r\n' + hdrs + b'Connection: close\r\n\r\n')
        codes[st] = codes.get(st, 0) + 1
    elapsed = time.monotonic() - t0
    st, js, _, _ = api(srv, 'info')
    check_stopped(srv, signal.SIGTERM)
    log = check_log_clean(srv, 'flood')
    lines = log.split('\n')
    words = 'a request too large for the memory of its connection'
    said = [l for l in lines if words in l]
    count = 0
    for l in said:
        m = re.search(r': (\d+) more times? in \d+ s$', l)
        count += int(m.group(1)) if m else 1
    most = 2 + int(elapsed / 10) * 2
    check('%d requests with 2000 headers each (431 from the HTTP library; %s): "%s" said %d times in %.1f s (at most '
          '%d: once per 10 s with the count), the counts adding up to %d' % (n, codes, words, len(said), elapsed, most, n),
          codes.get(431, 0) + codes.get(0, 0) == n and 1 <= len(said) <= most and count == n and st == 200,
          '%d lines, counts %d: %s' % (len(said), count, said[:4]))
    # every request: the flood's, then /api/info
    req_lines = [l for l in lines if re.match(r'^wythoff serve: \S+ /api/info \d+ \d+ ms', l)]
    held = sum(int(m.group(1)) for m in (re.search(r'^wythoff serve: (\d+) more requests? in \d+ ms not logged', l)
                                          for l in lines) if m)
    check('the same flood: the request lines at most 50 a second (%d shown), the rest counted (%d), %d in all'
          % (len(req_lines), held, n + 1), len(req_lines) <= 50 * (int(elapsed) + 2) and len(req_lines) + held == n + 1,
          'shown %d + counted %d != %d' % (len(req_lines), held, n + 1))


def check_hostile_timeouts(srv):
    """--timeout 1: more endpoints' long computations cancelled (503, status
    130) and the server answering next: the exact engine's proofs (value),
    the table engine (a tile of a table of side 8192), the claims."""
    for ep, params in (('value', [('rules', 'wythoff'), ('x', 240), ('y', '1e30')]),
                       ('tile', [('rules', 'wythoff+pass'), ('z', 5), ('tx', 0), ('ty', 0)]),
                       ('check', [('claim', '000.thm3'), ('limit', '1e9')])):
        t0 = time.monotonic()
        st, e, raw, hd = api(srv, ep, params)
        dt = time.monotonic() - t0
        why = error_shape(st, e, hd, 503, 130)
        if not why and '--timeout' not in e['error']:
            why = 'message %r does not name --timeout' % e['error']
        st2, js, _, _ = api(srv, 'value', [('rules', 'wythoff'), ('x', 3), ('y', 5)])
        check('/api/%s?%s with --timeout 1: 503 with status 130, then the server answers'
              % (ep, query(params)), not why and st2 == 200, why or 'the next request: HTTP %d' % st2)
        NOTES.append('/api/%s cancelled after %.1f s' % (ep, dt))


# ---------------------------------------------------------------- 6. concurrency

def concurrency_pool(rng):
    pool = []
    every = ('wythoff', 'wythoff+pass', 'nim+pass', 'wythoff+heap=1', 'wythoff+max=3', 'wythoff+terminal=2+misere')
    for rules in every[:3] if SAN else every:
        for _ in range(1 if SAN else 3):
            p, h = random_side(rng, rules)
            x, y = rng.randrange(60), rng.randrange(60)
            pool.append(('value', [('rules', rules), ('x', x), ('y', y), ('pass', p), ('heap', h)]))
            pool.append(('moves', [('rules', rules), ('x', x), ('y', y), ('pass', p), ('heap', h)]))
            pool.append(('engine', [('rules', rules), ('x', x), ('y', y), ('pass', p), ('heap', h),
                                    ('seed', rng.randrange(100))]))
        n = rng.randrange(10 ** 20, 10 ** 21)
        a, b = wythoff_pair(n)
        pool.append(('value', [('rules', rules), ('x', a), ('y', b)]))
        pool.append(('table', [('rules', rules), ('x0', rng.randrange(500)), ('y0', rng.randrange(500)),
                               ('rows', rng.randrange(1, 20)), ('cols', rng.randrange(1, 20))]))
        pool.append(('ppos', [('rules', rules), ('from', rng.randrange(100)), ('terms', 5)]))
        for z, tx, ty in ((0, 0, 0), (-1, 0, 1), (1, 0, 0)) if SAN else ((0, 0, 0), (0, 1, 1), (-1, 0, 1), (1, 0, 0),
                                                                         (2, 0, 0)):
            pool.append(('tile', [('rules', rules), ('z', z), ('tx', tx), ('ty', ty)]))
        pool.append(('tile', [('rules', rules), ('b', 'wythoff'), ('z', 0), ('tx', 0), ('ty', 1)]))
    pool.append(('compare', [('a', 'wythoff'), ('b', 'wythoff+pass'), ('size', 50), ('outcome', 1)]))
    pool.append(('claims', []))
    return pool


def check_concurrency(ref_srv, srv, rng):
    pool = concurrency_pool(rng)
    t0 = time.monotonic()
    ref = {}
    for ep, params in pool:
        st, hd, data = request(ref_srv, '/api/%s?%s' % (ep, query(params)))
        ref[(ep, query(params))] = (st, data)
    nthreads, per = (8, 6) if SAN else (12, 50) if BIG else (12, 25)
    errors = []
    lock = threading.Lock()
    counts = [0]

    def worker(k):
        r = random.Random(SEED * 1000 + k)
        for _ in range(per):
            ep, params = r.choice(pool)
            key = (ep, query(params))
            try:
                st, hd, data = request(srv, '/api/%s?%s' % key)
            except Exception as ex:
                with lock:
                    errors.append('%s?%s: %r' % (key[0], key[1], ex))
                continue
            with lock:
                counts[0] += 1
                if (st, data) != ref[key]:
                    errors.append('/api/%s?%s: HTTP %d %r, single-threaded HTTP %d %r'
                                  % (key[0], key[1], st, data[:200], ref[key][0], ref[key][1][:200]))

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(nthreads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = {}
    for st, _ in ref.values():
        statuses[st] = statuses.get(st, 0) + 1
    check('concurrency: %d threads x %d mixed requests (%d kinds: value, moves, engine, table, ppos, tile, compare) on a '
          'cold server: every answer byte-equal to the single-threaded one' % (nthreads, per, len(pool)),
          not errors and counts[0] == nthreads * per and set(statuses) == {200},
          '%d of %d wrong or failed; first %s (reference statuses %s)' % (len(errors), nthreads * per, errors[:2],
                                                                          statuses))
    return time.monotonic() - t0


# ---------------------------------------------------------------- main

def main(argv):
    global SERVER, CLI, SEED, TSAN, SAN, HTTP_TIMEOUT, START_TIMEOUT, STOP_WAIT
    SERVER, CLI, SEED = argv[1], argv[2], int(argv[3])
    TSAN = is_tsan(SERVER)
    mode = argv[4] if len(argv) > 4 else os.environ.get('WY_SERVE_MODE') or \
        ('concurrent' if TSAN else 'asan' if SAN else 'full')
    if mode not in MODES:
        raise Bad('unknown mode %r (the modes: %s)' % (mode, ', '.join(MODES)))
    if TSAN:
        SAN = True
        HTTP_TIMEOUT, START_TIMEOUT, STOP_WAIT = 600, 120, 30
        ENV.setdefault('TSAN_OPTIONS', 'halt_on_error=0')
    elif SAN:
        HTTP_TIMEOUT, START_TIMEOUT, STOP_WAIT = 300, 90, 20
    print('server %s%s, reference %s; %s mode%s' % (SERVER, ' (ThreadSanitizer)' if TSAN else '', CLI, mode,
                                                    ', sanitizer waits' if SAN else ''), flush=True)
    rng = random.Random(SEED)
    times = {}

    def timed(name, fn, *a):
        t0 = time.monotonic()
        try:
            return fn(*a)
        except Exception as ex:
            bad(name, '%s: %s' % (type(ex).__name__, traceback.format_exc(limit=3).strip().splitlines()[-1]
                                  if not isinstance(ex, Bad) else ex))
        finally:
            times[name] = time.monotonic() - t0

    main_srv = Server('main', [])
    check('server main: the address line names 127.0.0.1 (the default --bind)', main_srv.host == '127.0.0.1',
          main_srv.line)
    info = api_ok(main_srv, 'info')
    side = info['limits']['table_side']
    check('/api/info: version, limits (mem_limit, timeout 60, threads, tile 256, table_side a power of two, '
          'window_cells)', info.get('version') and info['limits'].get('timeout') == 60
          and info['limits'].get('tile') == 256 and side >= 1024 and side & (side - 1) == 0
          and info['limits'].get('window_cells', 0) > 0 and info['limits'].get('threads', 0) >= 1
          and info['limits'].get('mem_limit', 0) > 0, info)
    # What each mode runs (the docstring).  full: everything.  asan: the
    # answers and the memory paths on a few cases (every endpoint, errors,
    # HTTP, the memory limit, a stop); the timing and thread checks are the
    # concurrent run's.  concurrent: what runs on several threads at once
    # (the caches of tables, tiles and evaluators in the mixed requests, the
    # queue, progress, no blocking, slow clients, stops while busy); the
    # answers are the full run's.
    full, asan, tsan = mode == 'full', mode == 'asan', mode == 'concurrent'

    def want(*modes):
        return (full and 'full' in modes) or (asan and 'asan' in modes) or (tsan and 'tsan' in modes)

    if want('full', 'asan'):
        timed('value and moves', check_value_moves, main_srv, rng, info['limits']['mem_limit'])
    if want('full', 'asan'):
        timed('rules', check_rules_endpoint, main_srv, rng)
    if want('full', 'asan'):
        timed('table', check_table, main_srv, rng, side)
    if want('full', 'asan'):
        timed('ppos', check_ppos, main_srv, rng)
        timed('period', check_period, main_srv)
        timed('claims and check', check_claims, main_srv)
        timed('compare', check_compare, main_srv)
    if want('full', 'asan'):
        timed('engine', check_engine, main_srv, rng)
        timed('tiles', check_tiles, main_srv, side)
    if want('full', 'asan'):
        timed('errors', check_errors, main_srv)
        timed('undecided', check_undecided, main_srv)
        timed('http', check_http, main_srv)

    if want('full', 'asan'):
        small = Server('small', ['--mem-limit', '1M', '--threads', '3'], quiet=False)
        timed('memory', check_memory, small)
        timed('port in use', check_port_in_use, small.port)
        check_stopped(small, signal.SIGINT)
        log = small.stderr()
        check('server small (not --quiet): one line per request on standard error ("wythoff serve: GET /api/info 200 ...")',
              re.search(r'^wythoff serve: GET /api/info 200 \d+ ms$', log, re.M) is not None
              and re.search(r'^wythoff serve: GET /api/value\S* 507 \d+ ms( \(slow pool\))?$', log, re.M) is not None,
              log[-600:])

    if want('full'):
        grey = Server('grey', ['--mem-limit', '16M'])
        timed('tiles beyond table_side', check_tiles_grey, grey)
        check_stopped(grey, signal.SIGTERM)

    # the long requests here last --timeout: 1 s (2 s under a sanitizer, so
    # that the quick ones beside them have time to be answered)
    if want('full', 'tsan'):
        # a fixed memory limit: the default (a quarter of the available
        # memory) varies with the machine's load, and the long requests
        # here must start (compare 12000: 753 MiB) to be cut by --timeout
        # In full mode on one processor: its long requests run until the
        # --timeout whatever their speed, and there their engine threads
        # (one per processor of the machine) share it rather than spend a
        # second of each processor per request (the concurrent mode keeps
        # every processor: its threads' interleavings are the point)
        timer = Server('timer', ['--timeout', '2' if SAN else '1', '--threads', '4', '--mem-limit', '2G'],
                       one_cpu=full)
        if want('full'):
            timed('timeout', check_timeout, timer)
        timed('progress', check_progress, timer, 'job_%d' % (SEED % 1000))
        timed('no blocking', check_no_blocking, timer)
        if want('full'):
            timed('timeouts in the engines', check_hostile_timeouts, timer)
            timed('timeout of a side state', check_hostile_side_state, timer)
        check_stopped(timer, signal.SIGTERM)

    # hostile clients (issue 26): one server, --threads 2 (a slow pool of one
    # worker), its log and a cache directory of its own
    if want('full', 'asan', 'tsan'):
        cache = tempfile.mkdtemp(prefix='wy-serve-cache.')
        TEMPDIRS.append(cache)
        hostile = Server('hostile', ['--threads', '2', '--timeout', '9' if SAN else '3'], quiet=False,
                         env={'WYTHOFF_CACHE': cache})
        if want('full', 'asan'):
            timed('hostile numbers', check_hostile_numbers, hostile)
            timed('hostile parameters', check_hostile_params, hostile)
            timed('hostile log input', check_hostile_log_input, hostile)
        if want('full'):
            timed('cache files', check_hostile_cache, hostile, cache)
        if want('full', 'tsan'):
            timed('slow clients', check_hostile_slow_clients, hostile)
        check_stopped(hostile, signal.SIGTERM)
        check_log_clean(hostile, 'hostile')
    if want('full', 'tsan'):
        timed('two pools', check_hostile_pools)
    if want('full', 'asan'):
        timed('flood log', check_flood_log, [])

    long_check = [('claim', '000.thm3'), ('limit', '1e9')]
    if want('full', 'tsan'):
        conc = Server('conc', [])
        # the single-threaded answers: the main server's, or in concurrent
        # mode a server of the normal build (CLI), when SERVER is another
        # (the answers are the same bytes; it computes them faster)
        ref_srv = main_srv
        if tsan and os.path.realpath(CLI) != os.path.realpath(SERVER) and os.access(CLI, os.X_OK):
            ref_srv = Server('reference', [], binary=CLI)
        timed('concurrency', check_concurrency, ref_srv, conc, rng)
        if ref_srv is not main_srv:
            check_stopped(ref_srv, signal.SIGTERM)
        timed('stop conc', check_stop_busy, conc, signal.SIGINT, 'check', long_check)
    timed('stop main', check_stop_busy, main_srv, signal.SIGTERM, 'check', long_check)
    if want('full', 'asan'):
        timed('bad options', check_bad_options)
    print('times: ' + ', '.join('%s %.1f s' % kv for kv in times.items()), flush=True)
    if NOTES:
        print('measured: ' + '; '.join(NOTES), flush=True)
    print('summary: %d checks passed, %d failed' % (PASSES, FAILS), flush=True)


def _on_signal(sig, frame):
    raise SystemExit('interrupted by %s' % signal.Signals(sig).name)


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        sys.exit(2)
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    try:
        main(sys.argv)
    except SystemExit as ex:
        if ex.code not in (None, 0):
            bad('serve_api.py', ex.code)
    except Bad as ex:
        bad('serve_api.py', ex)
    except Exception:
        bad('serve_api.py', traceback.format_exc())
    finally:
        stop_all()
    sys.exit(1 if FAILS else 0)
