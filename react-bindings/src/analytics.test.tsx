import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAnalytics, createMemoryStorage, type Analytics } from '@matchkit/sdk/analytics';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { startLoopbackServer, type LoopbackServer } from '../../sdk/src/analytics/testing/loopback-server';
import { expectNoLeakedHandles } from '../../sdk/src/transport/test-servers';
import { useAnalytics } from './analytics';
import { MatchkitProvider } from './provider';

// useAnalytics over the sdk's real analytics session, uploading to a real HTTP server on
// 127.0.0.1 (Amplitude's batch format); only storage (memory) and the clock are injected.

expectNoLeakedHandles(afterAll);

let server: LoopbackServer;
const sessions: Analytics[] = [];
const noTransport: Pick<GraphQLClient, 'request'> = {
  request: () => Promise.reject(new Error('no transport in this test')),
};

beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
afterEach(async () => {
  cleanup();
  for (const s of sessions.splice(0)) await s.shutdown();
  server.requests.length = 0;
});

function session(): Analytics {
  const s = createAnalytics({
    storage: createMemoryStorage(),
    now: () => Date.UTC(2026, 2, 2, 10),
    randomId: (() => {
      let n = 0;
      return () => `id-${++n}-abcdef`;
    })(),
  });
  sessions.push(s);
  return s;
}

function providerWith(analytics: Analytics | undefined) {
  const queryClient = new QueryClient();
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <StrictMode>
        <MatchkitProvider brand="primary" transport={noTransport} queryClient={queryClient} analytics={analytics}>
          {children}
        </MatchkitProvider>
      </StrictMode>
    );
  };
}

describe('useAnalytics', () => {
  it('without a session: both undefined, and stays so across renders (a component may call it unconditionally)', () => {
    const { result, rerender } = renderHook(() => useAnalytics(), { wrapper: providerWith(undefined) });
    expect(result.current.analytics).toBeUndefined();
    expect(result.current.state).toBeUndefined();
    rerender();
    expect(result.current.state).toBeUndefined();
  });

  it('with a session: the provider’s own instance and its state, re-rendering through init, track and upload', async () => {
    const analytics = session();
    const { result } = renderHook(() => useAnalytics(), { wrapper: providerWith(analytics) });
    expect(result.current.analytics).toBe(analytics);
    expect(result.current.state?.status).toBe('uninitialised');

    await act(() =>
      analytics.init({ apiKey: 'test-key', userId: 'usr_member', upload: { url: `${server.origin}/batch`, flushIntervalMs: 0 } }),
    );
    expect(result.current.state?.status).toBe('ready');
    expect(result.current.state?.userId).toBe('usr_member');
    expect(result.current.state?.endpoint).toBe(`${server.origin}/batch`);

    act(() => result.current.analytics?.track('page_view', { path: '/pro' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await waitFor(() => expect(result.current.state?.queued).toBe(0));
    expect(result.current.state?.sessionId).not.toBeNull();
    const body = JSON.parse(server.requests[0]?.body ?? '{}') as {
      api_key: string;
      events: { event_type: string; user_id: string; event_properties: unknown }[];
    };
    expect(body.api_key).toBe('test-key');
    expect(body.events.map((e) => [e.event_type, e.user_id, e.event_properties])).toEqual([['page_view', 'usr_member', { path: '/pro' }]]);
  });

  it('a button tracks through the session the hook returns', async () => {
    const analytics = session();
    await analytics.init({ apiKey: 'test-key', upload: { url: `${server.origin}/batch`, flushIntervalMs: 0 } });
    function Buy() {
      const { analytics: a, state } = useAnalytics();
      return (
        <button type="button" onClick={() => a?.track('buy_clicked')}>
          Buy ({state?.status})
        </button>
      );
    }
    render(<Buy />, { wrapper: providerWith(analytics) });
    act(() => screen.getByRole('button', { name: 'Buy (ready)' }).click());
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]?.body).toContain('"event_type":"buy_clicked"');
  });
});
