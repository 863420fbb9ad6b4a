// /settings: notifications (push in this browser, offered only on a press of its button, then a
// signed-in member's choices per kind: NotificationSettings) and analytics (the consent given or
// refused in the banner). The account page may render the same sections. Odds alerts are kept on
// their own page (Your alerts), linked from here.
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { AnalyticsSettings } from '../analytics';
import { NotificationSettings, PushSettings } from '../push';

export function SettingsPage() {
  return (
    <Page title="Settings" lead="How we keep in touch, and what this browser keeps.">
      <PushSettings />
      <NotificationSettings />
      <p>
        The odds alerts you saved from the oddsmatcher, and the matches they found, are on <Link to={paths.alerts}>Your alerts</Link>.
      </p>
      <AnalyticsSettings />
    </Page>
  );
}
