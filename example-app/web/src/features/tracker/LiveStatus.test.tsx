import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '@matchkit/sdk/transport';
import { LiveStatus } from './LiveStatus';

// The tracker's live line follows the subscription's connection. Before the first connection
// (the client is idle until the page subscribes, then connecting) it says it is connecting: the
// "paused" words are for a connection that closed, not for every page load.

afterEach(cleanup);

/** A connection state store the test moves by hand, as the subscription client's `connection`. */
function fakeConnection(initial: ConnectionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    connection: {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getSnapshot: () => state,
    },
    set(next: ConnectionState) {
      state = next;
      act(() => listeners.forEach((l) => l()));
    },
  };
}

const PAUSED = 'Live changes are paused: reload the page to catch up.';
const CONNECTING = 'Connecting for live changes…';

describe('LiveStatus', () => {
  it('says it is connecting before the first connection, then live', () => {
    const client = fakeConnection({ status: 'idle' });
    render(<LiveStatus client={client} />);
    expect(screen.getByRole('status').textContent).toBe(CONNECTING);
    client.set({ status: 'connecting' });
    expect(screen.getByRole('status').textContent).toBe(CONNECTING);
    client.set({ status: 'connected' });
    expect(screen.getByRole('status').textContent).toBe('Live: bets recorded or settled elsewhere appear here as they happen.');
  });

  it('says live changes are paused only once the connection closed', () => {
    const client = fakeConnection({ status: 'connected' });
    render(<LiveStatus client={client} />);
    client.set({ status: 'reconnecting', attempt: 1 });
    expect(screen.getByRole('status').textContent).toBe(CONNECTING);
    client.set({ status: 'closed', code: 4500, reason: 'server error' });
    expect(screen.getByRole('status').textContent).toBe(PAUSED);
  });

  it('says the member was signed out when the server closed the connection with 4403 (signed out everywhere)', () => {
    const client = fakeConnection({ status: 'connected' });
    render(<LiveStatus client={client} />);
    client.set({ status: 'closed', code: 4403, reason: 'Signed out' });
    expect(screen.getByRole('status').textContent).toBe('You were signed out, so live changes have stopped: sign in again to see them.');
  });
});
