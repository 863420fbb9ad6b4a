// Test support for the affiliates module (imported by tests only): the referrer's commission
// statement and under-review flags, as their referrals page reads them.
import { expect } from 'vitest';
import type { TestApp } from '../../test/app';
import { must, tokenFor } from '../billing/testing';

/** The schema's CommissionStatement, as a test reads it. */
export interface Statement {
  total: number;
  pending: number;
  underReview: number;
  payable: number;
  paid: number;
  entries: { id: string; paidAt: string; amount: number; commission: number; state: string; payableFrom: string }[];
  payouts: { paidAt: string; amount: number; reference: string | null }[];
}

const STATEMENT = `{ referrals { referrals { underReview }
  statement { total pending underReview payable paid entries { id paidAt amount commission state payableFrom } payouts { paidAt amount reference } } } }`;

/** The member's statement now, each referral's underReview flag (`flags`), and the answer as JSON (`raw`). */
export async function statementOf(t: TestApp, userId: string): Promise<Statement & { flags: boolean[]; raw: string }> {
  const r = await t.gql<{ referrals: { statement: Statement; referrals: { underReview: boolean }[] } }>(
    STATEMENT,
    {},
    {
      token: await tokenFor(t, userId),
    },
  );
  expect(r.errors).toBeUndefined();
  const data = must(r.data).referrals;
  return { ...data.statement, flags: data.referrals.map((x) => x.underReview), raw: JSON.stringify(r.data) };
}
