// End-to-end test of the page in a real browser: Debian's headless Chromium driven by
// playwright-core. Plays a whole game of each of the four games by clicking, checks the
// page's state along the way (nothing illegal is offered, nothing is refused, the replay
// link replays), and saves a screenshot of each finished game into SHOTS (default
// docs/web/).
//
//   node play.mjs --server PATH [SHOTS]   start the server binary PATH on a free port,
//                                         test it, and stop it
//   node play.mjs BASE [SHOTS]            test a server already listening at BASE
//                                         (.ci/run's crates/web/e2e/ci.sh does this)

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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
  for (const [name, value] of Object.entries(choices)) await page.selectOption(`#opt-${name}`, String(value));
  await page.fill('#opt-seed', String(seed));
  await click(page, page.locator('#start'));
  check(await page.locator('#game').isVisible(), `${slug}: the game did not start`);
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
    const playable = page.locator('button.card.playable');
    // Only the legal plays can be clicked: every other card of the hand is disabled.
    const others = page.locator('#hand button.card:not(.playable)');
    for (let i = 0; i < await others.count(); i++) {
      check(await others.nth(i).isDisabled(), `${slug}: a card that may not be played is clickable`);
    }
    if (await playable.count()) {
      const before = await version(page);
      await playable.first().click();
      if (await page.locator('#choose').isVisible()) {
        await page.locator('#choose button.colour').first().click();
      }
      await rendered(page, before);
    } else {
      const draw = page.locator('#actions button[data-action="draw"]');
      check(await draw.count() === 1, `${slug}: neither a playable card nor a draw is offered`);
      await click(page, draw);
    }
    const error = await errorShown(page);
    check(!error, `${slug}: the server refused a click: ${error}`);
  }
  throw new Error(`${slug}: no end after ${MAX_CLICKS} clicks`);
}

const hand = (page) => page.$$eval('#hand button.card', (cards) => cards.map((c) => c.dataset.card).join(' '));
const first = {};

async function quattro(page) {
  await startFromForm(page, 'quattro', 72, { rules: 'uno' });
  check(await page.locator('#hand button.card').count() > 0, 'quattro: no hand shown');
  first.hand = await hand(page);
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
  await page.screenshot({ path: join(SHOTS, 'ochos-locos-turn.png'), fullPage: true });
  const clicks = await playCards(page, 'ochos-locos');
  return `${clicks} clicks`;
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

async function war(page) {
  await startFromForm(page, 'war', 5, { players: 2, order: 'shuffled' });
  for (let i = 0; i < 3; i++) await click(page, page.locator('#actions button[data-action="battle"]'));
  check(await page.locator('.battle svg').count() >= 2, 'war: the battle\'s cards are not shown');
  await page.fill('#battles', '20');
  await click(page, page.locator('#actions button[data-action="battle-n"]'));
  const battles = await page.textContent('#board');
  check(/battles: (2[3-9]|[3-9]\d|\d{3,})/.test(battles), `war: battles not counted: ${battles}`);
  if (!(await isOver(page))) await click(page, page.locator('#actions button[data-action="to_end"]'));
  check(await isOver(page), 'war: not over after to_end');
  return 'battle ×3, 20 battles, to the end';
}

async function pig(page) {
  await startFromForm(page, 'pig', 9, { rules: 'classic', goal: 100, computer: 'optimal' });
  for (let clicks = 0; clicks < MAX_CLICKS; clicks++) {
    if (await isOver(page)) return `${clicks} clicks`;
    const points = Number((await page.textContent('#turn-points')).replace(/\D+/g, ''));
    const which = points >= 20 ? 'hold' : 'roll';
    await click(page, page.locator(`#actions button[data-action="${which}"]`));
    const error = await errorShown(page);
    check(!error, `pig: the server refused a click: ${error}`);
  }
  throw new Error('pig: no end');
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
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('request', (r) => { if (!r.url().startsWith(BASE)) problems.push(`request outside the server: ${r.url()}`); if (process.env.DEBUG && r.method() === 'POST') console.log('POST', r.postData()); });

  await page.goto(BASE);
  check(await page.locator('.tile').count() === 4, 'home: four games expected');

  for (const [name, play, shot] of [['quattro', quattro, 'quattro.png'], ['quattro (replay link)', quattroReplay, null],
    ['quattro (random seed)', quattroRandom, null],
    ['ochos-locos', ochos, 'ochos-locos.png'],
    ['ochos-locos (watching)', ochosWatch, null], ['war', war, 'war.png'], ['pig', pig, 'pig.png']]) {
    const started = Date.now();
    const what = await play(page);
    check(await isOver(page), `${name}: the game is not over`);
    const outcome = await page.textContent('#status');
    if (shot) await page.screenshot({ path: join(SHOTS, shot), fullPage: true });
    console.log(`ok ${name}: ${outcome}${what ? ` (${what})` : ''} in ${Date.now() - started} ms${shot ? `, ${shot}` : ''}`);
  }
  check(problems.length === 0, problems.join('\n'));
  console.log('7 passed, 0 failed');
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.message}`);
} finally {
  await browser.close();
  if (server) server.child.kill('SIGTERM');
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
