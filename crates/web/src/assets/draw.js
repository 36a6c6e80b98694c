// Cards and dice drawn as SVG: nothing but this file and the card codes the API sends.

const NS = 'http://www.w3.org/2000/svg';

const COLOURS = { R: '#d62d2d', Y: '#e0a800', G: '#23984a', B: '#2563eb' };
const COLOUR_NAMES = { R: 'red', Y: 'yellow', G: 'green', B: 'blue' };

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function frame(title) {
  const svg = el('svg', { viewBox: '0 0 60 90', class: 'card-svg', role: 'img' });
  svg.append(el('title', {}, title));
  return svg;
}

// A coloured card of Ochos Locos or Quattro: R5, RS (skip), RR (reverse), R+2, W, W+4.
export function colourCard(code) {
  const svg = frame(code);
  if (code === 'W' || code === 'W+4') {
    svg.append(el('rect', { x: 1, y: 1, width: 58, height: 88, rx: 7, fill: '#1f1f1f', stroke: '#000' }));
    const q = [['R', 'M30 45 L30 18 A20 27 0 0 0 10 45 Z'], ['Y', 'M30 45 L50 45 A20 27 0 0 0 30 18 Z'],
      ['G', 'M30 45 L10 45 A20 27 0 0 0 30 72 Z'], ['B', 'M30 45 L30 72 A20 27 0 0 0 50 45 Z']];
    for (const [c, d] of q) svg.append(el('path', { d, fill: COLOURS[c] }));
    svg.append(el('text', { x: 30, y: 52, 'text-anchor': 'middle', class: 'card-big light' }, code === 'W' ? 'W' : '+4'));
    svg.append(el('text', { x: 6, y: 14, class: 'card-corner light' }, code));
    return svg;
  }
  const colour = code[0];
  const rest = code.slice(1);
  const symbol = rest === 'S' ? '⊘' : rest === 'R' ? '⇄' : rest;
  svg.append(el('rect', { x: 1, y: 1, width: 58, height: 88, rx: 7, fill: COLOURS[colour] || '#888', stroke: '#0003' }));
  svg.append(el('ellipse', { cx: 30, cy: 45, rx: 21, ry: 31, fill: '#fff', transform: 'rotate(20 30 45)' }));
  svg.append(el('text', { x: 30, y: 55, 'text-anchor': 'middle', class: 'card-big', fill: COLOURS[colour] }, symbol));
  svg.append(el('text', { x: 5, y: 14, class: 'card-corner light' }, symbol));
  svg.append(el('text', { x: 55, y: 84, 'text-anchor': 'end', class: 'card-corner light' }, symbol));
  return svg;
}

const SUITS = { C: ['♣', '#111'], D: ['♦', '#c81e1e'], H: ['♥', '#c81e1e'], S: ['♠', '#111'] };

// A playing card of War: 10H, AS, 6C.
export function frenchCard(code) {
  const svg = frame(code);
  const rank = code.slice(0, -1);
  const [suit, ink] = SUITS[code.slice(-1)] || ['?', '#111'];
  svg.append(el('rect', { x: 1, y: 1, width: 58, height: 88, rx: 6, fill: '#fff', stroke: '#999' }));
  svg.append(el('text', { x: 5, y: 16, class: 'card-corner', fill: ink }, rank));
  svg.append(el('text', { x: 5, y: 29, class: 'card-corner', fill: ink }, suit));
  svg.append(el('text', { x: 30, y: 58, 'text-anchor': 'middle', class: 'card-suit', fill: ink }, suit));
  svg.append(el('text', { x: 55, y: 84, 'text-anchor': 'end', class: 'card-corner', fill: ink }, rank));
  return svg;
}

// The back of a card (a pile, a hidden hand). `hidden`: one of a row of backs that is
// said once as a whole, so this one is not said at all.
export function cardBack({ hidden = false } = {}) {
  const svg = hidden ? el('svg', { viewBox: '0 0 60 90', class: 'card-svg', 'aria-hidden': 'true' }) : frame('card back');
  svg.append(el('rect', { x: 1, y: 1, width: 58, height: 88, rx: 7, fill: '#27407a', stroke: '#132550' }));
  svg.append(el('rect', { x: 6, y: 6, width: 48, height: 78, rx: 4, fill: 'none', stroke: '#8fa6d8', 'stroke-width': 1.5 }));
  svg.append(el('path', { d: 'M30 20 L44 45 L30 70 L16 45 Z', fill: '#8fa6d8' }));
  return svg;
}

const PIPS = {
  1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[25, 25], [50, 50], [75, 75]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

// One die showing `face`.
export function die(face) {
  const svg = el('svg', { viewBox: '0 0 100 100', class: 'die', role: 'img' });
  svg.append(el('title', {}, `die showing ${face}`));
  svg.append(el('rect', { x: 4, y: 4, width: 92, height: 92, rx: 16, fill: '#fff', stroke: '#333', 'stroke-width': 3 }));
  for (const [x, y] of PIPS[face] || []) {
    svg.append(el('circle', { cx: x, cy: y, r: 9, fill: face === 1 ? '#c81e1e' : '#222' }));
  }
  return svg;
}

export { COLOURS, COLOUR_NAMES };
