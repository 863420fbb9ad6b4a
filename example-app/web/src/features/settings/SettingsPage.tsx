// /settings: notifications (push in this browser, offered only on a press of its button, then a
// signed-in member's choices per kind: NotificationSettings) and analytics (the consent given or
// refused in the banner). The account page may render the same sections.
import { Page } from '../../components/Page';
import { AnalyticsSettings } from '../analytics';
import { NotificationSettings, PushSettings } from '../push';

export function SettingsPage() {
  return (
    <Page title="Settings" lead="How we keep in touch, and what this browser keeps.">
      <PushSettings />
      <NotificationSettings />
      <AnalyticsSettings />
    </Page>
  );
}
