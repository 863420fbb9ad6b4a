import { createECDH } from 'node:crypto';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { isValidationError } from '../errors';
import { recordingLogger } from '../analytics/testing/loopback-server';
import { browser } from './testing/scripted-browser';
import {
  createPushManager,
  createWebPushMessaging,
  vapidKeyToBytes,
  type PushManagerLike,
  type PushRegistrationLike,
  type PushSubscriptionLike,
  type WebPushMessagingOptions,
} from '../push';

/** A real application server key pair: P-256, the public key uncompressed and base64url, as web-push makes it. */
const serverKeys = createECDH('prime256v1');
serverKeys.generateKeys();
const PUBLIC_KEY_BYTES = new Uint8Array(serverKeys.getPublicKey());
const VAPID = Buffer.from(PUBLIC_KEY_BYTES).toString('base64url');

describe('createPushManager', () => {
  it('reads the permission without ever prompting', async () => {
    const b = browser();
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID });
    expect(push.getSnapshot()).toEqual({ status: 'unknown', subscription: null, busy: false, error: null });
    expect(await push.refresh()).toEqual({ status: 'default', subscription: null, busy: false, error: null });
    expect(b.prompts()).toBe(0);
  });

  it('asks, subscribes with the VAPID key and hands the subscription to the platform when the member agrees', async () => {
    const b = browser({ answer: 'granted' });
    const handed: string[] = [];
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID, onSubscribe: (s) => void handed.push(s) });
    const state = await push.enable();
    expect(state).toEqual({ status: 'subscribed', subscription: 'sub-1', busy: false, error: null });
    expect(b.calls.filter((c) => c === 'requestPermission' || c.startsWith('subscribe'))).toEqual([
      'requestPermission',
      `subscribe:${VAPID}`,
    ]);
    expect(handed).toEqual(['sub-1']);
  });

  it('treats a refusal as the denied state, not an error, and never prompts again', async () => {
    const b = browser({ answer: 'denied' });
    const logger = recordingLogger();
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID, logger });
    await expect(push.enable()).resolves.toEqual({ status: 'denied', subscription: null, busy: false, error: null });
    await push.enable();
    expect(b.prompts()).toBe(1);
    expect(b.calls.some((c) => c.startsWith('subscribe'))).toBe(false);
    expect(logger.lines).toEqual([]);
  });

  it('stays at default when the prompt is dismissed, and may ask again on the next click', async () => {
    const b = browser({ answer: 'default' });
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID });
    expect((await push.enable()).status).toBe('default');
    expect((await push.enable()).status).toBe('default');
    expect(b.prompts()).toBe(2);
  });

  it('does nothing where push is unsupported', async () => {
    const b = browser({ supported: false });
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID });
    expect((await push.enable()).status).toBe('unsupported');
    expect(b.calls).toEqual(['isSupported']);
  });

  it('finds an existing subscription when permission was granted on an earlier visit', async () => {
    const b = browser({ permission: 'granted', subscribed: true });
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID });
    expect(await push.refresh()).toMatchObject({ status: 'subscribed', subscription: 'sub-existing' });
    expect((await push.enable()).subscription).toBe('sub-existing'); // nothing new
    expect(b.prompts()).toBe(0);
  });

  it('reports a failed subscription as an error, keeping the granted permission', async () => {
    const b = browser({ failSubscribe: true });
    const logger = recordingLogger();
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID, logger });
    const state = await push.enable();
    expect(state.status).toBe('granted');
    expect(state.error).toBeInstanceOf(Error);
    expect(logger.lines.map((l) => l.message)).toEqual(['push: the messaging service failed']);
  });

  it('undoes the subscription when the platform could not store it', async () => {
    const b = browser();
    const push = createPushManager({
      messaging: b.messaging,
      vapidKey: VAPID,
      onSubscribe: () => Promise.reject(new Error('POST /api/push failed')),
      logger: recordingLogger(),
    });
    const state = await push.enable();
    expect(state).toMatchObject({ status: 'granted', subscription: null });
    expect(b.calls.at(-1)).toBe('unsubscribe');
  });

  it('unsubscribes on disable, keeping the permission, and tells the platform', async () => {
    const b = browser({ permission: 'granted', subscribed: true });
    const removed: string[] = [];
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID, onUnsubscribe: (s) => void removed.push(s) });
    expect(await push.disable()).toEqual({ status: 'granted', subscription: null, busy: false, error: null });
    expect(removed).toEqual(['sub-existing']);
  });

  it('shares one prompt between two quick clicks, and runs an enable after a refresh in progress', async () => {
    const b = browser();
    const push = createPushManager({ messaging: b.messaging, vapidKey: VAPID });
    const r = push.refresh();
    const e1 = push.enable();
    const e2 = push.enable();
    expect(push.getSnapshot().busy).toBe(true);
    await Promise.all([r, e1, e2]);
    expect(b.prompts()).toBe(1);
    expect(push.getSnapshot()).toMatchObject({ status: 'subscribed', busy: false });
  });

  it('validates its options', () => {
    try {
      createPushManager({ messaging: { isSupported: () => true } as never, vapidKey: ' ' });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) {
        expect(e.issues.map((i) => i.path)).toEqual([
          'messaging.getPermission',
          'messaging.requestPermission',
          'messaging.getSubscription',
          'messaging.subscribe',
          'messaging.unsubscribe',
          'vapidKey',
        ]);
      }
    }
  });
});

describe('vapidKeyToBytes', () => {
  it('decodes a P-256 public key made by node:crypto, with or without padding', () => {
    expect(vapidKeyToBytes(VAPID)).toEqual(PUBLIC_KEY_BYTES);
    const padded = Buffer.from(PUBLIC_KEY_BYTES).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    expect(vapidKeyToBytes(padded)).toEqual(PUBLIC_KEY_BYTES);
  });

  it('rejects keys that are not base64url or not an uncompressed point', () => {
    expect(() => vapidKeyToBytes('not a key!')).toThrow(/base64url/);
    expect(() => vapidKeyToBytes(Buffer.alloc(65, 1).toString('base64url'))).toThrow(/65 bytes starting with 0x04/);
    expect(() => vapidKeyToBytes(Buffer.from([4, 1, 2]).toString('base64url'))).toThrow(/P-256/);
  });
});

describe('createWebPushMessaging', () => {
  function webPlatform(permission: string, answer: string) {
    const subscribeCalls: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[] = [];
    let current: PushSubscriptionLike | null = null;
    const json = { endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
    // Like the browser, the prompt's answer becomes Notification.permission (unless dismissed).
    const notification = {
      permission,
      requestPermission: vi.fn(async () => {
        if (answer !== 'default') notification.permission = answer;
        return answer;
      }),
    };
    const pushManager = {
      getSubscription: async () => current,
      subscribe: async (o: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        subscribeCalls.push(o);
        current = {
          toJSON: () => json,
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        return current;
      },
    };
    return { notification, serviceWorker: { ready: Promise.resolve({ pushManager }) }, subscribeCalls, json };
  }

  it('subscribes through the service worker registration with the decoded key and userVisibleOnly', async () => {
    const web = webPlatform('default', 'granted');
    const push = createPushManager({
      messaging: createWebPushMessaging({ notification: web.notification, serviceWorker: web.serviceWorker }),
      vapidKey: VAPID,
    });
    const state = await push.enable();
    expect(state).toMatchObject({ status: 'subscribed', subscription: web.json });
    expect(web.subscribeCalls).toHaveLength(1);
    expect(web.subscribeCalls[0]?.userVisibleOnly).toBe(true);
    expect(web.subscribeCalls[0]?.applicationServerKey).toEqual(PUBLIC_KEY_BYTES);
    expect((await push.disable()).status).toBe('granted');
  });

  it('reports denied from Notification.permission without prompting', async () => {
    const web = webPlatform('denied', 'denied');
    const push = createPushManager({
      messaging: createWebPushMessaging({ notification: web.notification, serviceWorker: web.serviceWorker }),
      vapidKey: VAPID,
    });
    expect((await push.enable()).status).toBe('denied');
    expect(web.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('is unsupported where there is no Notification or service worker, as on a server', async () => {
    const push = createPushManager({ messaging: createWebPushMessaging(), vapidKey: VAPID });
    expect((await push.enable()).status).toBe('unsupported');
  });

  it('touches no browser global at import or creation', async () => {
    const touched: string[] = [];
    const names = ['window', 'document', 'navigator', 'Notification'] as const;
    const saved = names.map((n) => Object.getOwnPropertyDescriptor(globalThis, n));
    for (const n of names) {
      Object.defineProperty(globalThis, n, {
        configurable: true,
        get: () => {
          touched.push(n);
          return undefined;
        },
      });
    }
    try {
      vi.resetModules();
      const fresh = await import('./index');
      fresh.createWebPushMessaging();
      expect(touched).toEqual([]);
    } finally {
      names.forEach((n, i) => {
        const d = saved[i];
        if (d === undefined) Reflect.deleteProperty(globalThis, n);
        else Object.defineProperty(globalThis, n, d);
      });
    }
  });
});

/** A promise whose settling the test controls. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The browser objects of a page: its Notification permission and a push manager that records subscriptions. */
function page(permission = 'default', answer = 'granted') {
  const notification = {
    permission,
    requestPermission: async () => {
      notification.permission = answer;
      return answer;
    },
  };
  let current: PushSubscriptionLike | null = null;
  const pushManager: PushManagerLike = {
    getSubscription: async () => current,
    subscribe: async () => {
      current = { toJSON: () => ({ endpoint: 'https://push.example/send/page' }), unsubscribe: async () => ((current = null), true) };
      return current;
    },
  };
  return { notification, pushManager };
}

describe('createWebPushMessaging without a service worker registration (a browser tab)', () => {
  it('is unsupported, with the reason, and does not wait for navigator.serviceWorker.ready, which never settles there', async () => {
    const { notification } = page();
    // The DOM's container on a page no worker controls: ready never settles, getRegistration() resolves undefined.
    const serviceWorker = { ready: new Promise<never>(() => {}), getRegistration: async () => undefined };
    const push = createPushManager({ messaging: createWebPushMessaging({ notification, serviceWorker }), vapidKey: VAPID });
    const state = await push.enable();
    expect(state).toMatchObject({ status: 'unsupported', busy: false, error: null });
    expect(state.reason).toMatch(/no service worker is registered for this page: web push needs one/);
    // Nothing is stuck: the next calls run and answer the same.
    expect((await push.refresh()).status).toBe('unsupported');
    expect((await push.disable()).busy).toBe(false);
  });

  it('says why when the browser has no Notification API or no service workers', async () => {
    const noNotification = createPushManager({
      messaging: createWebPushMessaging({ serviceWorker: { getRegistration: async () => undefined } }),
      vapidKey: VAPID,
    });
    expect((await noNotification.refresh()).reason).toBe('this browser has no Notification API');
    const noWorkers = createPushManager({ messaging: createWebPushMessaging({ notification: page().notification }), vapidKey: VAPID });
    expect((await noWorkers.refresh()).reason).toMatch(/no service workers here/);
    const noPushApi = createPushManager({
      messaging: createWebPushMessaging({ notification: page().notification, getRegistration: () => ({}) }),
      vapidKey: VAPID,
    });
    expect((await noPushApi.refresh()).reason).toMatch(/has no pushManager/);
  });

  it("uses the registration found by getRegistration(), or an injected one (the app's own worker), and drops the reason once supported", async () => {
    const { notification, pushManager } = page();
    const viaContainer = createPushManager({
      messaging: createWebPushMessaging({
        notification,
        serviceWorker: { ready: new Promise<never>(() => {}), getRegistration: async () => ({ pushManager }) },
      }),
      vapidKey: VAPID,
    });
    expect(await viaContainer.enable()).toMatchObject({
      status: 'subscribed',
      subscription: { endpoint: 'https://push.example/send/page' },
    });
    expect(viaContainer.getSnapshot().reason).toBeUndefined();

    const own = page();
    const injected = createPushManager({
      messaging: createWebPushMessaging({
        notification: own.notification,
        getRegistration: async () => ({ pushManager: own.pushManager }),
      }),
      vapidKey: VAPID,
    });
    expect((await injected.enable()).status).toBe('subscribed');
  });
});

describe('no browser call can wedge the push manager', () => {
  it('a container whose ready never settles (no getRegistration) ends in a TimeoutError, and calls queued behind it run', async () => {
    const { notification } = page();
    const push = createPushManager({
      messaging: createWebPushMessaging({ notification, serviceWorker: { ready: new Promise<never>(() => {}) } }),
      vapidKey: VAPID,
      timeoutMs: 20,
      logger: recordingLogger(),
    });
    const first = push.refresh();
    const queued = push.enable(); // another kind: waits for the refresh
    expect(push.getSnapshot().busy).toBe(true);
    const [a, b] = await Promise.all([first, queued]);
    expect(a.error).toMatchObject({ name: 'TimeoutError', message: 'push: messaging.isSupported did not settle within 20 ms' });
    expect(b).toMatchObject({ busy: false, status: 'unknown' });
    expect((b.error as Error).name).toBe('TimeoutError');
  });

  it('a prompt nobody answers (a quiet permission prompt) ends after promptTimeoutMs; a later answer is read on its own', async () => {
    const answer = later<string>();
    const notification = { permission: 'default', requestPermission: () => answer.promise };
    const { pushManager } = page();
    const push = createPushManager({
      messaging: createWebPushMessaging({ notification, getRegistration: () => ({ pushManager }) }),
      vapidKey: VAPID,
      promptTimeoutMs: 30,
      logger: recordingLogger(),
    });
    const state = await push.enable();
    expect(state).toMatchObject({ status: 'default', busy: false });
    expect((state.error as Error).message).toBe('push: the permission prompt did not settle within 30 ms');
    // The member opens the prompt a while later and allows: the manager refreshes by itself.
    notification.permission = 'granted';
    answer.resolve('granted');
    await vi.waitFor(() => expect(push.getSnapshot()).toMatchObject({ status: 'granted', busy: false }));
  });

  it('a subscription that arrives after its timeout is undone (the platform never heard of it)', async () => {
    const b = browser({ permission: 'granted' });
    const arrives = later<string>();
    const push = createPushManager({
      messaging: { ...b.messaging, subscribe: (key) => (b.calls.push(`subscribe:${key}`), arrives.promise) },
      vapidKey: VAPID,
      timeoutMs: 20,
      onSubscribe: () => expect.unreachable('onSubscribe must not see a timed-out subscription'),
      logger: recordingLogger(),
    });
    expect(await push.enable()).toMatchObject({ status: 'granted', subscription: null, busy: false });
    arrives.resolve('sub-late');
    await vi.waitFor(() => expect(b.calls.at(-1)).toBe('unsubscribe'));
  });

  it('an onSubscribe that never settles is bounded too, and the subscription is undone', async () => {
    const b = browser({ permission: 'granted' });
    const push = createPushManager({
      messaging: b.messaging,
      vapidKey: VAPID,
      timeoutMs: 20,
      onSubscribe: () => new Promise<void>(() => {}),
      logger: recordingLogger(),
    });
    const state = await push.enable();
    expect(state).toMatchObject({ status: 'granted', subscription: null, busy: false });
    expect((state.error as Error).message).toBe('push: onSubscribe did not settle within 20 ms');
    expect(b.calls.at(-1)).toBe('unsubscribe');
  });

  it('validates the timeouts and timers', () => {
    try {
      createPushManager({ messaging: browser().messaging, vapidKey: VAPID, timeoutMs: 0, promptTimeoutMs: Infinity, timers: {} as never });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e) && e.issues.map((i) => i.path)).toEqual(['timeoutMs', 'promptTimeoutMs', 'timers']);
    }
  });
});

describe('the DOM objects fit createWebPushMessaging as they are (type-level)', () => {
  it('a ServiceWorkerRegistration, the ServiceWorkerContainer and the Notification constructor', () => {
    expectTypeOf<ServiceWorkerRegistration>().toExtend<PushRegistrationLike>();
    expectTypeOf<ServiceWorkerContainer>().toExtend<NonNullable<WebPushMessagingOptions['serviceWorker']>>();
    expectTypeOf<typeof Notification>().toExtend<NonNullable<WebPushMessagingOptions['notification']>>();
    expectTypeOf(vapidKeyToBytes).returns.toExtend<BufferSource>();
  });
});
