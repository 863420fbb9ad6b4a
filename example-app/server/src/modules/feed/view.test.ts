import { describe, expect, it } from 'vitest';
import { createSteppedFeed } from '@matchkit/app-contract/feed';
import { feedIndexer, indexFeed } from './view';

const NOON = Date.UTC(2026, 5, 1, 12);

describe('the feed index of each patch', () => {
  it('law: the remembered index equals a fresh one at every tick, events starting and going included', () => {
    let now = NOON;
    // A short horizon: events start (and are replaced) within the run.
    const feed = createSteppedFeed({ seed: 3, clock: () => now, eventCount: 12, intervalMs: 5_000, horizonMs: 60_000 });
    const indexer = feedIndexer();
    let reused = 0;
    let replaced = 0;
    let last = indexer(feed.snapshot().market);
    for (let i = 0; i < 120; i++) {
      now += feed.intervalMs;
      const patch = feed.tick();
      if (patch.upserts.events.length > 0) replaced += 1;
      const market = feed.snapshot().market;
      for (const delta of [undefined, patch.upserts]) {
        const index = indexer(market, delta);
        expect(index).toEqual(indexFeed(market, delta));
        if (index === last) reused += 1;
        last = index;
      }
    }
    // Both ways were taken: most ticks reuse the index, the ticks that start an event build one.
    expect(reused).toBeGreaterThan(100);
    expect(replaced).toBeGreaterThan(0);
  });

  it('indexes again when the events or markets are new arrays, or the delta brings either', () => {
    const event = { id: 'e1', sport: 'football', name: 'A v B', startsAt: '2026-06-01T15:00:00.000Z' };
    const market = { id: 'm1', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'r1', name: 'A' }] };
    const snapshot = { events: [event], markets: [market], backPrices: [], exchangePrices: [] };
    const indexer = feedIndexer();
    const first = indexer(snapshot);
    expect(indexer({ ...snapshot })).toBe(first);
    const golf = { ...snapshot, events: [{ ...event, sport: 'golf' }] };
    const moved = indexer(golf);
    expect(moved).not.toBe(first);
    expect(moved.sportOfEvent.get('e1')).toBe('golf');
    const delta = { events: [{ ...event, id: 'e2' }], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };
    const withDelta = indexer(golf, delta);
    expect(withDelta.sportOfEvent.get('e2')).toBe('football');
    // A delta's index is not remembered for the bare market after it.
    expect(indexer(golf)).toBe(moved);
    expect(indexer({ ...golf, markets: [market] }).eventOfMarket.get('m1')).toBe('e1');
    expect(indexer(golf)).not.toBe(moved);
  });
});
