// Issue 24: the banner above the oddsmatcher's and the finders' tables says which real provider is
// delayed or down, by its display name, and says nothing while they are live.
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
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string }) => {
      asked.push(String(req.query));
      return Promise.resolve({ data: { feedStatus } });
    }) as never,
  };
  render(
    <MatchkitProvider brand="primary" transport={transport} queryClient={new QueryClient()}>
      <p>Live prices</p>
      <FeedProvidersBanner />
    </MatchkitProvider>,
  );
  return asked;
}

const since = '2026-03-02T10:00:00.000Z';

describe('FeedProvidersBanner', () => {
  it('names each provider that is down or delayed, never its key', async () => {
    show({
      simulated: false,
      providers: [
        { provider: 'betfair', state: 'down', since, detail: null },
        { provider: 'odds-api', state: 'degraded', since, detail: null },
      ],
    });
    const banner = await screen.findByRole('status', { name: 'Price sources' });
    expect(banner.textContent).toContain('Prices from the Betfair Exchange are not available: rows from it are hidden until it is back.');
    expect(banner.textContent).toContain('Prices from The Odds API are delayed');
    expect(banner.textContent).not.toMatch(/odds-api|betfair\b/);
  });

  it('shows nothing while every provider is live or starting, nor for the simulated feed', async () => {
    const asked = show({
      simulated: false,
      providers: [
        { provider: 'betfair', state: 'live', since, detail: null },
        { provider: 'odds-api', state: 'starting', since, detail: null },
      ],
    });
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('status', { name: 'Price sources' })).toBeNull();
    cleanup();
    show({ simulated: true, providers: [] });
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('status', { name: 'Price sources' })).toBeNull();
  });
});
