/* hash.js - the state (rulesets, side state, view, open position) in
 * location.hash: written on each change, restored on load and on
 * hashchange. */

import { $, S, clearErrors, isUint, reportError } from './core.js';
import { applyRules, applyRulesB } from './rules.js';
import { map, zmax, ZMIN } from './map.js';
import { closePosition, openPosition } from './position.js';

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
  clearErrors(); // a new state: the messages of the old one go
  restoring = true;
  try {
    // a key the hash lacks takes its default
    S.vmax = h.vmax !== undefined && isUint(h.vmax) && Number(h.vmax) > 0 ? h.vmax : '';
    $('vmax').value = S.vmax;
    const z = Number(h.z), cx = Number(h.cx), cy = Number(h.cy);
    if (h.z !== undefined && Number.isInteger(z)) S.view.z = Math.max(ZMIN, Math.min(zmax(), z));
    if (h.cx !== undefined && Number.isFinite(cx) && h.cy !== undefined && Number.isFinite(cy)) {
      S.view.cx = cx; S.view.cy = cy; S.viewSet = true;
    } else if (h.z !== undefined) { // the zoom alone: (0, 0) near the lower left at that zoom
      S.viewSet = false;
      map.home(false, S.view.z);
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
  if (S.open) openPosition(S.open.x, S.open.y, { keepErrors: true });
  else closePosition();
  map.schedule();
  saveHash();
}

export { hashText, restoreHash, saveHash, saveHashSoon };
