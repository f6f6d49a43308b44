/* pointer.js - the map under the pointer and the keys: the values of the
 * cell under the pointer, and drag, wheel, click and keys on the map. */

import { $, S, api, reportError, sideParams } from './core.js';
import { map, sideWords } from './map.js';
import { openPosition } from './position.js';
import { game, playMapMove } from './play.js';

/* ------------------------------------------------------------------ */
/* values under the pointer: /api/table in blocks, cached              */
/* ------------------------------------------------------------------ */
const values = {
  blocks: new Map(), // key -> {values} | {promise} | {error}
  B: 64,
  blockSide() {
    const cells = Number(S.info.window_cells) || 4096;
    let b = 64;
    while (b > 1 && b * b > cells) b >>= 1;
    return b;
  },
  key(rules, side, bx, by) { return rules + '|' + JSON.stringify(side) + '|' + bx + '|' + by; },
  /* The value of (x, y) in rules/side if known: a number, or undefined
   * (then the block is fetched and then() is called when it arrives). */
  get(rules, side, x, y, then) {
    const B = this.blockSide();
    const tside = Number(S.info.table_side) || 16384;
    if (x < 0 || y < 0 || x >= tside || y >= tside) return null;
    const bx = Math.floor(x / B), by = Math.floor(y / B);
    const k = this.key(rules, side, bx, by);
    const b = this.blocks.get(k);
    if (b && b.values) return b.values[x - bx * B][y - by * B];
    if (b && b.error) return { error: b.error };
    if (!b) {
      const p = Object.assign({ rules, x0: bx * B, y0: by * B, rows: Math.min(B, tside - bx * B), cols: Math.min(B, tside - by * B) }, side);
      const entry = {};
      entry.promise = api('/api/table', p, { job: 'values of ' + rules })
        .then((r) => { entry.values = r.values; delete entry.promise; })
        .catch((e) => { entry.error = e.message; delete entry.promise; reportError('values under the pointer', e); });
      this.blocks.set(k, entry);
      if (this.blocks.size > 2000) this.blocks.delete(this.blocks.keys().next().value);
    }
    if (then) this.blocks.get(k).promise && this.blocks.get(k).promise.then(then);
    return undefined;
  },
};

const hover = { cell: null, timer: 0 };

function valueWords(v, misere) {
  const G = misere ? 'G-' : 'G';
  if (v === null || v === undefined) return G + ' = ?';
  if (typeof v === 'object' && v.error) return G + ' = ? (' + v.error + ')';
  return G + ' = ' + v + ', ' + (Number(v) === 0 ? 'P-position' : 'N-position');
}

function updateHover() {
  const out = $('hover');
  const c = hover.cell;
  if (!c) return;
  const tside = Number(S.info.table_side) || 16384;
  const pos = '(' + c.x + ', ' + c.y + ')';
  const block = S.view.z > 0 ? ' (a pixel: ' + (2 ** S.view.z) + '\u00b2 positions, this one its corner)' : '';
  out.dataset.x = c.x;
  out.dataset.y = c.y;
  if (c.x < 0 || c.y < 0) {
    out.textContent = pos + ': outside the board';
    out.dataset.value = ''; out.dataset.outcome = '';
    return;
  }
  if (c.x >= tside || c.y >= tside) {
    out.textContent = pos + ': beyond the table (side ' + tside + '); click to evaluate it exactly';
    out.dataset.value = ''; out.dataset.outcome = '';
    return;
  }
  const side = sideParams();
  const misere = S.ri && S.ri.misere;
  const va = values.get(S.rules, side, c.x, c.y, () => { if (hover.cell === c) updateHover(); });
  let text = pos + ' ' + S.rules + sideWords(S.ri, S.side) + ': ';
  if (va === undefined) {
    text += 'loading\u2026';
    out.dataset.value = ''; out.dataset.outcome = '';
  } else {
    text += valueWords(va, misere) + block;
    if (typeof va === 'number') {
      out.dataset.value = String(va);
      out.dataset.outcome = va === 0 ? 'P' : 'N';
    }
  }
  if (S.b) {
    const vb = values.get(S.b, {}, c.x, c.y, () => { if (hover.cell === c) updateHover(); });
    text += '; ' + S.b + ': ' + (vb === undefined ? 'loading\u2026' : valueWords(vb, S.bi && S.bi.misere));
  }
  out.textContent = text;
}

function setHover(cell) {
  if (hover.cell && cell && hover.cell.x === cell.x && hover.cell.y === cell.y) return;
  hover.cell = cell;
  updateHover();
  map.schedule();
}

/* ------------------------------------------------------------------ */
/* map input: drag, wheel, click, keys                                 */
/* ------------------------------------------------------------------ */
const drag = { on: false, moved: false, x: 0, y: 0, sx: 0, sy: 0 };
function mapPoint(ev) {
  const r = map.el.getBoundingClientRect();
  return { px: ev.clientX - r.left, py: ev.clientY - r.top };
}
function initMapInput() {
  const m = map.el;
  m.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    drag.on = true; drag.moved = false;
    drag.x = drag.sx = ev.clientX; drag.y = drag.sy = ev.clientY;
    m.setPointerCapture(ev.pointerId);
    m.classList.add('dragging');
  });
  m.addEventListener('pointermove', (ev) => {
    if (drag.on) {
      if (!drag.moved && Math.hypot(ev.clientX - drag.sx, ev.clientY - drag.sy) > 4) drag.moved = true;
      if (drag.moved) {
        map.pan(ev.clientX - drag.x, ev.clientY - drag.y);
        drag.x = ev.clientX; drag.y = ev.clientY;
        return;
      }
    }
    const { px, py } = mapPoint(ev);
    setHover(map.cellAt(px, py));
  });
  const end = (ev) => {
    if (!drag.on) return;
    drag.on = false;
    m.classList.remove('dragging');
    if (ev.type === 'pointerup' && !drag.moved) {
      const { px, py } = mapPoint(ev);
      cellClicked(map.cellAt(px, py));
    }
    drag.moved = false;
  };
  m.addEventListener('pointerup', end);
  m.addEventListener('pointercancel', end);
  m.addEventListener('pointerleave', () => { if (!drag.on) { hover.cell = null; map.schedule(); } });
  let wheelAcc = 0;
  m.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const d = ev.deltaMode === 1 ? ev.deltaY * 33 : ev.deltaMode === 2 ? ev.deltaY * 400 : ev.deltaY;
    wheelAcc += d;
    if (Math.abs(wheelAcc) < 50) return;
    const { px, py } = mapPoint(ev);
    map.zoom(wheelAcc > 0 ? 1 : -1, px, py);
    wheelAcc = 0;
    setHover(map.cellAt(px, py));
  }, { passive: false });
  m.addEventListener('keydown', (ev) => {
    const k = ev.key;
    if (k === '+' || k === '=') { map.zoom(-1); ev.preventDefault(); return; }
    if (k === '-' || k === '_') { map.zoom(1); ev.preventDefault(); return; }
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (dirs[k]) {
      ev.preventDefault();
      const [dx, dy] = dirs[k];
      if (ev.shiftKey) { map.pan(-dx * 64, dy * 64); return; }
      if (!S.cursor) S.cursor = map.cellAt(map.W / 2, map.H / 2);
      const st = S.view.z > 0 ? 2 ** S.view.z : 1;
      S.cursor = { x: Math.max(0, S.cursor.x + dx * st), y: Math.max(0, S.cursor.y + dy * st) };
      const r = map.cellRect(S.cursor.x, S.cursor.y);
      if (r.left < 0 || r.top < 0 || r.left > map.W - r.w || r.top > map.H - r.w) map.centreOn(S.cursor.x, S.cursor.y);
      setHover(S.cursor);
      map.schedule();
      return;
    }
    if (k === 'Enter' || k === ' ') {
      ev.preventDefault();
      cellClicked(S.cursor || map.cellAt(map.W / 2, map.H / 2));
    }
  });
  m.addEventListener('focus', () => {
    if (!S.cursor) S.cursor = map.cellAt(map.W / 2, map.H / 2);
    setHover(S.cursor);
    map.schedule();
  });
  m.addEventListener('blur', () => map.schedule());
  $('zoom-in').addEventListener('click', () => map.zoom(-1));
  $('zoom-out').addEventListener('click', () => map.zoom(1));
  $('zoom-home').addEventListener('click', () => map.home());
}

function cellClicked(c) {
  if (c.x < 0 || c.y < 0) return;
  S.cursor = { x: c.x, y: c.y };
  if (game.active && !game.over && game.turn === 'you' && game.moves && playMapMove(c.x, c.y)) return;
  openPosition(String(c.x), String(c.y));
}

export { drag, hover, initMapInput, updateHover };
