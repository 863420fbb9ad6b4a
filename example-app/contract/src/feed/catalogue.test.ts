import { bookmakers, exchanges } from '@matchkit/sdk/exchanges';
import { describe, expect, it } from 'vitest';
import { BOOKMAKERS, EXCHANGES } from './catalogue';
import { SEED_OFFERS } from '../seed';

// The simulation names its bookmakers and exchanges by the sdk catalogue's keys, so the tracker
// matches and shows them by the catalogue (the balance sheet's Alder Bet, not alder-bet).
describe('the simulated books', () => {
  it('names every bookmaker and exchange by a key of the sdk catalogue', () => {
    const keys = new Set(bookmakers.map((b) => b.name));
    for (const b of BOOKMAKERS) expect(keys.has(b.key), b.key).toBe(true);
    const exchangeKeys = new Set(exchanges.map((e) => e.name));
    for (const e of Object.keys(EXCHANGES)) expect(exchangeKeys.has(e), e).toBe(true);
  });

  it('names every offer’s bookmaker by a display name of the sdk catalogue', () => {
    const names = new Set(bookmakers.map((b) => b.displayName));
    for (const o of SEED_OFFERS) expect(names.has(o.bookmaker), o.bookmaker).toBe(true);
  });
});
