// Issue 24: the banner above the oddsmatcher's and the finders' tables says what the server says
// about each real provider that is delayed or down (its `detail`, naming it by its configured name),
// in a live region that is on the page before the words arrive, so screen readers announce them.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import type { FeedStatus } from '@matchkit/app-contract';
import { FeedProvidersBanner } from './FeedProvidersBanner';

afterEach(cleanup);

function show(feedStatus: FeedStatus) {
  const asked: string[] = [];
  let answer: (value: unknown) => void = () => undefined;
  const answered = new Promise((resolve) => (answer = resolve));
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string }) => {
      asked.push(String(req.query));
      return answered.then(() => ({ data: { feedStatus } }));
    }) as never,
  };
  render(
    <MatchkitProvider brand="primary" transport={transport} queryClient={new QueryClient()}>
      <p>Live prices</p>
      <FeedProvidersBanner />
    </MatchkitProvider>,
  );
  return { asked, answer: () => answer(undefined) };
}

const since = '2026-03-02T10:00:00.000Z';
const DOWN = 'Prices from the exchange stream are not available: rows from it are hidden until it is back.';
const RATIONED =
  'Prices from Price Hub are refreshed less often than usual until Wednesday, 1 April 2026, so they may be a few minutes old.';

describe('FeedProvidersBanner', () => {
  it('is an empty live region until the status arrives, then says the server’s sentence for each provider', async () => {
    const { answer } = show({
      simulated: false,
      providers: [
        { provider: 'betfair', state: 'down', since, detail: DOWN },
        { provider: 'odds-api', state: 'degraded', since, detail: RATIONED },
      ],
    });
    const region = screen.getByRole('status', { name: 'Price sources' });
    expect(region.textContent).toBe('');
    answer();
    await waitFor(() => expect(region.textContent).toContain(DOWN));
    expect(screen.getByRole('status', { name: 'Price sources' })).toBe(region);
    expect(region.textContent).toContain(RATIONED);
    expect(region.textContent).not.toMatch(/odds-api|betfair|catches up/);
  });

  it('says nothing while every provider is live or starting, nor for the simulated feed', async () => {
    const live = show({
      simulated: false,
      providers: [
        { provider: 'betfair', state: 'live', since, detail: null },
        { provider: 'odds-api', state: 'starting', since, detail: null },
      ],
    });
    live.answer();
    await waitFor(() => expect(live.asked).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByRole('status', { name: 'Price sources' }).textContent).toBe('');
    cleanup();
    const simulated = show({ simulated: true, providers: [] });
    simulated.answer();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByRole('status', { name: 'Price sources' }).textContent).toBe('');
  });
});
