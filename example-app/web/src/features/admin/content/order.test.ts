import { describe, expect, it } from 'vitest';
import { inReadingOrder, moveGuide } from './order';

const g = (slug: string, order: number) => ({ slug, order });

describe('moving a guide within its section', () => {
  it('swaps two neighbours numbered 0, 1, 2...', () => {
    const guides = [g('a', 0), g('b', 1), g('c', 2)];
    expect(moveGuide(guides, 2, -1).map((c) => [c.guide.slug, c.order])).toEqual([
      ['c', 1],
      ['b', 2],
    ]);
    expect(moveGuide(guides, 0, 1).map((c) => [c.guide.slug, c.order])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
  });

  it('renumbers orders that were equal or had gaps', () => {
    const guides = inReadingOrder([g('c', 10), g('a', 5), g('b', 5)]);
    expect(guides.map((x) => x.slug)).toEqual(['a', 'b', 'c']);
    expect(moveGuide(guides, 1, -1).map((c) => [c.guide.slug, c.order])).toEqual([
      ['b', 0],
      ['a', 1],
      ['c', 2],
    ]);
  });

  it('does not move the first up or the last down', () => {
    const guides = [g('a', 0), g('b', 1)];
    expect(moveGuide(guides, 0, -1)).toEqual([]);
    expect(moveGuide(guides, 1, 1)).toEqual([]);
  });
});
