import { act, cleanup, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import type { GraphQLClient, SubscriptionClient } from '@matchkit/sdk/transport';
import { LIVE_REFRESH_DELAY_MS, useLiveTrackerChanges } from './tracker';

// Each pushed trackedBetChanged must not re-read every page of up to 10,000 bets: a burst of
// changes (an import, a busy tab) refreshes the tracker once, a second after the last one.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Live() {
  useLiveTrackerChanges();
  return null;
}

describe('useLiveTrackerChanges', () => {
  it('gathers a burst of pushed changes into one refresh', () => {
    vi.useFakeTimers();
    let push: (() => void) | undefined;
    const stop = vi.fn();
    const subscriptions = {
      subscribe: (_req: unknown, sink: { next: () => void }) => {
        push = () => sink.next();
        return stop;
      },
    } as unknown as SubscriptionClient;
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const transport = { request: () => Promise.reject(new Error('not used')) } as unknown as Pick<GraphQLClient, 'request'>;
    const view = render(
      <MatchkitProvider brand="primary" transport={transport} queryClient={queryClient} subscriptions={subscriptions}>
        <Live />
      </MatchkitProvider>,
    );
    for (let n = 0; n < 200; n += 1) act(() => push?.());
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(LIVE_REFRESH_DELAY_MS));
    // One refresh: the bets, the totals and the sheet, each invalidated once.
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['TrackedBets'], ['TrackerTotals'], ['BalanceSheet']]);
    act(() => push?.());
    view.unmount();
    act(() => vi.advanceTimersByTime(LIVE_REFRESH_DELAY_MS));
    expect(invalidate).toHaveBeenCalledTimes(3);
    expect(stop).toHaveBeenCalled();
  });
});
