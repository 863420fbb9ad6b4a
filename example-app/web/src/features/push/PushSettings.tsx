// "Turn on notifications": push is offered only here, after the member presses the button, never
// as a prompt on load. For the account page (or any settings page): <PushSettings />. The state
// comes from the sdk's push manager (usePushState); the prompt, subscribing and the timeouts are
// the sdk's. Push needs a service worker: in a normal tab (where the offline worker is not
// registered at boot) pressing the button registers it first. The browser's subscription is the
// browser's: for a member who did not turn push on here (another member did), push shows as off,
// and pressing the button posts the held subscription for them (repost.ts keeps who turned it on).
import { useMemo, useState } from 'react';
import { Bell, BellOff } from 'lucide-react';
import { useMatchkit, usePushState } from '@matchkit/react';
import type { PushManager, PushState, PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import { useNotify } from '../notifications';
import { useSession } from '../session';
import { postPushSubscription } from './push';
import { browserPushOptIns } from './repost';
import { registerOfflineWorker } from '../pwa';
import { Button, Card, ErrorState } from '../../components/ui';

export function PushSettings() {
  const { push } = useMatchkit();
  if (push === undefined) return null;
  return <Settings manager={push} />;
}

/** Whether this browser has what web push needs, worker registered or not. */
function browserCanPush(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && 'serviceWorker' in navigator;
}

function describe(state: PushState, canPush: boolean): string {
  switch (state.status) {
    case 'unknown':
      return 'Checking whether this browser can show notifications…';
    case 'unsupported':
      return canPush ? 'Notifications are off.' : 'This browser cannot show notifications from us.';
    case 'default':
      return 'Notifications are off.';
    case 'granted':
      return 'Notifications are allowed in this browser, but not turned on yet.';
    case 'subscribed':
      return 'Notifications are on in this browser.';
    case 'denied':
      return 'Notifications are blocked for this site. To allow them, change this site’s notification permission in your browser’s settings.';
  }
}

function Settings({ manager }: { readonly manager: PushManager }) {
  const { transport } = useMatchkit();
  const memberId = useSession().user?.uid.global ?? null;
  const optIns = useMemo(() => browserPushOptIns(), []);
  const [optedIn, setOptedIn] = useState(() => memberId !== null && optIns.has(memberId));
  const browserState = usePushState(manager);
  // Subscribed for another member on this browser: off for this one until they turn it on.
  const state: PushState = browserState.status === 'subscribed' && !optedIn ? { ...browserState, status: 'granted' } : browserState;
  const [working, setWorking] = useState(false);
  const notify = useNotify();
  const canPush = browserCanPush();
  const offerable = state.status === 'default' || state.status === 'granted' || (state.status === 'unsupported' && canPush);

  async function turnOn() {
    setWorking(true);
    try {
      if (manager.getSnapshot().status === 'unsupported') {
        await registerOfflineWorker(window);
        await navigator.serviceWorker.ready;
        await manager.refresh();
      }
      const held = manager.getSnapshot();
      let after = held;
      // The browser holds another member's subscription: the sdk has nothing to subscribe, so it is posted for this member.
      if (held.status === 'subscribed' && held.subscription !== null)
        await postPushSubscription(transport, held.subscription as PushSubscriptionJSONLike);
      else after = await manager.enable();
      if (after.status === 'subscribed' && memberId !== null) {
        optIns.add(memberId);
        setOptedIn(true);
      }
      if (after.status === 'subscribed') notify('success', 'Notifications are on in this browser.');
      else if (after.status === 'denied')
        notify('warning', 'Notifications are blocked for this site: allow them in your browser’s settings to turn them on.');
      else if (after.error !== null && after.error !== undefined)
        notify('error', 'We could not turn notifications on. Please try again later.');
    } catch (error) {
      console.warn('notifications could not be turned on', error);
      notify('error', 'We could not turn notifications on. Please try again later.');
    } finally {
      setWorking(false);
    }
  }

  async function turnOff() {
    await manager.disable();
    if (memberId !== null) optIns.remove(memberId);
    setOptedIn(false);
  }

  const error =
    state.error instanceof Error ? state.error.message : state.error === null || state.error === undefined ? null : String(state.error);
  return (
    <Card as="section" className="my-4" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title" className="m-0 mb-2 text-xl font-semibold">
        Notifications
      </h2>
      <p role="status" data-push-status={state.status} className="mt-0">
        {describe(state, canPush)}
      </p>
      {error === null ? null : <ErrorState message={`We could not turn notifications on: ${error}`} />}
      {offerable ? (
        <Button icon={Bell} onClick={() => void turnOn()} disabled={working || state.busy}>
          Turn on notifications
        </Button>
      ) : state.status === 'subscribed' ? (
        <Button variant="secondary" icon={BellOff} onClick={() => void turnOff()} disabled={state.busy}>
          Turn off notifications
        </Button>
      ) : null}
    </Card>
  );
}
