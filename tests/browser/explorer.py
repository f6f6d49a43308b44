#!/usr/bin/env python3
"""explorer.py - the explorer of `wythoff serve` (web/) in a real browser.

Starts `WYTHOFF serve --port 0 --quiet` (WYTHOFF: the first argument, else
$WY_BUILD/wythoff, else build/wythoff), reads the address from its first
line of standard output, and drives headless Chromium through Selenium as a
person uses the page:

  - the page loads (no error shown, the server's version in the header);
  - the ruleset picker switches to wythoff+pass (the text field, the side
    state and the URL follow); a bad ruleset shows the API's message, the
    command line's own words;
  - the heatmap draws: every visible tile loaded (naturalWidth 256), and the
    pixels of tile (0, 0) read back from the page: a position is white iff
    it is a P-position (reference: `wythoff table`); with a second ruleset
    the P-positions take the legend's three colours (reference: the closed
    form of Wythoff's P-positions, floor(n phi) in exact integers);
  - drag pans and the wheel and the +/- buttons zoom (the view in the URL);
  - hovering a cell shows its (x, y), value and outcome (reference:
    `wythoff value`);
  - clicking a cell lists its options with their values, the winning ones
    marked (reference: `wythoff moves`);
  - a game against the engine, which starts from an N-position, played to
    its end (the player takes the move to the smallest x + y), with one
    undo; the engine must win;
  - two claims checked: PASS and ERRATUM, as `wythoff check` says;
  - the exact box with 40-digit positions (reference: `wythoff value` and
    `wythoff moves`, and the closed form for a Wythoff pair);
  - a URL with a state in its hash restores that state, and a reload keeps
    the current one;
  - the game panel names the moves of the ruleset (docs/rules.md, "Moves");
  - the zoom of a URL alone (#rules=nim+pass&z=-1) is honoured;
  - the colour scale fitted to the view: its top is the largest value of the
    tiles in view (reference: `wythoff table`), fewer dark pixels than under
    the old fixed top 2048 x 2^z; a new top re-colours the tiles with no
    request (no /api/tilevalues, no /api/tile), the pixels as the palette
    says for the values of `wythoff table`;
  - an undecided position (exit 6 on the command line) shows as an answer,
    no error banner; banners go when the state changes;
  - the region beyond the table labelled on the map (a second server with
    --mem-limit 16M, tables of side 1024);
  - no JavaScript error in the console.

Prints one line per check, "PASS name" or "FAIL name: why"; exits 0 iff all
passed.  Screenshots of each step go to ${WY_ARTIFACTS:-build/artifacts}/browser/.
The server and the browser are stopped at the end, also on failure.
Needs: chromium, chromedriver and Python's selenium (Debian: chromium,
chromium-driver, python3-selenium); tests/cli/browser.sh checks for them.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from math import isqrt

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
W = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.environ.get('WY_BUILD', 'build'), 'wythoff')
if not os.path.isabs(W):
    W = os.path.join(ROOT, W)
ART = os.path.join(os.environ.get('WY_ARTIFACTS') or os.path.join(ROOT, 'build', 'artifacts'), 'browser')
WAIT = 20  # seconds to wait for a condition (never a timing assertion)

# The tiles' colours of P-positions (docs/serve.md, /api/tile): white; with
# b=R2, those of R only wy_plot_set_rgb(1), of R2 only wy_plot_set_rgb(2)
# (src/plot/palette.c), of both white.
RGB_P = (255, 255, 255)
RGB_A, RGB_B, RGB_AB = (26, 102, 224), (221, 96, 0), RGB_P

fails = 0
shot_n = 0


def say(ok, name, why=''):
    global fails
    if ok:
        print('PASS ' + name, flush=True)
    else:
        fails += 1
        why = ' '.join(str(why).split())[:600]
        print('FAIL %s: %s' % (name, why), flush=True)


class Bad(Exception):
    pass


def cli(*args):
    """The command line's JSON answer."""
    p = subprocess.run([W] + list(args) + ['--format', 'json'], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise Bad('wythoff %s: exit %d: %s' % (' '.join(args), p.returncode, p.stderr.strip()))
    return json.loads(p.stdout)


def cli_error(*args):
    """The command line's error message (after 'wythoff: ')."""
    p = subprocess.run([W] + list(args), capture_output=True, text=True, timeout=60)
    return p.stderr.strip().splitlines()[-1].replace('wythoff: ', '', 1)


def wythoff_pair(n):
    """Wythoff's n-th P-position (a_n, b_n), a_n = floor(n phi), exactly."""
    a = (n + isqrt(5 * n * n)) // 2
    return a, a + n


def wythoff_p(x, y):
    if x > y:
        x, y = y, x
    n = y - x
    return wythoff_pair(n) == (x, y)


# ---------------------------------------------------------------------------
# the server
# ---------------------------------------------------------------------------
def start_server(*extra):
    proc = subprocess.Popen([W, 'serve', '--port', '0', '--quiet'] + list(extra), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    line = []
    t = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)
    t.start()
    t.join(30)
    if not line or not line[0]:
        err = ''
        if proc.poll() is not None:
            err = proc.stderr.read()
        raise Bad('the server printed no address line (exit %s) %s' % (proc.poll(), err.strip()))
    m = re.search(r'(https?://\S+?)/?(\s|$)', line[0])
    if not m:
        raise Bad('no address in the server\'s first line: %r' % line[0])
    # drain stderr so that the server never blocks on it
    threading.Thread(target=proc.stderr.read, daemon=True).start()
    return proc, m.group(1).rstrip('/') + '/'


def stop_server(proc):
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


# ---------------------------------------------------------------------------
# the browser
# ---------------------------------------------------------------------------
def find_exe(*names):
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


def start_browser(profile):
    o = Options()
    chromium = os.environ.get('WY_CHROMIUM') or find_exe('chromium', 'chromium-browser', 'google-chrome')
    if chromium:
        o.binary_location = chromium
    for a in ('--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
              '--window-size=1400,1000', '--force-device-scale-factor=1', '--no-first-run',
              '--disable-extensions', '--disable-background-networking', '--user-data-dir=' + profile,
              '--lang=en-US'):
        o.add_argument(a)
    o.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    driver_path = os.environ.get('WY_CHROMEDRIVER') or find_exe('chromedriver')
    svc = Service(driver_path) if driver_path else Service()
    return webdriver.Chrome(service=svc, options=o)


def shot(d, name):
    global shot_n
    shot_n += 1
    try:
        os.makedirs(ART, exist_ok=True)
        d.save_screenshot(os.path.join(ART, '%02d-%s.png' % (shot_n, name)))
    except Exception:  # a screenshot is an artifact, not a check
        pass


def wait(d, cond, what, timeout=WAIT):
    try:
        return WebDriverWait(d, timeout, poll_frequency=0.05).until(lambda drv: cond())
    except TimeoutException:
        raise Bad('timed out after %d s waiting for %s' % (timeout, what))


def by_id(d, i):
    return d.find_element(By.ID, i)


def js(d, script, *args):
    return d.execute_script(script, *args)


def errors_text(d):
    return [e.text for e in d.find_elements(By.CSS_SELECTOR, '#errors .error')]


def dismiss_errors(d):
    js(d, "document.querySelectorAll('#errors .error .dismiss').forEach(b => b.click())")


def set_text(d, i, text, enter=True):
    """Types text over a field's content, as a person does (select all, type)."""
    e = by_id(d, i)
    e.send_keys(Keys.CONTROL, 'a')
    e.send_keys(text)
    if enter:
        e.send_keys(Keys.ENTER)


def state(d):
    return js(d, 'return window.wythoffExplorer.state()')


def tiles_ready(d):
    """All visible tiles loaded (none pending, none failed), at least one."""
    ds = js(d, "const m = document.getElementById('map').dataset; return [m.tiles, m.tilesLoaded, m.tilesPending, m.tilesFailed]")
    if ds[0] is None:
        return False
    if int(ds[3] or 0) > 0:
        raise Bad('%s tiles failed to load: %s' % (ds[3], errors_text(d)))
    return int(ds[0]) > 0 and int(ds[2]) == 0 and int(ds[1]) == int(ds[0])


def tile00(d):
    """Geometry of the tile (0, 0) on the screen: its rectangle and zoom."""
    return js(d, """
      const img = document.querySelector('#map-tiles canvas.tile[data-tx="0"][data-ty="0"]');
      if (!img || img.dataset.loaded !== '1') return null;
      const r = img.getBoundingClientRect();
      return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, z: Number(img.dataset.z),
              nw: img.width, nh: img.height};""")


def tile_pixels(d, n):
    """The RGB of the centres of the cells (x, y), 0 <= x, y < n, of tile (0, 0)
    (z < 0: a position is 2^-z pixels a side; the top pixel row is the largest
    y), read from the tile's canvas."""
    return js(d, """
      const n = arguments[0];
      const c = document.querySelector('#map-tiles canvas.tile[data-tx="0"][data-ty="0"]');
      const z = Number(c.dataset.z), p = Math.pow(2, -z);
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const out = [];
      for (let x = 0; x < n; x++) {
        const row = [];
        for (let y = 0; y < n; y++) {
          const px = Math.floor(x * p + p / 2), py = c.height - 1 - Math.floor(y * p + p / 2);
          const i = (py * c.width + px) * 4;
          row.push([d[i], d[i + 1], d[i + 2]]);
        }
        out.push(row);
      }
      return out;""", n)


def cell_point(d, x, y):
    """The viewport point at the centre of cell (x, y), from where tile (0, 0)
    is drawn (its lower left corner is (0, 0))."""
    t = tile00(d)
    if not t:
        raise Bad('tile (0, 0) is not on the screen')
    if t['z'] >= 0:
        raise Bad('zoom %d: cells are not separate pixels' % t['z'])
    p = 2 ** -t['z']
    return t['left'] + (x + 0.5) * p, t['bottom'] - (y + 0.5) * p


def move_to(d, px, py):
    a = ActionChains(d)
    a.w3c_actions.pointer_action.move_to_location(int(round(px)), int(round(py)))
    a.perform()


def click_at(d, px, py):
    a = ActionChains(d)
    a.w3c_actions.pointer_action.move_to_location(int(round(px)), int(round(py)))
    a.w3c_actions.pointer_action.click()
    a.perform()


def hash_params(d):
    h = js(d, 'return location.hash').lstrip('#')
    out = {}
    for part in h.split('&'):
        if '=' in part:
            k, v = part.split('=', 1)
            out[k] = v
    return out


def load(d, url):
    d.get('about:blank')
    d.get(url)
    wait(d, lambda: js(d, "return document.body.dataset.ready === '1'"), 'the page to start')


# ---------------------------------------------------------------------------
# the checks
# ---------------------------------------------------------------------------
def main():
    proc = None
    d = None
    # this run's screenshots only
    if os.path.isdir(ART):
        for f in os.listdir(ART):
            if f.endswith('.png'):
                os.remove(os.path.join(ART, f))
    profile = tempfile.mkdtemp(prefix='wy-chromium.')
    try:
        try:
            proc, base = start_server()
        except Exception as e:
            say(False, 'server starts and prints its address', e)
            return
        say(True, 'server starts and prints its address (%s)' % base)
        try:
            d = start_browser(profile)
        except Exception as e:
            say(False, 'headless Chromium starts', e)
            return
        d.set_script_timeout(30)
        run_checks(d, base)
    finally:
        if d is not None:
            try:
                d.quit()
            except Exception:
                pass
        stop_server(proc)
        shutil.rmtree(profile, ignore_errors=True)


def step(d, name, fn):
    """Runs one check; any exception is its failure.  Returns fn's result or None."""
    try:
        r = fn()
        say(True, name + (': ' + r if isinstance(r, str) and r else ''))
        return True
    except Exception as e:
        why = str(e) if isinstance(e, Bad) else traceback.format_exception_only(type(e), e)[-1]
        say(False, name, why)
        shot(d, 'FAIL-' + re.sub(r'[^A-Za-z0-9]+', '-', name)[:40])
        return False


def run_checks(d, base):
    # -- load -------------------------------------------------------------
    def page_loads():
        load(d, base)
        wait(d, lambda: tiles_ready(d), 'the first tiles')
        if 'wythoff explorer' not in d.title:
            raise Bad('title %r' % d.title)
        v = by_id(d, 'version').text
        if not re.search(r'\d+\.\d+\.\d+', v):
            raise Bad('no version in the header: %r' % v)
        if errors_text(d):
            raise Bad('errors shown: %s' % errors_text(d))
        if by_id(d, 'rules').get_attribute('value') != 'wythoff':
            raise Bad('default ruleset %r' % by_id(d, 'rules').get_attribute('value'))
        shot(d, 'loaded')
        return v
    if not step(d, 'page loads with the default ruleset and its heatmap', page_loads):
        return

    # -- picker -----------------------------------------------------------
    def picker():
        by_id(d, 'opt-pass').click()
        wait(d, lambda: by_id(d, 'rules').get_attribute('value') == 'wythoff+pass', 'the text field to say wythoff+pass')
        wait(d, lambda: by_id(d, 'side-pass').is_displayed(), 'the passes-left field')
        if by_id(d, 'side-pass').get_attribute('value') != '1':
            raise Bad('passes left %r, expected the start 1' % by_id(d, 'side-pass').get_attribute('value'))
        wait(d, lambda: hash_params(d).get('rules') == 'wythoff+pass', 'the URL to name wythoff+pass')
        wait(d, lambda: tiles_ready(d), 'the tiles of wythoff+pass')
        shot(d, 'picker-wythoff-pass')
        return 'wythoff+pass'
    step(d, 'picker: the pass option makes wythoff+pass (text, side state, URL, tiles)', picker)

    def bad_rules():
        want = cli_error('table', 'wythoff+max=0')
        set_text(d, 'rules', 'wythoff+max=0')
        wait(d, lambda: 'error' in by_id(d, 'rules-msg').get_attribute('class'), 'an error under the ruleset')
        msg = by_id(d, 'rules-msg').text
        if want not in msg:
            raise Bad('message %r does not hold the command line\'s %r' % (msg, want))
        if not any(want in t for t in errors_text(d)):
            raise Bad('the error list does not show it: %s' % errors_text(d))
        shot(d, 'bad-ruleset')
        dismiss_errors(d)
        set_text(d, 'rules', 'wythoff+pass')
        wait(d, lambda: 'error' not in by_id(d, 'rules-msg').get_attribute('class'), 'the ruleset accepted again')
        return msg
    step(d, 'a bad ruleset shows the API\'s message', bad_rules)

    # -- heatmap: tiles and pixels ----------------------------------------
    # a fixed view: 8 pixels a position, (0, 0) near the lower left
    load(d, base + '#rules=wythoff+pass&pass=1&cx=36&cy=30&z=-3')

    def heatmap():
        wait(d, lambda: tiles_ready(d), 'the tiles')
        imgs = js(d, "return [...document.querySelectorAll('#map-tiles canvas.tile')].map(i => [i.dataset.loaded === '1', i.width, i.height])")
        bad = [i for i in imgs if not (i[0] and i[1] == 256 and i[2] == 256)]
        if bad:
            raise Bad('tiles not loaded as 256 x 256: %s' % bad)
        t = tile00(d)
        if not t or t['z'] != -3:
            raise Bad('tile (0, 0) at zoom -3 not shown: %s' % t)
        n = 32  # tile (0, 0) at z = -3 holds 0 <= x, y < 32
        ref = cli('table', 'wythoff+pass', '--size', str(n))['values']
        px = tile_pixels(d, n)
        wrong = []
        for x in range(n):
            for y in range(n):
                p = tuple(px[x][y]) == RGB_P
                if p != (ref[x][y] == 0):
                    wrong.append((x, y, px[x][y], ref[x][y]))
        if wrong:
            raise Bad('%d cells disagree (x, y, rgb, value): %s' % (len(wrong), wrong[:5]))
        shot(d, 'heatmap-wythoff-pass')
        return '%d tiles; tile (0, 0): %d P-positions white, the other %d cells not' % (
            len(imgs), sum(v == 0 for r in ref for v in r), n * n - sum(v == 0 for r in ref for v in r))
    step(d, 'heatmap: tiles loaded, P-positions white in the pixels of tile (0, 0)', heatmap)

    def overlay():
        set_text(d, 'rules-b', 'wythoff')
        wait(d, lambda: hash_params(d).get('b') == 'wythoff', 'b=wythoff in the URL')
        wait(d, lambda: tiles_ready(d) and js(d, "return [...document.querySelectorAll('#map-tiles canvas.tile')].every(i => i.dataset.b === 'wythoff')"),
             'the overlaid tiles')
        n = 32
        ref = cli('table', 'wythoff+pass', '--size', str(n))['values']
        px = tile_pixels(d, n)
        wrong = []
        counts = {RGB_A: 0, RGB_B: 0, RGB_AB: 0}
        for x in range(n):
            for y in range(n):
                a, b = ref[x][y] == 0, wythoff_p(x, y)
                want = RGB_AB if a and b else RGB_A if a else RGB_B if b else None
                got = tuple(px[x][y])
                if want is not None:
                    counts[want] += 1
                    if got != want:
                        wrong.append((x, y, got, want))
                elif got in (RGB_A, RGB_B, RGB_AB):
                    wrong.append((x, y, got, 'heat colour'))
        if wrong:
            raise Bad('%d cells wrong (x, y, rgb, expected): %s' % (len(wrong), wrong[:5]))
        if not all(counts.values()):
            raise Bad('the window lacks a kind of cell: %s' % counts)
        legend = by_id(d, 'legend').text
        for want in ('wythoff+pass only', 'wythoff only', 'both'):
            if want not in legend:
                raise Bad('the legend lacks %r: %r' % (want, legend))
        sw = js(d, "return [...document.querySelectorAll('#legend .swatch')].slice(0, 3).map(s => getComputedStyle(s).backgroundColor)")
        want_sw = ['rgb(%d, %d, %d)' % c for c in (RGB_A, RGB_B, RGB_AB)]
        if sw != want_sw:
            raise Bad('legend swatches %s, the tiles use %s' % (sw, want_sw))
        shot(d, 'overlay-wythoff')
        return 'wythoff+pass only %d, wythoff only %d, both %d cells' % (counts[RGB_A], counts[RGB_B], counts[RGB_AB])
    step(d, 'second ruleset overlaid: P-positions in the legend\'s colours (closed form)', overlay)

    # -- pan and zoom -------------------------------------------------------
    def pan_zoom():
        s0 = state(d)['view']
        m = by_id(d, 'map')
        r = js(d, "const r = document.getElementById('map').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        cx, cy = r[0] + r[2] / 2, r[1] + r[3] / 2
        a = ActionChains(d)
        pa = a.w3c_actions.pointer_action
        pa.move_to_location(int(cx), int(cy))
        pa.pointer_down()
        for k in range(1, 5):
            pa.move_to_location(int(cx - 20 * k), int(cy + 10 * k))
        pa.pointer_up()
        a.perform()
        wait(d, lambda: state(d)['view']['cx'] != s0['cx'], 'the view to move')
        s1 = state(d)['view']
        # 80 px left and 40 px down at 8 px a position: 10 to the right, 5 up
        if abs((s1['cx'] - s0['cx']) - 10) > 1e-6 or abs((s1['cy'] - s0['cy']) - 5) > 1e-6:
            raise Bad('drag by (-80, +40) px moved the centre by (%g, %g) positions, expected (10, 5)' %
                      (s1['cx'] - s0['cx'], s1['cy'] - s0['cy']))
        wait(d, lambda: hash_params(d).get('cx') == '%g' % s1['cx'], 'the URL to hold the new centre')
        z0 = s1['z']
        ActionChains(d).scroll_from_origin(ScrollOrigin.from_element(m), 0, 120).perform()
        wait(d, lambda: state(d)['view']['z'] == z0 + 1, 'the wheel to zoom out')
        by_id(d, 'zoom-in').click()
        wait(d, lambda: state(d)['view']['z'] == z0, 'the + button to zoom in')
        by_id(d, 'zoom-in').click()
        wait(d, lambda: state(d)['view']['z'] == z0 - 1, 'the + button to zoom in again')
        wait(d, lambda: hash_params(d).get('z') == str(z0 - 1), 'the URL to hold the zoom')
        wait(d, lambda: tiles_ready(d), 'the tiles at zoom %d' % (z0 - 1))
        by_id(d, 'zoom-out').click()
        wait(d, lambda: state(d)['view']['z'] == z0 and tiles_ready(d), 'the - button to zoom out')
        return 'drag, wheel, + and - buttons'
    step(d, 'the map pans by dragging and zooms by the wheel and the +/- buttons', pan_zoom)

    # back to the fixed view, without the overlay
    load(d, base + '#rules=wythoff+pass&pass=1&cx=36&cy=30&z=-3')
    wait(d, lambda: tiles_ready(d), 'the tiles')

    # -- hover --------------------------------------------------------------
    def hover():
        out = []
        for (x, y) in ((7, 6), (3, 5), (12, 4)):
            px, py = cell_point(d, x, y)
            move_to(d, px, py)
            h = by_id(d, 'hover')
            wait(d, lambda: h.get_attribute('data-x') == str(x) and h.get_attribute('data-y') == str(y)
                 and h.get_attribute('data-value') not in (None, ''), 'the value of (%d, %d) under the pointer' % (x, y))
            ref = cli('value', 'wythoff+pass', str(x), str(y))
            text = h.text
            want_o = 'P-position' if ref['outcome'] == 'P' else 'N-position'
            if h.get_attribute('data-value') != str(ref['value']) or ('G = %s' % ref['value']) not in text or want_o not in text:
                raise Bad('hover on (%d, %d) shows %r; wythoff value says G = %s, %s' % (x, y, text, ref['value'], ref['outcome']))
            if '(%d, %d)' % (x, y) not in text:
                raise Bad('hover text %r does not name (%d, %d)' % (text, x, y))
            out.append('(%d, %d) G = %s %s' % (x, y, ref['value'], ref['outcome']))
        shot(d, 'hover')
        return '; '.join(out)
    step(d, 'hover shows (x, y), value and outcome as wythoff value does', hover)

    def hover_cached():
        # the blocks of values are cached: moving over cells already seen
        # asks the server nothing more
        js(d, 'performance.setResourceTimingBufferSize(100000)')
        n0 = js(d, "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/table')).length")
        for (x, y) in ((5, 5), (6, 5), (7, 5), (8, 6), (7, 6)):
            px, py = cell_point(d, x, y)
            move_to(d, px, py)
            wait(d, lambda: by_id(d, 'hover').get_attribute('data-x') == str(x) and by_id(d, 'hover').get_attribute('data-value') not in (None, ''), 'the hover of (%d, %d)' % (x, y))
        n1 = js(d, "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/table')).length")
        if n1 != n0:
            raise Bad('%d /api/table requests for cells of a block already fetched' % (n1 - n0))
        return '%d /api/table requests in all' % n1
    step(d, 'hover values come from cached /api/table blocks', hover_cached)

    def keyboard():
        m = by_id(d, 'map')
        js(d, "document.getElementById('map').focus()")
        h = by_id(d, 'hover')
        wait(d, lambda: h.get_attribute('data-x') not in (None, ''), 'the cursor at the centre')
        x0, y0 = int(h.get_attribute('data-x')), int(h.get_attribute('data-y'))
        m.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_UP)
        x, y = x0 + 2, y0 + 1
        wait(d, lambda: (h.get_attribute('data-x'), h.get_attribute('data-y')) == (str(x), str(y))
             and h.get_attribute('data-value') not in (None, ''), 'the cursor at (%d, %d)' % (x, y))
        ref = cli('value', 'wythoff+pass', str(x), str(y))
        if h.get_attribute('data-value') != str(ref['value']):
            raise Bad('(%d, %d): the page says %s, wythoff value %s' % (x, y, h.get_attribute('data-value'), ref['value']))
        m.send_keys(Keys.ENTER)
        wait(d, lambda: hash_params(d).get('open') == '%d,%d' % (x, y) and
             by_id(d, 'position-summary').text.startswith('(%d, %d; pass 1)' % (x, y)) and
             'G = %s' % ref['value'] in by_id(d, 'position-summary').text, 'Enter to open (%d, %d)' % (x, y))
        return '(%d, %d) G = %s opened' % (x, y, ref['value'])
    step(d, 'keyboard: arrows move the cursor, Enter opens the cell', keyboard)

    # -- click: the position's options -----------------------------------
    def click_cell():
        px, py = cell_point(d, 3, 5)
        click_at(d, px, py)
        wait(d, lambda: len(d.find_elements(By.CSS_SELECTOR, '#position-moves tbody tr')) > 0, 'the options of (3, 5)')
        ref = cli('moves', 'wythoff+pass', '3', '5')
        rows = js(d, "return [...document.querySelectorAll('#position-moves tbody tr')].map(r => [r.dataset.x, r.dataset.y, r.dataset.value, r.dataset.winning, r.classList.contains('winning'), r.textContent])")
        want = [[str(m['to'][0]), str(m['to'][1]), str(m['value']), '1' if m['winning'] else '0', m['winning']] for m in ref['moves']]
        got = [r[:5] for r in rows]
        if got != want:
            raise Bad('options %s; wythoff moves lists %s' % (got, want))
        summary = by_id(d, 'position-summary').text
        if '(3, 5' not in summary or 'G = %s' % ref['value'] not in summary:
            raise Bad('summary %r' % summary)
        if 'pass' not in rows[-1][5]:
            raise Bad('the last option is not the pass: %r' % rows[-1][5])
        wait(d, lambda: hash_params(d).get('open') == '3,5', 'open=3,5 in the URL')
        shot(d, 'position-3-5')
        return '%d options, %d winning, as wythoff moves' % (len(rows), sum(1 for r in rows if r[4]))
    step(d, 'clicking a cell lists its options, values and winning moves', click_cell)

    # -- play -------------------------------------------------------------
    def play():
        # (4, 7) in wythoff+pass is an N-position; the engine moves first
        ref = cli('value', 'wythoff+pass', '4', '7')
        if ref['outcome'] != 'N':
            raise Bad('(4, 7) is not an N-position: %s' % ref)
        px, py = cell_point(d, 4, 7)
        click_at(d, px, py)
        wait(d, lambda: '(4, 7' in by_id(d, 'position-summary').text and by_id(d, 'play-start').is_enabled(), 'the position (4, 7)')
        d.find_element(By.CSS_SELECTOR, '#play-first option[value="engine"]').click()
        by_id(d, 'play-start').click()
        undone = False
        moves = 0
        for _ in range(60):
            wait(d, lambda: by_id(d, 'play-turn').get_attribute('data-turn') == 'over' or
                 (by_id(d, 'play-turn').get_attribute('data-turn') == 'you' and d.find_elements(By.CSS_SELECTOR, '#play-moves .move-btn')),
                 'the player\'s turn or the end')
            if by_id(d, 'play-turn').get_attribute('data-turn') == 'over':
                break
            btns = js(d, "return [...document.querySelectorAll('#play-moves .move-btn')].map(b => [Number(b.dataset.x) + Number(b.dataset.y), b.dataset.move === 'pass' ? 1 : 0, Number(b.dataset.index)])")
            pick = min(btns)[2]
            before = by_id(d, 'play-pos').text
            if moves == 0:
                shot(d, 'play-first-turn')
            d.find_element(By.CSS_SELECTOR, '#play-moves .move-btn[data-index="%d"]' % pick).click()
            moves += 1
            if not undone:
                # the engine answers; then undo takes both moves back
                wait(d, lambda: by_id(d, 'play-turn').get_attribute('data-turn') in ('over',) or
                     (by_id(d, 'play-turn').get_attribute('data-turn') == 'you' and d.find_elements(By.CSS_SELECTOR, '#play-moves .move-btn')),
                     'the engine\'s answer')
                by_id(d, 'play-undo').click()
                wait(d, lambda: by_id(d, 'play-pos').text == before and by_id(d, 'play-turn').get_attribute('data-turn') == 'you'
                     and d.find_elements(By.CSS_SELECTOR, '#play-moves .move-btn'), 'undo to go back to %s' % before)
                undone = True
        else:
            raise Bad('the game did not end in 60 moves')
        status = by_id(d, 'play-status').text
        shot(d, 'play-over')
        if 'engine wins' not in status.lower():
            raise Bad('status %r: the engine, first from an N-position, must win' % status)
        log = [li.text for li in d.find_elements(By.CSS_SELECTOR, '#play-log li')]
        if not log or not log[0].startswith('Engine'):
            raise Bad('the log does not start with the engine\'s move: %s' % log)
        return '%s after %d plies (one undo)' % (status, len(log))
    step(d, 'a game against the engine from an N-position: the engine wins; undo works', play)

    # -- claims -----------------------------------------------------------
    def claims():
        want = cli('check', '--list')
        n = len(want['claims'] if isinstance(want, dict) else want)
        wait(d, lambda: len(d.find_elements(By.CSS_SELECTOR, '#claims-list li[data-claim]')) == n, '%d claims listed' % n)
        out = []
        for cid in ('000.fig4', '002.prop3.1'):
            ref = cli('check', cid)['claims'][0]
            li = d.find_element(By.CSS_SELECTOR, '#claims-list li[data-claim="%s"]' % cid)
            d.execute_script('arguments[0].scrollIntoView({block: "center"})', li)
            li.find_element(By.CSS_SELECTOR, 'button.claim-check').click()
            wait(d, lambda: li.get_attribute('data-verdict') not in (None, ''), 'the verdict of %s' % cid, timeout=60)
            v = li.get_attribute('data-verdict')
            text = li.find_element(By.CSS_SELECTOR, '.claim-result').text
            if v != ref['verdict'] or ref['verdict'] not in text or ref['detail'][:40] not in text:
                raise Bad('%s: the page says %r (%s); wythoff check says %s: %s' % (cid, v, text, ref['verdict'], ref['detail']))
            out.append('%s %s' % (cid, v))
        verdicts = [o.split()[1] for o in out]
        if verdicts != ['PASS', 'ERRATUM']:
            raise Bad('verdicts %s, expected PASS and ERRATUM' % verdicts)
        shot(d, 'claims')
        return ', '.join(out)
    step(d, 'claims: a PASS and an ERRATUM with their detail, as wythoff check says', claims)

    # -- the exact box --------------------------------------------------------
    X40 = '1000000000000000000000000000000000000017'
    Y40 = '1600000000000000000000000000000000000000'

    def exact_box(rules, x, y, check):
        if by_id(d, 'rules').get_attribute('value') != rules:
            set_text(d, 'rules', rules)
            wait(d, lambda: by_id(d, 'rules').get_attribute('value') == rules and state(d)['rules'] == rules, 'the ruleset %s' % rules)
        set_text(d, 'exact-x', x, enter=False)
        set_text(d, 'exact-y', y, enter=False)
        by_id(d, 'exact-go').click()
        res = by_id(d, 'exact-result')
        wait(d, lambda: res.get_attribute('data-state') in ('done', 'error'), 'the exact answer', timeout=60)
        if res.get_attribute('data-state') == 'error':
            raise Bad('the box shows an error: %s' % res.text)
        return check(res)

    def exact_pass():
        ref = cli('value', 'wythoff+pass', X40, Y40)
        try:
            mv, mv_err = cli('moves', 'wythoff+pass', X40, Y40), None
        except Bad:
            mv, mv_err = None, cli_error('moves', 'wythoff+pass', X40, Y40)

        def check(res):
            got = (res.get_attribute('data-value'), res.get_attribute('data-outcome'), res.get_attribute('data-method'))
            want = ('' if ref['value'] is None else str(ref['value']), ref['outcome'], ref['method'])
            if got != want:
                raise Bad('the box says %s; wythoff value says %s' % (got, want))
            if ref['method'] not in res.text:
                raise Bad('the method is not shown: %r' % res.text)
            if mv_err is not None:
                # no method lists the winning moves: the API's message shows
                if mv_err not in res.text:
                    raise Bad('wythoff moves fails with %r; the box shows %r' % (mv_err, res.text))
                dismiss_errors(d)
                return 'G = %s, %s by %s; the moves: %s' % (ref['value'], ref['outcome'], ref['method'][:50], mv_err[:50])
            win = [m for m in mv['moves'] if m['winning']]
            for m in win[:5]:
                if str(m['to'][0]) not in res.text:
                    raise Bad('winning move to %s not shown' % m['to'])
            return 'G = %s, %s by %s; %d winning moves' % (ref['value'], ref['outcome'], ref['method'][:60], len(win))
        return exact_box('wythoff+pass', X40, Y40, check)
    step(d, 'exact box: a 40-digit position in wythoff+pass, as wythoff value and moves say', exact_pass)

    def exact_pair():
        a, b = wythoff_pair(10 ** 39 + 7)
        assert len(str(a)) == 40 and len(str(b)) == 40

        def check(res):
            if res.get_attribute('data-value') != '0' or res.get_attribute('data-outcome') != 'P':
                raise Bad('(%d, %d), a Wythoff pair, shows %r' % (a, b, res.text))
            if 'No winning move' not in res.text:
                raise Bad('a P-position has no winning move: %r' % res.text)
            return '(a_n, b_n), n = 10^39 + 7: G = 0, P-position'

        r = exact_box('wythoff', str(a), str(b), check)
        # and a neighbour: N, with the winning move back to a pair
        ref = cli('moves', 'wythoff', str(a + 1), str(b))

        def check2(res):
            if res.get_attribute('data-outcome') != 'N':
                raise Bad('(a_n + 1, b_n) shows %r' % res.text)
            for m in ref['moves']:
                if m['winning'] and str(m['to'][0]) not in res.text:
                    raise Bad('winning move to %s not shown: %r' % (m['to'], res.text))
            return ''
        exact_box('wythoff', str(a + 1), str(b), check2)
        shot(d, 'exact')
        return r
    step(d, 'exact box: a 40-digit Wythoff pair is a P-position (closed form)', exact_pair)

    def exact_error():
        def check(res):
            raise Bad('no error for x = 12x: %r' % res.text)
        try:
            exact_box('wythoff', '12x', '5', check)
        except Bad as e:
            if 'shows an error' not in str(e):
                raise
        msg = by_id(d, 'exact-result').text
        # the command line names the argument X, the API its parameter x
        want = cli_error('value', 'wythoff', '12x', '5').lower()
        if want not in msg.lower():
            raise Bad('the box shows %r, the command line says %r' % (msg, want))
        if not any(want in t.lower() for t in errors_text(d)):
            raise Bad('not in the error list: %s' % errors_text(d))
        dismiss_errors(d)
        return msg
    step(d, 'exact box: a bad number shows the API\'s error', exact_error)

    # -- the state in the URL -----------------------------------------------
    def hash_restore():
        h = '#rules=wythoff+pass=2&pass=1&b=nim&cx=20&cy=15&z=-2&open=4,2'
        load(d, base + h)
        wait(d, lambda: tiles_ready(d), 'the tiles')
        wait(d, lambda: by_id(d, 'position-summary').text.startswith('(4, 2; pass 1)') and
             d.find_elements(By.CSS_SELECTOR, '#position-moves tbody tr'), 'the open position (4, 2; pass 1)')
        got = {
            'rules': by_id(d, 'rules').get_attribute('value'),
            'pass checked': by_id(d, 'opt-pass').is_selected(),
            'K': by_id(d, 'opt-pass-k').get_attribute('value'),
            'passes left': by_id(d, 'side-pass').get_attribute('value'),
            'b': by_id(d, 'rules-b').get_attribute('value'),
            'z': state(d)['view']['z'],
            'centre': (state(d)['view']['cx'], state(d)['view']['cy']),
        }
        want = {'rules': 'wythoff+pass=2', 'pass checked': True, 'K': '2', 'passes left': '1', 'b': 'nim',
                'z': -2, 'centre': (20, 15)}
        if got != want:
            raise Bad('restored %s, expected %s' % (got, want))
        ref = cli('moves', 'wythoff+pass=2', '4', '2', '--pass', '1')
        summary = by_id(d, 'position-summary').text
        if 'G = %s' % ref['value'] not in summary:
            raise Bad('summary %r, wythoff moves says G = %s' % (summary, ref['value']))
        t = tile00(d)
        if not t or t['z'] != -2:
            raise Bad('tile (0, 0) at zoom -2 not drawn: %s' % t)
        if js(d, 'return location.hash') != h:
            raise Bad('the hash became %r' % js(d, 'return location.hash'))
        shot(d, 'hash-restored')
        return h
    step(d, 'a URL with a state restores rulesets, side state, view and open position', hash_restore)

    def reload_keeps():
        # change things by hand, then reload the page's own URL
        by_id(d, 'zoom-in').click()
        set_text(d, 'side-pass', '0')
        wait(d, lambda: hash_params(d).get('pass') == '0' and hash_params(d).get('z') == '-3', 'the URL to follow')
        wait(d, lambda: tiles_ready(d), 'the tiles of passes left 0')
        px, py = cell_point(d, 6, 3)
        click_at(d, px, py)
        wait(d, lambda: hash_params(d).get('open') == '6,3', 'open=6,3 in the URL')
        before = state(d)
        url = d.current_url
        load(d, url)
        wait(d, lambda: tiles_ready(d), 'the tiles')
        wait(d, lambda: by_id(d, 'position-summary').text.startswith('(6, 3; pass 0)'), 'the open position')
        after = state(d)
        if after != before:
            raise Bad('before %s, after reload %s' % (before, after))
        return url[url.index('#'):]
    step(d, 'a reload of the page\'s URL keeps the state it shows', reload_keeps)

    def jobs():
        # every computing request is named (job=ID), so that /api/progress can
        # report it while it runs
        urls = js(d, "return performance.getEntriesByType('resource').map(e => e.name)")
        kinds = {}
        for u in urls:
            m = re.search(r'/api/(tilevalues|table|moves|engine|value|check)\?', u)
            if m:
                kinds.setdefault(m.group(1), []).append(u)
        unnamed = [u for v in kinds.values() for u in v if not re.search(r'[?&]job=[A-Za-z0-9_-]{1,32}(&|$)', u)]
        if unnamed:
            raise Bad('requests without job=ID: %s' % unnamed[:3])
        if 'tilevalues' not in kinds or 'moves' not in kinds:
            raise Bad('no tile or moves request seen: %s' % sorted(kinds))
        return ', '.join('%s %d' % (k, len(v)) for k, v in sorted(kinds.items()))
    step(d, 'computing requests carry job=ID for /api/progress', jobs)

    # -- teaching: the game, the scale, undecided answers, messages --------
    def game_panel():
        out = []
        for rules, must, mustnot in (
                ('wythoff+pass+max=3', ['1 to 3 stones from one heap', 'same number (1 to 3) from both heaps',
                                        'pass (one pass', 'cannot move loses', 'P-position', 'N-position'],
                 ['extra heap', 'Mis\u00e8re']),
                ('nim+heap=2+misere', ['from one heap', 'extra heap (2 stones', 'Mis\u00e8re play'],
                 ['both heaps', 'pass (']),
                ('wythoff+mod=3+terminal=2', ['a multiple of 3', 'x + y \u2264 2 is terminal', 'both heaps'], [])):
            load(d, base + '#rules=' + rules)
            wait(d, lambda: state(d)['rules'] == rules and by_id(d, 'game-text').text, 'the game panel of ' + rules)
            text = by_id(d, 'game-text').text
            miss = [m for m in must if m not in text]
            extra = [m for m in mustnot if m in text]
            if miss or extra:
                raise Bad('%s: the panel lacks %s, has %s: %r' % (rules, miss, extra, text))
            out.append(rules)
        shot(d, 'game-panel')
        return ', '.join(out)
    step(d, 'the game panel says the moves of the ruleset, P and N, the colour', game_panel)

    def zoom_alone():
        load(d, base + '#rules=nim+pass&z=-1')
        wait(d, lambda: tiles_ready(d), 'the tiles')
        z = state(d)['view']['z']
        if z != -1 or hash_params(d).get('z') != '-1':
            raise Bad('zoom %s, URL z=%s, expected -1' % (z, hash_params(d).get('z')))
        t = tile00(d)
        if not t or t['z'] != -1:
            raise Bad('tile (0, 0) at zoom -1 not drawn: %s' % t)
        return 'z = -1, (0, 0) drawn'
    step(d, 'the zoom in a URL alone is honoured (#rules=nim+pass&z=-1)', zoom_alone)

    def dark_fraction():
        """The fraction of the tiles' heat pixels in the darkest quarter of the
        palette (/api/palette entries 0-63)."""
        return js(d, """
          const pal = arguments[0];
          const dark = new Set(pal.heat.slice(0, 64).map(c => c.join(',')));
          const heat = new Set(pal.heat.map(c => c.join(',')));
          let n = 0, k = 0;
          for (const c of document.querySelectorAll('#map-tiles canvas.tile')) {
            const a = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            for (let i = 0; i < a.length; i += 4) {
              if (a[i + 3] === 0) continue;
              const key = a[i] + ',' + a[i + 1] + ',' + a[i + 2];
              if (!heat.has(key)) continue;
              n++;
              if (dark.has(key)) k++;
            }
          }
          return n ? k / n : -1;""", palette)

    def scale():
        return js(d, 'return window.wythoffExplorer.scale()')

    palette = json.loads(js(d, "return fetch('/api/palette').then(r => r.text())"))

    def fitted_scale():
        load(d, base + '#rules=wythoff&z=-1')
        wait(d, lambda: tiles_ready(d) and scale()['vmax'] > 1, 'the tiles and the fitted scale')
        tl = js(d, "return [...document.querySelectorAll('#map-tiles canvas.tile')].map(c => [Number(c.dataset.tx), Number(c.dataset.ty)])")
        span = 128  # positions a tile side at z = -1
        nx = (max(t[0] for t in tl) + 1) * span
        ny = (max(t[1] for t in tl) + 1) * span
        ref = cli('table', 'wythoff', '--size', str(max(nx, ny)))['values']
        top = max(ref[x][y] for (tx, ty) in tl for x in range(tx * span, (tx + 1) * span)
                  for y in range(ty * span, (ty + 1) * span))
        sc = scale()
        if not sc['fitted'] or sc['vmax'] != top:
            raise Bad('the scale %s, the largest value of the %d tiles in view is %d (wythoff table)' % (sc, len(tl), top))
        fit = dark_fraction()
        shot(d, 'scale-fitted')
        # the old default, 2048 x 2^z, as an explicit top: the tiles are
        # coloured again with no request for their values
        n0 = sc['valueRequests']
        e0 = js(d, "return performance.getEntriesByType('resource').filter(e => /\\/api\\/tile/.test(e.name)).length")
        set_text(d, 'vmax', '1024')
        wait(d, lambda: scale()['vmax'] == 1024 and js(d, "return [...document.querySelectorAll('#map-tiles canvas.tile')].every(c => c.dataset.vmax === '1024')"),
             'the tiles coloured with the top 1024')
        old = dark_fraction()
        shot(d, 'scale-old-default')
        n1 = scale()['valueRequests']
        e1 = js(d, "return performance.getEntriesByType('resource').filter(e => /\\/api\\/tile/.test(e.name)).length")
        if n1 != n0 or e1 != e0:
            raise Bad('a new top asked the server again: %d -> %d value requests, %d -> %d tile requests' % (n0, n1, e0, e1))
        if not (fit < 0.35 < old):
            raise Bad('dark pixels: %.3f fitted, %.3f under the old top 1024; expected below and above 0.35' % (fit, old))
        # the pixels of tile (0, 0) under vmax = 1024: entry floor(min(v, 1024) * 255 / 1024) for non-P cells
        px = tile_pixels(d, 64)
        wrong = [(x, y) for x in range(64) for y in range(64) if ref[x][y] and
                 tuple(px[x][y]) != tuple(palette['heat'][min(ref[x][y], 1024) * 255 // 1024])]
        if wrong:
            raise Bad('%d cells not in the colour of their value: %s' % (len(wrong), wrong[:5]))
        set_text(d, 'vmax', '', enter=False)
        by_id(d, 'vmax-fit').click()
        wait(d, lambda: scale()['fitted'] and scale()['vmax'] == top, 'the fitted scale back')
        return 'top %d (%d tiles); dark pixels %.2f fitted, %.2f under the old 1024; recoloured with %d requests' % (
            top, len(tl), fit, old, e1 - e0)
    step(d, 'the colour scale fits the view; a new top re-colours without asking the server', fitted_scale)

    def undecided():
        p = subprocess.run([W, 'value', 'wythoff+heap=2', '1e30', '2e30'], capture_output=True, text=True, timeout=60)
        if p.returncode != 6:
            raise Bad('wythoff value wythoff+heap=2 1e30 2e30: exit %d, expected 6 (undecided)' % p.returncode)
        load(d, base + '#rules=wythoff+heap=2&z=-2')
        wait(d, lambda: state(d)['rules'] == 'wythoff+heap=2', 'the ruleset')
        set_text(d, 'exact-x', '1e30', enter=False)
        set_text(d, 'exact-y', '2e30', enter=False)
        by_id(d, 'exact-go').click()
        res = by_id(d, 'exact-result')
        wait(d, lambda: res.get_attribute('data-state') in ('done', 'error', 'undecided'), 'the answer', timeout=60)
        if res.get_attribute('data-state') != 'undecided' or 'undecided' not in res.text or 'Why:' not in res.text:
            raise Bad('the box shows %r (state %s)' % (res.text, res.get_attribute('data-state')))
        if errors_text(d):
            raise Bad('an error banner: %s' % errors_text(d))
        shot(d, 'undecided')
        return res.text.splitlines()[1][:60]
    step(d, 'an undecided position shows as an answer, with no error banner', undecided)

    def banners_cleared():
        set_text(d, 'rules', 'wythoff+max=0')
        wait(d, lambda: errors_text(d), 'an error banner')
        set_text(d, 'vmax', '0')
        wait(d, lambda: len(errors_text(d)) >= 1 and any('colour scale' in t for t in errors_text(d)), 'a second banner')
        n = len(errors_text(d))
        set_text(d, 'rules', 'nim')
        wait(d, lambda: state(d)['rules'] == 'nim', 'the ruleset nim')
        wait(d, lambda: not errors_text(d), 'the banners to go')
        set_text(d, 'vmax', '', enter=False)
        by_id(d, 'vmax-fit').click()
        return '%d banners, none after the ruleset changed' % n
    step(d, 'messages are cleared when the state changes', banners_cleared)

    def beyond_label():
        proc2, base2 = start_server('--mem-limit', '16M')
        try:
            load(d, base2 + '#rules=wythoff&z=2')
            wait(d, lambda: tiles_ready(d), 'the tiles')
            lab = js(d, "return document.getElementById('map').dataset.beyondLabel || ''")
            box = js(d, "return document.getElementById('map').dataset.beyondBox || ''")
            if 'beyond the table (side 1024)' not in lab or not box:
                raise Bad('no label on the region beyond the table: %r %r' % (lab, box))
            bx, by, bw, bh = [int(v) for v in box.split(',')]
            # the label's box lies beyond the table and holds drawn pixels
            t = tile00(d)
            mr = js(d, "const r = document.getElementById('map').getBoundingClientRect(); return [r.left, r.top]")
            edge = t['left'] - mr[0] + 1024 / 4  # x = 1024 at 4 positions a pixel
            if bx < edge:
                raise Bad('the label starts at %d px, the table ends at %.0f px' % (bx, edge))
            ink = js(d, """
              const c = document.getElementById('map-overlay'), s = window.devicePixelRatio || 1;
              const a = c.getContext('2d').getImageData(arguments[0] * s, arguments[1] * s, arguments[2] * s, arguments[3] * s).data;
              let n = 0; for (let i = 3; i < a.length; i += 4) if (a[i] > 0) n++; return n / (a.length / 4);""", bx, by, bw, bh)
            if ink < 0.9:
                raise Bad('the label\'s box is %.2f drawn' % ink)
            shot(d, 'beyond-label')
            return lab
        finally:
            stop_server(proc2)
    step(d, 'the region beyond the table is labelled on the map', beyond_label)

    # -- console --------------------------------------------------------------
    def console():
        logs = d.get_log('browser')
        bad = [e['message'] for e in logs if e.get('level') == 'SEVERE' and 'Failed to load resource' not in e['message']]
        if bad:
            raise Bad('%d console errors: %s' % (len(bad), bad[:3]))
        if errors_text(d):
            raise Bad('errors shown that no step provoked: %s' % errors_text(d))
        return ''
    step(d, 'no JavaScript error in the console, no unexpected error on the page', console)


if __name__ == '__main__':
    # stopped from outside (the test runner's timeout): the finally blocks
    # still stop the server and the browser
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))
    t0 = time.time()
    try:
        main()
    except Exception:  # a bug of this script: one failure, with the reason
        say(False, 'explorer.py', traceback.format_exc())
    print('browser test: %.1f s' % (time.time() - t0))
    sys.exit(1 if fails else 0)
