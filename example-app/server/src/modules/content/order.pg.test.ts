// The offers' order suite (order-suite.ts) on a database of its own on the test run's PostgreSQL
// (test/postgres.ts); and, where several connections make it possible, a move that waits for
// another transaction holding its category's offers moves from the order that transaction left;
// and two moves that read the order before and after a third change committed both go through.
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { offers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';
import { testPostgresDatabases } from '../../test/postgres';
import { heldTransaction, waitForLockWaits } from '../../test/postgres-locks';
import { offerOrderSuite } from './order-suite';

const databases = testPostgresDatabases();
afterAll(() => databases.stop());

offerOrderSuite('PostgreSQL', databases.open);

/** An administrator, who saves the reload offers c, b and a, a second apart (so listed a, b, c). */
async function adminWithThreeOffers(t: TestApp): Promise<FixtureMember> {
  const admin = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
  const save = 'mutation($input: OfferInput!) { adminSaveOffer(input: $input) { ok } }';
  for (const slug of ['c', 'b', 'a']) {
    t.clock.advance(1000);
    const input = { slug, title: slug, category: 'reload-offers', bookmaker: 'b', summary: 's', body: 'b', expectedProfit: 1 };
    expect((await t.gql(save, { input }, { token: admin.token })).errors).toBeUndefined();
  }
  return admin;
}

describe('a move while another transaction holds the category (PostgreSQL)', () => {
  it('waits for it, then moves from the order it committed', async () => {
    const database = await databases.open();
    const t = await createTestApp({ database });
    try {
      const admin = await adminWithThreeOffers(t);
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

describe('two moves that read the order on either side of another change (PostgreSQL)', () => {
  // Guards: admin-move-offer.ts locks a category's rows in an order that never changes. Locked in
  // list order, the first move (a, b, c) holds a and waits for b, the second (c, a, b, read after c
  // went first) holds c and waits for a, and once b is free the first waits for c: a deadlock, and
  // one administrator's move fails.
  it('both go through once the row they wait for is free', async () => {
    const database = await databases.open();
    const t = await createTestApp({ database });
    try {
      const admin = await adminWithThreeOffers(t);
      const move = (slug: string, direction: 'UP' | 'DOWN') =>
        t.gql<{ adminMoveOffer: { ok: boolean } }>(
          `mutation { adminMoveOffer(slug: "${slug}", direction: ${direction}) { ok } }`,
          {},
          {
            token: admin.token,
          },
        );
      // Ids in the order a, b, c, so that the first move locks a and then waits for b either way.
      for (const slug of ['a', 'b', 'c'])
        await database.db
          .update(offers)
          .set({ id: `of_race_${slug}` })
          .where(eq(offers.slug, slug));
      // Someone holds b (an edit of it in progress).
      const editing = await heldTransaction(database, (tx) => tx.select().from(offers).where(eq(offers.slug, 'b')).for('update'));
      const first = move('a', 'DOWN');
      await waitForLockWaits(database.db, 'select', 1);
      // Meanwhile c goes first, committed (c, a, b, then the seed's reload offers).
      await database.db.update(offers).set({ position: -100 }).where(eq(offers.slug, 'c'));
      const second = move('c', 'DOWN');
      await waitForLockWaits(database.db, 'select', 2);
      await editing.commit();
      const answers = await Promise.all([first, second]);
      expect(answers.map((r) => r.errors)).toEqual([undefined, undefined]);
      expect(answers.map((r) => r.data?.adminMoveOffer.ok)).toEqual([true, true]);
      const list = await t.gql<{ adminOffers: { slug: string }[] }>('{ adminOffers { slug } }', {}, { token: admin.token });
      expect(list.data?.adminOffers.map((o) => o.slug).sort()).toEqual(['a', 'b', 'c']);
    } finally {
      await t.stop();
    }
  });
});
