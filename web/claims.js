/* claims.js - the papers' claims (/api/claims), each checked on request
 * (/api/check). */

import { $, api, el, reportError } from './core.js';

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

export { filterClaims, loadClaims };
