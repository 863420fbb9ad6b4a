// /settings: the visitor's choices that live in this browser: notifications (push, offered only
// on a press of its button) and analytics (the consent given or refused in the banner). The
// account page may render the same sections (PushSettings, AnalyticsSettings).
import { Page } from '../../components/Page';
import { AnalyticsSettings } from '../analytics';
import { PushSettings } from '../push';

export function SettingsPage() {
  return (
    <Page title="Settings" lead="Choices kept in this browser.">
      <PushSettings />
      <AnalyticsSettings />
    </Page>
  );
}
