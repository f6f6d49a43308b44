/* core.js - what every part of the explorer (app.js) shares: the DOM
 * helpers, the page's state S, the error box, the API and the progress of
 * long requests. */

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
  vmax: '', // the user's top of the colour scale ('': fitted to the view)
  palette: null, // /api/palette: the tiles' colours
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

/* The messages shown so far dropped: the state they were about changed. */
function clearErrors() {
  for (const v of errorsShown.values()) v.node.remove();
  errorsShown.clear();
  const box = $('errors');
  if (box) box.textContent = '';
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

/* api(path, params, {job: LABEL, blob: true, buffer: true, signal}): the
 * JSON answer (or the body as a Blob, an ArrayBuffer).  Throws ApiError with the server's message for
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
    if (opts.buffer) return await resp.arrayBuffer();
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

export { $, S, api, ApiError, big, clearErrors, el, isUint, query, reportError, sideParams };
