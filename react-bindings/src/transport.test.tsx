import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createSubscriptionClient,
  OddsUpdatedSubscription,
  type OddsUpdatedSubscriptionVariables,
  type SubscriptionClient,
  type SubscriptionClientOptions,
} from '@matchkit/sdk/transport';
import { expectNoLeakedHandles, oddsUpdate } from '../../sdk/src/transport/test-servers';
import { startOddsServer, type OddsServer } from './test-ws-server';
import { useConnectionState, useSubscription } from './transport';

// The real subscription client of the sdk (graphql-ws client over the `ws` WebSocket) against a
// real graphql-transport-ws server on 127.0.0.1 executing the platform schema.

expectNoLeakedHandles(afterAll);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  cleanup();
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(options: { requireAuth?: boolean } = {}): Promise<OddsServer> {
  const s = await startOddsServer(options);
  cleanups.push(() => s.stop());
  return s;
}

function client(url: string, extra: Partial<SubscriptionClientOptions> = {}): SubscriptionClient {
  const c = createSubscriptionClient({
    url,
    webSocketImpl: WebSocket,
    getCookie: (name) => (name === '_opjwt' ? 'member-jwt' : undefined),
    retry: { baseDelayMs: 10, maxDelayMs: 40 },
    ...extra,
  });
  cleanups.push(() => c.dispose());
  return c;
}

const TIMEOUT = { timeout: 3000 };
const football: OddsUpdatedSubscriptionVariables = { filter: { sports: ['football'] } };

function LivePrices({ live, sport }: { live: SubscriptionClient; sport: string }) {
  const connection = useConnectionState(live);
  // An inline variables object, new on every render: compared by content.
  const { data, error, completed } = useSubscription(live, OddsUpdatedSubscription, { filter: { sports: [sport] } });
  return (
    <div>
      <p data-testid="connection">{connection.status === 'closed' ? `closed ${connection.code}` : connection.status}</p>
      <p data-testid="market">{data === undefined ? 'waiting' : (data?.oddsUpdated.marketId ?? 'no data')}</p>
      <p data-testid="end">{error ? `${error.kind} ${error.closeCode ?? ''}`.trim() : completed ? 'completed' : 'open'}</p>
    </div>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('useSubscription and useConnectionState over a real graphql-ws server', () => {
  it('subscribes on mount with the variables, renders each event and the connection state', async () => {
    const s = await server();
    const live = client(s.url);
    render(<LivePrices live={live} sport="football" />);
    expect(text('market')).toBe('waiting');
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    expect(s.subscribes).toEqual([{ operationName: 'OddsUpdated', variables: football }]);
    expect(s.connections).toEqual([{ authorization: 'Bearer member-jwt', country: 'gb' }]);
    expect(text('connection')).toBe('connected');

    act(() => s.odds.push(oddsUpdate('m1', 2.5)));
    await waitFor(() => expect(text('market')).toBe('m1'), TIMEOUT);
    act(() => s.odds.push(oddsUpdate('m2', 3.1)));
    await waitFor(() => expect(text('market')).toBe('m2'), TIMEOUT);
    expect(text('end')).toBe('open');
  });

  it('does not resubscribe for an equal variables object; does for new variables, dropping the old data', async () => {
    const s = await server();
    const live = client(s.url);
    const { rerender } = render(<LivePrices live={live} sport="football" />);
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    act(() => s.odds.push(oddsUpdate('football-1', 2)));
    await waitFor(() => expect(text('market')).toBe('football-1'), TIMEOUT);

    rerender(<LivePrices live={live} sport="football" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.subscribes.length).toBe(1);
    expect(text('market')).toBe('football-1');

    rerender(<LivePrices live={live} sport="tennis" />);
    expect(text('market')).toBe('waiting');
    await waitFor(() => expect(s.subscribes.length).toBe(2), TIMEOUT);
    expect(s.subscribes[1]).toEqual({ operationName: 'OddsUpdated', variables: { filter: { sports: ['tennis'] } } });
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    act(() => s.odds.push(oddsUpdate('tennis-1', 1.8)));
    await waitFor(() => expect(text('market')).toBe('tennis-1'), TIMEOUT);
  });

  it('unsubscribes on unmount, and the lazy connection goes back to idle', async () => {
    const s = await server();
    const live = client(s.url);
    const { unmount } = render(<LivePrices live={live} sport="football" />);
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    const states = renderHook(() => useConnectionState(live));
    unmount();
    await waitFor(() => expect(s.odds.listeners).toBe(0), TIMEOUT);
    await waitFor(() => expect(states.result.current).toEqual({ status: 'idle' }), TIMEOUT);
  });

  it('under StrictMode (subscribe, unsubscribe, subscribe) leaves exactly one live subscription', async () => {
    const s = await server();
    const live = client(s.url);
    const { unmount } = render(
      <StrictMode>
        <LivePrices live={live} sport="football" />
      </StrictMode>,
    );
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.odds.listeners).toBe(1);
    act(() => s.odds.push(oddsUpdate('strict', 2.2)));
    await waitFor(() => expect(text('market')).toBe('strict'), TIMEOUT);
    unmount();
    await waitFor(() => expect(s.odds.listeners).toBe(0), TIMEOUT);
  });

  it('skip subscribes to nothing until it turns false', async () => {
    const s = await server();
    const live = client(s.url);
    const { result, rerender } = renderHook(({ skip }) => useSubscription(live, OddsUpdatedSubscription, football, { skip }), {
      initialProps: { skip: true },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(s.connections).toEqual([]);
    expect(live.connection.getSnapshot()).toEqual({ status: 'idle' });
    rerender({ skip: false });
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    act(() => s.odds.push(oddsUpdate('after-skip', 2)));
    await waitFor(() => expect(result.current.data?.oddsUpdated.marketId).toBe('after-skip'), TIMEOUT);
    rerender({ skip: true });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(s.odds.listeners).toBe(0), TIMEOUT);
  });

  it('keeps delivering after the server restarts: the client resubscribes, the state shows the reconnect', async () => {
    const s = await server();
    const live = client(s.url);
    const seen: string[] = [];
    const { result } = renderHook(() => {
      const state = useConnectionState(live);
      if (seen.at(-1) !== state.status) seen.push(state.status);
      return useSubscription(live, OddsUpdatedSubscription, football);
    });
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    await s.stop();
    await waitFor(() => expect(seen).toContain('reconnecting'), TIMEOUT);
    await s.restart();
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    await waitFor(() => expect(live.connection.getSnapshot().status).toBe('connected'), TIMEOUT);
    act(() => s.odds.push(oddsUpdate('resumed', 2.4)));
    await waitFor(() => expect(result.current.data?.oddsUpdated.marketId).toBe('resumed'), TIMEOUT);
    expect(result.current.error).toBeUndefined();
    expect(seen[0]).toBe('idle');
    expect(seen.at(-1)).toBe('connected');
    expect(s.subscribes.length).toBe(2);
  });

  it('a refused connection (4403, no JWT) ends the subscription with a network error and the state closed 4403', async () => {
    const s = await server({ requireAuth: true });
    const live = client(s.url, { getCookie: () => undefined });
    render(<LivePrices live={live} sport="football" />);
    await waitFor(() => expect(text('end')).toBe('network 4403'), TIMEOUT);
    expect(text('connection')).toBe('closed 4403');
    expect(text('market')).toBe('waiting');
  });

  it('an operation the server rejects ends with a graphql error carrying its GraphQL errors', async () => {
    const s = await server();
    const live = client(s.url);
    const { result } = renderHook(() => useSubscription(live, 'subscription Bad { noSuchField }'));
    await waitFor(() => expect(result.current.error?.kind).toBe('graphql'), TIMEOUT);
    expect(result.current.error?.graphQLErrors?.[0]?.message).toMatch(/noSuchField/);
    expect(result.current.data).toBeUndefined();
  });

  it('after an error, skip then unskip subscribes afresh: the old error is not shown for the new subscription', async () => {
    const s = await server();
    const live = client(s.url);
    const { result, rerender } = renderHook(({ skip }) => useSubscription(live, 'subscription Bad { noSuchField }', undefined, { skip }), {
      initialProps: { skip: false },
    });
    await waitFor(() => expect(result.current.error?.kind).toBe('graphql'), TIMEOUT);
    rerender({ skip: true });
    expect(result.current.error).toBeUndefined();
    rerender({ skip: false });
    expect(result.current.error).toBeUndefined();
    await waitFor(() => expect(s.subscribes.length).toBe(2), TIMEOUT);
    await waitFor(() => expect(result.current.error?.kind).toBe('graphql'), TIMEOUT);
  });

  it('disposing the client completes the subscription and closes the connection with 1000', async () => {
    const s = await server();
    const live = client(s.url);
    render(<LivePrices live={live} sport="football" />);
    await waitFor(() => expect(s.odds.listeners).toBe(1), TIMEOUT);
    await act(() => live.dispose());
    expect(text('end')).toBe('completed');
    expect(text('connection')).toBe('closed 1000');
  });
});
