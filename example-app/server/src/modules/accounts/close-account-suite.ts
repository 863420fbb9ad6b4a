// Closing an account, run on PGlite (close-account.test.ts) and on PostgreSQL (close-account.pg.test.ts).
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { getBrand } from '@matchkit/sdk/brands';
import {
  analyticsEvents,
  memberAttribution,
  ledger,
  notificationSettings,
  oddsAlertMatches,
  oddsAlerts,
  outbox,
  pushOutbox,
  receipts,
  subscriptions,
  trackedBets,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { billingModule } from '../billing';
import { runClosedCustomerPass } from '../billing/closed-customers';
import { runRenewalPass } from '../billing/renewals';
import { buy, must, provider } from '../billing/testing';
import { trackerCapabilities } from '../tracker/access';
import { qualifierInput, RECORD } from '../tracker/test-support';
import { queuePush } from '../../push/queue';
import { eraseMember } from './close-account';
import { gqlFrom, LOGIN, registerMember, sessionCookies } from './test-support';

const CHANGE_EMAIL = 'mutation ($input: ChangeEmailInput!) { changeEmail(input: $input) { ok error { code message field } } }';
const CLOSE = 'mutation ($input: CloseAccountInput!) { closeAccount(input: $input) { ok error { code message field } } }';
type Closed = { closeAccount: { ok: boolean; error: { code: string; message: string; field: string | null } | null } };

/** The closure suite, on a fresh PGlite database or on the database `makeDatabase` opens. */
export function closeAccountSuite(label: string, makeDatabase?: () => Promise<Database>): void {
  describe(`closing an account ${label}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(makeDatabase === undefined ? {} : { database: await makeDatabase() });
    });
    afterAll(() => t.stop());

    /** A member with a paid yearly plan (ledger, receipt), a tracked bet with a note. */
    async function fullMember() {
      const m = await registerMember(t);
      await buy(t, m.id, 'platinum', 'year');
      await t.database.db
        .update(users)
        .set({ additionalCapabilities: [...trackerCapabilities(getBrand(t.config.brand))] })
        .where(eq(users.id, m.id));
      const bet = await t.gql(RECORD, { input: qualifierInput({ note: 'my private note' }) }, { token: m.token });
      expect(bet.errors).toBeUndefined();
      // Notification choices and an odds alert with a match: the member's, erased with them.
      await t.database.db
        .insert(notificationSettings)
        .values({ userId: m.id, kind: 'weekly-summary', channel: 'email', enabled: true, updatedAt: new Date(t.clock()) });
      await t.database.db.insert(oddsAlerts).values({
        id: `oa_${m.id}`,
        userId: m.id,
        tool: 'oddsmatcher',
        name: 'Mine',
        rule: { minRating: 95 },
        createdAt: new Date(t.clock()),
      });
      await t.database.db.insert(oddsAlertMatches).values({
        alertId: `oa_${m.id}`,
        userId: m.id,
        matchKey: 'k',
        match: { event: 'A v B' },
        foundAt: new Date(t.clock()),
        startsAt: new Date(t.clock()),
      });
      // A push not yet sent (its title may quote what the member watches).
      await queuePush(
        t.database.db,
        {
          userId: m.id,
          kind: 'odds-alerts',
          payload: { title: 'Mine: a match', body: 'A v B', url: '/oddsmatcher', tag: 'x' },
          ttlSeconds: 900,
        },
        t.clock(),
      );
      // Analytics filed under them (uploaded with their own session) and the campaign they came from.
      await t.database.db.insert(analyticsEvents).values({
        insertId: `close-${m.id}`,
        eventType: 'page_view',
        at: new Date(t.clock()),
        day: '2026-03-02',
        receivedAt: new Date(t.clock()),
        device: 'a-device-hash',
        userId: m.id,
        page: '/',
        properties: {},
      });
      await t.database.db
        .insert(memberAttribution)
        .values({ userId: m.id, source: 'newsletter', medium: 'email', campaign: 'spring', at: new Date(t.clock()) });
      return m;
    }

    const snapshot = async (id: string) => ({
      user: (await t.database.db.select().from(users).where(eq(users.id, id)))[0],
      subscriptions: await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id)),
      ledger: await t.database.db.select().from(ledger).where(eq(ledger.userId, id)),
      receipts: await t.database.db.select().from(receipts).where(eq(receipts.userId, id)),
      bets: await t.database.db.select().from(trackedBets).where(eq(trackedBets.userId, id)),
      notificationSettings: await t.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, id)),
      oddsAlerts: await t.database.db.select().from(oddsAlerts).where(eq(oddsAlerts.userId, id)),
      oddsAlertMatches: await t.database.db.select().from(oddsAlertMatches).where(eq(oddsAlertMatches.userId, id)),
      pushes: await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, id)),
      analytics: await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, id)),
      attribution: await t.database.db.select().from(memberAttribution).where(eq(memberAttribution.userId, id)),
    });

    const close = (m: Awaited<ReturnType<typeof fullMember>>) =>
      gqlFrom<Closed>(t, CLOSE, { input: { currentPassword: m.input.password, confirmation: 'close my account' } }, { token: m.token });
    const customerOf = async (id: string) => (await snapshot(id)).user?.customerId ?? null;
    const YEAR_AND_A_HALF = 548 * 24 * 3600_000;

    it('needs the password and the typed confirmation, naming the bad field', async () => {
      const m = await registerMember(t);
      const close = (input: Record<string, unknown>) =>
        gqlFrom<Closed>(t, CLOSE, { input }, { token: m.token }).then((r) => r.data?.closeAccount);
      expect((await close({ currentPassword: m.input.password, confirmation: 'yes' }))?.error).toMatchObject({
        code: 'BAD_INPUT',
        field: 'input.confirmation',
      });
      expect((await close({ currentPassword: 'not it', confirmation: 'close my account' }))?.error).toMatchObject({
        code: 'BAD_INPUT',
        field: 'input.currentPassword',
      });
      expect((await snapshot(m.id)).user?.closedAt).toBeNull();
    });

    it('cancels the plan, erases personal data, keeps payment records anonymised, signs out; the address can join again', async () => {
      const m = await fullMember();
      const before = await snapshot(m.id);
      expect(before.ledger.length).toBeGreaterThan(0);
      expect(before.receipts.length).toBeGreaterThan(0);

      const r = await gqlFrom<Closed>(
        t,
        CLOSE,
        { input: { currentPassword: m.input.password, confirmation: ' Close my account ' } },
        { token: m.token },
      );
      expect(r.data?.closeAccount).toEqual({ ok: true, error: null });
      expect(sessionCookies(r.headers)[0]).toMatch(/^_opjwt=;/);
      // Every session cookie goes: the refresh and marker cookies too (no renewal tried on the next page).
      const cleared = r.headers.getSetCookie().map((c) => c.split(';')[0]);
      expect(cleared).toEqual(expect.arrayContaining(['_opjwt=', '_mkrt=', '_mksession=']));

      const after = await snapshot(m.id);
      expect(after.user).toMatchObject({
        firstName: '',
        lastName: '',
        goal: null,
        signupIpHash: null,
        signupDeviceHash: null,
        quickLinks: null,
      });
      expect(after.user?.closedAt?.getTime()).toBe(t.clock());
      expect(JSON.stringify(after.user)).not.toContain(m.input.email);
      expect(JSON.stringify(after.user)).not.toContain(m.input.username);
      expect(after.bets).toEqual([]);
      expect(before.notificationSettings).toHaveLength(1);
      expect(before.pushes).toHaveLength(1);
      expect([after.notificationSettings, after.oddsAlerts, after.oddsAlertMatches, after.pushes]).toEqual([[], [], [], []]);
      expect([before.analytics.length, before.attribution.length]).toEqual([1, 1]);
      expect([after.analytics, after.attribution]).toEqual([[], []]);
      // The plan is cancelled (no renewal), the payment records stay.
      expect(after.subscriptions[0]?.changes.map((c) => c.type)).toContain('cancel');
      expect(after.ledger).toEqual(before.ledger);
      expect(after.receipts).toEqual(before.receipts);

      // The provider's customer (name, address, saved card) is deleted, and the id with it.
      const customerId = must(before.user?.customerId, 'the provider customer');
      expect(provider(t).deletedCustomers).toContain(customerId);
      expect(after.user?.customerId).toBeNull();
      // No renewal is ever charged: not at the next renewal nor the one after.
      const chargesBefore = provider(t).charges.length;
      const passed = await runRenewalPass(t.app.deps, t.clock() + YEAR_AND_A_HALF);
      await provider(t).idle();
      const subscriptionId = must(after.subscriptions[0]).id;
      expect([...passed.charged, ...passed.declined].filter((id) => id.startsWith(`${subscriptionId}:`))).toEqual([]);
      expect(
        provider(t)
          .charges.slice(chargesBefore)
          .filter((c) => c.customerId === customerId),
      ).toEqual([]);
      // And the deleted customer's card can no longer be charged at all.
      const charge = await t.app.deps.payments.chargeOffSession({
        customerId,
        amount: 100,
        description: 'after closure',
        idempotencyKey: `after-closure:${m.id}`,
        metadata: { subscriptionId, eventId: `after-closure:${m.id}` },
      });
      expect(charge.ok).toBe(false);

      // Every session has ended; sign-in fails with the usual answer; the address can register again.
      expect((await t.gql<{ me: unknown }>('{ me { email } }', {}, { token: m.token })).data?.me ?? null).toBeNull();
      const login = await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: m.input.password } });
      expect(login.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
      await registerMember(t, { email: m.input.email, username: m.input.username });
    });

    it('deletes the mail to every address the member had, not only the current one', async () => {
      const m = await fullMember();
      const other = await registerMember(t);
      await t.database.db
        .update(users)
        .set({ emailVerifiedAt: new Date(t.clock()) })
        .where(eq(users.id, m.id));
      // A change of address asked for and never confirmed: the link went to the new address, a
      // notice to the current one.
      const newEmail = `new-${m.input.email}`;
      const asked = await gqlFrom<{ changeEmail: { ok: boolean } }>(
        t,
        CHANGE_EMAIL,
        { input: { newEmail, currentPassword: m.input.password } },
        { token: m.token },
      );
      expect(asked.data?.changeEmail.ok).toBe(true);
      const mailOf = (email: string) =>
        t.database.db
          .select({ to: outbox.to })
          .from(outbox)
          .where(or(eq(outbox.to, email), eq(outbox.userId, m.id)));
      expect((await mailOf(m.input.email)).map((row) => row.to)).toEqual(expect.arrayContaining([m.input.email, newEmail]));
      const othersMail = await t.database.db.select().from(outbox).where(eq(outbox.to, other.input.email));
      expect(othersMail.length).toBeGreaterThan(0);

      expect((await close(m)).data?.closeAccount).toEqual({ ok: true, error: null });
      expect(await mailOf(m.input.email)).toEqual([]);
      expect(await t.database.db.select().from(outbox).where(eq(outbox.to, newEmail))).toEqual([]);
      // Another member's mail stays.
      expect(await t.database.db.select().from(outbox).where(eq(outbox.to, other.input.email))).toEqual(othersMail);
    });

    it('a provider failure keeps the customer id; the next billing pass deletes the customer', async () => {
      const m = await fullMember();
      const customerId = must(await customerOf(m.id), 'the provider customer');
      const failing = vi.spyOn(provider(t), 'deleteCustomer').mockRejectedValueOnce(new Error('provider unreachable'));
      try {
        // The closure stands: the member is told it is closed, their data here is erased.
        expect((await close(m)).data?.closeAccount).toEqual({ ok: true, error: null });
      } finally {
        failing.mockRestore();
      }
      expect((await snapshot(m.id)).user).toMatchObject({ firstName: '', customerId });
      expect(provider(t).deletedCustomers).not.toContain(customerId);

      // The billing module's periodic pass (it runs once at start, then every minute) deletes it.
      const billing = billingModule(t.app.deps);
      billing.start?.();
      await billing.stop?.();
      expect(provider(t).deletedCustomers).toContain(customerId);
      expect(await customerOf(m.id)).toBeNull();
      // Done is done: the next pass has nothing of theirs left to delete.
      expect((await runClosedCustomerPass(t.app.deps)).deleted).not.toContain(m.id);
    });

    it('one pass deletes at most a batch, longest closed first; a failure is tried again next pass', async () => {
      const first = await fullMember();
      const second = await fullMember();
      const failing = vi.spyOn(provider(t), 'deleteCustomer').mockRejectedValue(new Error('provider unreachable'));
      try {
        await close(first);
        t.clock.advance(1000);
        await close(second);
        expect(await runClosedCustomerPass(t.app.deps)).toEqual({ deleted: [], failed: [first.id, second.id] });
      } finally {
        failing.mockRestore();
      }
      expect(await runClosedCustomerPass(t.app.deps, 1)).toEqual({ deleted: [first.id], failed: [] });
      expect(await customerOf(second.id)).not.toBeNull();
      expect(await runClosedCustomerPass(t.app.deps, 1)).toEqual({ deleted: [second.id], failed: [] });
    });

    it('a crash between the commit and the provider loses nothing; deleting twice counts as done', async () => {
      const m = await fullMember();
      const customerId = must(await customerOf(m.id), 'the provider customer');
      // The erasure commits, then the process dies before asking the provider.
      const erased = await t.database.db.transaction((tx) => eraseMember(tx, { brand: getBrand(t.config.brand) }, m.id, t.clock()));
      expect(erased).toEqual({ customerId });
      expect(await customerOf(m.id)).toBe(customerId);

      // The provider has it deleted already (another process's attempt): the pass counts it as done.
      await t.app.deps.payments.deleteCustomer(customerId);
      expect((await runClosedCustomerPass(t.app.deps)).deleted).toContain(m.id);
      expect(provider(t).deletedCustomers.filter((c) => c === customerId)).toEqual([customerId]);
      expect(await customerOf(m.id)).toBeNull();
    });

    it('a failure halfway through the erasure changes nothing (one transaction)', async () => {
      const m = await fullMember();
      const before = await snapshot(m.id);
      for (const step of ['subscription-cancelled', 'member-anonymised', 'data-deleted'] as const) {
        await expect(
          t.database.db.transaction((tx) =>
            eraseMember(tx, { brand: getBrand(t.config.brand) }, m.id, t.clock(), (at) => {
              if (at === step) throw new Error(`crash after ${step}`);
            }),
          ),
        ).rejects.toThrow(`crash after ${step}`);
        expect(await snapshot(m.id)).toEqual(before);
      }
    });
  });
}
