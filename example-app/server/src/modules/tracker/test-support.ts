// Test support for the tracker's tests (not a test file): members signed in with or without the
// profit tracker, and the GraphQL documents the tests send.
import { getBrand } from '@matchkit/sdk/brands';
import { ledger, users } from '../../db/schema';
import { newId } from '../../ids';
import type { TestApp } from '../../test/app';
import { trackerCapabilities } from './access';
import { signInAs } from '../../auth/sessions';

/** A signed-in member. */
export interface Member {
  readonly userId: string;
  readonly token: string;
}

/**
 * Inserts a member and signs them in. `plan`: 'tracker' holds the brand's profit-tracker codes as
 * additional capabilities; 'platinum' pays for the primary brand's platinum plan (a ledger grant
 * covering now: the sdk's capabilitiesAt gives the codes); 'none' holds nothing.
 */
export async function member(t: TestApp, plan: 'tracker' | 'platinum' | 'none' = 'tracker'): Promise<Member> {
  const userId = newId('u');
  const now = t.clock();
  const extra = plan === 'tracker' ? [...trackerCapabilities(getBrand(t.config.brand))] : [];
  await t.database.db.insert(users).values({
    id: userId,
    email: `${userId}@example.test`.toLowerCase(),
    username: userId.toLowerCase(),
    firstName: 'Test',
    lastName: 'Member',
    passwordHash: 'scrypt$unused',
    additionalCapabilities: extra,
    referralCode: userId,
    adultConfirmedAt: new Date(now),
    createdAt: new Date(now),
  });
  if (plan === 'platinum') {
    await t.database.db.insert(ledger).values({
      id: `${userId}:term-1`,
      userId,
      type: 'payment',
      plan: 'platinum',
      amount: 3999,
      periodStart: new Date(now - 86_400_000),
      periodEnd: new Date(now + 29 * 86_400_000),
      at: new Date(now - 86_400_000),
    });
  }
  const { token } = await signInAs(t.app.deps, userId, now);
  return { userId, token };
}

export const BET_FIELDS = `id source profitType status event market selection expectedProfit settledProfit placedAt settledAt note
  legs { role side account odds stake commission freeBet result market }`;

export const RECORD = `mutation($input: RecordBetInput!) { recordBet(input: $input) { ${BET_FIELDS} } }`;
export const SETTLE = `mutation($input: SettleBetInput!) { settleBet(input: $input) { ${BET_FIELDS} } }`;
export const VOID = `mutation($input: VoidBetInput!) { voidBet(input: $input) { ${BET_FIELDS} } }`;
export const DELETE = `mutation($id: ID!) { deleteBet(id: $id) }`;
export const TOTALS_FIELDS = 'betCount staked profit pendingProfit guaranteed potential training ev';
export const TOTALS = `query($filter: TrackedBetFilter) { trackerTotals(filter: $filter) { ${TOTALS_FIELDS} } }`;
export const LIST = `query($filter: TrackedBetFilter, $first: Int, $after: String) {
  trackedBets(filter: $filter, first: $first, after: $after) { nodes { ${BET_FIELDS} } pageInfo { endCursor hasNextPage } totalCount } }`;
export const IMPORT = `mutation($csv: String!) { importBets(csv: $csv) { imported errors { line column message } } }`;

/** A qualifying back and lay (the sdk's own worked example: settles to -76 when the lay wins). */
export function qualifierInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: 'oddsmatcher',
    profitType: 'guaranteed',
    event: 'Arsenal v Spurs',
    market: 'Match Odds',
    selection: 'Arsenal',
    legs: [
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
    ],
    expectedProfit: -75,
    placedAt: '2026-03-01T12:00:00Z',
    ...overrides,
  };
}
