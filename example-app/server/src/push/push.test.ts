// Web push end to end on the server: the browser's subscription posted through GraphQL, sendPush
// checking the member's setting and queueing, the push worker sending, and the local push service
// (push/testing/push-service.ts) checking the VAPID JWT and decrypting each payload with the
// subscription's private key. The queue's own promises: queue-suite.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings, pushSubscriptions, sessions } from '../db/schema';
import { sendPush, type NotificationKind, type PushPayload } from '../notifications/settings';
import { addMember, type FixtureMember } from '../test/fixture-members';
import { createTestApp, type TestApp } from '../test/app';
import { SAVE_PUSH_SUBSCRIPTION, subscribeAt } from './testing/subscribe';
import { startLocalPushService, type LocalPushService, type TestSubscription } from './testing/push-service';

const SAVE = SAVE_PUSH_SUBSCRIPTION;
const PAYLOAD: PushPayload = { title: 'Match found', body: 'Arsenal v Spurs rates 98%', url: '/oddsmatcher?match=m1', tag: 'alert-a1-m1' };

describe('web push', () => {
  let t: TestApp;
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
    // The local push service is on 127.0.0.1: allowed only through this explicit setting.
    t = await createTestApp({ env: { PUSH_ALLOWED_HOSTS: '127.0.0.1' }, pushDelivery: { agent: service.agent } });
  });
  afterAll(async () => {
    await t.stop();
    await service.close();
  });

  /** Queues a push in a transaction of its own, as the change causing it would; resolves with whether it was queued. */
  const queue = (userId: string, kind: NotificationKind) =>
    t.database.db.transaction((tx) => sendPush(t.app.deps, tx, userId, kind, PAYLOAD));
  /** Runs the push worker until nothing is due (a retry's backoff is waited out by moving the clock). */
  const drain = async () => {
    for (let i = 0; i < 5; i++) {
      await t.app.pushWorker?.runOnce();
      t.clock.advance(60_000);
    }
  };
  const subscribe = (m: FixtureMember): Promise<TestSubscription> => subscribeAt(t, service, m.token);
  const stored = async (userId: string) =>
    (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((r) => r.endpoint);
  const receivedBy = (s: TestSubscription) => service.received.filter((r) => s.endpoint.endsWith(`/${r.id}`));

  it('sends a signed, encrypted push the push service decrypts to the payload', async () => {
    const m = await addMember(t);
    const s = await subscribe(m);
    expect(await queue(m.id, 'odds-alerts')).toBe(true);
    await drain();
    const [got, ...more] = receivedBy(s);
    expect(more).toEqual([]);
    expect(JSON.parse(got?.payload ?? 'null')).toEqual(PAYLOAD);
    expect(got?.claims.aud).toBe(service.origin);
    expect(got?.claims.sub).toBe(t.config.push?.subject);
    expect(got?.vapidKey).toBe(t.config.push?.publicKey);
    expect(got?.headers.urgency).toBe('high');
    expect(Number(got?.headers.ttl)).toBeGreaterThan(0);
    expect(got?.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(service.rejected).toEqual([]);
  });

  it('sends nothing to a member who turned the kind off, or who never turned push on', async () => {
    const off = await addMember(t);
    const s = await subscribe(off);
    await t.database.db
      .insert(notificationSettings)
      .values({ userId: off.id, kind: 'odds-alerts', channel: 'push', enabled: false, updatedAt: new Date(t.clock()) });
    const never = await addMember(t);
    const before = service.received.length;
    expect(await queue(off.id, 'odds-alerts')).toBe(false);
    expect(await queue(never.id, 'odds-alerts')).toBe(false);
    expect(await queue(off.id, 'account')).toBe(false); // never pushed
    await drain();
    expect(service.received.length).toBe(before);
    expect(receivedBy(s)).toEqual([]);
  });

  it('deletes the subscription the push service answers 404 or 410 for, keeping the others', async () => {
    const m = await addMember(t);
    const [gone404, gone410, kept] = [await subscribe(m), await subscribe(m), await subscribe(m)];
    service.script(gone404.endpoint, [404]);
    service.script(gone410.endpoint, [410]);
    await queue(m.id, 'billing-reminders');
    await drain();
    expect(await stored(m.id)).toEqual([kept.endpoint]);
    expect(receivedBy(kept).map((r) => r.status)).toEqual([201]);
  });

  it('retries a 429 or a 503 later and keeps the subscription', async () => {
    const m = await addMember(t);
    const s = await subscribe(m);
    service.script(s.endpoint, [429, 503]);
    await queue(m.id, 'odds-alerts');
    await drain();
    expect(receivedBy(s).map((r) => r.status)).toEqual([429, 503, 201]);
    expect(await stored(m.id)).toEqual([s.endpoint]);
    const metrics = await t.app.metrics.render();
    expect(metrics).toMatch(/matchkit_push_failed_total\{outcome="retried"\} [1-9]/);
    expect(metrics).toMatch(/matchkit_push_pruned_total [1-9]/);
  });

  it('refuses a subscription with a bad field, naming it', async () => {
    const m = await addMember(t);
    const s = service.subscription();
    const field = async (input: Record<string, unknown>) =>
      (
        await t.gql(
          SAVE,
          { input: { endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, expirationTime: null, ...input } },
          { token: m.token },
        )
      ).errors?.[0]?.extensions as { code?: string; field?: string } | undefined;
    expect(await field({ endpoint: 'http://push.example.net/x' })).toMatchObject({ code: 'BAD_INPUT', field: 'input.endpoint' });
    expect(await field({ endpoint: `https://push.example.net/${'x'.repeat(1100)}` })).toMatchObject({ field: 'input.endpoint' });
    expect(await field({ p256dh: s.auth })).toMatchObject({ field: 'input.p256dh' });
    expect(await field({ auth: s.p256dh })).toMatchObject({ field: 'input.auth' });
    expect(await field({ expirationTime: -1 })).toMatchObject({ field: 'input.expirationTime' });
    expect(await stored(m.id)).toEqual([]);
  });

  it('signing out removes that device’s subscription', async () => {
    const m = await addMember(t);
    await subscribe(m);
    const r = await t.gql('mutation { logout }', {}, { token: m.token });
    expect(r.errors).toBeUndefined();
    expect(await stored(m.id)).toEqual([]);
  });
});

describe('web push endpoints outside the allowed hosts', () => {
  // The default configuration: only the browsers' push services (PUSH_ALLOWED_HOSTS unset).
  let t: TestApp;
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
    t = await createTestApp({ pushDelivery: { agent: service.agent } });
  });
  afterAll(async () => {
    await t.stop();
    await service.close();
  });

  it('refuses loopback, private, metadata and internal hosts, naming endpoint, and keeps a push service', async () => {
    const m = await addMember(t);
    const s = service.subscription();
    const save = async (endpoint: string) =>
      (await t.gql(SAVE, { input: { endpoint, p256dh: s.p256dh, auth: s.auth, expirationTime: null } }, { token: m.token })).errors?.[0]
        ?.extensions as { code?: string; field?: string } | undefined;
    for (const endpoint of [
      s.endpoint,
      'https://127.0.0.1/push/x',
      'https://10.0.0.5/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://redis.internal/x',
    ])
      expect(await save(endpoint), endpoint).toMatchObject({ code: 'BAD_INPUT', field: 'input.endpoint' });
    expect(await save('https://fcm.googleapis.com/fcm/send/abc')).toBeUndefined();
    const kept = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id));
    expect(kept.map((r) => r.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/abc']);
  });

  it('sends nothing to a subscription saved before the rule, and deletes it', async () => {
    const m = await addMember(t);
    const s = service.subscription();
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id));
    await t.database.db.insert(pushSubscriptions).values({
      id: 'ps_before_rule',
      userId: m.id,
      sessionId: session?.id ?? '',
      endpoint: s.endpoint,
      p256dh: s.p256dh,
      auth: s.auth,
      createdAt: new Date(t.clock()),
    });
    await t.database.db.transaction((tx) => sendPush(t.app.deps, tx, m.id, 'odds-alerts', PAYLOAD));
    await t.app.pushWorker?.runOnce();
    expect(service.received).toEqual([]);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id))).toEqual([]);
  });
});
