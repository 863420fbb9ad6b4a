// Draws the landing page's pictures of the tools (example-app/web/src/features/landing) as small
// SVG files under web/public/images/tools: one per tool, brand and colour scheme
// (`{brand}-{tool}-{light|dark}.svg`), in the brand's catalogue colours. Each is drawn from the
// tool's real shape (the oddsmatcher's and the finders' columns, the calculator's fields and its
// results, the tracker's summary strip and chart, the simulator's balance paths), and the
// calculator's figures are the sdk's own (`backLay`). Run after `npm run build` (it reads the
// sdk's built catalogues and calculators):
//   node scripts/render-tool-pictures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getBrand } from '@matchkit/sdk/brands';
import { backLay } from '@matchkit/sdk/calculators';

const OUT = fileURLToPath(new URL('../example-app/web/public/images/tools', import.meta.url));
/** Every picture's size in CSS pixels: the landing page gives each its width and height. */
export const WIDTH = 480;
export const HEIGHT = 300;

const SCHEMES = {
  light: { bg: '#f6f7fb', surface: '#ffffff', text: '#1b2130', muted: '#4a5368', border: '#cfd5e2', soft: '#e8ebf2' },
  dark: { bg: '#11141b', surface: '#1b202b', text: '#e9ecf3', muted: '#b4bccd', border: '#3a4254', soft: '#262c39' },
};

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const money = (pounds) => `${pounds < 0 ? '−' : ''}£${Math.abs(pounds).toFixed(2)}`;

function text(x, y, s, c, { size = 13, weight = 400, anchor = 'start' } = {}) {
  return `<text x="${x}" y="${y}" fill="${c}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}">${esc(s)}</text>`;
}

function frame(c, title, body) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="12" fill="${c.bg}"/>`,
    `<rect x="12" y="12" width="${WIDTH - 24}" height="${HEIGHT - 24}" rx="10" fill="${c.surface}" stroke="${c.border}"/>`,
    text(28, 40, title, c.text, { size: 15, weight: 700 }),
    ...body,
    '</svg>',
  ].join('\n');
}

/** A table: column headers, then rows; the first row highlighted in the accent. */
function table(c, x0, y0, columns, rows) {
  const out = [];
  for (const col of columns) out.push(text(col.x, y0, col.label, c.muted, { size: 11, weight: 600, anchor: col.anchor ?? 'start' }));
  out.push(`<line x1="${x0}" y1="${y0 + 8}" x2="${WIDTH - 28}" y2="${y0 + 8}" stroke="${c.border}"/>`);
  rows.forEach((row, i) => {
    const y = y0 + 30 + i * 30;
    if (i === 0)
      out.push(`<rect x="${x0 - 6}" y="${y - 18}" width="${WIDTH - 28 - x0 + 12}" height="26" rx="6" fill="${c.accent}" opacity="0.14"/>`);
    row.forEach((cell, j) => {
      const col = columns[j];
      out.push(
        text(col.x, y, cell, j === row.length - 1 ? c.accent : c.text, {
          size: 12,
          weight: j === row.length - 1 ? 700 : 400,
          anchor: col.anchor ?? 'start',
        }),
      );
    });
    out.push(`<line x1="${x0}" y1="${y + 10}" x2="${WIDTH - 28}" y2="${y + 10}" stroke="${c.soft}"/>`);
  });
  return out;
}

/** The filter bar above a tool's table: a few pill-shaped chips. */
function chips(c, y, labels) {
  let x = 28;
  return labels.flatMap((label) => {
    const w = label.length * 6.6 + 20;
    const out = [
      `<rect x="${x}" y="${y}" width="${w}" height="22" rx="11" fill="${c.soft}" stroke="${c.border}"/>`,
      text(x + w / 2, y + 15, label, c.text, { size: 11, anchor: 'middle' }),
    ];
    x += w + 8;
    return out;
  });
}

const PICTURES = {
  oddsmatcher: (c, brand) =>
    frame(c, brand.tools.find((t) => t.key === 'oddsmatcher')?.title ?? 'Oddsmatcher', [
      ...chips(c, 54, ['Football', 'Match odds', 'Odds 1.5 to 6']),
      ...table(
        c,
        28,
        104,
        [
          { x: 28, label: 'Event and selection' },
          { x: 290, label: 'Back', anchor: 'end' },
          { x: 350, label: 'Lay', anchor: 'end' },
          { x: 444, label: 'Rating', anchor: 'end' },
        ],
        [
          ['Arsenal v Chelsea · Arsenal', '2.10', '2.14', '98.1%'],
          ['Leeds v Everton · Draw', '3.40', '3.50', '97.0%'],
          ['Celtic v Hearts · Hearts', '6.00', '6.20', '96.4%'],
          ['Spurs v Fulham · Spurs', '1.80', '1.86', '95.8%'],
          ['Wolves v Brentford · Wolves', '2.62', '2.74', '95.1%'],
        ],
      ),
    ]),

  calculator: (c) => {
    const input = { backStake: 10, backOdds: 3.2, layOdds: 3.3, layCommission: 0.02 };
    const r = backLay(input);
    const field = (y, label, value) => [
      text(28, y, label, c.muted, { size: 11, weight: 600 }),
      `<rect x="28" y="${y + 6}" width="190" height="28" rx="6" fill="${c.surface}" stroke="${c.border}"/>`,
      text(38, y + 25, value, c.text, { size: 13 }),
    ];
    const result = (y, label, value, strong) => [
      text(262, y, label, c.muted, { size: 11, weight: 600 }),
      text(262, y + 22, value, strong ? c.accent : c.text, { size: strong ? 22 : 16, weight: 700 }),
    ];
    return frame(c, 'Matched betting calculator', [
      ...field(62, 'Back stake', `£${input.backStake.toFixed(2)}`),
      ...field(116, 'Back odds', input.backOdds.toFixed(2)),
      ...field(170, 'Lay odds', input.layOdds.toFixed(2)),
      ...field(224, 'Exchange commission', `${input.layCommission * 100}%`),
      `<rect x="246" y="56" width="206" height="212" rx="8" fill="${c.accent}" opacity="0.1"/>`,
      ...result(84, 'Lay stake', money(r.layStake), true),
      ...result(140, 'If the back bet wins', money(r.profitIfWins), false),
      ...result(196, 'If the lay bet wins', money(r.profitIfLoses), false),
      text(262, 252, `Liability ${money(r.liability)}`, c.muted, { size: 12 }),
    ]);
  },

  finders: (c, brand) =>
    frame(c, brand.tools.find((t) => t.key === 'eachWayCatcher')?.title ?? 'Each way', [
      ...chips(c, 54, ['Horse racing', 'Each way', 'Today']),
      ...table(
        c,
        28,
        104,
        [
          { x: 28, label: 'Race and horse' },
          { x: 262, label: 'Back', anchor: 'end' },
          { x: 318, label: 'Lay', anchor: 'end' },
          { x: 370, label: 'Places', anchor: 'end' },
          { x: 444, label: 'Rating', anchor: 'end' },
        ],
        [
          ['14:30 Ascot · Silver Lark', '9.00', '9.40', '1/5 · 4', '101.2%'],
          ['15:05 York · Harbour Light', '12.0', '12.5', '1/5 · 3', '99.6%'],
          ['15:40 Ascot · Quiet Storm', '7.50', '7.90', '1/4 · 3', '98.9%'],
          ['16:15 Haydock · Red Kite', '15.0', '16.0', '1/5 · 4', '98.2%'],
          ['16:50 York · Fen Runner', '6.00', '6.40', '1/4 · 3', '97.5%'],
        ],
      ),
    ]),

  tracker: (c) => {
    // Example data: a month of settled bets with its ups and downs, drawn as the tracker draws them.
    const points = [0, 3, 1, 5, 2, 6, 4, 3, 7, 5, 9, 6, 10, 8, 11];
    const x = (i) => 40 + (i * (WIDTH - 80)) / (points.length - 1);
    const y = (v) => 262 - v * 12;
    const path = points.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const stat = (x0, label, value) => [
      text(x0, 66, label, c.muted, { size: 11, weight: 600 }),
      text(x0, 88, value, c.text, { size: 16, weight: 700 }),
    ];
    return frame(c, 'Profit tracker', [
      `<rect x="24" y="50" width="${WIDTH - 48}" height="50" rx="8" fill="${c.soft}"/>`,
      ...stat(36, 'Bets', '46'),
      ...stat(130, 'Settled', '41'),
      ...stat(234, 'Staked', '£1,240.00'),
      ...stat(356, 'Open', '5'),
      ...[0, 1, 2, 3].map((i) => `<line x1="40" y1="${262 - i * 40}" x2="${WIDTH - 40}" y2="${262 - i * 40}" stroke="${c.soft}"/>`),
      `<path d="${path} L${x(points.length - 1)},262 L40,262 Z" fill="${c.accent}" opacity="0.12"/>`,
      `<path d="${path}" fill="none" stroke="${c.accent}" stroke-width="3" stroke-linejoin="round"/>`,
      text(WIDTH - 40, 282, 'Example data', c.muted, { size: 11, anchor: 'end' }),
    ]);
  },

  casino: (c) => {
    // Balance paths of a wagering simulation: each line is one run of the same offer.
    const runs = [
      [50, 46, 52, 47, 55, 49, 44, 51, 58, 54, 60],
      [50, 53, 48, 44, 41, 45, 39, 36, 40, 34, 31],
      [50, 47, 45, 50, 48, 53, 51, 47, 49, 46, 48],
      [50, 55, 58, 52, 49, 54, 57, 61, 56, 59, 63],
    ];
    const bonus = 50;
    const wagering = 500;
    const rtp = 0.96;
    const x = (i) => 40 + i * 28;
    const y = (v) => 270 - (v - 25) * 4.4;
    const line = (r, i) =>
      `<path d="${r.map((v, j) => `${j === 0 ? 'M' : 'L'}${x(j)},${y(v).toFixed(1)}`).join(' ')}" fill="none" stroke="${i === 0 ? c.accent : c.muted}" stroke-width="${i === 0 ? 3 : 1.5}" opacity="${i === 0 ? 1 : 0.6}"/>`;
    const fact = (y0, label, value) => [
      text(346, y0, label, c.muted, { size: 11, weight: 600 }),
      text(346, y0 + 20, value, c.text, { size: 15, weight: 700 }),
    ];
    return frame(c, 'Casino wagering simulator', [
      `<line x1="40" y1="${y(50)}" x2="320" y2="${y(50)}" stroke="${c.border}" stroke-dasharray="4 4"/>`,
      ...runs.map(line),
      `<rect x="334" y="56" width="118" height="212" rx="8" fill="${c.soft}"/>`,
      ...fact(80, 'Bonus', money(bonus)),
      ...fact(130, 'Wagering', money(wagering)),
      ...fact(180, 'Game RTP', `${(rtp * 100).toFixed(1)}%`),
      ...fact(230, 'Average cost', money(-wagering * (1 - rtp))),
    ]);
  },
};

mkdirSync(OUT, { recursive: true });
let bytes = 0;
for (const id of ['primary', 'secondary']) {
  const brand = getBrand(id);
  for (const [scheme, base] of Object.entries(SCHEMES)) {
    const c = { ...base, accent: scheme === 'light' ? brand.colors.accent : brand.colors.accentOnDark };
    for (const [tool, draw] of Object.entries(PICTURES)) {
      const svg = `${draw(c, brand)}\n`;
      writeFileSync(join(OUT, `${id}-${tool}-${scheme}.svg`), svg);
      bytes += svg.length;
    }
  }
}
console.log(`wrote ${2 * 2 * Object.keys(PICTURES).length} pictures to ${OUT} (${(bytes / 1024).toFixed(1)} KB in all)`);
