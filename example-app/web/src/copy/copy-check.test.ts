// @vitest-environment node
// The automated copy check of docs/responsible-gambling.md: reads the app's real user-visible copy
// (the text of every feature and component source, both brand catalogues, the content the server
// seeds) and fails on any banned phrase, naming the file and the sentence.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getBrand } from '@matchkit/sdk/brands';
import { describe, expect, it } from 'vitest';
import { SEED_GUIDES, SEED_OFFERS } from '@matchkit/app-contract/seed';
import { findBannedPhrases, stringsIn, textsOfSource } from './copy-rules';

const WEB_SRC = fileURLToPath(new URL('..', import.meta.url));

/** The app's copy sources: every .ts/.tsx under features/, components/ and app/, tests left out. */
function copySources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of ['features', 'components', 'app']) walk(join(WEB_SRC, dir));
  return files.sort();
}

/** Findings as lines, each once (a JSX text is also read as part of its element's joined text). */
const problems = (source: string, texts: readonly string[]) => [
  ...new Set(texts.flatMap((text) => findBannedPhrases(text).map((f) => `${source}: "${f.phrase}" ${f.why}: ${f.text}`))),
];

describe('the copy rules (findBannedPhrases)', () => {
  it.each([
    'Matched betting is a guaranteed profit every month.',
    'A risk-free way to bet.',
    'You will earn £500 in your first month.',
    "You'll make money on every offer.",
    'Get rich with free bets.',
    'Easy money from bookmakers.',
    'Free money, no catch.',
    'Hurry: the sale ends soon!',
    "Don't miss out on this price.",
    'Earn £1,000 a month from home.',
    'Perfect pocket money for students.',
  ])('flags %j', (sentence) => {
    expect(findBannedPhrases(sentence)).not.toEqual([]);
  });

  it.each([
    'The figure is a worked example at the odds stated, not a guaranteed profit.',
    'No bet is risk-free.',
    'Your goal is a target for your own planning.',
    'Over £3 million has been paid out to affiliates.',
    'The sale ends on 17 August 2025 at 23:59.',
    'Best odds guaranteed catcher',
    'Only stake what you can afford to lose.',
  ])('allows %j', (sentence) => {
    expect(findBannedPhrases(sentence)).toEqual([]);
  });
});

describe('the app copy', () => {
  const files = copySources();

  it('reads the real sources (features, components, app) and their text', () => {
    const names = files.map((f) => relative(WEB_SRC, f));
    expect(names).toEqual(
      expect.arrayContaining([
        'components/Layout.tsx',
        'features/legal/ResponsibleGamblingPage.tsx',
        'features/dashboard/DashboardPage.tsx',
      ]),
    );
    const layout = textsOfSource('Layout.tsx', readFileSync(join(WEB_SRC, 'components/Layout.tsx'), 'utf8')).join(' ');
    // The footer of every page: 18+ and the help link (docs/responsible-gambling.md, rules 1 and 7).
    // The 18+ is the AdultsMark (a named image of the sign), which the footer draws.
    const mark = textsOfSource('AdultsMark.tsx', readFileSync(join(WEB_SRC, 'components/ui/AdultsMark.tsx'), 'utf8')).join(' ');
    expect(readFileSync(join(WEB_SRC, 'components/Layout.tsx'), 'utf8')).toMatch(/<AdultsMark\b/);
    expect(mark).toContain('18+');
    expect(layout).toContain('Responsible gambling help');
  });

  it('no feature, component or route source uses a banned phrase', () => {
    const found = files.flatMap((file) => problems(relative(WEB_SRC, file), textsOfSource(file, readFileSync(file, 'utf8'))));
    expect(found).toEqual([]);
  });

  // A page (a .tsx file) that shows the payout figure says it was paid out; the module that only
  // formats the figure (features/referrals/programme.ts) is not a page.
  it('a page that shows the onboarding goals calls them targets; one that shows the affiliate payout states it as paid out', () => {
    const found: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const text = textsOfSource(file, source).join(' ');
      const name = relative(WEB_SRC, file);
      if (/\.goals\b/.test(source) && !/\btargets?\b/i.test(text)) found.push(`${name} shows the goals without calling them targets`);
      if (file.endsWith('.tsx') && /paidOutOver/.test(source) && !/\bpaid out\b|\bhave paid\b|\bhas paid\b/i.test(text))
        found.push(`${name} shows the affiliate payout figure without stating it as paid out`);
    }
    expect(found).toEqual([]);
  });
});

describe('the brand catalogues and the seeded content', () => {
  it.each(['primary', 'secondary'] as const)('the %s catalogue has no banned phrase', (brand) => {
    const strings = stringsIn(getBrand(brand));
    expect(strings.length).toBeGreaterThan(100);
    expect(problems(`brand ${brand}`, strings)).toEqual([]);
  });

  it('the offers and guides the server seeds have no banned phrase, and every offer says 18+', () => {
    const strings = stringsIn([SEED_OFFERS, SEED_GUIDES]);
    expect(strings.length).toBeGreaterThan(50);
    expect(problems('seed content', strings)).toEqual([]);
    expect(SEED_OFFERS.filter((o) => !o.body.includes('18+')).map((o) => o.slug)).toEqual([]);
  });
});
