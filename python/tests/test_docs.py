"""The manual's examples run: the `>>>` lines of docs/python.md and of
README.md's "## Python" section.  Each file's examples run in order in one
namespace, as one session."""
import doctest
import os
import re

import wythoff

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"^```(?:pycon|python)\n(.*?)^```", re.S | re.M)


def section(text, title):
    """The text of the section '## title' up to the next '## ' heading, or None."""
    m = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    return m.group(1) if m else None


def run_examples(text, name, tmp_path):
    blocks = [b for b in FENCE.findall(text) if ">>>" in b]
    assert blocks, f"{name}: no >>> examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    globs = {"wythoff": wythoff}
    report = []
    cwd = os.getcwd()
    os.chdir(tmp_path)  # files an example saves go to a temporary folder
    try:
        for i, b in enumerate(blocks):
            test = parser.get_doctest(b, globs, f"{name} block {i + 1}", name, 0)
            runner.run(test, out=report.append, clear_globs=False)
    finally:
        os.chdir(cwd)
    res = doctest.TestResults(runner.failures, runner.tries)
    assert res.failed == 0, f"{name}: {res.failed} of {res.attempted} examples failed:\n" + "".join(report)
    return res.attempted


def test_docs_python_md(tmp_path):
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
        assert run_examples(f.read(), "docs/python.md", tmp_path) >= 20


def test_readme_python_section(tmp_path):
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = section(f.read(), "Python")
    assert text is not None, 'README.md has no "## Python" section'
    run_examples(text, "README.md (## Python)", tmp_path)
