"""setup.py - the Python module `wythoff` (docs/python.md):

    python3 -m pip install --no-build-isolation .

builds the extension wythoff._wythoff from the library's C sources
(src/core, src/check, src/plot) and python/*.c, linked with GMP,
libpng and zlib, and installs the package python/wythoff.  Needs setuptools
and wheel, a C compiler, the Python headers and libgmp-dev, libpng-dev,
zlib1g-dev.  The version is read from include/wythoff.h (WY_VERSION), its
one place.  Intermediate files go to a folder under the temporary directory
($TMPDIR), not into the checkout (its build/ belongs to make).
"""
import glob
import os
import re
import tempfile

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    with open(os.path.join(HERE, "include", "wythoff.h"), encoding="utf-8") as f:
        m = re.search(r'^#define WY_VERSION "([^"]+)"', f.read(), re.M)
    if not m:
        raise RuntimeError("no WY_VERSION in include/wythoff.h")
    return m.group(1)


SOURCES = sorted(os.path.relpath(p, HERE) for d in ("core", "check", "plot")
                 for p in glob.glob(os.path.join(HERE, "src", d, "*.c")))
# the module's own files (python/_wythoff.h lists them)
MODULE = sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(HERE, "python", "*.c")))

# intermediate files outside the checkout, one folder per user
SCRATCH = os.path.join(tempfile.gettempdir(), f"wythoff-setuptools-{os.getuid() if hasattr(os, 'getuid') else 0}")
os.makedirs(SCRATCH, exist_ok=True)

setup(
    name="wythoff",
    version=version(),
    description="Exact Sprague-Grundy values of Wythoff's game and its variants",
    long_description=open(os.path.join(HERE, "docs", "python.md"), encoding="utf-8").read()
    if os.path.exists(os.path.join(HERE, "docs", "python.md")) else "",
    long_description_content_type="text/markdown",
    license="MIT",
    python_requires=">=3.8",
    packages=["wythoff"],
    package_dir={"": "python"},
    package_data={"wythoff": ["py.typed", "*.pyi"]},
    ext_modules=[
        Extension(
            "wythoff._wythoff",
            sources=SOURCES + MODULE,
            depends=["python/_wythoff.h"],
            include_dirs=["include"],
            define_macros=[("_POSIX_C_SOURCE", "200809L")],
            extra_compile_args=["-std=c11", "-pthread", "-fvisibility=hidden"],
            extra_link_args=["-pthread"],
            libraries=["gmp", "png", "z"],
        )
    ],
    options={
        "build": {"build_base": os.path.join(SCRATCH, "build")},
        "egg_info": {"egg_base": SCRATCH},
        "build_ext": {"parallel": os.cpu_count() or 1},
    },
    zip_safe=False,
)
