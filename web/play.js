/* play.js - a game against the engine (/api/engine) from the open
 * position; the player's options from /api/moves. */

import { $, S, api, el, reportError } from './core.js';
import { map } from './map.js';
import { moveTarget, moveWords, posWords } from './position.js';

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

export { game, playMapMove, renderGame, startGame, stopGame, undoMove };
