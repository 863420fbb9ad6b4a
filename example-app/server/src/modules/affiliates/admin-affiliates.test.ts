// The console's affiliates figures through the API: each affiliate's balance by the sdk's
// commissionStatement, one affiliate's statement, and the programme by London month; members
// are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, buy, provider, tokenFor } from '../billing/testing';

const BALANCES = '{ adminAffiliates { member email referredPayments total pending underReview payable paid } }';
const STATEMENT =
  'query($member: ID!) { adminAffiliateStatement(member: $member) { total pending payable paid entries { amount commission state } } }';
const PROGRAMME =
  'query($from: String!, $to: String!) { adminAffiliateProgramme(from: $from, to: $to) { months { month revenue commission refunded reversed paidOut } } }';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokenFor(t, (await addMember(t, { admin: true })).id);
});
afterAll(() => t.stop());

describe('the affiliates page', () => {
  it('shows each affiliate’s commission by state, their statement, and the programme by month', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const affiliate = await addMember(t);
    const { id } = await addMember(t, { referredBy: affiliate.id });
    await buy(t, id, 'diamond', 'year');
    await provider(t).idle();

    const balances = await t.gql<{
      adminAffiliates: { member: string; referredPayments: number; total: number; pending: number; payable: number }[];
    }>(BALANCES, {}, { token: adminToken });
    expect(balances.errors).toBeUndefined();
    const mine = balances.data?.adminAffiliates.find((a) => a.member === affiliate.id);
    expect(mine?.referredPayments).toBe(1);
    expect(mine?.total).toBeGreaterThan(0);
    // Inside the refund window: all of it pending, none payable yet.
    expect([mine?.pending, mine?.payable]).toEqual([mine?.total, 0]);

    const statement = await t.gql<{ adminAffiliateStatement: { total: number; entries: { commission: number; state: string }[] } }>(
      STATEMENT,
      { member: affiliate.id },
      { token: adminToken },
    );
    expect(statement.data?.adminAffiliateStatement.total).toBe(mine?.total);
    expect(statement.data?.adminAffiliateStatement.entries.map((e) => e.state)).toEqual(['PENDING']);

    const programme = await t.gql<{ adminAffiliateProgramme: { months: { month: string; revenue: number; commission: number }[] } }>(
      PROGRAMME,
      { from: '2026-03-01', to: '2026-03-31' },
      { token: adminToken },
    );
    expect(programme.errors).toBeUndefined();
    const march = programme.data?.adminAffiliateProgramme.months.find((m) => m.month === '2026-03');
    expect(march?.commission).toBe(mine?.total);
    expect(march?.revenue).toBeGreaterThan(0);
    const april = await t.gql<{ adminAffiliateProgramme: { months: unknown[] } }>(
      PROGRAMME,
      { from: '2026-04-01', to: '2026-04-30' },
      { token: adminToken },
    );
    expect(april.data?.adminAffiliateProgramme.months).toEqual([]);
  });

  it('refuses members', async () => {
    const token = await tokenFor(t, (await addMember(t)).id);
    for (const [query, variables] of [
      [BALANCES, {}],
      [STATEMENT, { member: 'u_x' }],
      [PROGRAMME, { from: '2026-03-01', to: '2026-03-31' }],
    ] as const)
      expect((await t.gql(query, variables, { token })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
