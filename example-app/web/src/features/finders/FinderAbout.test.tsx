// @vitest-environment node
// Issue 20, defect 8: a finder page tells a member what the tool looks at, ranks by and assumes in
// plain English with this brand's tool names: no function names in parentheses ("(noLay)"), no
// formulas ("Π p(leg)"), no code names or slugs, and on the secondary brand no primary tool name.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { FinderAbout, FinderAssumptions } from './FinderAbout';
import { finderSpecs } from './specs';
import { catalogueIdentifiers, findIdentifiers, finderWording } from '@matchkit/app-contract';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

describe('findIdentifiers', () => {
  it.each([
    ['Ranked by rating (matchRating)', 'matchRating'],
    ['value ratio odds × Π p(leg)', 'Π'],
    ['Must be at most the balance (10000 pence)', 'pence'],
    ['the sale ended at 2025-08-17T23:00:00.000Z', '2025-08-17T23:00:00.000Z'],
    ['Over/under: over-under-2-5', 'over-under-2-5'],
    ['stake × p × E[max(SP − b, 0)]', 'E[max(SP − b, 0)]'],
  ])('finds the code in %j', (sentence, code) => {
    expect(findIdentifiers(sentence).join(' ')).toContain(code);
  });

  it('finds a catalogue slug and leaves English hyphens alone', () => {
    const known = catalogueIdentifiers(getBrand('primary'));
    expect(known.has('horse-racing') || known.has('alder-bet') || known.size > 10).toBe(true);
    const slug = [...known].find((k) => k.includes('-')) ?? 'x-y';
    expect(findIdentifiers(`Upgrade ${slug}`, known)).toEqual([`${slug} (a catalogue identifier)`]);
    expect(findIdentifiers('An each-way bet laid win and place; lay-the-place hedges.', known)).toEqual([]);
  });
});

describe.each(['primary', 'secondary'] as const)('the %s brand’s finder pages', (brandId) => {
  const brand = getBrand(brandId);
  const other = getBrand(brandId === 'primary' ? 'secondary' : 'primary');
  const known = catalogueIdentifiers(brand);
  const tools = brand.tools.filter((t) => finderSpecs[t.key] !== undefined);
  const ownTitles = new Set(brand.tools.map((t) => t.title));
  const foreign = other.tools.map((t) => t.title).filter((t) => !ownTitles.has(t) && ![...ownTitles].some((o) => o.includes(t)));

  it('every tool the wording describes (the locked pages say it too) is in plain English', () => {
    const described = brand.tools.flatMap((t) => {
      const words = finderWording(brand, t.key);
      return words === undefined ? [] : [[t.key, [words.candidates, words.rankedBy, ...words.assumptions].join(' ')] as const];
    });
    expect(described.map(([key]) => key)).toEqual(expect.arrayContaining(['oddsmatcher', 'dutching', ...tools.map((t) => t.key)]));
    expect(described.flatMap(([key, words]) => findIdentifiers(words, known).map((f) => `${key}: ${f}`))).toEqual([]);
  });

  it.each(tools.map((t) => [t.key, t] as const))('%s: plain English, this brand’s names', (_key, tool) => {
    const shown = text(
      renderToStaticMarkup(
        <MemoryRouter>
          <FinderAbout brand={brand} tool={tool} />
          <FinderAssumptions brand={brand} tool={tool} />
        </MemoryRouter>,
      ),
    );
    expect(shown).toContain('Ranked by');
    expect(findIdentifiers(shown, known)).toEqual([]);
    expect(foreign.filter((t) => new RegExp(`\\b${t}\\b`, 'i').test(shown))).toEqual([]);
  });
});
