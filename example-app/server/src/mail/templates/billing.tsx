// Billing's messages (essential: receipts, cancellation and refunds under `account`, trial ending
// and renewal failed under `billing-reminders`, whose mail is always on). Amounts and dates come
// in as the words a member reads (formatPence, londonDate): the templates compute nothing.
import { Layout } from './Layout';
import type { MailFrame } from './frame';
import { A, Action, Facts, P } from './parts';

interface BillingMailProps {
  readonly frame: MailFrame;
  readonly firstName: string;
  /** The member's account page (receipts, plan, cancel and resume). */
  readonly accountUrl: string;
}

const billingReason = (brand: string) =>
  `You get this email because it is about your ${brand} subscription. Emails about payments cannot be turned off.`;

/** A receipt on every successful charge. */
export function Receipt({
  frame,
  firstName,
  accountUrl,
  facts,
}: BillingMailProps & { readonly facts: readonly (readonly [string, string])[] }) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview={`Thank you for your payment to ${brand}.`} reason={billingReason(brand)}>
      <P>Hello {firstName},</P>
      <P>Thank you for your payment to {brand}. Here is your receipt:</P>
      <Facts rows={facts} />
      <P>
        Your receipts are on your{' '}
        <A href={accountUrl} accent={frame.brand.colors.accent}>
          account page
        </A>
        , to print or download.
      </P>
    </Layout>
  );
}

/** A refund to the card paid with. */
export function Refund({
  frame,
  firstName,
  accountUrl,
  amount,
  receipt,
  plan,
}: BillingMailProps & { readonly amount: string; readonly receipt: string; readonly plan: string }) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview={`We have refunded ${amount} to your card.`} reason={billingReason(brand)}>
      <P>Hello {firstName},</P>
      <P>
        We have refunded {amount} to the card you paid with, for receipt {receipt} ({plan}).
      </P>
      <P>Your bank may take a few working days to show it.</P>
      <P>What that payment gave you has ended, and your subscription is cancelled: nothing more will be charged.</P>
      <P>
        The refund shows on the receipt on your{' '}
        <A href={accountUrl} accent={frame.brand.colors.accent}>
          account page
        </A>
        .
      </P>
    </Layout>
  );
}

/** A renewal the card declined, with the card-update link. */
export function RenewalFailed({
  frame,
  firstName,
  amount,
  plan,
  until,
  updateCardUrl,
}: BillingMailProps & { readonly amount: string; readonly plan: string; readonly until: string; readonly updateCardUrl: string }) {
  const brand = frame.brand.displayName;
  return (
    <Layout
      frame={frame}
      preview={`You keep your plan until ${until}: update your card to keep it after that.`}
      reason={billingReason(brand)}
    >
      <P>Hello {firstName},</P>
      <P>
        We could not take the {amount} payment for your {plan}: your card was declined.
      </P>
      <P>You keep your plan until {until}. After that your tools are locked until a payment goes through.</P>
      <P>To keep your plan, update your card (you will be asked to sign in first):</P>
      <Action href={updateCardUrl} accent={frame.brand.colors.accent}>
        Update my card
      </Action>
    </Layout>
  );
}

/** A cancellation the member asked for. */
export function Cancellation({
  frame,
  firstName,
  accountUrl,
  plan,
  until,
}: BillingMailProps & { readonly plan: string; readonly until: string }) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview={`You keep your plan until ${until}. Nothing more will be charged.`} reason={billingReason(brand)}>
      <P>Hello {firstName},</P>
      <P>Your {plan} subscription is cancelled, as you asked. Nothing more will be charged.</P>
      <P>You keep your plan until {until}.</P>
      <P>
        Changed your mind? You can resume it on your{' '}
        <A href={accountUrl} accent={frame.brand.colors.accent}>
          account page
        </A>{' '}
        before then.
      </P>
    </Layout>
  );
}

/** Three days before a free trial ends and the first charge is taken. */
export function TrialEnding({
  frame,
  firstName,
  accountUrl,
  plan,
  trialEnds,
  amount,
  term,
  chargedOn,
}: BillingMailProps & {
  readonly plan: string;
  readonly trialEnds: string;
  readonly amount: string;
  readonly term: 'month' | 'year';
  readonly chargedOn: string;
}) {
  const brand = frame.brand.displayName;
  return (
    <Layout frame={frame} preview={`Your free trial ends on ${trialEnds}.`} reason={billingReason(brand)}>
      <P>Hello {firstName},</P>
      <P>
        Your free trial of {plan} ends on {trialEnds}.
      </P>
      <P>
        Unless you cancel before then, your card will be charged {amount} for your first {term} on {chargedOn}.
      </P>
      <P>To cancel or change your plan, open your account page:</P>
      <Action href={accountUrl} accent={frame.brand.colors.accent}>
        Open my account
      </Action>
    </Layout>
  );
}
