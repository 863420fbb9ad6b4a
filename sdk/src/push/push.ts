import { unknownOptions, type OptionKeys } from '../internal/keys';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { defaultLogger, defaultTimers, type Logger, type StoreTimers } from '../internal/platform';
import { createStore, type ReadableStore } from '../internal/store';

/**
 * The browser's notification permission (`Notification.permission`).
 *
 * @example
 * ```ts
 * import type { PushPermission } from '@matchkit/sdk/push';
 * const p: PushPermission = 'default';
 * ```
 */
export type PushPermission = 'default' | 'granted' | 'denied';

/**
 * Where push stands: `unknown` until {@link PushManager.refresh} or `enable` ran; `unsupported`
 * (no push here: no Push API, or no service worker registration; {@link PushState.reason} says
 * which); `default` (never asked, or the prompt was dismissed); `denied` (the
 * member said no: a state, not an error); `granted` (allowed, not subscribed); `subscribed`.
 *
 * @example
 * ```ts
 * import type { PushStatus } from '@matchkit/sdk/push';
 * const canOffer = (s: PushStatus) => s === 'default' || s === 'granted';
 * ```
 */
export type PushStatus = 'unknown' | 'unsupported' | 'default' | 'granted' | 'denied' | 'subscribed';

/**
 * What {@link MessagingService.isSupported} answers: `true`, `false`, or `false` with the reason
 * (shown as {@link PushState.reason}).
 *
 * @example
 * ```ts
 * import type { PushSupport } from '@matchkit/sdk/push';
 * const none: PushSupport = { supported: false, reason: 'no service worker is registered for this page' };
 * ```
 */
export type PushSupport =
  | boolean
  | {
      /** Always false: an object answer explains why push is not supported. */
      readonly supported: false;
      /** Why, for a developer (and a UI that wants to say it). */
      readonly reason: string;
    };

/**
 * The messaging service the push manager drives: a thin interface over the Push API (see
 * {@link createWebPushMessaging}) or a vendor SDK such as Firebase Cloud Messaging, whose
 * `getToken(messaging, { vapidKey })` is a `subscribe`.
 *
 * @example
 * ```ts
 * import type { MessagingService } from '@matchkit/sdk/push';
 * // Firebase Cloud Messaging, as one possible service:
 * // const fcm: MessagingService<string> = {
 * //   isSupported: () => isSupported(),
 * //   getPermission: () => Notification.permission,
 * //   requestPermission: () => Notification.requestPermission(),
 * //   getSubscription: async () => null,
 * //   subscribe: (vapidKey) => getToken(messaging, { vapidKey }),
 * //   unsubscribe: () => deleteToken(messaging),
 * // };
 * type Token = MessagingService<string>;
 * ```
 */
export interface MessagingService<TSubscription = unknown> {
  /** Whether push works here at all; may say why not. */
  isSupported(): PushSupport | Promise<PushSupport>;
  /** The current permission; never prompts. */
  getPermission(): PushPermission | Promise<PushPermission>;
  /** Prompts the member. Only ever called from {@link PushManager.enable}. */
  requestPermission(): Promise<PushPermission>;
  /** The existing subscription, or `null`; never prompts. */
  getSubscription(): Promise<TSubscription | null>;
  /** Subscribes with the application server (VAPID) public key. */
  subscribe(vapidKey: string): Promise<TSubscription>;
  /** Removes the subscription. */
  unsubscribe(): Promise<unknown>;
}

/**
 * The push manager's snapshot (the same object until something changes).
 *
 * @example
 * ```ts
 * import type { PushState } from '@matchkit/sdk/push';
 * const label = (s: PushState) => (s.status === 'denied' ? 'Notifications are blocked in your browser' : s.status);
 * ```
 */
export interface PushState<TSubscription = unknown> {
  /** Where push stands. */
  readonly status: PushStatus;
  /** The subscription when `status` is `subscribed`, else `null`. */
  readonly subscription: TSubscription | null;
  /** True while `refresh`, `enable` or `disable` runs. */
  readonly busy: boolean;
  /**
   * What failed last (subscribing, the server call, a browser call that did not settle in time:
   * an `Error` named `TimeoutError`), `null` after a success. Denial is not an error.
   */
  readonly error: unknown;
  /**
   * Why push is unsupported, when `status` is `unsupported` and the messaging service said
   * (for the Push API: no Notification API, no service workers, or no service worker registered
   * for this page); absent otherwise.
   */
  readonly reason?: string | undefined;
}

/**
 * Options of {@link createPushManager}.
 *
 * @example
 * ```ts
 * import { createPushManager, createWebPushMessaging, type PushManagerOptions } from '@matchkit/sdk/push';
 * import type { PushSubscriptionJSONLike } from '@matchkit/sdk/push';
 * const options: PushManagerOptions<PushSubscriptionJSONLike> = {
 *   messaging: createWebPushMessaging(),
 *   vapidKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
 *   onSubscribe: (subscription) => fetch('/api/push', { method: 'POST', body: JSON.stringify(subscription) }).then(() => undefined),
 * };
 * const push = createPushManager(options);
 * ```
 */
export interface PushManagerOptions<TSubscription = unknown> {
  /** The messaging service. */
  readonly messaging: MessagingService<TSubscription>;
  /** The application server's public (VAPID) key, base64url. */
  readonly vapidKey: string;
  /** Hands a new subscription to the platform (for example POSTs it); a rejection undoes the subscription. */
  readonly onSubscribe?: ((subscription: TSubscription) => Promise<void> | void) | undefined;
  /** Tells the platform a subscription was removed. */
  readonly onUnsubscribe?: ((subscription: TSubscription) => Promise<void> | void) | undefined;
  /** Where failures are logged. @defaultValue the global console */
  readonly logger?: Logger | undefined;
  /**
   * The longest any call of the messaging service (and `onSubscribe` / `onUnsubscribe`) may take
   * before the operation gives up with a `TimeoutError` in `error`, in ms. Browser calls that
   * never settle exist (a service worker that never becomes ready, a push service that does not
   * answer): without a bound they would leave `busy` on and queue every later call behind them.
   * @defaultValue 10000
   */
  readonly timeoutMs?: number | undefined;
  /**
   * The longest the permission prompt may stay unanswered, in ms. Browsers that show a quiet
   * prompt (an icon in the address bar) keep `requestPermission` pending until the member opens
   * it, possibly never. After this the operation ends (status unchanged, `error` a
   * `TimeoutError`); if the member answers later, the manager refreshes on its own.
   * @defaultValue 60000
   */
  readonly promptTimeoutMs?: number | undefined;
  /** StoreTimers for the two timeouts. @defaultValue the global `setTimeout` / `clearTimeout` */
  readonly timers?: StoreTimers | undefined;
}

/**
 * A permission-gated push subscription as a store.
 *
 * @example
 * ```ts
 * import { createPushManager, type PushManager } from '@matchkit/sdk/push';
 * function bind(push: PushManager, button: HTMLButtonElement) {
 *   button.addEventListener('click', () => void push.enable()); // a user action
 * }
 * ```
 */
export interface PushManager<TSubscription = unknown> extends ReadableStore<PushState<TSubscription>> {
  /** Reads support, permission and any existing subscription. Never prompts. */
  refresh(): Promise<PushState<TSubscription>>;
  /**
   * Asks for permission if it was never given, then subscribes. Call it from a user action (a
   * click handler): browsers ignore or penalise prompts without one. Never rejects: a refusal
   * ends in `denied` or `default`, a failure (a timeout included) in `error`.
   */
  enable(): Promise<PushState<TSubscription>>;
  /** Unsubscribes (permission stays granted). Never rejects. */
  disable(): Promise<PushState<TSubscription>>;
}

const asPermission = (p: unknown): PushPermission => (p === 'granted' || p === 'denied' ? p : 'default');

const timeoutError = (what: string, ms: number): Error =>
  Object.assign(new Error(`push: ${what} did not settle within ${ms} ms`), { name: 'TimeoutError' });

const PUSH_MANAGER_KEYS: OptionKeys<PushManagerOptions> = {
  messaging: 0,
  vapidKey: 0,
  onSubscribe: 0,
  onUnsubscribe: 0,
  logger: 0,
  timeoutMs: 0,
  promptTimeoutMs: 0,
  timers: 0,
};

/**
 * Creates a push manager over a messaging service. Nothing is requested until `enable()` (call it
 * from a click handler); a denied permission is the `denied` status, not an error; a member who
 * dismisses the prompt stays in `default` and can be asked again later.
 *
 * Every call of the messaging service (and of `onSubscribe` / `onUnsubscribe`) is bounded by
 * `timeoutMs` (the prompt by `promptTimeoutMs`): an operation can fail, but it cannot hang, so
 * `busy` always comes back to false and queued calls always run.
 *
 * @param options - messaging service, VAPID key, platform callbacks; see {@link PushManagerOptions}
 * @throws MatchkitValidationError when the service lacks a method, the key is empty, or a timeout
 * is not a positive finite number of ms
 *
 * @example
 * ```ts dom
 * import { createPushManager, createWebPushMessaging } from '@matchkit/sdk/push';
 * const enableButton = document.body.appendChild(document.createElement('button'));
 * enableButton.textContent = 'Turn on notifications';
 * const push = createPushManager({ messaging: createWebPushMessaging(), vapidKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' });
 * await push.refresh(); // reads the permission, never asks
 * enableButton.onclick = async () => {
 *   const state = await push.enable();
 *   if (state.status === 'denied') enableButton.textContent = 'Notifications are blocked: allow them in your browser settings';
 * };
 * ```
 */
export function createPushManager<TSubscription = unknown>(options: PushManagerOptions<TSubscription>): PushManager<TSubscription> {
  const issues: ValidationIssue[] = [];
  const m = options?.messaging as unknown as Record<string, unknown> | undefined;
  for (const name of ['isSupported', 'getPermission', 'requestPermission', 'getSubscription', 'subscribe', 'unsubscribe']) {
    if (typeof m?.[name] !== 'function') issues.push({ path: `messaging.${name}`, message: 'must be a function' });
  }
  if (typeof options?.vapidKey !== 'string' || options.vapidKey.trim() === '')
    issues.push({ path: 'vapidKey', message: 'must be a non-empty string' });
  for (const key of ['timeoutMs', 'promptTimeoutMs'] as const) {
    const v = options?.[key];
    if (v !== undefined && !(typeof v === 'number' && Number.isFinite(v) && v > 0))
      issues.push({ path: key, message: 'must be a finite number of ms greater than 0' });
  }
  const t = options?.timers as Partial<StoreTimers> | undefined;
  if (t !== undefined && (typeof t?.setTimeout !== 'function' || typeof t.clearTimeout !== 'function')) {
    issues.push({ path: 'timers', message: 'must have setTimeout and clearTimeout functions' });
  }
  unknownOptions(options, PUSH_MANAGER_KEYS, issues);
  if (issues.length > 0) throw new MatchkitValidationError('push manager options', issues);

  const { messaging, vapidKey } = options;
  const logger = options.logger ?? defaultLogger();
  const timers = options.timers ?? defaultTimers();
  const callMs = options.timeoutMs ?? 10_000;
  const promptMs = options.promptTimeoutMs ?? 60_000;

  /**
   * Runs one call of the messaging service (or a callback), rejecting with a TimeoutError after
   * `ms`. A result that arrives after that is handed to `late` (or dropped), never to the
   * operation, which has ended.
   */
  function bounded<T>(what: string, ms: number, run: () => T | Promise<T>, late?: (value: T) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timedOut = false;
      const handle = timers.setTimeout(() => {
        timedOut = true;
        reject(timeoutError(what, ms));
      }, ms);
      let pending: Promise<T>;
      try {
        pending = Promise.resolve(run());
      } catch (error) {
        pending = Promise.reject(error);
      }
      pending.then(
        (value) => {
          if (timedOut) late?.(value);
          timers.clearTimeout(handle);
          resolve(value);
        },
        (error: unknown) => {
          timers.clearTimeout(handle);
          reject(error);
        },
      );
    });
  }
  const store = createStore<PushState<TSubscription>>({ status: 'unknown', subscription: null, busy: false, error: null });
  const patch = (p: Partial<PushState<TSubscription>>): void =>
    store.set((s) => ((Object.keys(p) as (keyof PushState)[]).every((k) => Object.is(s[k], p[k])) ? s : { ...s, ...p }));
  let running: { kind: string; promise: Promise<PushState<TSubscription>> } | null = null;

  /**
   * Runs one operation at a time: a second call of the same kind (a double click) shares the one
   * running; another kind (enable during a refresh) runs after it.
   */
  function exclusive(kind: string, op: () => Promise<void>): Promise<PushState<TSubscription>> {
    if (running !== null) {
      return running.kind === kind ? running.promise : running.promise.then(() => exclusive(kind, op));
    }
    patch({ busy: true });
    const promise = op()
      .catch((error: unknown) => {
        logger.warn('push: the messaging service failed', error);
        patch({ error });
      })
      .then(() => {
        running = null;
        patch({ busy: false });
        return store.getSnapshot();
      });
    running = { kind, promise };
    return promise;
  }

  async function read(): Promise<void> {
    const support = await bounded('messaging.isSupported', callMs, () => messaging.isSupported());
    if (support !== true) {
      const reason = typeof support === 'object' && support !== null && typeof support.reason === 'string' ? support.reason : undefined;
      patch({ status: 'unsupported', subscription: null, reason });
      return;
    }
    const permission = asPermission(await bounded('messaging.getPermission', callMs, () => messaging.getPermission()));
    if (permission !== 'granted') {
      patch({ status: permission, subscription: null, reason: undefined });
      return;
    }
    const subscription = await bounded('messaging.getSubscription', callMs, () => messaging.getSubscription());
    patch(
      subscription === null
        ? { status: 'granted', subscription: null, reason: undefined }
        : { status: 'subscribed', subscription, reason: undefined },
    );
  }

  const undo = (): Promise<unknown> => bounded('messaging.unsubscribe', callMs, () => messaging.unsubscribe()).catch(() => undefined);
  const refresh = (): Promise<PushState<TSubscription>> => exclusive('refresh', read);

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    refresh,
    enable: () =>
      exclusive('enable', async () => {
        await read();
        let status = store.getSnapshot().status;
        if (status === 'unsupported' || status === 'denied' || status === 'subscribed') return;
        if (status === 'default') {
          // An answer given after the timeout is read by a refresh (queued like any call).
          status = asPermission(
            await bounded(
              'the permission prompt',
              promptMs,
              () => messaging.requestPermission(),
              () => void refresh(),
            ),
          );
          patch({ status });
          if (status !== 'granted') return;
        }
        // A subscription made after the timeout is undone: the platform never heard of it.
        const subscription = await bounded(
          'messaging.subscribe',
          callMs,
          () => messaging.subscribe(vapidKey),
          () => void undo(),
        );
        try {
          await bounded('onSubscribe', callMs, () => options.onSubscribe?.(subscription));
        } catch (error) {
          await undo();
          throw error;
        }
        patch({ status: 'subscribed', subscription, error: null });
      }),
    disable: () =>
      exclusive('disable', async () => {
        await read();
        const { status, subscription } = store.getSnapshot();
        if (status !== 'subscribed' || subscription === null) return;
        await bounded('messaging.unsubscribe', callMs, () => messaging.unsubscribe());
        patch({ status: 'granted', subscription: null, error: null });
        await bounded('onUnsubscribe', callMs, () => options.onUnsubscribe?.(subscription));
      }),
  };
}

/**
 * The part of `ServiceWorkerRegistration.pushManager` that {@link createWebPushMessaging} uses.
 *
 * @example
 * ```ts
 * import type { PushManagerLike } from '@matchkit/sdk/push';
 * const fromRegistration = (r: ServiceWorkerRegistration): PushManagerLike => r.pushManager;
 * ```
 */
export interface PushManagerLike {
  /** The current subscription, or `null`. */
  getSubscription(): Promise<PushSubscriptionLike | null>;
  /**
   * Subscribes (the Push API's `PushManager.subscribe`). The key is a `Uint8Array` over a plain
   * `ArrayBuffer`, the `BufferSource` the DOM's signature accepts, so a real registration fits.
   */
  subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<PushSubscriptionLike>;
}

/**
 * The part of a Push API `PushSubscription` that {@link createWebPushMessaging} uses.
 *
 * @example
 * ```ts
 * import type { PushSubscriptionLike } from '@matchkit/sdk/push';
 * const endpointOf = (s: PushSubscriptionLike) => s.toJSON().endpoint;
 * ```
 */
export interface PushSubscriptionLike {
  /** The subscription as JSON (endpoint and keys), what the server needs to send. */
  toJSON(): PushSubscriptionJSONLike;
  /** Removes the subscription. */
  unsubscribe(): Promise<boolean>;
}

/**
 * A push subscription as JSON (the shape of the DOM's `PushSubscriptionJSON`).
 *
 * @example
 * ```ts
 * import type { PushSubscriptionJSONLike } from '@matchkit/sdk/push';
 * const s: PushSubscriptionJSONLike = { endpoint: 'https://push.example/abc', keys: { p256dh: '...', auth: '...' } };
 * ```
 */
export interface PushSubscriptionJSONLike {
  /** Where the push service accepts messages for this subscription. */
  readonly endpoint?: string | undefined;
  /** When the subscription expires (epoch ms), if known. */
  readonly expirationTime?: number | null | undefined;
  /** The subscription's public keys (`p256dh`, `auth`). */
  readonly keys?: Readonly<Record<string, string>> | undefined;
}

/**
 * The part of a `ServiceWorkerRegistration` that {@link createWebPushMessaging} uses.
 *
 * @example
 * ```ts
 * import type { PushRegistrationLike } from '@matchkit/sdk/push';
 * const fromBrowser = (r: ServiceWorkerRegistration): PushRegistrationLike => r;
 * ```
 */
export interface PushRegistrationLike {
  /** The registration's push manager (absent where the browser has no Push API). */
  readonly pushManager?: PushManagerLike | undefined;
}

/**
 * Options of {@link createWebPushMessaging}: the browser objects it uses, each defaulting to the
 * global read when a method is called (never at import or creation).
 *
 * Web push needs a **service worker registration** for the page: the installed app's
 * `/offline-worker.js` (which `registerOfflineWorker` registers only in standalone mode) or one
 * the app registers itself. Without one, push is `unsupported` with a `reason` saying so; the
 * registration is looked up with `getRegistration()`, which resolves at once when there is none
 * (`navigator.serviceWorker.ready` would never settle in that case).
 *
 * @example
 * ```ts browser
 * import { createWebPushMessaging } from '@matchkit/sdk/push';
 * const messaging = createWebPushMessaging({ notification: window.Notification, serviceWorker: navigator.serviceWorker });
 * await messaging.isSupported(); // { supported: false, reason: 'no service worker is registered for this page...' }
 * // Or with the app's own worker:
 * const own = navigator.serviceWorker.register('/sw.js');
 * const withOwn = createWebPushMessaging({ getRegistration: () => own });
 * await withOwn.isSupported(); // true
 * ```
 */
export interface WebPushMessagingOptions {
  /** The `Notification` constructor's static side. @defaultValue `globalThis.Notification` */
  readonly notification?:
    | {
        /** `Notification.permission`. */
        readonly permission: string;
        /** `Notification.requestPermission()`, the prompt. */
        requestPermission(): Promise<string>;
      }
    | undefined;
  /**
   * Finds the service worker registration whose `pushManager` is used; resolve to `undefined` (or
   * `null`) when there is none. Wins over `serviceWorker`.
   * @defaultValue `serviceWorker.getRegistration()`
   */
  readonly getRegistration?: (() => Promise<PushRegistrationLike | null | undefined> | PushRegistrationLike | null | undefined) | undefined;
  /** The service worker container. @defaultValue `navigator.serviceWorker` */
  readonly serviceWorker?:
    | {
        /** The registration controlling this page, or `undefined` when there is none (the DOM's `getRegistration()`). */
        getRegistration?(): Promise<PushRegistrationLike | undefined>;
        /**
         * The DOM's `ready`: used only by a container without `getRegistration` (a test double).
         * It never settles on a page without a registration; the push manager's `timeoutMs` then
         * ends the call.
         */
        readonly ready?: Promise<PushRegistrationLike> | undefined;
      }
    | undefined;
}

/**
 * Decodes a base64url VAPID public key into the 65 bytes of an uncompressed P-256 point, the
 * `applicationServerKey` the Push API wants.
 *
 * @param key - the key, base64url (padding optional)
 * @throws MatchkitValidationError when it is not base64url or not 65 bytes starting with 0x04
 *
 * @example
 * ```ts
 * import { vapidKeyToBytes } from '@matchkit/sdk/push';
 * vapidKeyToBytes('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U').length; // 65
 * ```
 */
export function vapidKeyToBytes(key: string): Uint8Array<ArrayBuffer> {
  const fail = (message: string): never => {
    throw new MatchkitValidationError('VAPID key', [{ path: 'vapidKey', message }]);
  };
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(key.trim())) fail('must be a base64url string');
  const b64 = key.trim().replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  let binary = '';
  try {
    binary = globalThis.atob(padded);
  } catch {
    fail('must be a base64url string');
  }
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  if (bytes.length !== 65 || bytes[0] !== 0x04) fail('must decode to an uncompressed P-256 public key (65 bytes starting with 0x04)');
  return bytes;
}

const WEB_PUSH_MESSAGING_KEYS: OptionKeys<WebPushMessagingOptions> = { notification: 0, getRegistration: 0, serviceWorker: 0 };

/**
 * A {@link MessagingService} over the standard Push API (Notification permission plus the service
 * worker registration's `pushManager`); subscriptions are returned as JSON, ready to POST to the
 * platform. Browser globals are read when a method is called, never at import. Push needs a
 * service worker registration for the page (see {@link WebPushMessagingOptions}): without one,
 * `isSupported` answers false with the reason, and the push manager's status is `unsupported`.
 *
 * @param options - the browser objects to use instead of the globals
 *
 * @example
 * ```ts
 * import { createPushManager, createWebPushMessaging } from '@matchkit/sdk/push';
 * const push = createPushManager({ messaging: createWebPushMessaging(), vapidKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' });
 * ```
 */
export function createWebPushMessaging(options: WebPushMessagingOptions = {}): MessagingService<PushSubscriptionJSONLike> {
  const issues: ValidationIssue[] = [];
  unknownOptions(options, WEB_PUSH_MESSAGING_KEYS, issues);
  if (issues.length > 0) throw new MatchkitValidationError('web push messaging options', issues);
  const notification = (): WebPushMessagingOptions['notification'] =>
    options.notification ?? (globalThis as { Notification?: WebPushMessagingOptions['notification'] }).Notification;
  const container = (): WebPushMessagingOptions['serviceWorker'] =>
    options.serviceWorker ??
    (globalThis as { navigator?: { serviceWorker?: WebPushMessagingOptions['serviceWorker'] } }).navigator?.serviceWorker;
  const registration = async (): Promise<PushRegistrationLike | null | undefined> => {
    if (options.getRegistration !== undefined) return options.getRegistration();
    const sw = container();
    if (sw === undefined) return undefined;
    return typeof sw.getRegistration === 'function' ? sw.getRegistration() : sw.ready;
  };
  const pushManager = async (): Promise<PushManagerLike> => {
    const found = (await registration())?.pushManager;
    if (found === undefined) throw new Error('push: no service worker registration with a pushManager');
    return found;
  };
  return {
    isSupported: async () => {
      if (notification() === undefined) return { supported: false, reason: 'this browser has no Notification API' };
      if (options.getRegistration === undefined && container() === undefined) {
        return { supported: false, reason: 'no service workers here (an old browser, or not a secure context)' };
      }
      const found = await registration();
      if (found === undefined || found === null) {
        return {
          supported: false,
          reason:
            "no service worker is registered for this page: web push needs one (the installed app's /offline-worker.js, or the app's own)",
        };
      }
      if (found.pushManager === undefined)
        return { supported: false, reason: 'the service worker registration has no pushManager (no Push API)' };
      return true;
    },
    getPermission: () => asPermission(notification()?.permission),
    requestPermission: async () => {
      const n = notification();
      return n === undefined ? 'denied' : asPermission(await n.requestPermission());
    },
    getSubscription: async () => {
      const sub = await (await pushManager()).getSubscription();
      return sub === null ? null : sub.toJSON();
    },
    subscribe: async (vapidKey) => {
      const sub = await (await pushManager()).subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyToBytes(vapidKey) });
      return sub.toJSON();
    },
    unsubscribe: async () => {
      const sub = await (await pushManager()).getSubscription();
      return sub === null ? false : sub.unsubscribe();
    },
  };
}
