// Test support for the backup round trips: a seed that puts awkward values in every backed-up table,
// and a canonical snapshot of a database read by the database itself, so two databases (PGlite or
// PostgreSQL) compare equal only when they hold the same values to the microsecond.
import { getTableName, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { BACKUP_TABLES } from './backup';
import * as s from './schema';

/** A winter instant (GMT) with milliseconds. */
export const WINTER = new Date('2026-03-02T10:00:00.123Z');
/** A summer instant (BST in London) with milliseconds. */
export const SUMMER = new Date('2026-07-14T23:30:45.678Z');
/** The bounds the tracker allows on bigint pence (±2e13), beyond 32 bits. */
export const BIG_PENCE = 20_000_000_000_000;

/** Seeds every backed-up table; `trackedBets` extra bets make the backup page through a table. */
export async function seedEverything(db: Db, options: { extraBets?: number } = {}): Promise<void> {
  const at = WINTER;
  await db.insert(s.users).values([
    {
      id: 'u_a',
      wordpressId: 2147483647,
      email: 'a@example.com',
      username: 'a',
      firstName: 'Ann',
      lastName: 'Lee',
      passwordHash: 'scrypt$1$2$3$s$h',
      referralCode: 'ANNA1',
      adultConfirmedAt: at,
      createdAt: at,
      quickLinks: [
        { id: 'calculator', order: 0, active: true },
        { id: 'tracker', order: 1, active: false },
      ],
      sessionVersion: 7,
      goal: 'side-income',
      customerId: 'cus_1',
    },
    {
      id: 'u_b',
      email: 'b@example.com',
      username: 'b',
      firstName: 'Bo',
      lastName: 'O\'Neil \\ "quoted"\nnew line',
      passwordHash: 'y',
      referralCode: 'BOBO2',
      referredBy: 'u_a',
      adultConfirmedAt: SUMMER,
      createdAt: SUMMER,
      additionalCapabilities: ['PA-CAP-006', 'with,comma', 'with"quote', 'ünïcödé 😀'],
    },
  ]);
  await db.insert(s.passwordResets).values({ tokenHash: 'h1', userId: 'u_a', expiresAt: SUMMER, usedAt: null });
  await db.insert(s.outbox).values([
    { to: 'a@example.com', kind: 'password-reset', subject: 'Hi', text: 'line 1\nline "2"\ttab', nextAttemptAt: at, createdAt: at },
    {
      to: 'b@example.com',
      kind: 'receipt',
      userId: 'u_a',
      subject: 'Ünïcödé',
      text: '£40 😀',
      html: '<p>£40</p>',
      nextAttemptAt: SUMMER,
      createdAt: SUMMER,
    },
  ]);
  await db.insert(s.subscriptions).values({
    id: 'sub_1',
    userId: 'u_b',
    plan: 'platinum',
    term: 'month',
    startedAt: at,
    trial: false,
    saleId: null,
    createdAt: at,
    changes: [
      { type: 'payment-failed', at: '2026-04-02T09:00:00.000Z' },
      { type: 'upgrade', slug: 'platinum-yearly', at: SUMMER.toISOString() },
      { type: 'cancel', at: SUMMER.toISOString() },
    ],
  });
  await db.insert(s.checkouts).values({
    id: 'co_1',
    userId: 'u_b',
    slug: 'platinum',
    kind: 'plan',
    plan: 'platinum',
    term: 'month',
    amount: 3999,
    status: 'paid',
    createdAt: at,
    expiresAt: SUMMER,
    completedAt: at,
  });
  await db.insert(s.ledger).values([
    {
      id: 'sub_1:trial',
      userId: 'u_b',
      subscriptionId: 'sub_1',
      type: 'trial',
      plan: 'platinum',
      amount: 0,
      periodStart: at,
      periodEnd: SUMMER,
      at,
    },
    {
      id: 'sub_1:term-1',
      userId: 'u_b',
      subscriptionId: 'sub_1',
      type: 'payment',
      plan: 'platinum',
      amount: 3999,
      periodStart: at,
      periodEnd: new Date('2026-04-02T09:00:00Z'),
      at,
      providerRef: 'ch_1',
      basePaymentId: null,
      saleId: 'sale_x',
    },
  ]);
  await db.insert(s.refunds).values({ paymentId: 'sub_1:term-1', userId: 'u_b', amount: 3999, at: SUMMER });
  await db.insert(s.receipts).values({
    id: 'rcp_1',
    paymentId: 'sub_1:term-1',
    userId: 'u_b',
    brand: 'primary',
    number: 1,
    sellerName: 'Example Seller Ltd',
    sellerAddress: '1 Example Street, Exampleton, EX1 1EX',
    vatNumber: null,
    kind: 'first',
    plan: 'platinum',
    planLabel: 'Platinum',
    term: 'month',
    periodStart: at,
    periodEnd: new Date('2026-04-02T09:00:00Z'),
    amount: 3999,
    vat: 667,
    reference: 'ch_1',
    issuedAt: at,
  });
  await db.insert(s.receiptNumbers).values({ brand: 'primary', last: 1 });
  await db.insert(s.billingNotices).values({ id: 'trial-ending:sub_1', userId: 'u_b', sentAt: at });
  await db.insert(s.webhookEvents).values({ id: 'evt_1', type: 'payment.succeeded', receivedAt: at });
  await db.insert(s.affiliateEntries).values([
    { id: 'af_1', affiliateId: 'u_a', referredId: 'u_b', paymentId: 'sub_1:term-1', kind: 'payment', amount: 3999, commission: 1599, at },
    {
      id: 'af_2',
      affiliateId: 'u_a',
      referredId: 'u_b',
      paymentId: 'sub_1:term-1',
      kind: 'refund',
      amount: 3999,
      commission: -1599,
      at: SUMMER,
    },
  ]);
  const bet = (id: string, expected: number, settled: number | null, placedAt: Date) => ({
    userId: 'u_b',
    id,
    source: 'manual',
    profitType: 'guaranteed' as const,
    status: settled === null ? ('open' as const) : ('settled' as const),
    event: 'Arsenal v Spurs',
    market: 'Match Odds',
    selection: 'Arsenal',
    legs: [
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2.1, stake: 1000, commission: 0, result: 'pending' },
      {
        role: 'qualifying',
        side: 'lay',
        account: 'exchange-x',
        odds: 2.14,
        stake: 981,
        commission: 0.02,
        result: 'pending',
        nested: { deep: [1, 2.5, null, 'é'] },
      },
    ],
    expectedProfit: expected,
    settledProfit: settled,
    placedAt,
    settledAt: settled === null ? null : SUMMER,
    note: settled === null ? null : 'note "quoted"',
    createdAt: placedAt,
    updatedAt: placedAt,
  });
  await db.insert(s.trackedBets).values([bet('b_big', BIG_PENCE, -BIG_PENCE, at), bet('b_small', -45, null, SUMMER)]);
  for (let done = 0, n = options.extraBets ?? 0; done < n; done += 500) {
    await db
      .insert(s.trackedBets)
      .values(
        Array.from({ length: Math.min(500, n - done) }, (_, i) =>
          bet(`b_${String(done + i).padStart(5, '0')}`, done + i, null, new Date(at.getTime() + (done + i) * 1000)),
        ),
      );
  }
  await db.insert(s.accounts).values([
    { userId: 'u_b', name: 'bet-co', kind: 'bookmaker', restricted: true },
    { userId: 'u_b', name: 'exchange-x', kind: 'exchange' },
  ]);
  await db.insert(s.balanceEntries).values([
    { id: 'be_1', userId: 'u_b', account: 'bet-co', kind: 'deposit', amount: 100_000_000_000, at, note: null },
    { id: 'be_2', userId: 'u_b', account: 'bet-co', kind: 'withdrawal', amount: -100_000_000_000, at: SUMMER, note: '£' },
  ]);
  await db.insert(s.exchangeSettings).values({ userId: 'u_b', exchange: 'exchange-x', enabled: false });
  await db.insert(s.integrations).values({ userId: 'u_b', integration: 'oddsmonkey', status: 'expired', updatedAt: SUMMER });
  await db.insert(s.offers).values({
    id: 'o_1',
    slug: 'welcome',
    title: 'Welcome',
    category: 'reload-offers',
    bookmaker: 'bet-co',
    summary: 'S',
    body: 'B\n\n**bold**',
    expectedProfit: 500,
    guideUrl: '/guides/x',
    expiresAt: SUMMER,
    createdAt: at,
    updatedAt: at,
  });
  await db.insert(s.guides).values({
    slug: 'tutorial-1-the-basic-idea',
    title: 'The basic idea',
    section: 'training',
    url: '/training/1',
    summary: 's',
    body: 'b',
    order: 1,
    updatedAt: at,
  });
  await db.insert(s.offerCompletions).values({ userId: 'u_b', offerId: 'o_1', completedAt: SUMMER });
  // An instant with microseconds, as a row written by SQL (not through a JavaScript Date) holds.
  await db.execute(sql`update users set created_at = '2026-03-29 00:59:59.999999+00' where id = 'u_a'`);
  await db.execute(sql`update tracked_bets set settled_at = '2026-10-25 01:30:00.000001+01' where id = 'b_big'`);
}

/**
 * Every backed-up table as the database renders it, row by row in primary-key order: `to_jsonb` text
 * with the session in UTC (instants to the microsecond, bigints and jsonb exactly as stored).
 */
export async function canonicalSnapshot(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const table of BACKUP_TABLES) {
      const result = (await tx.execute(
        sql`select to_jsonb(t)::text as r from ${table} t order by ${sql.join(primaryKey(table), sql`, `)}`,
      )) as unknown as { rows: { r: string }[] };
      out[getTableName(table)] = result.rows.map((row) => row.r);
    }
    return out;
  });
}

function primaryKey(table: PgTable) {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary);
  const cols = single.length > 0 ? single : (config.primaryKeys[0]?.columns ?? []);
  return cols.map((c) => sql`${sql.identifier(c.name)}`);
}

/** Every backed-up table as drizzle reads it (Dates, numbers, objects), in primary-key order. */
export async function drizzleSnapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    out[getTableName(table)] = await db
      .select()
      .from(table)
      .orderBy(...primaryKey(table));
  }
  return out;
}
