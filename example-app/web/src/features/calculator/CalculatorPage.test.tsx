import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { backLay, roundForDisplay, type BackLayInput } from '@matchkit/sdk/calculators';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { calculatorPath, type CalculatorLink } from '../../app/paths';
import { CalculatorPage } from './CalculatorPage';
import { renderRouter } from '../../testing/renderRouter';
import { formatPence } from '../../components/money';

// The page over the sdk's real backLay: the figures are the sdk's for every bet type and strategy,
// a bad field is explained beside it, the address follows the form and the form follows an
// address from outside. The server is either never answering (offline) or says "signed out".

afterEach(cleanup);

/** The sdk's figure as the app's one formatter shows it (a loss with the minus sign "−"). */
const money = (pence: number) => formatPence(roundForDisplay(pence, 0));

/** A signed-in member with these capability codes (only what the page reads). */
const memberWith = (capabilities: readonly string[]) => ({ uid: { global: 'm1' }, capabilities, additionalCapabilities: [] });
const TRACKER = getBrand('primary').features.find((f) => f.key === 'profitTracker')?.capabilities[0] ?? '';

function setup(path: string, me: 'pending' | 'signed-out' | ReturnType<typeof memberWith> = 'pending') {
  const transport: Pick<GraphQLClient, 'request'> = {
    request: () =>
      (me === 'pending'
        ? new Promise(() => {})
        : Promise.resolve({ data: { me: me === 'signed-out' ? null : me, brand: 'primary' } })) as never,
  };
  const router = createMemoryRouter(
    [
      { path: '/calculator', element: <CalculatorPage /> },
      { path: '/login', element: <p>sign in page</p> },
    ],
    { initialEntries: [path] },
  );
  renderRouter(router, transport);
  return router;
}

const figures = () => ({
  layStake: screen.getByTestId('lay-stake').textContent,
  liability: screen.getByTestId('liability').textContent,
  ifWins: screen.getByTestId('profit-if-wins').textContent,
  ifLoses: screen.getByTestId('profit-if-loses').textContent,
});

function expected(input: BackLayInput) {
  const r = backLay(input);
  return { layStake: money(r.layStake), liability: money(r.liability), ifWins: money(r.profitIfWins), ifLoses: money(r.profitIfLoses) };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CalculatorPage', () => {
  const cases: [string, CalculatorLink, BackLayInput][] = [
    [
      'qualifying, normal',
      { betType: 'qualifying', strategy: 'normal', stake: 1000, backOdds: 3, layOdds: 3.2, backCommission: 0, layCommission: 0.02 },
      { betType: 'qualifying', strategy: 'normal', backStake: 1000, backOdds: 3, layOdds: 3.2, layCommission: 0.02 },
    ],
    [
      'free bet SNR, overlay',
      { betType: 'snr', strategy: 'overlay', stake: 2500, backOdds: 6, layOdds: 6.4, backCommission: 0, layCommission: 0.03 },
      { betType: 'snr', strategy: 'overlay', backStake: 2500, backOdds: 6, layOdds: 6.4, layCommission: 0.03 },
    ],
    [
      'free bet SR, underlay, back commission',
      { betType: 'sr', strategy: 'underlay', stake: 500, backOdds: 2.5, layOdds: 2.6, backCommission: 0.05, layCommission: 0 },
      { betType: 'sr', strategy: 'underlay', backStake: 500, backOdds: 2.5, layOdds: 2.6, backCommission: 0.05, layCommission: 0 },
    ],
    [
      'refund, normal',
      {
        betType: 'refund',
        strategy: 'normal',
        stake: 2000,
        backOdds: 4,
        layOdds: 4.3,
        backCommission: 0,
        layCommission: 0.02,
        refund: 1000,
        retention: 0.75,
      },
      {
        betType: 'refund',
        strategy: 'normal',
        backStake: 2000,
        backOdds: 4,
        layOdds: 4.3,
        layCommission: 0.02,
        refund: { amount: 1000, retention: 0.75 },
      },
    ],
  ];
  it.each(cases)('%s: the figures are the sdk’s', (_name, link, input) => {
    setup(calculatorPath(link));
    expect(figures()).toEqual(expected(input));
    expect(screen.getByRole('status', { name: '' }).textContent).toContain(`Lay ${money(backLay(input).layStake)}`);
  });

  it('explains a bad field beside it, and an empty one only in the result', () => {
    setup('/calculator');
    expect(screen.getByText('Enter the back odds and the lay odds to see the result.', { selector: '[role=status]' })).toBeTruthy();
    expect(screen.getByLabelText('Back odds (decimal)').getAttribute('aria-invalid')).toBeNull();
    type('Back odds (decimal)', '1');
    const odds = screen.getByLabelText('Back odds (decimal)');
    expect(odds.getAttribute('aria-invalid')).toBe('true');
    const described = (odds.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Decimal odds must be more than 1 and at most 1,000,000.');
    type('Back stake (£)', '10.555');
    expect(screen.getByText('Enter pounds and pence, such as 10.50.')).toBeTruthy();
    type('Lay commission (%)', '100');
    expect(screen.getByText('Enter a commission from 0% to less than 100%.')).toBeTruthy();
  });

  it('a refund larger than the stake is explained beside the refund', () => {
    setup(calculatorPath({ betType: 'refund', stake: 1000, backOdds: 3, layOdds: 3.2, refund: 1500, retention: 0.7 }));
    expect(screen.getByText('A refund cannot be more than the stake.')).toBeTruthy();
  });

  it('the address follows the form, and the form follows an address from outside', async () => {
    const router = setup(calculatorPath({ backOdds: 3, layOdds: 3.2 }));
    type('Lay odds (decimal)', '3.5');
    fireEvent.click(screen.getByLabelText('Overlay'));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('lay'), params.get('strategy'), params.get('stake')]).toEqual(['3.5', 'overlay', '10.00']);
    await act(() => router.navigate(calculatorPath({ betType: 'snr', stake: 500, backOdds: 4, layOdds: 4.2, layCommission: 0 })));
    expect((screen.getByLabelText('Free bet amount (£)') as HTMLInputElement).value).toBe('5.00');
    expect(figures()).toEqual(expected({ betType: 'snr', backStake: 500, backOdds: 4, layOdds: 4.2, layCommission: 0 }));
  });

  it('shows where the bet comes from, and a signed-out visitor a sign-in link back to it', async () => {
    const link = { backOdds: 3, layOdds: 3.2, event: 'Arsenal v Spurs', selection: 'Arsenal', exchange: 'smarkets' };
    setup(calculatorPath(link), 'signed-out');
    expect(screen.getByText('Arsenal v Spurs')).toBeTruthy();
    expect(screen.getByText('Smarkets')).toBeTruthy();
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(calculatorPath(link))}`);
  });

  it('a member without the profit tracker sees why; one with it is asked for the bet’s details beside their fields', async () => {
    setup(calculatorPath({ backOdds: 3, layOdds: 3.2 }), memberWith([]));
    await screen.findByText(/Your plan does not include the profit tracker/);
    cleanup();
    setup(calculatorPath({ backOdds: 3, layOdds: 3.2, event: 'Arsenal v Spurs' }), memberWith([TRACKER]));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to profit tracker' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Fill in the market, selection, bookmaker and exchange to record the bet.',
    );
    expect(screen.getByLabelText('Market').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Event').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Choose the exchange.')).toBeTruthy();
  });
});
