// Every public factory that takes an options object refuses a key it does not read, by name, as the
// calculators refuse a misspelt input field: a MatchkitValidationError whose issue is at the key
// ("timeout: is not an option").
import { describe, expect, it } from 'vitest';
import { createAnalytics } from '../analytics/analytics';
import { createClickTracking } from '../analytics/click';
import { createNetworkCapture } from '../analytics/network';
import { createEventQueue } from '../analytics/queue';
import { isValidationError, type ValidationIssue } from '../errors/errors';
import {
  createLiveFeed,
  graphqlFeedSource,
  type FeedQueryTransport,
  type FeedSubscriptionTransport,
  type LiveFeedSource,
} from '../feed/live';
import { createIntegrationsStore } from '../integrations/integrations';
import { createOddsmatcher, createTunedOddsmatcher } from '../matching/oddsmatcher/store';
import { createNotificationsStore } from '../notifications/notifications';
import { registerOfflineWorker } from '../offline/offline';
import { createPushManager, createWebPushMessaging, type MessagingService } from '../push/push';
import { createAuthServiceClient, createGraphQLClient } from '../transport/graphql-client';
import { createLeanSubscriptionClient, createSubscriptionClient } from '../transport/subscriptions';

/** The issues of the validation error `make` throws (or rejects with). */
async function issuesOf(make: () => unknown): Promise<readonly ValidationIssue[]> {
  try {
    await make();
  } catch (e) {
    if (isValidationError(e)) return e.issues;
    throw e;
  }
  throw new Error('accepted');
}

const fn = () => undefined;
const analytics = { track: fn, flush: async () => undefined, getSnapshot: fn } as unknown as Parameters<typeof createClickTracking>[0];
const messaging = {
  isSupported: fn,
  getPermission: fn,
  requestPermission: fn,
  getSubscription: fn,
  subscribe: fn,
  unsubscribe: fn,
} as unknown as MessagingService<unknown>;
const source: LiveFeedSource = { snapshot: () => new Promise(() => undefined), patches: () => fn };
const FakeSocket = function FakeSocket() {} as unknown as new () => object;

// [factory, a call with one misspelt or unknown key, the issue it must raise]
const CASES: readonly (readonly [string, () => unknown, ValidationIssue])[] = [
  [
    'createGraphQLClient: timeout',
    () => createGraphQLClient({ url: 'https://api.example.com/graphql', timeout: 5000 } as never),
    { path: 'timeout', message: 'is not an option' },
  ],
  [
    'createGraphQLClient: a top-level retries',
    () => createGraphQLClient({ url: 'https://api.example.com/graphql', retries: 3 } as never),
    { path: 'retries', message: 'is not an option' },
  ],
  [
    'createGraphQLClient: retry.retrys',
    () => createGraphQLClient({ url: 'https://api.example.com/graphql', retry: { retrys: 3 } } as never),
    { path: 'retry.retrys', message: 'is not an option' },
  ],
  [
    'createAuthServiceClient: apikey',
    () => createAuthServiceClient({ url: 'https://auth.example.com/graphql', apiKey: 'k', apikey: 'k' } as never),
    { path: 'apikey', message: 'is not an option' },
  ],
  [
    'createSubscriptionClient: keepAlive',
    () => createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: FakeSocket, keepAlive: 10_000 } as never),
    { path: 'keepAlive', message: 'is not an option' },
  ],
  [
    'createSubscriptionClient: retry.maxDelay',
    () => createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: FakeSocket, retry: { maxDelay: 1 } } as never),
    { path: 'retry.maxDelay', message: 'is not an option' },
  ],
  [
    'createLeanSubscriptionClient: keepAlive',
    () => createLeanSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: FakeSocket, keepAlive: 10_000 } as never),
    { path: 'keepAlive', message: 'is not an option' },
  ],
  [
    'createLeanSubscriptionClient: retry.maxDelay',
    () =>
      createLeanSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: FakeSocket, retry: { maxDelay: 1 } } as never),
    { path: 'retry.maxDelay', message: 'is not an option' },
  ],
  [
    'graphqlFeedSource: subscription',
    () =>
      graphqlFeedSource({
        transport: {} as FeedQueryTransport,
        subscriptions: {} as FeedSubscriptionTransport,
        subscription: {},
      } as never),
    { path: 'subscription', message: 'is not an option' },
  ],
  [
    'createLiveFeed: maxBuffer',
    () => createLiveFeed({ source, maxBuffer: 10 } as never),
    { path: 'maxBuffer', message: 'is not an option' },
  ],
  [
    'createNotificationsStore: autoClose',
    () => createNotificationsStore({ autoClose: 1000 } as never),
    { path: 'autoClose', message: 'is not an option' },
  ],
  [
    'createIntegrationsStore: onfocus',
    () => createIntegrationsStore({ check: async () => ({ data: {}, error: false }), onfocus: fn } as never),
    { path: 'onfocus', message: 'is not an option' },
  ],
  [
    'createPushManager: timeout',
    () => createPushManager({ messaging, vapidKey: 'key', timeout: 5000 } as never),
    { path: 'timeout', message: 'is not an option' },
  ],
  [
    'createWebPushMessaging: serviceworker',
    () => createWebPushMessaging({ serviceworker: {} } as never),
    { path: 'serviceworker', message: 'is not an option' },
  ],
  ['createEventQueue: maxsize', () => createEventQueue({ maxsize: 10 } as never), { path: 'maxsize', message: 'is not an option' }],
  [
    'createClickTracking: delay',
    () => createClickTracking(analytics, { delay: 100 } as never),
    { path: 'delay', message: 'is not an option' },
  ],
  [
    'createNetworkCapture: denyHeader',
    () => createNetworkCapture(analytics, { denyHeader: ['cookie'] } as never),
    { path: 'denyHeader', message: 'is not an option' },
  ],
  [
    'registerOfflineWorker: scopes',
    () => registerOfflineWorker({ serviceWorker: null, scopes: '/' } as never),
    { path: 'scopes', message: 'is not an option' },
  ],
  [
    'createAnalytics: randomID',
    () => createAnalytics({ now: () => 0, randomID: () => 'id' } as never),
    { path: 'randomID', message: 'is not an option' },
  ],
  ['createOddsmatcher: limt', () => createOddsmatcher({ limt: 5 } as never), { path: '', message: 'unknown key(s): limt' }],
  [
    'createTunedOddsmatcher: rank',
    () => createTunedOddsmatcher({ rank: 'rating' } as never, {}),
    { path: '', message: 'unknown key(s): rank' },
  ],
];

describe('unknown option keys', () => {
  it.each(CASES)('%s is refused by name', async (_, make, issue) => {
    expect(await issuesOf(make)).toEqual([issue]);
  });

  it('leaves the known options alone: the same calls without the unknown key are accepted', async () => {
    expect(() => createGraphQLClient({ url: 'https://api.example.com/graphql', timeoutMs: 5000, retry: { retries: 3 } })).not.toThrow();
    expect(() => createNotificationsStore({ autoCloseMs: 1000 })).not.toThrow();
    expect(() => createEventQueue({ maxSize: 10 })).not.toThrow();
    expect(() => createLiveFeed({ source, maxBuffered: 10 })).not.toThrow();
    expect(() => createOddsmatcher({ limit: 5 })).not.toThrow();
  });
});
