/* position.js - the open position (/api/moves): its value and options,
 * and the words for positions and moves that the game and the exact box
 * use too. */

import { $, S, api, big, clearErrors, el, reportError, sideParams } from './core.js';
import { syncSideControls } from './rules.js';
import { map, renderLegend } from './map.js';
import { saveHash } from './hash.js';

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
  if (!opts.keepView && !opts.keepErrors) clearErrors(); // another position: the old messages go
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

export { closePosition, moveTarget, moveWords, openPosition, posWords };
