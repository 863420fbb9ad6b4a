// Stand-ins for the sdk stores that the first page does not use (push on the settings page,
// integrations on the balance sheet): the
// store's code is a chunk of its own, loaded the first time it is needed, so the first page does
// not download it. Until then the stand-in shows the real
// store's first state; from then on it follows the real store. docs/app.md says why.
import type { PushManager, PushState, PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import type { IntegrationsState, IntegrationsStore } from '@matchkit/sdk/integrations';

/** What a store is read through (the sdk's ReadableStore shape). */
interface Readable<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/** A store read before its code has loaded, and the call that loads it. */
export interface LazyStore<T extends Readable<S>, S> extends Readable<S> {
  /** The real store, created on the first call (the same promise after; a failed load is tried again). */
  load(): Promise<T>;
  /** The real store once loaded, else null. */
  loaded(): T | null;
  /** Shows `state` until the real store has loaded (a failed load, as the store itself would). */
  setFallback(state: S): void;
}

/**
 * A stand-in for the store `create` makes: `initial` (the real store's first state) until the
 * first `load()`, then the real store's state, its listeners told of each change.
 */
export function lazyStore<T extends Readable<S>, S>(initial: S, create: () => Promise<T>): LazyStore<T, S> {
  let real: T | null = null;
  let fallback = initial;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => (real === null ? fallback : real.getSnapshot()),
    load() {
      loading ??= create().then(
        (store) => {
          real = store;
          store.subscribe(notify);
          // The snapshot is now the real store's.
          notify();
          return store;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => real,
    setFallback(state) {
      if (real !== null || state === fallback) return;
      fallback = state;
      notify();
    },
  };
}

/**
 * Throws `error` in a microtask: a call kept until a store loaded, which the store then refuses
 * (a programming error the real store would have thrown at once), still surfaces as an error.
 */
export function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

type AppPushManager = PushManager<PushSubscriptionJSONLike>;

/** createPushManager's first state (lazyStore.test.ts checks it against the sdk's). */
export const PUSH_INITIAL_STATE: PushState<PushSubscriptionJSONLike> = Object.freeze({
  status: 'unknown',
  subscription: null,
  busy: false,
  error: null,
});

/**
 * The push manager, loaded on its first call (usePushState refreshes it when the settings page
 * shows it). Its calls never reject, as the real ones: a failed load is shown as the state's
 * `error` (status unchanged), and the next call tries again.
 */
export function createLazyPushManager(create: () => Promise<AppPushManager>): AppPushManager {
  const store = lazyStore<AppPushManager, PushState<PushSubscriptionJSONLike>>(PUSH_INITIAL_STATE, create);
  const call = (run: (manager: AppPushManager) => Promise<PushState<PushSubscriptionJSONLike>>) => async () => {
    let manager: AppPushManager;
    try {
      manager = await store.load();
    } catch (error) {
      store.setFallback({ ...PUSH_INITIAL_STATE, error });
      return store.getSnapshot();
    }
    return run(manager);
  };
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    refresh: call((m) => m.refresh()),
    enable: call((m) => m.enable()),
    disable: call((m) => m.disable()),
  };
}

/** createIntegrationsStore's first state (lazyStore.test.ts checks it against the sdk's). */
export const INTEGRATIONS_INITIAL_STATE: IntegrationsState = Object.freeze({ statuses: null, checking: false, checkedAt: null });

/**
 * The integrations store, loaded when a panel starts it (useIntegrations) or on its first call.
 * As the real store: `refresh` never rejects (a failed load is logged), `logout` rejects when it
 * fails; `start` returns at once, and its stop function also stops a start still loading.
 */
export function createLazyIntegrationsStore(create: () => Promise<IntegrationsStore>): IntegrationsStore {
  const store = lazyStore<IntegrationsStore, IntegrationsState>(INTEGRATIONS_INITIAL_STATE, create);
  const failed = (error: unknown): null => {
    console.warn('the integrations could not be loaded', error);
    return null;
  };
  let started: { stopped: boolean; stop: (() => void) | null } | null = null;
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    async refresh() {
      const real = await store.load().catch(failed);
      await real?.refresh();
    },
    async logout(integration) {
      await (await store.load()).logout(integration);
    },
    start() {
      const real = store.loaded();
      if (real !== null) return real.start();
      // Starting a started store gives the same stop function, as the real store's start does.
      if (started !== null && !started.stopped) return stopStarted(started);
      const run: { stopped: boolean; stop: (() => void) | null } = { stopped: false, stop: null };
      started = run;
      void store.load().then((loaded) => {
        if (!run.stopped) run.stop = loaded.start();
      }, failed);
      return stopStarted(run);
    },
  };
}

const stops = new WeakMap<object, () => void>();

/** One stop function per start (the same function each time it is asked for). */
function stopStarted(run: { stopped: boolean; stop: (() => void) | null }): () => void {
  let stop = stops.get(run);
  if (stop === undefined) {
    stop = () => {
      if (run.stopped) return;
      run.stopped = true;
      run.stop?.();
    };
    stops.set(run, stop);
  }
  return stop;
}
