import { describe, expect, it, vi } from 'vitest';
import { createAnalytics, type Analytics, type AnalyticsState } from '@matchkit/sdk/analytics';
import { createIntegrationsStore, type IntegrationsState, type IntegrationsStore } from '@matchkit/sdk/integrations';
import type { PushManager, PushState, PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import { createAppPushManager } from '../features/push/push';
import {
  ANALYTICS_INITIAL_STATE,
  createLazyAnalytics,
  createLazyIntegrationsStore,
  createLazyPushManager,
  INTEGRATIONS_INITIAL_STATE,
  lazyStore,
  PUSH_INITIAL_STATE,
} from './lazyStore';

type State = { readonly n: number };

/** A small real store whose state the test sets. */
function counter(initial: State) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    set(next: State) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyStore', () => {
  it('shows the first state and loads nothing until load(), then follows the real store', async () => {
    const initial = { n: 0 };
    const real = counter({ n: 0 });
    const create = vi.fn(() => Promise.resolve(real));
    const store = lazyStore(initial, create);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toBe(initial);
    expect(create).not.toHaveBeenCalled();
    expect(await store.load()).toBe(real);
    expect(await store.load()).toBe(real);
    expect(create).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    real.set({ n: 1 });
    expect(store.getSnapshot()).toEqual({ n: 1 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('tries again after a failed load', async () => {
    const real = counter({ n: 0 });
    const create = vi.fn<() => Promise<typeof real>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(real);
    const store = lazyStore({ n: 0 }, create);
    await expect(store.load()).rejects.toThrow('Failed to fetch');
    expect(await store.load()).toBe(real);
  });
});

describe('createLazyPushManager', () => {
  it("starts in the sdk push manager's first state", () => {
    expect(createAppPushManager().getSnapshot()).toEqual(PUSH_INITIAL_STATE);
  });

  it('loads the manager on the first call and hands it every call', async () => {
    const state: PushState<PushSubscriptionJSONLike> = { status: 'default', subscription: null, busy: false, error: null };
    const real = { ...counter({ n: 0 }), getSnapshot: () => state, refresh: vi.fn(() => Promise.resolve(state)), enable: vi.fn(() => Promise.resolve(state)), disable: vi.fn(() => Promise.resolve(state)) };
    const create = vi.fn(() => Promise.resolve(real as unknown as PushManager<PushSubscriptionJSONLike>));
    const push = createLazyPushManager(create);
    expect(push.getSnapshot()).toBe(PUSH_INITIAL_STATE);
    expect(await push.refresh()).toBe(state);
    await push.enable();
    await push.disable();
    expect(create).toHaveBeenCalledTimes(1);
    expect([real.refresh, real.enable, real.disable].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    expect(push.getSnapshot()).toBe(state);
  });

  it('shows a failed load as the state’s error, never rejecting', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const push = createLazyPushManager(() => Promise.reject(failure));
    const state = await push.refresh();
    expect(state).toEqual({ ...PUSH_INITIAL_STATE, error: failure });
    expect(push.getSnapshot()).toBe(state);
  });
});

describe('createLazyIntegrationsStore', () => {
  const real = (): IntegrationsStore => createIntegrationsStore({ check: () => Promise.resolve({ data: { betfair: 'connected' }, error: false }), onFocus: () => () => {} });

  it("starts in the sdk integrations store's first state", () => {
    expect(real().getSnapshot()).toEqual(INTEGRATIONS_INITIAL_STATE);
  });

  it('loads the store when started and checks through it', async () => {
    const store = real();
    const create = vi.fn(() => Promise.resolve(store));
    const lazy = createLazyIntegrationsStore(create);
    const stop = lazy.start();
    expect(lazy.start()).toBe(stop);
    await flush();
    await flush();
    expect(create).toHaveBeenCalledTimes(1);
    expect(lazy.getSnapshot().statuses).toEqual({ betfair: 'connected' });
    stop();
  });

  it('does not start a store whose start was stopped while it loaded', async () => {
    const store = real();
    const start = vi.spyOn(store, 'start');
    const lazy = createLazyIntegrationsStore(() => Promise.resolve(store));
    lazy.start()();
    await flush();
    expect(start).not.toHaveBeenCalled();
    expect(lazy.getSnapshot()).toEqual<IntegrationsState>(INTEGRATIONS_INITIAL_STATE);
  });

  it('logs a failed load on refresh and resolves; logout rejects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const lazy = createLazyIntegrationsStore(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(lazy.refresh()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    await expect(lazy.logout('betfair')).rejects.toThrow('Failed to fetch');
    warn.mockRestore();
  });
});

describe('createLazyAnalytics', () => {
  /** A session that records the calls it is given, in order. */
  function recordingSession() {
    const calls: string[] = [];
    let state: AnalyticsState = ANALYTICS_INITIAL_STATE;
    const listeners = new Set<() => void>();
    const set = (patch: Partial<AnalyticsState>) => {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    };
    const session: Analytics = {
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getSnapshot: () => state,
      init: (options) => {
        calls.push(`init ${options.userId ?? ''}`);
        set({ status: 'ready', userId: options.userId ?? state.userId });
        return Promise.resolve();
      },
      track: (eventType) => void calls.push(`track ${eventType}`),
      setUserId: (id) => {
        calls.push(`setUserId ${id ?? ''}`);
        set({ userId: id });
      },
      flush: () => {
        calls.push('flush');
        return Promise.resolve();
      },
      shutdown: () => {
        calls.push('shutdown');
        set({ status: 'shut-down' });
        return Promise.resolve();
      },
    };
    return { session, calls };
  }

  it("starts in the sdk session's first state and loads nothing before init", async () => {
    expect(createAnalytics().getSnapshot()).toEqual(ANALYTICS_INITIAL_STATE);
    const create = vi.fn(() => Promise.resolve(recordingSession().session));
    const analytics = createLazyAnalytics(create);
    analytics.track('page_view');
    await analytics.flush();
    expect(analytics.getSnapshot()).toBe(ANALYTICS_INITIAL_STATE);
    expect(create).not.toHaveBeenCalled();
  });

  it('is initialising at once on init, and hands the session every call in order once loaded', async () => {
    const { session, calls } = recordingSession();
    const analytics = createLazyAnalytics(() => Promise.resolve(session));
    analytics.setUserId('member-1');
    expect(analytics.getSnapshot().userId).toBe('member-1');
    const started = analytics.init({ apiKey: 'key' });
    expect(analytics.getSnapshot()).toMatchObject({ status: 'initialising', userId: 'member-1' });
    analytics.track('page_view');
    const flushed = analytics.flush();
    await started;
    await flushed;
    expect(calls).toEqual(['setUserId member-1', 'init ', 'track page_view', 'flush']);
    expect(analytics.getSnapshot()).toMatchObject({ status: 'ready', userId: 'member-1' });
    analytics.track('click');
    expect(calls.at(-1)).toBe('track click');
  });

  it('shuts down without loading anything when it never started, and then ignores init', async () => {
    const create = vi.fn(() => Promise.resolve(recordingSession().session));
    const analytics = createLazyAnalytics(create);
    await analytics.shutdown();
    expect(analytics.getSnapshot().status).toBe('shut-down');
    await analytics.init({ apiKey: 'key' });
    expect(create).not.toHaveBeenCalled();
  });

  it("refuses a bad user id at once with the sdk session's own error, before init and while loading", async () => {
    const bad = (run: () => void): unknown => {
      try {
        run();
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    const { session, calls } = recordingSession();
    const analytics = createLazyAnalytics(() => Promise.resolve(session));
    for (const id of ['abcd', '', 42, undefined] as unknown as string[]) {
      const expected = bad(() => createAnalytics().setUserId(id));
      expect(expected).toBeInstanceOf(MatchkitValidationError);
      const refused = bad(() => analytics.setUserId(id));
      expect(refused).toBeInstanceOf(MatchkitValidationError);
      expect(refused).toMatchObject({ message: (expected as Error).message, issues: (expected as MatchkitValidationError).issues });
    }
    expect(analytics.getSnapshot().userId).toBeNull();
    // While the session loads, the shortest id is the one init gives, as the session's own.
    const started = analytics.init({ apiKey: 'key', upload: { minIdLength: 8 } });
    expect(bad(() => analytics.setUserId('member1'))).toMatchObject({ issues: [{ path: 'userId', message: 'must be a string of at least 8 characters, or null' }] });
    analytics.setUserId('member-1');
    await started;
    expect(calls).toEqual(['init ', 'setUserId member-1']);
  });

  it('keeps only the last user id set before init, however many are set while analytics is not accepted', async () => {
    const { session, calls } = recordingSession();
    const analytics = createLazyAnalytics(() => Promise.resolve(session));
    for (let i = 0; i < 1000; i += 1) analytics.setUserId(`member-${i}`);
    analytics.setUserId(null);
    analytics.setUserId('member-last');
    expect(analytics.getSnapshot().userId).toBe('member-last');
    await analytics.init({ apiKey: 'key' });
    expect(calls).toEqual(['setUserId member-last', 'init ']);
  });

  it('rejects init with the error of a failed load and is uninitialised again', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const analytics = createLazyAnalytics(() => Promise.reject(failure));
    await expect(analytics.init({ apiKey: 'key' })).rejects.toBe(failure);
    expect(analytics.getSnapshot()).toEqual(ANALYTICS_INITIAL_STATE);
  });
});
