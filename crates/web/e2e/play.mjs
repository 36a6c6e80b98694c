// End-to-end test of the page in a real browser: Debian's headless Chromium driven by
// playwright-core. Plays a whole game of each of the four games by clicking, checks the
// page's state along the way (nothing illegal is offered, nothing is refused, the replay
// link replays, the log reads in order, the status matches the buttons, the rules panel,
// the keys, Escape, the live region, nothing wider than a 390 px phone; axe-core finds
// nothing serious or critical at the start, mid-game, at the end and stepping through),
// and saves screenshots into SHOTS (default docs/web/).
//
//   node play.mjs --server PATH [SHOTS]   start the server binary PATH on a free port,
//                                         test it, and stop it
//   node play.mjs BASE [SHOTS]            test a server already listening at BASE
//                                         (.ci/run's crates/web/e2e/ci.sh does this)

import { chromium } from 'playwright-core';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const serverAt = args.indexOf('--server');
const serverBin = serverAt >= 0 ? args.splice(serverAt, 2)[1] : null;
const HERE = dirname(fileURLToPath(import.meta.url));
const SHOTS = resolve((serverBin ? args[0] : args[1]) || join(HERE, '..', '..', '..', 'docs', 'web'));

// Starts the server on a free port; its address, from the line it prints.
function startServer(bin) {
  const child = spawn(bin, ['--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const address = new Promise((found, failed) => {
    let out = '';
    const timer = setTimeout(() => failed(new Error('the server printed no address in 15 s')), 15000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (match) { clearTimeout(timer); found(match[0]); }
    });
    child.on('exit', (code) => { clearTimeout(timer); failed(new Error(`the server exited (${code})`)); });
  });
  return { child, address };
}

const server = serverBin ? startServer(serverBin) : null;
const BASE = server ? await server.address : (args[0] || 'http://127.0.0.1:8080');
const MAX_CLICKS = 2000;

function check(condition, message) {
  if (!condition) throw new Error(message);
}

// axe-core (npm, pinned in package.json), evaluated in the page by the browser's
// debugging protocol: the page's Content-Security-Policy (default-src 'self') stays as
// it is served.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const axeRuns = [];

// The page as it is now, checked by axe-core: any violation of impact serious or
// critical fails, each listed with the elements it was found on.
async function accessible(page, what) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help}, on ${v.nodes.length} element(s): ${v.nodes.slice(0, 4)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`).join('; ')}`);
  });
  check(found.length === 0, `${what}: axe-core finds ${found.length} serious or critical violation(s):\n  ${found.join('\n  ')}`);
  axeRuns.push(what);
}

// The ending's colour is the person's: a win in green, a loss in red, an ending that
// is neither (nobody won, or a watched game) in neither; each text at least 4.5:1
// (axe's color-contrast checks that).
const ENDING_COLOURS = { won: 'rgb(23, 96, 58)', lost: 'rgb(138, 28, 28)', 'no-winner': 'rgb(51, 51, 51)' };

async function endingColour(page, what) {
  const stepping = await page.locator('#stepper').isVisible();
  const end = await page.evaluate((scope) => {
    const box = document.getElementById(scope);
    const status = box.querySelector('.status');
    const seat = (sel) => { const p = box.querySelector(`.players ${sel}`); return p ? p.dataset.seat : null; };
    return { text: status.textContent, className: status.className, colour: getComputedStyle(status).color, you: seat('.player.you'), winner: seat('.player.won') };
  }, stepping ? 'stepper' : 'game');
  const expected = end.winner === null || end.you === null ? 'no-winner' : end.winner === end.you ? 'won' : 'lost';
  check(end.className.split(' ').includes(expected), `${what}: "${end.text}" is shown as ${end.className}, not ${expected}`);
  check(end.colour === ENDING_COLOURS[expected], `${what}: "${end.text}" (${expected}) is in ${end.colour}, not ${ENDING_COLOURS[expected]}`);
  if (/^You win/.test(end.text)) check(expected === 'won', `${what}: "${end.text}" is not shown as a win`);
  (seen.endings ||= new Set()).add(expected);
}

// Waits until the page has drawn something new after `before` (its render counter).
async function rendered(page, before) {
  await page.waitForFunction((v) => document.body.dataset.version !== v && document.body.dataset.busy !== '1', before, { timeout: 15000 });
}

async function version(page) {
  return page.evaluate(() => document.body.dataset.version);
}

// Clicks `locator` and waits for the page to draw the server's answer.
async function click(page, locator) {
  const before = await version(page);
  await locator.click();
  await rendered(page, before);
}

async function isOver(page) {
  return page.evaluate(() => document.body.dataset.over === '1');
}

async function errorShown(page) {
  return page.evaluate(() => {
    const box = document.getElementById('error');
    return box && !box.hidden ? box.textContent : '';
  });
}

// Starts a game from its setup form (seed typed in), as a person would.
async function startFromForm(page, slug, seed, choices) {
  const before = await version(page);
  await page.goto(`${BASE}/${slug}`);
  await page.waitForFunction(() => document.body.dataset.version, null, { timeout: 15000 });
  if (!seen.form?.[slug]) { await accessible(page, `${slug}'s settings`); (seen.form ||= {})[slug] = true; }
  for (const [name, value] of Object.entries(choices)) await page.selectOption(`#opt-${name}`, String(value));
  await page.fill('#opt-seed', String(seed));
  await click(page, page.locator('#start'));
  check(await page.locator('#game').isVisible(), `${slug}: the game did not start`);
  if (!seen.started?.[slug]) { await accessible(page, `${slug}, the start`); (seen.started ||= {})[slug] = true; }
  check((await page.textContent('#seed')) === String(seed), `${slug}: the seed is not shown`);
  const replay = await page.getAttribute('#replay', 'href');
  check(replay.startsWith(`/${slug}?seed=${seed}`), `${slug}: replay link ${replay}`);
  return before;
}

// Plays a card game: the first playable card (naming the first colour offered), else
// the draw (or pass, or penalty) button.
async function playCards(page, slug) {
  for (let clicks = 0; clicks < MAX_CLICKS; clicks++) {
    if (await isOver(page)) return clicks;
    if (clicks === 3 && !seen.mid?.[slug]) { await accessible(page, `${slug}, mid-game`); (seen.mid ||= {})[slug] = true; }
    const playable = page.locator('button.card.playable');
    // Only the legal plays can be clicked: every other card of the hand is disabled.
    const others = page.locator('#hand button.card:not(.playable)');
    for (let i = 0; i < await others.count(); i++) {
      check(await others.nth(i).isDisabled(), `${slug}: a card that may not be played is clickable`);
    }
    const status = await page.textContent('#status');
    const draw = page.locator('#actions button[data-action="draw"]');
    // The status offers what the buttons offer: a draw only with a draw button.
    check(/\(d\)/.test(status) === (await draw.count() === 1), `${slug}: the status "${status}" does not match the draw button (${await draw.count()})`);
    check(/click/.test(status) === (await playable.count() > 0), `${slug}: the status "${status}" does not match the playable cards`);
    if (await playable.count()) {
      const before = await version(page);
      await playable.first().click();
      if (await page.locator('#choose').isVisible()) {
        if (!seen.escape) {
          await accessible(page, `${slug}, the colour picker open`);
          // Escape closes the colour picker, changes nothing, and gives the focus back.
          await page.keyboard.press('Escape');
          check(await page.locator('#choose').isHidden(), `${slug}: Escape did not close the colour picker`);
          check(await page.evaluate(() => document.activeElement && document.activeElement.classList.contains('playable')), `${slug}: the focus is not back on the card`);
          check(await version(page) === before, `${slug}: Escape changed the game`);
          seen.escape = slug;
          await playable.first().click();
        }
        // A colour by its key (r, y, g or b, shown on its button).
        const key = await page.locator('#choose button.colour').first().getAttribute('data-key');
        await page.keyboard.press(key);
      }
      await rendered(page, before);
    } else {
      check(await draw.count() === 1, `${slug}: neither a playable card nor a draw is offered`);
      // The draw by its key, d (shown on the button).
      check((await draw.textContent()).includes('d'), `${slug}: the draw button shows no key`);
      const before = await version(page);
      await page.keyboard.press('d');
      await rendered(page, before);
    }
    await logInOrder(page, slug);
    const error = await errorShown(page);
    check(!error, `${slug}: the server refused a click: ${error}`);
  }
  throw new Error(`${slug}: no end after ${MAX_CLICKS} clicks`);
}

const seen = {};

// The log reads in the order things happened: numbered 1, 2, 3… from the start (a
// number never changes), the first line the deal or the start, the newest at the bottom
// and in view; what was there before the last click is still there, in the same order.
async function logInOrder(page, slug) {
  const log = await page.$$eval('#log li', (items) => items.map((li) => ({ n: li.value, text: li.textContent, kind: li.className })));
  check(log.length > 0, `${slug}: the log is empty`);
  log.forEach((e, i) => check(e.n === log[0].n + i, `${slug}: log line ${i} is numbered ${e.n} after ${log[0].n}`));
  if (log[0].n === 1) check(/log-(deal|start|shown|battle)/.test(log[0].kind), `${slug}: the log starts with ${log[0].text}`);
  const id = await page.evaluate(() => document.body.dataset.id);
  const previous = seen.log && seen.log.id === id ? seen.log.lines : [];
  const overlap = previous.filter((e) => e.n >= log[0].n);
  for (const e of overlap) check(log[e.n - log[0].n] && log[e.n - log[0].n].text === e.text, `${slug}: log line ${e.n} changed: ${e.text}`);
  seen.log = { id, lines: log };
  const inView = await page.$eval('#log', (l) => l.scrollTop + l.clientHeight >= l.scrollHeight - 2);
  check(inView, `${slug}: the newest log line is not in view`);
}

// The rules panel is there, with the rules of the rule set played (a few sentences
// containing `words`), and ? opens and closes it.
async function rulesShown(page, slug, words) {
  const items = await page.$$eval('#rules-list li', (li) => li.map((x) => x.textContent));
  check(items.length >= 3, `${slug}: the rules panel holds ${items.length} sentences`);
  for (const w of words) check(items.some((x) => x.includes(w)), `${slug}: the rules do not say "${w}": ${items.join(' ')}`);
  check(await page.locator('#rules summary').isVisible(), `${slug}: no rules panel`);
  check(!(await page.locator('#rules').evaluate((d) => d.open)), `${slug}: the rules panel starts open`);
  await page.keyboard.press('?');
  check(await page.locator('#rules-list').isVisible(), `${slug}: ? did not open the rules`);
  await accessible(page, `${slug}, the rules open`);
  await page.keyboard.press('Escape');
  check(!(await page.locator('#rules-list').isVisible()), `${slug}: Escape did not close the rules`);
}

// Nothing is wider than the window (no sideways scrolling).
async function fits(page, what) {
  const [wide, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  check(wide <= width, `${what}: the page is ${wide} px wide in a ${width} px window`);
}

// Each hidden hand is said once, "Bob: 5 cards, hidden", not "card back" once a card:
// the backs are one image with that label, each back hidden from a screen reader.
async function hiddenHandsSaidOnce(page, box, what) {
  const hands = await page.$$eval(`${box} .player`, (players) => players.map((p) => {
    const backs = p.querySelector('.backs');
    return {
      name: p.querySelector('.name').textContent,
      you: p.classList.contains('you'),
      role: backs && backs.getAttribute('role'),
      label: backs && backs.getAttribute('aria-label'),
      backs: backs ? backs.querySelectorAll('svg').length : 0,
      silent: backs ? [...backs.querySelectorAll('svg')].every((s) => s.getAttribute('aria-hidden') === 'true') : true,
      count: p.querySelector('.count').textContent,
    };
  }));
  for (const h of hands.filter((x) => !x.you)) {
    check(h.role === 'img' && h.label === `${h.name}: ${h.count}, hidden` && h.silent && h.backs > 0, `${what}: ${h.name}'s hidden hand is said as ${JSON.stringify(h)}`);
  }
  const tree = await page.locator(box).ariaSnapshot();
  check(!/card back/.test(tree), `${what}: a screen reader hears "card back":\n${tree}`);
  for (const h of hands.filter((x) => !x.you)) check(tree.split(`${h.name}: ${h.count}, hidden`).length === 2, `${what}: ${h.name}'s hand is not said exactly once:\n${tree}`);
}

const hand = (page) => page.$$eval('#hand button.card', (cards) => cards.map((c) => c.dataset.card).join(' '));
const first = {};

async function quattro(page) {
  await startFromForm(page, 'quattro', 72, { rules: 'uno' });
  check(await page.locator('#hand button.card').count() > 0, 'quattro: no hand shown');
  first.hand = await hand(page);
  await rulesShown(page, 'quattro', ['Wild Draw Four', 'Skip']);
  first.replay = await page.getAttribute('#replay', 'href');
  await page.screenshot({ path: join(SHOTS, 'quattro-turn.png'), fullPage: true });
  const clicks = await playCards(page, 'quattro');
  first.outcome = await page.textContent('#status');
  return `${clicks} clicks`;
}

// The replay link starts the same game again: the same first hand, and the same clicks
// end it the same way.
async function quattroReplay(page) {
  await page.goto(`${BASE}${first.replay}`);
  await page.waitForFunction(() => document.body.dataset.game === 'quattro' && document.body.dataset.over === '0', null, { timeout: 15000 });
  check(await hand(page) === first.hand, `quattro replay: first hand ${await hand(page)}, not ${first.hand}`);
  const clicks = await playCards(page, 'quattro');
  const outcome = await page.textContent('#status');
  check(outcome === first.outcome, `quattro replay: ${outcome}, not ${first.outcome}`);
  return `${clicks} clicks, the same game`;
}

// A random seed (and its replay link) is shown only once the game is over; "Play
// again" starts another game whose seed is hidden again.
async function quattroRandom(page) {
  const before = await version(page);
  await page.goto(`${BASE}/quattro`);
  await page.waitForFunction((v) => document.body.dataset.version && document.body.dataset.version !== v, before, { timeout: 15000 });
  await page.selectOption('#opt-rules', 'uno');
  await click(page, page.locator('#start'));
  check((await page.textContent('#seed')) === 'shown at the end', `quattro (random seed): seed shown in play: ${await page.textContent('#seed')}`);
  check(!(await page.locator('#replay').isVisible()), 'quattro (random seed): the replay link is shown in play');
  check(!page.url().includes('seed='), `quattro (random seed): the address holds the seed: ${page.url()}`);
  const clicks = await playCards(page, 'quattro (random seed)');
  const seed = await page.textContent('#seed');
  check(/^[0-9]+$/.test(seed), `quattro (random seed): no seed at the end: ${seed}`);
  const replay = await page.getAttribute('#replay', 'href');
  check(await page.locator('#replay').isVisible() && replay === `/quattro?seed=${seed}&rules=uno`, `quattro (random seed): replay link ${replay}`);
  const outcome = await page.textContent('#status');
  await click(page, page.locator('#actions button[data-action="again"]'));
  check((await page.textContent('#seed')) === 'shown at the end', 'quattro (play again): the new seed is shown in play');
  // Back to the finished game's state for the checks of the loop: play this one out too.
  await playCards(page, 'quattro (play again)');
  return `${clicks} clicks, seed ${seed} shown at the end: ${outcome}`;
}

async function ochos(page) {
  await startFromForm(page, 'ochos-locos', 15, { rules: 'completos', players: 4, seat: 1, watch: '0' });
  check(await page.locator('#hand button.card').count() === 5, 'ochos-locos: five cards expected in hand');
  await rulesShown(page, 'ochos-locos', ['An 8 is laid as any card is, on its colour or on another 8', 'A 2 must be answered']);
  await hiddenHandsSaidOnce(page, '#players', 'ochos-locos');
  // The bots' turns before the person's are said to a screen reader.
  const said = await page.textContent('#announce');
  check(/Alice (plays|draws)/.test(said) && said.includes('Your turn'), `ochos-locos: the live region says "${said}"`);
  await page.keyboard.press('?');
  await page.screenshot({ path: join(SHOTS, 'ochos-locos-turn.png'), fullPage: true });
  await page.keyboard.press('?');
  const clicks = await playCards(page, 'ochos-locos');
  return `${clicks} clicks`;
}

// Facing a 2 (Completos, seat 2, seeds 4 and 34: Alice opens with a 2), the status and
// the board say what the buttons offer: the penalty when no 2 is held, the 2s (and no
// Draw button) when some are.
async function ochosTwos(page) {
  const results = [];
  for (const [seed, holds] of [[4, false], [34, true]]) {
    const before = await version(page);
    await page.goto(`${BASE}/ochos-locos?seed=${seed}&rules=completos&players=4&seat=1`);
    await page.waitForFunction((v) => document.body.dataset.version && document.body.dataset.version !== v && document.body.dataset.game === 'ochos-locos', before, { timeout: 15000 });
    const status = await page.textContent('#status');
    const board = await page.textContent('#board');
    check(board.includes('A 2 to answer: lay a 2, or draw 2'), `ochos-locos seed ${seed}: the board says ${board}`);
    const draw = page.locator('#actions button[data-action="draw"]');
    const playable = await page.$$eval('button.card.playable', (b) => b.map((x) => x.dataset.card));
    if (holds) {
      check(status === 'Your turn: a 2 was played: answer it with one of your 2s (click it).', `ochos-locos seed ${seed}: status ${status}`);
      check(await draw.count() === 0 && playable.length > 0 && playable.every((c) => c.endsWith('2')), `ochos-locos seed ${seed}: offered ${playable} and ${await draw.count()} draw buttons`);
    } else {
      check(status === 'Your turn: a 2 was played and you hold no 2: take the penalty, 2 cards (d).', `ochos-locos seed ${seed}: status ${status}`);
      check(await draw.count() === 1 && playable.length === 0 && (await draw.textContent()).startsWith('Take the penalty'), `ochos-locos seed ${seed}: offered ${playable} and the draw ${await draw.count()}`);
    }
    results.push(`seed ${seed}: ${await playCards(page, `ochos-locos seed ${seed}`)} clicks`);
    const log = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
    // A penalty is told as a person says it ("draws 2 cards"), never "draws 2 of 2".
    check(!log.some((l) => /draws \d+ of \d+/.test(l)), `ochos-locos seed ${seed}: ${log.find((l) => /draws \d+ of \d+/.test(l))}`);
    if (!holds) check(log.some((l) => / cannot answer the 2 and draws 2 cards$/.test(l)), `ochos-locos seed ${seed}: no penalty of 2 cards in the log`);
  }
  return results.join(', ');
}

async function ochosWatch(page) {
  // Watching: the replay address starts the game directly.
  const before = await version(page);
  await page.goto(`${BASE}/ochos-locos?seed=3&rules=going-wild&players=3&seat=0&watch=1`);
  await page.waitForFunction((v) => document.body.dataset.version && document.body.dataset.version !== v && document.body.dataset.game === 'ochos-locos', before, { timeout: 15000 });
  await click(page, page.locator('#actions button[data-action="next"]'));
  await click(page, page.locator('#actions button[data-action="to_end"]'));
  check(await isOver(page), 'ochos-locos watch: not over after to_end');
}

// The strong player: IS-MCTS in the three other seats of a completos table, chosen on the
// form; the seats say so, the replay link names them with the letter M, and the game is
// played to its end.
async function ochosHard(page) {
  await startFromForm(page, 'ochos-locos', 21, { rules: 'completos', players: 4, seat: 0, watch: '0', opponents: 'mcts' });
  const plays = await page.locator('#players .plays').allTextContents();
  check(plays.filter((p) => p === 'IS-MCTS').length === 3, `ochos-locos (hard): the seats play ${plays}`);
  const replay = await page.getAttribute('#replay', 'href');
  check(replay.includes('Bob:M') && replay.includes('Dave:M'), `ochos-locos (hard): replay link ${replay}`);
  return `${await playCards(page, 'ochos-locos (hard)')} clicks`;
}

async function war(page) {
  await startFromForm(page, 'war', 5, { players: 2, order: 'shuffled' });
  await rulesShown(page, 'war', ['A tie is a war']);
  await click(page, page.locator('#actions button[data-action="battle"]'));
  // Enter turns the cards (shown on the Battle button).
  check((await page.textContent('#actions button[data-action="battle"]')).includes('Enter'), 'war: the Battle button shows no key');
  for (let i = 0; i < 2; i++) {
    const before = await version(page);
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('Enter');
    await rendered(page, before);
    await logInOrder(page, 'war');
  }
  check(await page.locator('.battle svg').count() >= 2, 'war: the battle\'s cards are not shown');
  // One way to play N battles: the field and its button, which says what it does.
  const many = await page.$$eval('#actions button', (bs) => bs.map((b) => b.dataset.action).filter((a) => a && a.startsWith('battle-')));
  check(JSON.stringify(many) === '["battle-n"]' && await page.locator('#actions input').count() === 1, `war: the ways to play N battles are ${many}`);
  const n = page.locator('#actions button[data-action="battle-n"]');
  check((await page.inputValue('#battles')) === '10' && (await n.textContent()) === 'Play 10 battles', `war: the field's default reads "${await n.textContent()}"`);
  await accessible(page, 'war, mid-game');
  await page.fill('#battles', '20');
  check((await n.textContent()) === 'Play 20 battles', `war: the button reads "${await n.textContent()}" for 20`);
  await click(page, page.locator('#actions button[data-action="battle-n"]'));
  const battles = await page.textContent('#board');
  check(/battles: (2[3-9]|[3-9]\d|\d{3,})/.test(battles), `war: battles not counted: ${battles}`);
  if (!(await isOver(page))) await click(page, page.locator('#actions button[data-action="to_end"]'));
  check(await isOver(page), 'war: not over after to_end');
  return 'battle ×3, 20 battles, to the end';
}

async function pig(page) {
  // The assignment's Computer (holding at 20) unless the optimal one, the hard
  // opponent, is chosen.
  await page.goto(`${BASE}/pig`);
  await page.waitForFunction(() => document.body.dataset.version, null, { timeout: 15000 });
  check(await page.inputValue('#opt-computer') === 'hold:20', `pig: the Computer is ${await page.inputValue('#opt-computer')} by default`);
  check(/hard/.test(await page.textContent('#opt-computer option[value="optimal"]')), 'pig: the optimal Computer is not said to be the hard one');
  await startFromForm(page, 'pig', 9, { rules: 'classic', goal: 100, computer: 'optimal' });
  await rulesShown(page, 'pig', ['the first to reach 100 points wins', 'a 1 loses']);
  for (let keys = 0; keys < MAX_CLICKS; keys++) {
    if (await isOver(page)) {
      // The winner's total is the winning one (the last turn's points included), not
      // the points banked before it.
      const winner = await page.textContent('.player.won .count');
      check(Number(winner.replace(/\D+/g, '')) >= 100, `pig: the winner shows ${winner}`);
      const board = await page.textContent('#board');
      check(/: (1\d\d|[2-9]\d\d) of 100 \(wins\)/.test(board), `pig: the board shows no winning total: ${board}`);
      first.pigWinner = winner;
      first.pigLog = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
      return `${keys} keys r and h, the winner at ${winner}`;
    }
    if (keys === 4) await accessible(page, 'pig, mid-game');
    const points = Number((await page.textContent('#turn-points')).replace(/\D+/g, ''));
    // The keys r and h (shown on the buttons) roll and hold.
    const which = points >= 20 ? 'h' : 'r';
    check((await page.textContent(`#actions button[data-key="${which}"]`)).includes(which), `pig: the ${which} button shows no key`);
    const before = await version(page);
    await page.keyboard.press(which);
    await rendered(page, before);
    await logInOrder(page, 'pig');
    const error = await errorShown(page);
    check(!error, `pig: the server refused a key: ${error}`);
  }
  throw new Error('pig: no end');
}

// The step-through view's position: its counter, and the buttons that may be used.
async function stepShown(page) {
  return page.evaluate(() => ({
    count: document.getElementById('step-count').textContent,
    step: Number(document.body.dataset.step),
    status: document.getElementById('stepper-status').textContent,
    back: document.querySelector('[data-step="back"]').disabled,
    forward: document.querySelector('[data-step="forward"]').disabled,
    log: [...document.querySelectorAll('#stepper-log li')].map((li) => ({ n: li.value, text: li.textContent, kind: li.className })),
  }));
}

// Presses a key of the step-through view and waits for it to draw the step.
async function stepKey(page, key) {
  const before = await version(page);
  await page.keyboard.press(key);
  await rendered(page, before);
  return stepShown(page);
}

// The finished game of pig() stepped through: it opens at its end, with the winning
// total the live game showed and the live log's lines in their order; Home goes to the
// start (nothing happened yet), → and ← one step each way, End back to the end.
async function pigStepThrough(page) {
  check(await page.locator('#recorded').isVisible(), 'pig: no step-through offered at the end');
  check(await page.getAttribute('#save-game', 'download') === 'pig-9.json', 'pig: the saved game is not named pig-9.json');
  const before = await version(page);
  await page.keyboard.press('s');
  await rendered(page, before);
  check(await page.locator('#stepper').isVisible(), 'pig: s did not open the step-through');
  const end = await stepShown(page);
  const n = end.step;
  check(n > 10 && end.count === `step ${n} of ${n}`, `pig step-through: opens at ${end.count}`);
  check(end.forward && !end.back, 'pig step-through: at the end, forward is not disabled or back is');
  const winner = await page.textContent('#stepper-players .player.won .count');
  check(winner === first.pigWinner, `pig step-through: the winner shows ${winner}, the live game ${first.pigWinner}`);
  check(end.status === 'You win!' || end.status === 'The Computer wins', `pig step-through: the end says ${end.status}`);
  // The live log, line for line, in the same order (the replay adds each choice to roll).
  const lines = end.log.filter((e) => !e.kind.includes('log-chose')).map((e) => e.text);
  check(JSON.stringify(lines) === JSON.stringify(first.pigLog), `pig step-through: the log differs from the live one:\n${lines.join('\n')}\n---\n${first.pigLog.join('\n')}`);
  end.log.forEach((e, i) => check(e.n === i + 1, `pig step-through: log line ${i} is numbered ${e.n}`));
  const start = await stepKey(page, 'Home');
  check(start.count === `step 0 of ${n}` && start.back && !start.forward, `pig step-through: Home shows ${start.count}`);
  check(start.status === 'Your turn' && start.log.length === 1 && start.log[0].kind.includes('log-start'), `pig step-through: the start shows ${start.status}, ${start.log.length} lines`);
  check((await page.textContent('#stepper-board')).includes('You: 0 of 100'), 'pig step-through: the start is not 0 points');
  let at = start;
  for (let i = 1; i <= 3; i++) {
    at = await stepKey(page, 'ArrowRight');
    check(at.step === i && at.count === `step ${i} of ${n}`, `pig step-through: → shows ${at.count}`);
    check(at.log.length >= start.log.length, 'pig step-through: the log lost lines going forward');
  }
  await page.screenshot({ path: join(SHOTS, 'pig-step-through.png'), fullPage: true });
  at = await stepKey(page, 'ArrowLeft');
  check(at.step === 2, `pig step-through: ← shows ${at.count}`);
  // The buttons show their keys.
  for (const [step, key] of [['start', 'Home'], ['back', '←'], ['forward', '→'], ['end', 'End']]) {
    check((await page.textContent(`[data-step="${step}"] kbd`)) === key, `pig step-through: the ${step} button does not show ${key}`);
  }
  const said = await page.textContent('#stepper-announce');
  check(said.startsWith(`Step 2 of ${n}.`), `pig step-through: the live region says "${said}"`);
  at = await stepKey(page, 'End');
  check(at.count === `step ${n} of ${n}` && at.status === end.status, `pig step-through: End shows ${at.count}, ${at.status}`);
  // Past the end the view stays, and says so.
  await page.keyboard.press('ArrowRight');
  check((await stepShown(page)).step === n, 'pig step-through: → moved past the end');
  check(await page.textContent('#stepper-announce') === 'This is the end of the game.', 'pig step-through: → at the end is not said');
  check(await page.textContent('#stepper-players .player.won .count') === first.pigWinner, 'pig step-through: the end lost the winning total');
  // Back to the finished game, as it was: the same log, no line twice.
  await click(page, page.locator('#stepper .back-to-game button'));
  check(await page.locator('#game').isVisible() && await isOver(page), 'pig step-through: "back to the game" did not go back');
  const live = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
  check(JSON.stringify(live) === JSON.stringify(first.pigLog), 'pig step-through: the live log changed after stepping through');
  await click(page, page.locator('#step-through'));
  check((await stepShown(page)).count === `step ${n} of ${n}`, 'pig step-through: Step through (clicked) does not open at the end');
  first.pigSteps = n;
  first.pigShare = await page.getAttribute('#stepper-share', 'href');
  first.pigSaved = await page.evaluate(async () => (await fetch(document.getElementById('save-game').href)).text());
  return `${n} steps, back to the start and forward to the end, the winner at ${winner}`;
}

// A finished card game stepped through, as pigStepThrough does for Pig: it opens at its
// end, saying how the live game ended and showing every hand; Home goes to the start
// (before the deal), End back to the end; then back to the live game, unchanged.
function cardStepThrough(slug) {
  return async (page) => {
    check(await page.locator('#recorded').isVisible(), `${slug}: no step-through offered at the end`);
    check((await page.getAttribute('#save-game', 'download')).startsWith(`${slug}-`), `${slug}: the saved game is not named ${slug}-SEED.json`);
    const liveStatus = await page.textContent('#status');
    const liveLog = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
    const before = await version(page);
    await page.keyboard.press('s');
    await rendered(page, before);
    const end = await stepShown(page);
    const n = end.step;
    check(n > 1 && end.count === `step ${n} of ${n}` && end.forward && !end.back, `${slug} step-through: opens at ${end.count}`);
    check(end.status === liveStatus, `${slug} step-through: the end says "${end.status}", the live game "${liveStatus}"`);
    // The person's seat is "you" (not its strategy), as in the live game.
    const you = await page.evaluate(() => [...document.querySelectorAll('#players .player.you')].map((p) => p.dataset.seat));
    const stepYou = await page.evaluate(() => [...document.querySelectorAll('#stepper-players .player.you')].map((p) => [p.dataset.seat, p.querySelector('.plays').textContent]));
    check(JSON.stringify(stepYou.map(([seat]) => seat)) === JSON.stringify(you) && stepYou.every(([, plays]) => plays === ''), `${slug} step-through: the seats shown as you are ${JSON.stringify(stepYou)}, the live game's ${you}`);
    if (you.length && slug !== 'war') {
      const label = await page.textContent(`#stepper-hands .hand-row[data-seat="${you[0]}"] .hand-label`);
      check(label === 'Your hand', `${slug} step-through: the person's hand is labelled "${label}"`);
    }
    const start = await stepKey(page, 'Home');
    check(start.count === `step 0 of ${n}` && start.back && !start.forward, `${slug} step-through: Home shows ${start.count}`);
    const next = await stepKey(page, 'ArrowRight');
    await accessible(page, `${slug} step-through, step 1`);
    check(next.step === 1 && next.log.length >= start.log.length, `${slug} step-through: → shows ${next.count}`);
    const back = await stepKey(page, 'End');
    check(back.count === `step ${n} of ${n}` && back.status === end.status, `${slug} step-through: End shows ${back.count}`);
    await click(page, page.locator('#stepper .back-to-game button'));
    const live = await page.$$eval('#log li', (items) => items.map((li) => li.textContent));
    check(JSON.stringify(live) === JSON.stringify(liveLog), `${slug} step-through: the live log changed after stepping through`);
    await click(page, page.locator('#step-through'));
    return `${n} steps, to the start and back to the end`;
  };
}

// The shareable link: the whole recording in the address's fragment; opened in the
// page, it steps through the same game (from its start).
async function pigLink(page) {
  check(first.pigShare.includes('/#replay='), `pig link: ${first.pigShare}`);
  // A link that holds no recording says so, on the home page.
  await page.goto(`${BASE}/#replay=%%%`);
  await page.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 15000 });
  check((await errorShown(page)).includes('holds no recorded game'), `pig link: a bad link says ${await errorShown(page)}`);
  const before = await version(page);
  await page.goto('about:blank');
  await page.goto(first.pigShare);
  await page.waitForFunction((v) => document.body.dataset.version && document.body.dataset.step === '0', before, { timeout: 15000 });
  const start = await stepShown(page);
  check(start.count === `step 0 of ${first.pigSteps}`, `pig link: opens at ${start.count}`);
  const end = await stepKey(page, 'End');
  check(await page.textContent('#stepper-players .player.won .count') === first.pigWinner, 'pig link: the end shows another winner');
  // The link's encoding round-trips any text, UTF-8 beyond ASCII included.
  const texts = await page.evaluate(async () => {
    const { encodeRecording, decodeRecording } = await import('/assets/link.js');
    const samples = ['', 'a', 'ab', 'abc', '{"game":"pig"}', 'Zoë, ½ ♥ 🂡', 'x'.repeat(1000)];
    return samples.map((t) => [t, decodeRecording(encodeRecording(t)), /^[A-Za-z0-9_-]*$/.test(encodeRecording(t))]);
  });
  for (const [text, back, safe] of texts) check(text === back && safe, `pig link: ${text} came back as ${back}`);
  return `${end.count}, the same game`;
}

// "Open a recorded game": a file written by `pig --record FILE` at the terminal (when
// PIG names the binary), and the file the page saved; both step through, and a file
// that is no recording is refused in one line.
async function openRecorded(page) {
  const dir = mkdtempSync(join(tmpdir(), 'web-e2e-files-'));
  const results = [];
  try {
    const files = [];
    if (process.env.PIG) {
      const path = join(dir, 'pig-7.json');
      const played = spawnSync(process.env.PIG, ['--seed', '7', '--record', path], { input: 'n\n'.repeat(3000), encoding: 'utf8' });
      check(played.status === 0, `pig --record: exit ${played.status}: ${played.stderr}`);
      // The terminal's own last total: what the last step must show.
      const totals = [...played.stdout.matchAll(/Player: (\w+), Total Points = (\d+)/g)];
      const [, who, total] = totals[totals.length - 1];
      files.push([path, who === 'Human' ? 'You' : 'Computer', `${total} points`]);
    }
    const saved = join(dir, 'pig-9.json');
    writeFileSync(saved, first.pigSaved);
    files.push([saved, null, first.pigWinner]);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...JSON.parse(first.pigSaved), actions: ['n', 'x'] }));
    await page.goto(BASE);
    await page.waitForFunction(() => document.body.dataset.version, null, { timeout: 15000 });
    const before = await version(page);
    // The browser logs the server's refusal (400) to the console: expected here only.
    seen.refusalExpected = true;
    await page.setInputFiles('#open-file', bad);
    await rendered(page, before);
    seen.refusalExpected = false;
    const error = await errorShown(page);
    check(error.startsWith('bad.json: step 2: `x`: ') && !error.includes('\n'), `open bad.json: ${error}`);
    results.push('bad.json refused');
    for (const [path, who, total] of files) {
      await page.goto(BASE);
      await page.waitForFunction(() => document.body.dataset.version, null, { timeout: 15000 });
      const before = await version(page);
      await page.setInputFiles('#open-file', path);
      await rendered(page, before);
      check(await page.locator('#stepper').isVisible(), `open ${path}: no step-through: ${await errorShown(page)}`);
      const start = await stepShown(page);
      check(start.step === 0, `open ${path}: opens at ${start.count}`);
      await stepKey(page, 'End');
      const winner = await page.textContent('#stepper-players .player.won .count');
      const name = await page.textContent('#stepper-players .player.won .name');
      check(winner === total && (!who || name === who), `open ${path}: the end shows ${name} ${winner}, not ${who} ${total}`);
      results.push(`${path.split('/').pop()}: ${start.count.replace('step 0 of ', '')} steps, ${name} at ${winner}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results.join('; ');
}

// A phone's screen, 390×844: every game, War with 8 players included, fits without
// sideways scrolling, from the first position to the end.
async function narrow(page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const checked = [];
  await page.goto(BASE);
  await page.waitForFunction(() => document.body.dataset.version, null, { timeout: 15000 });
  await fits(page, 'the home page at 390 px');
  for (const slug of ['ochos-locos', 'quattro', 'war', 'pig']) {
    await page.goto(`${BASE}/${slug}`);
    await page.waitForFunction(() => document.body.dataset.version, null, { timeout: 15000 });
    await fits(page, `${slug}'s settings at 390 px`);
  }
  for (const [slug, seed, choices] of [['ochos-locos', 4, { rules: 'completos', players: 6, seat: 0, watch: '0' }],
    ['quattro', 72, { rules: 'uno' }], ['pig', 9, { rules: 'two-dice', goal: 100, computer: 'hold:20' }]]) {
    await startFromForm(page, slug, seed, choices);
    await fits(page, `${slug} at 390 px`);
    await page.keyboard.press('?');
    await fits(page, `${slug} at 390 px, rules open`);
    if (slug === 'pig') {
      while (!(await isOver(page))) { const b = await version(page); await page.keyboard.press('r'); await rendered(page, b); await fits(page, 'pig at 390 px'); }
    } else {
      await playCards(page, `${slug} at 390 px`);
    }
    await fits(page, `${slug} at 390 px, the end`);
    checked.push(slug);
  }
  for (const players of [2, 5, 8]) {
    await startFromForm(page, 'war', 3, { players, order: 'shuffled' });
    await fits(page, `war ×${players} at 390 px`);
    for (let i = 0; i < 3; i++) await click(page, page.locator('#actions button[data-action="battle"]'));
    await fits(page, `war ×${players} at 390 px, after 3 battles`);
    if (players === 8) await page.screenshot({ path: join(SHOTS, 'war-8-phone.png'), fullPage: true });
    await click(page, page.locator('#actions button[data-action="to_end"]'));
    await fits(page, `war ×${players} at 390 px, the end`);
    checked.push(`war ×${players}`);
  }
  // The step-through view at the start, the first steps and the end: of Pig's link, and
  // of the War of 8 just played once the server records War (it offers a step-through
  // at the end only for the games it records).
  const steppers = [];
  if (await page.locator('#recorded').isVisible()) {
    steppers.push(['war ×8 step-through', async () => {
      const b = await version(page);
      await page.keyboard.press('s');
      await rendered(page, b);
      await fits(page, 'war ×8 step-through at 390 px, the end');
      await stepKey(page, 'Home');
    }]);
  }
  for (const [what, open] of [...steppers, ['pig step-through', async () => { await page.goto(first.pigShare); await page.waitForFunction(() => document.body.dataset.step === '0', null, { timeout: 15000 }); }]]) {
    await open();
    check(await page.locator('#stepper').isVisible(), `${what}: not shown`);
    await fits(page, `${what} at 390 px, the start`);
    for (let i = 0; i < 5; i++) { await stepKey(page, 'ArrowRight'); await fits(page, `${what} at 390 px, step ${i + 1}`); }
    await stepKey(page, 'End');
    await fits(page, `${what} at 390 px, the end`);
    checked.push(what);
  }
  await page.setViewportSize({ width: 1100, height: 900 });
  return checked.join(', ');
}

const profile = mkdtempSync(join(tmpdir(), 'web-e2e-'));
// A fresh profile (--user-data-dir) each run: playwright passes it for a persistent context.
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1100, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
    '--no-first-run', '--disable-component-update', '--disable-sync'],
});
let failed = false;
try {
  mkdirSync(SHOTS, { recursive: true });
  const page = browser.pages()[0] || await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    const refusal = seen.refusalExpected && m.text().includes('status of 400');
    if (m.type() === 'error' && !refusal) problems.push(`console: ${m.text()}`);
  });
  page.on('request', (r) => { if (!r.url().startsWith(BASE)) problems.push(`request outside the server: ${r.url()}`); if (process.env.DEBUG && r.method() === 'POST') console.log('POST', r.postData()); });

  await page.goto(BASE);
  check(await page.locator('.tile').count() === 4, 'home: four games expected');

  for (const [name, play, shot] of [['quattro', quattro, 'quattro.png'], ['quattro (step through)', cardStepThrough('quattro'), null],
    ['quattro (replay link)', quattroReplay, null], ['quattro (random seed)', quattroRandom, null],
    ['ochos-locos', ochos, 'ochos-locos.png'], ['ochos-locos (step through)', cardStepThrough('ochos-locos'), null],
    ['ochos-locos (facing a 2)', ochosTwos, null], ['ochos-locos (watching)', ochosWatch, null],
    ['ochos-locos (IS-MCTS opponents)', ochosHard, null],
    ['war', war, 'war.png'], ['war (step through)', cardStepThrough('war'), null], ['pig', pig, 'pig.png'],
    ['pig (step through)', pigStepThrough, null], ['pig (shareable link)', pigLink, null], ['open a recorded game', openRecorded, null],
    ['390 px wide', narrow, null]]) {
    const started = Date.now();
    const what = await play(page);
    const stepping = await page.locator('#stepper').isVisible();
    check(stepping || await isOver(page), `${name}: the game is not over`);
    const outcome = await page.textContent(stepping ? '#stepper-status' : '#status');
    if (name !== '390 px wide') {
      await endingColour(page, name);
      await accessible(page, `${name}, ${stepping ? 'stepping through' : 'the end'}`);
    }
    if (shot) await page.screenshot({ path: join(SHOTS, shot), fullPage: true });
    console.log(`ok ${name}: ${outcome}${what ? ` (${what})` : ''} in ${Date.now() - started} ms${shot ? `, ${shot}` : ''}`);
  }
  check(seen.escape, 'no colour picker was opened, so Escape was not tried');
  check(seen.endings && seen.endings.has('won') && seen.endings.has('lost'), `the endings seen are ${[...(seen.endings || [])]}: a win and a loss are both expected`);
  check(problems.length === 0, problems.join('\n'));
  console.log(`15 passed, 0 failed (Escape closed the colour picker in ${seen.escape}; axe-core found nothing serious or critical in ${axeRuns.length} states; endings seen: ${[...seen.endings].join(', ')})`);
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.message}`);
} finally {
  await browser.close();
  if (server) server.child.kill('SIGTERM');
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
