import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { defaultLogger, type Logger } from '../integrations/platform';
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
 * (no push in this browser); `default` (never asked, or the prompt was dismissed); `denied` (the
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
  /** Whether push works here at all. */
  isSupported(): boolean | Promise<boolean>;
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
  /** What failed last (subscribing, the server call), `null` after a success. Denial is not an error. */
  readonly error: unknown;
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
   * ends in `denied` or `default`, a failure in `error`.
   */
  enable(): Promise<PushState<TSubscription>>;
  /** Unsubscribes (permission stays granted). Never rejects. */
  disable(): Promise<PushState<TSubscription>>;
}

const asPermission = (p: unknown): PushPermission => (p === 'granted' || p === 'denied' ? p : 'default');

/**
 * Creates a push manager over a messaging service. Nothing is requested until `enable()` (call it
 * from a click handler); a denied permission is the `denied` status, not an error; a member who
 * dismisses the prompt stays in `default` and can be asked again later.
 *
 * @param options - messaging service, VAPID key, platform callbacks; see {@link PushManagerOptions}
 * @throws MatchkitValidationError when the service lacks a method or the key is empty
 *
 * @example
 * ```ts
 * import { createPushManager, createWebPushMessaging } from '@matchkit/sdk/push';
 * const push = createPushManager({ messaging: createWebPushMessaging(), vapidKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' });
 * await push.refresh(); // reads the permission, never asks
 * enableButton.onclick = async () => {
 *   const state = await push.enable();
 *   if (state.status === 'denied') showHowToUnblock();
 * };
 * ```
 */
export function createPushManager<TSubscription = unknown>(options: PushManagerOptions<TSubscription>): PushManager<TSubscription> {
  const issues: ValidationIssue[] = [];
  const m = options?.messaging as unknown as Record<string, unknown> | undefined;
  for (const name of ['isSupported', 'getPermission', 'requestPermission', 'getSubscription', 'subscribe', 'unsubscribe']) {
    if (typeof m?.[name] !== 'function') issues.push({ path: `messaging.${name}`, message: 'must be a function' });
  }
  if (typeof options?.vapidKey !== 'string' || options.vapidKey.trim() === '') issues.push({ path: 'vapidKey', message: 'must be a non-empty string' });
  if (issues.length > 0) throw new MatchkitValidationError('push manager options', issues);

  const { messaging, vapidKey } = options;
  const logger = options.logger ?? defaultLogger();
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
    if (!(await messaging.isSupported())) {
      patch({ status: 'unsupported', subscription: null });
      return;
    }
    const permission = asPermission(await messaging.getPermission());
    if (permission !== 'granted') {
      patch({ status: permission, subscription: null });
      return;
    }
    const subscription = await messaging.getSubscription();
    patch(subscription === null ? { status: 'granted', subscription: null } : { status: 'subscribed', subscription });
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    refresh: () => exclusive('refresh', read),
    enable: () =>
      exclusive('enable', async () => {
        await read();
        let status = store.getSnapshot().status;
        if (status === 'unsupported' || status === 'denied' || status === 'subscribed') return;
        if (status === 'default') {
          status = asPermission(await messaging.requestPermission());
          patch({ status });
          if (status !== 'granted') return;
        }
        const subscription = await messaging.subscribe(vapidKey);
        try {
          await options.onSubscribe?.(subscription);
        } catch (error) {
          await Promise.resolve(messaging.unsubscribe()).catch(() => undefined);
          throw error;
        }
        patch({ status: 'subscribed', subscription, error: null });
      }),
    disable: () =>
      exclusive('disable', async () => {
        await read();
        const { status, subscription } = store.getSnapshot();
        if (status !== 'subscribed' || subscription === null) return;
        await messaging.unsubscribe();
        patch({ status: 'granted', subscription: null, error: null });
        await options.onUnsubscribe?.(subscription);
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
  /** Subscribes (the Push API's `PushManager.subscribe`). */
  subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }): Promise<PushSubscriptionLike>;
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
 * Options of {@link createWebPushMessaging}: the browser objects it uses, each defaulting to the
 * global read when a method is called (never at import or creation).
 *
 * @example
 * ```ts
 * import { createWebPushMessaging } from '@matchkit/sdk/push';
 * const messaging = createWebPushMessaging({ notification: window.Notification, serviceWorker: navigator.serviceWorker });
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
  /** The service worker container; its `ready` registration's `pushManager` is used. @defaultValue `navigator.serviceWorker` */
  readonly serviceWorker?:
    | {
        /** Resolves to the active registration. */
        readonly ready: Promise<{
          /** The registration's push manager. */
          readonly pushManager?: PushManagerLike | undefined;
        }>;
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
export function vapidKeyToBytes(key: string): Uint8Array {
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

/**
 * A {@link MessagingService} over the standard Push API (Notification permission plus the service
 * worker registration's `pushManager`); subscriptions are returned as JSON, ready to POST to the
 * platform. Browser globals are read when a method is called, never at import.
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
  const notification = (): WebPushMessagingOptions['notification'] =>
    options.notification ?? (globalThis as { Notification?: WebPushMessagingOptions['notification'] }).Notification;
  const container = (): WebPushMessagingOptions['serviceWorker'] =>
    options.serviceWorker ?? (globalThis as { navigator?: { serviceWorker?: WebPushMessagingOptions['serviceWorker'] } }).navigator?.serviceWorker;
  const pushManager = async (): Promise<PushManagerLike> => {
    const sw = container();
    const registration = sw === undefined ? undefined : await sw.ready;
    if (registration?.pushManager === undefined) throw new Error('push is not supported: no service worker push manager');
    return registration.pushManager;
  };
  return {
    isSupported: () => notification() !== undefined && container() !== undefined,
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
