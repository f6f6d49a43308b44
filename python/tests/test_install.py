"""`pip install --no-build-isolation .` from the checkout, into a temporary
virtual environment that sees the system's packages (no network: --no-index,
--no-deps), then the module imported from there, outside the checkout.
The environment is made without its own pip (ensurepip: seconds) when the
system's pip runs in it; else with its own.  Skipped where venv, pip,
setuptools or wheel are missing."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def has(module):
    return subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True).returncode == 0


def litter():
    """What a build could leave in the checkout: setuptools' folders, egg-info."""
    found = set()
    for d in (ROOT, os.path.join(ROOT, "python")):
        for name in os.listdir(d):
            if name.endswith(".egg-info") or name in ("dist",):
                found.add(os.path.join(d, name))
    b = os.path.join(ROOT, "build")
    if os.path.isdir(b):
        found.update(os.path.join(b, n) for n in os.listdir(b) if n.startswith(("lib.", "temp.", "bdist.")))
    return found


def test_pip_install_from_checkout(tmp_path):
    for m in ("venv", "ensurepip", "setuptools", "wheel"):
        if not has(m):
            pytest.skip(f"{sys.executable} has no {m}")
    env_dir = tmp_path / "env"
    py = str(env_dir / "bin" / "python")
    for own_pip in ([], ["--without-pip"]) if not has("pip") else (["--without-pip"], []):
        r = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", *own_pip, "--clear", str(env_dir)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            pytest.skip(f"python -m venv failed: {r.stderr.strip()[-200:]}")
        if subprocess.run([py, "-m", "pip", "--version"], capture_output=True).returncode == 0:
            break
    else:
        pytest.skip(f"no pip runs in a virtual environment of {sys.executable}")
    before = litter()
    env = dict(os.environ, TMPDIR=str(tmp_path), PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    r = subprocess.run([py, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index", "-q", ROOT],
                       capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert litter() == before, f"the build left files in the checkout: {sorted(litter() - before)}"
    code = ("import wythoff, os; assert not wythoff.__file__.startswith(%r), wythoff.__file__; "
            "print(wythoff.__version__, wythoff.value('wythoff+pass', 7, 6).value, "
            "memoryview(wythoff.table('wythoff', size=5)).tolist()[2][1], "
            "all(os.path.exists(os.path.join(os.path.dirname(wythoff.__file__), f)) for f in ('py.typed', '__init__.pyi')))" % ROOT)
    r = subprocess.run([py, "-c", code], capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    import wythoff
    assert r.stdout.split() == [wythoff.__version__, "0", "0", "True"]
