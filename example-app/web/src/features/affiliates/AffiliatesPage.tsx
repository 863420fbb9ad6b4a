// /affiliates, for everyone: the programme's terms from the brand catalogue (brand.affiliate).
// The payout figure is a fact about the past, never a promise of earnings. A signed-in member sees
// their own code, link, referred members and commission (the referrals feature's components); a
// visitor gets links to join or sign in.
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { loginThenBack, paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { Loading } from '../../components/Status';
import { MemberReferrals, programmeTerms } from '../referrals';
import { useSession } from '../session';
import '../referrals/referrals.css';

export function AffiliatesPage() {
  const brand = useBrand();
  const terms = programmeTerms(brand);
  const { user } = useSession();
  return (
    <Page
      title="Affiliate programme"
      lead={`Recommend ${brand.displayName} to people you know who are 18 or over, and earn commission on the subscriptions they pay for.`}
    >
      <section className="card rf-card" aria-labelledby="af-terms-title">
        <h2 id="af-terms-title">The terms</h2>
        <dl className="rf-totals">
          <div>
            <dt>Commission</dt>
            <dd>{terms.rate}</dd>
          </div>
          <div>
            <dt>Cap</dt>
            <dd>{terms.cap === 'no cap' ? 'No cap' : terms.cap}</dd>
          </div>
        </dl>
        <ul>
          <li>
            You earn {terms.rate} of every subscription payment made by a member who joined with your link, with {terms.cap} on the total.
          </li>
          <li>Commission is worked out to the penny. If a payment is refunded, its commission is taken back.</li>
          <li>Commission comes from subscriptions only, never from anyone&apos;s bets or losses.</li>
        </ul>
        <p>
          <strong>Over {terms.paidOutOver} has been paid out to affiliates so far.</strong> That is a record of past payments, not a guide
          to what you will earn: your commission depends only on what the members you refer choose to pay.
        </p>
      </section>
      {user === undefined ? (
        <Loading />
      ) : user === null ? (
        <section className="card rf-card" aria-labelledby="af-join-title">
          <h2 id="af-join-title">Get your referral link</h2>
          <p>Every member has a referral link. Join or sign in to see yours and the commission it has earned.</p>
          <p className="rf-copy-row">
            <Link className="button-link" to={paths.register}>
              Join {brand.displayName}
            </Link>
            <Link className="button-link secondary" to={loginThenBack(paths.affiliates)}>
              Sign in
            </Link>
          </p>
        </section>
      ) : (
        <MemberReferrals />
      )}
    </Page>
  );
}
