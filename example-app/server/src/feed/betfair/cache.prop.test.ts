// Laws of the market cache against an independent reference: a plain record of each runner's best
// back and lay, updated by hand from the same operations the changes were made from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestOf, createMarketCache, type MarketCache } from './cache';
import { mergeChanges } from './fake';
import type { MarketChange, MarketChangeMessage, MarketDefinition } from './protocol';

const MARKETS = ['1.1', '1.2'];
const RUNNERS = [11, 12, 13];
type Side = 'batb' | 'batl';
type Level = readonly [number, number] | null;
type Reference = Map<string, Level>; // `${market}/${runner}/${side}` → best level
type Op =
  | { readonly kind: 'price'; readonly market: string; readonly runner: number; readonly side: Side; readonly level: Level }
  | { readonly kind: 'status'; readonly market: string; readonly status: 'OPEN' | 'SUSPENDED' };

const definition = (status: MarketDefinition['status']): MarketDefinition => ({
  eventId: 'e',
  eventTypeId: '1',
  marketType: 'MATCH_ODDS',
  status,
  runners: RUNNERS.map((id) => ({ id, status: 'ACTIVE' as const })),
});

const level = fc.option(fc.tuple(fc.constantFrom(1.5, 2, 2.02, 3.45, 10), fc.constantFrom(0.01, 2.5, 100, 1523.45)), { nil: null });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      market: fc.constantFrom(...MARKETS),
      runner: fc.constantFrom(...RUNNERS),
      side: fc.constantFrom<Side>('batb', 'batl'),
      level,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      market: fc.constantFrom(...MARKETS),
      status: fc.constantFrom<'OPEN' | 'SUSPENDED'>('OPEN', 'SUSPENDED'),
    }),
  },
);

/** The change messages for `ops` after an image of empty, open markets, and the reference state they lead to. */
function script(ops: readonly Op[]): {
  image: MarketChangeMessage;
  deltas: MarketChange[];
  reference: Reference;
  status: Map<string, string>;
} {
  const reference: Reference = new Map();
  const status = new Map(MARKETS.map((m) => [m, 'OPEN']));
  const deltas: MarketChange[] = [];
  for (const o of ops) {
    if (o.kind === 'status') {
      status.set(o.market, o.status);
      deltas.push({ id: o.market, marketDefinition: definition(o.status) });
      continue;
    }
    const key = `${o.market}/${o.runner}/${o.side}`;
    const old = reference.get(key) ?? null;
    reference.set(key, o.level);
    // As Betfair sends it: the new level, or the old price with size 0 to remove it.
    const entry = o.level !== null ? [0, o.level[0], o.level[1]] : old !== null ? [0, old[0], 0] : null;
    deltas.push({ id: o.market, rc: [{ id: o.runner, ...(entry === null ? {} : { [o.side]: [entry] }) }] });
  }
  const image: MarketChangeMessage = {
    op: 'mcm',
    ct: 'SUB_IMAGE',
    initialClk: 'clk:0',
    clk: 'clk:0',
    pt: 0,
    mc: MARKETS.map((id) => ({ id, img: true, marketDefinition: definition('OPEN') })),
  };
  return { image, deltas, reference, status };
}

const delta = (change: MarketChange, i: number): MarketChangeMessage => ({ op: 'mcm', clk: `clk:${i + 1}`, pt: i + 1, mc: [change] });

function stateOf(cache: MarketCache): { prices: Record<string, Level>; status: Record<string, string | undefined> } {
  const prices: Record<string, Level> = {};
  const status: Record<string, string | undefined> = {};
  for (const m of MARKETS) {
    status[m] = cache.markets().get(m)?.definition?.status;
    for (const r of RUNNERS) {
      const runner = cache.markets().get(m)?.runners.get(String(r));
      for (const side of ['batb', 'batl'] as const) {
        const best = runner === undefined ? null : bestOf(runner, side === 'batb' ? 'back' : 'lay');
        prices[`${m}/${r}/${side}`] = best === null ? null : [best.price, best.size];
      }
    }
  }
  return { prices, status };
}

function referenceState(reference: Reference, status: Map<string, string>): ReturnType<typeof stateOf> {
  const prices: Record<string, Level> = {};
  for (const m of MARKETS)
    for (const r of RUNNERS) for (const side of ['batb', 'batl']) prices[`${m}/${r}/${side}`] = reference.get(`${m}/${r}/${side}`) ?? null;
  return { prices, status: Object.fromEntries(status) };
}

describe('the Betfair market cache (laws)', () => {
  it('applying the image and every delta ends in the reference state (size 0 removes a level)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const { image, deltas, reference, status } = script(ops);
        const cache = createMarketCache();
        cache.apply(image);
        deltas.forEach((d, i) => cache.apply(delta(d, i)));
        expect(stateOf(cache)).toEqual(referenceState(reference, status));
      }),
    );
  });

  it('resuming from any clock with the merged changes after it ends where the unbroken stream ends', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), fc.nat(), (ops, at) => {
        const { image, deltas, reference, status } = script(ops);
        const k = at % (deltas.length + 1);
        const cache = createMarketCache();
        cache.apply(image);
        deltas.slice(0, k).forEach((d, i) => cache.apply(delta(d, i)));
        expect(cache.clk).toBe(`clk:${k}`);
        cache.apply({ op: 'mcm', ct: 'RESUB_DELTA', clk: `clk:${deltas.length}`, pt: 99, mc: mergeChanges(deltas.slice(k)) });
        expect(stateOf(cache)).toEqual(referenceState(reference, status));
        expect(cache.initialClk).toBe('clk:0');
      }),
    );
  });
});
