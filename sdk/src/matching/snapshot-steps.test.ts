import { describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '../errors/errors';
import { createOddsmatcher } from './oddsmatcher';
import { indexMarketSnapshot, indexMarketSnapshotInSteps, parseMarketSnapshot } from './snapshot';
import { snapshotOf } from './steps-fixture';

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('indexMarketSnapshotInSteps', () => {
  it('validates in chunks with a pause between them, and gives the same snapshot, index and ranking as indexMarketSnapshot', async () => {
    const input = snapshotOf(100);
    let pauses = 0;
    const index = await indexMarketSnapshotInSteps(input, { chunkSize: 50, pause: () => (pauses++, Promise.resolve()) });
    // 800 records: a pause every 50 while validating, again while checking the links, freezing and indexing.
    expect(pauses).toBeGreaterThanOrEqual(4 * Math.floor((100 + 100 + 400 + 200) / 50));
    const whole = indexMarketSnapshot(input);
    expect(index.snapshot).toEqual(whole.snapshot);
    expect(Object.isFrozen(index.snapshot.backPrices[0])).toBe(true);
    expect(index.selections.length).toBe(whole.selections.length);
    expect(index.selection('e3/a')?.backPrices).toEqual(whole.selection('e3/a')?.backPrices);
    const a = createOddsmatcher({ limit: 50 });
    a.load(index);
    const b = createOddsmatcher({ limit: 50 });
    b.load(input);
    expect(a.getSnapshot()).toEqual(b.getSnapshot());
  });

  it('rejects a bad record or a broken link with the same issues, by path, as parseMarketSnapshot', async () => {
    const bad = snapshotOf(20);
    (bad.backPrices[33] as { odds: unknown }).odds = 'two';
    (bad.exchangePrices[7] as { commission: number }).commission = 3;
    const whole = (() => {
      try {
        parseMarketSnapshot(bad);
      } catch (e) {
        return e;
      }
    })();
    const steps = await rejection(indexMarketSnapshotInSteps(bad, { chunkSize: 10, pause: () => Promise.resolve() }));
    expect(steps).toBeInstanceOf(MatchkitValidationError);
    expect((steps as MatchkitValidationError).issues).toEqual((whole as MatchkitValidationError).issues);
    expect((steps as MatchkitValidationError).issues.map((i) => i.path)).toContain('backPrices.33.odds');

    const unlinked = snapshotOf(5);
    unlinked.backPrices.push({ bookmaker: 'bet-co', selectionId: 'nowhere', odds: 2 });
    const e = await rejection(indexMarketSnapshotInSteps(unlinked, { chunkSize: 3 }));
    expect((e as MatchkitValidationError).issues).toEqual([{ path: 'backPrices.20.selectionId', message: 'unknown runner nowhere' }]);
    expect(await rejection(indexMarketSnapshotInSteps(null))).toBeInstanceOf(MatchkitValidationError);
  });

  it('finds every broken link, in every section, with the same issues in the same order as parseMarketSnapshot', async () => {
    const unlinked = snapshotOf(10);
    const [event, market, back, lay, otherLay] = [
      unlinked.events[2],
      unlinked.markets[4],
      unlinked.backPrices[5],
      unlinked.exchangePrices[3],
      unlinked.exchangePrices[1],
    ];
    if (!event || !market || !back || !lay || !otherLay) throw new Error('the fixture is too small');
    unlinked.events.push({ ...event });
    unlinked.markets.push({ ...market, id: 'e4/other', eventId: 'nowhere' });
    unlinked.backPrices.push({ ...back }, { bookmaker: 'bet-co', selectionId: 'gone', odds: 2 });
    unlinked.exchangePrices.push({ ...lay, selectionId: 'gone' }, { ...otherLay });
    let whole: unknown;
    try {
      parseMarketSnapshot(unlinked);
    } catch (e) {
      whole = e;
    }
    const issues = (whole as MatchkitValidationError).issues;
    expect(issues.length).toBeGreaterThanOrEqual(7);
    for (const chunkSize of [1, 3, 1000]) {
      const steps = await rejection(indexMarketSnapshotInSteps(unlinked, { chunkSize, pause: () => Promise.resolve() }));
      expect((steps as MatchkitValidationError).issues).toEqual(issues);
    }
  });

  it('stops at a pause while checking the links or indexing, once aborted', async () => {
    const input = snapshotOf(50);
    // 50 + 50 + 200 + 100 records validated, a pause after every 10 past the first: 39 pauses.
    for (const at of [45, 90, 150]) {
      const controller = new AbortController();
      let pauses = 0;
      const p = indexMarketSnapshotInSteps(input, {
        chunkSize: 10,
        pause: () => (++pauses === at && controller.abort(new Error(`gone at ${at}`)), Promise.resolve()),
        signal: controller.signal,
      });
      expect(await rejection(p)).toEqual(new Error(`gone at ${at}`));
    }
  });

  it('stops at the next pause once aborted', async () => {
    const controller = new AbortController();
    const p = indexMarketSnapshotInSteps(snapshotOf(50), {
      chunkSize: 10,
      pause: () => (controller.abort(new Error('gone')), Promise.resolve()),
      signal: controller.signal,
    });
    expect(await rejection(p)).toEqual(new Error('gone'));
  });
});
