// The audit log through the API: each administrator's change leaves one line with who, what,
// before and after, in the change's transaction; the log is for administrators only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';

const LOG = `query($target: String, $first: Int, $after: String) { adminAuditLog(target: $target, first: $first, after: $after) {
  nodes { id at admin adminEmail action target before after } pageInfo { endCursor hasNextPage } } }`;
const SET_CODES =
  'mutation($member: ID!, $codes: [String!]!) { adminSetAdditionalCapabilities(member: $member, codes: $codes) { ok error { code } } }';
const SAVE_OFFER = 'mutation($input: OfferInput!) { adminSaveOffer(input: $input) { ok error { code message } } }';
const DELETE_OFFER = 'mutation($slug: String!) { adminDeleteOffer(slug: $slug) { ok error { code } } }';

interface Line {
  id: string;
  admin: string;
  adminEmail: string | null;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
}
interface LogData {
  adminAuditLog: { nodes: Line[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

let t: TestApp;
let admin: FixtureMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
});
afterAll(() => t.stop());

async function log(variables: Record<string, unknown>): Promise<LogData['adminAuditLog']> {
  const r = await t.gql<LogData>(LOG, variables, { token: admin.token });
  expect(r.errors).toBeUndefined();
  const data = r.data?.adminAuditLog;
  if (data === undefined) throw new Error('no log');
  return data;
}

describe('the audit log', () => {
  it('keeps who changed a member’s additional capabilities, and the lists before and after', async () => {
    const member = await addMember(t);
    const set = (codes: string[]) => t.gql(SET_CODES, { member: member.id, codes }, { token: admin.token });
    await set(['PA-CAP-007']);
    await set([]);
    const { nodes } = await log({ target: member.id });
    expect(nodes.map((n) => [n.action, n.admin, JSON.parse(n.before ?? 'null'), JSON.parse(n.after ?? 'null')])).toEqual([
      ['adminSetAdditionalCapabilities', admin.id, ['PA-CAP-007'], []],
      ['adminSetAdditionalCapabilities', admin.id, [], ['PA-CAP-007']],
    ]);
    // The console names the administrator by their email.
    expect(nodes.map((n) => n.adminEmail)).toEqual([admin.email, admin.email]);
  });

  it('keeps an offer’s state before and after a save and a delete', async () => {
    const input = {
      slug: 'audit-offer',
      title: 'An offer',
      category: 'reload-offers',
      bookmaker: 'bet-co',
      summary: 'A reload offer.',
      body: 'Place a qualifying bet, then use the free bet.',
      expectedProfit: 500,
    };
    expect((await t.gql(SAVE_OFFER, { input }, { token: admin.token })).errors).toBeUndefined();
    await t.gql(SAVE_OFFER, { input: { ...input, title: 'A better offer' } }, { token: admin.token });
    await t.gql(DELETE_OFFER, { slug: 'audit-offer' }, { token: admin.token });
    const { nodes } = await log({ target: 'audit-offer' });
    expect(nodes.map((n) => n.action)).toEqual(['adminDeleteOffer', 'adminSaveOffer', 'adminSaveOffer']);
    const [deleted, renamed, created] = nodes;
    expect(JSON.parse(deleted?.before ?? 'null')).toMatchObject({ title: 'A better offer' });
    expect(deleted?.after).toBeNull();
    expect(JSON.parse(renamed?.before ?? 'null')).toMatchObject({ title: 'An offer' });
    expect(JSON.parse(renamed?.after ?? 'null')).toMatchObject({ title: 'A better offer' });
    expect(created?.before).toBeNull();
  });

  it('pages newest first without repeating a line', async () => {
    const member = await addMember(t);
    for (const codes of [['PA-CAP-007'], [], ['PA-CAP-008'], []])
      await t.gql(SET_CODES, { member: member.id, codes }, { token: admin.token });
    const first = await log({ target: member.id, first: 3 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await log({ target: member.id, first: 3, after: first.pageInfo.endCursor });
    const ids = [...first.nodes, ...second.nodes].map((n) => Number(n.id));
    expect(ids).toHaveLength(4);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('is for administrators only', async () => {
    const member = await addMember(t, { plan: 'pro' });
    const r = await t.gql(LOG, {}, { token: member.token });
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
