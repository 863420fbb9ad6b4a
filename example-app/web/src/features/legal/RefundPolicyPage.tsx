// /refund-policy: trials, cancellation at the end of the term, and refunds, as the server's billing
// rules apply them (docs/server.md, Billing and payments). The refund window is the sdk's
// REFUND_WINDOW_DAYS, the same constant that keeps affiliate commission pending.
import { Link } from 'react-router';
import { REFUND_WINDOW_DAYS } from '@matchkit/sdk/referrals';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { Email, LEGAL_PAGE, Revised, useLegalFacts } from './common';

export function RefundPolicyPage() {
  const { name, trialDays, renewalNoticeDays, email } = useLegalFacts();
  return (
    <Page
      title="Refund policy"
      className={LEGAL_PAGE}
      width="reading"
      lead={`When ${name} charges you, how to stop future charges, and when we give money back.`}
    >
      <Revised />

      <h2>Free trial</h2>
      <p>
        Your first monthly subscription begins with a {trialDays}-day free trial. Nothing is taken while it runs. If you cancel before the
        trial ends you are never charged; if you do not, the first monthly charge is taken on the day the trial ends. Yearly plans, sale
        prices and upgrades have no trial and are charged when you buy them.
      </p>

      <h2>Cancelling</h2>
      <p>
        Cancel at any time from <Link to={paths.account}>your account</Link>. Nothing more is charged after you cancel, and you keep the
        plan&apos;s tools until the end of the period you have already paid for: we do not cut access short, and we do not charge a
        cancellation fee.
      </p>
      <p>
        Renewals are charged {renewalNoticeDays} days before the end of each term, so cancel before then to avoid paying for the next one. A
        renewal taken before you cancelled stays in place and covers the next term, unless you ask for a refund as below.
      </p>

      <h2>Refunds</h2>
      <ul>
        <li>
          <strong>Within {REFUND_WINDOW_DAYS} days of a charge</strong>, including a renewal or the first charge after a trial, write to us
          and we will refund that charge in full, to the card it was taken from.
        </li>
        <li>
          A refund ends the access that payment bought from the moment it is made, and cancels the subscription so that nothing further is
          charged. Upgrades bought on top of a refunded payment end with it.
        </li>
        <li>
          We refund whole payments, not parts of them. After {REFUND_WINDOW_DAYS} days we do not normally refund the rest of a term; you
          keep access to its end instead.
        </li>
        <li>
          If we ever charge you by mistake (twice for one term, or after you cancelled), we refund the wrong charge in full as soon as we
          find it, whether or not you have asked.
        </li>
      </ul>
      <p>Refunds usually reach your account within 5 to 10 working days, depending on your card issuer.</p>

      <h2>Upgrades</h2>
      <p>
        Upgrading part way through a term costs the difference between the two plans for the rest of that term, shown before you pay.
        Upgrading during a trial costs nothing until the trial ends.
      </p>

      <h2>How to ask</h2>
      <p>
        Email <Email address={email} /> from the address on your account, saying which charge you mean. This policy does not affect your
        statutory rights. See also the <Link to={paths.terms}>terms of service</Link>.
      </p>
    </Page>
  );
}
