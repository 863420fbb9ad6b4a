// The push queue's promises (docs/notifications.md "Web push", "Sending"), as one suite run on the
// embedded PGlite (queue.test.ts) and on PostgreSQL (queue.pg.test.ts), against the local push
// service (testing/push-service.ts), which checks each request's VAPID JWT and decrypts it:
// - a push queued in a transaction that rolls back is never sent;
// - two workers (on PostgreSQL each with its own connections, as two processes) send each push once;
// - a worker that dies between its claim and the push service's answers loses nothing: once its
//   lease lapses the next worker sends to the devices not recorded as answered, and only to them;
// - 201, 404/410 (pruned), 429 (retried for that device alone) and the last attempt (failed);
// - an odds alert past its 15 minutes is failed, never sent late;
// - the queue's age metric;
// - the retention pass deletes only pushes that ended more than a week ago.
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { notificationSettings, pushOutbox } from '../db/schema';
import { waitFor } from '../e2e/clients';
import { createLogger } from '../logger';
import { sendPush, type NotificationKind, type PushPayload } from '../notifications/settings';
import { createMetrics } from '../ops/metrics';
import { addMember, type FixtureMember } from '../test/fixture-members';
import { createTestApp, type TestApp } from '../test/app';
import type { PushDelivery } from './delivery';
import { subscribeAt } from './testing/subscribe';
import { startLocalPushService, type LocalPushService, type TestSubscription } from './testing/push-service';
import { createPushWorker, PUSH_KEEP_MS, PUSH_POLICY, prunePushOutbox, type PushWorker } from './worker';

const payload = (tag: string): PushPayload => ({ title: 'Match found', body: 'Arsenal v Spurs rates 98%', url: '/oddsmatcher', tag });

/**
 * The suite on the database `open` makes; `another(first)` is a second handle on it for a second
 * worker (PostgreSQL: its own connections, as another process has; PGlite: the one database).
 */
export function pushQueueSuite(label: string, open: () => Promise<Database>, another: (first: Database) => Promise<Database>): void {
  describe(`the push queue (${label})`, () => {
    let t: TestApp;
    let service: LocalPushService;
    let worker: PushWorker;
    beforeAll(async () => {
      service = await startLocalPushService();
      // The local push service is on 127.0.0.1: allowed only through this explicit setting.
      t = await createTestApp({ database: await open(), env: { PUSH_ALLOWED_HOSTS: '127.0.0.1' }, pushDelivery: { agent: service.agent } });
      worker = t.app.pushWorker as PushWorker;
    });
    afterAll(async () => {
      await t.stop();
      await service.close();
    });

    const delivery = () => t.app.deps.push as PushDelivery;
    const subscribe = (m: FixtureMember): Promise<TestSubscription> => subscribeAt(t, service, m.token);
    /** Queues a push in a transaction of its own, as the change causing it would. */
    const queue = (m: FixtureMember, tag: string, kind: NotificationKind = 'billing-reminders') =>
      t.database.db.transaction((tx) => sendPush(t.app.deps, tx, m.id, kind, payload(tag)));
    const statuses = (s: TestSubscription) => service.received.filter((r) => s.endpoint.endsWith(`/${r.id}`)).map((r) => r.status);
    const rowsOf = (m: FixtureMember) =>
      t.database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, m.id)).orderBy(asc(pushOutbox.id));

    it('sends nothing for a push queued in a transaction that rolled back, and queues nothing', async () => {
      const m = await addMember(t);
      const s = await subscribe(m);
      const rolledBack = new Error('the change failed');
      await expect(
        t.database.db.transaction(async (tx) => {
          expect(await sendPush(t.app.deps, tx, m.id, 'odds-alerts', payload('rolled-back'))).toBe(true);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      expect(await worker.runOnce()).toBe(0);
      expect(await rowsOf(m)).toEqual([]);
      expect(statuses(s)).toEqual([]);
    });

    it('two workers on one database send each of 20 pushes once, to each device once', async () => {
      const second = await another(t.database);
      const other = createPushWorker({
        database: second,
        delivery: delivery(),
        clock: t.clock,
        logger: createLogger('silent'),
        metrics: createMetrics({ processMetrics: false }),
      });
      try {
        const members = await Promise.all(Array.from({ length: 20 }, () => addMember(t)));
        const devices: TestSubscription[] = [];
        for (const m of members) devices.push(await subscribe(m), await subscribe(m));
        for (const [i, m] of members.entries()) expect(await queue(m, `twice-${i}`)).toBe(true);
        const [a, b] = await Promise.all([worker.runOnce(), other.runOnce()]);
        expect(a + b).toBe(20);
        for (const d of devices) expect(statuses(d)).toEqual([201]);
        const rows = await t.database.db
          .select({ state: pushOutbox.state, attempts: pushOutbox.attempts })
          .from(pushOutbox)
          .where(
            inArray(
              pushOutbox.userId,
              members.map((m) => m.id),
            ),
          );
        expect(rows).toEqual(Array.from({ length: 20 }, () => ({ state: 'sent', attempts: 1 })));
        expect(service.rejected).toEqual([]);
      } finally {
        await other.stop();
        if (second !== t.database) await second.close();
      }
    });

    it('a worker that dies between its claim and the answers loses nothing; the next sends only to devices not answered', async () => {
      const m = await addMember(t);
      const [first, second, third] = [await subscribe(m), await subscribe(m), await subscribe(m)];
      expect(await queue(m, 'dies')).toBe(true);
      // The dying worker's push service call returns for the first device only: the process is
      // gone before the others are sent (their requests never leave).
      const dying = createPushWorker({
        database: t.database,
        delivery: {
          send: (target, message) => (target.endpoint === first.endpoint ? delivery().send(target, message) : new Promise(() => undefined)),
        },
        clock: t.clock,
        logger: createLogger('silent'),
        metrics: createMetrics({ processMetrics: false }),
      });
      void dying.runOnce();
      const [held] = await waitFor('the first device answered and recorded', async () => {
        const rows = await rowsOf(m);
        return rows[0]?.answered.length === 1 ? rows : undefined;
      });
      expect(held).toMatchObject({ state: 'sending', attempts: 1, answered: [first.endpoint] });
      // Within the lease nobody else takes it.
      expect(await worker.runOnce()).toBe(0);
      t.clock.advance(PUSH_POLICY.leaseMs + 1000);
      expect(await worker.runOnce()).toBe(1);
      expect([statuses(first), statuses(second), statuses(third)]).toEqual([[201], [201], [201]]);
      expect(await rowsOf(m)).toMatchObject([{ state: 'sent', attempts: 2 }]);
    });

    it('prunes 404 and 410, retries a 429 for that device alone, and never pushes an answered device twice', async () => {
      const m = await addMember(t);
      const [ok, limited, gone404, gone410] = [await subscribe(m), await subscribe(m), await subscribe(m), await subscribe(m)];
      service.script(limited.endpoint, [429]); // with Retry-After: 0
      service.script(gone404.endpoint, [404]);
      service.script(gone410.endpoint, [410]);
      expect(await queue(m, 'mixed')).toBe(true);
      // Retry-After: 0 never shortens the backoff: the same run does not take the row again.
      expect(await worker.runOnce()).toBe(0);
      expect(statuses(limited)).toEqual([429]);
      const [waiting] = await rowsOf(m);
      expect(waiting).toMatchObject({ state: 'queued', attempts: 1, lastError: 'HTTP 429' });
      expect(waiting?.nextAttemptAt.getTime()).toBe(t.clock() + PUSH_POLICY.baseDelayMs);
      t.clock.advance(PUSH_POLICY.baseDelayMs);
      expect(await worker.runOnce()).toBe(1);
      expect([statuses(ok), statuses(limited), statuses(gone404), statuses(gone410)]).toEqual([[201], [429, 201], [404], [410]]);
      expect(await rowsOf(m)).toMatchObject([{ state: 'sent', attempts: 2 }]);
      // Only the two live devices remain subscribed: a later push reaches them alone.
      expect(await queue(m, 'after')).toBe(true);
      await worker.runOnce();
      expect([statuses(ok), statuses(limited), statuses(gone404), statuses(gone410)]).toEqual([[201, 201], [429, 201, 201], [404], [410]]);
      const metrics = await t.app.metrics.render();
      expect(metrics).toMatch(/matchkit_push_failed_total\{outcome="retried"\} [1-9]/);
      expect(metrics).toMatch(/matchkit_push_pruned_total [2-9]/);
    });

    it('waits the backoff after a 503, then fails the push after its last attempt', async () => {
      const m = await addMember(t);
      const s = await subscribe(m);
      service.script(s.endpoint, [503, 503, 503, 503]);
      expect(await queue(m, 'down')).toBe(true);
      expect(await worker.runOnce()).toBe(0);
      const [first] = await rowsOf(m);
      expect(first).toMatchObject({ state: 'queued', attempts: 1, lastError: 'HTTP 503' });
      expect(first?.nextAttemptAt.getTime()).toBe(t.clock() + PUSH_POLICY.baseDelayMs);
      // Not due yet: nothing is sent before the backoff.
      expect(await worker.runOnce()).toBe(0);
      expect(statuses(s)).toEqual([503]);
      for (const wait of [1, 4, 16]) {
        t.clock.advance(wait * PUSH_POLICY.baseDelayMs);
        await worker.runOnce();
      }
      expect(statuses(s)).toEqual([503, 503, 503, 503]);
      expect(await rowsOf(m)).toMatchObject([{ state: 'failed', attempts: 4, lastError: 'HTTP 503' }]);
      t.clock.advance(60 * 60_000);
      await worker.runOnce();
      expect(statuses(s)).toHaveLength(4);
      expect(await t.app.metrics.render()).toMatch(/matchkit_push_failed_total\{outcome="dropped"\} [1-9]/);
    });

    it('fails a push unsent when the member turned its kind off after it was queued', async () => {
      const m = await addMember(t);
      const s = await subscribe(m);
      expect(await queue(m, 'turned-off', 'odds-alerts')).toBe(true);
      await t.database.db
        .insert(notificationSettings)
        .values({ userId: m.id, kind: 'odds-alerts', channel: 'push', enabled: false, updatedAt: new Date(t.clock()) })
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.kind, notificationSettings.channel],
          set: { enabled: false },
        });
      expect(await worker.runOnce()).toBe(0);
      expect(statuses(s)).toEqual([]);
      expect(await rowsOf(m)).toMatchObject([{ state: 'failed', attempts: 1, lastError: 'setting off' }]);
    });

    it('fails an odds alert past its 15 minutes unsent, and sends a day-long kind still', async () => {
      const m = await addMember(t);
      const s = await subscribe(m);
      expect(await queue(m, 'stale', 'odds-alerts')).toBe(true);
      expect(await queue(m, 'billing', 'billing-reminders')).toBe(true);
      const queuedAt = t.clock();
      const [alert] = await rowsOf(m);
      expect(alert?.expiresAt.getTime()).toBe(queuedAt + 15 * 60_000);
      t.clock.advance(15 * 60_000);
      expect(await worker.runOnce()).toBe(1);
      expect(await rowsOf(m)).toMatchObject([
        { kind: 'odds-alerts', state: 'failed', lastError: 'expired' },
        { kind: 'billing-reminders', state: 'sent' },
      ]);
      const received = service.received.filter((r) => s.endpoint.endsWith(`/${r.id}`));
      expect(received.map((r) => (JSON.parse(r.payload) as PushPayload).tag)).toEqual(['billing']);
      // The push service keeps it for what is left of its day, not a fresh one.
      expect(Number(received[0]?.headers.ttl)).toBe(24 * 60 * 60 - 15 * 60);
      expect(await t.app.metrics.render()).toMatch(/matchkit_push_failed_total\{outcome="expired"\} 1/);
    });

    it('gives the age of the oldest push waiting, 0 once sent', async () => {
      const m = await addMember(t);
      await subscribe(m);
      expect(await queue(m, 'age')).toBe(true);
      t.clock.advance(30_000);
      expect(await t.app.metrics.render()).toMatch(/^matchkit_push_queue_age_seconds 30$/m);
      await worker.runOnce();
      expect(await t.app.metrics.render()).toMatch(/^matchkit_push_queue_age_seconds 0$/m);
    });
    it('deletes the pushes that ended more than a week ago, never one still queued or sending', async () => {
      const m = await addMember(t);
      const now = t.clock();
      const old = new Date(now - PUSH_KEEP_MS - 60_000);
      const recent = new Date(now - PUSH_KEEP_MS + 60_000);
      const row = (tag: string, state: string, createdAt: Date) => ({
        userId: m.id,
        kind: 'billing-reminders',
        payload: payload(tag),
        state,
        nextAttemptAt: createdAt,
        expiresAt: new Date(createdAt.getTime() + 86_400_000),
        createdAt,
      });
      await t.database.db
        .insert(pushOutbox)
        .values([
          row('old-sent', 'sent', old),
          row('old-failed', 'failed', old),
          row('old-queued', 'queued', old),
          row('old-sending', 'sending', old),
          row('recent-sent', 'sent', recent),
        ]);
      expect(await prunePushOutbox(t.database.db, now)).toBe(2);
      const left = (await rowsOf(m)).map((r) => r.payload.tag).sort();
      expect(left).toEqual(['old-queued', 'old-sending', 'recent-sent']);
      expect(await prunePushOutbox(t.database.db, now)).toBe(0);
      await t.database.db.delete(pushOutbox).where(eq(pushOutbox.userId, m.id));
    });
  });
}
