// The offers' order through the API: each category by position, a new offer first, an
// administrator's move up or down read by members at once (every page of their cursor paging, the
// next page of a cursor made before the move included), an audit line per move, FORBIDDEN for
// members. The expected order is a list the test moves by hand beside the server (`model`), never
// read back from the code under test. One suite, run on the embedded PGlite (order.test.ts) and on
// PostgreSQL (order.pg.test.ts), where two administrators' moves at once run on two connections.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { offers as offersTable } from '../../db/schema';
import { createTestApp, SUITE_DATABASES, type SuiteDatabase, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';

const OFFERS = `query($category: String, $first: Int, $after: String) {
  offers(category: $category, first: $first, after: $after) { nodes { slug category } pageInfo { endCursor hasNextPage } }
}`;
const ADMIN_OFFERS = 'query($category: String) { adminOffers(category: $category) { slug category publishedAt } }';
const SAVE_OFFER = 'mutation($input: OfferInput!) { adminSaveOffer(input: $input) { ok error { code message } offer { slug } } }';
const DELETE_OFFER = 'mutation($slug: String!) { adminDeleteOffer(slug: $slug) { ok } }';
const MOVE_OFFER = `mutation($slug: String!, $direction: MoveDirection!) {
  adminMoveOffer(slug: $slug, direction: $direction) { ok error { code message field } offer { slug category } }
}`;
const LOG = `query($target: String) { adminAuditLog(target: $target, first: 50) { nodes { admin action target before after } } }`;

const RELOAD = 'reload-offers';
const SPORTSBOOK = 'sportsbook-signup-offers';

type Direction = 'UP' | 'DOWN';
interface Page {
  nodes: { slug: string; category: string }[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}
interface MoveResult {
  adminMoveOffer: {
    ok: boolean;
    error: { code: string; message: string; field: string | null } | null;
    offer: { slug: string; category: string } | null;
  };
}

const input = (slug: string, category: string, over: Record<string, unknown> = {}) => ({
  slug,
  title: `Offer ${slug}`,
  category,
  bookmaker: 'bet-co',
  summary: 'A test offer.',
  body: 'Place a qualifying bet, then use the free bet.',
  expectedProfit: 500,
  ...over,
});

/** The list `order` with the offer `slug` moved one place `direction`, by hand (the test's reference). */
function movedByHand(order: readonly string[], slug: string, direction: Direction): string[] {
  const next = [...order];
  const from = next.indexOf(slug);
  const to = from + (direction === 'UP' ? -1 : 1);
  if (from < 0 || to < 0 || to >= next.length) return next;
  next.splice(from, 1);
  next.splice(to, 0, slug);
  return next;
}

/** The suite, on the database `open` makes. */
export function offerOrderSuite(label: SuiteDatabase, open: () => Promise<Database>): void {
  describe(`the offers' order (${label})`, () => {
    let t: TestApp;
    let admin: FixtureMember;
    let other: FixtureMember;
    let member: FixtureMember;
    /** Each category's offers in the order an administrator lists them, drafts included: moved by hand beside the server. */
    const model: Record<string, string[]> = { [RELOAD]: [], [SPORTSBOOK]: [] };
    const drafts = new Set<string>();

    const save = async (slug: string, category: string, over: Record<string, unknown> = {}) => {
      t.clock.advance(1000);
      const r = await t.gql<{ adminSaveOffer: { ok: boolean } }>(
        SAVE_OFFER,
        { input: input(slug, category, over) },
        { token: admin.token },
      );
      expect(r.errors).toBeUndefined();
      expect(r.data?.adminSaveOffer.ok, slug).toBe(true);
    };
    const move = async (slug: string, direction: Direction, token = admin.token) => {
      t.clock.advance(1000);
      return t.gql<MoveResult>(MOVE_OFFER, { slug, direction }, { token });
    };
    /** Every published offer (of `category`, when given) as a member pages through them, `first` at a time. */
    const memberWalk = async (category: string | null, first = 2) => {
      const slugs: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 50; pages++) {
        const r = await t.gql<{ offers: Page }>(OFFERS, { category, first, after }, { token: member.token });
        expect(r.errors).toBeUndefined();
        const page = r.data?.offers as Page;
        slugs.push(...page.nodes.map((o) => o.slug));
        if (!page.pageInfo.hasNextPage) return slugs;
        after = page.pageInfo.endCursor;
      }
      throw new Error('paging did not end');
    };
    const adminList = async (category: string | null) => {
      const r = await t.gql<{ adminOffers: { slug: string }[] }>(ADMIN_OFFERS, { category }, { token: admin.token });
      expect(r.errors).toBeUndefined();
      return (r.data?.adminOffers ?? []).map((o) => o.slug);
    };
    /** The console lists the model's order, drafts included; members page through it without the drafts. */
    const expectModelOrder = async (category: string) => {
      const expected = model[category] ?? [];
      expect(await adminList(category), `the console's ${category}`).toEqual(expected);
      expect(await memberWalk(category), `a member's ${category}`).toEqual(expected.filter((s) => !drafts.has(s)));
    };
    const moveBoth = async (slug: string, direction: Direction) => {
      const r = await move(slug, direction);
      expect(r.errors).toBeUndefined();
      expect(r.data?.adminMoveOffer).toMatchObject({ ok: true, error: null, offer: { slug } });
      for (const [category, order] of Object.entries(model))
        if (order.includes(slug)) model[category] = movedByHand(order, slug, direction);
    };

    beforeAll(async () => {
      t = await createTestApp({ database: await open() });
      expect(t.app.deps.database.kind).toBe(SUITE_DATABASES[label]);
      admin = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
      other = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
      member = await addMember(t, { plan: 'pro' });
      // Saved e, d, c, b, a (each a second later than the one before): a new offer goes first.
      for (const slug of ['e', 'd', 'c', 'b', 'a']) {
        await save(`ord-${slug}`, RELOAD);
        model[RELOAD]?.unshift(`ord-${slug}`);
      }
      for (const slug of ['y', 'x']) {
        await save(`ord-${slug}`, SPORTSBOOK);
        model[SPORTSBOOK]?.unshift(`ord-${slug}`);
      }
    });
    afterAll(() => t.stop());

    it('lists a category newest first until an administrator moves one: a new offer goes first', async () => {
      expect(model[RELOAD]).toEqual(['ord-a', 'ord-b', 'ord-c', 'ord-d', 'ord-e']);
      await expectModelOrder(RELOAD);
      await expectModelOrder(SPORTSBOOK);
    });

    it('moves an offer up and down: the console and every member page read the new order at once, the other category untouched', async () => {
      await moveBoth('ord-d', 'UP');
      expect(model[RELOAD]).toEqual(['ord-a', 'ord-b', 'ord-d', 'ord-c', 'ord-e']);
      await expectModelOrder(RELOAD);
      await moveBoth('ord-d', 'UP');
      await moveBoth('ord-a', 'DOWN');
      expect(model[RELOAD]).toEqual(['ord-d', 'ord-a', 'ord-b', 'ord-c', 'ord-e']);
      await expectModelOrder(RELOAD);
      await expectModelOrder(SPORTSBOOK);
      // Stored as 0, 1, 2... in the new order, the category's positions distinct.
      const rows = await t.database.db.select().from(offersTable).where(eq(offersTable.category, RELOAD));
      expect(rows.sort((x, y) => x.position - y.position).map((r) => [r.slug, r.position])).toEqual(
        model[RELOAD]?.map((slug, i) => [slug, i]),
      );
    });

    it('leaves the first moved up and the last moved down where they are; an unknown offer is NOT_FOUND', async () => {
      const first = model[RELOAD]?.[0] as string;
      const last = model[RELOAD]?.at(-1) as string;
      const lines = (await t.gql<{ adminAuditLog: { nodes: unknown[] } }>(LOG, { target: first }, { token: admin.token })).data
        ?.adminAuditLog.nodes.length;
      expect((await move(first, 'UP')).data?.adminMoveOffer).toMatchObject({ ok: true, offer: { slug: first } });
      expect((await move(last, 'DOWN')).data?.adminMoveOffer).toMatchObject({ ok: true, offer: { slug: last } });
      await expectModelOrder(RELOAD);
      const after = await t.gql<{ adminAuditLog: { nodes: unknown[] } }>(LOG, { target: first }, { token: admin.token });
      expect(after.data?.adminAuditLog.nodes.length, 'no line for a move that changed nothing').toBe(lines);
      const missing = await move('no-such-offer', 'UP');
      expect(missing.data?.adminMoveOffer).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'There is no offer "no-such-offer".', field: 'slug' },
        offer: null,
      });
    });

    it('writes an audit line for each move: who, the offer, its category and place before and after', async () => {
      const slug = model[RELOAD]?.[2] as string;
      await moveBoth(slug, 'UP');
      const r = await t.gql<{
        adminAuditLog: { nodes: { admin: string; action: string; target: string; before: string; after: string }[] };
      }>(LOG, { target: slug }, { token: admin.token });
      const [line] = r.data?.adminAuditLog.nodes ?? [];
      expect(line).toMatchObject({ admin: admin.id, action: 'adminMoveOffer', target: slug });
      expect(JSON.parse(line?.before ?? 'null')).toEqual({ category: RELOAD, position: 2 });
      expect(JSON.parse(line?.after ?? 'null')).toEqual({ category: RELOAD, position: 1 });
      await expectModelOrder(RELOAD);
    });

    it('puts a new offer, and one moved to another category, first; an edit or a publication keeps the place', async () => {
      await save('ord-new', RELOAD);
      model[RELOAD]?.unshift('ord-new');
      await expectModelOrder(RELOAD);
      // An edit of the third keeps it third.
      const third = model[RELOAD]?.[2] as string;
      await save(third, RELOAD, { title: 'Edited' });
      await expectModelOrder(RELOAD);
      // A draft takes its place in the console; members read the others in the same order without it.
      await save('ord-draft', RELOAD, { draft: true });
      drafts.add('ord-draft');
      model[RELOAD]?.unshift('ord-draft');
      await moveBoth('ord-draft', 'DOWN');
      await moveBoth('ord-draft', 'DOWN');
      await expectModelOrder(RELOAD);
      await save('ord-draft', RELOAD, { draft: false });
      drafts.delete('ord-draft');
      await expectModelOrder(RELOAD);
      // Moved to another category: first there, gone from here (the others keep their order).
      await save('ord-new', SPORTSBOOK);
      model[RELOAD] = (model[RELOAD] ?? []).filter((s) => s !== 'ord-new');
      model[SPORTSBOOK]?.unshift('ord-new');
      await expectModelOrder(RELOAD);
      await expectModelOrder(SPORTSBOOK);
    });

    it('lists every category without one: the brand’s categories in their order, each by position', async () => {
      const order = t.app.deps.brand.offerCategories.map((c) => c.slug);
      expect(order.indexOf(SPORTSBOOK)).toBeLessThan(order.indexOf(RELOAD));
      const expected = order.flatMap((c) => (model[c] ?? []).filter((s) => !drafts.has(s)));
      expect(await memberWalk(null, 3)).toEqual(expected);
      expect(await adminList(null)).toEqual(order.flatMap((c) => model[c] ?? []));
    });

    it('pages across a reorder: a cursor made before the move stays valid, and the next page continues in the new order', async () => {
      const first = await t.gql<{ offers: Page }>(OFFERS, { category: RELOAD, first: 2 }, { token: member.token });
      const page1 = first.data?.offers as Page;
      const shown = model[RELOAD]?.filter((s) => !drafts.has(s)) ?? [];
      expect(page1.nodes.map((o) => o.slug)).toEqual(shown.slice(0, 2));
      // The cursor is opaque: base64url, no slug or position in plain sight.
      expect(page1.pageInfo.endCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(page1.pageInfo.endCursor).not.toContain(shown[1]);
      // Below the page: the fourth moves above the third. The next page shows them in the new order.
      await moveBoth(shown[3] as string, 'UP');
      const now = model[RELOAD]?.filter((s) => !drafts.has(s)) ?? [];
      const next = await t.gql<{ offers: Page }>(
        OFFERS,
        { category: RELOAD, first: 2, after: page1.pageInfo.endCursor },
        { token: member.token },
      );
      expect(next.errors).toBeUndefined();
      expect(next.data?.offers.nodes.map((o) => o.slug)).toEqual(now.slice(2, 4));
      // The last offer the cursor names is deleted: the cursor still reads the page after its place.
      const cursor = next.data?.offers.pageInfo.endCursor;
      const gone = now[3] as string;
      expect((await t.gql(DELETE_OFFER, { slug: gone }, { token: admin.token })).errors).toBeUndefined();
      model[RELOAD] = (model[RELOAD] ?? []).filter((s) => s !== gone);
      const after = await t.gql<{ offers: Page }>(OFFERS, { category: RELOAD, first: 10, after: cursor }, { token: member.token });
      expect(after.errors).toBeUndefined();
      expect(after.data?.offers.nodes.map((o) => o.slug)).toEqual(now.slice(4));
      // A cursor of the list before offers had positions ([createdAt, id]) is not one of this list.
      const old = Buffer.from(JSON.stringify([t.clock(), 'of_x'])).toString('base64url');
      const refused = await t.gql(OFFERS, { category: RELOAD, after: old }, { token: member.token });
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_INPUT', field: 'after' });
      // Nor is one whose numbers no offer can have (a rank or a position past a database integer,
      // an instant no Date holds): refused as input, never a database error.
      for (const key of [
        [3e9, 0, t.clock(), 'of_x'],
        [0, 3e9, t.clock(), 'of_x'],
        [0, 0, 9e15, 'of_x'],
      ]) {
        const crafted = await t.gql(
          OFFERS,
          { category: RELOAD, after: Buffer.from(JSON.stringify(key)).toString('base64url') },
          { token: member.token },
        );
        expect(crafted.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_INPUT', field: 'after' });
      }
      await expectModelOrder(RELOAD);
    });

    it('refuses a visitor (UNAUTHENTICATED) and a member who is not an administrator (FORBIDDEN), moving nothing', async () => {
      const slug = model[RELOAD]?.[1] as string;
      expect((await t.gql(MOVE_OFFER, { slug, direction: 'UP' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await move(slug, 'UP', member.token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      await expectModelOrder(RELOAD);
    });

    it('takes two administrators’ moves at once in turn: every move counts and the positions stay distinct', async () => {
      const last = model[RELOAD]?.at(-1) as string;
      const second = model[RELOAD]?.[1] as string;
      expect(model[RELOAD]?.length).toBeGreaterThanOrEqual(4);
      // The last goes up twice (once by each administrator) and the second once: these moves never
      // pass each other, so whatever order the transactions run in, the outcome is the same.
      const moves = [
        [last, 'UP', admin.token],
        [last, 'UP', other.token],
        [second, 'UP', other.token],
      ] as const;
      const results = await Promise.all(moves.map(([slug, direction, token]) => move(slug, direction, token)));
      for (const r of results) expect(r.data?.adminMoveOffer.ok).toBe(true);
      for (const [slug, direction] of moves) model[RELOAD] = movedByHand(model[RELOAD] ?? [], slug, direction);
      expect(model[RELOAD]?.[0]).toBe(second);
      expect(model[RELOAD]?.at(-3)).toBe(last);
      await expectModelOrder(RELOAD);
      const positions = (await t.database.db.select().from(offersTable).where(eq(offersTable.category, RELOAD))).map((r) => r.position);
      expect(new Set(positions).size).toBe(positions.length);
    });
  });
}
