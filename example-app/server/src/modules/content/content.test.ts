import { eq } from 'drizzle-orm';
import { getBrand } from '@matchkit/sdk/brands';
import { finderTools } from '@matchkit/sdk/matching';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides as guidesTable, offers as offersTable } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';
import { contentModule } from './index';
import { catalogueIdentifiers, findIdentifiers } from '@matchkit/app-contract';
import { seedContent, seedGuidesFor, toolGuides } from './seed';
import { SEED_GUIDES, SEED_OFFERS } from '@matchkit/app-contract/seed';

const OFFER_FIELDS = 'id slug title category bookmaker summary body expectedProfit guideUrl expiresAt completed';
const OFFERS = `query($category: String, $first: Int, $after: String) {
  offers(category: $category, first: $first, after: $after) { nodes { ${OFFER_FIELDS} } pageInfo { endCursor hasNextPage } }
}`;
const GUIDES = `query($section: String, $first: Int, $after: String) {
  guides(section: $section, first: $first, after: $after) { nodes { slug title section url order summary body } pageInfo { endCursor hasNextPage } }
}`;
const SET_COMPLETED =
  'mutation($slug: String!, $completed: Boolean!) { setOfferCompleted(slug: $slug, completed: $completed) { slug completed } }';
const SAVE_OFFER = `mutation($input: OfferInput!) { adminSaveOffer(input: $input) { ok error { code message field } offer { ${OFFER_FIELDS} } } }`;
const DELETE_OFFER = 'mutation($slug: String!) { adminDeleteOffer(slug: $slug) { ok error { code field } } }';
const SAVE_GUIDE =
  'mutation($input: GuideInput!) { adminSaveGuide(input: $input) { ok error { code message field } guide { slug section url order title } } }';
const DELETE_GUIDE = 'mutation($slug: String!) { adminDeleteGuide(slug: $slug) { ok error { code field } } }';

interface OfferNode {
  id: string;
  slug: string;
  category: string;
  bookmaker: string;
  body: string;
  expectedProfit: number;
  completed: boolean;
  expiresAt: string | null;
}
interface Page<T> {
  nodes: T[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/** The value, or a failed test when it is missing. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/** Follows endCursor until hasNextPage is false; returns every node in order and the page count. */
async function walk<T>(fetchPage: (after: string | null) => Promise<Page<T>>): Promise<{ nodes: T[]; pages: number }> {
  const nodes: T[] = [];
  let after: string | null = null;
  for (let pages = 1; pages < 100; pages++) {
    const page = await fetchPage(after);
    nodes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return { nodes, pages };
    expect(page.pageInfo.endCursor).not.toBeNull();
    after = page.pageInfo.endCursor;
  }
  throw new Error('pagination did not end');
}

const offerInput = (over: Record<string, unknown> = {}) => ({
  slug: 'harbour-test-offer',
  title: 'Bet £10, get £10',
  category: 'reload-offers',
  bookmaker: 'Harbourline Test Bet',
  summary: 'A test offer.',
  body: 'Step 1. Read the terms.\n\nStep 2. Lay the free bet.',
  expectedProfit: 700,
  guideUrl: '/offers/sportsbook-signup-offers/tutorial-3-the-free-bet',
  expiresAt: '2026-04-01T00:00:00+01:00',
  ...over,
});

describe('content: offers, guides and training', () => {
  let t: TestApp;
  let alice: FixtureMember;
  let bob: FixtureMember;
  let admin: FixtureMember;
  let pro: FixtureMember;

  beforeAll(async () => {
    t = await createTestApp();
    // The module's start() seeds the empty tables, as on a first `npm start`.
    await contentModule(t.app.deps).start?.();
    alice = await addMember(t, { username: 'alice', plan: 'platinum' });
    bob = await addMember(t, { username: 'bob' });
    admin = await addMember(t, { username: 'admin', additionalCapabilities: ['PA-CAP-028'] });
    pro = await addMember(t, { username: 'pro', plan: 'pro-plus' });
  });
  afterAll(() => t.stop());

  describe('seed', () => {
    it('starts with about a dozen offers over the three dashboard categories and the guides and training', async () => {
      const offers = await t.database.db.select().from(offersTable);
      expect(offers).toHaveLength(SEED_OFFERS.length);
      expect(new Set(offers.map((o) => o.category))).toEqual(new Set(t.app.deps.brand.offerCategories.map((c) => c.slug)));
      const guides = await t.database.db.select().from(guidesTable);
      expect(guides).toHaveLength(seedGuidesFor(t.app.deps.brand).length);
      expect(new Set(guides.map((g) => g.section))).toEqual(new Set(['guides', 'training']));
    });

    it('starts the training at the spec route and leads each tool guide link to a guide', async () => {
      const r = await t.gql<{ guide: { url: string; order: number; section: string } | null }>(
        '{ guide(slug: "tutorial-1-the-basic-idea") { url order section } }',
      );
      expect(r.data?.guide).toEqual({ url: t.app.deps.brand.routes['tutorialStart'], order: 0, section: 'training' });
      expect(r.data?.guide?.url).toBe('/offers/sportsbook-signup-offers/tutorial-1-the-basic-idea');
      const oddsmatcher = t.app.deps.brand.tools.find((x) => x.key === 'oddsmatcher');
      const g = await t.gql<{ guide: { url: string } | null }>('query($s: String!) { guide(slug: $s) { url } }', { s: oddsmatcher?.slug });
      expect(g.data?.guide?.url).toBe(oddsmatcher?.guideUrl);
      // Every finder tool with a page has its guide (written from the sdk's finderTools registry).
      for (const tool of t.app.deps.brand.tools.filter((x) => x.slug !== '' && finderTools.some((f) => f.key === x.key))) {
        const r = await t.gql<{ guide: { url: string; title: string } | null }>('query($s: String!) { guide(slug: $s) { url title } }', {
          s: tool.slug,
        });
        expect(r.data?.guide?.url, tool.key).toBe(tool.guideUrl);
      }
      for (const guide of toolGuides(t.app.deps.brand)) {
        expect(guide.body, guide.slug).toContain('18+');
        expect(guide.body, guide.slug).toContain('Only stake what you can afford to lose');
      }
    });

    it('says every seeded guide of both brands in the members\u2019 words: no code name, formula, slug or ISO instant (issue 20, defect 8)', () => {
      for (const id of ['primary', 'secondary'] as const) {
        const brand = getBrand(id);
        const found = seedGuidesFor(brand).flatMap((g) =>
          findIdentifiers(`${g.title} ${g.summary} ${g.body}`, catalogueIdentifiers(brand)).map((f) => `${id} ${g.slug}: ${f}`),
        );
        expect(found).toEqual([]);
      }
    });

    it('reads the tools\u2019 guides after the oddsmatcher\u2019s, each guide at its own place, and closes with staying in control', () => {
      for (const id of ['primary', 'secondary'] as const) {
        const guides = seedGuidesFor(getBrand(id))
          .filter((g) => g.section === 'guides')
          .sort((a, b) => a.order - b.order);
        expect(new Set(guides.map((g) => g.order)).size, id).toBe(guides.length);
        expect(guides.at(-1)?.slug, id).toBe('staying-in-control');
        expect(guides[1]?.slug, id).toBe(toolGuides(getBrand(id))[0]?.slug);
      }
    });

    it('is written in the responsible-gambling tone: 18+, stake only what you can afford to lose, help, no promised earnings', () => {
      for (const o of SEED_OFFERS) {
        expect(o.body, o.slug).toContain('18+');
        expect(o.body, o.slug).toContain('Only stake what you can afford to lose');
        expect(o.body, o.slug).toMatch(/gamcare\.org\.uk/);
        expect(o.expectedProfit).toBeGreaterThan(0);
      }
      const all = [
        ...SEED_OFFERS.map((o) => `${o.title} ${o.summary} ${o.body}`),
        ...SEED_GUIDES.map((g) => `${g.title} ${g.summary} ${g.body}`),
      ].join('\n');
      expect(all).not.toMatch(/risk[- ]free|guaranteed (profit|income|earnings)|get rich|easy money/i);
      // Fictional bookmakers only: none of the UK's well-known brands.
      const real =
        /bet365|william hill|ladbrokes|coral|paddy power|sky ?bet|betfred|betway|betvictor|unibet|boylesports|virgin bet|grosvenor|888/i;
      for (const o of SEED_OFFERS) expect(o.bookmaker).not.toMatch(real);
      expect(all).not.toMatch(real);
      // The training covers the basics it promises.
      const training = SEED_GUIDES.filter((g) => g.section === 'training')
        .map((g) => g.body)
        .join('\n');
      for (const term of [
        'qualifying bet',
        'qualifying loss',
        'stake not returned',
        'stake returned',
        'commission',
        'liability',
        'gubbed',
        'profit tracker',
      ]) {
        expect(training.toLowerCase()).toContain(term);
      }
    });

    it('is idempotent and never overwrites an administrator\u2019s edit', async () => {
      await t.database.db
        .update(offersTable)
        .set({ title: 'Edited by an administrator' })
        .where(eq(offersTable.slug, 'ashvale-bet-bet-10-get-30'));
      expect(await seedContent(t.database.db, t.app.deps.brand, t.clock())).toEqual({ offers: 0, guides: 0 });
      await contentModule(t.app.deps).start?.();
      const [row] = await t.database.db.select().from(offersTable).where(eq(offersTable.slug, 'ashvale-bet-bet-10-get-30'));
      expect(row?.title).toBe('Edited by an administrator');
      expect(await t.database.db.$count(offersTable)).toBe(SEED_OFFERS.length);
    });
  });

  describe('reading', () => {
    it('walks every offer in the seed’s order (each category newest first, in the brand’s order), in pages, with no repeat and no gap', async () => {
      const { nodes, pages } = await walk(async (after) => {
        const r = await t.gql<{ offers: Page<OfferNode> }>(OFFERS, { first: 5, after });
        expect(r.errors).toBeUndefined();
        return must(r.data).offers;
      });
      expect(pages).toBe(Math.ceil(SEED_OFFERS.length / 5));
      expect(nodes.map((o) => o.slug)).toEqual(SEED_OFFERS.map((o) => o.slug));
      expect(new Set(nodes.map((o) => o.id)).size).toBe(nodes.length);
    });

    it('walks one category at a time; the categories add up to the whole', async () => {
      let total = 0;
      for (const c of t.app.deps.brand.offerCategories) {
        const { nodes } = await walk(
          async (after) => must((await t.gql<{ offers: Page<OfferNode> }>(OFFERS, { category: c.slug, first: 2, after })).data).offers,
        );
        expect(nodes.every((o) => o.category === c.slug)).toBe(true);
        expect(nodes.map((o) => o.slug)).toEqual(SEED_OFFERS.filter((o) => o.category === c.slug).map((o) => o.slug));
        total += nodes.length;
      }
      expect(total).toBe(SEED_OFFERS.length);
    });

    it('walks the guides in reading order: the tutorials from tutorial 1, then the guides', async () => {
      const { nodes, pages } = await walk(
        async (after) =>
          must((await t.gql<{ guides: Page<{ slug: string; section: string; order: number }> }>(GUIDES, { first: 2, after })).data).guides,
      );
      expect(pages).toBe(Math.ceil(seedGuidesFor(t.app.deps.brand).length / 2));
      expect(nodes[0]?.slug).toBe('tutorial-1-the-basic-idea');
      const training = nodes.filter((g) => g.section === 'training');
      expect(nodes.slice(0, training.length)).toEqual(training);
      expect(training.map((g) => g.order)).toEqual([0, 1, 2, 3, 4]);
      const onlyGuides = must((await t.gql<{ guides: Page<{ slug: string }> }>(GUIDES, { section: 'guides' })).data).guides.nodes;
      expect(onlyGuides.map((g) => g.slug)).toEqual(nodes.filter((g) => g.section === 'guides').map((g) => g.slug));
    });

    it('answers one offer or guide by slug, null for an unknown slug', async () => {
      const r = await t.gql<{ offer: { slug: string; expectedProfit: number } | null; guide: null; missing: null }>(
        '{ offer(slug: "kittiwake-sports-bet-20-get-20") { slug expectedProfit } missing: offer(slug: "no-such-offer") { slug } guide(slug: "no-such-guide") { slug } }',
      );
      expect(r.data).toEqual({ offer: { slug: 'kittiwake-sports-bet-20-get-20', expectedProfit: 1400 }, missing: null, guide: null });
    });

    it('refuses a bad category, section, first or cursor, naming the argument', async () => {
      const cases: [string, Record<string, unknown>, string][] = [
        [OFFERS, { category: 'poker-offers' }, 'category'],
        [OFFERS, { first: 0 }, 'first'],
        [OFFERS, { first: 101 }, 'first'],
        [OFFERS, { after: 'not-a-cursor' }, 'after'],
        [OFFERS, { after: Buffer.from('["x","y"]').toString('base64url') }, 'after'],
        [GUIDES, { section: 'casino' }, 'section'],
        [GUIDES, { after: Buffer.from('[0,"a"]').toString('base64url') }, 'after'],
      ];
      for (const [query, variables, field] of cases) {
        const r = await t.gql(query, variables);
        expect(r.errors?.[0]?.extensions, JSON.stringify(variables)).toMatchObject({ code: 'BAD_INPUT', field });
        expect(r.errors?.[0]?.message).toContain(field);
      }
    });
  });

  describe('completed offers, per member', () => {
    const completedOf = async (token: string | undefined, slug: string) => {
      const r = await t.gql<{ offer: { completed: boolean } }>(
        'query($s: String!) { offer(slug: $s) { completed } }',
        { s: slug },
        token === undefined ? {} : { token },
      );
      return r.data?.offer.completed;
    };

    it('keeps each member\u2019s own flags; signed out sees none', async () => {
      const slug = 'pellmore-sports-bet-5-get-20';
      const r = await t.gql<{ setOfferCompleted: { slug: string; completed: boolean } }>(
        SET_COMPLETED,
        { slug, completed: true },
        { token: alice.token },
      );
      expect(r.data?.setOfferCompleted).toEqual({ slug, completed: true });
      // Twice is the same as once.
      await t.gql(SET_COMPLETED, { slug, completed: true }, { token: alice.token });
      await t.gql(SET_COMPLETED, { slug: 'quillon-casino-100-free-spins', completed: true }, { token: bob.token });
      expect(await completedOf(alice.token, slug)).toBe(true);
      expect(await completedOf(bob.token, slug)).toBe(false);
      expect(await completedOf(undefined, slug)).toBe(false);
      expect(await completedOf(bob.token, 'quillon-casino-100-free-spins')).toBe(true);
      expect(await completedOf(alice.token, 'quillon-casino-100-free-spins')).toBe(false);

      // In the list too, on every page.
      const { nodes } = await walk(
        async (after) => must((await t.gql<{ offers: Page<OfferNode> }>(OFFERS, { first: 4, after }, { token: alice.token })).data).offers,
      );
      expect(nodes.filter((o) => o.completed).map((o) => o.slug)).toEqual([slug]);

      const undo = await t.gql<{ setOfferCompleted: { completed: boolean } }>(
        SET_COMPLETED,
        { slug, completed: false },
        { token: alice.token },
      );
      expect(undo.data?.setOfferCompleted.completed).toBe(false);
      expect(await completedOf(alice.token, slug)).toBe(false);
    });

    it('refuses an unknown offer (NOT_FOUND) and a visitor who is not signed in (UNAUTHENTICATED)', async () => {
      const unknown = await t.gql(SET_COMPLETED, { slug: 'no-such-offer', completed: true }, { token: alice.token });
      expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'slug' });
      const anonymous = await t.gql(SET_COMPLETED, { slug: 'pellmore-sports-bet-5-get-20', completed: true });
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('editing (administrators only)', () => {
    const ops: [string, Record<string, unknown>][] = [
      [SAVE_OFFER, { input: offerInput() }],
      [DELETE_OFFER, { slug: 'ashvale-bet-bet-10-get-30' }],
      [SAVE_GUIDE, { input: { slug: 'x-guide', title: 'X', section: 'guides', summary: 'S', body: 'B', order: 9 } }],
      [DELETE_GUIDE, { slug: 'staying-in-control' }],
    ];

    it('refuses every edit to a visitor (UNAUTHENTICATED) and to a member who is not an administrator (FORBIDDEN), changing nothing', async () => {
      for (const [query, variables] of ops) {
        const anonymous = await t.gql(query, variables);
        expect(anonymous.errors?.[0]?.extensions?.code, query).toBe('UNAUTHENTICATED');
        for (const member of [alice, pro]) {
          const r = await t.gql(query, variables, { token: member.token });
          expect(r.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
        }
      }
      expect(await t.database.db.$count(offersTable)).toBe(SEED_OFFERS.length);
      expect(await t.database.db.$count(guidesTable)).toBe(seedGuidesFor(t.app.deps.brand).length);
    });

    it('creates an offer, then updates it by slug keeping its id and creation instant', async () => {
      t.clock.advance(1000);
      const created = await t.gql<{ adminSaveOffer: { ok: boolean; offer: OfferNode & { expiresAt: string } } }>(
        SAVE_OFFER,
        { input: offerInput() },
        { token: admin.token },
      );
      expect(created.errors).toBeUndefined();
      expect(created.data?.adminSaveOffer.ok).toBe(true);
      expect(created.data?.adminSaveOffer.offer).toMatchObject({
        slug: 'harbour-test-offer',
        expectedProfit: 700,
        completed: false,
        expiresAt: '2026-03-31T23:00:00.000Z',
      });
      // A new offer leads its category's list.
      const first = await t.gql<{ offers: Page<OfferNode> }>(OFFERS, { category: 'reload-offers', first: 1 });
      expect(first.data?.offers.nodes[0]?.slug).toBe('harbour-test-offer');

      t.clock.advance(60_000);
      const updated = await t.gql<{ adminSaveOffer: { ok: boolean; offer: OfferNode } }>(
        SAVE_OFFER,
        { input: offerInput({ title: 'Bet £10, get £15', expectedProfit: 1000, guideUrl: null, expiresAt: null }) },
        { token: admin.token },
      );
      expect(updated.data?.adminSaveOffer.offer).toMatchObject({
        id: created.data?.adminSaveOffer.offer.id,
        expectedProfit: 1000,
        expiresAt: null,
      });
      const [row] = await t.database.db.select().from(offersTable).where(eq(offersTable.slug, 'harbour-test-offer'));
      expect(row?.title).toBe('Bet £10, get £15');
      expect(row?.updatedAt.getTime()).toBe(t.clock());
      expect(row?.createdAt.getTime()).toBe(t.clock() - 60_000);
    });

    it('refuses a bad offer with BAD_INPUT naming each bad field, and stores nothing', async () => {
      const r = await t.gql<{ adminSaveOffer: { ok: boolean; error: { code: string; message: string; field: string }; offer: null } }>(
        SAVE_OFFER,
        {
          input: offerInput({
            slug: 'Bad Slug!',
            category: 'poker-offers',
            expectedProfit: -1,
            title: '  ',
            body: 'x'.repeat(20_001),
            guideUrl: 'https://elsewhere.example',
          }),
        },
        { token: admin.token },
      );
      const payload = r.data?.adminSaveOffer;
      expect(payload?.ok).toBe(false);
      expect(payload?.offer).toBeNull();
      expect(payload?.error.code).toBe('BAD_INPUT');
      expect(payload?.error.field).toBe('input.slug');
      for (const field of ['input.slug', 'input.category', 'input.expectedProfit', 'input.title', 'input.body', 'input.guideUrl'])
        expect(payload?.error.message).toContain(field);
      expect(payload?.error.message).not.toContain('input.bookmaker');
      expect(await t.database.db.$count(offersTable, eq(offersTable.slug, 'Bad Slug!'))).toBe(0);

      const long = await t.gql<{ adminSaveOffer: { error: { field: string } } }>(
        SAVE_OFFER,
        { input: offerInput({ slug: 'a'.repeat(101) }) },
        { token: admin.token },
      );
      expect(long.data?.adminSaveOffer.error.field).toBe('input.slug');
    });

    it('deletes an offer and every member\u2019s completion of it; a second delete is NOT_FOUND', async () => {
      await t.gql(SET_COMPLETED, { slug: 'harbour-test-offer', completed: true }, { token: alice.token });
      const r = await t.gql<{ adminDeleteOffer: { ok: boolean } }>(DELETE_OFFER, { slug: 'harbour-test-offer' }, { token: admin.token });
      expect(r.data?.adminDeleteOffer).toEqual({ ok: true, error: null });
      const again = await t.gql<{ adminDeleteOffer: { ok: boolean; error: { code: string; field: string } } }>(
        DELETE_OFFER,
        { slug: 'harbour-test-offer' },
        { token: admin.token },
      );
      expect(again.data?.adminDeleteOffer).toEqual({ ok: false, error: { code: 'NOT_FOUND', field: 'slug' } });
      const gone = await t.gql('{ offer(slug: "harbour-test-offer") { slug } }');
      expect(gone.data).toEqual({ offer: null });
    });

    it('saves guides with the url of their section, moves them in reading order, and deletes them', async () => {
      const input = {
        slug: 'tutorial-6-next-steps',
        title: 'Tutorial 6: Next steps',
        section: 'training',
        summary: 'Where to go next.',
        body: 'Read the guides.',
        order: 5,
      };
      const r = await t.gql<{ adminSaveGuide: { ok: boolean; guide: { url: string; section: string } } }>(
        SAVE_GUIDE,
        { input },
        { token: admin.token },
      );
      expect(r.data?.adminSaveGuide).toMatchObject({
        ok: true,
        guide: { url: '/offers/sportsbook-signup-offers/tutorial-6-next-steps', section: 'training' },
      });
      const training = must((await t.gql<{ guides: Page<{ slug: string }> }>(GUIDES, { section: 'training' })).data).guides.nodes;
      expect(training.at(-1)?.slug).toBe('tutorial-6-next-steps');

      const moved = await t.gql<{ adminSaveGuide: { guide: { url: string } } }>(
        SAVE_GUIDE,
        { input: { ...input, section: 'guides', order: 0 } },
        { token: admin.token },
      );
      expect(moved.data?.adminSaveGuide.guide.url).toBe('/guides/tutorial-6-next-steps');

      const bad = await t.gql<{ adminSaveGuide: { ok: boolean; error: { message: string; field: string } } }>(
        SAVE_GUIDE,
        { input: { ...input, slug: 'ok-slug', section: 'casino', order: -1, summary: '' } },
        { token: admin.token },
      );
      expect(bad.data?.adminSaveGuide.ok).toBe(false);
      expect(bad.data?.adminSaveGuide.error.field).toBe('input.summary');
      for (const field of ['input.section', 'input.order', 'input.summary'])
        expect(bad.data?.adminSaveGuide.error.message).toContain(field);

      const del = await t.gql<{ adminDeleteGuide: { ok: boolean } }>(
        DELETE_GUIDE,
        { slug: 'tutorial-6-next-steps' },
        { token: admin.token },
      );
      expect(del.data?.adminDeleteGuide.ok).toBe(true);
      const again = await t.gql<{ adminDeleteGuide: { error: { code: string } } }>(
        DELETE_GUIDE,
        { slug: 'tutorial-6-next-steps' },
        { token: admin.token },
      );
      expect(again.data?.adminDeleteGuide.error.code).toBe('NOT_FOUND');
    });
  });
});
