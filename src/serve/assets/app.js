// The page of `interp serve`: plain JavaScript, no framework, no build step.
// It speaks the JSON API (docs/SERVE.md) and draws nothing of the board itself: the
// server's SVG is inserted as it is, and the page only adds an overlay (selected cell,
// target dots). The structure and the ids tests rely on: src/serve/assets/README.md.
'use strict';

// ---------------------------------------------------------------- small helpers

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k.startsWith('data-')) e.setAttribute(k, v);
    else if (k in e && typeof v !== 'string') e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};
const SVGNS = 'http://www.w3.org/2000/svg';
const svgEl = (tag, attrs = {}) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const esc = (s) => (window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, '\\$&'));
const MACHINE = new Set(['ai', 'random']);
const cap = (t) => (t ? String(t).charAt(0).toUpperCase() + String(t).slice(1) : '');
const SIDE_WORD = { human: 'human', ai: 'AI', random: 'random' };

// ---------------------------------------------------------------- page state

const S = {
  games: [], // GET /api/games
  chosen: null, // the game picked on the start screen
  id: null, // session id
  st: null, // the last state
  flip: false,
  sel: null, // selected `from` cell
  drop: null, // selected drop letter
  paused: false,
  requests: 0, // requests in flight
  autoPending: false, // the page will call /ai without the person doing anything
  chain: Promise.resolve(), // requests that change things run one after the other
  rules: {}, // rules text by game id
};

const store = {
  get: (k) => { try { return sessionStorage.getItem('interp.' + k); } catch (e) { return null; } },
  set: (k, v) => {
    try {
      if (v === null || v === undefined) sessionStorage.removeItem('interp.' + k);
      else sessionStorage.setItem('interp.' + k, v);
    } catch (e) { /* storage full or denied: the hash still holds the session */ }
  },
};

function updateBusy() {
  document.body.dataset.busy = S.requests > 0 || S.autoPending ? '1' : '0';
}

// ---------------------------------------------------------------- the API

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** One request: JSON in, JSON (or text) out; a 4xx/5xx becomes an ApiError. */
async function api(method, path, body) {
  S.requests++;
  updateBusy();
  try {
    const opt = { method, headers: {} };
    if (body !== undefined) {
      opt.headers['Content-Type'] = 'application/json';
      opt.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, opt);
    } catch (e) {
      throw new ApiError(0, 'network', 'The server cannot be reached. Is `interp serve` still running?');
    }
    const type = res.headers.get('Content-Type') || '';
    if (!res.ok) {
      let msg = `${res.status} ${res.statusText}`;
      let code = 'http-' + res.status;
      try {
        if (type.includes('json')) {
          const j = await res.json();
          msg = j.error || msg;
          code = j.code || code;
        } else {
          const t = (await res.text()).trim();
          if (t) msg = t.slice(0, 300);
        }
      } catch (e) { /* keep the status line */ }
      throw new ApiError(res.status, code, msg);
    }
    if (res.status === 204) return null;
    if (type.includes('json')) return await res.json();
    return { text: await res.text(), headers: res.headers };
  } finally {
    S.requests--;
    updateBusy();
  }
}

const sess = (tail = '') => `/api/sessions/${encodeURIComponent(S.id)}${tail}`;

/** Runs `fn` after every earlier queued job; errors are shown, never thrown on. */
function run(fn) {
  S.requests++; // busy from the click to the end, queued jobs too
  updateBusy();
  const job = S.chain.then(async () => {
    try {
      await fn();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'unknown-session' && S.id) {
        if (await recover()) return false;
      }
      showError(e);
      // Refused because the game moved on (another tab, a stale page): show it as it is.
      if (e instanceof ApiError && (e.status === 409 || e.code === 'illegal-action') && S.id) await resync();
      return false;
    } finally {
      S.requests--;
      updateBusy();
    }
  });
  S.chain = job.then(() => undefined);
  return job;
}

// ---------------------------------------------------------------- errors

function showError(e) {
  console.warn(e);
  const box = $('error');
  $('error-text').textContent = e && e.message ? e.message : String(e);
  box.dataset.code = (e && e.code) || 'error';
  box.hidden = false;
}
function clearError() {
  $('error').hidden = true;
  $('error-text').textContent = '';
  delete $('error').dataset.code;
}

// ---------------------------------------------------------------- start screen

async function loadGames() {
  const r = await api('GET', '/api/games');
  S.games = r.games || [];
  const list = $('games');
  list.replaceChildren();
  for (const g of S.games) {
    const li = el('li', { 'data-game': g.id, tabindex: '0', role: 'button', 'aria-pressed': 'false' },
      el('span', { class: 'game-name', text: g.name }),
      el('span', { class: 'game-players', text: (g.players || []).map(cap).join(' · ') }),
      el('span', { class: 'game-summary', text: g.summary || '' }),
      el('a', { href: '#', class: 'rules-link', 'data-rules': g.id, text: 'Rules' }));
    li.addEventListener('click', (ev) => {
      if (ev.target.closest('[data-rules]')) return;
      chooseGame(g.id);
      // One column: the sides and Start are below the list, bring them into view.
      if (window.innerWidth <= 820) $('setup').scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    });
    li.addEventListener('dblclick', (ev) => {
      if (ev.target.closest('[data-rules]')) return;
      chooseGame(g.id);
      startGame();
    });
    li.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); chooseGame(g.id); }
    });
    list.append(li);
  }
  list.addEventListener('click', (ev) => {
    const a = ev.target.closest('[data-rules]');
    if (a) { ev.preventDefault(); showRules(a.dataset.rules); }
  });
  if (S.games.length && !S.chosen) chooseGame(S.games[0].id);
}

function chooseGame(id) {
  const g = S.games.find((x) => x.id === id);
  if (!g) return;
  S.chosen = id;
  for (const li of $('games').children) {
    const on = li.dataset.game === id;
    li.classList.toggle('chosen', on);
    li.setAttribute('aria-pressed', on ? 'true' : 'false');
  }
  $('setup-title').textContent = `New game of ${g.name}`;
  const box = $('sides');
  const before = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  (g.players || ['Player 1', 'Player 2']).forEach((p, i) => {
    const sel = el('select', { id: `side-${i}`, 'data-player': String(i) },
      el('option', { value: 'human', text: 'Human' }),
      el('option', { value: 'ai', text: 'AI' }),
      el('option', { value: 'random', text: 'Random mover' }));
    sel.value = before[i] || (i === 0 ? 'human' : 'ai');
    box.append(el('label', { class: 'row' }, el('span', { text: cap(p) }), sel));
  });
  $('start').disabled = false;
}

function chosenSides() {
  return [...$('sides').querySelectorAll('select')].map((s) => s.value);
}

function startGame() {
  if (!S.chosen) return;
  clearError();
  const body = { game: S.chosen, sides: chosenSides(), think_ms: Number($('think').value) };
  return run(async () => {
    const st = await api('POST', '/api/sessions', body);
    await enterSession(st, true);
  });
}

function loadRecordFile(file) {
  if (!file) return;
  clearError();
  const reader = new FileReader();
  reader.onerror = () => showError(new Error(`The file ${file.name} cannot be read.`));
  reader.onload = () => {
    const text = String(reader.result);
    const body = { record: text, think_ms: Number($('think').value) };
    const sides = recordSides(text);
    if (sides) body.sides = sides;
    run(async () => {
      const st = await api('POST', '/api/sessions', body);
      await enterSession(st, true);
    });
    $('load-file').value = '';
  };
  reader.readAsText(file);
}

/** The sides for a loaded record: those chosen above when it is the chosen game, else the
 * record's own player tags (`[White "ai"]`), else none (the server's default). */
function recordSides(text) {
  const m = /^\[Game "([^"]*)"\]/m.exec(text);
  const stem = m ? m[1].split(/[\\/]/).pop().replace(/\.toml$/, '') : null;
  if (stem && stem === S.chosen) return chosenSides();
  const g = S.games.find((x) => x.id === stem);
  if (!g) return null;
  const sides = (g.players || []).map((p) => {
    const tag = new RegExp(`^\\[${p.replace(/[^\w]/g, '.')} "(human|ai|random)`, 'mi').exec(text);
    return tag ? tag[1].toLowerCase() : null;
  });
  return sides.length && sides.every((x) => x) ? sides : null;
}

async function showRules(id) {
  const g = S.games.find((x) => x.id === id);
  $('rules-title').textContent = `Rules of ${g ? g.name : id}`;
  if (!S.rules[id]) {
    const ok = await run(async () => { S.rules[id] = (await api('GET', `/api/games/${encodeURIComponent(id)}/rules`)).text; });
    if (!ok) return;
  }
  $('rules-text').textContent = S.rules[id];
  const d = $('rules-dialog');
  if (typeof d.showModal === 'function') { if (!d.open) d.showModal(); } else d.setAttribute('open', '');
}

function showStart() {
  stopAuto();
  S.id = null;
  S.st = null;
  store.set('session', null);
  document.body.dataset.screen = 'start';
  $('start-screen').hidden = false;
  $('game-screen').hidden = true;
  $('rules').hidden = true;
  $('new-game').hidden = true;
  $('title').textContent = '';
  document.title = 'interp';
  closeChooser();
}

// ---------------------------------------------------------------- sessions

/** A new or resumed session's first state: remember it and show the game screen. */
function enterSession(st, fresh) {
  S.id = st.id;
  S.sel = null;
  S.drop = null;
  S.paused = false;
  if (fresh) {
    const humans = st.sides.map((s, i) => (s === 'human' ? i : -1)).filter((i) => i >= 0);
    S.flip = humans.length === 1 && humans[0] === 1;
    $('events').replaceChildren();
    $('die-box').hidden = true;
    if (location.hash !== '#s=' + st.id) location.hash = 's=' + st.id;
    st.__unturned = S.flip; // a new session's first picture is drawn unturned
  }
  store.set('session', st.id);
  store.set('flip', S.flip ? '1' : '0');
  store.set('game', st.game.id);
  store.set('sides', JSON.stringify(st.sides));
  store.set('think', String(st.think_ms));
  document.body.dataset.screen = 'game';
  $('start-screen').hidden = true;
  $('game-screen').hidden = false;
  $('rules').hidden = false;
  $('new-game').hidden = false;
  return afterState(st, true);
}

/** Resumes the session `id` (a reload, or a link with #s=ID). */
function resume(id) {
  S.id = id;
  S.flip = store.get('session') === id && store.get('flip') === '1';
  return run(async () => {
    const st = await api('GET', sess(S.flip ? '?flip=1' : ''));
    st.events = [];
    restoreLog(id);
    await enterSession(st, false);
  });
}

/** The server forgot the session (it was restarted): recreate it from the last record. */
async function recover() {
  // Only this tab's own game: the record kept belongs to the session it last showed.
  const record = store.get('session') === S.id ? store.get('record') : null;
  const game = store.get('game');
  if (!record) {
    showStart();
    showError(new Error('That game is no longer on the server (it was restarted), and this tab holds no record of it.'));
    return true;
  }
  let sides;
  try { sides = JSON.parse(store.get('sides') || 'null'); } catch (e) { sides = null; }
  const body = { record, game: game || undefined, think_ms: Number(store.get('think')) || 1000 };
  if (Array.isArray(sides)) body.sides = sides;
  try {
    const st = await api('POST', '/api/sessions', body);
    history.replaceState(null, '', '#s=' + st.id);
    restoreLog(S.id);
    st.events = [];
    await enterSession(st, false);
    note('The server was restarted: the game was restored from its record.');
    return true;
  } catch (e) {
    showStart();
    showError(new Error(`The game could not be restored after a server restart: ${e.message}`));
    return true;
  }
}

/** Everything after a state arrives: keep the record, draw, and let machines move. */
async function afterState(st, changed) {
  if (st.id !== S.id) return; // an answer for a game this tab has left
  if (S.flip && st.__unturned) {
    // A new session's first answer is drawn unturned: fetch the turned picture.
    const v = await api('GET', sess('?flip=1'));
    st.svg = v.svg;
  }
  S.st = st;
  if (changed && st.ply === st.length) {
    try {
      const r = await api('GET', sess('/record'));
      store.set('record', r.text);
    } catch (e) { /* the record is a convenience for restarts only */ }
  }
  render();
  if (changed) logEvents(st.events || []);
  scheduleAuto();
}

/** The game as the server has it now (after a refusal); errors here stay quiet. */
async function resync() {
  try {
    const st = await api('GET', sess(S.flip ? '?flip=1' : ''));
    S.sel = null;
    S.drop = null;
    await afterState(st, false);
  } catch (e) { /* the first error is already shown */ }
}

/** A POST that returns a state (play, ai, undo, redo, resign, draw). */
async function post(tail, body) {
  // The answer is drawn turned when the board is (`?flip=1`), so no second request is needed.
  const st = await api('POST', sess(tail + (S.flip ? '?flip=1' : '')), body === undefined ? {} : body);
  S.sel = null;
  S.drop = null;
  await afterState(st, true);
}

function play(text) {
  closeChooser();
  clearError();
  return run(async () => {
    // The server's events begin with who played what (a hidden choice says only that it was made).
    await post('/play', { action: text });
  });
}

/** Views the position after `n` public actions (null or the length: the game now). */
function goPly(n) {
  if (!S.st) return;
  const len = S.st.length;
  if (n !== null) n = Math.max(0, Math.min(len, n));
  closeChooser();
  return run(async () => {
    const q = [];
    if (S.flip) q.push('flip=1');
    if (n !== null && n < len) q.push('ply=' + n);
    const st = await api('GET', sess(q.length ? '?' + q.join('&') : ''));
    S.sel = null;
    S.drop = null;
    await afterState(st, false);
  });
}
const step = (d) => S.st && goPly(S.st.ply + d);
const viewing = () => S.st && S.st.ply < S.st.length;

// ---------------------------------------------------------------- machines

let autoTimer = null;

function machineToAct(st = S.st) {
  return st && st.turn && st.turn.kind === 'player' && MACHINE.has(st.turn.side);
}
function allMachines(st = S.st) {
  return st && st.sides.every((s) => MACHINE.has(s));
}
function wantAuto() {
  return machineToAct() && !S.paused && !viewing() && document.body.dataset.screen === 'game';
}

function scheduleAuto() {
  if (autoTimer) return;
  if (!wantAuto()) {
    S.autoPending = false;
    updateBusy();
    renderThinking(false);
    return;
  }
  S.autoPending = true;
  updateBusy();
  const delay = allMachines() ? 700 : 150; // let people watch a game that plays itself
  autoTimer = setTimeout(async () => {
    autoTimer = null;
    if (!wantAuto()) { scheduleAuto(); return; }
    renderThinking(true);
    const id = S.id;
    const ok = await run(async () => {
      if (!wantAuto() || S.id !== id) return;
      await post('/ai');
    });
    renderThinking(false);
    if (!ok) { S.paused = true; renderControls(); }
    scheduleAuto();
  }, delay);
}

function stopAuto() {
  if (autoTimer) clearTimeout(autoTimer);
  autoTimer = null;
  S.autoPending = false;
  updateBusy();
  renderThinking(false);
}

function renderThinking(on) {
  const t = $('thinking');
  if (on && S.st && S.st.turn) {
    t.textContent = `${cap(S.st.turn.name)} (${SIDE_WORD[S.st.turn.side] || S.st.turn.side}) is thinking…`;
  }
  t.hidden = !on;
}

// ---------------------------------------------------------------- drawing the game

function render() {
  const st = S.st;
  if (!st) return;
  const g = st.game;
  document.title = `${g.name} — interp`;
  $('title').textContent = `${g.name}: ` + g.players.map((p, i) => `${cap(p)} (${SIDE_WORD[st.sides[i]] || st.sides[i]})`).join(' vs ')
    + (st.sides.some((s) => s === 'ai') ? ` (AI ${st.think_ms / 1000} s)` : '');
  renderResult();
  renderBoard();
  renderStatus();
  renderActions();
  renderControls();
  renderMoves();
  renderLegend();
  renderPanel();
}

function renderResult() {
  const box = $('result');
  const r = S.st.result;
  if (!r) { box.hidden = true; box.replaceChildren(); return; }
  box.replaceChildren(el('strong', { text: cap(r.describe || r.text) }));
  if (r.reason && !(r.describe || '').includes(r.reason)) box.append(el('span', { text: ` (${r.reason})` }));
  box.dataset.reason = r.reason || '';
  box.hidden = false;
}

function renderStatus() {
  const st = S.st;
  const box = $('status');
  box.replaceChildren();
  if (viewing()) {
    box.append(el('div', { class: 'viewing', text: `Viewing the position after ${st.ply} of ${st.length} actions.` }),
      el('div', { class: 'hint', text: 'Press >| (or End) to return to the game.' }));
    return;
  }
  if (st.turn.kind === 'over') {
    box.append(el('div', { class: 'prompt', text: st.result ? cap(st.result.describe || st.result.text) : 'The game is over.' }));
    return;
  }
  const t = st.turn;
  box.append(el('div', { class: 'who' },
    el('span', { class: 'to-move', text: cap(t.name) }),
    el('span', { class: 'side-tag', text: SIDE_WORD[t.side] || t.side }),
    t.step ? el('span', { class: 'step-tag', text: t.step }) : null));
  if (t.prompt) box.append(el('div', { class: 'prompt', text: cap(t.prompt) }));
  if (st.check && st.check.length) box.append(el('div', { class: 'check-note', text: `Check (${st.check.join(', ')})` }));
  if (t.hidden && t.side === 'human') {
    box.append(el('div', { class: 'hint', text: 'This choice is hidden: the other players should look away.' }));
  }
  if (S.paused && machineToAct()) box.append(el('div', { class: 'hint', text: 'Paused: press Resume to let the machine move.' }));
}

function renderControls() {
  const st = S.st;
  if (!st) return;
  const over = st.turn.kind === 'over';
  $('undo').disabled = !st.can_undo;
  $('redo').disabled = !st.can_redo;
  $('resign').hidden = over;
  $('draw').hidden = over;
  $('type-form').hidden = over;
  if (over) $('resign-confirm').hidden = true;
  if (over) $('draw-answer').hidden = true;
  $('first').disabled = st.ply === 0;
  $('prev').disabled = st.ply === 0;
  $('next').disabled = st.ply >= st.length;
  $('last').disabled = st.ply >= st.length;
  const p = $('pause');
  p.hidden = !st.sides.some((s) => MACHINE.has(s)) || over;
  p.textContent = S.paused ? 'Resume' : 'Pause';
  p.setAttribute('aria-pressed', S.paused ? 'true' : 'false');
  $('flip').setAttribute('aria-pressed', S.flip ? 'true' : 'false');
}

// ------------------------------------------------ the board and its overlay

const board = () => $('board');
const theSvg = () => board().querySelector('svg');

function renderBoard() {
  const b = board();
  b.innerHTML = S.st.svg || '';
  const svg = theSvg();
  if (!svg) return;
  if (!svg.getAttribute('viewBox')) {
    const w = parseFloat(svg.getAttribute('width')) || 400;
    const h = parseFloat(svg.getAttribute('height')) || 400;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  }
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('role', 'img');
  indexCells(svg);
  namePieces(svg);
  fitBoard();
  markMovable();
  autoSelect();
  drawOverlay();
}

/** Cells without the `data-cell` attributes (an older picture): name them by <title>. */
function indexCells(svg) {
  if (svg.querySelector('.cell[data-cell]')) return;
  for (const p of svg.querySelectorAll('polygon, path, rect')) {
    const t = p.querySelector(':scope > title');
    if (!t) continue;
    p.classList.add('cell');
    p.setAttribute('data-cell', t.textContent.trim());
  }
}

/** The colours of each player's discs, learnt from the board (for the legend and titles). */
let discs = {};
let discsGame = null;

/** Pieces take no clicks (the cell under them does): the cell's <title> names its piece. */
function namePieces(svg) {
  const legend = S.st.legend || [];
  if (discsGame !== S.st.game.id) { discs = {}; discsGame = S.st.game.id; }
  const found = [];
  for (const g of svg.querySelectorAll('.piece[data-cell]')) {
    const circle = g.querySelector('circle:not(.check)');
    const text = g.querySelector('text');
    if (!text) continue;
    const glyph = text.textContent.trim();
    const fill = circle ? circle.getAttribute('fill') : null;
    const ink = text.getAttribute('fill');
    // The piece's kind: by its letter or owner when the picture gives them, else by glyph.
    const letter = g.getAttribute('data-letter');
    const owner = g.getAttribute('data-player');
    let ls = letter ? legend.filter((l) => l.letter === letter) : [];
    if (!ls.length) ls = legend.filter((l) => (l.glyph || l.letter) === glyph);
    if (owner && ls.some((l) => l.player === owner)) ls = ls.filter((l) => l.player === owner);
    if (ls.length === 1 && fill) discs[ls[0].player] = { fill, ink, stroke: circle.getAttribute('stroke') };
    found.push({ g, fill, ink, stroke: circle ? circle.getAttribute('stroke') : null, ls });
  }
  learnDiscs(found, legend);
  for (const { g, fill, ls } of found) {
    // Several kinds share a glyph (one figure for both sides): the disc colour tells.
    const l = ls.length === 1 ? ls[0] : ls.find((x) => discs[x.player] && discs[x.player].fill === fill);
    const names = [...new Set(ls.map((x) => x.name))];
    const name = l ? l.name : names.length === 1 ? names[0] : null;
    const shape = cellShape(g.getAttribute('data-cell'));
    const title = shape && shape.querySelector('title');
    if (!name || !title) continue;
    const stack = [...g.querySelectorAll('text')].slice(1).map((t) => t.textContent.trim()).join(' ');
    const who = l ? `${cap(l.player)} ` : '';
    title.textContent = `${g.getAttribute('data-cell')}: ${who}${name}${stack ? ` (stack ${stack})` : ''}`;
    g.setAttribute('data-name', name);
    if (l) g.setAttribute('data-owner', l.player);
  }
}

/** One glyph for several players: the pieces the player to act may move are theirs (on an
 * ordinary turn), and the one colour left over belongs to the one player left over. */
function learnDiscs(found, legend) {
  const t = S.st.turn;
  const froms = kinds().froms;
  const take = (player, f) => { if (f.fill && !discs[player]) discs[player] = { fill: f.fill, ink: f.ink, stroke: f.stroke }; };
  if (t && t.kind === 'player' && !t.step) {
    for (const f of found) {
      if (f.ls.length > 1 && froms.has(f.g.getAttribute('data-cell')) && f.ls.some((l) => l.player === t.name)) take(t.name, f);
    }
  }
  const known = new Set(Object.values(discs).map((d) => d.fill));
  const players = [...new Set(found.filter((f) => f.ls.length > 1).flatMap((f) => f.ls.map((l) => l.player)))];
  const left = players.filter((p) => !discs[p]);
  const fills = [...new Set(found.filter((f) => f.ls.length > 1 && f.fill && !known.has(f.fill)).map((f) => f.fill))];
  if (left.length === 1 && fills.length === 1) take(left[0], found.find((f) => f.fill === fills[0]));
}

function cellShape(name) {
  const svg = theSvg();
  return svg && svg.querySelector(`.cell[data-cell="${esc(name)}"]`);
}
function pieceAt(name) {
  const svg = theSvg();
  return svg && svg.querySelector(`.piece[data-cell="${esc(name)}"]`);
}
/** The centre of a cell's piece disc (data-x/data-y) and a radius for markers. */
function cellCentre(name) {
  const c = cellShape(name);
  if (!c) return null;
  let box = null;
  try { box = c.getBBox(); } catch (e) { box = null; }
  let x = parseFloat(c.getAttribute('data-x'));
  let y = parseFloat(c.getAttribute('data-y'));
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    if (!box) return null;
    x = box.x + box.width / 2;
    y = box.y + box.height / 2;
  }
  const r = box ? Math.max(6, Math.min(box.width, box.height) / 2) : 20;
  return { x, y, r };
}

function fitBoard() {
  const svg = theSvg();
  if (!svg) return;
  const vb = svg.viewBox.baseVal;
  if (!vb || !vb.width || !vb.height) return;
  // The board's column is as wide as the board: the room is the screen less the panel.
  const screen = $('game-screen');
  const cs = getComputedStyle(screen);
  const inner = screen.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const stacked = window.innerWidth <= 820;
  const panel = stacked ? 0 : $('side-panel').offsetWidth + (parseFloat(cs.columnGap) || 16);
  const availW = Math.max(200, inner - panel);
  const top = board().getBoundingClientRect().top + window.scrollY;
  const navH = $('nav').offsetHeight || 40;
  const availH = Math.max(240, window.innerHeight - top - navH - 24);
  const k = Math.min(availW / vb.width, availH / vb.height);
  svg.style.width = `${Math.floor(vb.width * k)}px`;
  svg.style.height = `${Math.floor(vb.height * k)}px`;
  $('nav').style.width = `${Math.max(280, Math.floor(vb.width * k))}px`;
}

/** The actions of the current state, split by how they are chosen. */
function kinds() {
  const acts = (S.st && !viewing() && S.st.actions) || [];
  const moves = acts.filter((a) => a.from && a.to);
  const drops = acts.filter((a) => !a.from && a.to && a.drop);
  const cells = acts.filter((a) => !a.from && a.to && !a.drop);
  const other = acts.filter((a) => !a.to);
  const froms = new Set(moves.map((a) => a.from));
  return { acts, moves, drops, cells, other, froms };
}

function markMovable() {
  const { froms } = kinds();
  for (const f of froms) {
    for (const e of [pieceAt(f), cellShape(f)]) if (e) e.setAttribute('data-movable', '1');
  }
}

/** A pushed piece's escape and the like: one `from` for every move, selected already. */
function autoSelect() {
  const { froms, drops, cells } = kinds();
  if (!S.sel && !S.drop && froms.size === 1 && !drops.length && !cells.length) S.sel = [...froms][0];
  if (S.sel && !froms.has(S.sel)) S.sel = null;
}

function targetsNow() {
  const k = kinds();
  if (S.drop) return k.drops.filter((a) => a.drop.letter === S.drop);
  if (S.sel) return k.moves.filter((a) => a.from === S.sel);
  return k.cells;
}

function drawOverlay() {
  const svg = theSvg();
  if (!svg) return;
  let g = svg.querySelector('#overlay');
  if (g) g.remove();
  g = svgEl('g', { id: 'overlay' });
  for (const c of svg.querySelectorAll('.cell.is-target')) c.classList.remove('is-target');
  if (S.sel) {
    const c = cellShape(S.sel);
    if (c) {
      const o = c.cloneNode(false);
      o.removeAttribute('data-cell');
      o.removeAttribute('id');
      o.setAttribute('class', 'selected');
      o.setAttribute('data-selected', S.sel);
      for (const a of ['fill', 'stroke', 'stroke-width', 'data-movable']) o.removeAttribute(a);
      g.append(o);
    }
  }
  const seen = new Set();
  for (const a of targetsNow()) {
    if (seen.has(a.to)) continue;
    seen.add(a.to);
    const c = cellCentre(a.to);
    if (!c) continue;
    cellShape(a.to).classList.add('is-target');
    const occupied = !!pieceAt(a.to) && !S.drop;
    const m = svgEl('circle', {
      class: occupied ? 'target occupied' : 'target',
      'data-cell': a.to,
      cx: c.x, cy: c.y,
      r: occupied ? c.r * 0.86 : Math.max(4, c.r * 0.3),
    });
    g.append(m);
  }
  svg.append(g);
  renderHint();
}

function renderHint() {
  const k = kinds();
  const box = $('board');
  box.dataset.selected = S.sel || '';
  box.dataset.drop = S.drop || '';
  for (const b of $('reserve').querySelectorAll('[data-drop]')) {
    b.setAttribute('aria-pressed', b.dataset.drop === S.drop ? 'true' : 'false');
  }
  box.classList.toggle('interactive', k.acts.length > 0);
}

// ------------------------------------------------ clicking and dragging

/** The cell under a point of the screen (markers, pieces and cells carry data-cell). */
function cellAtPoint(x, y) {
  for (const e of document.elementsFromPoint(x, y)) {
    if (!board().contains(e)) continue;
    const c = e.closest('[data-cell]');
    if (c) return c.getAttribute('data-cell');
  }
  return null;
}

function onCell(name, at) {
  const k = kinds();
  if (!k.acts.length || !name) return;
  closeChooser();
  if (S.drop) {
    const c = k.drops.filter((a) => a.drop.letter === S.drop && a.to === name);
    if (c.length) return choose(c, name, at);
    S.drop = null;
  }
  if (S.sel) {
    const c = k.moves.filter((a) => a.from === S.sel && a.to === name);
    if (c.length) return choose(c, name, at);
  }
  if (k.froms.has(name) && name !== S.sel) {
    S.sel = name;
    S.drop = null;
    drawOverlay();
    return;
  }
  const d = k.cells.filter((a) => a.to === name);
  if (d.length && !S.sel) return choose(d, name, at);
  S.sel = null;
  autoSelect();
  drawOverlay();
}

/** One action: play it; several (promotions, pushes, victims…): ask which. */
function choose(list, cell, at) {
  if (list.length === 1) return play(list[0].text);
  openChooser(list, cell, at);
}

function openChooser(list, cell, at) {
  const box = $('chooser');
  box.replaceChildren(el('div', { class: 'chooser-title', text: cell ? `Which action on ${cell}?` : 'Which action?' }));
  for (const a of list) {
    box.append(el('button', {
      type: 'button', 'data-action': a.text, text: a.label || a.text, title: a.text,
      onclick: () => play(a.text),
      onmouseenter: () => hintCells(a.label || ''),
      onfocus: () => hintCells(a.label || ''),
      onmouseleave: () => hintCells(''),
    }));
  }
  box.append(el('button', { type: 'button', class: 'cancel', text: 'Cancel', onclick: () => closeChooser() }));
  box.dataset.cell = cell || '';
  box.hidden = false;
  let x = at ? at.x : window.innerWidth / 2;
  let y = at ? at.y : window.innerHeight / 2;
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  // Beside the target and every cell a label names (a victim, a pushed piece), never on them.
  const named = [cell, ...list.flatMap((a) => (a.label || '').split(/[\s,;:()]+/))];
  const rects = named.filter((n) => n && cellShape(n)).map((n) => cellShape(n).getBoundingClientRect());
  if (rects.length) {
    const right = Math.max(...rects.map((r) => r.right));
    const left = Math.min(...rects.map((r) => r.left));
    x = right + 6 + w <= window.innerWidth ? right + 6 : left - 6 - w;
    y = cellShape(cell) ? cellShape(cell).getBoundingClientRect().top : rects[0].top;
  }
  x = Math.max(4, Math.min(x, window.innerWidth - w - 4));
  y = Math.max(4, Math.min(y, window.innerHeight - h - 4));
  box.style.left = `${x}px`;
  box.style.top = `${y}px`;
  const first = box.querySelector('[data-action]');
  if (first) first.focus({ preventScroll: true });
}

/** Rings the cells a chooser's label names (the victim, the pushed piece), while pointed at. */
function hintCells(label) {
  const svg = theSvg();
  if (!svg) return;
  for (const h of svg.querySelectorAll('.hint')) h.remove();
  const overlay = svg.querySelector('#overlay');
  if (!overlay) return;
  for (const word of label.split(/[\s,;:()]+/)) {
    const c = word && cellShape(word) && cellCentre(word);
    if (c) overlay.append(svgEl('circle', { class: 'hint', cx: c.x, cy: c.y, r: c.r * 0.92 }));
  }
}

function closeChooser() {
  hintCells('');
  const box = $('chooser');
  if (!box.hidden) {
    box.hidden = true;
    box.replaceChildren();
  }
}

let drag = null;

function onPointerDown(ev) {
  if (ev.button !== undefined && ev.button !== 0) return;
  const name = cellAtPoint(ev.clientX, ev.clientY);
  if (!name) return;
  drag = { name, x: ev.clientX, y: ev.clientY, moved: false, piece: null };
  ev.preventDefault();
}

function onPointerMove(ev) {
  if (!drag) return;
  if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
  if (!drag.moved) {
    if (!kinds().froms.has(drag.name)) { drag = null; return; }
    drag.moved = true;
    S.sel = drag.name;
    S.drop = null;
    closeChooser();
    drawOverlay();
    drag.piece = pieceAt(drag.name);
    if (drag.piece) drag.piece.classList.add('dragging');
  }
  if (drag.piece) {
    const svg = theSvg();
    const m = svg.getScreenCTM();
    if (m) {
      const k = 1 / m.a;
      drag.piece.setAttribute('transform', `translate(${(ev.clientX - drag.x) * k} ${(ev.clientY - drag.y) * k})`);
    }
  }
}

function onPointerUp(ev) {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (d.piece) {
    d.piece.removeAttribute('transform');
    d.piece.classList.remove('dragging');
  }
  const at = { x: ev.clientX, y: ev.clientY };
  if (!d.moved) return onCell(d.name, at);
  const to = cellAtPoint(ev.clientX, ev.clientY);
  if (to && to !== d.name) onCell(to, at);
}

// ------------------------------------------------ the other controls for actions

function renderActions() {
  const k = kinds();
  // drops from the reserve / hand: one button per piece letter
  const res = $('reserve');
  res.replaceChildren();
  const byLetter = new Map();
  for (const a of k.drops) {
    if (!byLetter.has(a.drop.letter)) byLetter.set(a.drop.letter, a.drop.name || a.drop.letter);
  }
  if (S.drop && !byLetter.has(S.drop)) S.drop = null;
  if (byLetter.size) {
    const hands = S.st.panel && S.st.panel.hands && S.st.panel.hands.word === 'hands';
    res.append(el('div', { class: 'box-title', text: hands ? 'Drop a piece from your hand' : 'Drop a piece from the reserve' }));
    for (const [letter, name] of byLetter) {
      res.append(el('button', {
        type: 'button', 'data-drop': letter, class: 'drop',
        'aria-pressed': S.drop === letter ? 'true' : 'false',
        onclick: () => {
          S.drop = S.drop === letter ? null : letter;
          S.sel = null;
          closeChooser();
          drawOverlay();
        },
      }, dropBadge(letter), el('span', { text: name })));
    }
  }
  res.hidden = byLetter.size === 0;
  // decisions that are no cell: buttons
  const dec = $('decide');
  dec.replaceChildren();
  if (k.other.length) {
    dec.append(el('div', { class: 'box-title', text: 'Decide' }));
    for (const a of k.other) {
      dec.append(el('button', { type: 'button', 'data-action': a.text, text: a.label || a.text, title: a.text, onclick: () => play(a.text) }));
    }
  }
  dec.hidden = k.other.length === 0;
  // every action, to type
  const dl = $('action-list');
  dl.replaceChildren(...k.acts.map((a) => el('option', { value: a.text, label: a.label || '' })));
  const inp = $('action-input');
  inp.disabled = k.acts.length === 0;
  $('action-play').disabled = k.acts.length === 0;
  if (k.acts.length) {
    const ex = k.acts[0].text;
    inp.placeholder = `e.g. ${ex} (${k.acts.length} legal)`;
  } else inp.placeholder = 'no action to type now';
}

/** A glyph in a disc of its player's colours (as on the board, once seen there). */
function glyphBadge(glyph, player) {
  const b = el('span', { class: 'glyph', text: glyph });
  const d = discs[player];
  if (d) {
    b.style.background = d.fill;
    if (d.ink) b.style.color = d.ink;
    if (d.stroke) b.style.borderColor = d.stroke;
  }
  return b;
}

function dropBadge(letter) {
  const l = (S.st.legend || []).find((x) => x.letter === letter);
  return glyphBadge(l ? l.glyph || letter : letter, S.st.turn && S.st.turn.name);
}

function renderMoves() {
  const st = S.st;
  const ol = $('moves');
  ol.replaceChildren();
  ol.append(el('li', { 'data-ply': '0', class: st.ply === 0 ? 'start current' : 'start', text: 'start' }));
  (st.moves || []).forEach((m, i) => {
    const n = i + 1;
    const li = el('li', { 'data-ply': String(n), class: n === st.ply ? 'current' : '', title: `${m.player}: ${m.text}` });
    if (m.number) {
      li.classList.add('numbered');
      li.append(el('span', { class: 'num', text: m.number }));
    }
    li.append(el('span', { class: 'mv', text: m.text }));
    ol.append(li);
  });
  const cur = ol.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop - ol.offsetTop;
    if (top < ol.scrollTop || top > ol.scrollTop + ol.clientHeight - cur.offsetHeight) {
      ol.scrollTop = Math.max(0, top - ol.clientHeight / 2);
    }
  }
}

function renderLegend() {
  const t = $('legend');
  t.replaceChildren();
  for (const l of S.st.legend || []) {
    t.append(el('tr', { 'data-letter': l.letter, title: l.description || '' },
      el('td', {}, glyphBadge(l.glyph || l.letter, l.player)),
      el('td', { class: 'piece-name', text: l.name }),
      el('td', { class: 'owner', text: cap(l.player || '') })));
  }
}

function renderPanel() {
  const p = S.st.panel || {};
  const box = $('panel');
  box.replaceChildren();
  const part = (title, text) => {
    if (!text || (Array.isArray(text) && !text.length)) return;
    // `counters: halfmove 0; fullmove 1` under the title Counters: one entry a line, no prefix.
    const lines = Array.isArray(text) ? text : [String(text)];
    const body = lines.map((l) => l.replace(/^[a-z ]+: /i, '').split('; ').join('\n')).join('\n');
    if (!body.trim()) return;
    box.append(el('div', { class: 'panel-part', 'data-part': title.toLowerCase() },
      el('div', { class: 'box-title', text: title }), el('pre', { text: body })));
  };
  part('Counters', p.counters);
  part(p.hands && p.hands.word === 'hands' ? 'Hands' : 'Reserves', p.reserves);
  part('Tallies', p.tallies);
  $('panel-box').hidden = box.childElementCount === 0;
}

// ------------------------------------------------ events and rolls

let eventSeq = 0;

function logEvents(events) {
  const ul = $('events');
  for (const li of ul.querySelectorAll('.recent')) li.classList.remove('recent');
  const items = [];
  let roll = null;
  for (const text of events) {
    const chance = /^chance:/i.test(text);
    items.push(el('li', { class: chance ? 'recent chance' : 'recent', 'data-seq': String(++eventSeq), text }));
    if (chance) roll = text;
  }
  if (items.length) items[0].classList.add('group');
  ul.prepend(...items);
  while (ul.childElementCount > 300) ul.lastElementChild.remove();
  if (items.length) saveLog();
  if (roll) showRoll(roll);
}

/** The log survives a reload of the tab (sessionStorage, the last 100 lines). */
function saveLog() {
  const lines = [...$('events').children].slice(0, 100).map((li) => [li.textContent, li.className]);
  store.set('events', JSON.stringify({ id: S.id, lines }));
}
function restoreLog(id) {
  let saved = null;
  try { saved = JSON.parse(store.get('events') || 'null'); } catch (e) { saved = null; }
  const ul = $('events');
  ul.replaceChildren();
  if (!saved || saved.id !== id || !Array.isArray(saved.lines)) return;
  for (const [text, cls] of saved.lines) ul.append(el('li', { class: cls, text }));
}

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
let rollTimer = null;

/** A chance outcome ("chance: roll:stay (5/8)"): a die that tumbles, then the outcome. */
function showRoll(text) {
  const m = /^chance:\s*(\S+)\s*(?:\(([^)]*)\))?/i.exec(text);
  const outcome = m ? m[1] : text;
  const odds = m && m[2] ? m[2] : '';
  const parts = outcome.split(':');
  const value = parts[parts.length - 1];
  const stepName = parts.length > 1 ? parts.slice(0, -1).join(':') : 'chance';
  const n = parseInt(value, 10);
  const final = String(n) === value && n >= 1 && n <= 6 ? FACES[n - 1] : '🎲';
  const box = $('die-box');
  const die = $('die');
  box.hidden = false;
  die.dataset.outcome = outcome;
  $('die-label').textContent = `${stepName}: ${value}${odds ? ` (${odds})` : ''}`;
  if (rollTimer) clearInterval(rollTimer);
  let i = 0;
  die.classList.add('rolling');
  rollTimer = setInterval(() => {
    die.textContent = FACES[Math.floor(Math.random() * 6)];
    if (++i >= 8) {
      clearInterval(rollTimer);
      rollTimer = null;
      die.textContent = final;
      die.classList.remove('rolling');
    }
  }, 70);
}

function note(text) {
  logEvents([text]);
}

// ---------------------------------------------------------------- wiring

function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

function resignPlayer() {
  const st = S.st;
  const humans = st.sides.map((s, i) => (s === 'human' ? i : -1)).filter((i) => i >= 0);
  return humans.length === 1 ? { player: humans[0] } : {};
}

let resignTimer = null;

/** A draw offer: to a machine opponent it is sent at once (the server answers for it); to
 * a person at the same screen it is asked first (`#draw-answer`), and the answer sent. */
function offerDraw() {
  const st = S.st;
  const me = resignPlayer().player ?? st.turn.player;
  const others = st.sides.map((s, i) => i).filter((i) => i !== me);
  const people = others.filter((i) => st.sides[i] === 'human');
  if (!people.length) return run(() => post('/draw', { player: me }));
  const names = others.map((i) => cap(st.game.players[i])).join(' and ');
  $('draw-question').textContent = `${cap(st.game.players[me])} offers a draw. ${names}, do you accept?`;
  $('draw-answer').hidden = false;
  $('draw-answer').dataset.player = String(me);
}

function answerDraw(accepted) {
  $('draw-answer').hidden = true;
  clearError();
  run(() => post('/draw', { player: Number($('draw-answer').dataset.player), accepted }));
}

/** The start screen's and the header's controls. */
function wireStart() {
  $('start').addEventListener('click', startGame);
  $('load-file').addEventListener('change', (ev) => loadRecordFile(ev.target.files[0]));
  $('error-close').addEventListener('click', clearError);
  $('rules').addEventListener('click', () => S.st && showRules(S.st.game.id));
  $('rules-close').addEventListener('click', () => $('rules-dialog').close && $('rules-dialog').close());
  $('new-game').addEventListener('click', () => {
    if (S.st) chooseGameIfKnown(S.st.game.id, S.st.sides);
    location.hash = '';
    showStart();
  });
  $('home').addEventListener('click', (ev) => {
    ev.preventDefault();
    location.hash = '';
    showStart();
  });
}

/** The game screen's buttons and the typed action. */
function wireGame() {
  $('first').addEventListener('click', () => goPly(0));
  $('prev').addEventListener('click', () => step(-1));
  $('next').addEventListener('click', () => step(1));
  $('last').addEventListener('click', () => goPly(null));
  $('flip').addEventListener('click', () => {
    S.flip = !S.flip;
    store.set('flip', S.flip ? '1' : '0');
    goPly(viewing() ? S.st.ply : null);
  });
  $('undo').addEventListener('click', () => {
    clearError();
    if (allMachines()) S.paused = true;
    run(() => post('/undo'));
  });
  $('redo').addEventListener('click', () => {
    clearError();
    if (allMachines()) S.paused = true;
    run(() => post('/redo'));
  });
  $('pause').addEventListener('click', () => {
    S.paused = !S.paused;
    if (S.paused) stopAuto();
    renderControls();
    renderStatus();
    scheduleAuto();
  });
  $('resign').addEventListener('click', () => {
    $('resign-confirm').hidden = false;
    clearTimeout(resignTimer);
    resignTimer = setTimeout(() => { $('resign-confirm').hidden = true; }, 5000);
  });
  $('resign-confirm').addEventListener('click', () => {
    $('resign-confirm').hidden = true;
    clearError();
    run(() => post('/resign', resignPlayer()));
  });
  $('draw').addEventListener('click', offerDraw);
  $('draw-accept').addEventListener('click', () => answerDraw(true));
  $('draw-decline').addEventListener('click', () => answerDraw(false));
  $('save').addEventListener('click', () => run(async () => {
    const r = await api('GET', sess('/record'));
    store.set('record', r.text);
    const cd = r.headers.get('Content-Disposition') || '';
    const m = /filename="?([^";]+)"?/.exec(cd);
    download(r.text, m ? m[1] : `${S.st.game.id}.pgn`);
  }));
  $('type-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const v = $('action-input').value.trim();
    if (!v) return;
    play(v).then((ok) => { if (ok) $('action-input').value = ''; });
  });
}

/** The board (click or drag), the move list, keys, and the window. */
function wireBoard() {
  const b = board();
  b.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('pointercancel', () => { drag = null; });
  $('moves').addEventListener('click', (ev) => {
    const li = ev.target.closest('[data-ply]');
    if (li) goPly(Number(li.dataset.ply));
  });
  document.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', (ev) => {
    const c = $('chooser');
    if (!c.hidden && !c.contains(ev.target) && !board().contains(ev.target)) closeChooser();
  });
  window.addEventListener('resize', () => fitBoard());
  window.addEventListener('hashchange', onHash);
}

function chooseGameIfKnown(id, sides) {
  if (!S.games.some((g) => g.id === id)) return;
  chooseGame(id);
  (sides || []).forEach((s, i) => { const sel = $(`side-${i}`); if (sel) sel.value = s; });
}

function onKey(ev) {
  const t = ev.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  if (ev.key === 'Escape') {
    closeChooser();
    S.drop = null;
    S.sel = null;
    autoSelect();
    drawOverlay();
    return;
  }
  if (document.body.dataset.screen !== 'game' || !S.st) return;
  const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => goPly(0), End: () => goPly(null) };
  if (keys[ev.key] && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
    ev.preventDefault();
    keys[ev.key]();
  }
}

function hashId() {
  const m = /(?:^#|&)s=([A-Za-z0-9_-]+)/.exec(location.hash);
  return m ? m[1] : null;
}

function onHash() {
  const id = hashId();
  if (id && id !== S.id) {
    stopAuto();
    resume(id);
  } else if (!id && S.id) showStart();
}

async function main() {
  wireStart();
  wireGame();
  wireBoard();
  updateBusy();
  await run(loadGames);
  const id = hashId() || store.get('session');
  if (id) {
    if (!hashId()) history.replaceState(null, '', '#s=' + id);
    await resume(id);
  } else showStart();
}

main();
