import { describe, expect, it, vi } from 'vitest';
import { createIntegrationsStore, type IntegrationsState, type IntegrationsStore } from '@matchkit/sdk/integrations';
import type { PushManager, PushState, PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { createAppPushManager } from '../features/push/push';
import { createLazyIntegrationsStore, createLazyPushManager, INTEGRATIONS_INITIAL_STATE, lazyStore, PUSH_INITIAL_STATE } from './lazyStore';

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
  it("starts in the sdk push manager's first state", async () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const transport = { request: () => Promise.resolve({ data: { pushPublicKey: key } }) } as unknown as Pick<GraphQLClient, 'request'>;
    expect((await createAppPushManager(transport)).getSnapshot()).toEqual(PUSH_INITIAL_STATE);
  });

  it('loads the manager on the first call and hands it every call', async () => {
    const state: PushState<PushSubscriptionJSONLike> = { status: 'default', subscription: null, busy: false, error: null };
    const real = {
      ...counter({ n: 0 }),
      getSnapshot: () => state,
      refresh: vi.fn(() => Promise.resolve(state)),
      enable: vi.fn(() => Promise.resolve(state)),
      disable: vi.fn(() => Promise.resolve(state)),
    };
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
  const real = (): IntegrationsStore =>
    createIntegrationsStore({ check: () => Promise.resolve({ data: { betfair: 'connected' }, error: false }), onFocus: () => () => {} });

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
