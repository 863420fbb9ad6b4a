import { useEffect } from 'react';
import type { LiveFeed, LiveFeedState } from '@matchkit/sdk/feed';
import { useStore } from './store';

/** A started live feed and how many mounted components hold it. */
interface Hold {
  count: number;
}

// A live feed is started by the first component that uses it and stopped when the last one
// unmounts, so two tools on one page share one subscription and one snapshot. The stop waits for
// a microtask: React's strict mode runs an effect's cleanup and the effect again in one go, and
// the feed should not unsubscribe and subscribe again for it. Keyed weakly by the feed: nothing is
// kept for a feed the app dropped.
const holds = /* @__PURE__ */ new WeakMap<object, Hold>();

function hold(feed: Pick<LiveFeed, 'start' | 'stop'>): () => void {
  let held = holds.get(feed);
  if (held === undefined) {
    held = { count: 0 };
    holds.set(feed, held);
    feed.start();
  }
  const mine = held;
  mine.count += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.count -= 1;
    if (mine.count > 0) return;
    queueMicrotask(() => {
      if (mine.count > 0 || holds.get(feed) !== mine) return;
      holds.delete(feed);
      feed.stop();
    });
  };
}

/**
 * The live odds feed in a component: the feed's state (`status`, `snapshot`, `applied`, `resyncs`,
 * `receivedAt`), re-rendering when it changes, which the feed limits to once per animation frame.
 * While at least one component using this hook is mounted, the feed is started (it subscribes,
 * fetches the snapshot and follows the patches); when the last one unmounts, it is stopped (a
 * microtask later, so React's strict-mode double effects start it once). A component that keeps rows of its own (an
 * oddsmatcher with thousands of them) should subscribe to the feed outside React and read only
 * what it renders; this hook suits a status line or a small table.
 *
 * @param feed - the live feed (the sdk's `createLiveFeed`); pass the same object on every render,
 * and leave `start()` and `stop()` to this hook
 * @returns the feed's state
 *
 * @example
 * ```tsx dom
 * import { createGraphQLClient, createSubscriptionClient } from '@matchkit/sdk/transport';
 * import { createLiveFeed, graphqlFeedSource } from '@matchkit/sdk/feed';
 * import { useLiveFeed } from '@matchkit/react';
 *
 * const feed = createLiveFeed({
 *   source: graphqlFeedSource({
 *     transport: createGraphQLClient({ url: 'https://api.example.com/graphql' }),
 *     subscriptions: createSubscriptionClient({ url: 'wss://api.example.com/graphql' }),
 *   }),
 * });
 *
 * function FeedStatus() {
 *   const { status, snapshot } = useLiveFeed(feed);
 *   if (snapshot === null) return <p>{status === 'error' ? 'Prices unavailable' : 'Loading prices…'}</p>;
 *   return <p>{snapshot.market.events.length} events{snapshot.simulated ? ' (simulated prices)' : ''}</p>;
 * }
 * ```
 */
export function useLiveFeed(feed: Pick<LiveFeed, 'subscribe' | 'getSnapshot' | 'start' | 'stop'>): LiveFeedState {
  useEffect(() => hold(feed), [feed]);
  return useStore(feed);
}
