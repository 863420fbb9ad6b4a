import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import { TransportError, type GraphQLClient } from '@matchkit/sdk/transport';
import { backLayBet } from '@matchkit/sdk/tracker';
import { formatPence } from '../../components/money';
import { RecordBetForm } from './RecordBetForm';

afterEach(cleanup);

function setup(refusal?: string, issues?: readonly { path: string; message: string }[]) {
  const sent: Record<string, unknown>[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { variables?: Record<string, unknown> }) => {
      sent.push(req.variables ?? {});
      if (refusal !== undefined)
        return Promise.reject(
          new TransportError('graphql', refusal, {
            graphQLErrors: [{ message: refusal, extensions: { code: 'BAD_INPUT', ...(issues === undefined ? {} : { issues }) } }],
          }),
        );
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

  const backAndLay = (layStake: string) => {
    type('Event', 'Arsenal v Spurs');
    type('Selection', 'Arsenal');
    type('Bookmaker', 'bet-co');
    type('Odds (decimal)', '3');
    type('Stake (£)', '10');
    type('Exchange', 'smarkets');
    type('Lay odds (decimal)', '3.2');
    type('Lay stake (£, blank for the calculator’s)', layStake);
    type('Commission (%)', '2');
  };

  it('records a manual back and lay in pence, commission as a fraction, the expected profit the sdk’s for those legs', async () => {
    const sent = setup();
    backAndLay('9.43');
    // The legs determine the profit: no field to type it into, the sdk's figure shown instead.
    expect(screen.queryByLabelText('Expected profit (£, negative for a qualifying loss)')).toBeNull();
    expect(screen.getByRole('status', { name: 'Expected profit' }).textContent).toContain('−£0.76');
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

describe('RecordBetForm, the legs and the server', () => {
  it('a blank lay stake is the calculator’s, with the profit backLayBet gives; an underlay is settled as placed', async () => {
    const sent = setup();
    type('Event', 'Arsenal v Spurs');
    type('Selection', 'Arsenal');
    type('Bookmaker', 'bet-co');
    type('Odds (decimal)', '3');
    type('Stake (£)', '10');
    type('Exchange', 'smarkets');
    type('Lay odds (decimal)', '3.2');
    type('Commission (%)', '2');
    const bet = backLayBet({
      source: 'manual',
      event: 'e',
      market: 'm',
      selection: 's',
      bookmaker: 'b',
      exchange: 'x',
      placedAt: 0,
      calculation: { backStake: 1000, backOdds: 3, layOdds: 3.2, layCommission: 0.02 },
    });
    const shown = screen.getByRole('status', { name: 'Expected profit' });
    expect(shown.textContent).toContain(formatPence(bet.expectedProfit));
    expect(shown.textContent).toContain(`lay stake of ${formatPence(bet.legs[1]?.stake ?? 0)}`);
    // An underlay (£5 laid): the bet loses £5.10 when the back loses (−1000 + 500 × 0.98), which is worse.
    type('Lay stake (£, blank for the calculator’s)', '5');
    expect(shown.textContent).toContain('−£5.10');
    type('Lay stake (£, blank for the calculator’s)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Record bet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      input: { expectedProfit: bet.expectedProfit, legs: [{ stake: 1000 }, { stake: bet.legs[1]?.stake }] },
    });
  });

  it('a back alone has its expected profit typed by the member', async () => {
    const sent = setup();
    fireEvent.click(screen.getByLabelText('Laid at an exchange'));
    type('Event', 'Race 1');
    type('Selection', 'Horse');
    type('Bookmaker', 'bet-co');
    type('Odds (decimal)', '6');
    type('Stake (£)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Record bet' }));
    expect(screen.getByText('Enter an amount in pounds, such as 10.50 or -3.20.')).toBeTruthy();
    type('Expected profit (£, negative for a qualifying loss)', '0.40');
    fireEvent.click(screen.getByRole('button', { name: 'Record bet' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ input: { expectedProfit: 40, legs: [{ side: 'back', odds: 6, stake: 500 }] } });
  });

  it('puts each of the server’s BAD_INPUT issues beside the field its path names, the rest in the summary', async () => {
    setup(
      'Invalid tracked bet:\n  - legs.0.odds: must be at most 1000\n  - legs.1.account: must be a non-empty string\n  - placedAt: must not be in the future',
    );
    type('Event', 'Arsenal v Spurs');
    type('Selection', 'Arsenal');
    type('Bookmaker', 'bet-co');
    type('Odds (decimal)', '3');
    type('Stake (£)', '10');
    type('Exchange', 'smarkets');
    type('Lay odds (decimal)', '3.2');
    type('Commission (%)', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Record bet' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The bet was not recorded: placedAt: must not be in the future');
    const described = (label: string) => {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(described('Odds (decimal)')).toBe('Must be at most 1000.');
    expect(described('Exchange')).toBe('Must be a non-empty string.');
    expect(screen.getByLabelText('Lay odds (decimal)').getAttribute('aria-invalid')).toBeNull();
  });

  it('prefers the server’s structured issues (extensions.issues) to reading its message', async () => {
    setup('Bad input, worded any way', [
      { path: 'legs.1.odds', message: 'must be greater than 1' },
      { path: 'placedAt', message: 'must not be in the future' },
    ]);
    type('Event', 'Arsenal v Spurs');
    type('Selection', 'Arsenal');
    type('Bookmaker', 'bet-co');
    type('Odds (decimal)', '3');
    type('Stake (£)', '10');
    type('Exchange', 'smarkets');
    type('Lay odds (decimal)', '3.2');
    type('Commission (%)', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Record bet' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The bet was not recorded: placedAt: must not be in the future');
    const lay = screen.getByLabelText('Lay odds (decimal)');
    expect(lay.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(lay.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Must be greater than 1.');
  });
});
