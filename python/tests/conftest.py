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
import re
import struct
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = int(os.environ.get("WY_SEED", "20261121"))


def tool_path():
    t = os.environ.get("WY_TOOL")
    if t:
        return t
    return os.path.join(ROOT, os.environ.get("WY_BUILD", "build"), "wythoff")


PROV_LINE = re.compile(r"^(# |% |<!-- |// made by: )wythoff(-mpi)? [0-9]+\.[0-9]+\.[0-9]+(: .*)?$")


def noprov_text(s):
    """The tool's output without its provenance line (docs/formats.md, Provenance):
    the module's own outputs have none."""
    return "".join(l for l in s.splitlines(True) if not PROV_LINE.match(l.rstrip("\n")))


def noprov_bytes(d):
    """A picture of the tool without its provenance: the PNG's tEXt chunk
    "Comment", the SVG's <metadata id="wythoff-source">."""
    if d[:8] != b"\x89PNG\r\n\x1a\n":
        return re.sub(rb'\n<metadata id="wythoff-source">[^<]*</metadata>', b"", d)
    out, i = [d[:8]], 8
    while i < len(d):
        n = struct.unpack(">I", d[i:i + 4])[0]
        c = d[i:i + 12 + n]
        if not (c[4:8] == b"tEXt" and c[8:16] == b"Comment\0"):
            out.append(c)
        i += 12 + n
    return b"".join(out)


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
            return noprov_text(p.stdout)

        def json(self, *args, code=0):
            d = json.loads(self(*args, "--format", "json", code=code))
            if isinstance(d, dict):
                d.pop("generator", None)
            return d

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
