// The landing page's lower half, a chunk of its own that LandingPage loads when the visitor
// scrolls towards it: the plans (PlanCards: the recommended plan highlighted, the sdk's yearly
// saving), the catalogue's review counts and the testimonials.
import { Link } from 'react-router';
import { useBrand, useNow } from '@matchkit/react';
import { paths } from '../../app/paths';
import { PlanCards, Testimonials, TrustReviews } from '../plans';

export function LandingMore() {
  const brand = useBrand();
  const now = useNow(60_000);
  return (
    <>
      <section aria-labelledby="landing-plans" className="mt-14">
        <h2 id="landing-plans" className="text-2xl font-bold">
          Plans
        </h2>
        <p className="text-muted">
          New members start a monthly plan with a {brand.onboarding.trialDays}-day free trial: cancel before it ends and nothing is charged.
          Cancel at any time from your account.
        </p>
        <PlanCards at={now} headingLevel={3} />
        <p className="mt-4">
          <Link to={paths.pro}>Compare every feature of every plan</Link>
        </p>
      </section>

      <div className="mt-14 flex flex-col gap-8">
        <TrustReviews />
        <Testimonials />
      </div>
    </>
  );
}
