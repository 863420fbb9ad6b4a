// The visitor's analytics choice, changeable at any time (account page). Declining after accepting
// stops the session and removes what it stored; accepting again starts it.
import { useAnalytics } from '@matchkit/react';
import type { Analytics } from '@matchkit/sdk/analytics';
import { useNotify } from '../notifications';
import { useConsent } from './consent';
import { consentFor, stopAnalytics } from './session';
import { Button, Card } from '../../components/ui';

export function AnalyticsSettings() {
  const { analytics } = useAnalytics();
  if (analytics === undefined) return null;
  return <Settings analytics={analytics} />;
}

function Settings({ analytics }: { readonly analytics: Analytics }) {
  const store = consentFor(analytics);
  const consent = useConsent(store);
  const notify = useNotify();
  const stopped = analytics.getSnapshot().status === 'shut-down';
  return (
    <Card as="section" className="my-4" aria-labelledby="analytics-settings-title">
      <h2 id="analytics-settings-title" className="m-0 mb-2 text-xl font-semibold">
        Analytics
      </h2>
      <p className="mt-0">
        {consent === 'accepted'
          ? 'You agreed that we measure how you use the site (pages, presses, failed requests; never your e-mail address).'
          : 'We do not measure how you use the site.'}
      </p>
      {consent === 'accepted' ? (
        <Button
          variant="secondary"
          onClick={() => {
            store.set('declined');
            stopAnalytics(analytics);
            notify('success', 'Analytics is off. We no longer measure how you use the site.');
          }}
        >
          Stop analytics
        </Button>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            store.set('accepted');
            notify('success', 'Thank you: analytics is on. You can turn it off here at any time.');
          }}
        >
          Allow analytics
        </Button>
      )}
      {consent === 'accepted' && stopped ? (
        <p className="mb-0 text-sm text-muted">Analytics starts again when you next load a page.</p>
      ) : null}
    </Card>
  );
}
