"""Ctrl-C during a long computation, and the GIL released meanwhile."""
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import wythoff

PKG = os.path.dirname(os.path.dirname(os.path.abspath(wythoff.__file__)))

# The child restores Python's SIGINT handler (a test runner may have started
# it with SIGINT ignored), says it is ready, runs a computation of a minute,
# and catches KeyboardInterrupt; then it computes a small value: it goes on.
CHILD = textwrap.dedent("""
    import signal, sys, time, traceback
    signal.signal(signal.SIGINT, signal.default_int_handler)
    import wythoff
    kind = sys.argv[1]
    print("ready", flush=True)
    t0 = time.monotonic()
    try:
        if kind == "table":
            wythoff.table("wythoff", size=30000, threads=1)  # 3.4 GiB: about 40 s, within the memory of a loaded machine
        elif kind == "count":
            wythoff.count("wythoff+pass=3", size=10**9, value=5, threads=1)
        else:
            wythoff.plot("wythoff", size=16000, threads=1)
        print("not interrupted", flush=True)
    except KeyboardInterrupt:
        traceback.print_exc()
        print("interrupted after %.1f s" % (time.monotonic() - t0), flush=True)
    print("then G(7, 6) =", wythoff.value("wythoff+pass", 7, 6).value, flush=True)
""")


@pytest.mark.parametrize("kind", ["table", "count", "plot"])
def test_ctrl_c_raises_keyboard_interrupt(kind):
    env = dict(os.environ, PYTHONPATH=PKG + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.Popen([sys.executable, "-c", CHILD, kind], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env)
    assert p.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        pytest.fail("still running 30 s after SIGINT")
    assert p.returncode == 0, err
    assert "KeyboardInterrupt" in err, err
    assert "interrupted after" in out and "then G(7, 6) = 0" in out, out
    secs = float(out.split("interrupted after ")[1].split()[0])
    assert secs < 10, out


def test_gil_released_during_a_table():
    done = {}

    def work():
        done["t"] = wythoff.table("wythoff", size=3000, threads=1)

    th = threading.Thread(target=work)
    t0 = time.monotonic()
    th.start()
    ticks = 0
    while th.is_alive():  # Python code of this thread runs while the table is computed
        ticks += 1
        if ticks % 1000 == 0:
            time.sleep(0)
    th.join()
    took = time.monotonic() - t0
    assert done["t"][2, 1] == 0
    print(f"{ticks} iterations of the main thread during {took:.3f} s of table")
    assert ticks > 10000


def test_two_threads_at_once():
    out = [None, None]

    def work(i):
        out[i] = wythoff.values("wythoff", [(n, n + 1) for n in range(2000)])

    ths = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in ths:
        t.start()
    for t in ths:
        t.join()
    assert out[0] == out[1] and len(out[0]) == 2000


# A signal handler that calls the module runs in the middle of the
# computation it interrupts (the engine checks the signals every 50 ms).
# A timer firing every millisecond with a handler that computes a table
# nests computations: before the fix about 250 of them overflowed the C
# stack (a segfault); now the 17th nested call raises RecursionError, which
# cancels the computations below it and reaches the outermost call; a
# handler that calls the module once is answered.  In a child process: a
# crash must not take pytest with it.
NEST_CHILD = textwrap.dedent("""
    import signal, sys, wythoff
    kind = sys.argv[1]
    st = {"depth": 0, "max": 0, "calls": 0, "inner": None, "stop": False}
    def handler(sig, frame):
        if st["stop"]:
            return
        st["depth"] += 1
        st["max"] = max(st["max"], st["depth"])
        st["calls"] += 1
        try:
            if kind == "deep":
                try:
                    wythoff.table("wythoff", size=3000, threads=1)
                except RecursionError:
                    st["stop"] = True  # no more handlers while it unwinds
                    signal.setitimer(signal.ITIMER_REAL, 0, 0)
                    raise
            else:
                st["inner"] = wythoff.value("wythoff+pass", 7, 6).value
        finally:
            st["depth"] -= 1
    signal.signal(signal.SIGALRM, handler)
    # "once": a one-shot timer (a repeating one can have a second SIGALRM
    # pending before the handler, run later by Python, stops the timer)
    signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001 if kind == "deep" else 0)
    try:
        t = wythoff.table("wythoff", size=3000, threads=1)
        print("outer done", t[3, 5], flush=True)
    except RecursionError as e:
        print("outer RecursionError:", e, flush=True)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
    print("max depth", st["max"], "calls", st["calls"], "inner", st["inner"], flush=True)
    print("then G(7, 6) =", wythoff.value("wythoff+pass", 7, 6).value, flush=True)
""")


def test_signal_handler_nesting_is_bounded():
    env = dict(os.environ, PYTHONPATH=PKG + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.run([sys.executable, "-c", NEST_CHILD, "deep"], capture_output=True, text=True, env=env,
                       timeout=120)
    assert p.returncode == 0, f"exit {p.returncode}: {p.stdout} {p.stderr[-2000:]}"
    assert "outer RecursionError: wythoff: 17 calls nested in signal handlers during a computation (at most 16" \
        in p.stdout, p.stdout
    # the handlers nested 16 deep (the outermost call is not a handler's):
    # 15 of them computing, the 16th refused
    depth = int(p.stdout.split("max depth ")[1].split()[0])
    assert depth >= 16, p.stdout
    assert "then G(7, 6) = 0" in p.stdout, p.stdout


def test_signal_handler_calling_the_module_once():
    env = dict(os.environ, PYTHONPATH=PKG + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.run([sys.executable, "-c", NEST_CHILD, "once"], capture_output=True, text=True, env=env,
                       timeout=120)
    assert p.returncode == 0, f"exit {p.returncode}: {p.stdout} {p.stderr[-2000:]}"
    # the table of the outer call is complete and right: (3, 5) is a P-position
    assert "outer done 0" in p.stdout, p.stdout
    assert "calls 1 inner 0" in p.stdout, p.stdout
