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
    expect(pauses).toBeGreaterThanOrEqual(Math.floor((100 + 100 + 400 + 200) / 50));
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
