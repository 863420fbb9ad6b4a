import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors';
import { createClickTracking } from './click';
import { createAnalytics } from './analytics';
import { createMemoryStorage } from './storage';
import { recordingLogger } from './testing/loopback-server';

// The waits against a live upload are in analytics.test.ts; these are the piece's own rules.

/** A stand-in instance: what createClickTracking reads of one, with a status that the test sets. */
function standIn(status: 'ready' | 'disabled', flush: () => Promise<void>) {
  const tracked: string[] = [];
  return {
    tracked,
    analytics: {
      track: (eventType: string) => void tracked.push(eventType),
      flush,
      getSnapshot: () => ({ status }) as ReturnType<ReturnType<typeof createAnalytics>['getSnapshot']>,
    },
  };
}

describe('createClickTracking', () => {
  it('validates its options, naming every bad field', () => {
    try {
      createClickTracking({} as never, { delayMs: -1, timers: { setTimeout: 1 } as never });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toEqual(['analytics', 'delayMs', 'timers']);
    }
    const clicks = createClickTracking(createAnalytics({ storage: createMemoryStorage(), logger: recordingLogger() }));
    expect(() => clicks.trackClick('go', undefined, 'not a function' as never)).toThrow(/navigate/);
  });

  it('navigates at once, without waiting, when the instance is not running', async () => {
    const { analytics, tracked } = standIn('disabled', () => new Promise(() => undefined));
    let navigated = 0;
    const done = createClickTracking(analytics, {
      timers: { setTimeout: () => expect.unreachable(), clearTimeout: () => undefined },
    }).trackClick('go', undefined, () => (navigated += 1));
    expect(navigated).toBe(1); // synchronously, before the promise settles
    await done;
    expect(tracked).toEqual(['go']);
  });

  it('waits 500 ms by default (spec section 9), the catalogue value of another brand when given one, or delayMs', () => {
    const waits: number[] = [];
    const timers = { setTimeout: (_: () => void, ms: number) => waits.push(ms), clearTimeout: () => undefined };
    const { analytics } = standIn('ready', () => new Promise(() => undefined));
    void createClickTracking(analytics, { timers }).trackClick('a', undefined, () => undefined);
    const brand = {
      analytics: { sessionTimeoutMs: 1, clickTrackingDelayMs: 250, networkCaptureStatus: { min: 500, max: 599 }, maxQueuedEvents: 1 },
    };
    void createClickTracking(analytics, { timers, brand }).trackClick('b', undefined, () => undefined);
    void createClickTracking(analytics, { timers, brand, delayMs: 0 }).trackClick('c', undefined, () => undefined);
    expect(waits).toEqual([500, 250, 0]);
  });

  it('navigates once when the upload finishes first, clearing the wait, and rejects with what navigate throws', async () => {
    const cleared: unknown[] = [];
    const timers = { setTimeout: () => 'handle', clearTimeout: (h: unknown) => void cleared.push(h) };
    const { analytics } = standIn('ready', () => Promise.resolve());
    let navigated = 0;
    await createClickTracking(analytics, { timers }).trackClick('a', undefined, () => (navigated += 1));
    expect([navigated, cleared]).toEqual([1, ['handle']]);
    const failing = createClickTracking(analytics, { timers }).trackClick('b', undefined, () => {
      throw new Error('navigation failed');
    });
    await expect(failing).rejects.toThrow('navigation failed');
  });
});
