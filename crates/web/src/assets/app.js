// The page: reads its address (/quattro?seed=7&rules=uno), starts or shows a game
// through the JSON API (docs/web.md), and draws what the server says this seat may see.
// Only the actions the server lists as legal are offered.

import { colourCard, frenchCard, cardBack, die, COLOURS, COLOUR_NAMES } from './draw.js';
import { PREFIX, decodeRecording, linkOf } from './link.js';

const $ = (id) => document.getElementById(id);
const h = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
};

const OCHOS_RULES = [
  ['match-making', 'Match making (A2 P1, 3 players)'], ['take-two', 'Take two (A2 P2, 3 players)'],
  ['going-wild', 'Going wild (A2 P3, 3 players)'], ['more-the-merrier', 'More the merrier (A2 P4)'],
  ['faciles', 'Faciles (A4 Part I)'], ['diversidad', 'Diversidad (A4 Part II)'], ['completos', 'Completos (A4 Part III)'],
];
const FIXED_THREE = ['match-making', 'take-two', 'going-wild'];
// The rule sets whose seats each carry a strategy's letter: the ones the strong player
// (IS-MCTS, letter M) can sit in. The seats' names are the rule sets' own.
const STRATEGY_SETS = ['diversidad', 'completos'];
const SEAT_NAMES = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank'];

// `opponents` is the page's own choice, not a setting of the game: the strong player
// becomes the seats named with its letter (players=Alice:M,Bob:M,…), which the server
// reads as any table of the rule set.
function seatOpponents(options) {
  const hard = options.opponents === 'mcts';
  delete options.opponents;
  if (!hard || !STRATEGY_SETS.includes(options.rules)) return options;
  const count = Number(options.players);
  options.players = SEAT_NAMES.slice(0, count).map((name) => `${name}:M`).join(',');
  return options;
}

// Each game's setup form: fields [name, label, kind, choices or default].
const SETUP = {
  'ochos-locos': {
    title: 'Ochos Locos',
    fields: [
      ['rules', 'Rule set', 'select', OCHOS_RULES, 'completos'],
      ['players', 'Players', 'select', [2, 3, 4, 5, 6].map((n) => [n, n]), 4],
      ['seat', 'Your seat', 'select', [0, 1, 2, 3, 4, 5].map((n) => [n, `seat ${n + 1}`]), 0],
      ['watch', 'Mode', 'select', [['0', 'play the seat'], ['1', 'watch the strategies (over that seat\'s shoulder)']], '0'],
      ['opponents', 'Opponents', 'select', [['strategies', 'the assignment\'s strategies'], ['mcts', 'IS-MCTS (hard: searches for its best play)']], 'strategies'],
    ],
  },
  quattro: { title: 'Quattro', fields: [['rules', 'Rule set', 'select', [['quattro', 'Quattro (40 number cards)'], ['uno', 'Uno expansion (56 cards)']], 'quattro']] },
  war: {
    title: 'War',
    fields: [
      ['players', 'Players', 'select', [2, 3, 4, 5, 6, 7, 8].map((n) => [n, n]), 2],
      ['order', 'Won cards go back', 'select', [['shuffled', 'shuffled'], ['fixed', 'in a fixed order']], 'shuffled'],
    ],
  },
  pig: {
    title: 'Pig',
    fields: [
      ['rules', 'Dice', 'select', [['two-dice', 'two dice (the assignment)'], ['classic', 'one die (classic)']], 'two-dice'],
      ['goal', 'Goal', 'select', [20, 30, 50, 100].map((n) => [n, n]), 100],
      // The assignment's Computer first, as at the command line; the optimal one is the
      // strong opponent a player picks.
      ['computer', 'Computer', 'select', [['hold:20', 'holds at 20 (the assignment)'], ['hold:25', 'holds at 25'], ['hold:15', 'holds at 15'], ['hold:10', 'holds at 10'], ['optimal', 'optimal (hard: the best play)']], 'hold:20'],
    ],
  },
};

let current = null; // the last game JSON
let version = 0;

function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = !message;
}

// A call of the JSON API; `body` is an object, or a JSON text sent as it is (a recording).
async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
  const json = response.status === 204 ? null : await response.json();
  if (!response.ok) throw new Error(json && json.error ? json.error : `HTTP ${response.status}`);
  return json;
}

function slugOfPath() {
  const slug = location.pathname.replace(/^\/+|\/+$/g, '');
  return SETUP[slug] ? slug : null;
}

function markNav(slug) {
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('active', a.dataset.game === slug);
}

function showSection(name) {
  for (const id of ['home', 'setup', 'game', 'stepper']) $(id).hidden = id !== name;
}

function setupForm(slug, params) {
  const spec = SETUP[slug];
  document.title = `${spec.title} · Four games`;
  $('setup-title').textContent = spec.title;
  const form = $('setup-form');
  form.replaceChildren();
  for (const [name, label, , choices, fallback] of spec.fields) {
    const value = params.get(name) ?? String(fallback);
    const select = h('select', { name, id: `opt-${name}` },
      ...choices.map(([v, text]) => h('option', { value: String(v), selected: String(v) === value }, String(text))));
    form.append(h('label', {}, h('span', {}, label), select));
  }
  form.append(h('label', {}, h('span', {}, 'Seed (empty: random)'), h('input', { name: 'seed', id: 'opt-seed', inputmode: 'numeric', value: params.get('seed') ?? '' })));
  form.append(h('button', { type: 'submit', id: 'start', class: 'primary' }, 'Start'));
  if (slug === 'ochos-locos') {
    const sync = () => {
      const rules = form.elements.rules.value;
      const players = form.elements.players;
      if (FIXED_THREE.includes(rules)) players.value = '3';
      players.disabled = FIXED_THREE.includes(rules);
      for (const o of form.elements.seat.options) o.disabled = Number(o.value) >= Number(players.value);
      if (Number(form.elements.seat.value) >= Number(players.value)) form.elements.seat.value = '0';
      const opponents = form.elements.opponents;
      if (!STRATEGY_SETS.includes(rules)) opponents.value = 'strategies';
      opponents.disabled = !STRATEGY_SETS.includes(rules);
    };
    form.elements.rules.addEventListener('change', sync);
    form.elements.players.addEventListener('change', sync);
    sync();
  }
  form.onsubmit = (event) => {
    event.preventDefault();
    const options = {};
    for (const [name] of spec.fields) options[name] = form.elements[name].value;
    const seed = form.elements.seed.value.trim();
    start(slug, seed === '' ? null : seed, slug === 'ochos-locos' ? seatOpponents(options) : options);
  };
  showSection('setup');
}

async function start(slug, seed, options) {
  showError('');
  try {
    const game = await api('POST', '/api/games', { game: slug, seed, options });
    history.replaceState(null, '', game.replay ?? game.settings);
    render(game);
  } catch (e) {
    showError(e.message);
    setupForm(slug, new URLSearchParams(location.search));
  }
}

async function send(action) {
  if (!current || document.body.dataset.busy === '1') return;
  document.body.dataset.busy = '1';
  showError('');
  try {
    render(await api('POST', `/api/games/${current.id}/actions`, action));
  } catch (e) {
    showError(e.message);
  } finally {
    document.body.dataset.busy = '0';
  }
}

function drawCard(game, code) {
  return game === 'war' ? frenchCard(code) : colourCard(code);
}

// `shown(seat)`: whether that seat's cards are shown elsewhere on the page (the hand
// below, a step's hands), so that its backs hide nothing.
function renderPlayers(g, box = $('players'), shown = () => false) {
  box.replaceChildren();
  g.players.forEach((p, seat) => {
    const turn = g.to_act === seat && !g.over;
    const won = g.outcome && g.outcome.winner === seat;
    const detail = p.cards !== undefined ? `${p.cards} card${p.cards === 1 ? '' : 's'}` : `${p.score} points`;
    // The backs are a picture of the count: a screen reader hears the hand once
    // ("Bob: 5 cards, hidden"), not "card back" once a card.
    let backs = null;
    if (p.cards !== undefined && g.game !== 'war') {
      const hidden = !shown(seat);
      backs = h('div', hidden ? { class: 'backs', role: 'img', 'aria-label': `${p.name}: ${detail}, hidden` } : { class: 'backs', 'aria-hidden': 'true' });
      for (let i = 0; i < Math.min(p.cards, 12); i++) backs.append(cardBack({ hidden: true }));
    }
    const said = backs && backs.getAttribute('role') === 'img';
    box.append(h('div', { class: `player${turn ? ' turn' : ''}${won ? ' won' : ''}${p.plays === 'you' ? ' you' : ''}`, 'data-seat': seat },
      h('div', { class: 'name' }, p.name, p.plays === 'you' && p.name !== 'You' ? ' (you)' : ''),
      h('div', { class: 'plays' }, p.plays === 'you' ? '' : p.plays),
      h('div', { class: 'count', 'aria-hidden': said ? 'true' : null }, detail), backs));
  });
}

// How an ending reads for the person: their win, their loss, or neither (nobody won,
// or nobody of theirs played: watching).
function outcomeClass(outcome, players) {
  if (!outcome) return '';
  const yours = players.findIndex((p) => p.plays === 'you');
  if (outcome.winner === null || outcome.winner === undefined || yours < 0) return ' no-winner';
  return outcome.winner === yours ? ' won' : ' lost';
}

function pile(label, node, extra) {
  return h('div', { class: 'pile' }, node, h('div', { class: 'pile-label' }, label), extra || null);
}

function renderBoard(g, board = $('board')) {
  board.replaceChildren();
  const v = g.view || {};
  if (g.game === 'ochos-locos') {
    board.append(pile(`deck: ${v.deck}`, v.deck > 0 ? cardBack() : h('div', { class: 'empty-pile' })));
    if (v.discard) board.append(pile('discard', colourCard(v.discard)));
    const notes = [];
    if (v.colour) notes.push(h('span', { class: `chip ${v.colour}` }, `follow ${v.colour}`));
    if (v.facing_two) {
      const twos = v.pending_twos > 1 ? `${v.pending_twos} 2s in a row` : 'A 2';
      notes.push(h('span', { class: 'chip warn' }, `${twos} to answer: lay a 2, or draw ${v.penalty}`));
    }
    board.append(h('div', { class: 'notes' }, rulesLink(g), ...notes));
  } else if (g.game === 'quattro') {
    board.append(pile(`draw pile: ${v.draw_pile}`, v.draw_pile > 0 ? cardBack() : h('div', { class: 'empty-pile' })));
    board.append(pile('top', colourCard(v.top)));
    board.append(h('div', { class: 'notes' },
      h('span', { class: `chip ${v.colour}` }, `colour: ${v.colour}`),
      h('div', {}, g.over ? 'the game is over' : `play goes ${v.clockwise ? 'up the seats ↻' : 'down the seats ↺'}; next: ${g.players[v.next].name}`),
      rulesLink(g)));
  } else if (g.game === 'war') {
    const shown = h('div', { class: 'battle' });
    for (const { seat, card } of v.last_battle) shown.append(h('div', { class: 'shown' }, frenchCard(card), h('div', { class: 'pile-label' }, g.players[seat].name)));
    g.players.forEach((p, seat) => board.append(pile(`${p.name}: ${p.cards}`, p.cards > 0 ? cardBack() : h('div', { class: 'empty-pile' }), null)));
    board.append(shown);
    board.append(h('div', { class: 'notes' }, h('div', {}, `battles: ${v.battles}`), h('div', {}, `wars: ${v.wars}`), rulesLink(g)));
  } else if (g.game === 'pig') {
    const bars = h('div', { class: 'scores' });
    g.players.forEach((p, seat) => {
      const bar = h('div', { class: 'bar' }, h('div', { class: 'fill' }));
      // The turn's points count for the player whose turn it is; at the end the
      // server's scores are the final totals (the winning turn's points included).
      const pending = v.turn === seat && !g.over ? v.turn_points : 0;
      bar.firstChild.style.width = `${Math.min(100, (100 * (v.scores[seat] + pending)) / v.goal)}%`;
      bars.append(h('div', { class: `score${v.turn === seat && !g.over ? ' turn' : ''}` },
        h('div', {}, `${p.name}: ${v.scores[seat]}${pending ? ` + ${pending} this turn` : ''} of ${v.goal}${g.over && g.outcome.winner === seat ? ' (wins)' : ''}`), bar));
    });
    board.append(bars);
    const dice = h('div', { class: 'dice', id: 'dice' });
    if (v.last_roll) for (const face of v.last_roll.dice) dice.append(die(face));
    board.append(h('div', { class: 'roll' }, dice,
      h('div', { class: 'pile-label' }, v.last_roll ? `last roll: ${g.players[v.last_roll.seat].name}` : 'no roll yet')));
    board.append(h('div', { class: 'notes' }, h('div', { class: 'turn-points', id: 'turn-points' }, `this turn: ${v.turn_points}`), rulesLink(g)));
  }
}

// The legal plays of each card of the hand: card code -> [legal entries].
function playsByCard(legal) {
  const map = new Map();
  for (const l of legal) {
    if (l.action.type !== 'play') continue;
    if (!map.has(l.action.card)) map.set(l.action.card, []);
    map.get(l.action.card).push(l);
  }
  return map;
}

// The colour picker of an 8 or a wild card: a small dialog; r, y, g or b names a colour,
// Escape (or cancel) closes it and gives the focus back to the card.
let pickerCard = null;

function closeColour() {
  const box = $('choose');
  if (box.hidden) return false;
  box.hidden = true;
  if (pickerCard && pickerCard.isConnected) pickerCard.focus();
  pickerCard = null;
  return true;
}

function chooseColour(options, card) {
  const box = $('choose');
  pickerCard = card || null;
  box.replaceChildren(h('span', {}, 'Name a colour: '));
  for (const l of options) {
    const letter = l.action.colour;
    const key = letter.toLowerCase();
    const button = h('button', { type: 'button', class: 'colour', 'data-colour': letter, 'data-key': key, 'aria-keyshortcuts': key, onclick: () => { box.hidden = true; pickerCard = null; send(l.action); } },
      COLOUR_NAMES[letter], ' ', h('kbd', {}, key));
    button.style.background = COLOURS[letter];
    box.append(button);
  }
  box.append(h('button', { type: 'button', class: 'link', 'data-key': 'Escape', 'aria-keyshortcuts': 'Escape', onclick: closeColour }, 'cancel ', h('kbd', {}, 'Esc')));
  box.hidden = false;
  box.querySelector('button').focus();
}

function renderHand(g) {
  const box = $('hand');
  box.replaceChildren();
  $('choose').hidden = true;
  const v = g.view || {};
  if (!v.hand) { box.hidden = true; return; }
  box.hidden = false;
  const plays = playsByCard(g.legal);
  box.append(h('div', { class: 'hand-label' }, g.playing ? 'Your hand' : `${g.players[g.seat].name}'s hand (watching)`));
  const cards = h('div', { class: 'cards' });
  for (const code of v.hand) {
    const options = plays.get(code);
    const attrs = { type: 'button', class: `card${options ? ' playable' : ''}`, 'data-card': code, disabled: !options, title: options ? `play ${code}` : `${code} cannot be played now` };
    const button = h('button', attrs, colourCard(code));
    button.addEventListener('click', () => {
      if (!options) return;
      if (options.length === 1) send(options[0].action);
      else chooseColour(options, button);
    });
    cards.append(button);
  }
  box.append(cards);
}

// The key of each button (shown on it as <kbd>, and in aria-keyshortcuts): the
// terminal's letters where it has them (r and h in Pig, d to draw), Enter for War's
// battle.
const KEYS = { draw: 'd', roll: 'r', hold: 'h', battle: 'Enter', to_end: 'e', next: 'n', again: 'a' };
const KEY_NAMES = { Enter: 'Enter', Escape: 'Esc', ArrowLeft: '←', ArrowRight: '→' };

function keyed(attrs, key, ...label) {
  if (!key) return h('button', attrs, ...label);
  return h('button', { ...attrs, 'data-key': key, 'aria-keyshortcuts': key }, ...label, ' ', h('kbd', {}, KEY_NAMES[key] || key));
}

function renderActions(g) {
  const box = $('actions');
  box.replaceChildren();
  for (const l of g.legal) {
    // War's N battles are the field's below, one control for any number.
    if (l.action.type === 'play' || l.action.count) continue;
    const name = l.action.type + (l.action.count ? `-${l.action.count}` : '');
    box.append(keyed({ type: 'button', class: 'primary', 'data-action': name, onclick: () => send(l.action) }, l.action.count ? null : KEYS[l.action.type], l.label));
  }
  if (g.game === 'war' && g.legal.length) {
    const input = h('input', { id: 'battles', type: 'number', min: 1, max: 10000, value: 10, 'aria-label': 'how many battles' });
    const button = h('button', { type: 'button', class: 'primary', 'data-action': 'battle-n', onclick: () => send({ type: 'battle', count: Number(input.value) }) });
    // The button says what it does with the number typed: "Play 10 battles".
    const label = () => { const n = Number(input.value); button.textContent = Number.isInteger(n) && n >= 1 ? `Play ${n} battle${n === 1 ? '' : 's'}` : 'Play N battles'; };
    input.addEventListener('input', label);
    label();
    box.append(h('span', { class: 'n-battles' }, input, button));
  }
  if (g.over) box.append(keyed({ type: 'button', class: 'primary', 'data-action': 'again', onclick: () => start(g.game, null, Object.fromEntries(new URLSearchParams(g.settings.split('?')[1]).entries())) }, KEYS.again, 'Play again (new seed)'));
}

// The log in the order things happened, numbered from the deal on (a number never
// changes), the newest at the bottom and scrolled into view; the last click's lines are
// marked, and said to a screen reader (#announce) with the status.
const LOG_KEEP = 500;
let logCount = 0;

function renderLog(g) {
  const list = $('log');
  for (const old of list.querySelectorAll('.new')) old.classList.remove('new');
  for (const e of g.log) {
    logCount += 1;
    list.append(h('li', { class: `entry new log-${e.kind}`, value: logCount }, e.text));
  }
  while (list.children.length > LOG_KEEP) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
  const said = g.log.slice(-8).map((e) => e.text);
  if (g.log.length > 8) said.unshift(`${g.log.length - 8} earlier lines in the log.`);
  $('announce').textContent = [...said, statusText(g)].map((t) => (/[.!?…]$/.test(t) ? t : `${t}.`)).join(' ');
}

// The rule set in words, as the setup form names it.
function ruleSetName(g) {
  const v = g.view || {};
  const label = (slug, name, value) => {
    const field = SETUP[slug].fields.find(([n]) => n === name);
    const choice = field && field[3].find(([c]) => String(c) === String(value));
    return choice ? choice[1] : String(value);
  };
  if (g.game === 'ochos-locos' || g.game === 'quattro') return label(g.game, 'rules', v.rules);
  if (g.game === 'pig') return `${label('pig', 'rules', v.rules)}, to ${v.goal}`;
  return `${g.players.length} players, won cards go back ${v.order === 'fixed' ? 'in a fixed order' : 'shuffled'}`;
}

function renderRules(g) {
  $('rules-name').textContent = `of this game: ${ruleSetName(g)}`;
  $('rules-list').replaceChildren(...(g.rules_text || []).map((s) => h('li', {}, s)));
}

// A button on the board that opens the rules panel.
function rulesLink(g) {
  const panel = g.rulesPanel || 'rules';
  return h('button', { type: 'button', class: 'link light-link', 'data-open': panel, onclick: () => { $(panel).open = true; $(panel).scrollIntoView({ block: 'nearest' }); } }, `Rules: ${ruleSetName(g)}`);
}

// The status says what the offered actions allow, and nothing they do not.
function statusText(g) {
  if (g.outcome) return g.outcome.text;
  const label = (type) => { const l = g.legal.find((x) => x.action.type === type); return l ? l.label : null; };
  if (!g.playing) return g.legal.length ? 'Watching: Next turn (n), or Play to the end (e).' : 'Waiting…';
  if (!g.your_turn) return 'Waiting…';
  if (g.game === 'war') return 'Turn the cards over: one battle (Enter), several, or to the end (e).';
  if (g.game === 'pig') {
    const can = [label('roll') && 'roll (r)', label('hold') && 'hold (h)'].filter(Boolean);
    return `Your turn: ${can.join(' or ')}.`;
  }
  const v = g.view || {};
  const plays = g.legal.some((l) => l.action.type === 'play');
  const draw = label('draw');
  if (v.facing_two) {
    const two = v.pending_twos > 1 ? `${v.pending_twos} 2s in a row were played` : 'a 2 was played';
    if (plays && draw) return `Your turn: ${two}: answer with a 2 (click one), or take the penalty, ${v.penalty} cards (d).`;
    if (plays) return `Your turn: ${two}: answer it with one of your 2s (click it).`;
    return `Your turn: ${two} and you hold no 2: take the penalty, ${v.penalty} cards (d).`;
  }
  if (plays && draw) return 'Your turn: click a card that may be played (outlined), or draw (d).';
  if (plays) return 'Your turn: click a card that may be played (outlined).';
  if (draw === 'Pass') return 'Your turn: no card can be played and the deck is empty: pass (d).';
  return 'Your turn: no card can be played: draw (d).';
}

function render(g) {
  const first = !current || current.id !== g.id;
  current = g;
  if (first) { $('log').replaceChildren(); logCount = 0; $('rules').open = false; }
  document.title = g.seed === null ? g.title : `${g.title} · seed ${g.seed}`;
  markNav(g.game);
  $('game-title').textContent = g.title;
  // A random seed (and so the replay link) is shown only once the game is over.
  $('seed').textContent = g.seed ?? 'shown at the end';
  if (g.replay) $('replay').href = g.replay;
  $('replay-box').hidden = !g.replay;
  $('status').textContent = statusText(g);
  $('status').className = `status${g.over ? ' over' : ''}${outcomeClass(g.outcome, g.players)}${g.your_turn ? ' yours' : ''}`;
  // Keyboard users keep their place: the button they used is drawn anew, focused again.
  const focused = document.activeElement;
  const again = focused && focused.dataset ? (focused.dataset.action ? `[data-action="${focused.dataset.action}"]` : focused.dataset.card ? `#hand [data-card="${focused.dataset.card}"]` : null) : null;
  renderPlayers(g, $('players'), (seat) => seat === g.seat);
  renderBoard(g);
  renderHand(g);
  renderActions(g);
  renderRules(g);
  renderLog(g);
  renderRecorded(g);
  if (again) {
    const target = document.querySelector(`#game ${again}:not(:disabled)`);
    if (target) target.focus();
  }
  showSection('game');
  document.body.dataset.game = g.game;
  document.body.dataset.id = g.id;
  document.body.dataset.over = g.over ? '1' : '0';
  document.body.dataset.version = String(++version);
}

// A finished game: step through it, save its recording (the file `GAME replay FILE`
// reads), or share it as a link that holds the whole recording.
let recordedFor = null;

function renderRecorded(g) {
  const box = $('recorded');
  box.hidden = !g.recording;
  if (!g.recording || recordedFor === g.id) return;
  recordedFor = g.id;
  $('save-game').href = g.recording;
  $('save-game').setAttribute('download', g.recording_file);
  $('share-link').href = '#';
  fetch(g.recording).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`)))).then((text) => {
    if (current && current.id === g.id) $('share-link').href = linkOf(text);
  }).catch((e) => showError(`The recording could not be fetched: ${e.message}`));
  $('step-through').onclick = async () => {
    try {
      const response = await fetch(g.recording);
      const text = await response.text();
      if (!response.ok) throw new Error(JSON.parse(text).error);
      await stepThrough(text, { back: g });
    } catch (e) {
      showError(e.message);
    }
  };
}

// The step-through view: the server plays the recording again (POST /api/replays) and
// sends every position; the page moves between them.
let stepping = null; // { replay, at, text }

async function stepThrough(text, { back = null } = {}) {
  showError('');
  const replay = await api('POST', '/api/replays', text);
  stepping = { replay, at: replay.steps, text, back };
  document.title = `${replay.title} · seed ${replay.seed} · step through`;
  markNav(replay.game);
  $('stepper-title').textContent = `${replay.title}: step through`;
  $('stepper-seed').textContent = replay.seed;
  $('stepper-share').href = linkOf(text);
  const note = $('stepper-note');
  note.hidden = replay.complete;
  note.textContent = replay.complete ? '' : 'This recording stops before the end of the game: each step shows only what the first seat saw.';
  $('stepper-rules').open = false;
  $('stepper-rules-list').replaceChildren(...(replay.rules_text || []).map((t) => h('li', {}, t)));
  const head = $('stepper-title').parentElement.querySelector('.seed');
  for (const old of head.querySelectorAll('.back-to-game')) old.remove();
  // Back to the finished game: its section is as it was left (drawing it again would
  // add its last lines to the log twice).
  const backToGame = () => {
    document.title = back.seed === null ? back.title : `${back.title} · seed ${back.seed}`;
    markNav(back.game);
    showSection('game');
    document.body.dataset.version = String(++version);
  };
  if (back) head.prepend(h('span', { class: 'back-to-game' }, h('button', { type: 'button', class: 'link', onclick: backToGame }, 'back to the game'), ' · '));
  showSection('stepper');
  // A finished game opens at its end (the position the player just saw); a file or a
  // link at its start.
  showStep(back ? replay.steps : 0);
}

function showStep(at) {
  const { replay } = stepping;
  const n = replay.steps;
  at = Math.max(0, Math.min(n, at));
  stepping.at = at;
  const frame = replay.frames[at];
  const g = { game: replay.game, players: frame.players, to_act: frame.to_act, over: !!frame.outcome, outcome: frame.outcome, view: frame.view, rulesPanel: 'stepper-rules' };
  $('step-count').textContent = `step ${at} of ${n}`;
  renderPlayers(g, $('stepper-players'), (seat) => !!frame.hands[seat]);
  if (frame.view) renderBoard(g, $('stepper-board'));
  else $('stepper-board').replaceChildren(h('div', { class: 'notes' }, 'Nothing is dealt yet.'));
  const hands = $('stepper-hands');
  hands.replaceChildren();
  frame.hands.forEach((cards, seat) => {
    // War's players who are out hold no pile: only the piles in play are listed.
    if (!cards || (replay.game === 'war' && !cards.length)) return;
    const { name, plays } = frame.players[seat];
    const whose = plays === 'you' ? 'Your' : `${name}'s`;
    const label = replay.game === 'war' ? `${whose} pile, top first` : `${whose} hand`;
    const row = h('div', { class: 'cards mini' }, ...cards.map((code) => drawCard(replay.game, code)));
    if (!cards.length) row.append(h('span', { class: 'none' }, 'no cards'));
    hands.append(h('div', { class: 'hand-row', 'data-seat': seat }, h('div', { class: 'hand-label' }, label), row));
  });
  // The log up to this step, in the order things happened; this step's lines marked.
  const list = $('stepper-log');
  list.replaceChildren();
  let number = 0;
  replay.frames.slice(0, at + 1).forEach((f, k) => {
    for (const e of f.log) list.append(h('li', { class: `entry log-${e.kind}${k === at ? ' new' : ''}`, value: ++number }, e.text));
  });
  list.scrollTop = list.scrollHeight;
  const said = frame.log.map((e) => e.text);
  $('stepper-status').textContent = frame.status;
  $('stepper-status').className = `status${frame.outcome ? ' over' : ''}${outcomeClass(frame.outcome, frame.players)}`;
  $('stepper-announce').textContent = ([`Step ${at} of ${n}.`, ...said, frame.status].map((t) => (/[.!?…]$/.test(t) ? t : `${t}.`)).join(' '));
  for (const b of document.querySelectorAll('#stepper [data-step]')) {
    const step = b.dataset.step;
    b.disabled = (step === 'start' || step === 'back') ? at === 0 : at === n;
  }
  document.body.dataset.step = String(at);
  document.body.dataset.version = String(++version);
}

for (const b of document.querySelectorAll('#stepper [data-step]')) {
  b.addEventListener('click', () => {
    if (!stepping) return;
    const { at, replay } = stepping;
    showStep({ start: 0, back: at - 1, forward: at + 1, end: replay.steps }[b.dataset.step]);
  });
}

// A file chosen in "Open a recorded game": read here, then posted to be played again.
async function openFile(input) {
  const file = input.files && input.files[0];
  input.value = '';
  if (!file) return;
  try {
    if (file.size > (1 << 20)) throw new Error(`${file.name} is ${file.size} bytes: a recorded game is at most 1 MiB`);
    const text = await file.text();
    history.replaceState(null, '', '/');
    await stepThrough(text);
  } catch (e) {
    showError(`${file.name}: ${e.message}`);
    document.body.dataset.version = String(++version);
  }
}
$('open-file').addEventListener('change', (e) => openFile(e.target));
$('open-another').addEventListener('change', (e) => openFile(e.target));

// A shareable link: the recording is in the address's fragment (#replay=…).
async function openLink() {
  try {
    await stepThrough(decodeRecording(location.hash.slice(PREFIX.length)));
  } catch (e) {
    showSection('home');
    showError(e.message);
    document.body.dataset.version = String(++version);
  }
}

function route() {
  if (location.hash.startsWith(PREFIX)) {
    openLink();
    return;
  }
  const slug = slugOfPath();
  markNav(slug);
  $('new-game').onclick = () => setupForm(current ? current.game : slug, new URLSearchParams());
  if (!slug) {
    document.title = 'Four games';
    showSection('home');
    document.body.dataset.version = String(++version);
    return;
  }
  const params = new URLSearchParams(location.search);
  if (params.has('seed')) {
    const options = {};
    for (const [name] of SETUP[slug].fields) if (params.has(name)) options[name] = params.get(name);
    start(slug, params.get('seed'), slug === 'ochos-locos' ? seatOpponents(options) : options);
  } else {
    setupForm(slug, params);
    document.body.dataset.version = String(++version);
  }
}

// The keys: those shown on the buttons (data-key), ? for the rules, and Escape to close
// the colour picker (or the rules). Keys typed into a field, or with Ctrl, Alt or Meta,
// are the browser's; Enter on a focused button or link is that button's.
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
  const target = event.target;
  const typing = target instanceof HTMLElement && target.closest('input, select, textarea');
  if (typing) return;
  if (event.key === 'Escape') {
    if (closeColour()) { event.preventDefault(); return; }
    for (const id of ['rules', 'stepper-rules']) if ($(id).open) { $(id).open = false; event.preventDefault(); }
    return;
  }
  if (!$('stepper').hidden) {
    if (event.key === '?') { $('stepper-rules').open = !$('stepper-rules').open; event.preventDefault(); return; }
    const button = [...document.querySelectorAll('#stepper .stepper-bar button[data-key]')].find((b) => b.dataset.key === event.key);
    // Home/End and the arrows are the page's own: a focused log may not scroll with them.
    if (button) {
      event.preventDefault();
      // Past either end the view stays, and says so (as the terminal's viewer does).
      if (!button.disabled) button.click();
      else $('stepper-announce').textContent = `This is the ${stepping && stepping.at === 0 ? 'start' : 'end'} of the game.`;
    }
    return;
  }
  if ($('game').hidden) return;
  const picker = $('choose');
  const scope = picker.hidden ? $('actions') : picker;
  if (picker.hidden && event.key === 's' && !$('recorded').hidden) { event.preventDefault(); $('step-through').click(); return; }
  if (event.key === 'Enter' && target instanceof HTMLElement && target.closest('button, a, summary')) return;
  if (event.key === '?' && picker.hidden) {
    $('rules').open = !$('rules').open;
    event.preventDefault();
    return;
  }
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const button = [...scope.querySelectorAll('button[data-key]')].find((b) => b.dataset.key === key && !b.disabled);
  if (button) {
    event.preventDefault();
    button.click();
  }
});

window.addEventListener('hashchange', () => { if (location.hash.startsWith(PREFIX)) openLink(); });
route();
