/* app.js - the explorer of `wythoff serve` (docs/serve.md): its start.
 *
 * Plain JavaScript, no framework, no external resource, no build step:
 * native ES modules (strict by themselves), each a file of web/ that
 * scripts/embed-web compiles into the tool (the Makefile's WEB_FILES) and
 * the server answers at /NAME.  index.html loads this one, which imports
 * the others:
 *   core.js      DOM helpers, the state S, errors, the API, progress
 *   rules.js     rulesets A and B, the side state
 *   map.js       the heatmap: legend, tiles, overlay, view
 *   pointer.js   the values under the pointer; drag, wheel, click, keys
 *   position.js  the open position and its options
 *   play.js      a game against the engine
 *   claims.js    the papers' claims
 *   exact.js     a position of any size
 *   hash.js      the state in location.hash
 * Everything the page shows comes from the JSON API of the same server:
 *   /api/info      the limits (tile size, table side, cells of one window)
 *   /api/rules     the ruleset picker and the side state, validated
 *   /api/tilevalues the heatmap's values, 256 x 256 a tile, coloured here
 *   /api/palette   the colours of the values and of the P-positions
 *   /api/table     the values under the pointer, fetched in blocks, cached
 *   /api/moves     the open position's options; the player's legal moves
 *   /api/engine    the engine's answer in a game
 *   /api/value     the exact evaluator for positions of any size
 *   /api/claims, /api/check   the papers' claims
 *   /api/progress  the progress of a long request (job=ID)
 * The state (rulesets, side state, view, open position) lives in
 * location.hash: #rules=wythoff+pass&pass=1&b=wythoff&cx=40&cy=30&z=-2&open=7,6
 */

import { $, S, api, clearErrors, isUint, reportError } from './core.js';
import { applyRules, applyRulesB, describeRules, onSideInput, pickerText, setMsg,
  syncPickerEnabled } from './rules.js';
import { map, renderLegend } from './map.js';
import { initMapInput } from './pointer.js';
import { renderGame, startGame, stopGame, undoMove } from './play.js';
import { filterClaims, loadClaims } from './claims.js';
import { exactGo } from './exact.js';
import { hashText, restoreHash, saveHash } from './hash.js';

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
  try {
    S.palette = await api('/api/palette');
  } catch (e) {
    reportError('the colours of the map', e);
  }
  $('picker').addEventListener('change', (ev) => {
    if (ev.target.id === 'game') syncPickerEnabled();
    syncPickerEnabled();
    const t = pickerText();
    clearErrors();
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
      clearErrors();
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
    clearErrors();
    const a = S.rules, b = S.b;
    $('rules-b').value = a;
    S.b = a; S.bi = S.ri;
    setMsg('rules-b-msg', describeRules(S.bi) + ' (from its start)', false);
    $('rules').value = b;
    await applyRules(b);
  });
  $('side-pass').addEventListener('change', () => { clearErrors(); onSideInput(); });
  $('side-heap').addEventListener('change', () => { clearErrors(); onSideInput(); });
  // the colour scale: the tiles keep their values and are coloured again
  // (no request); empty: fitted to the largest value in view
  const setVmax = (v) => {
    clearErrors();
    S.vmax = v;
    $('vmax').value = v;
    map.recolour();
    saveHash();
  };
  $('vmax-fit').addEventListener('click', () => setVmax(''));
  $('vmax').addEventListener('change', () => {
    const v = $('vmax').value.trim();
    if (v && !(isUint(v) && Number(v) > 0)) { reportError('colour scale', new Error('the top of the scale is a whole number of at least 1')); return; }
    setVmax(v);
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
  // the top of the colour scale in use, and the tile value requests made so far
  scale: () => ({ vmax: map.vmax(), fitted: !S.vmax, valueRequests: map.valueRequests }),
  hash: hashText,
};

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
