"""Shared fixtures of the module's tests (python/tests/).

The tests compare the module with the command-line tool: $WY_TOOL, else
$WY_BUILD/wythoff (default build/wythoff) under the repository root.
Random choices use the seed $WY_SEED (default 20261121), printed.

With $WY_RESULTS set to a file name, every test's result is appended to it
as one line of the project's test protocol (tests/run): "PASS name",
"FAIL name: why", or "skip: name: why" (tests/cli/python.sh prints them).
"""
import json
import os
import random
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = int(os.environ.get("WY_SEED", "20261121"))


def tool_path():
    t = os.environ.get("WY_TOOL")
    if t:
        return t
    return os.path.join(ROOT, os.environ.get("WY_BUILD", "build"), "wythoff")


@pytest.fixture(scope="session")
def cli():
    """cli(*args, code=0) -> stdout; cli.err(*args) -> (exit code, stderr)."""
    path = tool_path()
    if not os.access(path, os.X_OK):
        pytest.skip(f"no command-line tool at {path} (run make, or set WY_BUILD)")

    class Cli:
        def __call__(self, *args, code=0, stdin=None):
            p = subprocess.run([path, *map(str, args), "--quiet"], capture_output=True, text=True, input=stdin)
            assert p.returncode == code, f"wythoff {' '.join(map(str, args))}: exit {p.returncode}: {p.stderr}"
            return p.stdout

        def json(self, *args, code=0):
            return json.loads(self(*args, "--format", "json", code=code))

        def run(self, *args, stdin=None):
            """The CompletedProcess of `wythoff ARGS --quiet` (text)."""
            return subprocess.run([path, *map(str, args), "--quiet"], capture_output=True, text=True, input=stdin)

        def err(self, *args):
            p = subprocess.run([path, *map(str, args)], capture_output=True, text=True, stdin=subprocess.DEVNULL)
            return p.returncode, p.stderr

    return Cli()


@pytest.fixture
def rng(request):
    """A random.Random seeded from $WY_SEED and the test's name (printed on failure)."""
    seed = f"{SEED}:{request.node.name}"
    print(f"seed {seed} (set WY_SEED to vary)")
    return random.Random(seed)


def _line(report):
    name = "python/" + report.nodeid.split("python/", 1)[-1] if "python/" in report.nodeid else report.nodeid
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        return f"skip: {name}: {reason.replace('Skipped: ', '')}"
    if report.failed:
        why = str(report.longrepr).strip().splitlines()
        last = [l for l in why if l.startswith("E ")]
        text = (last[0][1:].strip() if last else why[-1] if why else "failed")[:300]
        return f"FAIL {name} ({report.when}): {text}"
    if report.when == "call":
        return f"PASS {name}"
    return None


def pytest_runtest_logreport(report):
    out = os.environ.get("WY_RESULTS")
    if not out:
        return
    line = _line(report)
    if line:
        with open(out, "a", encoding="utf-8") as f:
            f.write(line + "\n")
