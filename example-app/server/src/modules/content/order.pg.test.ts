// The offers' order suite (order-suite.ts) on a database of its own on the test run's PostgreSQL
// (test/postgres.ts); and, where several connections make it possible, a move that waits for
// another transaction holding its category's offers moves from the order that transaction left.
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { offers } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { addMember } from '../../test/fixture-members';
import { testPostgresDatabases } from '../../test/postgres';
import { offerOrderSuite } from './order-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

offerOrderSuite('PostgreSQL', databases.open);

describe('a move while another transaction holds the category (PostgreSQL)', () => {
  it('waits for it, then moves from the order it committed', async () => {
    const database = await databases.open();
    const t = await createTestApp({ database });
    try {
      const admin = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
      const save = 'mutation($input: OfferInput!) { adminSaveOffer(input: $input) { ok } }';
      for (const slug of ['c', 'b', 'a']) {
        t.clock.advance(1000);
        const input = { slug, title: slug, category: 'reload-offers', bookmaker: 'b', summary: 's', body: 'b', expectedProfit: 1 };
        expect((await t.gql(save, { input }, { token: admin.token })).errors).toBeUndefined();
      }
      const list = async () =>
        (await t.gql<{ adminOffers: { slug: string }[] }>('{ adminOffers { slug } }', {}, { token: admin.token })).data?.adminOffers.map(
          (o) => o.slug,
        );
      expect(await list()).toEqual(['a', 'b', 'c']);
      const waiting = async () => {
        const result = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
      };
      let settled = false;
      let moving: Promise<unknown> = Promise.resolve();
      await database.db.transaction(async (tx) => {
        // Another administrator's change: a goes last (b, c, a).
        await tx.select().from(offers).where(eq(offers.category, 'reload-offers')).for('update');
        await tx.update(offers).set({ position: 10 }).where(eq(offers.slug, 'a'));
        moving = t
          .gql('mutation { adminMoveOffer(slug: "a", direction: DOWN) { ok } }', {}, { token: admin.token })
          .finally(() => (settled = true));
        await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
        expect(settled).toBe(false);
      });
      await moving;
      // Read after the commit, a is already last: it stays there. (Read before it, a would have
      // swapped with b: b, a, c.)
      expect(await list()).toEqual(['b', 'c', 'a']);
    } finally {
      await t.stop();
    }
  });
});
