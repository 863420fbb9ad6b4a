// The messages a member can turn off (so each carries its unsubscribe link): commission that has
// become payable (`commission` setting, on by default) and the weekly summary of the member's
// profit (`weekly-summary`, off until the member turns it on). Figures come in as the words a
// member reads; neither promises earnings.
import { Layout } from './Layout';
import type { MailFrame } from './frame';
import { Action, Facts, P } from './parts';

interface MemberMailProps {
  readonly frame: MailFrame;
  readonly firstName: string;
}

/** An affiliate's commission on a referred member's payment has passed the refund window. */
export function CommissionPayable({
  frame,
  firstName,
  commission,
  paidOn,
  referralsUrl,
}: MemberMailProps & { readonly commission: string; readonly paidOn: string; readonly referralsUrl: string }) {
  const brand = frame.brand.displayName;
  return (
    <Layout
      frame={frame}
      preview={`${commission} of commission is now payable.`}
      reason={`You get this email because you refer members to ${brand} and commission emails are on in your settings.`}
    >
      <P>Hello {firstName},</P>
      <P>
        Your commission of {commission} on a referred member&apos;s payment made on {paidOn} has passed the refund window and is now
        payable. It counts towards your next payout.
      </P>
      <P>Your commission and your payouts are on your refer-a-friend page:</P>
      <Action href={referralsUrl} accent={frame.brand.colors.accent}>
        Open my referrals
      </Action>
    </Layout>
  );
}

/** Monday's summary of the week before: the profit recorded in the member's tracker. */
export function WeeklySummary({
  frame,
  firstName,
  week,
  result,
  settled,
  overall,
  trackerUrl,
}: MemberMailProps & {
  /** The week, as "23 February to 1 March 2026". */
  readonly week: string;
  /** The week's result in words, as "£12.40 profit" or "£3.10 loss". */
  readonly result: string;
  /** How many bets settled in the week, in words. */
  readonly settled: string;
  /** The result since the member started, in words. */
  readonly overall: string;
  readonly trackerUrl: string;
}) {
  const brand = frame.brand.displayName;
  return (
    <Layout
      frame={frame}
      preview={`Your week in your profit tracker: ${result}.`}
      reason={`You get this email because you turned on the weekly summary in your ${brand} settings.`}
    >
      <P>Hello {firstName},</P>
      <P>Here is what your profit tracker recorded for {week}:</P>
      <Facts
        rows={[
          ['Result of the week', result],
          ['Bets settled', settled],
          ['Result since you started', overall],
        ]}
      />
      <P>
        These are the bets you recorded; past results say nothing about the weeks to come. Take breaks, and only stake what you can afford
        to lose.
      </P>
      <Action href={trackerUrl} accent={frame.brand.colors.accent}>
        Open my profit tracker
      </Action>
    </Layout>
  );
}
