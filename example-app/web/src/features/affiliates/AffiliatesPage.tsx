// /affiliates, for everyone: the programme's terms from the brand catalogue (brand.affiliate).
// The payout figure is a fact about the past, never a promise of earnings. A signed-in member sees
// their own code, link, referred members and commission (the referrals feature's components); a
// visitor gets links to join or sign in.
import { useBrand } from '@matchkit/react';
import { loginThenBack, paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { Loading } from '../../components/Status';
import { ButtonLink, Card } from '../../components/ui';
import { MemberReferrals, programmeTerms } from '../referrals';
import { useSession } from '../session';

const H2 = 'm-0 mb-3 text-xl font-semibold';

export function AffiliatesPage() {
  const brand = useBrand();
  const terms = programmeTerms(brand);
  const { user } = useSession();
  return (
    <Page
      title="Affiliate programme"
      lead={`Recommend ${brand.displayName} to people you know who are 18 or over, and earn commission on the subscriptions they pay for.`}
    >
      <Card as="section" className="my-4" aria-labelledby="af-terms-title">
        <h2 id="af-terms-title" className={H2}>
          The terms
        </h2>
        <dl className="m-0 mb-4 grid grid-cols-[repeat(auto-fill,minmax(min(100%,10rem),1fr))] gap-3">
          <div>
            <dt className="text-sm text-muted">Commission</dt>
            <dd className="m-0 text-xl font-bold">{terms.rate}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Cap</dt>
            <dd className="m-0 text-xl font-bold">{terms.cap === 'no cap' ? 'No cap' : terms.cap}</dd>
          </div>
        </dl>
        <ul className="max-w-reading">
          <li>
            You earn {terms.rate} of every subscription payment made by a member who joined with your link, with {terms.cap} on the total.
          </li>
          <li>Commission is worked out to the penny. If a payment is refunded, its commission is taken back.</li>
          <li>Commission comes from subscriptions only, never from anyone&apos;s bets or losses.</li>
        </ul>
        <p className="mb-0 max-w-reading">
          <strong>Over {terms.paidOutOver} has been paid out to affiliates so far.</strong> That is a record of past payments, not a guide
          to what you will earn: your commission depends only on what the members you refer choose to pay.
        </p>
      </Card>
      {user === undefined ? (
        <Loading />
      ) : user === null ? (
        <Card as="section" className="my-4" aria-labelledby="af-join-title">
          <h2 id="af-join-title" className={H2}>
            Get your referral link
          </h2>
          <p className="mt-0">Every member has a referral link. Join or sign in to see yours and the commission it has earned.</p>
          <p className="mb-0 flex flex-wrap gap-2">
            <ButtonLink to={paths.register}>Join {brand.displayName}</ButtonLink>
            <ButtonLink variant="secondary" to={loginThenBack(paths.affiliates)}>
              Sign in
            </ButtonLink>
          </p>
        </Card>
      ) : (
        <MemberReferrals />
      )}
    </Page>
  );
}
