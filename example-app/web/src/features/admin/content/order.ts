// Reordering guides within a section: the console moves one guide up or down and saves the `order`
// of each guide whose place changed (numbered 0, 1, 2... in the new sequence, so orders that were
// equal or had gaps come out distinct).

export interface Ordered {
  readonly slug: string;
  readonly order: number;
}

/** The guides of one section in reading order (by order, then slug, as the server reads them). */
export function inReadingOrder<T extends Ordered>(guides: readonly T[]): T[] {
  return [...guides].sort((a, b) => a.order - b.order || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/**
 * The guides whose `order` changes when the one at `index` (of `guides`, in reading order) moves
 * one place up (-1) or down (+1), each with its new order; [] when it cannot move that way.
 */
export function moveGuide<T extends Ordered>(guides: readonly T[], index: number, by: -1 | 1): { guide: T; order: number }[] {
  const to = index + by;
  if (index < 0 || index >= guides.length || to < 0 || to >= guides.length) return [];
  const next = [...guides];
  const [moved] = next.splice(index, 1);
  if (moved === undefined) return [];
  next.splice(to, 0, moved);
  return next.flatMap((guide, i) => (guide.order === i ? [] : [{ guide, order: i }]));
}
