// Web push end to end (issue 23), for Pro members of one brand (push.<brand>.test.ts). One member turns
// notifications on in the settings and saves an odds alert with the oddsmatcher's "Tell me when…"
// at a threshold the live feed meets within seconds; the server's alert runner pushes (signed with
// the run's VAPID key, encrypted aes128gcm) to the local push service, which checks the VAPID JWT
// and decrypts the payload with the subscription's private key; the payload reaches the page's
// real service worker (CDP ServiceWorker.deliverPushMessage, what a push service's message becomes
// in Chromium), which shows the notification; its click opens the oddsmatcher at that match (the
// row marked current, or the notice that the list no longer has it). Then another member signs in on a browser holding a subscription: nothing
// is posted for them until they turn push on themselves, then their alert's push reaches it.
//
// Two stand-ins, because headless Chromium has no push service and no notification to click:
// - PushManager.subscribe in the page answers a subscription at the local push service, with keys
//   whose private half the test holds (an init script): the server then encrypts to those keys.
// - The click is the worker's own notificationclick handler, given the notification it showed
//   (evaluated in the worker): the browser would dispatch the same event on a click.
// docs/notifications.md "Web push, tested end to end".
import { getBrand } from '@matchkit/sdk/brands';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import type { PushPayload } from '../server/src/notifications/settings';
import {
  startLocalPushService,
  type LocalPushService,
  type ReceivedPush,
  type TestSubscription,
} from '../server/src/push/testing/push-service';
import { deleteOddsAlerts, graphql, registerMember, subscribeMember, useE2E, type BrandId, type Tab, type TestMember } from './harness';

const TEST_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 20_000;

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

/** The suite for `brandId`, its members on `plan` (one that includes the oddsmatcher). */
export function pushSuite(brandId: BrandId, plan: string): void {
  describe(`web push on the ${brandId} brand`, { timeout: TEST_TIMEOUT_MS }, () => {
    const e2e = useE2E(brandId);
    const oddsmatcher = getBrand(brandId).tools.find((t) => t.key === 'oddsmatcher');
    let member: TestMember;
    let service: LocalPushService;
    beforeAll(async () => {
      service = await startLocalPushService({ certificate: inject('e2ePush').certificate });
      member = await registerMember(e2e().server.origin, { tag: 'push' });
      await subscribeMember(e2e().server.origin, member, plan);
    });
    afterAll(async () => {
      await service?.close();
    });

    /** A tab of `who` with notifications turned on in the settings, subscribed at a new subscription of the local push service. */
    async function withPushOn(who: TestMember) {
      const origin = e2e().server.origin;
      const subscription = service.subscription();
      const tab = await e2e().open('/', { member: who, serviceWorkers: 'allow' });
      const { page, context } = tab;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await context.grantPermissions(['notifications'], { origin });
      await context.addInitScript(fakePushSubscription, {
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
      });
      // The worker registers, the page subscribes with the server's key and posts the subscription.
      await page.goto(`${origin}/settings`);
      await page.getByRole('button', { name: 'Turn on notifications' }).click();
      await page.getByText('Notifications are on in this browser.', { exact: true }).first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBe(inject('e2ePush').vapidPublicKey);
      return { tab, subscription };
    }

    /** The first push the local push service received for `subscription` that `wanted` accepts, once it has arrived. */
    function pushTo(subscription: TestSubscription, wanted: (payload: PushPayload) => boolean): Promise<ReceivedPush> {
      const id = subscription.endpoint.split('/').pop();
      return vi.waitFor(
        () => {
          const got = service.received.find((r) => r.id === id && wanted(JSON.parse(r.payload) as PushPayload));
          if (got === undefined) throw new Error(`no such push yet (refused: ${service.rejected.join('; ') || 'none'})`);
          return got;
        },
        { timeout: STEP_TIMEOUT_MS, interval: 100 },
      );
    }

    it("pushes a saved alert's match to the service worker, whose notification opens the oddsmatcher at that match", async () => {
      const origin = e2e().server.origin;
      if (oddsmatcher === undefined) throw new Error(`the ${brandId} brand has no oddsmatcher`);
      // Its alert deleted when this test ends, so that the shared server stops evaluating it
      // (deleteOddsAlerts): the next test signs the member out, which ends their token.
      onTestFinished(() => deleteOddsAlerts(origin, member));
      const { tab, subscription } = await withPushOn(member);
      const { page, context } = tab;
      // The worker controls the page (clientsClaim): its click handler can take this tab elsewhere.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      // An alert the live feed meets within seconds (any match rating at least 90%), saved with the
      // oddsmatcher's "Tell me when…", which knows push is on in this browser.
      await page.goto(`${origin}/${oddsmatcher.slug}`);
      await page.getByRole('button', { name: 'Tell me when…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tell me when a match appears' });
      await dialog.getByText('Notifications are on in this browser: we will tell you here when a match appears.').waitFor();
      await dialog.getByLabel('Alert name').fill('Any fair match');
      await dialog.getByLabel('Lowest rating (%)').fill('90');
      await dialog.getByRole('button', { name: 'Save alert' }).click();
      await page.getByText('Alert “Any fair match” saved.').waitFor();

      // The server's push, at the push service: signed with the run's key, decrypted with the subscription's.
      const pushed = await pushTo(subscription, (p) => p.title.startsWith('Any fair match:'));
      expect(service.rejected).toEqual([]);
      expect(pushed.status).toBe(201);
      expect(pushed.vapidKey).toBe(inject('e2ePush').vapidPublicKey);
      expect(pushed.claims.aud).toBe(service.origin);
      const payload = JSON.parse(pushed.payload) as PushPayload;
      expect(payload.title).toMatch(/^Any fair match: (a match|\d+ matches)$/);
      const opens = new URL(payload.url, origin);
      expect(opens.pathname).toBe(`/${oddsmatcher.slug}`);
      const match = opens.searchParams.get('match');
      expect(match).not.toBeNull();

      // To the page's service worker, as Chromium delivers a push service's message.
      // The worker, running, counts the push events it receives (what a failure then reports).
      const watched = context.serviceWorkers().find((w) => w.url() === `${origin}/offline-worker.js`);
      if (watched === undefined) throw new Error('the offline worker is not running');
      await watched.evaluate(() => {
        const scope = self as unknown as WorkerScope & { e2ePushes?: number };
        scope.e2ePushes = 0;
        scope.addEventListener('push', () => (scope.e2ePushes = (scope.e2ePushes ?? 0) + 1));
      });
      const delivery = await deliverToWorker(tab, origin, pushed);
      const shown = await vi.waitFor(
        async () => {
          const list = await page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
          );
          if (list.length === 0) {
            const pushes = await watched.evaluate(() => (self as unknown as { e2ePushes?: number }).e2ePushes);
            throw new Error(`no notification shown yet (${delivery.seen()}; push events in the worker: ${String(pushes)})`);
          }
          return list;
        },
        { timeout: STEP_TIMEOUT_MS, interval: 100 },
      );
      await delivery.done();
      expect(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);

      // The click: the worker's notificationclick handler with the notification it showed.
      const clicked = await watched.evaluate(async () => {
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
      // The page at that match: its row marked current (the page keeps a match the alert has just
      // found even when it ranks below the rows shown), and no notice that it is gone.
      const here = page.getByRole('row').and(page.locator('[aria-current="true"]'));
      await here.waitFor().catch(async (e: unknown) => {
        // What the page showed instead: whether it said the match was gone, and its status line.
        const gone = await page.getByRole('status').filter({ hasText: 'That match is no longer available' }).count();
        const live = page.getByText(/^(Live prices|Catching up with the prices…) · /);
        const status = (await live.count()) > 0 ? await live.first().innerText() : 'prices not loaded';
        throw new Error(`the page did not mark the match ${match} (${gone > 0 ? 'it said it is gone' : 'no gone notice'}; ${status})`, {
          cause: e,
        });
      });
      expect(await page.getByRole('status').filter({ hasText: 'That match is no longer available' }).count()).toBe(0);
      expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);
      expect(tab.problems()).toEqual([]);
    });

    it("posts the browser's subscription for another member signed in on it only once they turn push on, then pushes to them", async () => {
      const origin = e2e().server.origin;
      const { tab, subscription } = await withPushOn(member);
      const { page } = tab;
      const other = await registerMember(origin, { tag: 'push' });
      onTestFinished(() => deleteOddsAlerts(origin, other));
      await subscribeMember(origin, other, plan);
      const saves: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/graphql' && (r.postData() ?? '').includes('SavePushSubscription')) saves.push(r.url());
      });

      // Signing out forgets the subscription on the server (with the session); the browser keeps it.
      const account = page.getByRole('navigation', { name: 'Your account' });
      await account.getByRole('link', { name: 'Sign out' }).click();
      await page.getByRole('heading', { level: 1, name: 'You have signed out' }).waitFor();
      await page.goto(`${origin}/login`);
      await page.getByLabel('Email address or username').fill(other.username);
      await page.getByLabel('Password').fill(other.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Sign out' }).waitFor();

      // The other member never turned push on here: it shows as off and nothing was posted for them.
      await page.goto(`${origin}/settings`);
      await page.getByText('Notifications are allowed in this browser, but not turned on yet.', { exact: true }).waitFor();
      expect(saves).toEqual([]);
      const posted = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/graphql' && (r.request().postData() ?? '').includes('SavePushSubscription'),
      );
      await page.getByRole('button', { name: 'Turn on notifications' }).click();
      expect(await (await posted).json()).toEqual({ data: { savePushSubscription: true } });
      await page.getByText('Notifications are on in this browser.', { exact: true }).first().waitFor();

      // The other member's alert is pushed to this browser.
      const { data } = await graphql<{ saveOddsAlert: { ok: boolean } }>(
        origin,
        'mutation SaveAlert($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok } }',
        { input: { tool: 'oddsmatcher', name: 'Their fair match', minRating: 90 } },
        other.token,
      );
      expect(data.saveOddsAlert.ok).toBe(true);
      await pushTo(subscription, (p) => p.title.startsWith('Their fair match:'));
      expect(service.rejected).toEqual([]);
      expect(tab.problems()).toEqual([]);
    });
  });
}

/** What the click uses of a service worker's global scope. */
interface WorkerScope extends EventTarget {
  readonly registration: { getNotifications(): Promise<Notification[]> };
  readonly NotificationEvent: new (type: 'notificationclick', init: { notification: Notification }) => Event;
}

/**
 * Delivers a push's payload to the page's service worker registration over CDP (its ServiceWorker
 * domain). The session stays attached, reporting what it saw of the worker, until `done`.
 */
async function deliverToWorker(
  tab: Pick<Tab, 'context' | 'page'>,
  origin: string,
  push: ReceivedPush,
): Promise<{ seen(): string; done(): Promise<void> }> {
  const cdp = await tab.context.newCDPSession(tab.page);
  const seen: string[] = [];
  try {
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (found !== undefined) resolve(found.registrationId);
      });
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) seen.push(`version ${v.versionId} ${v.status} ${v.runningStatus}`);
    });
    cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => seen.push(`error: ${errorMessage.errorMessage}`));
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: push.payload });
    seen.push(`delivered to registration ${registrationId}`);
  } catch (error) {
    await cdp.detach();
    throw error;
  }
  return { seen: () => seen.join('; '), done: () => cdp.detach() };
}
