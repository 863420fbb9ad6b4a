// The profit tracker's line about live changes: whether bets recorded or settled elsewhere reach
// the page now (the subscription client's connection state).
import { useConnectionState } from '@matchkit/react';
import type { ConnectionState, SubscriptionClient } from '@matchkit/sdk/transport';

/** The close code of a socket whose session ended (final for the sdk's client). */
const SIGNED_OUT_CODE = 4403;

/**
 * The line for each connection state: connecting until the first connection, paused only once it
 * closed, and signed out when the server closed it with 4403 (the member signed out everywhere,
 * changed or reset their password elsewhere: reloading would not bring the changes back).
 */
function liveText(state: ConnectionState): string {
  switch (state.status) {
    case 'connected':
      return 'Live: bets recorded or settled elsewhere appear here as they happen.';
    case 'closed':
      return state.code === SIGNED_OUT_CODE
        ? 'You were signed out, so live changes have stopped: sign in again to see them.'
        : 'Live changes are paused: reload the page to catch up.';
    // Idle: the page has not subscribed yet (its effect runs after the first paint).
    case 'idle':
    case 'connecting':
    case 'reconnecting':
      return 'Connecting for live changes…';
  }
}

/** Whether changes made elsewhere reach this page now. */
export function LiveStatus({ client }: { readonly client: Pick<SubscriptionClient, 'connection'> }) {
  return (
    <p className="m-0 mb-2 text-sm text-muted" role="status">
      {liveText(useConnectionState(client))}
    </p>
  );
}
