import { paths } from '../../app/paths';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { formatLondonDate } from '../plans';
import { AccountPage } from './AccountPage';
import { testMember } from '../../testing/member';
import { renderRouter } from '../../testing/renderRouter';

// The account page's plan section over a stubbed server: the term's end, the next charge and why
// it comes before the end (the brand's no-charge window), in words; after cancelling, a way to
// resume until the term ends, and the upgrades still shown.

afterEach(cleanup);

const brand = getBrand('secondary');
const DAYS = brand.billing.daysBeforeSubscriptionEndNotToCharge;
const TERM_END = formatLondonDate('2027-12-01T00:00:00.000Z');
const CHARGE = formatLondonDate('2027-11-17T00:00:00.000Z');

interface Stub {
  readonly endsAt: string;
  readonly nextChargeAt: string | null;
  readonly cancelledAt?: string | null;
  readonly cancelledBy?: 'member' | 'refund' | 'chargeback';
  readonly paymentFailedAt?: string | null;
  readonly plan?: string;
  readonly pendingDowngrade?: { readonly plan: string; readonly startsAt: string; readonly chargedAt: string | null } | null;
  /** The server refuses a downgrade with this reason. */
  readonly refuse?: string;
}

/** A member of the secondary brand on a yearly starter plan bought on 1 December 2026. */
function member({ endsAt, nextChargeAt, cancelledAt = null, paymentFailedAt = null, plan = 'starter', pendingDowngrade = null }: Stub) {
  return testMember('secondary', plan, {
    subscription: { billingTerm: 'year', isTrial: false, isLegacy: false, endsAt, cancelledAt, paymentFailedAt, pendingDowngrade },
    billing: { customerId: null, nextChargeAt },
  });
}

function setup(state: Stub) {
  const sent: string[] = [];
  let current = state;
  const variables: unknown[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: unknown }) => {
      const text = String(req.query);
      sent.push(text);
      variables.push(req.variables);
      if (text.includes('scheduleDowngrade')) {
        const { plan } = req.variables as { plan: string };
        if (state.refuse !== undefined)
          return Promise.resolve({
            data: { scheduleDowngrade: { ok: false, error: { code: 'CONFLICT', message: state.refuse, field: null } } },
          });
        current = { ...current, pendingDowngrade: { plan, startsAt: current.endsAt, chargedAt: null } };
        return Promise.resolve({ data: { scheduleDowngrade: { ok: true, error: null } } });
      }
      if (text.includes('cancelDowngrade')) {
        current = { ...current, pendingDowngrade: null };
        return Promise.resolve({ data: { cancelDowngrade: { ok: true, error: null } } });
      }
      if (text.includes('myPurchases')) return Promise.resolve({ data: { myPurchases: [] } });
      if (text.includes('mySessions')) return Promise.resolve({ data: { mySessions: [] } });
      if (text.includes('myReceipts')) return Promise.resolve({ data: { myReceipts: [] } });
      if (text.includes('cancelledBy'))
        return Promise.resolve({ data: { me: { subscription: { cancelledBy: current.cancelledBy ?? 'member' } } } });
      if (text.includes('resumeSubscription')) {
        current = { ...current, nextChargeAt: '2027-11-17T00:00:00.000Z', cancelledAt: null };
        return Promise.resolve({ data: { resumeSubscription: { ok: true, error: null } } });
      }
      return Promise.resolve({ data: { me: member(current), brand: 'secondary' } });
    }) as never,
  };
  const router = createMemoryRouter([{ path: '/user/account', element: <AccountPage /> }], { initialEntries: ['/user/account'] });
  renderRouter(router, transport, 'secondary');
  return { sent, variables };
}

const plan = async () => screen.findByRole('region', { name: 'Your plan' });

describe('the account page, plan section', () => {
  it('shows the term’s end, the charge date and why the charge comes earlier, in plain words', async () => {
    setup({ endsAt: '2027-12-01T00:00:00.000Z', nextChargeAt: '2027-11-17T00:00:00.000Z' });
    const section = await plan();
    // "Paid until", not "Current term ends": the server's endsAt is the end of everything paid, which
    // inside the no-charge window (after the renewal is charged) is the end of the next term.
    await within(section).findByText('Paid until');
    expect(within(section).getByText('Paid until').parentElement?.textContent).toContain(TERM_END);
    expect(section.textContent).not.toContain('Current term ends');
    expect(within(section).getByText('Next payment').parentElement?.textContent).toContain(CHARGE);
    expect(section.textContent).toContain(
      `We take each renewal ${DAYS} days before the term ends, so that your plan carries on without a gap and a payment that fails can be put right in time.`,
    );
    expect(section.textContent).toContain(`Cancel before ${CHARGE} and nothing more is charged.`);
  });

  it('after cancelling, offers to resume until the term ends, and keeps the upgrades in view', async () => {
    const { sent } = setup({ endsAt: '2027-12-01T00:00:00.000Z', nextChargeAt: null, cancelledAt: '2027-03-04T10:00:00.000Z' });
    const section = await plan();
    await within(section).findByText(/Your subscription will not renew/);
    for (const u of brand.upgrades.filter((x) => x.from === 'starter')) {
      const label = brand.plans.find((p) => p.name === u.to)?.label ?? u.to;
      expect(
        within(section)
          .getByRole('link', { name: `Upgrade to ${label}` })
          .getAttribute('href'),
      ).toBe(`/subscribe/${u.slug}`);
    }
    const resume = within(section).getByRole('button', { name: 'Resume subscription' });
    expect(section.textContent).toContain(`You can resume it until ${TERM_END}`);
    await act(async () => {
      fireEvent.click(resume);
    });
    expect(sent.some((q) => q.includes('resumeSubscription'))).toBe(true);
    await within(section).findByText('Next payment');
  });

  it.each([
    ['refund', 'Your payment for this subscription was refunded, so it cannot be resumed.'],
    ['chargeback', 'Your payment for this subscription was disputed with your bank, so it cannot be resumed.'],
  ] as const)('after a %s cancelled it, offers no Resume and says why, with a way to subscribe again', async (cancelledBy, why) => {
    setup({ endsAt: '2027-12-01T00:00:00.000Z', nextChargeAt: null, cancelledAt: '2027-03-04T10:00:00.000Z', cancelledBy });
    const section = await plan();
    await within(section).findByText(/so it cannot be resumed/);
    expect(section.textContent).toContain(why);
    expect(within(section).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(paths.pro);
    expect(within(section).queryByRole('button', { name: 'Resume subscription' })).toBeNull();
    // The refund took the term back: nothing promises the plan until the old term's end.
    expect(section.textContent).not.toMatch(/keep your plan/i);
  });

  it('after a failed payment (the member did not cancel), says so and offers no Resume: there is nothing to resume', async () => {
    setup({ endsAt: '2027-12-01T00:00:00.000Z', nextChargeAt: null, paymentFailedAt: '2027-11-17T00:00:00.000Z' });
    const section = await plan();
    await within(section).findByText(/Your renewal payment on/);
    expect(section.textContent).toContain(`Your renewal payment on ${CHARGE} did not go through, so your subscription will not renew.`);
    expect(section.textContent).toContain(`You keep your plan until ${TERM_END}.`);
    expect(within(section).queryByRole('button', { name: 'Resume subscription' })).toBeNull();
    expect(section.textContent).not.toContain('resume');
    expect(section.textContent).not.toContain('Resume');
  });

  it('offers the plans below the member’s at their renewal price, and says a chosen one in plain words', async () => {
    const { sent, variables } = setup({ plan: 'pro', endsAt: '2027-12-01T00:00:00.000Z', nextChargeAt: '2027-11-17T00:00:00.000Z' });
    const section = await plan();
    const starter = await within(section).findByRole('button', { name: 'Move to Starter (£249.99 a year)' });
    expect(within(section).getByRole('button', { name: 'Move to Advanced (£349.99 a year)' })).toBeDefined();
    expect(section.textContent).toContain(
      `A lower plan starts when what you have paid for ends on ${TERM_END}: you keep Pro until then, nothing is refunded, and the lower plan's price is charged at the renewal.`,
    );
    expect(within(section).getByText('Next payment').parentElement?.textContent).toContain('£999.00');
    await act(async () => {
      fireEvent.click(starter);
    });
    expect(sent.some((q) => q.includes('scheduleDowngrade'))).toBe(true);
    expect(variables).toContainEqual({ plan: 'starter' });
    await within(section).findByText(/your plan is Starter/);
    expect(section.textContent).toContain(`From ${TERM_END} your plan is Starter, £249.99 a year. You keep Pro until then.`);
    expect(within(section).getByText('Next payment').parentElement?.textContent).toContain('£249.99');
  });

  it('a waiting downgrade can be taken back: Keep Pro', async () => {
    const { sent } = setup({
      plan: 'pro',
      endsAt: '2027-12-01T00:00:00.000Z',
      nextChargeAt: '2027-11-17T00:00:00.000Z',
      pendingDowngrade: { plan: 'advanced', startsAt: '2027-12-01T00:00:00.000Z', chargedAt: null },
    });
    const section = await plan();
    const keep = await within(section).findByRole('button', { name: 'Keep Pro' });
    expect(section.textContent).toContain(`From ${TERM_END} your plan is Advanced, £349.99 a year.`);
    await act(async () => {
      fireEvent.click(keep);
    });
    expect(sent.some((q) => q.includes('cancelDowngrade'))).toBe(true);
    await within(section).findByRole('button', { name: 'Move to Starter (£249.99 a year)' });
  });

  it('while a downgrade waits, the other lower plans stay offered and replace it', async () => {
    const { variables } = setup({
      plan: 'pro',
      endsAt: '2027-12-01T00:00:00.000Z',
      nextChargeAt: '2027-11-17T00:00:00.000Z',
      pendingDowngrade: { plan: 'advanced', startsAt: '2027-12-01T00:00:00.000Z', chargedAt: null },
    });
    const section = await plan();
    const starter = await within(section).findByRole('button', { name: 'Move to Starter instead (£249.99 a year)' });
    expect(within(section).getByRole('button', { name: 'Keep Pro' })).toBeDefined();
    // The plan already chosen is not offered again (the server would refuse it).
    expect(within(section).queryByRole('button', { name: /Move to Advanced/ })).toBeNull();
    expect(section.textContent).toContain('Or move to another lower plan instead: it replaces the move to Advanced.');
    await act(async () => {
      fireEvent.click(starter);
    });
    expect(variables).toContainEqual({ plan: 'starter' });
    await within(section).findByText(/your plan is Starter/);
    expect(section.textContent).toContain(`From ${TERM_END} your plan is Starter, £249.99 a year. You keep Pro until then.`);
    expect(within(section).getByRole('button', { name: 'Move to Advanced instead (£349.99 a year)' })).toBeDefined();
  });

  it('a downgrade the renewal has charged is not offered to be taken back (the server would refuse)', async () => {
    setup({
      plan: 'pro',
      endsAt: '2028-12-01T00:00:00.000Z',
      nextChargeAt: '2028-11-17T00:00:00.000Z',
      pendingDowngrade: { plan: 'advanced', startsAt: '2027-12-01T00:00:00.000Z', chargedAt: '2027-11-17T00:00:00.000Z' },
    });
    const section = await plan();
    await within(section).findByText(/your plan is Advanced/);
    expect(section.textContent).toContain(
      `Your renewal on ${CHARGE} was charged at Advanced’s price, so this move can no longer be taken back.`,
    );
    expect(within(section).queryByRole('button', { name: 'Keep Pro' })).toBeNull();
    // Nor replaced by another: the charged term stands (the sdk's timeline refuses any change).
    expect(within(section).queryByRole('button', { name: /Move to/ })).toBeNull();
  });

  it('a refused move down shows the server’s reason as an alert, and the plan stays as it was', async () => {
    const { sent } = setup({
      plan: 'pro',
      endsAt: '2027-12-01T00:00:00.000Z',
      nextChargeAt: '2027-11-17T00:00:00.000Z',
      refuse: 'Your plan is already changing at renewal.',
    });
    const section = await plan();
    const starter = await within(section).findByRole('button', { name: 'Move to Starter (£249.99 a year)' });
    const reads = sent.filter((q) => q.startsWith('query Me')).length;
    await act(async () => {
      fireEvent.click(starter);
    });
    expect((await within(section).findByRole('alert')).textContent).toBe('Your plan is already changing at renewal.');
    // Nothing changed: the member is not read again, and the choice is still offered.
    expect(sent.filter((q) => q.startsWith('query Me')).length).toBe(reads);
    expect(within(section).getByRole('button', { name: 'Move to Starter (£249.99 a year)' })).toBeDefined();
  });

  it('the lowest plan offers no move down', async () => {
    setup({ endsAt: '2027-12-01T00:00:00.000Z', nextChargeAt: '2027-11-17T00:00:00.000Z' });
    const section = await plan();
    await within(section).findByText('Next payment');
    expect(within(section).queryByRole('heading', { name: 'Move to a lower plan' })).toBeNull();
  });
});

describe('the account page, receipts and card', () => {
  const receipt = {
    id: 'rcp_9',
    number: 'STE-000009',
    issuedAt: '2026-12-01T00:00:00.000Z',
    kind: 'first',
    planLabel: 'Starter',
    billingTerm: 'year',
    periodStart: '2026-12-01T00:00:00.000Z',
    periodEnd: '2027-12-01T00:00:00.000Z',
    amount: 23991,
    vat: 3999,
    reference: 'ch_test_9',
    sellerName: 'Example Trading Ltd',
    sellerAddress: '1 Nowhere Street',
    vatNumber: null,
    refundedAmount: 23991,
    refundedAt: '2026-12-02T00:00:00.000Z',
  };
  function render(customerId: string | null, entry = '/user/account') {
    const transport: Pick<GraphQLClient, 'request'> = {
      request: ((req: { query: string }) => {
        const text = String(req.query);
        if (text.includes('myPurchases')) return Promise.resolve({ data: { myPurchases: [] } });
        if (text.includes('mySessions')) return Promise.resolve({ data: { mySessions: [] } });
        if (text.includes('myReceipts')) return Promise.resolve({ data: { myReceipts: [receipt] } });
        const me = testMember('secondary', 'starter', {
          subscription: {
            billingTerm: 'year',
            isTrial: false,
            isLegacy: false,
            endsAt: '2027-12-01T00:00:00.000Z',
            cancelledAt: null,
            paymentFailedAt: null,
            pendingDowngrade: null,
          },
          billing: { customerId, nextChargeAt: '2027-11-17T00:00:00.000Z' },
        });
        return Promise.resolve({ data: { me, brand: 'secondary' } });
      }) as never,
    };
    renderRouter(
      createMemoryRouter([{ path: '/user/account', element: <AccountPage /> }], { initialEntries: [entry] }),
      transport,
      'secondary',
    );
  }

  it('lists each receipt with its printable page, its PDF and HTML files, and a refund said in words', async () => {
    render(null);
    const section = await screen.findByRole('region', { name: 'Your receipts' });
    const open = await within(section).findByRole('link', { name: `Receipt STE-000009, ${formatLondonDate('2026-12-01T00:00:00.000Z')}` });
    expect(open.getAttribute('href')).toBe('/user/account/receipts/rcp_9');
    expect(within(section).getByRole('link', { name: 'Receipt STE-000009 as PDF' }).getAttribute('href')).toBe('/api/receipts/rcp_9.pdf');
    expect(within(section).getByRole('link', { name: 'Receipt STE-000009 as HTML' }).getAttribute('href')).toBe('/api/receipts/rcp_9.html');
    expect(within(section).getByText('£239.91')).toBeTruthy();
    expect(within(section).getByText('Refunded')).toBeTruthy();
    // No saved card: nothing to update.
    expect(screen.queryByRole('link', { name: 'Update card' })).toBeNull();
  });

  it('offers Update card through the server when a card is saved, and says why it could not open', async () => {
    render('cus_test_ok_1', '/user/account?card=unavailable');
    const card = await screen.findByRole('region', { name: 'Your card' });
    expect(within(card).getByRole('link', { name: 'Update card' }).getAttribute('href')).toBe('/api/billing/update-card');
    expect(within(card).getByRole('status').textContent).toContain('could not be opened just now');
  });
});
