/* rules.js - ruleset A (the picker, the text field, its side state) and
 * ruleset B, each validated by /api/rules; rulesChanged() redraws all that
 * shows their values. */

import { $, S, api, ApiError, el, isUint, reportError, sideParams } from './core.js';
import { map, renderLegend } from './map.js';
import { updateHover } from './pointer.js';
import { openPosition } from './position.js';
import { saveHash } from './hash.js';

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

/* The game in plain words, from the /api/rules answer (docs/rules.md,
 * "Moves"): the moves this ruleset has, its end, P and N, the colours. */
function gameWords(ri) {
  const n = ri.max ? ri.max : 0;
  const some = n ? (n === 1 ? 'one stone' : '1 to ' + n + ' stones') : 'any number of stones (at least one)';
  const moves = ['take ' + some + ' from one heap'];
  if (ri.game === 'wythoff') moves.push('take the same number (' + (n ? '1 to ' + n : 'at least one') + ') from both heaps');
  if (ri.mod) {
    moves.push('take a from the first heap and b from the second, a \u2260 b, both at least one' +
      (n ? ' and at most ' + n : '') + ', when a \u2212 b is a multiple of ' + ri.mod);
  }
  if (ri.heap) moves.push('take any number from an extra heap (' + ri.heap + ' stones at the start, a plain Nim heap beside the two)');
  if (ri.passes) {
    moves.push('pass (' + (ri.passes === 1 ? 'one pass' : ri.passes + ' passes') +
      ' in the whole game, shared by both players; never when it is the only move, so a pass cannot end the game)');
  }
  const out = [];
  out.push('Two heaps of stones; the map shows the position (x, y): x stones in the first heap (to the right), y in the second (upward).');
  out.push({ moves });
  if (ri.terminal !== null && ri.terminal !== undefined) {
    out.push('Every position with x + y \u2264 ' + ri.terminal + ' is terminal: no move on the two heaps there' +
      (ri.heap ? ' (the extra heap can still be played).' : '.'));
  }
  out.push(ri.misere ? 'Mis\u00e8re play: the player who makes the last move loses.' : 'The player who cannot move loses.');
  out.push('A P-position (value 0) is lost for the player to move: whatever they do, the other player (the Previous one) can win. ' +
    'An N-position (value 1 or more) is won for the player to move (the Next one): some move reaches a P-position.');
  out.push('The colour is the ' + (ri.misere ? 'mis\u00e8re value G\u2212' : 'Sprague-Grundy value G') +
    ' of the position: the least number that is not the value of a position one move away' +
    (ri.misere ? ' (a position with no move has value 1)' : '') +
    '; white marks the P-positions, then dark blue for small values up to yellow for the top of the scale (the legend).' +
    (ri.passes || ri.heap ? ' The map holds ' + (ri.passes && ri.heap ? 'the passes left and the stones of the extra heap' : ri.passes ? 'the passes left' : 'the stones of the extra heap') + ' fixed (Side state).' : ''));
  return out;
}

function renderGame() {
  const box = $('game-text');
  if (!box || !S.ri) return;
  box.textContent = '';
  for (const part of gameWords(S.ri)) {
    if (typeof part === 'string') box.append(el('p', { text: part }));
    else {
      box.append(el('p', { text: 'A move, the players taking turns, is one of:' }));
      box.append(el('ul', { class: 'game-moves' }, ...part.moves.map((m) => el('li', { text: m }))));
    }
  }
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
  renderGame();
  map.reset();
  renderLegend();
  updateHover();
  if (S.open) openPosition(S.open.x, S.open.y, { keepView: true });
  saveHash();
}

export { applyRules, applyRulesB, describeRules, onSideInput, pickerText, rulesChanged, setMsg,
  syncPickerEnabled, syncSideControls };
