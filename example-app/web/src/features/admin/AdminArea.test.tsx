// The admin console in jsdom over a stubbed server: who sees the Admin link and the console (the
// sdk's planTier: PA-CAP-028 makes an administrator), what a member sees at /admin instead, and a
// member's page: a refund button on each paid payment not yet refunded, behind a confirmation
// that sends the payment's id and then shows it refunded; ending the member's sessions and
// resending their confirmation link, each behind a confirmation.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { routes } from '../../app/routes';
import { testMember } from '../../testing/member';
import { renderRouter } from '../../testing/renderRouter';

afterEach(cleanup);

const ADMIN = testMember('primary', 'platinum', { capabilities: [], additionalCapabilities: ['PA-CAP-028'] });
const PLATINUM = testMember('primary', 'platinum');

const SUMMARY = {
  id: 'u_pay',
  email: 'payer@example.test',
  username: 'payer',
  firstName: 'Pat',
  lastName: 'Payer',
  segment: 'platinum-current',
  tier: 'platinum',
  capabilities: ['PA-CAP-29'],
  additionalCapabilities: [],
  joinedAt: '2026-03-01T10:00:00.000Z',
};

function payment(id: string, refunded: boolean) {
  return {
    id,
    type: 'payment',
    plan: 'platinum',
    amount: 3999,
    at: '2026-03-01T10:05:00.000Z',
    periodStart: '2026-03-01T10:05:00.000Z',
    periodEnd: '2026-04-01T10:05:00.000Z',
    refunded,
    refundedAt: refunded ? '2026-03-02T10:00:00.000Z' : null,
    refundedAmount: refunded ? 3999 : null,
  };
}

function setup(me: unknown, path: string) {
  const sent: { query: string; variables: unknown }[] = [];
  let refunded = false;
  let ended = false;
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: unknown }) => {
      const text = String(req.query);
      sent.push({ query: text, variables: req.variables });
      if (text.includes('memberSegments'))
        return Promise.resolve({ data: { memberSegments: [{ segment: 'platinum-current', label: 'Platinum', count: 1 }] } });
      if (text.includes('memberFilterTypes')) return Promise.resolve({ data: { memberFilterTypes: [] } });
      if (text.includes('adminMembers'))
        return Promise.resolve({
          data: { adminMembers: { nodes: [SUMMARY], pageInfo: { endCursor: null, hasNextPage: false }, totalCount: 1 } },
        });
      if (text.includes('adminRefundPayment')) {
        refunded = true;
        return Promise.resolve({ data: { adminRefundPayment: { ok: true, error: null } } });
      }
      if (text.includes('adminEndSessions')) {
        ended = true;
        return Promise.resolve({ data: { adminEndSessions: { ok: true, error: null } } });
      }
      if (text.includes('adminResendVerification'))
        return Promise.resolve({ data: { adminResendVerification: { ok: true, error: null } } });
      if (text.includes('adminMember('))
        return Promise.resolve({
          data: {
            adminMember: {
              member: SUMMARY,
              payments: [payment('sub_1:term-2', refunded), payment('sub_1:term-1', true)],
              receipts: [],
              emailVerifiedAt: null,
              activeSessions: ended ? 0 : 2,
              referrals: 0,
              tracker: { betCount: 3, staked: 3000, profit: -45, pendingProfit: 0 },
            },
          },
        });
      if (text.includes('me')) return Promise.resolve({ data: { me, brand: 'primary' } });
      return new Promise(() => {});
    }) as never,
  };
  renderRouter(createMemoryRouter(routes, { initialEntries: [path] }), transport);
  return sent;
}

describe('the admin console', () => {
  it('is not available to a paying member, who has no Admin link either', async () => {
    const sent = setup(PLATINUM, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'Not available' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(sent.some((s) => s.query.includes('adminMembers'))).toBe(false);
  });

  it('gives an administrator the Admin link and the member list', async () => {
    setup(ADMIN, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'Admin: Members' }, { timeout: 10_000 });
    expect(screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/admin"]')).not.toBeNull();
    const row = (await screen.findByRole('link', { name: 'payer@example.test' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Platinum', { selector: 'td:nth-child(3)' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Segment' }).textContent).toContain('Platinum (1)');
  });

  it("refunds a member's paid payment after a confirmation, and shows it refunded", async () => {
    const sent = setup(ADMIN, '/admin/members/u_pay');
    await screen.findByRole('heading', { level: 2, name: /Pat Payer/ }, { timeout: 10_000 });
    expect(screen.getByText(/^3 bets, £30\.00 staked, profit /)).toBeTruthy();
    // One refund button: the earlier payment is refunded already.
    const buttons = screen.getAllByRole('button', { name: /^Refund £39\.99/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund £39.99?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    await screen.findByText('Refunded £39.99 for Platinum.');
    expect(sent.find((s) => s.query.includes('adminRefundPayment'))?.variables).toEqual({ paymentId: 'sub_1:term-2' });
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Refund £39\.99/ })).toHaveLength(0));
  });

  it("ends a member's sessions and resends their confirmation link, each after a confirmation; links to their audit log", async () => {
    const sent = setup(ADMIN, '/admin/members/u_pay');
    await screen.findByRole('heading', { level: 2, name: /Pat Payer/ }, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: /audit log/ }).getAttribute('href')).toBe('/admin/audit?target=u_pay');
    expect(screen.getByText('2 devices are signed in.', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign them out everywhere?' });
    expect(sent.some((s) => s.query.includes('adminEndSessions'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    await screen.findByText('Signed out of every device.');
    expect(sent.find((s) => s.query.includes('adminEndSessions'))?.variables).toEqual({ member: 'u_pay' });
    await screen.findByText('0 devices are signed in.', { exact: false });

    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    const resend = await screen.findByRole('alertdialog', { name: 'Send a new confirmation link?' });
    fireEvent.click(within(resend).getByRole('button', { name: 'Send the link' }));
    await screen.findByText('A new confirmation link is on its way to payer@example.test.');
    expect(sent.find((s) => s.query.includes('adminResendVerification'))?.variables).toEqual({ member: 'u_pay' });
  });
});
