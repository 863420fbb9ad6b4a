// Drafts and publishing through the API: a draft is seen by administrators (their list and
// preview) and by no member, publishing shows it at once, taking it back hides it; guides alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';
import { publishedAtAfterSave } from './publish';

const SAVE_OFFER = 'mutation($input: OfferInput!) { adminSaveOffer(input: $input) { ok error { code } offer { slug publishedAt } } }';
const PUBLISH_OFFER =
  'mutation($slug: String!, $published: Boolean!) { adminPublishOffer(slug: $slug, published: $published) { ok error { code field } offer { slug publishedAt } } }';
const ADMIN_OFFERS = 'query { adminOffers { slug publishedAt } }';
const MEMBER_OFFER = 'query($slug: String!) { offer(slug: $slug) { slug } }';
const MEMBER_OFFERS = 'query { offers(first: 100) { nodes { slug } } }';
const SAVE_GUIDE = 'mutation($input: GuideInput!) { adminSaveGuide(input: $input) { ok error { code } guide { slug publishedAt } } }';
const PUBLISH_GUIDE =
  'mutation($slug: String!, $published: Boolean!) { adminPublishGuide(slug: $slug, published: $published) { ok error { code } guide { slug publishedAt } } }';
const MEMBER_GUIDE = 'query($slug: String!) { guide(slug: $slug) { slug } }';
const ADMIN_GUIDES = 'query { adminGuides { slug publishedAt } }';

const offer = (slug: string, draft?: boolean) => ({
  slug,
  title: 'A draft offer',
  category: 'reload-offers',
  bookmaker: 'bet-co',
  summary: 'A reload offer.',
  body: 'Place a qualifying bet, then use the free bet.',
  expectedProfit: 500,
  ...(draft === undefined ? {} : { draft }),
});

let t: TestApp;
let admin: FixtureMember;
let member: FixtureMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
  member = await addMember(t, { plan: 'pro' });
});
afterAll(() => t.stop());

async function memberSees(slug: string): Promise<{ one: boolean; listed: boolean }> {
  const one = await t.gql<{ offer: { slug: string } | null }>(MEMBER_OFFER, { slug }, { token: member.token });
  const list = await t.gql<{ offers: { nodes: { slug: string }[] } }>(MEMBER_OFFERS, {}, { token: member.token });
  return { one: one.data?.offer !== null, listed: (list.data?.offers.nodes ?? []).some((o) => o.slug === slug) };
}

describe('offers: drafts and publishing', () => {
  it('keeps a draft from members, lists it for administrators, and shows it at once when published', async () => {
    const saved = await t.gql<{ adminSaveOffer: { ok: boolean; offer: { publishedAt: string | null } } }>(
      SAVE_OFFER,
      { input: offer('draft-one', true) },
      { token: admin.token },
    );
    expect(saved.data?.adminSaveOffer).toMatchObject({ ok: true, offer: { publishedAt: null } });
    expect(await memberSees('draft-one')).toEqual({ one: false, listed: false });
    const listed = await t.gql<{ adminOffers: { slug: string; publishedAt: string | null }[] }>(ADMIN_OFFERS, {}, { token: admin.token });
    expect(listed.data?.adminOffers.find((o) => o.slug === 'draft-one')).toEqual({ slug: 'draft-one', publishedAt: null });

    const published = await t.gql<{ adminPublishOffer: { ok: boolean; offer: { publishedAt: string } } }>(
      PUBLISH_OFFER,
      { slug: 'draft-one', published: true },
      { token: admin.token },
    );
    expect(published.data?.adminPublishOffer.ok).toBe(true);
    expect(published.data?.adminPublishOffer.offer.publishedAt).toBe(new Date(t.clock()).toISOString());
    expect(await memberSees('draft-one')).toEqual({ one: true, listed: true });

    await t.gql(PUBLISH_OFFER, { slug: 'draft-one', published: false }, { token: admin.token });
    expect(await memberSees('draft-one')).toEqual({ one: false, listed: false });
  });

  it('publishes a new offer saved without a draft flag, and keeps an existing one’s state on a save', async () => {
    await t.gql(SAVE_OFFER, { input: offer('plain-one') }, { token: admin.token });
    expect(await memberSees('plain-one')).toEqual({ one: true, listed: true });
    await t.gql(PUBLISH_OFFER, { slug: 'plain-one', published: false }, { token: admin.token });
    await t.gql(SAVE_OFFER, { input: { ...offer('plain-one'), title: 'Edited' } }, { token: admin.token });
    expect(await memberSees('plain-one')).toEqual({ one: false, listed: false });
  });

  it('names an unknown offer, and refuses members', async () => {
    const missing = await t.gql<{ adminPublishOffer: { ok: boolean; error: { code: string; field: string } } }>(
      PUBLISH_OFFER,
      { slug: 'no-such-offer', published: true },
      { token: admin.token },
    );
    expect(missing.data?.adminPublishOffer).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', field: 'slug' } });
    for (const [query, variables] of [
      [PUBLISH_OFFER, { slug: 'plain-one', published: true }],
      [ADMIN_OFFERS, {}],
      [PUBLISH_GUIDE, { slug: 'x', published: true }],
      [ADMIN_GUIDES, {}],
    ] as const) {
      expect((await t.gql(query, variables, { token: member.token })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});

describe('guides: drafts and publishing', () => {
  it('keeps a draft guide from members until it is published', async () => {
    const input = {
      slug: 'draft-guide',
      title: 'A guide',
      section: 'guides',
      summary: 'About a guide.',
      body: 'The guide.',
      order: 99,
      draft: true,
    };
    expect((await t.gql(SAVE_GUIDE, { input }, { token: admin.token })).errors).toBeUndefined();
    const sees = async () =>
      (await t.gql<{ guide: { slug: string } | null }>(MEMBER_GUIDE, { slug: 'draft-guide' }, { token: member.token })).data?.guide !==
      null;
    expect(await sees()).toBe(false);
    const listed = await t.gql<{ adminGuides: { slug: string; publishedAt: string | null }[] }>(ADMIN_GUIDES, {}, { token: admin.token });
    expect(listed.data?.adminGuides.find((g) => g.slug === 'draft-guide')?.publishedAt).toBeNull();
    await t.gql(PUBLISH_GUIDE, { slug: 'draft-guide', published: true }, { token: admin.token });
    expect(await sees()).toBe(true);
  });
});

describe('publishedAtAfterSave', () => {
  const now = new Date('2026-03-02T10:00:00Z');
  const earlier = new Date('2026-02-01T10:00:00Z');
  it('drafts on true, publishes on false keeping the first instant, keeps the state when absent', () => {
    expect(publishedAtAfterSave(true, earlier, now)).toBeNull();
    expect(publishedAtAfterSave(false, earlier, now)).toBe(earlier);
    expect(publishedAtAfterSave(false, null, now)).toBe(now);
    expect(publishedAtAfterSave(undefined, undefined, now)).toBe(now);
    expect(publishedAtAfterSave(null, null, now)).toBeNull();
    expect(publishedAtAfterSave(undefined, earlier, now)).toBe(earlier);
  });
});
