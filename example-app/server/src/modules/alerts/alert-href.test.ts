// An alert's push opens the tool's page at the match: `match=` must be the key the page gives that row.
import type { Brand } from '@matchkit/sdk/brands';
import { describe, expect, it } from 'vitest';
import { alertHref } from './alerts';

const brand = { tools: [{ key: 'extraPlaceCatcher', slug: 'extra-place-catcher' }] } as unknown as Brand;

describe('alertHref', () => {
  it('opens the extra place catcher at the row the page keys selection|bookmaker|exchange|hedge', () => {
    // The page's row key (web/src/features/finders/specs/extraPlace.tsx `key:`) for the each-way
    // lay the catcher's alerts hedge with.
    const row = { selectionId: 'sel-1', bookmaker: 'alder-bet', exchange: 'smarkets', hedge: 'eachWayLay' };
    const pageKey = `${row.selectionId}|${row.bookmaker}|${row.exchange}|${row.hedge}`;
    const href = alertHref(brand, 'extraPlaceCatcher', { minProfit: 0, stake: 1000 }, 'sel-1|alder-bet|smarkets');
    expect(new URL(href, 'https://x.test').searchParams.get('match')).toBe(pageKey);
  });
});
