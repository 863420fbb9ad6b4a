import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import type { QuickLink } from './api/quickLinks';
import { applyInput, inOrder, moveLink, switchLink, toInput } from './arrangement';

/** The primary brand's bar as the server sends it to a new member (its catalogue defaults). */
const catalogueBar: QuickLink[] = getBrand('primary').quickLinks.map((l) => ({
  id: l.id,
  label: l.label,
  href: l.href,
  icon: l.icon,
  order: l.order,
  active: l.active,
  capability: null,
  unlocked: true,
}));

/** A shuffled bar with arbitrary (distinct) orders and switches. */
const anyBar = fc
  .tuple(
    fc.shuffledSubarray(catalogueBar, { minLength: 1 }),
    fc.array(fc.boolean(), { minLength: catalogueBar.length, maxLength: catalogueBar.length }),
  )
  .chain(([links, actives]) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: links.length, maxLength: links.length })
      .map((orders) => links.map((l, i) => ({ ...l, order: orders[i] ?? i, active: actives[i] ?? false }))),
  );

const ids = (links: readonly QuickLink[]) => links.map((l) => l.id);

describe('the quick-links arrangement', () => {
  it('moveLink swaps a link with its neighbour and renumbers 0, 1, 2, ...', () => {
    const moved = moveLink(catalogueBar, 'matchCatcher', -1);
    expect(ids(moved).slice(0, 6)).toEqual([
      'oddsmatcher',
      'calculator',
      'advanced-calculators',
      'profit-tracker',
      'matchCatcher',
      'forum',
    ]);
    expect(moved.map((l) => l.order)).toEqual(catalogueBar.map((_, i) => i));
  });

  it('moveLink at either end, or of an unknown id, changes nothing', () => {
    expect(ids(moveLink(catalogueBar, 'oddsmatcher', -1))).toEqual(ids(catalogueBar));
    const last = catalogueBar[catalogueBar.length - 1]?.id ?? '';
    expect(ids(moveLink(catalogueBar, last, 1))).toEqual(ids(catalogueBar));
    expect(ids(moveLink(catalogueBar, 'nope', 1))).toEqual(ids(catalogueBar));
  });

  it('switchLink turns one link on or off and nothing else', () => {
    const on = switchLink(catalogueBar, 'matchCatcher', true);
    expect(on.filter((l) => l.active).map((l) => l.id)).toEqual([
      'oddsmatcher',
      'calculator',
      'advanced-calculators',
      'profit-tracker',
      'forum',
      'matchCatcher',
    ]);
    expect(switchLink(on, 'matchCatcher', false).filter((l) => l.active)).toHaveLength(5);
  });

  it('law: a move keeps every link exactly once, numbered 0 to n-1', () => {
    fc.assert(
      fc.property(anyBar, fc.nat(), fc.constantFrom(-1 as const, 1 as const), (bar, i, step) => {
        const id = bar[i % bar.length]?.id ?? '';
        const moved = moveLink(bar, id, step);
        expect([...ids(moved)].sort()).toEqual([...ids(bar)].sort());
        expect(moved.map((l) => l.order)).toEqual(moved.map((_, n) => n));
      }),
    );
  });

  it('law: moving up then down (away from the top) gives back the same order', () => {
    fc.assert(
      fc.property(anyBar, fc.nat(), (bar, i) => {
        const ordered = inOrder(bar);
        const index = ordered.length < 2 ? 0 : 1 + (i % (ordered.length - 1));
        const id = ordered[index]?.id ?? '';
        if (ordered.length < 2) return;
        expect(ids(moveLink(moveLink(bar, id, -1), id, 1))).toEqual(ids(ordered));
      }),
    );
  });

  it('law: what is sent (toInput) and applied back (applyInput) is what the member sees', () => {
    fc.assert(
      fc.property(anyBar, fc.nat(), fc.boolean(), (bar, i, active) => {
        const id = bar[i % bar.length]?.id ?? '';
        const next = switchLink(moveLink(bar, id, 1), id, active);
        expect(applyInput(bar, toInput(next))).toEqual(next);
      }),
    );
  });
});
