// The live odds feed for a finder page: the sdk's live client (snapshot, then patches, resync on a
// gap) over the app's GraphQL clients, started while the page is open. The page is shown the
// feed at most once per `every` milliseconds (the engines rank the whole feed; a few patches a
// second need not re-rank it a few times a second), and not while the tab is hidden.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useMatchkit } from '@matchkit/react';
import { createLiveFeed, graphqlFeedSource, type FeedSnapshot, type LiveFeed, type LiveFeedState } from '@matchkit/sdk/feed';
import type { ExchangePrice } from '@matchkit/sdk/matching';

export interface FinderFeed {
  /** Where the feed is (only this and `error` of its state: the page re-renders when they change, not on every patch). */
  readonly status: LiveFeedState['status'];
  readonly error: unknown;
  /** The snapshot the table shows: the feed's, at most once per `every` ms. */
  readonly shown: FeedSnapshot | null;
  /** Fetch a fresh snapshot (after an error). */
  readonly retry: () => void;
  /** The exchange prices of about `secondsAgo` ago (or of the first snapshot seen, if more recent), for the steam chaser. */
  readonly earlier: (secondsAgo: number) => readonly ExchangePrice[];
}

const SAMPLE_MS = 15_000;
const KEEP_MS = 16 * 60_000;

export function useFinderFeed(every = 2000): FinderFeed {
  const { transport, subscriptions } = useMatchkit();
  const feed = useMemo(() => {
    if (subscriptions === undefined) throw new Error('The finder tools need the app’s subscription client.');
    // The snapshot in pages of 5,000 records, each parsed in a task of its own (as the oddsmatcher's).
    return createLiveFeed({
      source: graphqlFeedSource({
        transport: transport as Parameters<typeof graphqlFeedSource>[0]['transport'],
        subscriptions,
        pageSize: 5_000,
      }),
    });
  }, [transport, subscriptions]);
  const view = useMemo(() => throttledView(feed, every), [feed, every]);
  useEffect(() => {
    feed.start();
    return () => feed.stop();
  }, [feed]);
  const status = useSyncExternalStore(
    feed.subscribe,
    () => feed.getSnapshot().status,
    () => feed.getSnapshot().status,
  );
  const error = useSyncExternalStore(
    feed.subscribe,
    () => feed.getSnapshot().error,
    () => feed.getSnapshot().error,
  );
  const shown = useSyncExternalStore(view.subscribe, view.getSnapshot, view.getSnapshot);
  return { status, error, shown, retry: () => feed.start(), earlier: view.earlier };
}

/** The feed's snapshot at most once per `every` ms (the first at once, none while the tab is hidden), with samples of its exchange prices. */
function throttledView(feed: LiveFeed, every: number) {
  let shown: FeedSnapshot | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const samples: { at: number; prices: readonly ExchangePrice[] }[] = [];
  const take = () => {
    timer = undefined;
    const next = feed.getSnapshot().snapshot;
    if (next === shown || next === null) return;
    shown = next;
    const last = samples[samples.length - 1];
    if (last === undefined || next.at - last.at >= SAMPLE_MS) samples.push({ at: next.at, prices: next.market.exchangePrices });
    while (samples.length > 1 && next.at - (samples[0]?.at ?? next.at) > KEEP_MS) samples.shift();
    for (const l of listeners) l();
  };
  const onFeed = () => {
    if (shown === null) take();
    else if (timer === undefined && document.visibilityState !== 'hidden') timer = setTimeout(take, every);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') take();
  };
  let stop: (() => void) | undefined;
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (stop === undefined) {
        const off = feed.subscribe(onFeed);
        document.addEventListener('visibilitychange', onVisibility);
        stop = () => {
          off();
          document.removeEventListener('visibilitychange', onVisibility);
          if (timer !== undefined) clearTimeout(timer);
          timer = undefined;
        };
        onFeed();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = undefined;
        }
      };
    },
    getSnapshot: () => shown,
    earlier(secondsAgo: number): readonly ExchangePrice[] {
      if (shown === null) return [];
      const cutoff = shown.at - secondsAgo * 1000;
      let pick = samples[0];
      for (const s of samples) if (s.at <= cutoff) pick = s;
      if (pick === undefined) return [];
      // Only runners still listed: the engine refuses prices of unknown runners.
      const runners = new Set<string>();
      for (const m of shown.market.markets) for (const r of m.runners) runners.add(r.id);
      return pick.prices.filter((p) => runners.has(p.selectionId));
    },
  };
}
