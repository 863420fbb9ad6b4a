// Rendered once in the Layout (inside the router): asks for the visitor's analytics choice until
// they make one, and once they accepted, runs the sdk session: page views on every route change,
// clicks on the document, the member's id when known. Failed requests are recorded by the
// transport's fetch (network.ts). Nothing is tracked, stored or sent before "Accept".
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useAnalytics, useBrand } from '@matchkit/react';
import { parseCampaign, type Analytics } from '@matchkit/sdk/analytics';
import { paths } from '../../app/paths';
import { useSession } from '../session';
import { trackClicks } from './clicks';
import { useConsent } from './consent';
import { isRunning } from './network';
import { consentFor, startAnalytics, validId } from './session';
// The shell is on every first page: the Button from its file, as Layout imports it (components/ui/index.ts).
import { Button } from '../../components/ui/Button';

export const PAGE_VIEW_EVENT = 'page_view';

export function AnalyticsConsent() {
  const { analytics } = useAnalytics();
  if (analytics === undefined) return null;
  return <Consent analytics={analytics} />;
}

function Consent({ analytics }: { readonly analytics: Analytics }) {
  const store = consentFor(analytics);
  const consent = useConsent(store);
  const brand = useBrand();
  const { user } = useSession();
  const { pathname } = useLocation();
  const userId = validId(user?.uid.global);

  useEffect(() => {
    if (consent === 'accepted' && user !== undefined) startAnalytics(analytics, window.location.origin, userId);
  }, [analytics, consent, user, userId]);

  useEffect(() => {
    if (consent === 'accepted' && isRunning(analytics) && user !== undefined) analytics.setUserId(userId);
  }, [analytics, consent, user, userId]);

  useEffect(() => {
    // After init (declared above, so it runs first on the render that accepted).
    if (consent !== 'accepted' || !isRunning(analytics)) return;
    analytics.track(
      PAGE_VIEW_EVENT,
      { brand: brand.id, path: pathname },
      { campaign: parseCampaign(window.location.href, { referrer: document.referrer }) },
    );
  }, [analytics, consent, pathname, brand.id, user === undefined]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (consent !== 'accepted') return;
    return trackClicks(analytics, document, { brand: brand.id });
  }, [analytics, consent, brand.id]);

  if (consent !== 'unset') return null;
  return (
    <section className="border-t-2 border-accent bg-surface p-4 text-text print:hidden" aria-labelledby="consent-title">
      <h2 id="consent-title" className="m-0 mb-1 text-lg font-semibold">
        Can we measure how you use the site?
      </h2>
      <p className="m-0 mb-3 max-w-[60rem]">
        With your agreement we record which pages you visit, what you press and requests that fail, to improve {brand.displayName}. We never
        record your e-mail address or password. You can change your mind at any time in <Link to={paths.settings}>settings</Link>.{' '}
        <Link to={paths.privacy}>Privacy policy</Link>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => store.set('accepted')}>Accept</Button>
        <Button variant="secondary" onClick={() => store.set('declined')}>
          Decline
        </Button>
      </div>
    </section>
  );
}
