// The member's journey, end to end through the sdk's own clients against a running server, for
// both brands: register and sign in; buy every plan through the real checkout (the TEST MODE
// payment page and its signed webhook) and see exactly that plan's capabilities and tools; record,
// settle and void bets and see the totals the sdk computes for the same bets (GraphQL and the REST
// totals endpoints); refer a member and earn 40% (floor) of their payment. Written once and run by
// journey.test.ts (embedded PGlite) and postgres.test.ts (a PostgreSQL server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betFromWire } from '@matchkit/app-contract';
import { getBrand } from '@matchkit/sdk/brands';
import { availableTools, grantedCapabilities } from '@matchkit/sdk/entitlements';
import { endpointTotals, settleBet, trackerTotals, voidBet, type TrackedBetInput } from '@matchkit/sdk/tracker';
import {
  AffiliateEarningsQuery,
  getTrackerTotals,
  LogoutMutation,
  MeQuery,
  MyPurchasesQuery,
  RecordBetMutation,
  ReferralsQuery,
  SettleBetMutation,
  ToolsQuery,
  TrackedBetsQuery,
  TrackerTotalsQuery,
  VoidBetMutation,
  type TrackerTotalsEndpoint,
} from '@matchkit/sdk/transport';
import { plannedBets } from './bets';
import { buyPlan } from './checkout';
import { graphqlClient, refusalCode, registerMember, type Member } from './clients';
import { MySubscriptionQuery } from './documents';
import type { RunningServer } from './servers';

type BrandId = 'primary' | 'secondary';

const sorted = (codes: readonly string[]) => [...codes].sort();

/** What the member holds now, read through the sdk's MeQuery and ToolsQuery. */
async function holdings(member: Member) {
  const me = (await member.gql.request({ query: MeQuery })).data.me;
  const tools = (await member.gql.request({ query: ToolsQuery })).data.myTools;
  if (me === null) throw new Error('me is null for a signed-in member');
  return { me, toolKeys: tools.map((t) => t.key) };
}

/**
 * Registers the journey's tests for both brands; `start(brand)` starts a server serving that brand
 * (one per brand, shared by its tests) and `stop()` ends it.
 */
export function describeJourney(label: string, start: (brand: BrandId) => Promise<RunningServer>): void {
  describe.each(['primary', 'secondary'] as const)(`the member's journey on ${label}: %s brand`, (brandId) => {
    const brand = getBrand(brandId);
    let server: RunningServer | null = null;
    let origin = '';
    beforeAll(async () => {
      server = await start(brandId);
      origin = server.origin;
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
    }, 60_000);

    it('registers a member (18+ confirmed) and signs in: a free member with no capabilities and no tools; signing out ends the session', async () => {
      const member = await registerMember(origin, { prefix: `${brandId}_free` });
      const { me, toolKeys } = await holdings(member);
      expect(me.email).toBe(member.email);
      expect(me.username).toBe(member.username);
      expect(me.uid.global).toBe(member.id);
      expect(me.capabilities).toEqual([]);
      expect(me.additionalCapabilities).toEqual([]);
      expect(toolKeys).toEqual(availableTools(brand, { capabilities: [], additionalCapabilities: [] }).map((t) => t.key));
      expect((await member.gql.request({ query: LogoutMutation })).data.logout).toBe(true);
      expect((await member.gql.request({ query: MeQuery })).data.me).toBeNull();
      // A wrong password is refused with the one answer that helps no attacker.
      const stranger = graphqlClient(origin, { token: null });
      expect(
        await refusalCode(
          stranger.request({
            query: 'mutation ($input: LoginInput!) { login(input: $input) { token } }',
            variables: { input: { login: member.email, password: 'not-the-password' } },
          }),
        ),
      ).toBe('UNAUTHENTICATED');
    });

    it.each(brand.plans.map((p) => [p.name, p] as const))(
      "buys the %s plan (yearly) through the test payment page and its signed webhook: me shows exactly its capabilities, myTools the sdk's availableTools",
      async (_name, plan) => {
        const member = await registerMember(origin, { prefix: `${brandId}_${plan.name}` });
        expect((await holdings(member)).toolKeys).toEqual([]);

        const { checkout, page } = await buyPlan(member, plan.name, 'year');
        expect(page).toContain('TEST MODE');
        expect(checkout).toMatchObject({ plan: plan.name, billingTerm: 'year', amount: plan.price.yearly, status: 'paid' });

        const granted = grantedCapabilities(brand, plan.name);
        const { me, toolKeys } = await holdings(member);
        expect(sorted(me.capabilities)).toEqual(sorted(granted));
        expect(me.additionalCapabilities).toEqual([]);
        expect(me.subscription).toMatchObject({ billingTerm: 'year', isTrial: false });
        expect(toolKeys).toEqual(availableTools(brand, { capabilities: granted, additionalCapabilities: [] }).map((t) => t.key));

        const purchases = (await member.gql.request({ query: MyPurchasesQuery })).data.myPurchases;
        expect(purchases).toHaveLength(1);
        expect(purchases[0]).toMatchObject({ plan: plan.name, billingTerm: 'year', amount: plan.price.yearly });
        expect(sorted(purchases[0]?.grantedCapabilities ?? [])).toEqual(sorted(granted));
      },
      60_000,
    );

    it("starts the monthly trial of the first plan through the same page (nothing charged today): the plan's capabilities during the trial", async () => {
      const plan = brand.plans[0];
      if (plan === undefined) throw new Error('a brand without plans');
      const member = await registerMember(origin, { prefix: `${brandId}_trial` });
      const { checkout, page } = await buyPlan(member, plan.name, 'month');
      expect(checkout).toMatchObject({ plan: plan.name, billingTerm: 'month', amount: 0, status: 'paid' });
      expect(page).toContain('Nothing is charged today');
      const { me, toolKeys } = await holdings(member);
      expect(sorted(me.capabilities)).toEqual(sorted(grantedCapabilities(brand, plan.name)));
      expect(toolKeys).toEqual(
        availableTools(brand, { capabilities: grantedCapabilities(brand, plan.name), additionalCapabilities: [] }).map((t) => t.key),
      );
      expect((await member.gql.request({ query: MySubscriptionQuery })).data.me?.subscription).toMatchObject({
        billingTerm: 'month',
        isTrial: true,
      });
    }, 60_000);

    it('records, settles and voids bets: trackerTotals and every REST totals endpoint equal what the sdk computes for the same bets', async () => {
      const member = await registerMember(origin, { prefix: `${brandId}_tracker` });
      await buyPlan(member, brand.plans[0]?.name ?? '', 'year');
      const endpoints = endpointTotals(brand, []);
      const plans = plannedBets(endpoints);
      // The bets as the sdk settles them, to compare the server's with.
      const expected: TrackedBetInput[] = [];
      for (const planned of plans) {
        const recorded = (await member.gql.request({ query: RecordBetMutation, variables: { input: planned.input } })).data.recordBet;
        expect(recorded).toMatchObject({
          status: 'open',
          source: planned.input.source,
          expectedProfit: planned.input.expectedProfit,
          settledProfit: null,
        });
        const open: TrackedBetInput = { ...betFromWire(recorded), status: 'open' };
        const at = Date.parse(planned.input.placedAt) + 2 * 3_600_000;
        const atIso = new Date(at).toISOString();
        if (planned.outcome === null) {
          expected.push(open);
        } else if (planned.outcome === 'void') {
          const voided = (await member.gql.request({ query: VoidBetMutation, variables: { input: { id: recorded.id, voidedAt: atIso } } }))
            .data.voidBet;
          expect(voided.status).toBe('void');
          expected.push(voidBet(open, { at }));
        } else {
          const settled = (
            await member.gql.request({
              query: SettleBetMutation,
              variables: { input: { id: recorded.id, results: planned.outcome, settledAt: atIso } },
            })
          ).data.settleBet;
          const mine = settleBet(open, { at, results: [...planned.outcome] });
          expect(settled.status).toBe(mine.status);
          expect(settled.settledProfit).toBe(mine.settledProfit);
          expected.push(mine);
        }
      }

      const listed = (await member.gql.request({ query: TrackedBetsQuery, variables: { first: 100 } })).data.trackedBets;
      expect(listed.totalCount).toBe(plans.length);
      expect(sorted(listed.nodes.map((b) => b.id))).toEqual(sorted(expected.map((b) => b.id)));

      const totals = (await member.gql.request({ query: TrackerTotalsQuery, variables: {} })).data.trackerTotals;
      const want = trackerTotals(expected);
      expect(totals).toEqual({ ...want });
      // Totals that are not all zero: the comparison above could not pass by accident.
      expect(want.betCount).toBe(plans.length - 1);
      expect(want.profit).not.toBe(0);
      expect(want.pendingProfit).not.toBe(0);
      // The same from the bets as the server lists them.
      expect(trackerTotals(listed.nodes.map(betFromWire))).toEqual(want);

      // Each REST totals endpoint of the brand, through the sdk's getTrackerTotals, equals the sdk's endpointTotals.
      const perEndpoint = endpointTotals(brand, expected);
      expect(perEndpoint.length).toBeGreaterThan(0);
      for (const entry of perEndpoint) {
        const { data } = await getTrackerTotals(member.rest, entry.endpoint as TrackerTotalsEndpoint, { params: { ...entry.params } });
        expect({ endpoint: entry.endpoint, params: entry.params, totals: data }).toEqual({
          endpoint: entry.endpoint,
          params: entry.params,
          totals: { ...entry.totals },
        });
        expect(entry.totals.betCount).toBeGreaterThan(0);
      }
    }, 90_000);

    it("refers a member: they register with the code, pay, and the referrer's affiliateEarnings show 40% (floor) of the payment", async () => {
      const referrer = await registerMember(origin, { prefix: `${brandId}_referrer` });
      const me = (await referrer.gql.request({ query: MeQuery })).data.me;
      expect(me?.referAFriend.referralCode).toBe(referrer.referralCode);
      const before = (await referrer.gql.request({ query: ReferralsQuery })).data.referrals;
      expect(before.referredCount).toBe(0);
      expect(before.earnings.total).toBe(0);

      const referred = await registerMember(origin, { prefix: `${brandId}_referred`, referralCode: referrer.referralCode });
      // The brand's plan whose 40% has pence to floor away, if it has one.
      const plan = brand.plans.find((p) => (p.price.yearly * 2) % 5 !== 0) ?? brand.plans[0];
      if (plan === undefined) throw new Error('a brand without plans');
      const { checkout } = await buyPlan(referred, plan.name, 'year');
      expect(checkout.amount).toBe(plan.price.yearly);
      const commission = Math.floor((checkout.amount * 2) / 5);

      const earnings = (await referrer.gql.request({ query: AffiliateEarningsQuery, variables: {} })).data.affiliateEarnings;
      expect(earnings).toMatchObject({
        commissionRate: 0.4,
        earned: commission,
        reversed: 0,
        total: commission,
        paid: 0,
        pending: commission,
      });
      const referrals = (await referrer.gql.request({ query: ReferralsQuery })).data.referrals;
      expect(referrals.referredCount).toBe(1);
      expect(referrals.referrals[0]).toMatchObject({ plan: plan.name, active: true });
      expect(referrals.earnings.total).toBe(commission);
      // The referred member earns nothing from their own payment.
      expect((await referred.gql.request({ query: AffiliateEarningsQuery, variables: {} })).data.affiliateEarnings.total).toBe(0);
    }, 60_000);
  });
}
