import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as AnalyticsModule from './analytics';
import { createMemoryStorage } from './storage';
import { recordingLogger } from './testing/loopback-server';

// The engine (runtime.ts) is loaded by `init` with import(); these tests replace it to see when
// it is loaded and what happens when it cannot be.

afterEach(() => {
  vi.doUnmock('./runtime');
  vi.resetModules();
});

async function analyticsWithEngine(factory: () => Record<string, never>): Promise<typeof AnalyticsModule> {
  vi.resetModules();
  vi.doMock('./runtime', factory);
  return import('./analytics');
}

describe('the analytics engine, loaded by init', () => {
  it('is not loaded by creating an instance, by calls before init, or by init without a key; init with one loads it', async () => {
    let loads = 0;
    const { createAnalytics } = await analyticsWithEngine(() => {
      loads += 1;
      return {};
    });
    const logger = recordingLogger();
    const a = createAnalytics({ storage: createMemoryStorage(), logger });
    a.track('page_view');
    await a.flush();
    expect(a.captureRequest({ url: 'https://api.example/x', status: 502 })).toBe(false);
    await a.init({ apiKey: '' });
    expect(a.getSnapshot().status).toBe('disabled');
    expect(loads).toBe(0);
    const b = createAnalytics({ storage: createMemoryStorage(), logger });
    await b.init({ apiKey: 'KEY' }); // this stand-in engine has no startEngine: b ends up disabled
    expect(loads).toBe(1);
  });

  it('is not loaded when init rejects its options', async () => {
    let loads = 0;
    const { createAnalytics } = await analyticsWithEngine(() => {
      loads += 1;
      return {};
    });
    const a = createAnalytics({ storage: createMemoryStorage(), logger: recordingLogger() });
    await expect(a.init({ apiKey: 'KEY', maxQueuedEvents: 0 })).rejects.toThrow(/maxQueuedEvents/);
    expect(a.getSnapshot().status).toBe('uninitialised');
    expect(loads).toBe(0);
  });

  it('disables the instance, logging why, when it cannot be loaded; calls made meanwhile are dropped', async () => {
    const { createAnalytics } = await analyticsWithEngine(() => {
      throw new Error('chunk failed to load');
    });
    const logger = recordingLogger();
    const a = createAnalytics({ storage: createMemoryStorage(), logger });
    const ready = a.init({ apiKey: 'KEY' });
    expect(a.getSnapshot().status).toBe('initialising');
    a.track('early');
    await ready;
    expect(a.getSnapshot()).toMatchObject({ status: 'disabled', queued: 0 });
    expect(logger.lines.map((l) => [l.level, l.message])).toEqual([['error', 'analytics initialisation failed: analytics is disabled']]);
    a.track('later');
    await expect(a.flush()).resolves.toBeUndefined();
    expect(logger.lines).toHaveLength(1);
    await a.shutdown();
  });
});
