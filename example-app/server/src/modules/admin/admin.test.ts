import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { createLogger } from '../../logger';
import { createTestApp, type GqlResult, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';

const MEMBERS = `query($filter: MemberFilterInput, $first: Int, $after: String) {
  adminMembers(filter: $filter, first: $first, after: $after) {
    nodes { id email username segment tier capabilities additionalCapabilities joinedAt }
    pageInfo { endCursor hasNextPage }
    totalCount
  }
}`;
const SEGMENTS = '{ memberSegments { segment label count } }';
const FILTER_TYPES = '{ memberFilterTypes { id label value rules } }';
const SET_CODES =
  'mutation($member: ID!, $codes: [String!]!) { adminSetAdditionalCapabilities(member: $member, codes: $codes) { ok error { code message field } } }';

interface MemberNode {
  id: string;
  username: string;
  segment: string | null;
  tier: string;
  additionalCapabilities: string[];
  joinedAt: string;
}
interface MembersPage {
  adminMembers: { nodes: MemberNode[]; pageInfo: { endCursor: string | null; hasNextPage: boolean }; totalCount: number };
}

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

describe('administration (primary brand)', () => {
  let t: TestApp;
  let boss: FixtureMember;
  let bob: FixtureMember;
  let proPlus: FixtureMember;
  const made: FixtureMember[] = [];

  /** Every member the filter matches, following the cursor; checks totalCount on every page. */
  async function walk(filter: Record<string, unknown> | null, first: number, token = boss.token) {
    const nodes: MemberNode[] = [];
    let after: string | null = null;
    let pages = 0;
    let total = -1;
    for (;;) {
      const r: GqlResult<MembersPage> = await t.gql<MembersPage>(MEMBERS, { filter, first, after }, { token });
      expect(r.errors).toBeUndefined();
      const page: MembersPage['adminMembers'] = must(r.data).adminMembers;
      if (total === -1) total = page.totalCount;
      expect(page.totalCount).toBe(total);
      expect(page.nodes.length).toBeLessThanOrEqual(first);
      nodes.push(...page.nodes);
      pages += 1;
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(nodes).toHaveLength(total);
    return { nodes, pages, total };
  }

  const counts = async () => {
    const r = await t.gql<{ memberSegments: { segment: string; label: string; count: number }[] }>(SEGMENTS, {}, { token: boss.token });
    expect(r.errors).toBeUndefined();
    return Object.fromEntries(must(r.data).memberSegments.map((s) => [s.segment, s.count]));
  };

  beforeAll(async () => {
    t = await createTestApp();
    boss = await addMember(t, { username: 'boss', additionalCapabilities: ['PA-CAP-028'] });
    made.push(boss);
    made.push(await addMember(t, { username: 'deputy', plan: 'pro', additionalCapabilities: ['PA-CAP-028'] }));
    bob = await addMember(t, { username: 'bob' });
    made.push(bob);
    made.push(await addMember(t, { username: 'carol' }));
    made.push(await addMember(t, { username: 'plat_one', plan: 'platinum' }));
    made.push(await addMember(t, { username: 'plat-two', plan: 'platinum' }));
    made.push(await addMember(t, { username: 'trialist', plan: 'platinum', trial: true }));
    // PA-CAP-30 forces platinum over the pro plan held.
    made.push(await addMember(t, { username: 'forced', plan: 'pro', additionalCapabilities: ['PA-CAP-30'] }));
    made.push(await addMember(t, { username: 'dia', plan: 'diamond' }));
    made.push(await addMember(t, { username: 'proman', plan: 'pro' }));
    proPlus = await addMember(t, { username: 'proplus', plan: 'pro-plus' });
    made.push(proPlus);
  });
  afterAll(() => t.stop());

  it('refuses every administration call to a visitor (UNAUTHENTICATED) and to any other member, whatever their plan (FORBIDDEN)', async () => {
    const calls: [string, Record<string, unknown>][] = [
      [MEMBERS, {}],
      [SEGMENTS, {}],
      [FILTER_TYPES, {}],
      [SET_CODES, { member: bob.id, codes: ['PA-CAP-028'] }],
    ];
    for (const [query, variables] of calls) {
      expect((await t.gql(query, variables)).errors?.[0]?.extensions?.code, query).toBe('UNAUTHENTICATED');
      for (const member of [bob, proPlus]) {
        expect((await t.gql(query, variables, { token: member.token })).errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
      }
    }
    const r = await t.gql<MembersPage>(MEMBERS, { filter: { search: 'bob' } }, { token: boss.token });
    expect(must(r.data).adminMembers.nodes[0]?.additionalCapabilities).toEqual([]);
  });

  it('counts every segment of the brand with its label, each member in the segment the sdk gives', async () => {
    const r = await t.gql<{ memberSegments: { segment: string; label: string; count: number }[] }>(SEGMENTS, {}, { token: boss.token });
    const brand = getBrand('primary');
    expect(must(r.data).memberSegments).toEqual(
      brand.memberFilterTypes.map((f) => ({
        segment: f.value,
        label: f.label,
        count: { admin: 2, 'pro-plus': 1, pro: 1, diamond: 1, 'platinum-trial': 1, 'platinum-legacy': 0, 'platinum-current': 3, free: 2 }[
          f.value
        ],
      })),
    );
    expect(must(r.data).memberSegments.find((s) => s.segment === 'admin')?.label).toBe('Administrator');
  });

  it('walks all members newest first in pages, totalCount on every page', async () => {
    const { nodes, pages, total } = await walk(null, 3);
    expect(total).toBe(made.length);
    expect(pages).toBe(Math.ceil(made.length / 3));
    expect(nodes.map((n) => n.username)).toEqual([...made].reverse().map((m) => m.username));
    const byName = Object.fromEntries(nodes.map((n) => [n.username, n]));
    expect(byName['forced']).toMatchObject({ tier: 'platinum', segment: 'platinum-current' });
    expect(byName['deputy']).toMatchObject({ tier: 'admin', segment: 'admin' });
    expect(byName['trialist']).toMatchObject({ tier: 'platinum', segment: 'platinum-trial' });
    expect(byName['carol']).toMatchObject({ tier: 'free', segment: 'free' });
  });

  it('filters by segment and by member filter type (the sdk\u2019s matchesMemberFilter); each segment\u2019s walk agrees with its count', async () => {
    const segmentCounts = await counts();
    for (const [segment, count] of Object.entries(segmentCounts)) {
      const { nodes, total } = await walk({ segment }, 2);
      expect(total, segment).toBe(count);
      expect(nodes.every((n) => n.segment === segment)).toBe(true);
    }
    const trial = await walk({ filterType: 'platinum-trial' }, 5);
    expect(trial.nodes.map((n) => n.username)).toEqual(['trialist']);
    const both = await walk({ filterType: 'admin', search: 'dep' }, 5);
    expect(both.nodes.map((n) => n.username)).toEqual(['deputy']);
  });

  it('searches email and username, case-insensitive, with % and _ taken literally', async () => {
    expect((await walk({ search: 'CAROL' }, 5)).nodes.map((n) => n.username)).toEqual(['carol']);
    expect((await walk({ search: '@example.test' }, 50)).total).toBe(made.length);
    expect((await walk({ search: 'plat_' }, 5)).nodes.map((n) => n.username)).toEqual(['plat_one']);
    expect((await walk({ search: '%' }, 5)).total).toBe(0);
    expect((await walk({ search: '   ' }, 50)).total).toBe(made.length);
  });

  it('refuses an unknown filter type or segment, a long search and a bad cursor, naming each', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filter: { filterType: 'gold' } }, 'filter.filterType'],
      [{ filter: { segment: 'gold' } }, 'filter.segment'],
      [{ filter: { search: 'x'.repeat(101) } }, 'filter.search'],
      [{ after: 'bad!' }, 'after'],
      [{ first: 500 }, 'first'],
    ];
    for (const [variables, field] of cases) {
      const r = await t.gql(MEMBERS, variables, { token: boss.token });
      expect(r.errors?.[0]?.extensions, field).toMatchObject({ code: 'BAD_INPUT', field });
    }
  });

  it('lists the brand catalogue\u2019s member filter types with their rules', async () => {
    const r = await t.gql<{ memberFilterTypes: { id: string; value: string; rules: string[] }[] }>(FILTER_TYPES, {}, { token: boss.token });
    const types = must(r.data).memberFilterTypes;
    expect(types.map((f) => f.id)).toEqual(getBrand('primary').memberFilterTypes.map((f) => f.id));
    expect(types.find((f) => f.id === 'platinum-legacy')?.rules).toEqual(['tier=platinum', 'trial=false', 'legacy=true']);
  });

  it('sets additional capabilities: validated codes, repeats once, the same list twice is fine, an audit line each time; they unlock tools at once', async () => {
    const lines: Record<string, unknown>[] = [];
    const capture = createLogger('info', { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) });
    const spy = vi.spyOn(t.app.deps.logger, 'child').mockImplementation((bindings) => capture.child(bindings));
    try {
      for (let i = 0; i < 2; i++) {
        const r = await t.gql<{ adminSetAdditionalCapabilities: unknown }>(
          SET_CODES,
          { member: bob.id, codes: ['PA-CAP-045', 'PA-CAP-045'] },
          { token: boss.token },
        );
        expect(must(r.data).adminSetAdditionalCapabilities).toEqual({ ok: true, error: null });
      }
    } finally {
      spy.mockRestore();
    }
    const audit = lines.filter((l) => l['audit'] === 'adminSetAdditionalCapabilities');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ admin: boss.id, member: bob.id, before: [], after: ['PA-CAP-045'] });
    expect(audit[1]).toMatchObject({ before: ['PA-CAP-045'], after: ['PA-CAP-045'] });
    const tools = await t.gql<{ myTools: { slug: string }[]; me: { additionalCapabilities: string[] } }>(
      '{ me { additionalCapabilities } myTools { slug } }',
      {},
      { token: bob.token },
    );
    expect(must(tools.data).me.additionalCapabilities).toEqual(['PA-CAP-045']);
    expect(must(tools.data).myTools.map((x) => x.slug)).toEqual(['lucky-finder']);
  });

  it('refuses bad codes (naming each) and an unknown member, changing nothing', async () => {
    const bad = await t.gql<{ adminSetAdditionalCapabilities: { ok: boolean; error: { code: string; message: string; field: string } } }>(
      SET_CODES,
      { member: bob.id, codes: ['oops', 'PA-CAP-006', 'pa-cap-006', ''] },
      { token: boss.token },
    );
    const payload = must(bad.data).adminSetAdditionalCapabilities;
    expect(payload).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'codes.0' } });
    for (const path of ['codes.0', 'codes.2', 'codes.3']) expect(payload.error.message).toContain(path);
    expect(payload.error.message).not.toContain('codes.1');
    const unknown = await t.gql<{ adminSetAdditionalCapabilities: unknown }>(
      SET_CODES,
      { member: 'u_nobody', codes: [] },
      { token: boss.token },
    );
    expect(must(unknown.data).adminSetAdditionalCapabilities).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'There is no member "u_nobody".', field: 'member' },
    });
    const still = await walk({ search: 'bob' }, 5);
    expect(still.nodes[0]?.additionalCapabilities).toEqual(['PA-CAP-045']);
  });

  it('makes a member an administrator with PA-CAP-028: the segments move and the new administrator is let in', async () => {
    const before = await counts();
    await t.gql(SET_CODES, { member: bob.id, codes: ['PA-CAP-028'] }, { token: boss.token });
    const after = await counts();
    expect(after['admin']).toBe((before['admin'] ?? 0) + 1);
    expect(after['free']).toBe((before['free'] ?? 0) - 1);
    const r = await t.gql<MembersPage>(MEMBERS, { first: 1 }, { token: bob.token });
    expect(r.errors).toBeUndefined();
    // And taking it away shuts the door again.
    await t.gql(SET_CODES, { member: bob.id, codes: [] }, { token: boss.token });
    expect((await t.gql(MEMBERS, {}, { token: bob.token })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('administration (secondary brand)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BRAND: 'secondary' } });
  });
  afterAll(() => t.stop());

  it('counts the secondary brand\u2019s segments; a member with no plan is in none', async () => {
    const admin = await addMember(t, { username: 'sadmin', additionalCapabilities: ['PA-CAP-028'] });
    await addMember(t, { username: 'nobody' });
    await addMember(t, { username: 'starter1', plan: 'starter' });
    await addMember(t, { username: 'starter2', plan: 'starter', trial: true });
    await addMember(t, { username: 'adv', plan: 'advanced' });
    const r = await t.gql<{ memberSegments: { segment: string; count: number }[] }>(SEGMENTS, {}, { token: admin.token });
    expect(Object.fromEntries(must(r.data).memberSegments.map((s) => [s.segment, s.count]))).toEqual({
      admin: 1,
      elite: 0,
      pro: 0,
      advanced: 1,
      'starter-trial': 1,
      starter: 1,
    });
    const m = await t.gql<MembersPage>(MEMBERS, { filter: { search: 'nobody' } }, { token: admin.token });
    expect(must(m.data).adminMembers.nodes[0]).toMatchObject({ segment: null, tier: 'free' });
  });
});
