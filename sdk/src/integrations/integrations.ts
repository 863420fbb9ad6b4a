import { unknownOptions, type OptionKeys } from '../internal/keys';
import { isMatchkitError, MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { createStore, type ReadableStore } from '../internal/store';
import type { IntegrationsCheck, IntegrationStatus, IntegrationStatusMap } from '../model/schemas';
import { defaultLogger, type Logger } from '../internal/platform';

/**
 * Subscribes to "the window regained focus"; returns the function that unsubscribes. The
 * integrations store rechecks on every call of `listener`.
 *
 * @example
 * ```ts
 * import type { FocusSource } from '@matchkit/sdk/integrations';
 * const listeners = new Set<() => void>();
 * const onFocus: FocusSource = (listener) => {
 *   listeners.add(listener);
 *   return () => listeners.delete(listener);
 * };
 * ```
 */
export type FocusSource = (listener: () => void) => () => void;

/**
 * The part of `window` (or `document`) that {@link browserFocusSource} uses.
 *
 * @example
 * ```ts
 * import type { FocusEventTarget } from '@matchkit/sdk/integrations';
 * const target: FocusEventTarget = new EventTarget();
 * ```
 */
export interface FocusEventTarget {
  /** Adds an event listener (the DOM signature, reduced). */
  addEventListener(type: string, listener: () => void): void;
  /** Removes an event listener added with the same arguments. */
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * The part of `document` that {@link browserFocusSource} uses: events plus the visibility state.
 *
 * @example
 * ```ts
 * import type { VisibilityEventTarget } from '@matchkit/sdk/integrations';
 * const doc: VisibilityEventTarget = Object.assign(new EventTarget(), { visibilityState: 'visible' });
 * ```
 */
export interface VisibilityEventTarget extends FocusEventTarget {
  /** `'visible'` or `'hidden'` (the DOM's `document.visibilityState`). */
  readonly visibilityState?: string | undefined;
}

/**
 * Options of {@link browserFocusSource}. Both targets default to the globals, looked up when the
 * source is subscribed to (never at import); on a server, where neither exists, the source never
 * fires.
 *
 * @example
 * ```ts
 * import { browserFocusSource } from '@matchkit/sdk/integrations';
 * const onFocus = browserFocusSource({ window: new EventTarget() });
 * ```
 */
export interface BrowserFocusSourceOptions {
  /** Receives `focus` events. @defaultValue `globalThis.window` */
  readonly window?: FocusEventTarget | undefined;
  /**
   * Receives `visibilitychange` events; the source fires when `visibilityState` becomes
   * `'visible'`. Pass `null` to listen to window focus only. @defaultValue `globalThis.document`
   */
  readonly document?: VisibilityEventTarget | null | undefined;
}

/**
 * The browser's "window regained focus" as a {@link FocusSource}: the window's `focus` event and
 * the document becoming visible again (a tab switch on mobile fires only the latter). Two events
 * for one return cost one check: the store shares an in-flight check.
 *
 * @param options - the targets, defaulting to `window` and `document` when subscribed
 *
 * @example
 * ```ts
 * import { browserFocusSource } from '@matchkit/sdk/integrations';
 * const onFocus = browserFocusSource();
 * const stop = onFocus(() => console.warn('focused')); // reads window only now
 * stop();
 * ```
 */
export function browserFocusSource(options: BrowserFocusSourceOptions = {}): FocusSource {
  return (listener) => {
    const g = globalThis as { window?: FocusEventTarget; document?: VisibilityEventTarget };
    const win = options.window ?? g.window;
    const doc = options.document === null ? undefined : (options.document ?? g.document);
    const onFocus = (): void => listener();
    const onVisibility = (): void => {
      if (doc?.visibilityState === undefined || doc.visibilityState === 'visible') listener();
    };
    win?.addEventListener('focus', onFocus);
    doc?.addEventListener('visibilitychange', onVisibility);
    return () => {
      win?.removeEventListener('focus', onFocus);
      doc?.removeEventListener('visibilitychange', onVisibility);
    };
  };
}

/**
 * Options of {@link createIntegrationsStore}. `check` and `logout` are the transport's REST calls
 * (`GET /api/user/integrations/external/check` and `.../logout?integration=...`), injected so the
 * store never depends on how they are made.
 *
 * @example
 * ```ts
 * import { createIntegrationsStore, type IntegrationsStoreOptions } from '@matchkit/sdk/integrations';
 * const options: IntegrationsStoreOptions = {
 *   check: async () => ({ data: { betfair: 'connected' }, error: false }),
 * };
 * const store = createIntegrationsStore(options);
 * ```
 */
export interface IntegrationsStoreOptions<TData = IntegrationStatusMap> {
  /**
   * Fetches the status map: `{ data, error }` as the check endpoint answers (the transport's
   * `checkIntegrations` resolves to exactly this). At run time any truthy `error` counts as the
   * flag being set.
   */
  readonly check: () => Promise<IntegrationsCheck<TData>>;
  /**
   * Logs the member out of one integration. When it resolves to `{ data }` with valid statuses
   * (as the logout endpoint answers) they are shown at once; the store then rechecks.
   */
  readonly logout?: ((integration: string) => Promise<unknown>) | undefined;
  /** The focus events that trigger a recheck while started. @defaultValue `browserFocusSource()` */
  readonly onFocus?: FocusSource | undefined;
  /**
   * Validates `data` of a response without the error flag; throw to reject it (the statuses are
   * then left unchanged and the problem is logged). @defaultValue a check that `data` maps names
   * to `connected`, `disconnected` or `expired`
   */
  readonly parse?: ((data: unknown) => TData) | undefined;
  /** Where failures are logged. @defaultValue the global console */
  readonly logger?: Logger | undefined;
  /** The clock for `checkedAt`, epoch milliseconds. @defaultValue `Date.now` */
  readonly now?: (() => number) | undefined;
}

/**
 * The snapshot of the integrations store. The same object is returned until something changes;
 * a recheck that returns equal statuses keeps the previous `statuses` object.
 *
 * @example
 * ```ts
 * import type { IntegrationsState } from '@matchkit/sdk/integrations';
 * function connected(state: IntegrationsState): string[] {
 *   return Object.entries(state.statuses ?? {}).filter(([, s]) => s === 'connected').map(([n]) => n);
 * }
 * ```
 */
export interface IntegrationsState<TData = IntegrationStatusMap> {
  /** The last statuses accepted, `null` until a check succeeds. */
  readonly statuses: TData | null;
  /** True while a check is in flight. */
  readonly checking: boolean;
  /** When the statuses were last accepted (epoch ms), `null` before the first success. */
  readonly checkedAt: number | null;
}

/**
 * The integrations store: a `ReadableStore` of {@link IntegrationsState} plus the calls
 * that change it.
 *
 * @example
 * ```ts
 * import { createIntegrationsStore } from '@matchkit/sdk/integrations';
 * const store = createIntegrationsStore({ check: async () => ({ data: {}, error: false }) });
 * const stop = store.start(); // checks now and on every focus
 * stop();
 * ```
 */
export interface IntegrationsStore<TData = IntegrationStatusMap> extends ReadableStore<IntegrationsState<TData>> {
  /**
   * Checks the statuses now. Calls made while a check is in flight share it (no overlapping
   * requests). Never rejects: failures are logged and leave the statuses unchanged.
   */
  refresh(): Promise<void>;
  /**
   * Logs out of `integration` with the injected `logout`, shows the statuses it answers with (when
   * valid), then checks again with a fresh request (one started after the logout, never one
   * already in flight). Rejects when `logout` rejects.
   *
   * @throws MatchkitValidationError when no `logout` was given or `integration` is empty
   */
  logout(integration: string): Promise<void>;
  /**
   * Checks now and on every focus event until the returned function is called. Starting a
   * started store returns the same stop function.
   */
  start(): () => void;
}

/**
 * The statuses of `integrationStatusSchema` (`@matchkit/sdk/model`), checked by hand so that this
 * store does not bundle the model's schemas; a test keeps the two lists equal.
 */
const STATUSES = ['connected', 'disconnected', 'expired'] as const satisfies readonly IntegrationStatus[];

function defaultParse(data: unknown): IntegrationStatusMap {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new MatchkitValidationError('integration statuses', [
      { path: '', message: 'must be an object mapping integration names to statuses' },
    ]);
  }
  const issues: ValidationIssue[] = [];
  for (const [name, status] of Object.entries(data)) {
    if (!(STATUSES as readonly unknown[]).includes(status)) {
      issues.push({ path: name, message: `must be one of ${STATUSES.map((x) => JSON.stringify(x)).join(', ')}` });
    }
  }
  if (issues.length > 0) throw new MatchkitValidationError('integration statuses', issues);
  return data as IntegrationStatusMap;
}

/** Structural equality of JSON-like data, so an unchanged recheck keeps the old reference. */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.prototype.hasOwnProperty.call(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

const INTEGRATIONS_STORE_KEYS: OptionKeys<IntegrationsStoreOptions> = { check: 0, logout: 0, onFocus: 0, parse: 0, logger: 0, now: 0 };

/**
 * Creates the store of the member's integration statuses (spec sections 4 and 8): it rechecks
 * when the window regains focus; when a response carries the error flag the stored statuses are
 * left unchanged; network errors (a rejected `check`) are only logged; overlapping checks are
 * never sent (callers share the one in flight).
 *
 * Wire it to the transport's REST calls:
 * `createIntegrationsStore({ check: () => checkIntegrations(...), logout: (name) => logoutIntegration(..., name) })`.
 *
 * @param options - the injected calls and platform; see {@link IntegrationsStoreOptions}
 * @throws MatchkitValidationError when `check` is not a function
 *
 * @example
 * ```ts
 * import { createIntegrationsStore } from '@matchkit/sdk/integrations';
 * const store = createIntegrationsStore({
 *   check: async () => ({ data: { betfair: 'connected', smarkets: 'expired' }, error: false }),
 *   logout: async (name) => ({ data: { [name]: 'disconnected' } }),
 * });
 * await store.refresh();
 * store.getSnapshot().statuses; // { betfair: 'connected', smarkets: 'expired' }
 * ```
 */
export function createIntegrationsStore<TData = IntegrationStatusMap>(options: IntegrationsStoreOptions<TData>): IntegrationsStore<TData> {
  const issues: ValidationIssue[] = [];
  if (typeof options?.check !== 'function')
    issues.push({ path: 'check', message: 'must be a function returning a promise of { data, error }' });
  if (options?.logout !== undefined && typeof options.logout !== 'function') issues.push({ path: 'logout', message: 'must be a function' });
  if (options?.onFocus !== undefined && typeof options.onFocus !== 'function')
    issues.push({ path: 'onFocus', message: 'must be a function' });
  if (options?.parse !== undefined && typeof options.parse !== 'function') issues.push({ path: 'parse', message: 'must be a function' });
  unknownOptions(options, INTEGRATIONS_STORE_KEYS, issues);
  if (issues.length > 0) throw new MatchkitValidationError('integrations store options', issues);

  const logger = options.logger ?? defaultLogger();
  const now = options.now ?? Date.now;
  const parse = options.parse ?? (defaultParse as unknown as (data: unknown) => TData);
  const store = createStore<IntegrationsState<TData>>({ statuses: null, checking: false, checkedAt: null });

  let inFlight: Promise<void> | null = null;
  /** A check wanted after the one in flight (because something invalidated it). */
  let followUp: Promise<void> | null = null;
  let stop: (() => void) | null = null;

  const setChecking = (checking: boolean): void => store.set((s) => (s.checking === checking ? s : { ...s, checking }));

  /** Bumped by every logout: an answer to a check sent before it is stale and ignored. */
  let generation = 0;

  async function runCheck(): Promise<void> {
    const sentIn = generation;
    let response: IntegrationsCheck<TData>;
    try {
      response = await options.check();
    } catch (error) {
      // A network failure, or any other rejection of the call (an HTTP error of the transport):
      // only logged.
      logger.warn('integration check failed: statuses left unchanged', error);
      return;
    }
    if (typeof response !== 'object' || response === null) {
      logger.warn('integration check returned no response object: statuses left unchanged', response);
      return;
    }
    if (response.error) {
      logger.warn('integration check answered with the error flag: statuses left unchanged', response.error);
      return;
    }
    let data: TData;
    try {
      data = parse(response.data);
    } catch (error) {
      logger.warn(
        `integration check returned invalid data: statuses left unchanged${isMatchkitError(error) ? `\n${error.message}` : ''}`,
        error,
      );
      return;
    }
    if (sentIn === generation) accept(data);
  }

  function accept(data: TData): void {
    const at = now();
    store.set((s) => ({ ...s, statuses: s.statuses !== null && sameData(s.statuses, data) ? s.statuses : data, checkedAt: at }));
  }

  function startCheck(): Promise<void> {
    setChecking(true);
    const p = runCheck().finally(() => {
      inFlight = null;
      if (followUp === null) setChecking(false);
    });
    inFlight = p;
    return p;
  }

  function refresh(): Promise<void> {
    if (followUp !== null) return followUp;
    return inFlight ?? startCheck();
  }

  /** A check that starts after everything in flight now: its answer postdates the caller's change. */
  function freshCheck(): Promise<void> {
    if (followUp !== null) return followUp;
    if (inFlight === null) return startCheck();
    const p = inFlight.then(() => {
      followUp = null;
      return startCheck();
    });
    followUp = p;
    return p;
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    refresh,
    async logout(integration) {
      const problems: ValidationIssue[] = [];
      if (options.logout === undefined)
        problems.push({ path: 'logout', message: 'no logout function was given to createIntegrationsStore' });
      if (typeof integration !== 'string' || integration === '')
        problems.push({ path: 'integration', message: 'must be a non-empty string' });
      if (problems.length > 0) throw new MatchkitValidationError('integration logout', problems);
      const answer = await options.logout?.(integration);
      generation += 1;
      // The logout call answers with the statuses after it (`{ data }`): show them at once when
      // they are valid, then confirm with a check sent after the logout.
      const data = typeof answer === 'object' && answer !== null ? (answer as { data?: unknown }).data : undefined;
      if (data !== undefined) {
        try {
          accept(parse(data));
        } catch {
          // not a status map: the check below decides
        }
      }
      await freshCheck();
    },
    start() {
      if (stop !== null) return stop;
      const unsubscribe = (options.onFocus ?? browserFocusSource())(() => {
        void refresh();
      });
      const thisStop = (): void => {
        if (stop !== thisStop) return;
        stop = null;
        unsubscribe();
      };
      stop = thisStop;
      void refresh();
      return thisStop;
    },
  };
}
