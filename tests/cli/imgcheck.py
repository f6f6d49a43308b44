#!/usr/bin/env python3
"""imgcheck.py - checks the pictures of `wythoff plot` (helper of tests/cli/plot.sh).

Python standard library only.  Its own PNG decoder (zlib; 8-bit RGB and 8-bit
palette, not interlaced, the five filter types, CRCs verified, tEXt chunks)
and xml.etree for SVG.  The expected values never come from the library:
  - tests/papers/pyref.py (a direct mex recursion over the rules language)
    for small windows of any ruleset;
  - plain `wythoff`: its own recursion with bitmasks of the values seen along
    rows, columns and diagonals (checked against pyref by `selftest`), and
    for P-positions of any window the closed form a_n = floor(n phi) =
    (n + isqrt(5 n^2)) // 2, b_n = a_n + n;
  - plain `nim`: G(x, y) = x XOR y.
The colours come from parsing src/plot/palette.c.

Commands (each prints one line: what was checked, or the problems found,
and exits 0 when all is well, 1 otherwise):
  selftest                               the PNG decoder on images it encodes
                                         (all filters, RGB and palette), a bad
                                         CRC refused; the wythoff recursion
                                         against pyref and the closed form
  heat FILE RULES --rows R --cols C [--pass P] [--heap H]
  ppos FILE RULES... --rows R --cols C [--value G] [--pass P] [--heap H]
  table FILE RULES --rows R --cols C [--pass P] [--heap H]
  geom FILE                              prints the geometry (key=value ...)
  batch                                  reads commands from standard input,
                                         one a line, arguments separated by
                                         tabs; prints "STATUS<TAB>line" for
                                         each (reference values computed once)
FILE is a PNG or an SVG (told by its first bytes).
"""
import base64
import os
import random
import re
import struct
import sys
import zlib
from math import isqrt
import xml.etree.ElementTree as ET

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'papers'))
import pyref  # noqa: E402

SVG_NS = '{http://www.w3.org/2000/svg}'
XLINK_HREF = '{http://www.w3.org/1999/xlink}href'


class Bad(Exception):
    """A problem found: the message says what."""


# ---------------------------------------------------------------------------
# Palette (parsed from src/plot/palette.c)
# ---------------------------------------------------------------------------

_PALETTE = []


def load_palette():
    if not _PALETTE:
        _PALETTE.append(_load_palette())
    return _PALETTE[0]


def _load_palette():
    text = open(os.path.join(ROOT, 'src', 'plot', 'palette.c')).read()

    def array(name, n):
        m = re.search(r'pl_palette_%s\s*\[\s*%d\s*\]\s*\[\s*3\s*\]\s*=\s*\{(.*?)\};' % (name, n), text, re.S)
        if not m:
            raise Bad('src/plot/palette.c: no array pl_palette_%s[%d][3]' % (name, n))
        body = re.sub(r'/\*.*?\*/', '', m.group(1), flags=re.S)
        rows = re.findall(r'\{\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\}', body)
        if len(rows) != n:
            raise Bad('src/plot/palette.c: pl_palette_%s has %d entries, expected %d' % (name, len(rows), n))
        return [tuple(int(v) for v in r) for r in rows]

    def one(name):
        m = re.search(r'pl_palette_%s\s*\[\s*3\s*\]\s*=\s*\{\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\}' % name, text)
        if not m:
            raise Bad('src/plot/palette.c: no pl_palette_%s' % name)
        return tuple(int(v) for v in m.groups())

    return {'seq': array('seq', 256), 'sets': array('sets', 7), 'background': one('background'),
            'ink': one('ink'), 'grid': one('grid'), 'pcell': one('pcell'), 'pcell_ink': one('pcell_ink')}


def hexrgb(c):
    return '#%02x%02x%02x' % tuple(c)


def heat_index(v, vmax):
    return v * 255 // vmax if vmax else 0


# ---------------------------------------------------------------------------
# PNG
# ---------------------------------------------------------------------------

PNG_SIG = b'\x89PNG\r\n\x1a\n'


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


_MASKS = {}


def _bytewise_masks(n):
    """Masks of n bytes 0x7f and 0x80: bytewise addition of two n-byte
    integers without carries between bytes is
    ((a & m7) + (b & m7)) ^ ((a ^ b) & m8)."""
    m = _MASKS.get(n)
    if m is None:
        m = _MASKS[n] = (int.from_bytes(b'\x7f' * n, 'big'), int.from_bytes(b'\x80' * n, 'big'))
    return m


_ZEROS = {}


def _zeros(n):
    z = _ZEROS.get(n)
    if z is None:
        z = _ZEROS[n] = bytes(n)
    return z


def unfilter(ftype, line, prev, bpp):
    n = len(line)
    if ftype == 0:
        return bytes(line)
    if ftype == 1:  # Sub: a running sum per channel, mod 256
        # the line as one big-endian integer, byte i at index i; a prefix sum
        # with stride bpp by doubling (Hillis-Steele): after the steps of
        # shifts bpp, 2 bpp, 4 bpp, ... byte i holds line[i] + line[i - bpp]
        # + line[i - 2 bpp] + ..., each addition bytewise (no carries)
        m7, m8 = _bytewise_masks(n)
        a = int.from_bytes(line, 'big')
        k = bpp
        while k < n:
            b = a >> (8 * k)  # byte i - k moves to index i
            a = ((a & m7) + (b & m7)) ^ ((a ^ b) & m8)
            k *= 2
        return a.to_bytes(n, 'big')
    if ftype == 2:  # Up: bytewise addition without carries between bytes
        if line == _zeros(n):  # the line above again (most lines of a picture)
            return bytes(prev)
        a = int.from_bytes(line, 'big')
        b = int.from_bytes(prev, 'big')
        m7, m8 = _bytewise_masks(n)
        return (((a & m7) + (b & m7)) ^ ((a ^ b) & m8)).to_bytes(n, 'big')
    if ftype == 3:  # Average
        out = bytearray(n)
        for i in range(n):
            left = out[i - bpp] if i >= bpp else 0
            out[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        return bytes(out)
    if ftype == 4:  # Paeth
        out = bytearray(n)
        for i in range(n):
            left = out[i - bpp] if i >= bpp else 0
            upleft = prev[i - bpp] if i >= bpp else 0
            out[i] = (line[i] + _paeth(left, prev[i], upleft)) & 255
        return bytes(out)
    raise Bad('PNG: unknown filter type %d' % ftype)


class Png:
    pass


def read_png(data):
    """Decode a PNG: Png with width, height, ctype (2 or 3), palette (list of
    rgb tuples or None), text (dict), rows (list of bytes: RGB or indices)."""
    if data[:8] != PNG_SIG:
        raise Bad('PNG: bad signature')
    i = 8
    chunks = []
    while i < len(data):
        if i + 8 > len(data):
            raise Bad('PNG: truncated chunk header at byte %d' % i)
        n, = struct.unpack('>I', data[i:i + 4])
        ctype = data[i + 4:i + 8]
        body = data[i + 8:i + 8 + n]
        if len(body) != n or i + 12 + n > len(data):
            raise Bad('PNG: truncated chunk %r' % ctype)
        crc, = struct.unpack('>I', data[i + 8 + n:i + 12 + n])
        if zlib.crc32(ctype + body) & 0xffffffff != crc:
            raise Bad('PNG: bad CRC in chunk %r' % ctype)
        chunks.append((ctype, body))
        i += 12 + n
    if not chunks or chunks[0][0] != b'IHDR':
        raise Bad('PNG: IHDR is not the first chunk')
    if chunks[-1][0] != b'IEND':
        raise Bad('PNG: IEND is not the last chunk')
    p = Png()
    w, h, depth, ct, comp, filt, inter = struct.unpack('>IIBBBBB', chunks[0][1])
    if depth != 8 or ct not in (2, 3) or comp != 0 or filt != 0 or inter != 0:
        raise Bad('PNG: unsupported IHDR depth=%d color=%d comp=%d filter=%d interlace=%d'
                  % (depth, ct, comp, filt, inter))
    p.width, p.height, p.ctype = w, h, ct
    p.palette = None
    p.text = {}
    idat = []
    for t, body in chunks[1:]:
        if t == b'PLTE':
            if len(body) % 3 or not body:
                raise Bad('PNG: PLTE of %d bytes' % len(body))
            p.palette = [tuple(body[k:k + 3]) for k in range(0, len(body), 3)]
        elif t == b'tEXt':
            key, sep, val = body.partition(b'\0')
            if not sep:
                raise Bad('PNG: tEXt without a separator')
            p.text[key.decode('latin-1')] = val.decode('latin-1')
        elif t == b'IDAT':
            idat.append(body)
    if ct == 3 and p.palette is None:
        raise Bad('PNG: palette image without PLTE')
    raw = zlib.decompress(b''.join(idat))
    bpp = 3 if ct == 2 else 1
    stride = w * bpp
    if len(raw) != h * (stride + 1):
        raise Bad('PNG: %d bytes of image data, expected %d' % (len(raw), h * (stride + 1)))
    rows = []
    prev = bytes(stride)
    for j in range(h):
        off = j * (stride + 1)
        line = unfilter(raw[off], raw[off + 1:off + 1 + stride], prev, bpp)
        rows.append(line)
        prev = line
    if ct == 3:
        top = max((max(r) for r in rows if r), default=0)
        if top >= len(p.palette):
            raise Bad('PNG: index %d beyond the palette of %d' % (top, len(p.palette)))
    p.rows = rows
    return p


# An encoder for the self-test: each filter written forward, independently of
# the decoder's inverse.
def _filter(ftype, line, prev, bpp):
    out = bytearray(len(line))
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        pred = [0, a, b, (a + b) // 2, _paeth(a, b, c)][ftype]
        out[i] = (line[i] - pred) % 256
    return bytes(out)


def _chunk(t, body):
    return struct.pack('>I', len(body)) + t + body + struct.pack('>I', zlib.crc32(t + body) & 0xffffffff)


def write_png(rows, w, ctype, palette, filters, text=None):
    bpp = 3 if ctype == 2 else 1
    raw = bytearray()
    prev = bytes(w * bpp)
    for j, line in enumerate(rows):
        f = filters[j % len(filters)]
        raw.append(f)
        raw += _filter(f, line, prev, bpp)
        prev = line
    out = PNG_SIG + _chunk(b'IHDR', struct.pack('>IIBBBBB', w, len(rows), 8, ctype, 0, 0, 0))
    if palette:
        out += _chunk(b'PLTE', b''.join(bytes(c) for c in palette))
    for k, v in (text or {}).items():
        out += _chunk(b'tEXt', k.encode('latin-1') + b'\0' + v.encode('latin-1'))
    comp = zlib.compress(bytes(raw))
    half = len(comp) // 2  # two IDAT chunks
    out += _chunk(b'IDAT', comp[:half]) + _chunk(b'IDAT', comp[half:]) + _chunk(b'IEND', b'')
    return out


# ---------------------------------------------------------------------------
# Files, geometry
# ---------------------------------------------------------------------------

GEOM_INT = ('rows', 'cols', 'width', 'height', 'left', 'top', 'cell', 'block', 'cells-x', 'cells-y')


def parse_geometry(text):
    g = {}
    for item in text.split():
        k, sep, v = item.partition('=')
        if not sep:
            raise Bad('geometry: item %r is not key=value' % item)
        g[k] = int(v) if re.fullmatch(r'\d+', v) else v
    for k in GEOM_INT + ('style', 'orientation'):
        if k not in g:
            raise Bad('geometry %r lacks %s' % (text, k))
    return g


class Picture:
    """kind 'png' (png: Png) or 'svg' (root: the svg element); geom; width, height."""


def load(path):
    data = open(path, 'rb').read()
    pic = Picture()
    if data[:8] == PNG_SIG:
        pic.kind = 'png'
        pic.png = read_png(data)
        if pic.png.ctype != 2:
            raise Bad('the picture is not an RGB PNG (color type %d)' % pic.png.ctype)
        if 'wythoff-geometry' not in pic.png.text:
            raise Bad('PNG without a tEXt "wythoff-geometry" (chunks: %s)' % sorted(pic.png.text))
        pic.geom = parse_geometry(pic.png.text['wythoff-geometry'])
        pic.width, pic.height = pic.png.width, pic.png.height
    else:
        pic.kind = 'svg'
        try:
            root = ET.fromstring(data)
        except ET.ParseError as e:
            raise Bad('SVG is not well-formed XML: %s' % e)
        if root.tag != SVG_NS + 'svg':
            raise Bad('root element %s, not svg' % root.tag)
        pic.root = root
        desc = [d for d in root.iter(SVG_NS + 'desc') if d.get('id') == 'wythoff-geometry']
        if len(desc) != 1:
            raise Bad('SVG has %d <desc id="wythoff-geometry">' % len(desc))
        pic.geom = parse_geometry(desc[0].text or '')
        pic.width, pic.height = int(root.get('width')), int(root.get('height'))
    g = pic.geom
    if (g['width'], g['height']) != (pic.width, pic.height):
        raise Bad('geometry says %dx%d, the picture is %dx%d' % (g['width'], g['height'], pic.width, pic.height))
    return pic


def pixel(pic, px, py):
    if not (0 <= px < pic.width and 0 <= py < pic.height):
        raise Bad('pixel (%d, %d) outside the %dx%d picture' % (px, py, pic.width, pic.height))
    r = pic.png.rows[py]
    return tuple(r[3 * px:3 * px + 3])


def expect_geom(g, **want):
    for k, v in want.items():
        k2 = k.replace('_', '-')
        if g.get(k2) != v:
            raise Bad('geometry %s=%r, expected %r (geometry: %s)' % (k2, g.get(k2), v, fmt_geom(g)))


def fmt_geom(g):
    return ' '.join('%s=%s' % kv for kv in g.items())


# ---------------------------------------------------------------------------
# Reference values
# ---------------------------------------------------------------------------

def wythoff_pairs(limit):
    """The P-positions (a_n, b_n) with a_n < limit (closed form, integers)."""
    out = []
    n = 0
    while True:
        a = (n + isqrt(5 * n * n)) // 2
        if a >= limit:
            return out
        out.append((a, a + n))
        n += 1


def wythoff_values(R, C):
    """Plain Wythoff, every value: mex of the values left in the row, up in
    the column and on the diagonal, kept as bitmasks."""
    colm = [0] * C
    diagm = [0] * (R + C)  # diagonal x - y at index x - y + C
    g = []
    for x in range(R):
        rowm = 0
        gx = [0] * C
        d = x + C
        for y in range(C):
            seen = rowm | colm[y] | diagm[d - y]
            m = (~seen & (seen + 1)).bit_length() - 1
            gx[y] = m
            bit = 1 << m
            rowm |= bit
            colm[y] |= bit
            diagm[d - y] |= bit
        g.append(gx)
    return g


def plain(rules):
    return rules in ('wythoff', 'nim')


_REF = {}


def ref_values(rules, R, C, p=None, h=None):
    """values[x][y] of the window at side state (p, h) (computed once per
    window; the callers only read it)."""
    key = (rules, R, C, p, h)
    if key not in _REF:
        # a value does not depend on the window: a larger window computed
        # before holds this one
        for (r2, R2, C2, p2, h2), v in _REF.items():
            if (r2, p2, h2) == (rules, p, h) and R2 >= R and C2 >= C:
                _REF[key] = [row[:C] for row in v[:R]]
                break
        else:
            _REF[key] = _ref_values(rules, R, C, p, h)
    return _REF[key]


def _ref_values(rules, R, C, p=None, h=None):
    if rules == 'nim':
        return [[x ^ y for y in range(C)] for x in range(R)]
    if rules == 'wythoff':
        return wythoff_values(R, C)
    work = R * C * (R + C) * (1 + (p if p is not None else 1))
    if work > 2e7:
        raise Bad('window %dx%d of %s too large for the Python reference' % (R, C, rules))
    return pyref.table(rules, R, C, p, h)


def side_for(rules, p, h):
    r = pyref.parse_rules(rules)
    return (p if r['pass'] else None), (h if r['heap'] else None)


def ref_set(rules, R, C, G, p=None, h=None):
    """The positions of value G in the window."""
    if rules == 'wythoff' and G == 0:
        s = set()
        for a, b in wythoff_pairs(max(R, C)):
            if a < R and b < C:
                s.add((a, b))
            if b < R and a < C:
                s.add((b, a))
        return s
    if rules == 'nim':
        return {(x, x ^ G) for x in range(R) if (x ^ G) < C}
    v = ref_values(rules, R, C, p, h)
    return {(x, y) for x in range(R) for y in range(C) if v[x][y] == G}


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------

def near(a, b):
    return abs(a - b) < 1e-6


def check_heat(pic, pal, rules, R, C, p, h):
    g = pic.geom
    vals = ref_values(rules, R, C, p, h)
    vmax = max(max(r) for r in vals)
    expect_geom(g, style='heatmap', rows=R, cols=C, block=1, cells_x=R, cells_y=C, orientation='x-right-y-up',
                vmax=vmax)
    L, T, S = g['left'], g['top'], g['cell']
    if S < 1:
        raise Bad('cell %d' % S)
    seq = pal['seq']
    def col(x, y):  # the expected colour of the cell of (x, y)
        return seq[heat_index(vals[x][y], vmax)]
    if pic.kind == 'png':
        return check_heat_png(pic, pal, vals, vmax, col, R, C, L, T, S)
    return check_heat_svg(pic, pal, vals, vmax, col, R, C, L, T, S)


def check_heat_png(pic, pal, vals, vmax, col, R, C, L, T, S):
    seq = pal['seq']
    if L + R * S > pic.width or T + C * S > pic.height or L < 1 or T < 1:
        raise Bad('cell area %d+%d*%d x %d+%d*%d does not fit %dx%d with its frame'
                  % (L, R, S, T, C, S, pic.width, pic.height))
    bad = []
    # the S pixels of a cell of value v: pix[v]; the column y of the window
    # (x = 0..R-1) is the pixel row of y, left to right
    pix = [bytes(seq[heat_index(v, vmax)]) * S for v in range(vmax + 1)]
    for y, column in enumerate(zip(*vals)):
        want = b''.join([pix[v] for v in column])
        for k in range(S):
            py = T + (C - 1 - y) * S + k
            got = pic.png.rows[py][3 * L:3 * (L + R * S)]
            if got != want:
                for x in range(R):
                    seg = got[3 * x * S:3 * (x + 1) * S]
                    if seg != want[3 * x * S:3 * (x + 1) * S]:
                        off = next(i for i in range(S) if seg[3 * i:3 * i + 3] != want[3 * x * S:3 * x * S + 3])
                        bad.append('(%d, %d) value %d: pixel (%d, %d) is %s, expected %s' % (
                            x, y, vals[x][y], L + x * S + off, py, hexrgb(seg[3 * off:3 * off + 3]),
                            hexrgb(col(x, y))))
                        if len(bad) >= 5:
                            raise Bad('; '.join(bad))
    if bad:
        raise Bad('; '.join(bad))
    # P-positions: the darkest entry of the scale, and the first
    lum = [0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] for c in seq]
    if min(range(256), key=lambda i: lum[i]) != 0:
        raise Bad('entry 0 of the heat scale is not its darkest')
    nP = sum(row.count(0) for row in vals)
    # the frame: one pixel outside the cell area, all round, is no heat colour
    heat = set(seq)
    for px in range(L - 1, L + R * S + 1):
        for py in (T - 1, T + C * S):
            if pixel(pic, px, py) in heat:
                raise Bad('frame pixel (%d, %d) has a heat colour %s' % (px, py, hexrgb(pixel(pic, px, py))))
    for py in range(T - 1, T + C * S + 1):
        for px in (L - 1, L + R * S):
            if pixel(pic, px, py) in heat:
                raise Bad('frame pixel (%d, %d) has a heat colour %s' % (px, py, hexrgb(pixel(pic, px, py))))
    return 'all %d pixels of %d cells (%d P) right; frame ok' % (R * C * S * S, R * C, nP)


def check_heat_svg(pic, pal, vals, vmax, col, R, C, L, T, S):
    rects = [e for e in pic.root.iter(SVG_NS + 'rect') if e.get('class') == 'cell']
    images = [e for e in pic.root.iter(SVG_NS + 'image')]
    if R * C <= 16384:
        if images:
            raise Bad('%d cells, yet %d <image> elements' % (R * C, len(images)))
        seen = set()
        for e in rects:
            x, y, v = int(e.get('data-x')), int(e.get('data-y')), int(e.get('data-value'))
            if not (0 <= x < R and 0 <= y < C):
                raise Bad('cell data-x=%d data-y=%d outside the window' % (x, y))
            if (x, y) in seen:
                raise Bad('position (%d, %d) has two cells' % (x, y))
            seen.add((x, y))
            if v != vals[x][y]:
                raise Bad('(%d, %d): data-value %d, reference %d' % (x, y, v, vals[x][y]))
            if e.get('fill', '').lower() != hexrgb(col(x, y)):
                raise Bad('(%d, %d) value %d: fill %s, expected %s' % (x, y, v, e.get('fill'), hexrgb(col(x, y))))
            want = (L + x * S, T + (C - 1 - y) * S, S, S)
            got = tuple(float(e.get(a)) for a in ('x', 'y', 'width', 'height'))
            if got != want:
                raise Bad('(%d, %d): rect x,y,w,h %s, expected %s' % (x, y, got, want))
        if len(seen) != R * C:
            raise Bad('%d cells, expected %d' % (len(seen), R * C))
        return '%d <rect class="cell"> right (values, fills, places); %s' % (R * C, heat_svg_extras(
            pic, pal, vmax, R, C, L, T, S))
    if rects:
        raise Bad('%d cells: expected <image> tiles, found %d cell rects' % (R * C, len(rects)))
    if not images:
        raise Bad('%d cells and no <image>' % (R * C))
    seq = pal['seq']
    hi = [heat_index(v, vmax) for v in range(vmax + 1)]
    want_rows = [bytes([hi[v] for v in column]) for column in zip(*vals)]  # y = 0..C-1, x = 0..R-1
    cov = bytearray(R * C)
    for e in images:
        tx, ty, nx, ny = (int(e.get(a)) for a in ('data-x', 'data-y', 'data-nx', 'data-ny'))
        if not (nx >= 1 and ny >= 1 and 0 <= tx and tx + nx <= R and 0 <= ty and ty + ny <= C):
            raise Bad('tile x=%d y=%d nx=%d ny=%d outside the %dx%d window' % (tx, ty, nx, ny, R, C))
        want = (L + tx * S, T + (C - ty - ny) * S, nx * S, ny * S)
        got = tuple(float(e.get(a)) for a in ('x', 'y', 'width', 'height'))
        if got != want:
            raise Bad('tile (%d, %d): image x,y,w,h %s, expected %s' % (tx, ty, got, want))
        href = e.get(XLINK_HREF) or e.get('href') or ''
        pre = 'data:image/png;base64,'
        if not href.startswith(pre):
            raise Bad('tile (%d, %d): href is not a base64 PNG' % (tx, ty))
        img = read_png(base64.b64decode(href[len(pre):], validate=True))
        if img.ctype != 3:
            raise Bad('tile (%d, %d): PNG colour type %d, expected a palette' % (tx, ty, img.ctype))
        if (img.width, img.height) != (nx, ny):
            raise Bad('tile (%d, %d): PNG %dx%d, expected %dx%d' % (tx, ty, img.width, img.height, nx, ny))
        for i, c in enumerate(img.palette):
            if c != seq[i]:
                raise Bad('tile (%d, %d): palette entry %d is %s, heat scale %s' % (tx, ty, i, hexrgb(c),
                                                                                   hexrgb(seq[i])))
        for j in range(ny):
            y = ty + ny - 1 - j
            if img.rows[j] != want_rows[y][tx:tx + nx]:
                got = img.rows[j]
                i = next(i for i in range(nx) if got[i] != want_rows[y][tx + i])
                raise Bad('tile (%d, %d): pixel (%d, %d) = position (%d, %d) value %d has index %d, expected %d'
                          % (tx, ty, i, j, tx + i, y, vals[tx + i][y], got[i], want_rows[y][tx + i]))
            cov[y * R + tx:y * R + tx + nx] = b'\x01' * nx
    missing = cov.count(0)
    if missing:
        k = cov.index(0)
        raise Bad('%d positions in no tile, e.g. (%d, %d)' % (missing, k % R, k // R))
    return '%d tiles cover all %d positions with the right indices; %s' % (len(images), R * C, heat_svg_extras(
        pic, pal, vmax, R, C, L, T, S))


def heat_svg_extras(pic, pal, vmax, R, C, L, T, S):
    nx, ny = check_svg_ticks(pic, R, C, 1, S, L, T, R, C)
    nb = check_svg_colour_bar(pic, pal, vmax, L, T, S, R, C)
    return '%d x ticks, %d y ticks, colour bar with %d labels in place' % (nx, ny, nb)


def check_ppos(pic, pal, games, R, C, G, p, h):
    g = pic.geom
    n = len(games)
    expect_geom(g, style='ppos', rows=R, cols=C, orientation='x-right-y-up', value=G, games=n)
    B, S, L, T = g['block'], g['cell'], g['left'], g['top']
    cx, cy = -(-R // B), -(-C // B)
    expect_geom(g, cells_x=cx, cells_y=cy)
    if B != 1 and S != 1:
        raise Bad('block %d and cell %d: one of them must be 1' % (B, S))
    mask = {}
    for i, rules in enumerate(games):
        pp, hh = side_for(rules, p, h)
        for (x, y) in ref_set(rules, R, C, G, pp, hh):
            k = (x // B, y // B)
            mask[k] = mask.get(k, 0) | 1 << i
    sets = pal['sets']
    counts = [0] * 8
    for m in mask.values():
        counts[m] += 1
    summary = 'masks ' + ' '.join('m%d:%d' % (m, counts[m]) for m in range(1, 8) if counts[m])
    if pic.kind == 'png':
        empty = {pal['background'], pal['grid']}
        bad = []
        # per row of cells: the centre pixels as bytes, against the expected
        # ones with the background in the empty cells; a row that differs is
        # looked at cell by cell (an empty cell may show the grid colour)
        by_row = {}
        for (i, j), m in mask.items():
            by_row.setdefault(j, []).append((i, m))
        bg = bytes(pal['background'])
        x0 = L + S // 2
        if not (0 <= x0 and x0 + (cx - 1) * S < pic.width and 0 <= T + S // 2 and T + (cy - 1) * S + S // 2 < pic.height):
            raise Bad('cell centres (%d + %d i, %d + %d j), i < %d, j < %d, outside the %dx%d picture'
                      % (x0, S, T + S // 2, S, cx, cy, pic.width, pic.height))
        for j in range(cy):
            py = T + (cy - 1 - j) * S + S // 2
            row = pic.png.rows[py]
            if S == 1:
                centres = row[3 * x0:3 * (x0 + cx)]
            else:
                centres = bytearray(3 * cx)
                for ch in range(3):
                    centres[ch::3] = row[3 * x0 + ch::3 * S][:cx]
            want = bytearray(bg * cx)
            for i, m in by_row.get(j, ()):
                want[3 * i:3 * i + 3] = bytes(sets[m - 1])
            if centres == want:
                continue
            for i in range(cx):
                px = L + i * S + S // 2
                c = tuple(row[3 * px:3 * px + 3])
                m = mask.get((i, j), 0)
                if (m and c != sets[m - 1]) or (not m and c not in empty):
                    what = ('positions %d..%d x %d..%d' % (i * B, i * B + B - 1, j * B, j * B + B - 1)
                            if B > 1 else 'position (%d, %d)' % (i, j))
                    bad.append('%s (mask %d): centre pixel (%d, %d) is %s, expected %s' % (
                        what, m, px, py, hexrgb(c), hexrgb(sets[m - 1]) if m else 'background'))
                    if len(bad) >= 5:
                        raise Bad('; '.join(bad))
        if bad:
            raise Bad('; '.join(bad))
        return 'the centres of all %d cells right (block %d, cell %d); %s' % (cx * cy, B, S, summary)
    got = {}
    for e in pic.root.iter():
        cls = (e.get('class') or '').split()
        if 'dot' not in cls:
            continue
        ms = [c for c in cls if re.fullmatch(r'm[1-7]', c)]
        if len(ms) != 1:
            raise Bad('dot with class %r' % e.get('class'))
        m = int(ms[0][1:])
        if e.tag == SVG_NS + 'circle':
            ccx, ccy = float(e.get('cx')), float(e.get('cy'))
            if float(e.get('r')) <= 0 or 2 * float(e.get('r')) > S:
                raise Bad('dot radius %s in a cell of %d' % (e.get('r'), S))
        elif e.tag == SVG_NS + 'rect':
            w, hh = float(e.get('width')), float(e.get('height'))
            ccx, ccy = float(e.get('x')) + w / 2, float(e.get('y')) + hh / 2
            if S >= 3:
                raise Bad('a square dot in cells of %d pixels (expected circles)' % S)
        else:
            raise Bad('dot element %s' % e.tag)
        if e.get('fill', '').lower() != hexrgb(sets[m - 1]):
            raise Bad('dot m%d with fill %s, expected %s' % (m, e.get('fill'), hexrgb(sets[m - 1])))
        fi, fj = (ccx - L - S / 2) / S, (cy - 1) - (ccy - T - S / 2) / S
        i, j = round(fi), round(fj)
        if not (near(fi, i) and near(fj, j)):
            raise Bad('dot centred at (%s, %s): not a cell centre' % (ccx, ccy))
        if B == 1:
            dx, dy = int(e.get('data-x')), int(e.get('data-y'))
            if (dx, dy) != (i, j):
                raise Bad('dot data-x=%d data-y=%d centred on the cell of (%d, %d)' % (dx, dy, i, j))
        if (i, j) in got:
            raise Bad('two dots on cell (%d, %d)' % (i, j))
        got[(i, j)] = m
    if got != mask:
        extra = sorted(k for k in got if got[k] != mask.get(k))
        miss = sorted(k for k in mask if k not in got)
        raise Bad('dots differ from the reference: wrong or extra %s; missing %s' % (
            ['%s m%d (ref m%d)' % (k, got[k], mask.get(k, 0)) for k in extra[:5]], miss[:5]))
    nx, ny = check_svg_ticks(pic, R, C, B, S, L, T, cx, cy)
    extra = '%d x ticks, %d y ticks in place' % (nx, ny)
    if B == 1 and mask:
        extra += ', %d legend counts right' % check_svg_legend_counts(pic, pal, mask, L, S, cx)
    return '%d dots exactly the reference (block %d, cell %d); %s; %s' % (len(got), B, S, summary, extra)


def check_table(pic, pal, rules, R, C, p, h):
    g = pic.geom
    vals = ref_values(rules, R, C, p, h)
    expect_geom(g, style='table', rows=R, cols=C, block=1, cells_x=C, cells_y=R, orientation='x-down-y-right')
    L, T, S = g['left'], g['top'], g['cell']
    nP = sum(row.count(0) for row in vals)
    if pic.kind == 'png':
        for x in range(R):
            for y in range(C):
                want = pal['pcell'] if vals[x][y] == 0 else pal['background']
                for (dx, dy) in ((2, 2), (S - 3, S - 3)):
                    px, py = L + y * S + dx, T + x * S + dy
                    c = pixel(pic, px, py)
                    if c != want:
                        raise Bad('(%d, %d) value %d: pixel (%d, %d) is %s, expected %s' % (
                            x, y, vals[x][y], px, py, hexrgb(c), hexrgb(want)))
        for x in range(R):
            for y in range(C):
                ink = bytes(pal['pcell_ink'] if vals[x][y] == 0 else pal['ink'])
                px = L + y * S
                if not any(ink in pic.png.rows[T + x * S + k][3 * (px + 1):3 * (px + S)] for k in range(1, S)):
                    raise Bad('(%d, %d): no number drawn in the cell (no pixel of %s)' % (x, y, hexrgb(ink)))
        return 'all %d cells right (%d P on red), a number drawn in each' % (R * C, nP)
    seen = set()
    for e in pic.root.iter(SVG_NS + 'rect'):
        cls = (e.get('class') or '').split()
        if 'cell' not in cls:
            continue
        x, y, v = int(e.get('data-x')), int(e.get('data-y')), int(e.get('data-value'))
        if not (0 <= x < R and 0 <= y < C) or (x, y) in seen:
            raise Bad('cell (%d, %d) outside the window or twice' % (x, y))
        seen.add((x, y))
        if v != vals[x][y]:
            raise Bad('(%d, %d): data-value %d, reference %d' % (x, y, v, vals[x][y]))
        if ('p' in cls) != (v == 0) or ('n' in cls) != (v != 0):
            raise Bad('(%d, %d) value %d has class %r' % (x, y, v, e.get('class')))
        want = pal['pcell'] if v == 0 else pal['background']
        if e.get('fill', '').lower() != hexrgb(want):
            raise Bad('(%d, %d) value %d: fill %s, expected %s' % (x, y, v, e.get('fill'), hexrgb(want)))
        got = tuple(float(e.get(a)) for a in ('x', 'y', 'width', 'height'))
        if got != (L + y * S, T + x * S, S, S):
            raise Bad('(%d, %d): rect %s, expected %s' % (x, y, got, (L + y * S, T + x * S, S, S)))
    if len(seen) != R * C:
        raise Bad('%d cells, expected %d' % (len(seen), R * C))
    check_svg_table_text(pic, pal, vals, R, C, L, T, S)
    return '%d cells right (%d class p); every number and label in its place' % (R * C, nP)


# ---------------------------------------------------------------------------
# SVG texts: axes, colour bar, legend, table numbers
# ---------------------------------------------------------------------------

def svg_texts(root):
    """(x, y, text, s, fill) of the unrotated <text> elements: x, y the
    left end and baseline, s the font scale (font-size / 10)."""
    out = []
    for e in root.iter(SVG_NS + 'text'):
        if e.get('x') is None:
            continue
        s = float(e.get('font-size')) / 10
        out.append((float(e.get('x')), float(e.get('y')), e.text or '', s, (e.get('fill') or '').lower()))
    return out


def text_w(n, s):
    return (6 * n - 1) * s if n else 0


def check_svg_ticks(pic, R, C, B, S, L, T, cx, cy):
    """x tick labels centred under their positions' cells, y tick labels
    level with theirs (y upward)."""
    pw, ph = cx * S, cy * S
    xt, yt = [], []
    for (x, y, t, s, _) in svg_texts(pic.root):
        if not t.isdigit():
            continue
        p = int(t)
        if y > T + ph + 10 * s and x < L + pw:  # under the plot: x ticks
            c = x + text_w(len(t), s) / 2
            want = L + (p // B) * S + S // 2
            if abs(c - want) > 1 or p >= R:
                raise Bad('x tick label %s centred at %s, expected %s (cell of x = %d)' % (t, c, want, p))
            xt.append(p)
        elif x + text_w(len(t), s) <= L - 4 * s and T - 10 * s <= y <= T + ph + 10 * s:  # left of the plot: y ticks
            c = y - 4 * s
            want = T + (cy - 1 - p // B) * S + S // 2
            if abs(c - want) > 0.5 or p >= C:
                raise Bad('y tick label %s level at %s, expected %s (cell of y = %d, upward)' % (t, c, want, p))
            yt.append(p)
    for name, ticks, n in (('x', xt, R), ('y', yt, C)):
        if not ticks or min(ticks) != 0 or len(set(ticks)) != len(ticks) or (n > 1 and len(ticks) < 2):
            raise Bad('%s tick labels %s' % (name, sorted(ticks)))
    return len(xt), len(yt)


def check_svg_colour_bar(pic, pal, vmax, L, T, S, cx, cy):
    """The bar right of the plot: one rect per pixel row, entries rising
    upward from 0 to 255; each numeric label v level with entry v*255/vmax
    (within 2, the bar being pixel rows)."""
    seq = {hexrgb(c): i for i, c in reversed(list(enumerate(pal['seq'])))}
    right = L + cx * S
    bar = {}
    for e in pic.root.iter(SVG_NS + 'rect'):
        if e.get('class') or float(e.get('x', -1)) <= right or e.get('height') != '1':
            continue
        f = (e.get('fill') or '').lower()
        if f in seq:
            bar[int(float(e.get('y')))] = seq[f]
    if not bar:
        raise Bad('no colour bar')
    ys = sorted(bar)
    idx = [bar[y] for y in reversed(ys)]  # bottom to top
    if idx[0] != 0 or idx[-1] != 255 or any(b < a for a, b in zip(idx, idx[1:])) or ys != list(range(ys[0], ys[-1] + 1)):
        raise Bad('colour bar entries bottom to top %s...%s, not 0 rising to 255 over contiguous rows' % (idx[:5], idx[-5:]))
    labels = 0
    for (x, y, t, s, _) in svg_texts(pic.root):
        if t.isdigit() and x > right:
            v = int(t)
            yc = int(y - 4 * s)
            want = heat_index(v, vmax)
            if v > vmax or yc not in bar or abs(bar[yc] - want) > 2:
                raise Bad('colour bar label %d (vmax %d) level with entry %s, expected about %d' % (
                    v, vmax, bar.get(yc), want))
            labels += 1
    if labels < 2 and vmax > 0:
        raise Bad('colour bar with %d labels' % labels)
    return labels


def check_svg_legend_counts(pic, pal, mask, L, S, cx):
    """Block 1: the legend's "(N)" next to the disc of mask m is the number
    of positions of mask m."""
    sets = {hexrgb(c): m + 1 for m, c in enumerate(pal['sets'])}
    right = L + cx * S
    discs = []
    for e in pic.root.iter(SVG_NS + 'circle'):
        if 'dot' in (e.get('class') or '').split() or float(e.get('cx')) <= right:
            continue
        f = (e.get('fill') or '').lower()
        if f in sets:
            discs.append((float(e.get('cy')), sets[f]))
    counts = {}
    for m in mask.values():
        counts[m] = counts.get(m, 0) + 1
    seen = set()
    for (x, y, t, s, _) in svg_texts(pic.root):
        mt = re.fullmatch(r'.* \((\d+)\)', t)
        if not mt or x <= right or not discs:
            continue
        cyd, m = min(discs, key=lambda d: abs(d[0] - y))
        if counts.get(m, 0) != int(mt.group(1)):
            raise Bad('legend %r next to the disc of mask %d: the reference has %d positions'
                      % (t, m, counts.get(m, 0)))
        seen.add(m)
    if not seen:
        raise Bad('no legend counts found')
    return len(seen)


def check_svg_table_text(pic, pal, vals, R, C, L, T, S):
    """Every cell's number (the reference value, white on P cells), every
    row label and column label, in its place."""
    got = {}
    for (x, y, t, s, fill) in svg_texts(pic.root):
        if not t.isdigit():
            continue
        c = x + text_w(len(t), s) / 2
        j = (c - L) // S
        i = (y - 7 * s - T) // S
        if j < -1 or i < -1 or j >= C or i >= R:
            continue
        i, j = int(i), int(j)
        if (i, j) in got:
            raise Bad('two numbers in cell row %d column %d' % (i, j))
        got[(i, j)] = int(t)
        if i >= 0 and j >= 0:
            if abs(c - (L + j * S + S / 2)) > 1:
                raise Bad('number %s of (%d, %d) not centred: %s' % (t, i, j, c))
            want = hexrgb(pal['pcell_ink'] if vals[i][j] == 0 else pal['ink'])
            if int(t) != vals[i][j] or fill != want:
                raise Bad('(%d, %d): number %s in %s, reference %d in %s' % (i, j, t, fill, vals[i][j], want))
    for x in range(R):
        if got.get((x, -1)) != x:
            raise Bad('row label of x = %d: %s' % (x, got.get((x, -1))))
        for y in range(C):
            if (x, y) not in got:
                raise Bad('no number in cell (%d, %d)' % (x, y))
    for y in range(C):
        if got.get((-1, y)) != y:
            raise Bad('column label of y = %d: %s' % (y, got.get((-1, y))))
    return R * C


# ---------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------

def selftest():
    rng = random.Random(12345)
    n = 0
    for ctype in (2, 3):
        bpp = 3 if ctype == 2 else 1
        for w, hgt in ((1, 1), (7, 5), (33, 9), (301, 3)):
            pal = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(rng.randrange(1, 257))] \
                if ctype == 3 else None
            rows = []
            for j in range(hgt):
                if ctype == 3:
                    rows.append(bytes(rng.randrange(len(pal)) for _ in range(w)))
                else:  # smooth and random parts, so that every predictor matters
                    rows.append(bytes((rng.randrange(256) if rng.random() < 0.5 else (i * 7 + j * 3) % 256)
                                      for i in range(w * bpp)))
            for filters in ([0], [1], [2], [3], [4], [4, 3, 2, 1, 0]):
                data = write_png(rows, w, ctype, pal, filters, {'k': 'v=1 w=2'})
                p = read_png(data)
                if p.rows != rows or (p.width, p.height) != (w, hgt) or p.palette != pal or p.text != {'k': 'v=1 w=2'}:
                    raise Bad('decoder: color %d %dx%d filters %s decoded wrongly' % (ctype, w, hgt, filters))
                n += 1
    # repeated lines (the Up filter's zero lines: the decoder's fast path)
    rows = [bytes(rng.randrange(256) for _ in range(60))] * 3 + [bytes(60)] * 2 + \
        [bytes(rng.randrange(256) for _ in range(60))] * 2
    for filters in ([2], [2, 1], [4, 2]):
        if read_png(write_png(rows, 20, 2, None, filters)).rows != rows:
            raise Bad('decoder: repeated lines with filters %s decoded wrongly' % filters)
        n += 1
    data = bytearray(write_png([b'\x01\x02\x03'], 1, 2, None, [0]))
    data[-20] ^= 1  # inside the IDAT chunk
    try:
        read_png(bytes(data))
        raise Bad('decoder accepted a bad CRC')
    except Bad as e:
        if 'CRC' not in str(e):
            raise
    for R, C in ((30, 30), (12, 25)):
        if wythoff_values(R, C) != pyref.table('wythoff', R, C):
            raise Bad('wythoff bitmask recursion differs from pyref on %dx%d' % (R, C))
    v = wythoff_values(300, 300)
    ps = {(x, y) for x in range(300) for y in range(300) if v[x][y] == 0}
    if ps != ref_set('wythoff', 300, 300, 0):
        raise Bad('wythoff recursion P-positions differ from the closed form on 300x300')
    nim = pyref.table('nim', 20, 20)
    if ref_set('nim', 20, 20, 3) != {(x, y) for x in range(20) for y in range(20) if nim[x][y] == 3}:
        raise Bad('nim XOR differs from pyref')
    return 'PNG decoder on %d images (RGB and palette, filters 0-4, mixed), bad CRC refused; ' \
           'wythoff recursion = pyref = closed form; nim XOR = pyref' % n


# ---------------------------------------------------------------------------

def run(argv):
    """One command (argv without the program name): (exit status, the line
    to print)."""
    if not argv:
        return 2, __doc__
    cmd = argv[0]
    opts = {}
    pos = []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a.startswith('--'):
            opts[a[2:]] = argv[i + 1]
            i += 2
        else:
            pos.append(a)
            i += 1
    try:
        if cmd == 'selftest':
            return 0, selftest()
        pic = load(pos[0])
        if cmd == 'geom':
            return 0, fmt_geom(pic.geom)
        pal = load_palette()
        R, C = int(opts['rows']), int(opts['cols'])
        p = int(opts['pass']) if 'pass' in opts else None
        h = int(opts['heap']) if 'heap' in opts else None
        if cmd == 'heat':
            pp, hh = side_for(pos[1], p, h)
            msg = check_heat(pic, pal, pos[1], R, C, pp, hh)
        elif cmd == 'table':
            pp, hh = side_for(pos[1], p, h)
            msg = check_table(pic, pal, pos[1], R, C, pp, hh)
        elif cmd == 'ppos':
            msg = check_ppos(pic, pal, pos[1:], R, C, int(opts.get('value', 0)), p, h)
        else:
            return 2, 'unknown command %r' % cmd
        return 0, '%s %s: %s' % (pic.kind, pic.geom['style'], msg)
    except Bad as e:
        return 1, str(e)
    except Exception as e:  # a malformed file, for instance
        return 1, '%s: %s' % (type(e).__name__, e)


def batch(lines):
    """Each line: a command's arguments separated by tabs.  Prints, per line,
    "STATUS<TAB>message" (STATUS the command's exit status); the palette and
    the reference values are computed once for all."""
    cmds = [line.rstrip('\n').split('\t') for line in lines if line.rstrip('\n')]
    # plain wythoff's values: the largest window any check needs, computed
    # first, holds the others (ref_values slices it)
    R = C = 0
    for a in cmds:
        try:
            if a[0] in ('heat', 'table', 'ppos') and 'wythoff' in a and '--rows' in a and '--cols' in a and \
                    (a[0] != 'ppos' or int(a[a.index('--value') + 1] if '--value' in a else 0) != 0):
                R = max(R, int(a[a.index('--rows') + 1]))
                C = max(C, int(a[a.index('--cols') + 1]))
        except (ValueError, IndexError):
            pass  # run() reports it
    if R and C:
        ref_values('wythoff', R, C)
    for a in cmds:
        rc, msg = run(a)
        print('%d\t%s' % (rc, ' '.join(msg.split('\n'))), flush=True)
    return 0


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    if argv[1] == 'batch':
        return batch(sys.stdin)
    rc, msg = run(argv[1:])
    print(msg)
    return rc


if __name__ == '__main__':
    sys.exit(main(sys.argv))
