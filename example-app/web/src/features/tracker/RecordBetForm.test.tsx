import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { RecordBetForm } from './RecordBetForm';

afterEach(cleanup);

function setup() {
  const sent: Record<string, unknown>[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { variables?: Record<string, unknown> }) => {
      sent.push(req.variables ?? {});
      return Promise.resolve({ data: { recordBet: { id: 'bet_1' } } });
    }) as never,
  };
  render(
    <MatchkitProvider brand="primary" transport={transport} queryClient={new QueryClient()}>
      <RecordBetForm />
    </MatchkitProvider>,
  );
  return sent;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RecordBetForm', () => {
  it('explains each missing or bad field beside it and sends nothing', () => {
    const sent = setup();
    type('Odds (decimal)', 'evens');
    fireEvent.click(screen.getByRole('button', { name: 'Record bet' }));
    expect(screen.getByText('Enter the event, such as Arsenal v Spurs.')).toBeTruthy();
    const odds = screen.getByLabelText('Odds (decimal)');
    expect(odds.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(odds.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter decimal odds, such as 3.25.');
    expect(sent).toEqual([]);
  });

  it('records a manual back and lay in pence, commission as a fraction', async () => {
    const sent = setup();
    type('Event', 'Arsenal v Spurs');
    type('Selection', 'Arsenal');
    type('Bookmaker', 'bet-co');
    type('Odds (decimal)', '3');
    type('Stake (£)', '10');
    type('Exchange', 'smarkets');
    type('Lay odds (decimal)', '3.2');
    type('Lay stake (£)', '9.43');
    type('Commission (%)', '2');
    type('Expected profit (£, negative for a qualifying loss)', '-0.76');
    fireEvent.click(screen.getByRole('button', { name: 'Record bet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      input: {
        source: 'manual',
        profitType: 'guaranteed',
        event: 'Arsenal v Spurs',
        selection: 'Arsenal',
        expectedProfit: -76,
        legs: [
          { side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
          { side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
        ],
      },
    });
  });
});
