import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import { importBetsCsv } from '@matchkit/sdk/tracker';
import { TransportError, type GqlTrackedBet, type GraphQLClient } from '@matchkit/sdk/transport';
import { wireBet } from '@matchkit/app-contract/testing';
import { BetList } from './BetList';

// A bet's actions over a transport that records what is sent: nothing is sent while a field is
// wrong (the message is beside it), a settlement sends one result per leg, and an edit is the
// sdk's CSV of the edited bet, with the same id, for importBets to replace it.

afterEach(cleanup);

const bet: GqlTrackedBet = wireBet();
const TITLE = `${bet.event}: ${bet.selection}`;

/** The server's refusal of a back and lay that both won: the sdk's message, and its issues with the conflict. */
const BOTH_WON =
  'Invalid settleBet input:\n  - results.0: cannot be won while legs.1 (its lay) is won too\n  - results.1: cannot be won while legs.0 (the back it hedges) is won too';
const BOTH_WON_ISSUES = [0, 1].map((n) => ({
  path: `results.${n}`,
  message: 'cannot be won while …',
  conflict: { back: 0, lays: [1], result: 'won' },
}));

function setup(refuseSettle = false) {
  const sent: { operationName: string; variables: Record<string, unknown> }[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: Record<string, unknown> }) => {
      const operationName = /(?:mutation|query) (\w+)/.exec(String(req.query))?.[1] ?? '';
      // The table asks who the member is (its columns are kept per member): not an action of the list.
      if (operationName === 'Me') return Promise.resolve({ data: { me: null } });
      sent.push({ operationName, variables: req.variables ?? {} });
      if (operationName === 'ImportBets') return Promise.resolve({ data: { importBets: { imported: 1, errors: [] } } });
      if (refuseSettle)
        return Promise.reject(
          new TransportError('graphql', BOTH_WON, {
            graphQLErrors: [{ message: BOTH_WON, extensions: { code: 'BAD_INPUT', issues: BOTH_WON_ISSUES } }],
          }),
        );
      return Promise.resolve({ data: { settleBet: { ...bet, status: 'settled' } } });
    }) as never,
  };
  render(
    <MatchkitProvider
      brand="primary"
      transport={transport}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <BetList title="Open bets" empty="None" bets={[bet]} />
    </MatchkitProvider>,
  );
  return sent;
}

describe('BetList', () => {
  it('settles with a result per leg, and asks for a missing one first', async () => {
    const sent = setup();
    fireEvent.click(screen.getByRole('button', { name: `Settle ${TITLE}` }));
    fireEvent.change(screen.getByLabelText(/^Leg 1 result/), { target: { value: 'lost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect(screen.getByLabelText(/^Leg 2 result/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose this leg’s result.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Leg 2 result/), { target: { value: 'won' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.operationName).toBe('SettleBet');
    expect(sent[0]?.variables).toMatchObject({ input: { id: 'bet_1', results: ['lost', 'won'] } });
  });

  it('words a refused impossible settlement for members: the legs by number and side, no sdk paths', async () => {
    setup(true);
    fireEvent.click(screen.getByRole('button', { name: `Settle ${TITLE}` }));
    fireEvent.change(screen.getByLabelText(/^Leg 1 result/), { target: { value: 'won' } });
    fireEvent.change(screen.getByLabelText(/^Leg 2 result/), { target: { value: 'won' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Leg 1 (back) and leg 2 (lay) can’t both win.');
  });

  it('edits through the import: bad odds are explained beside the field, then the sdk’s CSV of the edited bet is sent', async () => {
    const sent = setup();
    fireEvent.click(screen.getByRole('button', { name: `Edit ${TITLE}` }));
    const odds = screen.getAllByLabelText('Odds (decimal)')[1] as HTMLInputElement;
    fireEvent.change(odds, { target: { value: 'evens' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'First qualifier' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(odds.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter decimal odds, such as 3.25.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(odds, { target: { value: '3.3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.operationName).toBe('ImportBets');
    const [edited] = importBetsCsv('primary', String(sent[0]?.variables['csv']));
    expect(edited).toMatchObject({
      id: 'bet_1',
      status: 'open',
      note: 'First qualifier',
      expectedProfit: -76,
      placedAt: Date.parse(bet.placedAt),
    });
    expect(edited?.legs.map((l) => [l.account, l.odds, l.stake, l.commission])).toEqual([
      ['bet-co', 3, 1000, 0],
      ['smarkets', 3.3, 943, 0.02],
    ]);
  });

  it('shows each bet as a row of the table, its actions named with the bet', () => {
    setup();
    const row = screen.getByRole('row', { name: new RegExp(TITLE) });
    expect(row.textContent).toContain('−£0.76 expected');
    for (const action of ['Settle', 'Edit', 'Void', 'Delete'])
      expect(screen.getByRole('button', { name: `${action} ${TITLE}` })).toBeTruthy();
  });

  it('draws only the rows in view of a long list', { timeout: 20_000 }, () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ ...bet, id: `bet_${i}`, event: `Event ${i}` }));
    const { container } = render(
      <MatchkitProvider brand="primary" transport={{ request: () => new Promise(() => {}) as never }} queryClient={new QueryClient()}>
        <BetList title="Open bets" empty="None" bets={many} />
      </MatchkitProvider>,
    );
    expect(container.querySelectorAll('tbody tr').length).toBeLessThan(100);
  });
});
