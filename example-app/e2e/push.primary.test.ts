// Web push end to end (issue 23), for a Pro member of the primary brand: the member turns
// notifications on in the settings, saves an odds alert whose threshold the live feed meets within
// seconds, the server's alert runner pushes (signed with the run's VAPID key, encrypted aes128gcm)
// to the local push service, which checks the VAPID JWT and decrypts the payload with the
// subscription's private key; the payload reaches the page's real service worker (CDP
// ServiceWorker.deliverPushMessage, what a push service's message becomes in Chromium), which shows
// the notification; its click opens the oddsmatcher at that match.
//
// Two stand-ins, because headless Chromium has no push service and no notification to click:
// - PushManager.subscribe in the page answers a subscription at the local push service, with keys
//   whose private half the test holds (an init script): the server then encrypts to those keys.
// - The click is the worker's own notificationclick handler, given the notification it showed
//   (evaluated in the worker): the browser would dispatch the same event on a click.
// docs/notifications.md "Web push, tested end to end".
import { getBrand } from '@matchkit/sdk/brands';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startLocalPushService, type LocalPushService, type ReceivedPush } from '../server/src/push/testing/push-service';
import { graphql, registerMember, subscribeMember, useE2E, type Tab, type TestMember } from './harness';

const TEST_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 20_000;

const SAVE_ALERT = `mutation SaveAlert($input: OddsAlertInput!) {
  saveOddsAlert(input: $input) { ok error { code message field } alert { id name } }
}`;

/** The subscription the page's PushManager gives (an init script: it runs before the app's code). */
function fakePushSubscription(given: { endpoint: string; p256dh: string; auth: string }): void {
  const held = 'e2e-push-subscription';
  const json = { endpoint: given.endpoint, expirationTime: null, keys: { p256dh: given.p256dh, auth: given.auth } };
  const subscription = () => ({
    endpoint: given.endpoint,
    expirationTime: null,
    toJSON: () => json,
    unsubscribe: () => {
      localStorage.removeItem(held);
      return Promise.resolve(true);
    },
  });
  const base64url = (bytes: ArrayBuffer | ArrayBufferView) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes instanceof ArrayBuffer ? bytes : bytes.buffer)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    // The key the app subscribed with: the server's, read back by the test.
    localStorage.setItem(held, typeof key === 'string' || key === undefined || key === null ? String(key) : base64url(key));
    return Promise.resolve(subscription() as unknown as PushSubscription);
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(localStorage.getItem(held) === null ? null : (subscription() as unknown as PushSubscription));
  };
}

describe('web push on the primary brand', { timeout: TEST_TIMEOUT_MS }, () => {
  const e2e = useE2E('primary');
  const oddsmatcher = getBrand('primary').tools.find((t) => t.key === 'oddsmatcher');
  let member: TestMember;
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService({ certificate: inject('e2ePush').certificate });
    member = await registerMember(e2e().server.origin, { tag: 'push' });
    await subscribeMember(e2e().server.origin, member, 'pro');
  });
  afterAll(async () => {
    await service?.close();
  });

  it("pushes a saved alert's match to the service worker, whose notification opens the oddsmatcher at that match", async () => {
    const origin = e2e().server.origin;
    if (oddsmatcher === undefined) throw new Error('the primary brand has no oddsmatcher');
    const subscription = service.subscription();
    const tab = await e2e().open('/', { member, serviceWorkers: 'allow' });
    const { page, context } = tab;
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await context.grantPermissions(['notifications'], { origin });
    await context.addInitScript(fakePushSubscription, {
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
    });

    // Notifications on, in the settings: the worker registers, the page subscribes with the server's key.
    await page.goto(`${origin}/settings`);
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await page.getByText('Notifications are on in this browser.', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBe(inject('e2ePush').vapidPublicKey);
    // The worker controls the page (clientsClaim): its click handler can take this tab elsewhere.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // An alert the live feed meets within seconds: any match rating at least 50%.
    const { data } = await graphql<{ saveOddsAlert: { ok: boolean; alert: { id: string; name: string } | null } }>(
      origin,
      SAVE_ALERT,
      { input: { tool: 'oddsmatcher', name: 'Any fair match', minRating: 50 } },
      member.token,
    );
    expect(data.saveOddsAlert.ok).toBe(true);

    // The server's push, at the push service: signed with the run's key, decrypted with the subscription's.
    const id = subscription.endpoint.split('/').pop();
    const pushed = await vi.waitFor(
      () => {
        const got = service.received.find((r) => r.id === id);
        if (got === undefined) throw new Error(`no push yet (refused: ${service.rejected.join('; ') || 'none'})`);
        return got;
      },
      { timeout: STEP_TIMEOUT_MS, interval: 100 },
    );
    expect(service.rejected).toEqual([]);
    expect(pushed.status).toBe(201);
    expect(pushed.vapidKey).toBe(inject('e2ePush').vapidPublicKey);
    expect(pushed.claims.aud).toBe(service.origin);
    const payload = JSON.parse(pushed.payload) as { title: string; body: string; url: string; tag: string };
    expect(payload.title).toMatch(/^Any fair match: (a match|\d+ matches)$/);
    const opens = new URL(payload.url, origin);
    expect(opens.pathname).toBe(`/${oddsmatcher.slug}`);
    const match = opens.searchParams.get('match');
    expect(match).not.toBeNull();

    // To the page's service worker, as Chromium delivers a push service's message.
    await deliverToWorker(tab, origin, pushed);
    const shown = await vi.waitFor(
      async () => {
        const list = await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
        );
        if (list.length === 0) throw new Error('no notification shown yet');
        return list;
      },
      { timeout: STEP_TIMEOUT_MS, interval: 100 },
    );
    expect(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);

    // The click: the worker's notificationclick handler with the notification it showed.
    const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/offline-worker.js`);
    if (worker === undefined) throw new Error('the offline worker is not running');
    const clicked = await worker.evaluate(async () => {
      // The worker's global scope (the e2e project compiles against the DOM's types, not a worker's).
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      if (notification === undefined) return 'no notification';
      const event = new scope.NotificationEvent('notificationclick', { notification });
      // A constructed event cannot extend the worker's life: the work it hands waitUntil is awaited here.
      const work: Promise<unknown>[] = [];
      Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => work.push(p) });
      scope.dispatchEvent(event);
      await Promise.all(work);
      return `${work.length} task(s) done`;
    });
    expect(clicked).toBe('1 task(s) done');
    await page.waitForURL((url) => url.pathname === opens.pathname && url.searchParams.get('match') === match);
    await page.getByRole('heading', { level: 1, name: oddsmatcher.title }).waitFor();
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);
    expect(tab.problems()).toEqual([]);
  });
});

/** What the click uses of a service worker's global scope. */
interface WorkerScope extends EventTarget {
  readonly registration: { getNotifications(): Promise<Notification[]> };
  readonly NotificationEvent: new (type: 'notificationclick', init: { notification: Notification }) => Event;
}

/** Delivers a push's payload to the page's service worker registration over CDP (its ServiceWorker domain). */
async function deliverToWorker(tab: Pick<Tab, 'context' | 'page'>, origin: string, push: ReceivedPush): Promise<void> {
  const cdp = await tab.context.newCDPSession(tab.page);
  try {
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (found !== undefined) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: push.payload });
  } finally {
    await cdp.detach();
  }
}
