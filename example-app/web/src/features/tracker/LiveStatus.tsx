// The profit tracker's line about live changes: whether bets recorded or settled elsewhere reach
// the page now (the subscription client's connection state).
import { useConnectionState } from '@matchkit/react';
import type { ConnectionState, SubscriptionClient } from '@matchkit/sdk/transport';

/** The line for each connection state: connecting until the first connection, paused only once it closed. */
function liveText(state: ConnectionState): string {
  switch (state.status) {
    case 'connected':
      return 'Live: bets recorded or settled elsewhere appear here as they happen.';
    case 'closed':
      return 'Live changes are paused: reload the page to catch up.';
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
