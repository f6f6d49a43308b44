"""wythoff_build - the PEP 517 build backend of the Python module `wythoff`
(docs/python.md), in the tree: pyproject.toml names it with backend-path and
requires nothing, so `pip install .` needs no network and no setuptools.

It compiles the extension wythoff._wythoff from the library's C sources
(src/core, src/check, src/plot) and python/*.c for the interpreter that runs
it (sysconfig: the include directory, EXT_SUFFIX, the compiler CC, or $CC),
with the flags of `make python` (-std=c11 -pthread -fvisibility=hidden
-D_POSIX_C_SOURCE=200809L, -O2, then $CPPFLAGS and $CFLAGS; linked with
$LDFLAGS -lgmp -lpng -lz), one compiler process per core, in a temporary
folder (never the checkout), and writes the wheel itself with zipfile: the
package python/wythoff, the manual docs/*.md as wythoff/docs/, and the
.dist-info (METADATA, WHEEL, LICENSE, RECORD with sha256 hashes).  The
version is WY_VERSION of include/wythoff.h, its one place.  The wheel's
bytes depend only on the sources, the compiler and the interpreter (entries
sorted, dated $SOURCE_DATE_EPOCH or 1980-01-01).

$WYTHOFF_BUILD_CACHE (optional, a folder): the library's objects are kept
there and reused by a later build with the same compiler (its resolved
executable), the same flags and the same sources and headers (a SHA-256 of
all of them names each object), e.g. for another interpreter: the library's
objects are compiled without the interpreter's include directory, so they
do not depend on it; python/*.c is always compiled.  tests/cli/python-pkg.sh
builds for two interpreters with one cache.

Hooks: get_requires_for_build_wheel/_sdist (none),
prepare_metadata_for_build_wheel, build_wheel, build_sdist.  No editable
install (PEP 660): `make python` and PYTHONPATH=build/python serve that.
Runs on CPython 3.8 and later; uses the standard library only.
"""
import base64
import glob
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor

NAME = "wythoff"
SUMMARY = "Exact Sprague-Grundy values of Wythoff's game and its variants"
REQUIRES_PYTHON = ">=3.8"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIB_DIRS = ("src/core", "src/check", "src/plot")
FLAGS = ["-std=c11", "-O2", "-pthread", "-fvisibility=hidden", "-D_POSIX_C_SOURCE=200809L",
         "-Werror=implicit-function-declaration"]  # a function this Python lacks: an error now, not at import
LIBS = ["-lgmp", "-lpng", "-lz"]


def _path(*parts):
    return os.path.join(ROOT, *parts)


def version():
    with open(_path("include", "wythoff.h"), encoding="utf-8") as f:
        m = re.search(r'^#define WY_VERSION "([^"]+)"', f.read(), re.M)
    if not m:
        raise RuntimeError("wythoff_build: no WY_VERSION in include/wythoff.h")
    return m.group(1)


def _dist_info():
    return "%s-%s.dist-info" % (NAME, version())


def _metadata():
    desc = ""
    if os.path.exists(_path("docs", "python.md")):
        with open(_path("docs", "python.md"), encoding="utf-8") as f:
            desc = f.read()
    head = ["Metadata-Version: 2.1", "Name: " + NAME, "Version: " + version(), "Summary: " + SUMMARY,
            "License: MIT", "Requires-Python: " + REQUIRES_PYTHON, "Classifier: Programming Language :: C",
            "Classifier: Programming Language :: Python :: 3", "Classifier: License :: OSI Approved :: MIT License",
            "Description-Content-Type: text/markdown"]
    return ("\n".join(head) + "\n\n" + desc).encode("utf-8")


def _tags():
    """(python tag, abi tag, platform tag) of the running interpreter, as pip
    matches them: cp311-cp311-linux_x86_64 (cp313t-cp313t-... free-threaded)."""
    soabi = sysconfig.get_config_var("SOABI") or ""
    plat = re.sub(r"[^A-Za-z0-9_]", "_", sysconfig.get_platform())
    xy = "%d%d" % sys.version_info[:2]
    if sys.implementation.name == "cpython":
        parts = soabi.split("-")
        abi = "cp" + (parts[1] if len(parts) > 1 and parts[0] == "cpython" else xy)
        return "cp" + xy, abi, plat
    # another implementation: its name, and its SOABI as the ABI
    return sys.implementation.name[:2] + xy, re.sub(r"[^A-Za-z0-9_]", "_", soabi) or "none", plat


def _wheel_name():
    return "%s-%s-%s.whl" % (NAME, version(), "-".join(_tags()))


def _wheel_file():
    return ("Wheel-Version: 1.0\nGenerator: wythoff_build\nRoot-Is-Purelib: false\nTag: %s\n"
            % "-".join(_tags())).encode()


# ----------------------------------------------------------------------
# Compiling
# ----------------------------------------------------------------------

def _compiler():
    """The C compiler: $CC, else the interpreter's (sysconfig CC) when it is
    on PATH, else cc."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    cmd = shlex.split(cc)
    if not os.environ.get("CC") and not shutil.which(cmd[0]):
        cmd = ["cc"]
    return cmd


def _jobs():
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _sources():
    lib = sorted(p for d in LIB_DIRS for p in glob.glob(_path(d, "*.c")))
    mod = sorted(glob.glob(_path("python", "*.c")))
    if not lib or not mod:
        raise RuntimeError("wythoff_build: no C sources under %s (src/core, python/)" % ROOT)
    return lib + mod


def _run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    return r.returncode, " ".join(shlex.quote(c) for c in cmd), r.stdout


def _lib_key(cc, cmd):
    """What the library's objects depend on: the compiler (its resolved
    executable and its version), the command (the checkout's path left out:
    -ffile-prefix-map maps it to .), the library's sources and headers."""
    h = hashlib.sha256()
    exe = shutil.which(cc[0]) or cc[0]
    h.update(os.path.realpath(exe).encode() + b"\0")
    try:
        v = subprocess.run(cc + ["--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        h.update(v.split(b" ", 1)[-1])  # its first word: the program as called (gcc, x86_64-linux-gnu-gcc)
    except OSError:
        pass
    h.update("\0".join(c.replace(ROOT, "<root>") for c in cmd[len(cc):]).encode() + b"\0")
    files = sorted(p for d in LIB_DIRS + ("include",) for p in glob.glob(_path(d, "*.[ch]")))
    for p in files:
        h.update(os.path.relpath(p, ROOT).replace(os.sep, "/").encode() + b"\0")
        h.update(hashlib.sha256(_read(p)).digest())
    return h.hexdigest()


def build_extension(out_dir, tmp):
    """Compiles the extension into out_dir; returns its path."""
    cc = _compiler()
    include = sysconfig.get_paths()["include"]
    if not os.path.exists(os.path.join(include, "Python.h")):
        raise RuntimeError("wythoff_build: no Python.h in %s: install the interpreter's headers "
                           "(Debian: python3-dev)" % include)
    cppflags = shlex.split(os.environ.get("CPPFLAGS", ""))
    cflags = shlex.split(os.environ.get("CFLAGS", ""))
    pic = shlex.split(sysconfig.get_config_var("CCSHARED") or "-fPIC")
    # the library's objects without the interpreter's headers (they include
    # none of them): the same objects for every interpreter
    lib_cmd = cc + ["-I" + _path("include")] + cppflags + FLAGS + pic + ["-ffile-prefix-map=%s=." % ROOT] + cflags
    common = cc + ["-I" + _path("include"), "-I" + include] + cppflags + FLAGS + pic + \
        ["-ffile-prefix-map=%s=." % ROOT] + cflags
    cache = os.environ.get("WYTHOFF_BUILD_CACHE")
    lib_key = _lib_key(cc, lib_cmd) if cache else None
    jobs = []
    for i, src in enumerate(_sources()):
        obj = os.path.join(tmp, "%03d-%s.o" % (i, os.path.splitext(os.path.basename(src))[0]))
        if os.path.dirname(src) == _path("python"):
            jobs.append((obj, common + ["-c", src, "-o", obj], None))
            continue
        cached = None
        if lib_key:
            rel = os.path.relpath(src, ROOT).replace(os.sep, "/")
            cached = os.path.join(cache, hashlib.sha256((lib_key + "\0" + rel).encode()).hexdigest() + ".o")
        jobs.append((obj, lib_cmd + ["-c", src, "-o", obj], cached))

    def compile_one(job):
        obj, cmd, cached = job
        if cached and os.path.exists(cached):
            shutil.copyfile(cached, obj)
            return 0, "", ""
        r = _run(cmd)
        if cached and r[0] == 0:  # into the cache: whole or not at all
            os.makedirs(os.path.dirname(cached), exist_ok=True)
            part = "%s.%d.part" % (cached, os.getpid())
            shutil.copyfile(obj, part)
            os.replace(part, cached)
        return r
    with ThreadPoolExecutor(max_workers=_jobs()) as ex:
        results = list(ex.map(compile_one, jobs))
    for rc, cmd, out in results:
        if out.strip() or rc != 0:
            sys.stderr.write(cmd + "\n" + out)
        if rc != 0:
            raise RuntimeError("wythoff_build: the compiler failed (exit %d): %s" % (rc, cmd))
    ext = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    target = os.path.join(out_dir, "_wythoff" + ext)
    shared = ["-bundle", "-undefined", "dynamic_lookup"] if sys.platform == "darwin" else ["-shared"]
    rc, cmd, out = _run(cc + shared + ["-pthread", "-o", target] + [j[0] for j in jobs] +
                        shlex.split(os.environ.get("LDFLAGS", "")) + LIBS)
    if out.strip() or rc != 0:
        sys.stderr.write(cmd + "\n" + out)
    if rc != 0:
        raise RuntimeError("wythoff_build: linking failed (exit %d): %s" % (rc, cmd))
    return target


# ----------------------------------------------------------------------
# Archives
# ----------------------------------------------------------------------

def _epoch():
    """The archives' date: $SOURCE_DATE_EPOCH, else 1980-01-01 (zip's first day)."""
    try:
        return max(315532800, int(os.environ["SOURCE_DATE_EPOCH"]))
    except (KeyError, ValueError):
        return 315532800


def _package_files(ext_path=None):
    """(name in the wheel, file on disk) of the package: python/wythoff/*,
    the manual docs/*.md as wythoff/docs/, the extension."""
    files = []
    for p in sorted(glob.glob(_path("python", NAME, "*"))):
        if os.path.isfile(p) and not p.endswith((".pyc", ".so")):
            files.append((NAME + "/" + os.path.basename(p), p))
    for p in sorted(glob.glob(_path("docs", "*.md"))):
        files.append((NAME + "/docs/" + os.path.basename(p), p))
    if ext_path:
        files.append((NAME + "/" + os.path.basename(ext_path), ext_path))
    return files


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def _write_wheel(path, entries):
    """entries: [(name, bytes, executable)]; adds RECORD."""
    di = _dist_info()
    date = time.gmtime(_epoch())[:6]
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, exe in sorted(entries, key=lambda e: (e[0].startswith(di), e[0])):
            info = zipfile.ZipInfo(name, date)
            info.external_attr = (0o100755 if exe else 0o100644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
            record.append(_record_line(name, data))
        record.append(di + "/RECORD,,")
        info = zipfile.ZipInfo(di + "/RECORD", date)
        info.external_attr = 0o100644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, ("\n".join(record) + "\n").encode())


def _read(p):
    with open(p, "rb") as f:
        return f.read()


# ----------------------------------------------------------------------
# PEP 517 hooks
# ----------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    di = os.path.join(metadata_directory, _dist_info())
    os.makedirs(di, exist_ok=True)
    for name, data in (("METADATA", _metadata()), ("WHEEL", _wheel_file())):
        with open(os.path.join(di, name), "wb") as f:
            f.write(data)
    if os.path.exists(_path("LICENSE")):
        shutil.copyfile(_path("LICENSE"), os.path.join(di, "LICENSE"))
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    with tempfile.TemporaryDirectory(prefix="wythoff-build-") as tmp:
        ext = build_extension(tmp, tmp)
        entries = [(n, _read(p), p == ext) for n, p in _package_files(ext)]
        di = _dist_info()
        entries.append((di + "/METADATA", _metadata(), False))
        entries.append((di + "/WHEEL", _wheel_file(), False))
        if os.path.exists(_path("LICENSE")):
            entries.append((di + "/LICENSE", _read(_path("LICENSE")), False))
        os.makedirs(wheel_directory, exist_ok=True)
        name = _wheel_name()
        _write_wheel(os.path.join(wheel_directory, name), entries)
    return name


def _sdist_files():
    """What a build needs, relative to the root."""
    pats = ["pyproject.toml", "LICENSE", "README.md", "include/*.h", "python/*.c", "python/*.h",
            "python/%s/*" % NAME, "python/build_backend/*.py", "docs/*.md"]
    pats += [d + "/*.[ch]" for d in LIB_DIRS]
    out = set()
    for pat in pats:
        for p in glob.glob(_path(pat)):
            if os.path.isfile(p) and not p.endswith((".pyc", ".so")):
                out.add(os.path.relpath(p, ROOT).replace(os.sep, "/"))
    return sorted(out)


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, version())
    os.makedirs(sdist_directory, exist_ok=True)
    name = base + ".tar.gz"
    mtime = _epoch()

    def add(tar, arc, data, mode=0o644):
        info = tarfile.TarInfo(base + "/" + arc)
        info.size, info.mtime, info.mode = len(data), mtime, mode
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        tar.addfile(info, io.BytesIO(data))

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        add(tar, "PKG-INFO", _metadata())
        for rel in _sdist_files():
            add(tar, rel, _read(_path(rel)))
    import gzip
    with open(os.path.join(sdist_directory, name), "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=mtime) as gz:
            gz.write(buf.getvalue())
    return name
