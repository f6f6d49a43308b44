/* exact.js - the exact box: the value and the winning moves of a position
 * of any size (/api/value, /api/moves). */

import { $, S, api, el, reportError, sideParams } from './core.js';
import { moveTarget, moveWords, posWords } from './position.js';

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
    if (e.status === 6) { // no method decides it: an answer, not an error
      out.dataset.state = 'undecided';
      out.dataset.outcome = '';
      out.append(el('div', { class: 'answer-undecided' },
        el('p', { class: 'exact-pos' }, el('span', { class: 'mono', text: 'G(' + x + ', ' + y + ')' })),
        el('p', { class: 'exact-answer' }, el('strong', { class: 'exact-outcome', text: 'undecided' }),
          ': no method of the evaluator decides this position in ' + S.rules + '.'),
        el('p', { class: 'exact-why', text: 'Why: ' + e.message.replace(/^no closed form or proved periodicity decides this position: /, '') }),
        el('p', { class: 'method exact-method', text: 'Methods tried: closed forms and the papers\u2019 theorems, row periods proved on demand, the table and layer engines (the command line\u2019s exit status 6).' })));
      return;
    }
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
    if (e.status === 6) { // the outcome is known, the moves are not: said, not an error
      movesBox.append(el('p', { class: 'exact-why', text: 'winning moves: not decided (' + e.message + ')' }));
    } else {
      movesBox.append(el('p', { class: 'msg error', text: 'winning moves: ' + e.message }));
      reportError('winning moves', e);
    }
  }
  out.dataset.state = 'done';
}

export { exactGo };
