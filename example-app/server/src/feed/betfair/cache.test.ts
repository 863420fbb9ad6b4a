import { describe, expect, it } from 'vitest';
import { bestOf, createMarketCache } from './cache';
import type { MarketChangeMessage, MarketDefinition } from './protocol';

const definition = (status: MarketDefinition['status'] = 'OPEN'): MarketDefinition => ({
  eventId: 'e1',
  eventTypeId: '1',
  marketType: 'MATCH_ODDS',
  status,
  runners: [
    { id: 1, status: 'ACTIVE' },
    { id: 2, status: 'ACTIVE' },
  ],
});

const image: MarketChangeMessage = {
  op: 'mcm',
  id: 2,
  ct: 'SUB_IMAGE',
  initialClk: 'i0',
  clk: 'c0',
  pt: 1000,
  mc: [
    {
      id: '1.1',
      img: true,
      marketDefinition: definition(),
      rc: [
        { id: 1, batb: [[0, 2.1, 100]], batl: [[0, 2.14, 50]] },
        { id: 2, batb: [[0, 3.5, 20]] },
      ],
    },
  ],
};

const runner = (cache: ReturnType<typeof createMarketCache>, market: string, id: string) => cache.markets().get(market)?.runners.get(id);

describe('the Betfair market cache', () => {
  it('holds a full image with its clocks', () => {
    const cache = createMarketCache();
    expect(cache.apply(image)).toBe(true);
    expect(cache.initialClk).toBe('i0');
    expect(cache.clk).toBe('c0');
    const r1 = runner(cache, '1.1', '1');
    expect(r1 && bestOf(r1, 'back')).toEqual({ price: 2.1, size: 100 });
    expect(r1 && bestOf(r1, 'lay')).toEqual({ price: 2.14, size: 50 });
    const r2 = runner(cache, '1.1', '2');
    expect(r2 && bestOf(r2, 'lay')).toBeNull();
  });

  it('applies deltas: a price moves, a level with size 0 is removed, the clock advances', () => {
    const cache = createMarketCache();
    cache.apply(image);
    cache.apply({
      op: 'mcm',
      id: 2,
      clk: 'c1',
      pt: 1100,
      mc: [{ id: '1.1', rc: [{ id: 1, batb: [[0, 2.12, 75.5]], batl: [[0, 2.14, 0]] }] }],
    });
    const r1 = runner(cache, '1.1', '1');
    expect(r1 && bestOf(r1, 'back')).toEqual({ price: 2.12, size: 75.5 });
    expect(r1 && bestOf(r1, 'lay')).toBeNull();
    expect(r1?.updatedAt).toBe(1100);
    // the other runner was not touched by the delta
    expect(runner(cache, '1.1', '2')?.updatedAt).toBe(1000);
    expect(cache.clk).toBe('c1');
    expect(cache.initialClk).toBe('i0');
  });

  it('takes the best of a price ladder (atb: highest, atl: lowest) and removes a price sent with size 0', () => {
    const cache = createMarketCache();
    cache.apply({
      op: 'mcm',
      pt: 1,
      ct: 'SUB_IMAGE',
      mc: [
        {
          id: '1.2',
          img: true,
          marketDefinition: definition(),
          rc: [
            {
              id: 1,
              atb: [
                [2.0, 10],
                [2.2, 5],
                [2.1, 7],
              ],
              atl: [
                [2.4, 3],
                [2.3, 9],
              ],
            },
          ],
        },
      ],
    });
    cache.apply({ op: 'mcm', pt: 2, mc: [{ id: '1.2', rc: [{ id: 1, atb: [[2.2, 0]], atl: [[2.3, 0]] }] }] });
    const r = runner(cache, '1.2', '1');
    expect(r && bestOf(r, 'back')).toEqual({ price: 2.1, size: 7 });
    expect(r && bestOf(r, 'lay')).toEqual({ price: 2.4, size: 3 });
  });

  it('replaces one market on img: true, keeping its definition when the image brings none', () => {
    const cache = createMarketCache();
    cache.apply(image);
    cache.apply({
      op: 'mcm',
      id: 2,
      ct: 'RESUB_DELTA',
      clk: 'c2',
      pt: 1200,
      mc: [{ id: '1.1', img: true, con: true, rc: [{ id: 2, batl: [[0, 3.6, 11]] }] }],
    });
    const market = cache.markets().get('1.1');
    expect(market?.definition?.status).toBe('OPEN');
    expect([...(market?.runners.keys() ?? [])]).toEqual(['2']);
  });

  it('replaces the whole cache on a later SUB_IMAGE, across segments', () => {
    const cache = createMarketCache();
    cache.apply(image);
    const next = { op: 'mcm', id: 2, ct: 'SUB_IMAGE', pt: 2000 } as const;
    cache.apply({ ...next, segmentType: 'SEG_START', mc: [{ id: '1.5', img: true, marketDefinition: definition() }] });
    cache.apply({ ...next, segmentType: 'SEG_END', mc: [{ id: '1.6', img: true, marketDefinition: definition() }] });
    expect([...cache.markets().keys()]).toEqual(['1.5', '1.6']);
  });

  it('drops a market once its definition says CLOSED', () => {
    const cache = createMarketCache();
    cache.apply(image);
    cache.apply({ op: 'mcm', id: 2, pt: 1300, mc: [{ id: '1.1', marketDefinition: definition('CLOSED') }] });
    expect(cache.markets().has('1.1')).toBe(false);
  });

  it('keeps the clock of a heartbeat without changing a market', () => {
    const cache = createMarketCache();
    cache.apply(image);
    expect(cache.apply({ op: 'mcm', id: 2, ct: 'HEARTBEAT', clk: 'c9', pt: 5000 })).toBe(false);
    expect(cache.clk).toBe('c9');
    expect(cache.markets().get('1.1')?.updatedAt).toBe(1000);
  });

  it('keeps the clocks of a segmented change only once its last segment has arrived', () => {
    const cache = createMarketCache();
    cache.apply(image);
    const resub = { op: 'mcm', id: 2, ct: 'RESUB_DELTA', pt: 3000 } as const;
    cache.apply({
      ...resub,
      segmentType: 'SEG_START',
      initialClk: 'i1',
      clk: 'c5',
      mc: [{ id: '1.1', rc: [{ id: 1, batb: [[0, 2.2, 9]] }] }],
    });
    cache.apply({ ...resub, segmentType: 'SEG', clk: 'c5', mc: [{ id: '1.1', rc: [{ id: 2, batb: [[0, 3.6, 9]] }] }] });
    // A connection lost here must resume from before the segments: the rest of the change is not applied.
    expect([cache.initialClk, cache.clk]).toEqual(['i0', 'c0']);
    cache.apply({ ...resub, segmentType: 'SEG_END', clk: 'c5', mc: [] });
    expect([cache.initialClk, cache.clk]).toEqual(['i1', 'c5']);
  });

  it('forgets its clocks when told to', () => {
    const cache = createMarketCache();
    cache.apply(image);
    cache.forgetClocks();
    expect([cache.initialClk, cache.clk]).toEqual([undefined, undefined]);
  });
});
