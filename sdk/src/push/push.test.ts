import { createECDH } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { isValidationError } from '../errors';
import { recordingLogger } from '../analytics/testing/loopback-server';
import { browser } from './testing/scripted-browser';
import {
  createPushManager,
  createWebPushMessaging,
  vapidKeyToBytes,
  type PushSubscriptionLike,
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
    expect(b.calls.filter((c) => c === 'requestPermission' || c.startsWith('subscribe'))).toEqual(['requestPermission', `subscribe:${VAPID}`]);
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
    const push = createPushManager({ messaging: createWebPushMessaging(web), vapidKey: VAPID });
    const state = await push.enable();
    expect(state).toMatchObject({ status: 'subscribed', subscription: web.json });
    expect(web.subscribeCalls).toHaveLength(1);
    expect(web.subscribeCalls[0]?.userVisibleOnly).toBe(true);
    expect(web.subscribeCalls[0]?.applicationServerKey).toEqual(PUBLIC_KEY_BYTES);
    expect((await push.disable()).status).toBe('granted');
  });

  it('reports denied from Notification.permission without prompting', async () => {
    const web = webPlatform('denied', 'denied');
    const push = createPushManager({ messaging: createWebPushMessaging(web), vapidKey: VAPID });
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
