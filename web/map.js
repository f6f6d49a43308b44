/* map.js - the heatmap: its legend, the tiles (the values of
 * /api/tilevalues, sent once and coloured here, x to the right, y upward),
 * the colour scale (fitted to the values in view unless a top is set), the
 * canvas overlay (the board's edges, the axes, the rings, the label of the
 * region beyond the table) and the view (pan, zoom). */

import { $, S, api, el, isUint, query, reportError, sideParams } from './core.js';
import { drag, hover } from './pointer.js';
import { game } from './play.js';
import { saveHash, saveHashSoon } from './hash.js';

/* ------------------------------------------------------------------ */
/* legend                                                              */
/* ------------------------------------------------------------------ */
/* The tiles' colours (docs/serve.md, /api/tile): P-positions white; with
 * b=, those of A only wy_plot_set_rgb(1), of B only wy_plot_set_rgb(2),
 * of both white. */
const P_RGB = 'rgb(255,255,255)';
const SET_RGB = { a: 'rgb(26,102,224)', b: 'rgb(221,96,0)', ab: P_RGB };
const HEAT = ['rgb(38,12,84)', 'rgb(30,48,114)', 'rgb(18,82,126)', 'rgb(30,115,136)', 'rgb(48,147,146)',
  'rgb(69,179,145)', 'rgb(112,207,127)', 'rgb(180,226,99)', 'rgb(249,237,88)'];

function sideWords(ri, side) {
  const w = [];
  if (ri && ri.passes) w.push('passes left ' + side.pass);
  if (ri && ri.heap) w.push('extra heap ' + side.heap);
  return w.length ? ', ' + w.join(', ') : '';
}

function renderLegend() {
  const L = $('legend');
  L.textContent = '';
  const item = (color, text, cls) => el('li', null, el('span', { class: 'swatch' + (cls ? ' ' + cls : ''), style: 'background:' + color }), text);
  const ul = el('ul', { class: 'legend-list' });
  if (S.b) {
    ul.append(item(SET_RGB.a, 'P-position of ' + S.rules + ' only'));
    ul.append(item(SET_RGB.b, 'P-position of ' + S.b + ' only'));
    ul.append(item(SET_RGB.ab, 'P-position of both'));
  } else {
    ul.append(item(P_RGB, 'P-position (value 0) of ' + S.rules));
  }
  ul.append(item('transparent', 'open position', 'ring ring-open'));
  ul.append(item('transparent', 'its winning moves', 'ring ring-win'));
  ul.append(item('transparent', 'the game being played', 'ring ring-play'));
  L.append(ul);
  L.append(el('div', { class: 'heat', id: 'heat-scale', role: 'img', style: 'background: linear-gradient(to right, ' + HEAT.join(', ') + ')' }));
  L.append(el('div', { class: 'heat-labels' }, el('span', { text: 'value 0' }), el('span', { id: 'heat-top' })));
  heatTop();
  $('map-title').textContent = S.rules + sideWords(S.ri, S.side) + (S.b ? ' vs ' + S.b : '');
}

/* The top of the colour scale: vmax, else the largest value of the tiles
 * in view (map.fit). */
function heatTop() {
  const top = String(map.vmax());
  const t = $('heat-top');
  if (t) t.textContent = top + (S.vmax ? ' and above' : ' (the largest in view)');
  const h = $('heat-scale');
  if (h) h.setAttribute('aria-label', 'colour scale from value 0 to ' + top);
}

/* A tile's pixels from its values (docs/serve.md, /api/tilevalues): marks
 * bit 0 and 1 the P-positions of A and B, 0x80 beyond the table
 * (transparent: the map's hatching shows); the heat colour of value v is
 * entry floor(min(v, vmax) * 255 / vmax) of the server's palette, as
 * wy_plot_heat_rgb (exact: the product is below 2^40). */
function paintTile(cv, t, vmax) {
  const pal = S.palette;
  if (!pal || !t) return;
  const g = cv.getContext('2d');
  const T = cv.width;
  const im = g.createImageData(T, T);
  const d = im.data;
  const two = !!cv.dataset.b;
  const heat = pal.heat, sets = pal.sets;
  for (let k = 0, n = T * T; k < n; k++) {
    const m = t.mark[k];
    const o = k * 4;
    let c;
    if (m & 0x80) { d[o + 3] = 0; continue; }
    if ((m & 3) === 0) {
      const v = Math.min(t.value[k], vmax);
      c = heat[Math.floor((v * 255) / vmax)];
    } else if (!two || (m & 3) === 3) {
      c = pal.p;
    } else {
      c = sets[(m & 3) - 1];
    }
    d[o] = c[0]; d[o + 1] = c[1]; d[o + 2] = c[2]; d[o + 3] = 255;
  }
  g.putImageData(im, 0, 0);
  cv.dataset.vmax = String(vmax);
}

/* ------------------------------------------------------------------ */
/* the map                                                             */
/* ------------------------------------------------------------------ */
const ZMIN = -5;
function zmax() {
  const side = Number(S.info.table_side) || 16384;
  const tile = Number(S.info.tile) || 256;
  return Math.max(0, Math.ceil(Math.log2(side / tile)));
}

const map = {
  W: 0, H: 0,
  imgs: new Map(), // key -> <canvas> shown
  data: new Map(), // key -> {value, mark, max}: a tile's values (most recent last)
  fitTop: 0, // the largest value of the tiles in view (the fitted scale's top)
  valueRequests: 0, // /api/tilevalues requests made (for tests: a new colour asks none)
  failed: new Map(), // key -> {msg, t}: the tile's error and when
  queue: [], // keys waiting
  want: new Map(), // key -> params, the tiles of the current view
  active: 0,
  generation: 0,
  frame: 0,

  scale() { return Math.pow(2, S.view.z); }, // positions per pixel
  origin() {
    const s = this.scale();
    return { ox: Math.round(this.W / 2 - S.view.cx / s), oy: Math.round(this.H / 2 + S.view.cy / s) };
  },
  /* The position under a point of the map (client coordinates relative
   * to the map); at z >= 0 the corner of the pixel's block, the position
   * whose colour the pixel shows. */
  cellAt(px, py) {
    const { ox, oy } = this.origin();
    const z = S.view.z;
    const s = this.scale();
    if (z < 0) return { x: Math.floor((px - ox) * s), y: Math.floor((oy - py) * s) };
    return { x: Math.floor(px - ox) * s, y: Math.floor(oy - py) * s };
  },
  /* The rectangle of a cell (x, y numbers) on the map. */
  cellRect(x, y) {
    const { ox, oy } = this.origin();
    const s = this.scale();
    const w = Math.max(1, 1 / s);
    const left = ox + (S.view.z < 0 ? x / s : Math.floor(x / s));
    const top = oy - (S.view.z < 0 ? (y + 1) / s : Math.floor(y / s) + 1);
    return { left, top, w };
  },

  init() {
    this.el = $('map');
    this.tiles = $('map-tiles');
    this.overlay = $('map-overlay');
    new ResizeObserver(() => this.resize()).observe(this.el);
    this.resize();
  },
  resize() {
    const r = this.el.getBoundingClientRect();
    this.W = Math.round(r.width);
    this.H = Math.round(r.height);
    const dpr = window.devicePixelRatio || 1;
    this.overlay.width = Math.round(this.W * dpr);
    this.overlay.height = Math.round(this.H * dpr);
    this.overlay.style.width = this.W + 'px';
    this.overlay.style.height = this.H + 'px';
    if (!S.viewSet && this.W) this.home(false, S.view.z);
    this.schedule();
  },
  /* (0, 0) near the lower left corner, at zoom z (default -2). */
  home(save, z) {
    S.view.z = z !== undefined ? z : -2;
    const s = this.scale();
    S.view.cx = (this.W / 2 - 40) * s;
    S.view.cy = (this.H / 2 - 30) * s;
    if (save !== false) { S.viewSet = true; saveHash(); }
    this.schedule();
  },
  /* The top of the colour scale: the user's, else the fitted one. */
  vmax() { return S.vmax ? Number(S.vmax) : Math.max(1, this.fitTop); },
  /* The fitted top from the tiles in view that have their values; the
   * tiles coloured again where their top differs (no request). */
  recolour() {
    let top = 0;
    for (const key of this.want.keys()) {
      const t = this.data.get(key);
      if (t && t.max > top) top = t.max;
    }
    if (top > 0) this.fitTop = top;
    const v = this.vmax();
    for (const [key, cv] of this.imgs) {
      if (cv.dataset.loaded === '1' && cv.dataset.vmax !== String(v)) paintTile(cv, this.data.get(key), v);
    }
    this.el.dataset.vmax = String(v);
    heatTop();
  },
  reset() { // the rulesets or side state changed
    this.generation++;
    for (const img of this.imgs.values()) img.remove();
    this.imgs.clear();
    this.queue = [];
    this.failed.clear();
    this.updateStatus();
    this.schedule();
  },
  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  },
  tileParams(z, tx, ty) {
    const p = { rules: S.rules };
    Object.assign(p, sideParams());
    p.z = z; p.tx = tx; p.ty = ty;
    if (S.b) p.b = S.b;
    return p;
  },
  render() {
    if (!this.W || !this.H || !S.ri) { this.drawOverlay(); return; }
    const z = S.view.z;
    const T = Number(S.info.tile) || 256;
    const s = this.scale();
    const span = T * s; // positions a tile covers
    const side = Number(S.info.table_side) || 16384;
    const nt = Math.ceil(side / span); // tiles in each direction
    const { ox, oy } = this.origin();
    const i0 = Math.max(0, Math.floor(-ox / T));
    const i1 = Math.min(nt - 1, Math.floor((this.W - 1 - ox) / T));
    const j0 = Math.max(0, Math.floor((oy - this.H) / T));
    const j1 = Math.min(nt - 1, Math.ceil(oy / T) - 1);
    const want = new Map();
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const p = this.tileParams(z, i, j);
        want.set(query(p), { p, i, j });
      }
    }
    for (const [key, img] of this.imgs) {
      if (!want.has(key)) { img.remove(); this.imgs.delete(key); }
    }
    for (const [key, t] of want) {
      let img = this.imgs.get(key);
      if (!img) {
        img = el('canvas', { class: 'tile', width: T, height: T, dataset: { tx: t.i, ty: t.j, z, rules: S.rules, b: S.b } });
        this.imgs.set(key, img);
        this.tiles.append(img);
        const data = this.data.get(key);
        if (data) {
          this.data.delete(key); this.data.set(key, data); // most recent last
          img.dataset.loaded = '1';
        } else if (this.failed.has(key) && performance.now() - this.failed.get(key).t < 15000) {
          img.dataset.loaded = 'error'; // asked again 15 s after it failed (a timeout may pass)
          img.title = this.failed.get(key).msg;
        } else if (!this.queue.includes(key)) {
          this.queue.push(key);
        }
      }
      const f = this.failed.get(key);
      if (f && img.dataset.loaded === 'error' && performance.now() - f.t >= 15000 && !this.queue.includes(key)) {
        this.failed.delete(key); // try a failed tile again when the view moves
        delete img.dataset.loaded;
        this.queue.push(key);
      }
      img.style.left = (ox + t.i * T) + 'px';
      img.style.top = (oy - (t.j + 1) * T) + 'px';
      img.style.width = T + 'px';
      img.style.height = T + 'px';
    }
    this.want = want;
    // the queue: only tiles still wanted, those nearest the centre first
    const cxp = this.W / 2, cyp = this.H / 2;
    const dist = (k) => {
      const t = want.get(k);
      return Math.hypot(ox + (t.i + 0.5) * T - cxp, oy - (t.j + 0.5) * T - cyp);
    };
    this.queue = this.queue.filter((k) => want.has(k)).sort((a, b) => dist(a) - dist(b));
    this.pump();
    this.recolour();
    this.updateStatus();
    this.drawOverlay();
    $('zoom-level').textContent = z < 0
      ? 'zoom ' + z + ': a position is ' + (1 / s) + ' \u00d7 ' + (1 / s) + ' px'
      : 'zoom ' + z + ': a pixel is ' + (z === 0 ? 'one position' : s + ' \u00d7 ' + s + ' positions');
    $('zoom-in').disabled = z <= ZMIN;
    $('zoom-out').disabled = z >= zmax();
  },
  pump() {
    while (this.active < 4 && this.queue.length) {
      const key = this.queue.shift();
      const t = this.want.get(key);
      if (!t) continue;
      const gen = this.generation;
      this.active++;
      this.valueRequests++;
      api('/api/tilevalues', t.p, { job: 'tiles of ' + S.rules + (S.b ? ' and ' + S.b : ''), buffer: true })
        .then((buf) => {
          const T = Number(S.info.tile) || 256, n = T * T;
          if (buf.byteLength !== 5 * n) throw new Error('a tile of ' + buf.byteLength + ' bytes, expected ' + 5 * n);
          const dv = new DataView(buf);
          const value = new Uint32Array(n), mark = new Uint8Array(buf, 4 * n, n);
          let max = 0;
          for (let k = 0; k < n; k++) {
            value[k] = dv.getUint32(4 * k, true);
            if (!(mark[k] & 0x80) && value[k] > max) max = value[k];
          }
          this.data.set(key, { value, mark, max });
          for (const k0 of this.data.keys()) { // at most 160 tiles kept (320 KiB each)
            if (this.data.size <= 160) break;
            if (!this.imgs.has(k0)) this.data.delete(k0);
          }
          const img = this.imgs.get(key);
          if (img) img.dataset.loaded = '1';
          this.recolour();
          this.drawOverlay();
        })
        .catch((e) => {
          if (gen === this.generation) this.failed.set(key, { msg: e.message, t: performance.now() });
          const img = this.imgs.get(key);
          if (img) { img.dataset.loaded = 'error'; img.title = e.message; }
          reportError('heatmap tile', e);
        })
        .finally(() => {
          this.active--;
          this.updateStatus();
          this.pump();
        });
    }
  },
  updateStatus() {
    let loaded = 0, failed = 0;
    for (const img of this.imgs.values()) {
      if (img.dataset.loaded === '1') loaded++;
      else if (img.dataset.loaded === 'error') failed++;
    }
    this.el.dataset.tiles = String(this.imgs.size);
    this.el.dataset.tilesLoaded = String(loaded);
    this.el.dataset.tilesFailed = String(failed);
    this.el.dataset.tilesPending = String(this.imgs.size - loaded - failed);
  },

  drawOverlay() {
    const c = this.overlay;
    const g = c.getContext('2d');
    const dpr = window.devicePixelRatio || 1;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, this.W, this.H);
    if (!this.W) return;
    const { ox, oy } = this.origin();
    const s = this.scale();
    const side = Number(S.info.table_side) || 16384;
    // the board's edges: x = 0, y = 0, and the end of the table
    g.strokeStyle = 'rgba(0,0,0,0.45)';
    g.lineWidth = 1;
    g.beginPath();
    g.moveTo(ox - 0.5, oy - side / s); g.lineTo(ox - 0.5, oy + 0.5); g.lineTo(ox + side / s, oy + 0.5);
    g.stroke();
    this.drawBeyond(g, ox, oy, s, side);
    this.drawAxes(g, ox, oy, s);
    const ring = (x, y, color, width, label) => {
      if (!isUint(x) || !isUint(y)) return;
      const X = Number(x), Y = Number(y);
      if (!Number.isSafeInteger(X) || !Number.isSafeInteger(Y)) return;
      const r = this.cellRect(X, Y);
      if (r.left > this.W + 20 || r.top > this.H + 20 || r.left + r.w < -20 || r.top + r.w < -20) return;
      g.strokeStyle = color;
      g.lineWidth = width;
      if (r.w >= 6) {
        g.strokeRect(r.left - width / 2, r.top - width / 2, r.w + width, r.w + width);
      } else {
        g.beginPath();
        g.arc(r.left + r.w / 2, r.top + r.w / 2, 6, 0, 2 * Math.PI);
        g.stroke();
      }
      if (label) {
        g.font = '11px system-ui, sans-serif';
        g.fillStyle = color;
        g.fillText(label, r.left + Math.max(r.w, 8) + 4, r.top - 2);
      }
    };
    if (S.open && S.openData && Array.isArray(S.openData.moves)) {
      for (const m of S.openData.moves) {
        if (m.winning && ['row', 'col', 'diag', 'mod'].includes(m.move)) ring(String(m.to[0]), String(m.to[1]), '#18a058', 2);
      }
    }
    if (S.open) ring(S.open.x, S.open.y, '#e0245e', 2.5);
    if (game.active) ring(String(game.pos.x), String(game.pos.y), '#00b7d4', 2.5, game.over ? '' : 'game');
    // cursor and pointer: a dark ring with a light one inside, seen on any colour
    const cur = S.cursor;
    if (cur && document.activeElement === this.el) { ring(String(cur.x), String(cur.y), 'rgba(0,0,0,0.85)', 3); ring(String(cur.x), String(cur.y), '#ffd400', 1.5); }
    if (hover.cell && !drag.moved) { ring(String(hover.cell.x), String(hover.cell.y), 'rgba(0,0,0,0.7)', 2.5); ring(String(hover.cell.x), String(hover.cell.y), '#fff', 1); }
  },
  /* The words on the hatched region beyond the table (x or y >= side):
   * in the larger of its two parts in view, when there is room. */
  drawBeyond(g, ox, oy, s, side) {
    const right = { x0: Math.max(0, ox + side / s), y0: 0, x1: this.W, y1: this.H };
    const top = { x0: Math.max(0, ox), y0: 0, x1: this.W, y1: Math.min(this.H, oy - side / s) };
    const area = (r) => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);
    const r = area(right) >= area(top) ? right : top;
    const lines = ['beyond the table (side ' + side + ')', 'no colours here: click a cell', 'to evaluate it exactly'];
    g.font = '13px system-ui, sans-serif';
    const w = Math.max(...lines.map((t) => g.measureText(t).width)) + 16, h = lines.length * 17 + 10;
    if (r.x1 - r.x0 < w || r.y1 - r.y0 < h) { delete this.el.dataset.beyondLabel; return; }
    const cx = (r.x0 + r.x1) / 2, cy = (r.y0 + r.y1) / 2;
    const bx = Math.round(cx - w / 2), by = Math.round(cy - h / 2);
    g.fillStyle = 'rgba(255,255,255,0.9)';
    g.fillRect(bx, by, w, h);
    g.strokeStyle = 'rgba(0,0,0,0.35)';
    g.strokeRect(bx + 0.5, by + 0.5, w - 1, h - 1);
    g.fillStyle = '#333';
    g.textBaseline = 'top';
    g.textAlign = 'center';
    lines.forEach((t, i) => g.fillText(t, cx, by + 6 + i * 17));
    g.textAlign = 'start';
    this.el.dataset.beyondLabel = lines.join(' ');
    this.el.dataset.beyondBox = [bx, by, Math.round(w), h].join(',');
  },
  drawAxes(g, ox, oy, s) {
    // ticks every 1, 2, 5 x 10^k positions with at least 70 px between
    const minPx = 70;
    let step = 1;
    for (;;) {
      let found = false;
      for (const m of [1, 2, 5]) {
        if ((step * m) / s >= minPx) { step *= m; found = true; break; }
      }
      if (found) break;
      step *= 10;
    }
    g.font = '11px system-ui, sans-serif';
    g.textBaseline = 'bottom';
    const label = (text, x, y) => {
      const w = g.measureText(text).width;
      g.fillStyle = 'rgba(255,255,255,0.85)';
      g.fillRect(x - 2, y - 13, w + 4, 14);
      g.fillStyle = '#222';
      g.fillText(text, x, y);
    };
    const x0 = Math.max(0, Math.ceil((-ox * s) / step) * step);
    for (let x = x0; (x / s) + ox < this.W - 50; x += step) {
      const px = ox + x / s + (s < 1 ? 0.5 / s : 0);
      label(String(x), px - 3, this.H - 2);
    }
    const y0 = Math.max(0, Math.ceil(((oy - this.H) * s) / step) * step);
    for (let y = y0; oy - y / s > 30; y += step) {
      const py = oy - y / s - (s < 1 ? 0.5 / s : 0);
      label(String(y), 2, py + 6);
    }
    label('x \u2192', this.W - 34, this.H - 18);
    label('y \u2191', 4, 16);
  },

  /* zoom by dz levels around the point (px, py) of the map */
  zoom(dz, px, py) {
    const z1 = Math.max(ZMIN, Math.min(zmax(), S.view.z + dz));
    if (z1 === S.view.z) return;
    if (px !== undefined) { // the point under the pointer stays put
      const s0 = this.scale();
      const wx = S.view.cx + (px - this.W / 2) * s0, wy = S.view.cy - (py - this.H / 2) * s0;
      S.view.z = z1;
      const s1 = this.scale();
      S.view.cx = wx - (px - this.W / 2) * s1;
      S.view.cy = wy + (py - this.H / 2) * s1;
    } else {
      S.view.z = z1;
    }
    this.clampView();
    S.viewSet = true;
    this.schedule();
    saveHashSoon();
  },
  pan(dxPx, dyPx) {
    const s = this.scale();
    S.view.cx -= dxPx * s;
    S.view.cy += dyPx * s;
    this.clampView();
    S.viewSet = true;
    this.schedule();
    saveHashSoon();
  },
  clampView() {
    const s = this.scale();
    const side = Number(S.info.table_side) || 16384;
    S.view.cx = Math.min(side + (this.W / 2) * s, Math.max(-(this.W / 2) * s, S.view.cx));
    S.view.cy = Math.min(side + (this.H / 2) * s, Math.max(-(this.H / 2) * s, S.view.cy));
  },
  centreOn(x, y) {
    S.view.cx = x + 0.5;
    S.view.cy = y + 0.5;
    S.viewSet = true;
    this.clampView();
    this.schedule();
  },
};

export { map, renderLegend, sideWords, zmax, ZMIN };
