/* app.js - the explorer of `wythoff serve` (docs/serve.md).
 *
 * Plain JavaScript, no framework, no external resource.  Everything the
 * page shows comes from the JSON API of the same server:
 *   /api/info      the limits (tile size, table side, cells of one window)
 *   /api/rules     the ruleset picker and the side state, validated
 *   /api/tile      the heatmap, 256 px PNG tiles (x to the right, y upward)
 *   /api/table     the values under the pointer, fetched in blocks, cached
 *   /api/moves     the open position's options; the player's legal moves
 *   /api/engine    the engine's answer in a game
 *   /api/value     the exact evaluator for positions of any size
 *   /api/claims, /api/check   the papers' claims
 *   /api/progress  the progress of a long request (job=ID)
 * The state (rulesets, side state, view, open position) lives in
 * location.hash: #rules=wythoff+pass&pass=1&b=wythoff&cx=40&cy=30&z=-2&open=7,6
 */
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        if (k === 'class') e.className = v;
        else if (k === 'text') e.textContent = v;
        else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
        else if (k === 'dataset') Object.assign(e.dataset, v);
        else if (k === 'style') e.style.cssText = v; // CSSOM: the server's CSP forbids style attributes
        else e.setAttribute(k, v === true ? '' : String(v));
      }
    }
    for (const k of kids) {
      if (k === null || k === undefined || k === false) continue;
      e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    }
    return e;
  }

  /* Numbers of any size arrive as JSON numbers or (2^53 and above) strings. */
  const big = (v) => BigInt(String(v));
  const isUint = (s) => /^[0-9]+$/.test(String(s));

  /* ------------------------------------------------------------------ */
  /* state                                                               */
  /* ------------------------------------------------------------------ */
  const S = {
    info: { tile: 256, table_side: 16384, window_cells: 4096 },
    rules: 'wythoff', // canonical text of ruleset A
    ri: null, // /api/rules answer for A
    side: { pass: null, heap: null }, // side state of A (null: the ruleset has none)
    b: '', // canonical text of ruleset B ('' none)
    bi: null,
    vmax: '',
    view: { cx: 0, cy: 0, z: -2 },
    viewSet: false, // the view came from the hash (else: origin at the lower left)
    open: null, // {x, y} strings: the open position
    openData: null, // its /api/moves answer
    cursor: null, // keyboard cursor {x, y}
  };

  /* ------------------------------------------------------------------ */
  /* errors                                                              */
  /* ------------------------------------------------------------------ */
  class ApiError extends Error {
    constructor(message, http, status, endpoint) {
      super(message);
      this.http = http;
      this.status = status;
      this.endpoint = endpoint;
    }
  }

  const errorsShown = new Map(); // text -> {node, count}
  function reportError(where, err) {
    if (err && err.name === 'AbortError') return;
    let msg = err && err.message ? err.message : String(err);
    let extra = '';
    if (err instanceof ApiError && err.http) {
      extra = 'HTTP ' + err.http + (err.status !== undefined && err.status !== null ? ', exit status ' + err.status : '');
    }
    const key = where + '\n' + msg + '\n' + extra;
    const box = $('errors');
    const seen = errorsShown.get(key);
    if (seen && seen.node.isConnected) {
      seen.count++;
      seen.node.querySelector('.count').textContent = ' (\u00d7' + seen.count + ')';
      box.append(seen.node); // the newest last
      return;
    }
    const node = el('div', { class: 'error' },
      el('strong', { text: where + ': ' }),
      el('span', { class: 'error-text', text: msg }),
      extra ? el('small', { text: ' (' + extra + ')' }) : null,
      el('span', { class: 'count' }),
      el('button', {
        type: 'button', class: 'dismiss', 'aria-label': 'Dismiss this error', title: 'Dismiss',
        onclick: () => { node.remove(); errorsShown.delete(key); },
      }, '\u00d7'));
    errorsShown.set(key, { node, count: 1 });
    box.append(node);
    while (box.children.length > 6) {
      const first = box.firstElementChild;
      for (const [k, v] of errorsShown) if (v.node === first) errorsShown.delete(k);
      first.remove();
    }
  }

  /* ------------------------------------------------------------------ */
  /* the API                                                             */
  /* ------------------------------------------------------------------ */
  let jobSeq = 0;
  const jobPrefix = 'w' + Math.floor(Math.random() * 36 ** 6).toString(36);
  const newJob = () => jobPrefix + '-' + (++jobSeq);

  function query(params) {
    const parts = [];
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined || v === null) continue;
      parts.push(encodeURIComponent(k) + '=' + encodeURIComponent(String(v)));
    }
    return parts.join('&');
  }

  /* api(path, params, {job: LABEL, blob: true, signal}): the JSON answer
   * (or the PNG as a Blob).  Throws ApiError with the server's message for
   * an error answer ({"error", "status"}).  With job, the request is named
   * and its progress shown while it runs. */
  async function api(path, params, opts) {
    opts = opts || {};
    const p = Object.assign({}, params || {});
    let job = null;
    if (opts.job) {
      job = newJob();
      p.job = job;
      progress.start(job, opts.job);
    }
    const q = query(p);
    const url = path + (q ? '?' + q : '');
    try {
      let resp;
      try {
        resp = await fetch(url, { signal: opts.signal, cache: 'no-store' });
      } catch (e) {
        if (e.name === 'AbortError') throw e;
        throw new ApiError('the server does not answer (' + e.message + ')', 0, null, path);
      }
      if (!resp.ok) {
        let body = null;
        try { body = await resp.json(); } catch (e) { /* not JSON */ }
        const msg = body && typeof body.error === 'string' ? body.error
          : 'HTTP ' + resp.status + ' ' + resp.statusText + ' from ' + path;
        throw new ApiError(msg, resp.status, body ? body.status : null, path);
      }
      if (opts.blob) return await resp.blob();
      try {
        return await resp.json();
      } catch (e) {
        throw new ApiError('the answer of ' + path + ' is not JSON (' + e.message + ')', resp.status, null, path);
      }
    } finally {
      if (job) progress.end(job);
    }
  }

  /* The side-state parameters of ruleset A. */
  function sideParams() {
    const p = {};
    if (S.ri && S.ri.passes && S.side.pass !== null) p.pass = S.side.pass;
    if (S.ri && S.ri.heap && S.side.heap !== null) p.heap = S.side.heap;
    return p;
  }

  /* ------------------------------------------------------------------ */
  /* progress of long requests                                           */
  /* ------------------------------------------------------------------ */
  const progress = {
    jobs: new Map(), // job -> {label, t0, done, total, polling}
    timer: null,
    failed: false,
    start(job, label) {
      this.jobs.set(job, { label, t0: performance.now(), done: 0, total: 0, polling: false });
      if (!this.timer) this.timer = setInterval(() => this.tick(), 200);
    },
    end(job) {
      this.jobs.delete(job);
      if (!this.jobs.size) {
        clearInterval(this.timer);
        this.timer = null;
        $('progress').hidden = true;
      } else {
        this.render();
      }
    },
    tick() {
      const now = performance.now();
      let polled = 0;
      for (const [job, j] of this.jobs) {
        if (now - j.t0 < 300 || polled >= 2) continue;
        polled++;
        if (j.polling || this.failed) continue;
        j.polling = true;
        api('/api/progress', { job }).then((r) => {
          j.done = Number(r.done) || 0;
          j.total = Number(r.total) || 0;
          j.running = !!r.running;
        }).catch((e) => {
          this.failed = true; // report once, then wait without numbers
          reportError('progress of a long request', e);
        }).finally(() => { j.polling = false; });
      }
      this.render();
    },
    render() {
      const now = performance.now();
      let first = null;
      let n = 0;
      for (const j of this.jobs.values()) {
        if (now - j.t0 < 300) continue;
        n++;
        if (!first) first = j;
      }
      const box = $('progress');
      if (!first) { box.hidden = true; return; }
      box.hidden = false;
      const bar = $('progress-bar');
      const secs = ((now - first.t0) / 1000).toFixed(1);
      let pct = '';
      if (first.total > 0) {
        const f = Math.min(1, first.done / first.total);
        bar.value = f;
        pct = (f < 0.1 ? (Math.floor(f * 1000) / 10).toFixed(1) : Math.floor(f * 100)) + '%, ';
      } else {
        bar.removeAttribute('value'); // indeterminate
      }
      $('progress-text').textContent = first.label + ': ' + pct + secs + ' s' + (n > 1 ? ' (+' + (n - 1) + ' more)' : '');
    },
  };

  /* ------------------------------------------------------------------ */
  /* rulesets                                                            */
  /* ------------------------------------------------------------------ */
  const rulesCache = new Map();
  async function fetchRules(text, side) {
    const key = text + '|' + JSON.stringify(side || {});
    if (rulesCache.has(key)) return rulesCache.get(key);
    const r = await api('/api/rules', Object.assign({ rules: text }, side || {}));
    rulesCache.set(key, r);
    return r;
  }

  const OPTS = ['pass', 'heap', 'max', 'mod', 'terminal', 'misere'];

  /* The picker's ruleset in the canonical order. */
  function pickerText() {
    let t = $('game').value;
    const num = (id) => String($(id).value).trim();
    if ($('opt-pass').checked) t += num('opt-pass-k') === '1' ? '+pass' : '+pass=' + num('opt-pass-k');
    if ($('opt-heap').checked) t += '+heap=' + num('opt-heap-h');
    if ($('opt-max').checked) t += '+max=' + num('opt-max-n');
    if ($('opt-mod').checked && $('game').value === 'wythoff') t += '+mod=' + num('opt-mod-m');
    if ($('opt-terminal').checked) t += '+terminal=' + num('opt-terminal-k');
    if ($('opt-misere').checked) t += '+misere';
    return t;
  }

  /* The picker from an /api/rules answer. */
  function setPicker(ri) {
    $('game').value = ri.game;
    const has = (v) => v !== null && v !== undefined && v !== false && v !== 0;
    $('opt-pass').checked = has(ri.passes);
    if (has(ri.passes)) $('opt-pass-k').value = ri.passes;
    $('opt-heap').checked = has(ri.heap);
    if (has(ri.heap)) $('opt-heap-h').value = ri.heap;
    $('opt-max').checked = has(ri.max);
    if (has(ri.max)) $('opt-max-n').value = ri.max;
    $('opt-mod').checked = has(ri.mod);
    if (has(ri.mod)) $('opt-mod-m').value = ri.mod;
    const term = ri.terminal !== null && ri.terminal !== undefined && ri.terminal !== false;
    $('opt-terminal').checked = term;
    if (term) $('opt-terminal-k').value = ri.terminal;
    $('opt-misere').checked = !!ri.misere;
    syncPickerEnabled();
  }

  function syncPickerEnabled() {
    const nim = $('game').value === 'nim';
    $('opt-mod').disabled = nim;
    $('opt-mod-m').disabled = nim;
    if (nim) $('opt-mod').checked = false;
    $('opt-mod').title = nim ? 'mod= is for wythoff only' : '';
    for (const o of ['pass', 'heap', 'max', 'mod', 'terminal']) {
      const k = { pass: 'k', heap: 'h', max: 'n', mod: 'm', terminal: 'k' }[o];
      const input = $('opt-' + o + '-' + k);
      input.disabled = !$('opt-' + o).checked || (o === 'mod' && nim);
    }
  }

  function describeRules(ri) {
    const bits = [ri.game === 'nim' ? 'two-heap Nim' : "Wythoff's game"];
    if (ri.passes) bits.push(ri.passes === 1 ? 'one pass shared by both players' : ri.passes + ' passes shared by both players');
    if (ri.heap) bits.push('an extra Nim heap of ' + ri.heap);
    if (ri.max) bits.push('at most ' + ri.max + ' a move');
    if (ri.mod) bits.push('modular moves mod ' + ri.mod);
    if (ri.terminal !== null && ri.terminal !== undefined) bits.push('terminal when x + y \u2264 ' + ri.terminal);
    if (ri.misere) bits.push('mis\u00e8re play');
    return bits.join(', ');
  }

  function setMsg(id, text, isError) {
    const m = $(id);
    m.textContent = text;
    m.classList.toggle('error', !!isError);
  }

  /* Apply ruleset A: validate it, then redraw everything that depends on
   * it.  side: the side state to keep (from the hash), else the start. */
  async function applyRules(text, side) {
    text = String(text).trim();
    let ri;
    try {
      ri = await fetchRules(text);
    } catch (e) {
      setMsg('rules-msg', e.message, true);
      $('rules').setAttribute('aria-invalid', 'true');
      reportError('ruleset \u201c' + text + '\u201d', e);
      return false;
    }
    $('rules').removeAttribute('aria-invalid');
    S.rules = ri.rules;
    S.ri = ri;
    $('rules').value = ri.rules;
    setPicker(ri);
    setMsg('rules-msg', describeRules(ri), false);
    const start = ri.start || {};
    S.side = {
      pass: ri.passes ? (side && side.pass !== undefined && side.pass !== null ? Number(side.pass) : Number(start.pass !== undefined ? start.pass : ri.passes)) : null,
      heap: ri.heap ? (side && side.heap !== undefined && side.heap !== null ? Number(side.heap) : Number(start.heap !== undefined ? start.heap : ri.heap)) : null,
    };
    syncSideControls();
    if (side && (side.pass !== undefined || side.heap !== undefined) && !(await validateSide())) {
      // a side state the ruleset does not have: its start (the message stays)
      const msg = $('side-msg').textContent;
      S.side = { pass: ri.passes ? Number(start.pass !== undefined ? start.pass : ri.passes) : null,
        heap: ri.heap ? Number(start.heap !== undefined ? start.heap : ri.heap) : null };
      syncSideControls();
      setMsg('side-msg', msg + ' (the start is shown)', true);
    }
    rulesChanged();
    return true;
  }

  function syncSideControls() {
    const ri = S.ri;
    $('side-pass-row').hidden = !(ri && ri.passes);
    $('side-heap-row').hidden = !(ri && ri.heap);
    $('side-none').hidden = !!(ri && (ri.passes || ri.heap));
    if (ri && ri.passes) { $('side-pass').max = ri.passes; $('side-pass').value = S.side.pass; }
    if (ri && ri.heap) { $('side-heap').max = ri.heap; $('side-heap').value = S.side.heap; }
    setMsg('side-msg', '', false);
  }

  /* The side state through /api/rules (its message on error).  A server
   * whose /api/rules takes no side state ("unknown parameter"): through
   * /api/value of (0, 0), which takes it as the command line does. */
  let rulesTakesSide = true;
  async function validateSide() {
    const side = sideParams();
    if (!Object.keys(side).length) return true;
    try {
      try {
        if (!rulesTakesSide) throw null;
        await fetchRules(S.rules, side);
      } catch (e) {
        if (e !== null && !(e instanceof ApiError && /unknown parameter/.test(e.message))) throw e;
        rulesTakesSide = false;
        await api('/api/value', Object.assign({ rules: S.rules, x: 0, y: 0 }, side), { job: 'the side state' });
      }
      setMsg('side-msg', '', false);
      return true;
    } catch (e) {
      setMsg('side-msg', e.message, true);
      reportError('side state', e);
      return false;
    }
  }

  async function onSideInput() {
    const p = $('side-pass').value.trim();
    const h = $('side-heap').value.trim();
    if (S.ri && S.ri.passes) {
      if (!isUint(p)) { setMsg('side-msg', 'passes left: a whole number from 0 to ' + S.ri.passes, true); return; }
      S.side.pass = Number(p);
    }
    if (S.ri && S.ri.heap) {
      if (!isUint(h)) { setMsg('side-msg', 'stones in the extra heap: a whole number from 0 to ' + S.ri.heap, true); return; }
      S.side.heap = Number(h);
    }
    if (await validateSide()) rulesChanged();
  }

  async function applyRulesB(text) {
    text = String(text).trim();
    if (!text) {
      S.b = '';
      S.bi = null;
      setMsg('rules-b-msg', '', false);
      $('rules-b').removeAttribute('aria-invalid');
      rulesChanged();
      return true;
    }
    let bi;
    try {
      bi = await fetchRules(text);
    } catch (e) {
      setMsg('rules-b-msg', e.message, true);
      $('rules-b').setAttribute('aria-invalid', 'true');
      reportError('second ruleset \u201c' + text + '\u201d', e);
      return false;
    }
    $('rules-b').removeAttribute('aria-invalid');
    S.b = bi.rules;
    S.bi = bi;
    $('rules-b').value = bi.rules;
    setMsg('rules-b-msg', describeRules(bi) + ' (from its start)', false);
    rulesChanged();
    return true;
  }

  /* Everything that shows values of A or B. */
  function rulesChanged() {
    map.reset();
    renderLegend();
    updateHover();
    if (S.open) openPosition(S.open.x, S.open.y, { keepView: true });
    saveHash();
  }

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

  /* The top of the colour scale: vmax, else the server's default for the
   * zoom, 2048 * 2^z (docs/serve.md). */
  function heatTop() {
    const top = S.vmax ? String(S.vmax) : String(2048 * Math.pow(2, S.view.z));
    const t = $('heat-top');
    if (t) t.textContent = top + ' and above' + (S.vmax ? '' : ' (at this zoom)');
    const h = $('heat-scale');
    if (h) h.setAttribute('aria-label', 'colour scale from value 0 to ' + top);
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
    imgs: new Map(), // key -> <img> shown
    blobs: new Map(), // key -> object URL (most recent last)
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
      if (!S.viewSet && this.W) this.home(false);
      this.schedule();
    },
    home(save) {
      S.view.z = -2;
      const s = this.scale();
      S.view.cx = (this.W / 2 - 40) * s;
      S.view.cy = (this.H / 2 - 30) * s;
      if (save !== false) { S.viewSet = true; saveHash(); }
      this.schedule();
    },
    reset() { // the rulesets, side state or scale changed
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
      if (S.vmax) p.vmax = S.vmax;
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
          img = el('img', { class: 'tile', alt: '', draggable: 'false', dataset: { tx: t.i, ty: t.j, z, rules: S.rules, b: S.b } });
          img.addEventListener('load', () => { img.dataset.loaded = '1'; this.updateStatus(); });
          img.addEventListener('error', () => { img.dataset.loaded = 'error'; this.updateStatus(); });
          this.imgs.set(key, img);
          this.tiles.append(img);
          const url = this.blobs.get(key);
          if (url) {
            this.blobs.delete(key); this.blobs.set(key, url); // most recent last
            img.src = url;
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
      this.updateStatus();
      this.drawOverlay();
      heatTop();
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
        api('/api/tile', t.p, { job: 'tiles of ' + S.rules + (S.b ? ' and ' + S.b : ''), blob: true })
          .then((blob) => {
            const url = URL.createObjectURL(blob);
            this.blobs.set(key, url);
            while (this.blobs.size > 400) {
              const [k0, u0] = this.blobs.entries().next().value;
              if (this.imgs.has(k0)) { this.blobs.delete(k0); this.blobs.set(k0, u0); continue; }
              URL.revokeObjectURL(u0);
              this.blobs.delete(k0);
            }
            const img = this.imgs.get(key);
            if (img) img.src = url;
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

  /* ------------------------------------------------------------------ */
  /* the open position                                                   */
  /* ------------------------------------------------------------------ */
  function posWords(ri, x, y, pass, heap) {
    const side = [];
    if (ri && ri.passes && pass !== undefined && pass !== null) side.push('pass ' + pass);
    if (ri && ri.heap && heap !== undefined && heap !== null) side.push('heap ' + heap);
    return '(' + x + ', ' + y + (side.length ? '; ' + side.join(', ') : '') + ')';
  }

  function moveWords(from, m) {
    const to = m.to || [from.x, from.y];
    const dx = big(from.x) - big(to[0]);
    const dy = big(from.y) - big(to[1]);
    switch (m.move) {
      case 'col': return 'take ' + dx + ' from the first heap';
      case 'row': return 'take ' + dy + ' from the second heap';
      case 'diag': return 'take ' + dx + ' from both heaps';
      case 'mod': return 'take ' + dx + ' and ' + dy;
      case 'heap': return 'take ' + (Number(from.heap) - Number(m.heap)) + ' from the extra heap';
      case 'pass': return 'pass';
      default: return String(m.move);
    }
  }

  /* The state a move reaches. */
  function moveTarget(from, m) {
    return {
      x: String(m.to[0]),
      y: String(m.to[1]),
      pass: m.pass !== undefined ? m.pass : from.pass,
      heap: m.heap !== undefined ? m.heap : from.heap,
    };
  }

  let openToken = 0;
  async function openPosition(x, y, opts) {
    opts = opts || {};
    S.open = { x: String(x), y: String(y) };
    saveHash();
    const tok = ++openToken;
    const body = $('position-body');
    const side = sideParams();
    const rules = S.rules, ri = S.ri;
    body.textContent = '';
    body.append(el('p', { id: 'position-summary', text: posWords(ri, x, y, side.pass, side.heap) + ' in ' + rules + ': loading\u2026' }));
    $('play-start').disabled = true;
    map.schedule();
    let r;
    try {
      r = await api('/api/moves', Object.assign({ rules, x, y }, side), { job: 'options of (' + x + ', ' + y + ')' });
    } catch (e) {
      if (tok !== openToken) return;
      S.openData = null;
      body.textContent = '';
      body.append(el('p', { id: 'position-summary' }, posWords(ri, x, y, side.pass, side.heap) + ' in ' + rules + ': '),
        el('p', { class: 'msg error', text: e.message }));
      reportError('position (' + x + ', ' + y + ')', e);
      return;
    }
    if (tok !== openToken) return;
    S.openData = r;
    const from = { x: String(r.x), y: String(r.y), pass: r.pass, heap: r.heap };
    const G = r.misere ? 'G-' : 'G';
    const vtext = r.value === null || r.value === undefined ? G + ' = ?' : G + ' = ' + r.value;
    const outcome = r.outcome === 'P' ? 'P-position' : r.outcome === 'N' ? 'N-position' : String(r.outcome);
    const nwin = r.moves.filter((m) => m.winning).length;
    body.textContent = '';
    body.append(el('p', { id: 'position-summary', dataset: { value: r.value === null ? '' : String(r.value), outcome: r.outcome } },
      el('strong', { text: posWords(ri, r.x, r.y, r.pass, r.heap) }), ' in ', el('code', { text: r.rules }), ': ',
      el('strong', { text: vtext + ', ' + outcome })));
    body.append(el('p', { class: 'method', text: 'by ' + r.method }));
    const count = r.complete === false
      ? nwin + ' winning move' + (nwin === 1 ? '' : 's') + ' listed' + (r.others ? '; every other move reaches ' + (r.others === 'N' ? 'an N-position' : r.others) : '')
      : r.moves.length + ' move' + (r.moves.length === 1 ? '' : 's') + ', ' + nwin + ' winning' + (r.moves.length ? '' : ' (no move: the game is over here)');
    body.append(el('p', { id: 'position-count', text: count }));
    if (r.moves.length) {
      const tb = el('tbody');
      r.moves.forEach((m, i) => {
        const t = moveTarget(from, m);
        const tr = el('tr', { class: m.winning ? 'winning' : '', dataset: { index: i, x: t.x, y: t.y, move: m.move, value: m.value === null || m.value === undefined ? '' : String(m.value), winning: m.winning ? '1' : '0' } },
          el('td', { class: 'mark', text: m.winning ? '\u2605' : '', title: m.winning ? 'winning: reaches a P-position' : '' }),
          el('td', { text: moveWords(from, m) }),
          el('td', null, el('button', {
            type: 'button', class: 'link', 'aria-label': 'open ' + posWords(ri, t.x, t.y, t.pass, t.heap),
            onclick: () => openOption(t),
          }, posWords(ri, t.x, t.y, t.pass, t.heap))),
          el('td', { class: 'num', text: m.value === null || m.value === undefined ? '?' : String(m.value) }),
          el('td', { class: 'sr-only', text: m.winning ? 'winning' : '' }));
        tb.append(tr);
      });
      body.append(el('div', { class: 'scroll' }, el('table', { id: 'position-moves' },
        el('caption', { class: 'sr-only', text: 'The options of the position; winning moves marked with a star' }),
        el('thead', null, el('tr', null, el('th', { scope: 'col', 'aria-label': 'winning' }, ''), el('th', { scope: 'col', text: 'move' }),
          el('th', { scope: 'col', text: 'to' }), el('th', { scope: 'col', class: 'num', text: 'value' }))),
        tb)));
    }
    $('play-start').disabled = false;
    map.schedule();
  }

  function closePosition() {
    openToken++;
    S.open = null;
    S.openData = null;
    $('position-body').textContent = '';
    $('position-body').append(el('p', { class: 'hint', text: 'Click a cell of the map to open its position.' }));
    $('play-start').disabled = true;
    map.schedule();
  }

  /* Open an option: its side state becomes the map's. */
  async function openOption(t) {
    const changed = (S.ri.passes && Number(t.pass) !== S.side.pass) || (S.ri.heap && Number(t.heap) !== S.side.heap);
    if (changed) {
      if (S.ri.passes) S.side.pass = Number(t.pass);
      if (S.ri.heap) S.side.heap = Number(t.heap);
      syncSideControls();
      map.reset();
      renderLegend();
    }
    const X = Number(t.x), Y = Number(t.y);
    if (Number.isSafeInteger(X) && Number.isSafeInteger(Y)) {
      const r = map.cellRect(X, Y);
      if (r.left < 0 || r.top < 0 || r.left > map.W || r.top > map.H) map.centreOn(X, Y);
    }
    await openPosition(t.x, t.y);
  }

  /* ------------------------------------------------------------------ */
  /* play against the engine                                             */
  /* ------------------------------------------------------------------ */
  const game = {
    active: false, over: false, turn: 'you', pos: null, rules: '', ri: null,
    moves: null, history: [], log: [], ply: 0, token: 0,
  };

  function startGame() {
    if (!S.openData) return;
    const r = S.openData;
    game.active = true;
    game.over = false;
    game.rules = S.rules;
    game.ri = S.ri;
    game.pos = { x: String(r.x), y: String(r.y), pass: r.pass, heap: r.heap };
    game.turn = $('play-first').value === 'engine' ? 'engine' : 'you';
    game.moves = null;
    game.history = [];
    game.log = [];
    game.ply = 0;
    game.token++;
    $('play-hint').hidden = true;
    $('play-game').hidden = false;
    $('play-status').textContent = '';
    $('play-status').className = '';
    $('play').classList.remove('won', 'lost');
    renderGame();
    gameStep();
    $('play').scrollIntoView({ block: 'nearest' });
  }

  function gameParams() {
    const p = { rules: game.rules, x: game.pos.x, y: game.pos.y };
    if (game.ri.passes && game.pos.pass !== undefined) p.pass = game.pos.pass;
    if (game.ri.heap && game.pos.heap !== undefined) p.heap = game.pos.heap;
    return p;
  }

  function renderGame() {
    $('play-position').textContent = '';
    $('play-position').append(el('code', { text: game.rules }), ' at ', el('strong', { id: 'play-pos', text: posWords(game.ri, game.pos.x, game.pos.y, game.pos.pass, game.pos.heap) }));
    const log = $('play-log');
    log.textContent = '';
    for (const l of game.log) log.append(el('li', { class: l.who }, el('strong', { text: l.who === 'you' ? 'You: ' : 'Engine: ' }), l.text));
    $('play-undo').disabled = !game.history.length || (game.turn === 'engine' && !game.over);
    const box = $('play-moves');
    box.textContent = '';
    if (game.over) {
      $('play-turn').textContent = 'Game over.';
      $('play-turn').dataset.turn = 'over';
    } else if (game.turn === 'engine') {
      $('play-turn').textContent = 'The engine is to move\u2026';
      $('play-turn').dataset.turn = 'engine';
    } else {
      $('play-turn').textContent = game.moves ? 'Your move: pick one below, or click its target on the map.' : 'Your move (loading your options\u2026)';
      $('play-turn').dataset.turn = 'you';
      if (game.moves) {
        const hints = $('play-hints').checked;
        game.moves.forEach((m, i) => {
          const t = moveTarget(game.pos, m);
          box.append(el('button', {
            type: 'button', class: 'move-btn' + (hints && m.winning ? ' winning' : ''),
            dataset: { index: i, x: t.x, y: t.y, pass: t.pass === undefined ? '' : t.pass, heap: t.heap === undefined ? '' : t.heap, move: m.move },
            onclick: () => humanMove(m),
          }, moveWords(game.pos, m) + ' \u2192 ' + posWords(game.ri, t.x, t.y, t.pass, t.heap)));
        });
      }
    }
    map.schedule();
  }

  function endGame(text, humanWon) {
    game.over = true;
    $('play-status').textContent = text;
    $('play-status').className = humanWon ? 'won' : 'lost';
    renderGame();
  }

  /* The player to move has no move: who won. */
  function noMove(who) {
    const at = posWords(game.ri, game.pos.x, game.pos.y, game.pos.pass, game.pos.heap);
    const misere = game.ri && game.ri.misere;
    if (who === 'engine') {
      if (misere) endGame('The engine wins: it has no move at ' + at + ', and in mis\u00e8re play the last mover (you) loses.', false);
      else endGame('You win! The engine has no move at ' + at + '.', true);
    } else if (misere) {
      endGame('You win! You have no move at ' + at + ', and in mis\u00e8re play the last mover (the engine) loses.', true);
    } else {
      endGame('The engine wins: you have no move at ' + at + '.', false);
    }
  }

  async function gameStep() {
    const tok = game.token;
    if (game.over) return;
    if (game.turn === 'engine') {
      renderGame();
      let r;
      try {
        r = await api('/api/engine', Object.assign(gameParams(), { seed: game.ply }), { job: 'the engine\u2019s move' });
      } catch (e) {
        if (tok !== game.token) return;
        $('play-turn').textContent = 'The engine could not move: ' + e.message;
        reportError('engine', e);
        return;
      }
      if (tok !== game.token) return;
      if (!r.move) { noMove('engine'); return; }
      const from = game.pos;
      game.log.push({ who: 'engine', text: moveWords(from, r.move) + ' \u2192 ' + posWords(game.ri, r.move.to[0], r.move.to[1], r.move.pass !== undefined ? r.move.pass : from.pass, r.move.heap !== undefined ? r.move.heap : from.heap) + (r.winning ? ' (a winning move)' : '') });
      game.pos = moveTarget(from, r.move);
      game.ply++;
      game.turn = 'you';
    }
    game.moves = null;
    renderGame();
    let m;
    try {
      m = await api('/api/moves', gameParams(), { job: 'your options' });
    } catch (e) {
      if (tok !== game.token) return;
      $('play-turn').textContent = 'Your options could not be listed: ' + e.message;
      reportError('your moves', e);
      return;
    }
    if (tok !== game.token) return;
    if (!m.moves.length) { noMove('you'); return; }
    game.moves = m.moves;
    if (m.complete === false) $('play-status').textContent = 'Only the winning moves of this huge position are listed.';
    renderGame();
  }

  function humanMove(m) {
    if (game.over || game.turn !== 'you') return;
    game.history.push({ pos: game.pos, log: game.log.length, ply: game.ply });
    const from = game.pos;
    const t = moveTarget(from, m);
    game.log.push({ who: 'you', text: moveWords(from, m) + ' \u2192 ' + posWords(game.ri, t.x, t.y, t.pass, t.heap) });
    game.pos = t;
    game.ply++;
    game.turn = 'engine';
    game.moves = null;
    game.token++;
    gameStep();
  }

  /* A click on the map during the player's turn: the move on the two heaps
   * to that cell, if there is one. */
  function playMapMove(x, y) {
    const m = game.moves.find((mv) => ['row', 'col', 'diag', 'mod'].includes(mv.move) && String(mv.to[0]) === String(x) && String(mv.to[1]) === String(y));
    if (!m) return false;
    humanMove(m);
    return true;
  }

  function undoMove() {
    const h = game.history.pop();
    if (!h) return;
    game.pos = h.pos;
    game.log.length = h.log;
    game.ply = h.ply;
    game.turn = 'you';
    game.over = false;
    game.moves = null;
    game.token++;
    $('play-status').textContent = '';
    $('play-status').className = '';
    gameStep();
  }

  function stopGame() {
    game.active = false;
    game.token++;
    $('play-game').hidden = true;
    $('play-hint').hidden = false;
    map.schedule();
  }

  /* ------------------------------------------------------------------ */
  /* the papers' claims                                                  */
  /* ------------------------------------------------------------------ */
  const claimResults = new Map(); // id -> verdict
  const claimSlug = (id) => 'claim-' + id.replace(/[^A-Za-z0-9_-]/g, '-');

  async function loadClaims() {
    const list = $('claims-list');
    let r;
    try {
      r = await api('/api/claims');
    } catch (e) {
      list.textContent = '';
      list.append(el('li', { class: 'msg error', text: 'The claims could not be loaded: ' + e.message }));
      reportError('claims', e);
      return;
    }
    list.textContent = '';
    for (const c of r.claims) {
      const paper = /^\d{3}/.test(c.id) ? 'paper ' + c.id.slice(0, 3) : c.id.split('.')[0];
      const li = el('li', { id: claimSlug(c.id), class: 'claim', dataset: { claim: c.id, paper } },
        el('div', { class: 'claim-head' },
          el('button', { type: 'button', class: 'claim-check', dataset: { claim: c.id }, 'aria-label': 'Check claim ' + c.id, onclick: () => checkClaim(c.id) }, 'Check'),
          el('code', { class: 'claim-id', text: c.id }), ' ', el('span', { class: 'claim-source', text: c.source })),
        el('p', { class: 'claim-statement', text: c.statement }),
        el('p', { class: 'claim-method', text: 'check: ' + c.method }),
        c.corrected ? el('p', { class: 'claim-corrected', text: 'corrected: ' + c.corrected }) : null,
        el('div', { class: 'claim-result', 'aria-live': 'polite' }));
      list.append(li);
    }
    filterClaims();
  }

  function filterClaims() {
    const f = $('claims-filter').value.trim().toLowerCase();
    for (const li of $('claims-list').children) {
      if (!li.dataset.claim) continue;
      li.hidden = !!f && !li.textContent.toLowerCase().includes(f);
    }
  }

  function claimsSummary() {
    const n = { PASS: 0, FAIL: 0, ERRATUM: 0 };
    for (const v of claimResults.values()) if (n[v] !== undefined) n[v]++;
    const total = claimResults.size;
    $('claims-summary').textContent = total ? total + ' checked: ' + n.PASS + ' PASS, ' + n.FAIL + ' FAIL, ' + n.ERRATUM + ' ERRATUM' : '';
  }

  async function checkClaim(id) {
    const li = $(claimSlug(id));
    const out = li.querySelector('.claim-result');
    const btn = li.querySelector('.claim-check');
    btn.disabled = true;
    out.textContent = 'checking\u2026';
    out.className = 'claim-result running';
    const limit = $('claims-limit').value.trim();
    try {
      const r = await api('/api/check', limit ? { claim: id, limit } : { claim: id }, { job: 'claim ' + id });
      claimResults.set(id, r.verdict);
      li.dataset.verdict = r.verdict;
      out.textContent = '';
      out.className = 'claim-result';
      out.append(el('span', { class: 'verdict verdict-' + String(r.verdict).toLowerCase(), text: r.verdict }), ' ',
        el('span', { class: 'claim-detail', text: r.detail }),
        el('small', { text: ' \u2014 ' + r.range + (r.ms !== undefined ? ', ' + r.ms + ' ms' : '') }));
    } catch (e) {
      out.textContent = '';
      out.className = 'claim-result';
      out.append(el('span', { class: 'verdict verdict-error', text: 'ERROR' }), ' ', el('span', { class: 'claim-detail', text: e.message }));
      li.dataset.verdict = 'ERROR';
      reportError('claim ' + id, e);
    } finally {
      btn.disabled = false;
      claimsSummary();
    }
  }

  /* ------------------------------------------------------------------ */
  /* a position of any size                                              */
  /* ------------------------------------------------------------------ */
  let exactToken = 0;
  async function exactGo() {
    const x = $('exact-x').value.replace(/[\s_,]/g, '');
    const y = $('exact-y').value.replace(/[\s_,]/g, '');
    const out = $('exact-result');
    const tok = ++exactToken;
    out.textContent = '';
    delete out.dataset.value; delete out.dataset.outcome; delete out.dataset.method;
    out.dataset.state = 'running';
    out.append(el('p', { text: 'Evaluating (' + x + ', ' + y + ') in ' + S.rules + '\u2026' }));
    const p = Object.assign({ rules: S.rules, x, y }, sideParams());
    let v;
    try {
      v = await api('/api/value', p, { job: 'the exact value' });
    } catch (e) {
      if (tok !== exactToken) return;
      out.textContent = '';
      out.dataset.state = 'error';
      out.append(el('p', { class: 'msg error', text: e.message + (e.http ? ' (HTTP ' + e.http + ')' : '') }));
      reportError('exact value', e);
      return;
    }
    if (tok !== exactToken) return;
    out.textContent = '';
    const G = v.misere ? 'G-' : 'G';
    const known = v.value !== null && v.value !== undefined;
    out.dataset.value = known ? String(v.value) : '';
    out.dataset.outcome = v.outcome;
    out.dataset.method = v.method;
    out.append(el('p', { class: 'exact-pos' }, el('span', { class: 'mono', text: G + '(' + v.x + ', ' + v.y + ')' })));
    out.append(el('p', { class: 'exact-answer' },
      el('strong', { class: 'exact-value', text: known ? '= ' + v.value : 'value unknown' }), ', ',
      el('strong', { class: 'exact-outcome', text: v.outcome === 'P' ? 'P-position' : v.outcome === 'N' ? 'N-position' : String(v.outcome) })));
    const why = v.why || v.value_unknown;
    if (!known && why) out.append(el('p', { class: 'exact-why', text: why }));
    out.append(el('p', { class: 'method exact-method', text: 'by ' + v.method }));
    const movesBox = el('div', { class: 'exact-moves', text: 'winning moves: loading\u2026' });
    out.append(movesBox);
    try {
      const m = await api('/api/moves', p, { job: 'the winning moves' });
      if (tok !== exactToken) return;
      movesBox.textContent = '';
      const from = { x: String(m.x), y: String(m.y), pass: m.pass, heap: m.heap };
      const win = m.moves.filter((mv) => mv.winning);
      movesBox.append(el('p', { text: win.length ? win.length + ' winning move' + (win.length === 1 ? '' : 's') + ':' : 'No winning move (a P-position: every move reaches an N-position).' }));
      const ul = el('ul', { class: 'mono' });
      for (const mv of win.slice(0, 50)) {
        const t = moveTarget(from, mv);
        ul.append(el('li', { class: 'winning', text: moveWords(from, mv) + ' \u2192 ' + posWords(S.ri, t.x, t.y, t.pass, t.heap) }));
      }
      if (win.length > 50) ul.append(el('li', { text: '\u2026 and ' + (win.length - 50) + ' more' }));
      movesBox.append(ul);
    } catch (e) {
      if (tok !== exactToken) return;
      movesBox.textContent = '';
      movesBox.append(el('p', { class: 'msg error', text: 'winning moves: ' + e.message }));
      reportError('winning moves', e);
    }
    out.dataset.state = 'done';
  }

  /* ------------------------------------------------------------------ */
  /* the state in location.hash                                          */
  /* ------------------------------------------------------------------ */
  /* #rules=wythoff+pass&pass=1&heap=0&b=nim&vmax=64&cx=40.5&cy=30&z=-2&open=7,6
   * '+' stands for itself (never a space); values are percent-encoded
   * otherwise. */
  function parseHash(h) {
    const out = {};
    h = h.replace(/^#/, '');
    if (!h) return out;
    for (const part of h.split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      const k = i < 0 ? part : part.slice(0, i);
      const v = i < 0 ? '' : part.slice(i + 1);
      try { out[decodeURIComponent(k)] = decodeURIComponent(v); } catch (e) { out[k] = v; }
    }
    return out;
  }
  const enc = (v) => encodeURIComponent(String(v)).replace(/%2B/gi, '+').replace(/%2C/gi, ',').replace(/%3D/gi, '=');
  const round = (v) => String(Math.round(v * 1e6) / 1e6);

  let restoring = false;
  function hashText() {
    const kv = [['rules', S.rules]];
    if (S.ri && S.ri.passes && S.side.pass !== null) kv.push(['pass', S.side.pass]);
    if (S.ri && S.ri.heap && S.side.heap !== null) kv.push(['heap', S.side.heap]);
    if (S.b) kv.push(['b', S.b]);
    if (S.vmax) kv.push(['vmax', S.vmax]);
    kv.push(['cx', round(S.view.cx)], ['cy', round(S.view.cy)], ['z', S.view.z]);
    if (S.open) kv.push(['open', S.open.x + ',' + S.open.y]);
    return '#' + kv.map(([k, v]) => k + '=' + enc(v)).join('&');
  }
  function saveHash() {
    if (restoring) return;
    const h = hashText();
    if (location.hash !== h) history.replaceState(null, '', h);
  }
  let hashTimer = 0;
  function saveHashSoon() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(saveHash, 150);
  }

  async function restoreHash() {
    const h = parseHash(location.hash);
    restoring = true;
    try {
      // a key the hash lacks takes its default
      S.vmax = h.vmax !== undefined && isUint(h.vmax) && Number(h.vmax) > 0 ? h.vmax : '';
      $('vmax').value = S.vmax;
      const z = Number(h.z), cx = Number(h.cx), cy = Number(h.cy);
      if (h.z !== undefined && Number.isInteger(z)) S.view.z = Math.max(ZMIN, Math.min(zmax(), z));
      if (h.cx !== undefined && Number.isFinite(cx) && h.cy !== undefined && Number.isFinite(cy)) {
        S.view.cx = cx; S.view.cy = cy; S.viewSet = true;
      } else if (h.z !== undefined) {
        S.viewSet = false;
        map.home(false);
      }
      $('rules-b').value = h.b !== undefined ? h.b : '';
      if (h.b !== undefined || S.b) await applyRulesB($('rules-b').value);
      const text = h.rules !== undefined ? h.rules : $('rules').value;
      $('rules').value = text;
      const ok = await applyRules(text, { pass: h.pass, heap: h.heap });
      if (!ok && !S.ri) await applyRules('wythoff');
      const m = h.open !== undefined ? /^([0-9]+),([0-9]+)$/.exec(h.open) : null;
      if (h.open !== undefined && !m) reportError('link', new Error('open=' + h.open + ' is not a position x,y'));
      S.open = m ? { x: m[1], y: m[2] } : null;
    } finally {
      restoring = false;
    }
    if (S.open) openPosition(S.open.x, S.open.y);
    else closePosition();
    map.schedule();
    saveHash();
  }

  /* ------------------------------------------------------------------ */
  /* start                                                               */
  /* ------------------------------------------------------------------ */
  async function start() {
    map.init();
    initMapInput();
    renderLegend();
    try {
      const info = await api('/api/info');
      Object.assign(S.info, info.limits || {});
      if (info.version) $('version').textContent = 'version ' + info.version;
    } catch (e) {
      reportError('server info', e);
    }
    $('picker').addEventListener('change', (ev) => {
      if (ev.target.id === 'game') syncPickerEnabled();
      syncPickerEnabled();
      const t = pickerText();
      $('rules').value = t;
      applyRules(t);
    });
    // Enter and leaving the field both apply it (once: 'change' may follow Enter)
    const onText = (id, apply) => {
      let last = null;
      const go = () => {
        const v = $(id).value.trim();
        if (v === last) return;
        last = v;
        apply(v);
      };
      $(id).addEventListener('change', go);
      $(id).addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); go(); } });
      $(id).addEventListener('input', () => { last = null; });
    };
    onText('rules', applyRules);
    onText('rules-b', applyRulesB);
    $('rules-swap').addEventListener('click', async () => {
      if (!S.b) return;
      const a = S.rules, b = S.b;
      $('rules-b').value = a;
      S.b = a; S.bi = S.ri;
      setMsg('rules-b-msg', describeRules(S.bi) + ' (from its start)', false);
      $('rules').value = b;
      await applyRules(b);
    });
    $('side-pass').addEventListener('change', onSideInput);
    $('side-heap').addEventListener('change', onSideInput);
    $('vmax-fit').addEventListener('click', () => {
      // the largest coordinate in view: values of these games grow about as fast
      const c = map.cellAt(map.W, 0);
      const side = Number(S.info.table_side) || 16384;
      const v = Math.max(4, Math.min(side, Math.max(c.x, c.y)));
      $('vmax').value = String(v);
      S.vmax = String(v);
      rulesChanged();
    });
    $('vmax').addEventListener('change', () => {
      const v = $('vmax').value.trim();
      if (v && !(isUint(v) && Number(v) > 0)) { reportError('colour scale', new Error('the top of the scale is a whole number of at least 1')); return; }
      S.vmax = v;
      rulesChanged();
    });
    $('play-start').addEventListener('click', startGame);
    $('play-undo').addEventListener('click', undoMove);
    $('play-stop').addEventListener('click', stopGame);
    $('play-hints').addEventListener('change', renderGame);
    $('exact-go').addEventListener('click', exactGo);
    for (const id of ['exact-x', 'exact-y']) {
      $(id).addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); exactGo(); } });
    }
    $('claims-filter').addEventListener('input', filterClaims);
    window.addEventListener('hashchange', () => {
      if (location.hash !== hashText()) restoreHash();
    });
    await restoreHash();
    loadClaims();
    document.body.dataset.ready = '1';
  }

  /* For scripts and tests: the page's state, read-only. */
  window.wythoffExplorer = {
    state: () => JSON.parse(JSON.stringify({ rules: S.rules, b: S.b, side: S.side, view: S.view, open: S.open, vmax: S.vmax })),
    hash: hashText,
  };

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
