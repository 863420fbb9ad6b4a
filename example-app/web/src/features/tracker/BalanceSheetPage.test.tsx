import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import type { GqlTrackedBet, GraphQLClient } from '@matchkit/sdk/transport';
import { backLeg, wireBet } from '@matchkit/app-contract/testing';
import { Sheet } from './BalanceSheetPage';

// The balance history is the sdk's over the settled bets the page reads (at most 10,000): only
// settled bets are asked for, and a member with more is told the history leaves the older out.

afterEach(cleanup);

const bet: GqlTrackedBet = wireBet({
  source: 'manual',
  status: 'settled',
  legs: [backLeg({ result: 'won' })],
  expectedProfit: 0,
  settledProfit: 2000,
  settledAt: Date.UTC(2025, 7, 11, 14),
});

function setup(totalCount: number) {
  const sent: { operationName: string; variables: Record<string, unknown> }[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: Record<string, unknown> }) => {
      const operationName = /(?:mutation|query) (\w+)/.exec(String(req.query))?.[1] ?? '';
      sent.push({ operationName, variables: req.variables ?? {} });
      if (operationName === 'TrackedBets') {
        return Promise.resolve({ data: { trackedBets: { nodes: [bet], totalCount, pageInfo: { hasNextPage: false, endCursor: null } } } });
      }
      return Promise.resolve({
        data: {
          balanceSheet: {
            accounts: [
              { account: 'bet-co', displayName: 'bet-co', kind: 'bookmaker', restricted: false, balance: 2000 },
              { account: 'alder-bet', displayName: 'Alder Bet', kind: 'bookmaker', restricted: true, balance: 0 },
            ],
            entries: [],
            totals: { deposits: 0, withdrawals: 0, bonuses: 0, adjustments: 0, net: 0, trackerProfit: 2000, balance: 2000 },
          },
        },
      });
    }) as never,
  };
  render(
    <MemoryRouter>
      <MatchkitProvider brand="primary" transport={transport} queryClient={new QueryClient()}>
        <Sheet />
      </MatchkitProvider>
    </MemoryRouter>,
  );
  return sent;
}

describe('Balance sheet history', () => {
  it('reads only the settled bets and says when the history covers only the newest of them', async () => {
    const sent = setup(12_000);
    expect((await screen.findByRole('note')).textContent).toContain('covers your newest 1 of 12,000 settled bets');
    expect(sent.find((s) => s.operationName === 'TrackedBets')?.variables).toMatchObject({ filter: { status: 'settled' } });
  });

  it('shows each account by its display name, not its key (defect 10)', async () => {
    setup(1);
    const row = (await screen.findByRole('rowheader', { name: /^Alder Bet/ })).closest('tr');
    if (row === null) throw new Error('no row');
    expect(within(row).getByRole('checkbox', { name: 'Restricted by Alder Bet' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Move Alder Bet to exchanges' })).toBeTruthy();
    expect(screen.queryByText(/alder-bet/)).toBeNull();
  });

  it('says nothing of the kind when every settled bet was read', async () => {
    setup(1);
    await screen.findByRole('rowheader', { name: 'bet-co' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
