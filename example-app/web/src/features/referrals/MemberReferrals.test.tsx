// What the referrer reads of their commission, rendered in jsdom from a fixed server answer: the
// four figures in pounds, each payment's state in words (a held one "Under review", never why),
// the date a pending one becomes payable, and the payouts with their references.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrandProvider } from '@matchkit/react';
import type { ReferralsQueryData } from '@matchkit/sdk/transport';
import { CommissionStatus, ReferredMembers } from './MemberReferrals';

afterEach(cleanup);

type Summary = ReferralsQueryData['referrals'];

const statement: Summary['statement'] = {
  total: 179_880,
  pending: 59_960,
  underReview: 59_960,
  payable: 20_000,
  paid: 39_960,
  entries: [
    {
      id: 'ref_a',
      paidAt: '2026-05-04T09:00:00.000Z',
      amount: 149_900,
      commission: 59_960,
      state: 'PAYABLE',
      payableFrom: '2026-05-18T09:00:00.000Z',
    },
    {
      id: 'ref_b',
      paidAt: '2026-05-20T09:00:00.000Z',
      amount: 149_900,
      commission: 59_960,
      state: 'UNDER_REVIEW',
      payableFrom: '2026-06-03T09:00:00.000Z',
    },
    {
      id: 'ref_c',
      paidAt: '2026-05-25T09:00:00.000Z',
      amount: 149_900,
      commission: 59_960,
      state: 'PENDING',
      payableFrom: '2026-06-08T09:00:00.000Z',
    },
    {
      id: 'ref_d',
      paidAt: '2026-05-26T09:00:00.000Z',
      amount: 3_999,
      commission: 0,
      state: 'NOT_PAYABLE',
      payableFrom: '2026-06-09T09:00:00.000Z',
    },
  ],
  payouts: [{ paidAt: '2026-05-19T10:00:00.000Z', amount: 39_960, reference: 'BACS 0042' }],
};

describe('the commission statement on the referrals page', () => {
  it('shows pending, under review, ready to be paid and paid, each payment in words, and the payouts', () => {
    render(
      <BrandProvider brand="primary">
        <CommissionStatus statement={statement} />
      </BrandProvider>,
    );
    const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([figure('Pending'), figure('Under review'), figure('Ready to be paid'), figure('Paid to you')]).toEqual([
      '£599.60',
      '£599.60',
      '£200.00',
      '£399.60',
    ]);
    const rows = within(screen.getByRole('table', { name: 'Commission on each payment' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['4 May 2026', '£1,499.00', '£599.60', 'Ready to be paid', ''],
      ['20 May 2026', '£1,499.00', '£599.60', 'Under review', ''],
      ['25 May 2026', '£1,499.00', '£599.60', 'Pending', '8 Jun 2026'],
      ['26 May 2026', '£39.99', '£0.00', 'Not payable', ''],
    ]);
    const payouts = within(screen.getByRole('table', { name: 'Payments to you' }))
      .getAllByRole('row')
      .slice(1);
    expect(payouts.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['19 May 2026', '£399.60', 'BACS 0042'],
    ]);
    expect(screen.getByText(/stays pending for 14 days/)).toBeTruthy();
  });

  it('marks a referred member whose commission is under review, and no other', () => {
    const summary = {
      referralCode: 'ABCD2345',
      referralUrl: 'https://example.test/refer?code=ABCD2345',
      referredCount: 2,
      activeCount: 2,
      referrals: [
        { id: 'ref_1', joinedAt: '2026-05-01T09:00:00.000Z', plan: 'pro-plus', active: true, underReview: true },
        { id: 'ref_2', joinedAt: '2026-05-02T09:00:00.000Z', plan: 'pro-plus', active: true, underReview: false },
      ],
    } as unknown as Summary;
    render(
      <BrandProvider brand="primary">
        <ReferredMembers summary={summary} />
      </BrandProvider>,
    );
    const table = screen.getByRole('table', { name: 'Members who joined with your link' });
    const status = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .at(-1)?.textContent;
    expect([status('Member 1'), status('Member 2')]).toEqual(['Active Under review', 'Active']);
  });
});
