// The subscription a browser already holds is posted again, once, for a member who signs in and
// turned push on in this browser (never for another member on it), and removed when the member
// turns push off: the app's push manager (push.ts) over a browser
// double (the Notification permission and a service worker registration's pushManager).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushState, PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import {
  PushPublicKeyQuery,
  RemovePushSubscriptionMutation,
  SavePushSubscriptionMutation,
  type GraphQLClient,
} from '@matchkit/sdk/transport';
import { createAppPushManager, postPushSubscription } from './push';
import { createPushOptIns, createPushRepost, PUSH_OPT_INS_KEY } from './repost';

const VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const HELD: PushSubscriptionJSONLike = {
  endpoint: 'https://push.example/browser-1',
  keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret' },
  expirationTime: null,
};

/** What the server was asked, as [operation, variables]. */
type Call = readonly [string, unknown];

function fakeServer() {
  const calls: Call[] = [];
  const transport = {
    request: vi.fn(({ query, variables }: { query: unknown; variables?: unknown }) => {
      if (query === PushPublicKeyQuery) return Promise.resolve({ data: { pushPublicKey: VAPID_KEY } });
      if (query === SavePushSubscriptionMutation) {
        calls.push(['save', variables]);
        return Promise.resolve({ data: { savePushSubscription: true } });
      }
      if (query === RemovePushSubscriptionMutation) {
        calls.push(['remove', variables]);
        return Promise.resolve({ data: { removePushSubscription: true } });
      }
      return Promise.reject(new Error('an operation the test does not expect'));
    }),
  } as unknown as Pick<GraphQLClient, 'request'>;
  return { transport, calls };
}

const saved = (s: PushSubscriptionJSONLike): Call => [
  'save',
  { input: { endpoint: s.endpoint, p256dh: s.keys?.['p256dh'], auth: s.keys?.['auth'], expirationTime: null } },
];

describe('posting the held subscription again for the member signed in', () => {
  let held: PushSubscriptionJSONLike | null;
  let permission: string;
  beforeEach(() => {
    held = HELD;
    permission = 'granted';
    vi.stubGlobal('Notification', {
      get permission() {
        return permission;
      },
      requestPermission: () => Promise.resolve(permission),
    });
    const pushManager = {
      getSubscription: () =>
        Promise.resolve(
          held === null
            ? null
            : {
                toJSON: () => held ?? {},
                unsubscribe: () => {
                  held = null;
                  return Promise.resolve(true);
                },
              },
        ),
      subscribe: () => Promise.reject(new Error('the browser already holds a subscription')),
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve({ pushManager }) },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  function setUp() {
    const server = fakeServer();
    const manager = createAppPushManager(server.transport);
    const optIns = createPushOptIns(memoryStorage());
    const signedIn = createPushRepost({
      push: { refresh: async () => (await manager).refresh() },
      post: (subscription) => postPushSubscription(server.transport, subscription),
      permission: () => permission,
      optedIn: optIns.has,
    });
    return { ...server, manager, signedIn, optIns };
  }

  it('posts it once for the member who turned push on here, again after a sign-out, never for another member', async () => {
    const { calls, manager, signedIn, optIns } = setUp();
    optIns.add('member-a');
    await signedIn('member-a');
    expect(calls).toEqual([saved(HELD)]);
    // The same member again (a renewed session, the layout rendered again): nothing more.
    await signedIn('member-a');
    expect(calls).toEqual([saved(HELD)]);
    // Another member on this browser, who never turned push on here: nothing is posted for them.
    await signedIn('member-b');
    expect(calls).toEqual([saved(HELD)]);
    // Signed out (the server forgot it with the session), then A back in: posted again.
    await signedIn(null);
    await signedIn('member-a');
    expect(calls).toEqual([saved(HELD), saved(HELD)]);
    // Turning push off removes it from the server and the browser.
    const off = await (await manager).disable();
    expect(off.status).toBe('granted');
    expect(calls.at(-1)).toEqual(['remove', { endpoint: HELD.endpoint }]);
    await signedIn('member-a');
    expect(calls).toHaveLength(3);
  });

  it('posts nothing when the browser holds no subscription, and reads nothing without the permission', async () => {
    held = null;
    const { calls, transport, signedIn, optIns } = setUp();
    optIns.add('member-a');
    optIns.add('member-b');
    await signedIn('member-a');
    expect(calls).toEqual([]);
    permission = 'default';
    vi.mocked(transport.request).mockClear();
    await signedIn('member-b');
    // Not even the public key was asked for: the push manager was never refreshed.
    expect(transport.request).not.toHaveBeenCalled();
  });

  it('tries a failed post again at the next sign-in', async () => {
    const state: PushState<PushSubscriptionJSONLike> = { status: 'subscribed', subscription: HELD, busy: false, error: null };
    const post = vi.fn<(s: PushSubscriptionJSONLike) => Promise<void>>().mockRejectedValueOnce(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signedIn = createPushRepost({
      push: { refresh: () => Promise.resolve(state) },
      post,
      permission: () => 'granted',
      optedIn: () => true,
    });
    await signedIn('member-a');
    expect(warn).toHaveBeenCalledOnce();
    await signedIn('member-a');
    await signedIn('member-a');
    expect(post.mock.calls).toEqual([[HELD], [HELD]]);
    warn.mockRestore();
  });
});

describe('the members who turned push on in this browser', () => {
  it('keeps each member until they turn it off, and survives unreadable storage', () => {
    const storage = memoryStorage();
    const optIns = createPushOptIns(storage);
    optIns.add('member-a');
    optIns.add('member-b');
    optIns.remove('member-a');
    expect([optIns.has('member-a'), optIns.has('member-b')]).toEqual([false, true]);
    expect(createPushOptIns(storage).has('member-b')).toBe(true);
    storage.setItem(PUSH_OPT_INS_KEY, 'not json');
    expect(createPushOptIns(storage).has('member-b')).toBe(false);
    expect(createPushOptIns(undefined).has('member-b')).toBe(false);
  });
});

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}
