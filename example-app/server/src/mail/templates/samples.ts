// One message of every kind the server sends, with made-up facts, for a brand: what the template
// tests check (links, footer, unsubscribe) and what docs/screens pictures. The builders are the
// ones the server calls; billing's messages go through the same templates as composeBillingMail.
import type { Brand } from '@matchkit/sdk/brands';
import type { MailKind, MailMessage } from '../mailer';
import { UNSUBSCRIBE_PATH } from '../unsubscribe';
import {
  addressChangeAskedMail,
  addressChangedMail,
  confirmNewAddressMail,
  passwordResetMail,
  verifyAddressMail,
  welcomeMail,
} from '../../modules/accounts/account-mail';
import { commissionPayableMail } from '../../modules/affiliates/affiliate-mail';
import { weeklySummaryMail } from '../../modules/tracker/summary-mail';
import { Cancellation, Receipt, Refund, RenewalFailed, TrialEnding } from './billing';
import type { MailFrame } from './frame';
import { renderMail } from './render';

const member = { id: 'u_sample', firstName: 'Ada' };
const to = 'ada@example.com';

/** The sample member's id (the unsubscribe tokens of the optional messages name it). */
export const SAMPLE_MEMBER_ID = member.id;

/**
 * Every message, rendered for `brand` with links under `origin`; the optional ones with
 * `unsubscribeUrl(kind)` (by default a link with a made-up token, which the route refuses).
 */
export async function sampleMessages(
  brand: Pick<Brand, 'displayName' | 'colors'>,
  origin: string,
  unsubscribeUrl: (kind: MailKind) => string = (kind) => `${origin}${UNSUBSCRIBE_PATH}?token=sample.${kind}`,
): Promise<MailMessage[]> {
  const frame: MailFrame = { brand, origin, unsubscribeUrl: null };
  const optional = (kind: MailKind): MailFrame => ({ ...frame, unsubscribeUrl: unsubscribeUrl(kind) });
  const accountUrl = `${origin}/user/account`;
  const billing = { frame, firstName: member.firstName, accountUrl };
  const envelope = (kind: MailMessage['kind'], subject: string) => ({ to, subject, kind, userId: member.id });
  return Promise.all([
    verifyAddressMail(frame, to, member, `${origin}/verify-email?token=sample-token`),
    confirmNewAddressMail(frame, 'ada.new@example.com', member, `${origin}/confirm-email?token=sample-token`),
    addressChangeAskedMail(frame, to, member),
    addressChangedMail(frame, to, member),
    passwordResetMail(frame, to, member, `${origin}/reset-password?token=sample-token`),
    welcomeMail(frame, to, member),
    renderMail(envelope('receipt', 'Your receipt R-000042'), Receipt, {
      ...billing,
      facts: [
        ['Receipt', 'R-000042'],
        ['Date', '2 March 2026'],
        ['Plan', 'Premium, monthly'],
        ['Amount paid', '£19.99, including VAT at 20% of £3.33'],
      ],
    }),
    renderMail(envelope('refund', 'Your refund of £19.99'), Refund, {
      ...billing,
      amount: '£19.99',
      receipt: 'R-000042',
      plan: 'Premium, monthly',
    }),
    renderMail(envelope('renewal-failed', 'Your payment did not go through'), RenewalFailed, {
      ...billing,
      amount: '£19.99',
      plan: 'Premium plan (monthly)',
      until: '9 March 2026',
      updateCardUrl: `${origin}/api/billing/update-card`,
    }),
    renderMail(envelope('cancellation', 'Your subscription is cancelled'), Cancellation, {
      ...billing,
      plan: 'Premium',
      until: '2 April 2026',
    }),
    renderMail(envelope('trial-ending', 'Your free trial ends in 3 days'), TrialEnding, {
      ...billing,
      plan: 'Premium',
      trialEnds: '5 March 2026',
      amount: '£19.99',
      term: 'month',
      chargedOn: '5 March 2026',
    }),
    commissionPayableMail(optional('commission-payable'), to, member, { commission: 1599, paidAt: Date.UTC(2026, 1, 14, 10) }),
    weeklySummaryMail(optional('weekly-summary'), to, member, {
      weekStart: Date.UTC(2026, 1, 23),
      weekEnd: Date.UTC(2026, 2, 1, 12),
      profit: -310,
      overall: 12_840,
      settled: 7,
    }),
  ]);
}
