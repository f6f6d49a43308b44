"""Pictures: PNG and SVG through the library's renderer, as `wythoff plot`."""
import os

import pytest

import wythoff
from conftest import noprov_bytes


def test_png_and_svg():
    im = wythoff.plot("wythoff+pass", size=32)
    png = im._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and im.png is png
    assert im._repr_svg_() is None  # Jupyter shows the format asked for
    svg = im.svg
    assert svg.startswith("<?xml") and "<svg" in svg and "wythoff-geometry" in svg
    assert b"wythoff-geometry" in png
    assert "png" in repr(im) and "heatmap" in repr(im)


@pytest.mark.parametrize("style,kw", [("heatmap", {}), ("ppos", {"value": 1}), ("table", {})])
def test_styles_equal_cli(cli, tmp_path, style, kw):
    im = wythoff.plot("wythoff+pass", size=20, style=style, format="svg", **kw)
    assert im._repr_svg_() == im.svg and im._repr_png_() is None
    for fmt in ("png", "svg"):
        f = tmp_path / f"p.{fmt}"
        args = ["--value", kw["value"]] if kw else []
        cli("plot", "wythoff+pass", "--size", 20, "--style", style, "--output", f, *args)
        want = noprov_bytes(f.read_bytes())
        mine = tmp_path / f"m.{fmt}"
        im.save(mine)
        assert mine.read_bytes() == want, (style, fmt)


def test_overlay_and_title(cli, tmp_path):
    im = wythoff.plot(["wythoff", "wythoff+pass", "nim+pass"], size=100, style="ppos", title="three games")
    f = tmp_path / "o.png"
    cli("plot", "wythoff", "wythoff+pass", "nim+pass", "--size", 100, "--style", "ppos", "--title", "three games",
        "--output", f)
    assert im.png == noprov_bytes(f.read_bytes())


def test_save_needs_a_suffix(tmp_path):
    im = wythoff.plot("wythoff", size=8, style="table")
    with pytest.raises(ValueError, match="png or .svg"):
        im.save(tmp_path / "x.gif")
    im.save(str(tmp_path / "x.PNG"))
    assert (tmp_path / "x.PNG").read_bytes()[:4] == b"\x89PNG"
    assert not os.path.exists(tmp_path / "x.gif")


def test_plot_errors():
    with pytest.raises(ValueError, match="only style 'ppos' overlays"):
        wythoff.plot(["wythoff", "nim"], style="heatmap")
    with pytest.raises(ValueError, match="value is for style 'ppos'"):
        wythoff.plot("wythoff", value=1)
    with pytest.raises(ValueError):
        wythoff.plot("wythoff", size=100, style="table")  # the library's limit: at most 64 x 64
