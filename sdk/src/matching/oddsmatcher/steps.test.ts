import { describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '../../errors/errors';
import { createOddsmatcher } from './store';
import { snapshotOf } from '../steps-fixture';

describe('Oddsmatcher.loadInSteps', () => {
  it('pauses between steps, keeps the rows ranked before until it is done, then shows the same rows as load', async () => {
    const matcher = createOddsmatcher({ limit: 100 });
    matcher.load(snapshotOf(3));
    const before = matcher.getSnapshot();
    let pauses = 0;
    let during: unknown = null;
    const pause = () => {
      pauses++;
      during ??= matcher.getSnapshot();
      return Promise.resolve();
    };
    let published = 0;
    matcher.subscribe(() => published++);
    await matcher.loadInSteps(snapshotOf(200), { chunkSize: 50, pause });
    expect(pauses).toBeGreaterThan(10);
    expect(during).toBe(before);
    expect(published).toBe(1);
    const once = createOddsmatcher({ limit: 100 });
    once.load(snapshotOf(200));
    expect(matcher.getSnapshot()).toEqual(once.getSnapshot());
  });

  it('makes the top rows a quarter of chunkSize a step', async () => {
    const pausesFor = async (limit: number) => {
      let pauses = 0;
      await createOddsmatcher({ limit }).loadInSteps(snapshotOf(100), { chunkSize: 40, pause: () => (pauses++, Promise.resolve()) });
      return pauses;
    };
    // 96 more rows to make: 9 more steps of 10 rows (3 of 40 would be the chunk size's own).
    expect((await pausesFor(100)) - (await pausesFor(4))).toBeGreaterThanOrEqual(9);
  });

  it('keeps options set meanwhile, and stops (leaving the rows as they were) when aborted or replaced by a later load', async () => {
    const matcher = createOddsmatcher({ limit: 10 });
    let n = 0;
    const loading = matcher.loadInSteps(snapshotOf(50), {
      chunkSize: 20,
      pause: () => {
        if (++n === 5) matcher.setOptions({ rankBy: 'snrRetention' });
        return Promise.resolve();
      },
    });
    await loading;
    const once = createOddsmatcher({ limit: 10, rankBy: 'snrRetention' });
    once.load(snapshotOf(50));
    expect(matcher.getSnapshot()).toEqual(once.getSnapshot());

    const shown = matcher.getSnapshot();
    const abort = new AbortController();
    const stopped = matcher.loadInSteps(snapshotOf(50, 1), {
      chunkSize: 20,
      signal: abort.signal,
      pause: () => (abort.abort(new Error('gone')), Promise.resolve()),
    });
    await expect(stopped).rejects.toThrow('gone');
    expect(matcher.getSnapshot()).toBe(shown);

    const replaced = matcher.loadInSteps(snapshotOf(50, 1), { chunkSize: 20, pause: () => Promise.resolve() });
    matcher.load(snapshotOf(20));
    await expect(replaced).rejects.toMatchObject({ name: 'AbortError' });
    const twenty = createOddsmatcher({ limit: 10, rankBy: 'snrRetention' });
    twenty.load(snapshotOf(20));
    expect(matcher.getSnapshot()).toEqual(twenty.getSnapshot());
  });

  it('rejects an invalid raw snapshot with the same error as load, and changes nothing', async () => {
    const matcher = createOddsmatcher();
    const bad = { ...snapshotOf(2), backPrices: [{ bookmaker: 'bet-co', selectionId: 'nope', odds: 2 }] };
    const error = await matcher.loadInSteps(bad, { chunkSize: 1, pause: () => Promise.resolve() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MatchkitValidationError);
    expect(() => createOddsmatcher().load(bad)).toThrow((error as Error).message);
    expect(matcher.getSnapshot()).toEqual([]);
  });
});
