import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPushManager,
  createWebPushMessaging,
  type PushManager,
  type PushManagerLike,
  type PushSubscriptionJSONLike,
  type PushSubscriptionLike,
} from '@matchkit/sdk/push';
import { usePushState } from './push';

// Against the real push manager over the sdk's real Push API messaging service; only the browser
// objects that service reads (the Notification permission and the service worker registration's
// pushManager) are injected, recording what the page asked of them.

afterEach(cleanup);

const VAPID = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example/member-1';

function browser(initial: 'default' | 'granted' | 'denied', answer: 'default' | 'granted' | 'denied') {
  let permission: string = initial;
  const seen = { permissionReads: 0, prompts: 0, keyBytes: 0 };
  const notification = {
    get permission() {
      seen.permissionReads += 1;
      return permission;
    },
    async requestPermission() {
      seen.prompts += 1;
      permission = answer;
      return answer;
    },
  };
  let current: PushSubscriptionLike | null = null;
  const pushManager: PushManagerLike = {
    getSubscription: async () => current,
    async subscribe({ applicationServerKey }) {
      seen.keyBytes = applicationServerKey.length;
      const subscription: PushSubscriptionLike = {
        toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
        async unsubscribe() {
          current = null;
          return true;
        },
      };
      current = subscription;
      return subscription;
    },
  };
  const saved: PushSubscriptionJSONLike[] = [];
  const manager = createPushManager({
    messaging: createWebPushMessaging({ notification, serviceWorker: { ready: Promise.resolve({ pushManager }) } }),
    vapidKey: VAPID,
    onSubscribe: (s) => void saved.push(s),
  });
  return { manager, seen, saved };
}

function PushToggle({ push }: { push: PushManager<PushSubscriptionJSONLike> }) {
  const { status, busy, subscription } = usePushState(push);
  return (
    <div>
      <output>{status}</output>
      {subscription ? <span>{subscription.endpoint}</span> : null}
      <button disabled={busy} onClick={() => void push.enable()}>
        Turn on alerts
      </button>
    </div>
  );
}

describe('usePushState over the real push manager', () => {
  it('reads the state once on mount and never prompts', async () => {
    const { manager, seen } = browser('default', 'granted');
    render(<PushToggle push={manager} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('default'));
    expect(seen.prompts).toBe(0);
    expect(seen.permissionReads).toBe(1);
  });

  it('prompts only from the click, then shows the subscription', async () => {
    const { manager, seen, saved } = browser('default', 'granted');
    render(<PushToggle push={manager} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('default'));
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('subscribed'));
    expect(seen.prompts).toBe(1);
    expect(seen.keyBytes).toBe(65);
    expect(screen.getByText(ENDPOINT)).toBeTruthy();
    expect(saved.map((s) => s.endpoint)).toEqual([ENDPOINT]);
  });

  it('a refused prompt is the denied state, not an error', async () => {
    const { manager } = browser('default', 'denied');
    const { result } = renderHook(() => usePushState(manager));
    await waitFor(() => expect(result.current.status).toBe('default'));
    await act(async () => void (await manager.enable()));
    expect(result.current).toEqual({ status: 'denied', subscription: null, busy: false, error: null });
  });

  it('reports unsupported where there is no service worker (jsdom has none)', async () => {
    const manager = createPushManager({
      messaging: createWebPushMessaging({ notification: { permission: 'default', requestPermission: async () => 'default' } }),
      vapidKey: VAPID,
    });
    const { result } = renderHook(() => usePushState(manager));
    await waitFor(() => expect(result.current.status).toBe('unsupported'));
  });

  it('does not read again when the manager has already been read', async () => {
    const { manager, seen } = browser('granted', 'granted');
    await manager.refresh();
    expect(seen.permissionReads).toBe(1);
    const { result } = renderHook(() => usePushState(manager));
    expect(result.current.status).toBe('granted');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(seen.permissionReads).toBe(1);
  });

  it('under StrictMode the double effect costs one read', async () => {
    const { manager, seen } = browser('denied', 'denied');
    render(
      <StrictMode>
        <PushToggle push={manager} />
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('denied'));
    expect(seen.permissionReads).toBe(1);
    expect(seen.prompts).toBe(0);
  });
});
