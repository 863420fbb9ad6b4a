import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import type { GqlProfitTotals, GraphQLClient } from '@matchkit/sdk/transport';
import { BySource } from './BySource';

// "By tool" is the server's totals per source, not a sum over the bets the page read (at most
// 10,000): a member with 12,000 oddsmatcher bets sees 12,000.

afterEach(cleanup);

const totals = (betCount: number, profit: number): GqlProfitTotals => ({
  betCount,
  staked: betCount * 1000,
  profit,
  pendingProfit: 0,
  guaranteed: profit,
  potential: 0,
  training: 0,
  ev: 0,
});

function setup(filter: Record<string, unknown>, sources: readonly string[]) {
  const sent: { query: string; variables: Record<string, unknown> }[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: Record<string, unknown> }) => {
      sent.push({ query: String(req.query), variables: req.variables ?? {} });
      const data = Object.fromEntries(
        Object.entries(req.variables ?? {}).map(([name, f]) => {
          const source = (f as { source: string }).source;
          return [
            name.replace('f', 's'),
            source === 'oddsmatcher' ? totals(12_000, 345_600) : source === 'manual' ? totals(3, -150) : totals(0, 0),
          ];
        }),
      );
      return Promise.resolve({ data });
    }) as never,
  };
  render(
    <MatchkitProvider brand="primary" transport={transport} queryClient={new QueryClient()}>
      <BySource filter={filter} sources={sources} member="m1" />
    </MatchkitProvider>,
  );
  return sent;
}

describe('BySource', () => {
  it('shows the server’s totals of each tool from one request, the tools with no bet left out', async () => {
    const sent = setup({ status: 'settled' }, ['oddsmatcher', 'acca-matcher', 'manual']);
    const table = await screen.findByRole('table', { name: 'Totals by tool' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.query).toContain('s2: trackerTotals(filter: $f2)');
    expect(sent[0]?.variables).toEqual({
      f0: { status: 'settled', source: 'oddsmatcher' },
      f1: { status: 'settled', source: 'acca-matcher' },
      f2: { status: 'settled', source: 'manual' },
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Oddsmatcher12000£120,000.00£3,456.00£0.00', 'Added by hand3£30.00−£1.50£0.00']);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('Added by hand');
  });

  it('asks only for the filter’s tool when it names one', async () => {
    const sent = setup({ source: 'manual' }, ['oddsmatcher', 'manual']);
    await screen.findByRole('table', { name: 'Totals by tool' });
    expect(sent[0]?.variables).toEqual({ f0: { source: 'manual' } });
  });
});
