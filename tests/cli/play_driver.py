"""Drive `wythoff play` through pipes against a random opponent.

    play_driver.py games WYTHOFF NAIVE SEED GAMES RULES...
    play_driver.py checks WYTHOFF SEED
    play_driver.py classroom WYTHOFF SEED

`games`: for each ruleset, GAMES games from random starts (random side
state, who moves first, engine seed; some from the tool's own default
start).  The opponent plays random legal moves, typed as target positions
or in words, sometimes an illegal one, sometimes '?' or 'undo'.  The moves
and the values come from this file alone: the moves of docs/rules.md
("Moves") written out again, and a direct mex recursion (misere: a state
with no option has value 1).  Checked: every engine move is legal; from an
N-position the engine moves to a P-position and says "winning", from a
P-position it says "no winning move"; whenever the engine was to move at an
N-position it wins the game; the tool accepts exactly the legal moves typed
and refuses the others with "error: illegal move"; '?' lists exactly the
moves to P-positions; 'undo' goes back to the state before the last move
typed; every "position:" line and the final "game over:" line agree with
the driver's own state.  NAIVE (the naive reference, or '-') cross-checks
the mex recursion on a 16 x 16 window of each ruleset.

`checks`: the fixed checks of tests/cli/play.sh (words, messages, show,
huge positions, EOF).

`classroom`: the default output (docs/play.md, "In a classroom"): the
picture (stones counted, the queen's row and column read off the board),
lines wrapped on blanks within 80 columns with the same words as unwrapped,
no colour in a pipe, plain words, --no-hints, two players (an illegal move
explained; the first missed win found by this file's own replay of random
games, its move checked against Wythoff's P-positions floor(n phi) by
integer square root, and once with `wythoff value`), the levels (a seed
replays the same game; from N-positions the perfect engine never misses a
win, the weaker ones sometimes do).

Prints "PASS name" or "FAIL name: why"; exit 0 iff all passed.
"""
import concurrent.futures
import functools
import math
import os
import random
import re
import subprocess
import sys

# The scripted format with the specialist figures and no picture, never
# wrapped (COLUMNS=0): what these checks parse (docs/play.md).
EXPERT = ["--expert", "--no-picture"]
ENV = dict(os.environ, WYTHOFF_CACHE="off", COLUMNS="0")

sys.setrecursionlimit(100000)
FAILS = 0


def ok(name):
    print("PASS " + name, flush=True)


def bad(name, why):
    global FAILS
    FAILS += 1
    print("FAIL %s: %s" % (name, why), flush=True)


# ---------------------------------------------------------------- rules


def parse_rules(text):
    parts = text.split("+")
    r = {"game": parts[0], "pass": 0, "heap": 0, "max": 0, "mod": 0, "terminal": None, "misere": False}
    for p in parts[1:]:
        k, _, v = p.partition("=")
        if k == "misere":
            r["misere"] = True
        elif k == "pass":
            r["pass"] = int(v) if v else 1
        else:
            r[k] = int(v)
    return r


def board_moves(r, x, y):
    """(kind, x', y') of the moves on the two heaps (docs/rules.md)."""
    K = r["terminal"] or 0
    if x + y <= K:
        return []
    N = r["max"] or (x + y + 1)
    out = [("col", x - a, y) for a in range(1, min(x, N) + 1)]
    out += [("row", x, y - b) for b in range(1, min(y, N) + 1)]
    if r["game"] == "wythoff":
        out += [("diag", x - a, y - a) for a in range(1, min(x, y, N) + 1)]
        M = r["mod"]
        if M:
            out += [("mod", x - a, y - b) for a in range(1, min(x, N) + 1) for b in range(1, min(y, N) + 1)
                    if a != b and (a - b) % M == 0]
    return out


def options(r, st):
    """(kind, state') of every option of state (x, y, p, h)."""
    x, y, p, h = st
    out = [(k, (u, v, p, h)) for (k, u, v) in board_moves(r, x, y)]
    out += [("heap", (x, y, p, k)) for k in range(h)]
    if p > 0 and out:
        out.append(("pass", (x, y, p - 1, h)))
    return out


def removed(st, to):
    """Stones a move removes from the two heaps and the extra heap (a pass: none)."""
    return (st[0] + st[1] + st[3]) - (to[0] + to[1] + to[3])


def solver(r):
    @functools.lru_cache(maxsize=None)
    def value(st):
        opts = options(r, st)
        if not opts:
            return 1 if r["misere"] else 0
        seen = {value(o) for _, o in opts}
        m = 0
        while m in seen:
            m += 1
        return m
    return value


# ---------------------------------------------------------------- the tool's lines

STATE = re.compile(r"^(\d+) (\d+)(?: \((?:pass (\d+))?(?:, )?(?:heap (\d+))?\))?$")


def parse_state(text):
    m = STATE.match(text.strip())
    if not m:
        raise ValueError("not a state: %r" % text)
    return (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0), int(m.group(4) or 0))


def fmt_state(r, st):
    x, y, p, h = st
    s = "%d %d" % (x, y)
    if r["pass"] and r["heap"]:
        s += " (pass %d, heap %d)" % (p, h)
    elif r["pass"]:
        s += " (pass %d)" % p
    elif r["heap"]:
        s += " (heap %d)" % h
    return s


class Tool:
    """`wythoff play` over pipes: one response per line, ending with an empty line."""

    def __init__(self, w, args):
        self.cmd = [w, "play"] + args
        self.p = subprocess.Popen(self.cmd + EXPERT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1, env=ENV)
        self.log = []

    def response(self):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                if lines:
                    raise EOFError("output ended inside a response: %r" % lines)
                return None
            line = line.rstrip("\n")
            self.log.append(line)
            if line == "":
                return lines
            lines.append(line)

    def send(self, text):
        self.log.append("<<< " + text)
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()
        return self.response()

    def close(self):
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        rest = self.p.stdout.read()
        err = self.p.stderr.read()
        rc = self.p.wait(timeout=60)
        self.p.stdout.close()
        self.p.stderr.close()
        return rc, rest, err

    def where(self):
        return "%s; last lines: %s" % (" ".join(self.cmd), " / ".join(self.log[-8:]))


def words(rng, kind, st, to):
    """A move typed in words or as its target, at random."""
    x, y, p, h = st
    u, v = to[0], to[1]
    if kind == "pass":
        return "pass"
    if kind == "heap":
        k = h - to[3]
        return rng.choice(["heap %d" % k, "take %d from the extra heap" % k, "Take %d from the extra heap" % k,
                           "extra %d" % k])
    if rng.random() < 0.4:
        return rng.choice(["%d %d", "%d,%d", "%d, %d", "  %d   %d  "]) % (u, v)
    a, b = x - u, y - v
    if kind == "col":
        return rng.choice(["take %d from the first heap" % a, "first %d" % a, "take %d from first heap" % a])
    if kind == "row":
        return rng.choice(["take %d from the second heap" % b, "second %d" % b, "TAKE %d FROM THE SECOND HEAP" % b])
    if kind == "diag":
        return rng.choice(["take %d from both heaps" % a, "both %d" % a, "take %d and %d" % (a, a)])
    return "take %d and %d" % (a, b)


# ---------------------------------------------------------------- games


def play_one(w, r, rtext, value, gseed, start, first, side_args, eseed):
    """One game; returns (failure text or None, stats dict)."""
    rng = random.Random(gseed)
    args = [rtext] + ([str(start[0]), str(start[1])] if start else []) + side_args
    args += ["--first", "engine" if first else "me", "--seed", str(eseed)]
    t = Tool(w, args)
    stats = {"engine_moves": 0, "engine_at_n": 0, "engine_won_from_n": 0, "your_moves": 0, "illegal": 0,
             "hints": 0, "undos": 0}
    cur = None
    turn = None  # "you" or "engine"
    engine_at_n = False
    mine = []  # (state, engine_at_n) before each move typed, for undo
    result = None

    def fail(why):
        return why + " [" + t.where() + "]"

    def absorb(lines, expect_you=None):
        """Check a response that may hold you:, engine:, position:, game over: lines."""
        nonlocal cur, turn, engine_at_n, result
        for line in lines:
            if line.startswith("you: "):
                a, _, rest = line[5:].partition(" -> ")
                b = rest.split(" | ")[0]
                if parse_state(a) != cur:
                    return "you: from %s, the driver is at %s" % (a, fmt_state(r, cur))
                if expect_you is not None and parse_state(b) != expect_you:
                    return "you: reached %s, the move typed reaches %s" % (b, fmt_state(r, expect_you))
                cur = parse_state(b)
                turn = "engine"
            elif line.startswith("engine: the engine cannot decide"):
                return "engine undecided at a small position: " + line
            elif line.startswith("engine: "):
                if turn != "engine":
                    return "engine moved out of turn"
                body = line[8:].split(" | ")
                a, _, b = body[0].partition(" -> ")
                src, dst = parse_state(a), parse_state(b)
                if src != cur:
                    return "engine: from %s, the driver is at %s" % (a, fmt_state(r, cur))
                if dst not in [o for _, o in options(r, cur)]:
                    return "engine's move %s -> %s is not legal" % (a, b)
                stats["engine_moves"] += 1
                vc, vd = value(cur), value(dst)
                if vc != 0:
                    engine_at_n = True
                    stats["engine_at_n"] += 1
                    if vd != 0:
                        return "engine at an N-position (value %d) moved to %s of value %d" % (vc, b, vd)
                    if len(body) < 3 or not body[2].startswith("winning"):
                        return "engine's winning move not called winning: " + line
                else:
                    if len(body) < 3 or not body[2].startswith("no winning move"):
                        return "engine at a P-position does not say 'no winning move': " + line
                    # the documented rule: the fewest stones removed (a pass removes none)
                    least = min(removed(cur, o) for _, o in options(r, cur))
                    if removed(cur, dst) != least:
                        return "engine at a P-position removed %d stones, %d is the least: %s" % (
                            removed(cur, dst), least, line)
                cur = dst
                turn = "you"
            elif line.startswith("position: "):
                if parse_state(line[10:]) != cur:
                    return "position %s, the driver is at %s" % (line[10:], fmt_state(r, cur))
            elif line.startswith("game over: "):
                if options(r, cur):
                    return "game over at %s, which has moves" % fmt_state(r, cur)
                mover = turn  # the player to move, who has no move
                winner = mover if r["misere"] else ("engine" if mover == "you" else "you")
                want = "game over: %s" % ("you win" if winner == "you" else "engine wins")
                if not line.startswith(want):
                    return "%r, expected %r" % (line, want)
                result = winner
            elif line.startswith("game: "):
                pass
            else:
                return "unexpected line %r" % line
        return None

    try:
        opening = t.response()
        if opening is None or len(opening) < 2 or not opening[0].startswith("game: "):
            return fail("opening %r" % opening), stats
        cur = parse_state(opening[1][10:])
        if start and cur[:2] != start:
            return fail("start %s, asked for %s" % (opening[1], start)), stats
        turn = "engine" if first else "you"
        if turn == "you" and not options(r, cur):
            pass
        why = absorb(opening[2:])
        if why:
            return fail(why), stats
        for _ in range(400):
            if result:
                break
            opts = options(r, cur)
            roll = rng.random()
            if roll < 0.04:
                stats["hints"] += 1
                lines = t.send(rng.choice(["?", "hint"]))
                wins = sorted(o for _, o in opts if value(o) == 0)
                head = lines[0] if lines else ""
                listed = sorted(parse_state(l.split(" -> ")[1]) for l in lines[1:])
                if not head.startswith("hint: ") or listed != wins:
                    return fail("hint lists %s, the winning moves are %s" % (listed, wins)), stats
                hm = re.match(r"^hint: G-? = (\d+), ([PN])-position \(by ", head)
                if not hm or int(hm.group(1)) != value(cur) or (hm.group(2) == "P") != (value(cur) == 0):
                    return fail("hint says %r, value %d" % (head, value(cur))), stats
                continue
            if roll < 0.08 and mine:
                stats["undos"] += 1
                lines = t.send("undo")
                back, engine_at_n = mine.pop()  # the engine's reply is taken back too
                if len(lines) != 2 or not lines[0].startswith("undo: ") or parse_state(lines[1][10:]) != back:
                    return fail("undo to %s: %r" % (fmt_state(r, back), lines)), stats
                cur = back
                continue
            if roll < 0.35:  # a random target in the box, legal or not
                x, y = cur[0], cur[1]
                to = (rng.randint(0, x + 1), rng.randint(0, y + 1), cur[2], cur[3])
                legal = to in [o for _, o in opts]
                text = rng.choice(["%d %d", "%d,%d"]) % to[:2]
            else:
                kind, to = rng.choice(opts)
                legal = True
                text = words(rng, kind, cur, to)
            before = cur
            lines = t.send(text)
            if not legal:
                stats["illegal"] += 1
                if len(lines) != 1 or not lines[0].startswith("error: illegal move: "):
                    return fail("%r from %s is illegal, the tool answers %r" % (text, fmt_state(r, cur), lines)), stats
                continue
            if not lines or not lines[0].startswith("you: "):
                return fail("%r from %s is legal, the tool answers %r" % (text, fmt_state(r, cur), lines)), stats
            stats["your_moves"] += 1
            mine.append((before, engine_at_n))
            why = absorb(lines, expect_you=to)
            if why:
                return fail(why), stats
        else:
            return fail("no end after 400 inputs"), stats
        rc, rest, err = t.close()
        if rc != 0 or rest or err:
            return fail("after the game: exit %d, output %r, stderr %r" % (rc, rest, err)), stats
        if engine_at_n:
            if result != "engine":
                return fail("the engine was at an N-position but lost"), stats
            stats["engine_won_from_n"] = 1
        return None, stats
    finally:
        if t.p.poll() is None:
            t.p.kill()
            t.p.wait()


def random_rules(rng):
    game = rng.choice(["wythoff", "wythoff", "nim"])
    parts = [game]
    if rng.random() < 0.5:
        parts.append(rng.choice(["pass", "pass=2"]))
    if rng.random() < 0.4:
        parts.append("heap=%d" % rng.randint(1, 2))
    if rng.random() < 0.4:
        parts.append("max=%d" % rng.randint(1, 5))
    if game == "wythoff" and rng.random() < 0.4:
        parts.append("mod=%d" % rng.randint(2, 5))
    if rng.random() < 0.3:
        parts.append("terminal=%d" % rng.randint(0, 4))
    if rng.random() < 0.5:
        parts.append("misere")
    return "+".join(parts)


def canonical(w, text):
    out = subprocess.run([w, "value", text, "0", "0"], capture_output=True, text=True,
                         env=dict(os.environ, WYTHOFF_CACHE="off"))
    m = re.search(r"\[([^,\]]+)", out.stdout)
    return m.group(1) if m else text


def check_naive(naive, r, rtext, value):
    """The mex recursion against the naive reference on 16 x 16."""
    p, h = r["pass"], r["heap"]
    out = subprocess.run([naive, rtext, "16", "16", str(p), str(h)], capture_output=True, text=True)
    if out.returncode != 0:
        return "wythoff-naive %s: exit %d %s" % (rtext, out.returncode, out.stderr.strip())
    rows = out.stdout.strip().split("\n")[1:]
    for x, row in enumerate(rows):
        for y, v in enumerate(row.split(",")[1:]):
            if int(v) != value((x, y, p, h)):
                return "mex recursion G%s = %d, wythoff-naive %s" % ((x, y, p, h), value((x, y, p, h)), v)
    return None


def games(w, naive, seed, ngames, rulesets):
    rng = random.Random(seed)
    rulesets = list(rulesets) + [random_rules(rng) for _ in range(3)]
    jobs = []
    for rtext in rulesets:
        r = parse_rules(rtext)
        value = solver(r)
        if naive != "-" and os.access(naive, os.X_OK):
            why = check_naive(naive, r, rtext, value)
            if why:
                bad("driver %s" % rtext, why)
            else:
                ok("driver's mex recursion = wythoff-naive on 16 x 16 of %s (start side state)" % rtext)
        for g in range(ngames):
            gseed = rng.randrange(1 << 30)
            first = rng.random() < 0.5
            side_args = []
            if r["pass"] and rng.random() < 0.3:
                side_args += ["--pass", str(rng.randint(0, r["pass"]))]
            if r["heap"] and rng.random() < 0.3:
                side_args += ["--heap", str(rng.randint(0, r["heap"]))]
            if g % 5 == 4:
                start = None  # the tool's default start
            else:
                lim = 12 if r["mod"] else 16
                start = (rng.randint(0, lim), rng.randint(0, lim)) if rng.random() < 0.85 else (
                    rng.randint(0, 3), rng.randint(0, 3))
            jobs.append((rtext, r, value, gseed, start, first, side_args, rng.randrange(1 << 20)))
    if naive == "-" or not os.access(naive, os.X_OK):
        print("skip: no naive reference: the driver's mex recursion is not cross-checked")
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as ex:
        futs = {ex.submit(play_one, w, r, rt, v, gs, st, fi, sa, es): i
                for i, (rt, r, v, gs, st, fi, sa, es) in enumerate(jobs)}
        for f in concurrent.futures.as_completed(futs):
            results[futs[f]] = f.result()
    for rtext in rulesets:
        idx = [i for i, j in enumerate(jobs) if j[0] == rtext]
        errs = [results[i][0] for i in idx if results[i][0]]
        tot = {}
        for i in idx:
            for k, v in results[i][1].items():
                tot[k] = tot.get(k, 0) + v
        name = "play %s: %d games" % (rtext, len(idx))
        if errs:
            bad(name, errs[0] + (" (and %d more games failed)" % (len(errs) - 1) if len(errs) > 1 else ""))
        else:
            ok("%s, %d engine moves legal and perfect (%d from N-positions, each winning), engine won all %d games "
               "where it was to move at an N-position; %d moves typed, %d illegal ones refused, %d hints, %d undos"
               % (name, tot["engine_moves"], tot["engine_at_n"], tot["engine_won_from_n"], tot["your_moves"],
                  tot["illegal"], tot["hints"], tot["undos"]))


# ---------------------------------------------------------------- fixed checks


def run_lines(w, args, text):
    out = subprocess.run([w, "play"] + args + EXPERT, input=text, capture_output=True, text=True, env=ENV,
                         timeout=120)
    return out.returncode, out.stdout, out.stderr


def responses(stdout):
    """The responses: lists of lines, split at the empty lines."""
    out, cur = [], []
    for line in stdout.split("\n"):
        if line == "":
            if cur:
                out.append(cur)
            cur = []
        else:
            cur.append(line)
    return out


def expect_lines(name, got, want):
    if got == want:
        ok(name)
    else:
        bad(name, "got %r, want %r" % (got, want))


def outcome_of(w, rules, x, y):
    """'P-position' or 'N-position', as wythoff value says."""
    out = subprocess.run([w, "value", rules, x, y], capture_output=True, text=True).stdout
    m = re.search(r"  ([PN]-position)  \[", out)
    return m.group(1) if m else "undecided: " + out


def checks(w):
    # words: every spelling reaches the same target
    cases = [
        ("wythoff", "5 7", ["take 2 from the first heap", "first 2", "3 7", "3,7", " 3 , 7 ", "Take 2 From The First Heap"],
         "5 7 -> 3 7 | take 2 from the first heap"),
        ("wythoff", "5 7", ["take 3 from the second heap", "second 3", "5 4", "take 3 from second heap"],
         "5 7 -> 5 4 | take 3 from the second heap"),
        ("wythoff", "5 7", ["take 2 from both heaps", "both 2", "take 2 and 2", "3 5"], "5 7 -> 3 5 | take 2 from both heaps"),
        ("wythoff+mod=3", "5 7", ["take 1 and 4", "4 3"], "5 7 -> 4 3 | take 1 and 4"),
        ("wythoff+heap=2", "5 7", ["heap 1", "take 1 from the extra heap", "extra 1"],
         "5 7 (heap 2) -> 5 7 (heap 1) | take 1 from the extra heap"),
        ("wythoff+pass", "5 7", ["pass", "PASS"], "5 7 (pass 1) -> 5 7 (pass 0) | pass"),
        ("wythoff", "10^30 10^31", ["take 1e30 from the first heap", "0 10000000000000000000000000000000"],
         "1000000000000000000000000000000 10000000000000000000000000000000 -> 0 10000000000000000000000000000000"
         " | take 1000000000000000000000000000000 from the first heap"),
    ]
    for rules, xy, texts, want in cases:
        for text in texts:
            rc, out, err = run_lines(w, [rules] + xy.split() + ["--first", "me"], text + "\nquit\n")
            rs = responses(out)
            got = rs[1][0] if len(rs) > 1 else None
            expect_lines("%s %s: %r is 'you: %s'" % (rules, xy, text, want), got, "you: " + want)

    # illegal moves: the message, and the game goes on
    illegal = [
        ("wythoff", "5 7", "6 7", "a move cannot add stones: 6 is more than the first heap's 5"),
        ("wythoff", "5 7", "5 7", "that is the position itself: a move takes stones"),
        ("wythoff", "5 7", "take 9 from the first heap", "cannot take 9 from the first heap: it has 5"),
        ("wythoff", "5 7", "take 0 from the second heap", "a move takes at least 1 stone"),
        ("wythoff", "5 7", "take 1 and 3", "different amounts from the two heaps are a move only with mod=M"),
        ("wythoff+mod=3", "5 7", "take 1 and 3", "the amounts must be equal modulo 3"),
        ("nim", "5 7", "both 1", "nim has no move from both heaps"),
        ("wythoff+max=3", "5 7", "first 4", "at most 3 stones from a heap (max=3)"),
        ("wythoff+max=3", "5 7", "1 3", "at most 3 stones from a heap (max=3)"),
        ("wythoff", "5 7", "pass", "this game has no pass"),
        ("wythoff", "5 7", "heap 1", "this game has no extra heap"),
        ("wythoff+heap=1", "5 7", "heap 2", "cannot take 2: the extra heap has 1 stone"),
        ("wythoff+heap=1+terminal=5", "2 3", "first 1", "no move on the two heaps here: x + y <= 5 is terminal"),
        ("wythoff", "5 7", "take 3", "say where from"),
        ("wythoff", "5 7", "take 3 from the third heap", "unknown heap 'third'"),
        ("wythoff", "5 7", "first x", "bad number 'x'"),
        ("wythoff", "5 7", "hello world", "error: not a move or command: 'hello world' (type 'help')"),
    ]
    for rules, xy, text, msg in illegal:
        rc, out, err = run_lines(w, [rules] + xy.split() + ["--first", "me"], text + "\n2 7\nquit\n")
        rs = responses(out)
        name = "%s %s: %r refused" % (rules, xy, text)
        if rc != 0 or len(rs) < 3 or len(rs[1]) != 1 or msg not in rs[1][0] or not rs[1][0].startswith("error: "):
            bad(name, "exit %d, responses %r (want a line with %r)" % (rc, rs[:3], msg))
        elif "terminal" not in rules and not rs[2][0].startswith("you: "):
            bad(name, "the next move is not played: %r" % rs[2])
        else:
            ok(name + ": " + rs[1][0])
    rc, out, err = run_lines(w, ["wythoff+pass", "5", "7", "--pass", "0", "--first", "me"], "pass\nquit\n")
    rs = responses(out)
    expect_lines("wythoff+pass 5 7 --pass 0: 'pass' refused", rs[1] if len(rs) > 1 else None,
                 ["error: illegal move: no pass left (all 1 used)"])
    rc, out, err = run_lines(w, ["wythoff+pass+heap=1", "0", "0", "--heap", "0", "--first", "me"], "")
    rs = responses(out)
    expect_lines("wythoff+pass+heap=1 0 0 --heap 0: no move at the start, the pass does not count",
                 rs[0][1:] if rs else None,
                 ["position: 0 0 (pass 1, heap 0)", "game over: engine wins (you have no move)"])

    # the game's end, normal and misere
    rc, out, err = run_lines(w, ["wythoff", "0", "3", "--first", "me"], "0 0\n")
    expect_lines("wythoff 0 3: taking the last stone wins", (rc, responses(out)[1:]),
                 (0, [["you: 0 3 -> 0 0 | take 3 from the second heap", "game over: you win (the engine has no move)"]]))
    rc, out, err = run_lines(w, ["nim+misere", "0", "3", "--first", "me"], "0 0\n")
    expect_lines("nim+misere 0 3: taking the last stone loses", (rc, responses(out)[1:]),
                 (0, [["you: 0 3 -> 0 0 | take 3 from the second heap",
                       "game over: engine wins (the engine has no move: in misere play the player who cannot move "
                       "wins)"]]))
    rc, out, err = run_lines(w, ["nim+misere", "0", "3", "--first", "engine"], "")
    rs = responses(out)
    expect_lines("nim+misere 0 3, engine first: it leaves one stone", rs[0][2:] if rs else None,
                 ["engine: 0 3 -> 0 1 | take 2 from the second heap | winning: it reaches a P-position (by table)",
                  "position: 0 1"])

    # undo
    rc, out, err = run_lines(w, ["wythoff", "5", "7", "--first", "me"], "undo\n4 7\nundo\nundo\nquit\n")
    rs = responses(out)
    ok_undo = (len(rs) == 6 and rs[1] == ["error: nothing to undo"] and rs[2][0] == "you: 5 7 -> 4 7 | take 1 from the first heap"
               and rs[3][0].startswith("undo: ") and rs[3][0].endswith(" -> 5 7") and rs[3][1] == "position: 5 7"
               and rs[4] == ["error: nothing to undo"] and rs[5] == ["game abandoned: quit"])
    (ok if ok_undo else lambda n: bad(n, repr(rs)))("undo takes back your move and the engine's reply; then nothing to undo")

    # hint at a P-position and at an N-position
    rc, out, err = run_lines(w, ["wythoff", "4", "7"], "?\nhint\n")
    rs = responses(out)
    expect_lines("wythoff 4 7: '?' at a P-position", rs[1] if len(rs) > 1 else None,
                 ["hint: G = 0, P-position (by table); no winning move: every move reaches an N-position"])
    expect_lines("'hint' is '?'", rs[2] if len(rs) > 2 else None, rs[1] if len(rs) > 1 else 0)
    rc, out, err = run_lines(w, ["wythoff", "5", "7"], "?\n")
    rs = responses(out)
    expect_lines("wythoff 5 7: '?' lists the 3 winning moves", rs[1] if len(rs) > 1 else None,
                 ["hint: G = 1, N-position (by table); 3 winning moves:", "  take 1 from the first heap -> 4 7",
                  "  take 4 from the second heap -> 5 3", "  take 2 from both heaps -> 3 5"])

    # moves: the same as wythoff moves
    for rules, x, y, extra in [("wythoff+pass+heap=1", 2, 3, []), ("wythoff+mod=3", 4, 5, []), ("nim+max=2", 3, 1, [])]:
        rc, out, err = run_lines(w, [rules, str(x), str(y)] + extra, "moves\n")
        rs = responses(out)
        mv = subprocess.run([w, "moves", rules, str(x), str(y)], capture_output=True, text=True).stdout.split("\n")[1:]
        want = []
        for line in mv:
            m = re.match(r"^ [ *] (.*?) +-> \((\d+), (\d+)(?:; (.*))?\) +value", line)
            if m:
                side = m.group(4)
                tail = " (%s)" % side if side else ""
                want.append("  %s -> %s %s%s" % (m.group(1), m.group(2), m.group(3), tail))
        got = rs[1][1:] if len(rs) > 1 else None
        expect_lines("%s %d %d: 'moves' lists what 'wythoff moves' lists (%d moves)" % (rules, x, y, len(want)), got, want)
    rc, out, err = run_lines(w, ["wythoff", "1000", "1000"], "moves\n")
    rs = responses(out)
    expect_lines("wythoff 1000 1000: 'moves' does not list 3000 moves", rs[1] if len(rs) > 1 else None,
                 ["moves: 3000 legal moves, too many to list (type a target position or a move in words; '?' lists "
                  "the winning moves)"])

    # show: the window of wythoff table, the position marked
    for rules, x, y, extra, side in [("wythoff", 6, 9, [], ()), ("wythoff+pass", 2, 3, ["--pass", "0"], ("--pass", "0")),
                                     ("wythoff+terminal=2+misere", 5, 1, [], ())]:
        rc, out, err = run_lines(w, [rules, str(x), str(y)] + extra, "show\n")
        rs = responses(out)
        tab = subprocess.run([w, "table", rules, "--rows", str(x + 5), "--cols", str(y + 5), "--format", "csv"] + list(side),
                             capture_output=True, text=True).stdout.strip().split("\n")
        tab = [r for r in tab if not r.startswith("#")][1:]  # the provenance line, the header
        vals = [[int(v) for v in row.split(",")[1:]] for row in tab]
        got = rs[1] if len(rs) > 1 else []
        name = "%s %d %d: 'show' is the table around the position, marked" % (rules, x, y)
        try:
            x0, y0 = max(0, x - 4), max(0, y - 4)
            head = got[1].split()
            assert [int(c) for c in head[1:]] == list(range(y0, y + 5)), "columns %r" % head
            for i, line in enumerate(got[2:]):
                cells = re.findall(r"\[\s*\d+\]|\(0\)|\d+", line)
                xx = int(cells[0])
                assert xx == x0 + i, "row %r" % line
                for j, c in enumerate(cells[1:]):
                    yy = y0 + j
                    v = int(c.strip("[]() "))
                    assert v == vals[xx][yy], "G(%d, %d) = %d, table says %d" % (xx, yy, v, vals[xx][yy])
                    assert c.startswith("[") == (xx == x and yy == y), "mark at %d %d" % (xx, yy)
                    assert c == "(0)" or v != 0 or c.startswith("["), "P-position not marked at %d %d" % (xx, yy)
            assert len(got) == 2 + (x + 5 - x0), "%d lines" % len(got)
            ok(name)
        except (AssertionError, ValueError, IndexError) as e:
            bad(name, "%s: %r" % (e, got))

    # huge positions: the engine's move reaches a P-position (wythoff value)
    for rules, xy in [("wythoff", "10^30 10^31"), ("wythoff", "123456789012345678901234567890 10^40"),
                      ("wythoff+terminal=2+misere", "10^30 10^31"), ("nim+pass", "10^30 10^31"),
                      ("wythoff+mod=3", "10^30 10^31"), ("wythoff+max=3", "10^30 10^31")]:
        rc, out, err = run_lines(w, [rules] + xy.split() + ["--first", "engine"], "?\nshow\nquit\n")
        rs = responses(out)
        name = "%s %s --first engine" % (rules, xy)
        eng = [l for l in (rs[0] if rs else []) if l.startswith("engine: ")]
        if rc != 0 or len(eng) != 1:
            bad(name, "exit %d, %r %s" % (rc, rs[:1], err))
            continue
        body = eng[0][8:].split(" | ")
        src, dst = body[0].split(" -> ")
        sx, sy = src.split()[:2]
        tx, ty = dst.split()[:2]
        v0 = outcome_of(w, rules, sx, sy)
        v1 = outcome_of(w, rules, tx, ty)
        legal = (tx == sx) != (ty == sy) or (int(sx) - int(tx) == int(sy) - int(ty)) or "mod" in rules
        if "N-position" in v0:
            good = body[2].startswith("winning") and "P-position" in v1
        else:
            good = body[2].startswith("no winning") and "N-position" in v1
        if good and legal and int(tx) <= int(sx) and int(ty) <= int(sy):
            ok("%s: %s (%s); wythoff value says %s" % (name, body[1][:60], body[2][:40], v1))
        else:
            bad(name, "engine %r; value of the start %r, of the target %r" % (eng[0], v0, v1))
        if rs[0][-1].startswith("game over: "):
            ok(name + ": the game is over")
            continue
        hint = rs[1] if len(rs) > 1 else []
        hm = re.match(r"^hint: (?:G-? = \d+, )?([PN]-position) \(by ", hint[0] if hint else "")
        if not hm or hm.group(1) != v1:
            bad(name + ": '?' after the move", repr(hint))
        else:
            ok(name + ": '?' after the move: " + hint[0][:80])
        sh = rs[2] if len(rs) > 2 else []
        marked = [l for l in sh[2:] if "[" in l]
        if len(sh) != 11 or len(marked) != 1 or ("[0]" in marked[0]) != ("P-position" in v1):
            bad(name + ": 'show'", repr(sh))
        else:
            ok(name + ": 'show' by the exact engine, the position marked")

    # undecided: said, and a legal fallback move, never called winning
    rc, out, err = run_lines(w, ["wythoff+pass=2+misere", "10^30", "10^31", "--first", "engine"], "quit\n")
    rs = responses(out)
    lines = rs[0] if rs else []
    good = (rc == 0 and len(lines) == 5 and lines[2].startswith("engine: the engine cannot decide this position: ")
            and lines[3].endswith("| pass | fallback: the move that removes the fewest stones, not known to be best")
            and lines[4].endswith("(pass 1)"))
    (ok if good else lambda n: bad(n, repr(lines)))("wythoff+pass=2+misere 10^30 10^31: undecided, said so, fallback pass")

    # EOF and quit: exit 0
    for text, last in [("", "game abandoned: end of input"), ("quit\n", "game abandoned: quit"),
                       ("4 7", "game abandoned: end of input")]:
        rc, out, err = run_lines(w, ["wythoff", "5", "7"], text)
        rs = responses(out)
        expect_lines("input %r: exit 0, ends with %r" % (text, last), (rc, rs[-1][-1] if rs else None, err), (0, last, ""))
    rc, out, err = run_lines(w, ["wythoff", "5", "7"], "# a comment\n\n   \nquit\n")
    expect_lines("blank lines and comments get no response", len(responses(out)), 2)
    rc, out, err = run_lines(w, ["wythoff", "5", "7"], "4\x007\nquit\n")
    rs = responses(out)
    expect_lines("a NUL byte: an error line, the game goes on", (rc, rs[1] if len(rs) > 1 else None),
                 (0, ["error: not a move or command: a NUL byte in the line"]))

    # the default start: an N-position drawn from the seed, the same for the same seed
    starts = set()
    for s in range(1, 6):
        rc, out, err = run_lines(w, ["wythoff", "--seed", str(s)], "?\n")
        rs = responses(out)
        pos, hint = rs[0][1], rs[1][0]
        rc2, out2, _ = run_lines(w, ["wythoff", "--seed", str(s)], "")
        if "N-position" not in hint or responses(out2)[0][1] != pos:
            bad("default start, seed %d" % s, "%r %r" % (pos, hint))
        starts.add(pos)
    (ok if len(starts) > 2 else lambda n: bad(n, repr(starts)))(
        "default start: an N-position, fixed by the seed, different seeds different starts (%s)" % ", ".join(sorted(starts)))
    # the engine's choice among winning moves depends on the seed
    seen = set()
    for s in range(1, 12):
        rc, out, err = run_lines(w, ["wythoff", "5", "7", "--first", "engine", "--seed", str(s)], "")
        seen.add(responses(out)[0][2])
    (ok if len(seen) == 3 else lambda n: bad(n, repr(seen)))("wythoff 5 7: the seeds 1..11 choose all 3 winning moves")
    rc, out, err = run_lines(w, ["wythoff+pass", "1", "3", "--first", "engine"], "")
    expect_lines("wythoff+pass 1 3 (a P-position): the engine passes (no stone removed)", responses(out)[0][2],
                 "engine: 1 3 (pass 1) -> 1 3 (pass 0) | pass | no winning move: every move reaches an N-position (by table)")
    rc, out, err = run_lines(w, ["wythoff", "3", "5", "--first", "engine"], "")
    got = responses(out)[0][2]
    (ok if re.match(r"engine: 3 5 -> (2 5|3 4) \| take 1 from the (first|second) heap \| no winning", got) else
     lambda n: bad(n, got))("wythoff 3 5 (a P-position): the engine takes one stone")
    return FAILS == 0


# --- the classroom: picture, words, wrapping, two players, levels -------------------------

def wy_p(x, y):
    """(x, y) is a P-position of Wythoff's game: the pairs (floor(n phi), floor(n phi) + n), with
    floor(n phi) = (n + isqrt(5 n^2)) // 2 (integers only)."""
    a, b = min(x, y), max(x, y)
    n = b - a
    return a == (n + math.isqrt(5 * n * n)) // 2


def wy_moves(x, y):
    """Every option of (x, y) in Wythoff's game, written out from the rules."""
    return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)] +
            [(x - k, y - k) for k in range(1, min(x, y) + 1)])


def play_plain(w, args, text, env=None):
    """`wythoff play` with the default output (no --expert), stdin piped, COLUMNS unset."""
    e = dict(os.environ, WYTHOFF_CACHE="off")
    e.pop("COLUMNS", None)
    e.pop("NO_COLOR", None)
    e["TERM"] = "xterm-256color"
    e.update(env or {})
    return subprocess.run([w, "play"] + args, input=text, capture_output=True, text=True, env=e, timeout=120)


def cols(line):
    return len(line)  # text mode: code points; the pictures' symbols are one column each


def classroom(w, seed):
    rng = random.Random(seed)
    # the picture of a Nim-like position: a row of stones per heap, as many as the heap holds
    out = play_plain(w, ["nim+heap=2", "5", "7"], "quit\n").stdout
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^  (first heap|second heap|extra heap) +(\S*) (\d+)$", out, re.M)}
    good = all(rows.get(k, "x").count("\u25cf") == n and set(rows[k]) == {"\u25cf"} and str(n) in out
               for k, n in (("first heap", 5), ("second heap", 7), ("extra heap", 2)))
    (ok if good else lambda n: bad(n, repr(out)))("picture of nim+heap=2 5 7: 5, 7 and 2 stones")
    out = play_plain(w, ["nim", "1234", "3"], "quit\n").stdout
    line = [l for l in out.split("\n") if l.startswith("  first heap")]
    good = (len(line) == 1 and line[0].endswith("\u2026 (1234)") and 0 < line[0].count("\u25cf") < 1234 and
            cols(line[0]) <= 80)
    (ok if good else lambda n: bad(n, repr(line)))("picture of nim 1234 3: stones up to the width, then '… (1234)'")
    # Wythoff's board: the queen at row x, column y (the column under the header's number y), the corner at (0, 0)
    for x, y in ((5, 7), (0, 4), (12, 20)):
        out = play_plain(w, ["wythoff", str(x), str(y)], "quit\n").stdout.split("\n")
        head = [l for l in out if l.endswith("   y")]
        queens = [(i, l) for i, l in enumerate(out) if "\u265b" in l and not l.startswith("  the queen")]
        try:
            hl = head[0]
            colpos = {int(m.group()): m.end() - 1 for m in re.finditer(r"\d+", hl)}
            (qi, ql), = queens
            row = int(ql.split()[0])
            qcol = ql.index("\u265b")
            corner = out[out.index(hl) + 1]
            good = (row == x and colpos[y] == qcol and max(colpos) == y and
                    (x == 0 or (corner.split()[0] == "0" and corner.index("\u25ce") == colpos[0])) and
                    all(cols(l) <= 80 for l in out))
        except (ValueError, IndexError, KeyError):
            good = False
        (ok if good else lambda n: bad(n, "\n".join(out)))("board of wythoff %d %d: the queen at row %d, column %d"
                                                           % (x, y, x, y))
    # wrapping: no line over 80 columns, no word broken (the words of every response are those of the
    # unwrapped output, COLUMNS=0, in the same order); no ANSI escape in a pipe
    script = "6 9\ntake 4 from the second heap\nhelp\n?\nmoves\n2 3\nundo\n"
    for rules, x, y in (("wythoff+max=3", 5, 7), ("wythoff+pass=2+heap=1+terminal=2+misere", 6, 8), ("nim+pass", 9, 4)):
        a = play_plain(w, [rules, str(x), str(y)], script).stdout
        b = play_plain(w, [rules, str(x), str(y)], script, {"COLUMNS": "0"}).stdout
        long_ = [l for l in b.split("\n") if cols(l) > 80]
        over = [l for l in a.split("\n") if cols(l) > 80]
        good = a.split() == b.split() and not over and long_ and "\x1b" not in a + b
        (ok if good else lambda n: bad(n, "over: %r; %d long unwrapped lines" % (over, len(long_))))(
            "%s %d %d: wrapped at 80 columns on blanks (%d longer lines unwrapped), no word broken, no colour" %
            (rules, x, y, len(long_)))
    a = play_plain(w, ["nim", "5", "7"], "quit\n", {"COLUMNS": "40"}).stdout
    (ok if a.split("\n") and all(cols(l) <= 40 for l in a.split("\n")) else lambda n: bad(n, a))(
        "COLUMNS=40: every line within 40 columns")
    # plain words by default, the figures with --expert
    a = play_plain(w, ["wythoff", "4", "7"], "?\n").stdout
    b = play_plain(w, ["wythoff", "5", "7"], "?\n").stdout
    good = ("hint: Every move from here loses to a perfect opponent." in a and "G = " not in a + b and
            "seed" not in a + b and "P-position" not in a + b and
            re.search(r"^hint: You can win from here, with any of these 3 moves:$", b, re.M))
    (ok if good else lambda n: bad(n, a + b))("plain words by default: no value, method or seed")
    # --no-hints: no hint line, no assessment, 'show' refused
    for extra in ([], ["--expert"]):
        a = play_plain(w, ["wythoff", "5", "7", "--no-hints", "--first", "engine"] + extra, "?\nhint\nshow\n4 5\n").stdout
        good = (not re.search(r"^hint:", a, re.M) and a.count("error: hints are off") == 2 and
                "winning" not in a and "P-position" not in a and "error: 'show' is off" in a)
        (ok if good else lambda n: bad(n, a))("--no-hints%s: no hint, no assessment" % (" --expert" if extra else ""))
    # two players: the referee explains an illegal move (the library's reason) and reviews the first missed win
    a = play_plain(w, ["wythoff+max=3", "5", "7", "--players", "2", "--names", "Ann,Bob", "--no-picture"],
                   "take 4 from the first heap\n4 6\n").stdout
    good = ("error: illegal move: at most 3 stones from a heap (max=3) (Ann, please move again)" in a.replace("\n  ", " ")
            and re.search(r"^Ann: 5 7 -> 4 6 \| take 1 from both heaps$", a, re.M) and "turn: Bob to move" in a)
    (ok if good else lambda n: bad(n, a))("two players: an illegal move explained, Ann moves again, then Bob")
    reviews = 0
    for g in range(8):
        x, y = rng.randrange(3, 13), rng.randrange(3, 13)
        pos, seq, first_miss = (x, y), [], None
        while pos != (0, 0) and wy_moves(*pos):
            opts = wy_moves(*pos)
            wins = [o for o in opts if wy_p(*o)]
            to = rng.choice(wins) if wins and rng.random() < 0.6 else rng.choice(opts)  # misses now and then
            if first_miss is None and wins and not wy_p(*to):
                first_miss = (pos, len(seq) % 2)
            seq.append(to)
            pos = to
        a = play_plain(w, ["wythoff", str(x), str(y), "--players", "2", "--names", "Ann,Bob"],
                       "".join("%d %d\n" % t for t in seq)).stdout
        flat = a.replace("\n  ", " ")
        m = re.search(r"^review: At \((\d+),(\d+)\), (Ann|Bob) could have won by taking (\d+) from "
                      r"(the first heap|the second heap|both heaps), to \((\d+),(\d+)\)", flat, re.M)
        if first_miss is None:
            good = "review: no winning move was missed in this game." in flat
        else:
            (fx, fy), who = first_miss
            if m:
                px, py, name, k = int(m.group(1)), int(m.group(2)), m.group(3), int(m.group(4))
                tx, ty = int(m.group(6)), int(m.group(7))
                want = {"the first heap": (px - k, py), "the second heap": (px, py - k), "both heaps": (px - k, py - k)}
                good = ((px, py) == (fx, fy) and name == ["Ann", "Bob"][who] and want[m.group(5)] == (tx, ty) and
                        (tx, ty) in wy_moves(px, py) and wy_p(tx, ty))
                reviews += 1
            else:
                good = False
        winner = ["Ann", "Bob"][(len(seq) - 1) % 2]
        good = good and ("game over: %s wins" % winner) in flat
        (ok if good else lambda n: bad(n, a))("two players, wythoff %d %d, %d random moves: the winner and the first "
                                              "missed win %s" % (x, y, len(seq), first_miss))
    # the review's move checked once more with `wythoff value`
    a = play_plain(w, ["wythoff", "5", "8", "--players", "2", "--names", "Ann,Bob"], "5 7\n").stdout
    out = play_plain(w, ["wythoff", "5", "8", "--players", "2"], "5 7\nquit\n").stdout.replace("\n  ", " ")
    m = re.search(r"review: At \(5,8\), Player 1 could have won by taking \d+ from [a-z ]+, to \((\d+),(\d+)\)", out)
    v = subprocess.run([w, "value", "wythoff", m.group(1), m.group(2)], capture_output=True, text=True).stdout if m else ""
    (ok if m and " = 0  P-position" in v else lambda n: bad(n, out + v))(
        "two players, quit after a missed win: the review's move reaches a P-position (wythoff value)")
    # levels: reproducible with a seed; perfect never loses from an N-position; a weak level sometimes misses
    script = "first 1\nsecond 1\n" * 40
    a1 = play_plain(w, ["wythoff", "9", "13", "--level", "beginner", "--seed", "7", "--first", "engine", "--expert"], script).stdout
    a2 = play_plain(w, ["wythoff", "9", "13", "--level", "beginner", "--seed", "7", "--first", "engine", "--expert"], script).stdout
    (ok if a1 == a2 and "game over" in a1 else lambda n: bad(n, a1))("--level beginner --seed 7: two runs identical")
    starts = []
    while len(starts) < 12:
        x, y = rng.randrange(4, 20), rng.randrange(4, 20)
        if not wy_p(x, y):
            starts.append((x, y))
    for level in ("perfect", "medium", "beginner"):
        lost = missed = 0
        for i, (x, y) in enumerate(starts):
            a = play_plain(w, ["wythoff", str(x), str(y), "--level", level, "--seed", str(i + 1), "--first", "engine",
                               "--expert", "--no-picture"], script, {"COLUMNS": "0"}).stdout
            for m in re.finditer(r"^engine: (\d+) (\d+) -> (\d+) (\d+) \|", a, re.M):
                fx, fy, tx, ty = map(int, m.groups())
                if not wy_p(fx, fy) and not wy_p(tx, ty):
                    missed += 1
            lost += "game over: you win" in a
        if level == "perfect":
            good = lost == 0 and missed == 0
        else:
            good = missed > 0
        (ok if good else lambda n: bad(n, "lost %d, missed %d" % (lost, missed)))(
            "--level %s: %d games from N-positions, the engine lost %d, missed a win %d times" %
            (level, len(starts), lost, missed))
    return FAILS == 0


def main():
    if len(sys.argv) >= 6 and sys.argv[1] == "games":
        games(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6:])
    elif len(sys.argv) == 4 and sys.argv[1] == "classroom":
        classroom(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "checks":
        random.seed(int(sys.argv[3]))
        checks(sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0 if FAILS == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
