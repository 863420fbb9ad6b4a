// Two server processes' renewal passes on one real PostgreSQL (a database of its own on the test
// run's cluster, test/postgres.ts): each app has its own connection pool, as two processes would, and a
// provider that takes 300 ms to answer, so both passes are inside the charge at the same time. The
// member's advisory lock must make the second wait and then find the row: one charge, not two, and
// one receipt. The trial-ending passes of both find a trial at once: one reminder, not two.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStatus } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import type { App } from '../../app';
import { openDatabase } from '../../db/client';
import { ledger, outbox, receipts, subscriptions, users } from '../../db/schema';
import type { PaymentProviderFactory } from '../../payments/provider';
import { createTestPaymentProvider, type TestPaymentProvider } from '../../payments/test-provider';
import { buildTestApp, MIGRATIONS, testClock } from '../../test/app';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../test/postgres';
import { grantPlanForDemo } from './demo';
import { runRenewalPass } from './renewals';
import { must } from './testing';
import { runTrialEndingPass } from './trial-ending';
import { toSubscriptionInput } from './subscriptions';

const slowProvider =
  (made: TestPaymentProvider[]): PaymentProviderFactory =>
  (context) => {
    const inner = createTestPaymentProvider(context);
    made.push(inner);
    return {
      ...inner,
      async chargeOffSession(request) {
        await new Promise((r) => setTimeout(r, 300));
        return inner.chargeOffSession(request);
      },
    };
  };

describe('renewal passes of two processes on one PostgreSQL', () => {
  const brand = getBrand('primary');
  const clock = testClock('2026-03-02T10:00:00Z');
  const providers: TestPaymentProvider[] = [];
  let pg: TestPostgresDatabase;
  let apps: App[] = [];

  beforeAll(async () => {
    pg = await createTestPostgresDatabase({ migrated: true });
    const make = async () => {
      const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
      await database.migrate(MIGRATIONS);
      return buildTestApp({ database, clock, payments: slowProvider(providers) });
    };
    apps = [await make(), await make()];
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.stop();
    await pg?.drop();
  });

  it('charge a due renewal once: the second pass waits on the member lock, then finds the row', async () => {
    const [a, b] = apps as [App, App];
    const db = a.deps.db;
    await db.insert(users).values({
      id: 'u_pg_1',
      email: 'u_pg_1@example.test',
      username: 'u_pg_1',
      firstName: 'Test',
      lastName: 'Member',
      passwordHash: 'x',
      referralCode: 'PGTEST01',
      adultConfirmedAt: new Date(clock()),
      createdAt: new Date(clock()),
    });
    const subId = await grantPlanForDemo(db, brand, 'u_pg_1', 'diamond', 'month', clock());
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    const renewAt =
      subscriptionStatus(brand, toSubscriptionInput(sub as typeof subscriptions.$inferSelect), clock()).nextCharge?.at ?? Number.NaN;
    clock.set(renewAt);

    const timed = async (app: App) => {
      const t0 = performance.now();
      const r = await runRenewalPass(app.deps, clock());
      return { ...r, ms: performance.now() - t0 };
    };
    const [ra, rb] = await Promise.all([timed(a), timed(b)]);
    expect([...ra.charged, ...rb.charged]).toEqual([`${subId}:term-2`]);
    expect(ra.errors + rb.errors).toBe(0);
    // Both passes were in flight together: the one that charged nothing waited for the other's charge.
    const waited = ra.charged.length === 0 ? ra : rb;
    expect(waited.ms).toBeGreaterThan(250);
    await Promise.all(providers.map((p) => p.idle()));
    const attempts = providers.flatMap((p) => p.charges).filter((c) => c.key === `${subId}:term-2`);
    expect(attempts).toHaveLength(1);
    const rows = await db.select().from(ledger).where(eq(ledger.subscriptionId, subId));
    expect(rows.map((r) => r.id).sort()).toEqual([`${subId}:term-1`, `${subId}:term-2`]);
    // One receipt, for the one charge (the demonstration grant of term 1 took no money), mailed once.
    const written = await db.select().from(receipts).where(eq(receipts.userId, 'u_pg_1'));
    expect(written.map((r) => [r.paymentId, r.number, r.amount])).toEqual([
      [`${subId}:term-2`, 1, must(rows.find((r) => r.id === `${subId}:term-2`)).amount],
    ]);
    expect(await db.select().from(outbox).where(eq(outbox.to, 'u_pg_1@example.test'))).toHaveLength(1);
  });

  it('remind a trial ending in three days once, though both passes find it at the same time', async () => {
    const [a, b] = apps as [App, App];
    const db = a.deps.db;
    await db.insert(users).values({
      id: 'u_pg_2',
      email: 'u_pg_2@example.test',
      username: 'u_pg_2',
      firstName: 'Test',
      lastName: 'Member',
      passwordHash: 'x',
      referralCode: 'PGTEST02',
      adultConfirmedAt: new Date(clock()),
      createdAt: new Date(clock()),
    });
    const input = { id: 'sub_pg_trial', plan: 'platinum', term: 'month' as const, startedAt: clock(), trial: true };
    await db.insert(subscriptions).values({
      ...input,
      userId: 'u_pg_2',
      startedAt: new Date(input.startedAt),
      saleId: null,
      changes: [],
      createdAt: new Date(clock()),
    });
    const trialEndsAt = must(subscriptionStatus(brand, input, clock()).trialEndsAt);
    clock.set(trialEndsAt - 2 * 24 * 60 * 60 * 1000);
    const [ra, rb] = await Promise.all([runTrialEndingPass(a.deps, clock()), runTrialEndingPass(b.deps, clock())]);
    expect([...ra, ...rb]).toEqual(['sub_pg_trial']);
    const mail = await db.select().from(outbox).where(eq(outbox.to, 'u_pg_2@example.test'));
    expect(mail.map((m) => m.subject)).toEqual(['Your Brightlay free trial ends in 3 days']);
  });
});
