// Your alerts over a stubbed server: the alerts with their rule in words and paused state, Pause and
// Resume, Delete after a confirmation, the matches newest first with the server's link to their
// alert's tool at each; empty states in words; a plan without the oddsmatcher sees the locked tool.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { GqlOddsAlert, GqlOddsAlertMatch, GraphQLClient } from '@matchkit/sdk/transport';
import { testMember } from '../../testing/member';
import { renderRouter } from '../../testing/renderRouter';
import { AlertsPage } from './AlertsPage';

afterEach(cleanup);

const alert = (id: string, name: string, extra: Partial<GqlOddsAlert> = {}): GqlOddsAlert => ({
  id,
  tool: 'oddsmatcher',
  name,
  minRating: 95,
  minProfit: null,
  stake: null,
  bookmaker: null,
  sport: null,
  withinHours: null,
  minLiquidity: null,
  commissions: [],
  paused: false,
  createdAt: '2026-12-01T10:00:00.000Z',
  href: '/oddsmatching?rating=95',
  ...extra,
});

const match = (foundAt: string, selectionName: string, key: string, extra: Partial<GqlOddsAlertMatch> = {}): GqlOddsAlertMatch => ({
  alertId: 'a1',
  alertName: 'Football',
  tool: 'oddsmatcher',
  eventName: 'Arsenal v Spurs',
  marketName: 'Match Odds',
  selectionName,
  bookmaker: 'bet-co',
  exchange: 'smarkets',
  backOdds: 2.1,
  layOdds: 2.12,
  placeLayOdds: null,
  profit: null,
  stake: null,
  rating: 97.25,
  startsAt: '2026-12-05T15:00:00.000Z',
  foundAt,
  notifiedAt: foundAt,
  href: `/oddsmatching?rating=95&sport=football&match=${encodeURIComponent(key)}`,
  ...extra,
});

function setup({
  alerts = [alert('a1', 'Football', { sport: 'football', minLiquidity: 5000 }), alert('a2', 'Late tennis', { paused: true })],
  matches = [match('2026-12-03T09:30:00.000Z', 'Arsenal', 'e1/mo/home|bet-co|smarkets')],
  withPlan = true,
}: { alerts?: GqlOddsAlert[]; matches?: GqlOddsAlertMatch[]; withPlan?: boolean } = {}) {
  let held = alerts;
  const sent: { query: string; variables: unknown }[] = [];
  const transport: Pick<GraphQLClient, 'request'> = {
    request: ((req: { query: string; variables?: Record<string, unknown> }) => {
      const text = String(req.query);
      sent.push({ query: text, variables: req.variables });
      const vars = req.variables ?? {};
      if (text.includes('setOddsAlertPaused')) {
        held = held.map((a) => (a.id === vars['id'] ? { ...a, paused: vars['paused'] === true } : a));
        return Promise.resolve({ data: { setOddsAlertPaused: { ok: true, error: null, alert: held.find((a) => a.id === vars['id']) } } });
      }
      if (text.includes('deleteOddsAlert')) {
        held = held.filter((a) => a.id !== vars['id']);
        return Promise.resolve({ data: { deleteOddsAlert: { ok: true, error: null, alert: null } } });
      }
      if (text.includes('myOddsAlertMatches')) return Promise.resolve({ data: { myOddsAlertMatches: matches } });
      if (text.includes('myOddsAlerts')) return Promise.resolve({ data: { myOddsAlerts: held } });
      const me = testMember('primary', 'platinum', withPlan ? {} : { capabilities: [] });
      return Promise.resolve({ data: { me, quickLinks: [] } });
    }) as never,
  };
  renderRouter(createMemoryRouter([{ path: '/user/alerts', element: <AlertsPage /> }], { initialEntries: ['/user/alerts'] }), transport);
  return { sent: (op: string) => sent.filter((s) => s.query.includes(op)).map((s) => s.variables) };
}

describe('Your alerts', () => {
  it('lists each alert with its rule in words and whether it is paused, and the matches with links to each', async () => {
    setup();
    const football = await screen.findByRole('listitem', { name: /Football/ });
    expect(within(football).getByText('On')).toBeTruthy();
    expect(football.textContent).toContain('Rating 95% or more · Football · any bookmaker · £50.00 or more to lay');
    expect(within(football).getByRole('link', { name: 'Open the Oddsmatcher with these filters' }).getAttribute('href')).toBe(
      '/oddsmatching?rating=95',
    );
    const tennis = screen.getByRole('listitem', { name: /Late tennis/ });
    expect(within(tennis).getByText('Paused')).toBeTruthy();
    expect(within(tennis).getByRole('button', { name: 'Resume Late tennis' })).toBeTruthy();

    const found = await screen.findByRole('table', { name: 'Matches your alerts found, newest first' });
    const row = within(found).getByRole('row', { name: /Arsenal/ });
    expect(row.textContent).toContain('97.25%');
    expect(row.textContent).toContain('Thu 3 Dec, 09:30');
    expect(
      within(row)
        .getByRole('link', { name: /in the oddsmatcher/ })
        .getAttribute('href'),
    ).toBe('/oddsmatching?rating=95&sport=football&match=e1%2Fmo%2Fhome%7Cbet-co%7Csmarkets');
  });

  it('links a price boost alert’s match to the price boost tracker, named as the brand names it', async () => {
    setup({
      matches: [
        match('2026-12-03T09:30:00.000Z', 'Chelsea', 'e2/mo/home|bet-co|smarkets', {
          alertId: 'a3',
          alertName: 'Boosts',
          tool: 'priceBoostTracker',
          href: '/price-boost-tracker?minRating=100&match=e2%2Fmo%2Fhome%7Cbet-co%7Csmarkets',
        }),
      ],
    });
    const found = await screen.findByRole('table', { name: 'Matches your alerts found, newest first' });
    const link = within(within(found).getByRole('row', { name: /Chelsea/ })).getByRole('link', {
      name: 'Open in the price boost tracker: Chelsea, Arsenal v Spurs',
    });
    expect(link.getAttribute('href')).toBe('/price-boost-tracker?minRating=100&match=e2%2Fmo%2Fhome%7Cbet-co%7Csmarkets');
  });

  it('lists a 2UP matcher alert with the tool’s name, and its match links to the 2UP matcher', async () => {
    setup({
      alerts: [alert('a4', '2UP at Bet Co', { tool: 'twoUpMatcher', bookmaker: 'bet-co', href: '/2up-matcher?bm=bet-co' })],
      matches: [
        match('2026-12-03T09:30:00.000Z', 'Chelsea', 'e2/mo/home|bet-co', {
          alertId: 'a4',
          alertName: '2UP at Bet Co',
          tool: 'twoUpMatcher',
          href: '/2up-matcher?bm=bet-co&match=e2%2Fmo%2Fhome%7Cbet-co',
        }),
      ],
    });
    const item = await screen.findByRole('listitem', { name: /2UP at Bet Co/ });
    expect(within(item).getByRole('link', { name: 'Open the 2UP Matcher with these filters' }).getAttribute('href')).toBe(
      '/2up-matcher?bm=bet-co',
    );
    const found = await screen.findByRole('table', { name: 'Matches your alerts found, newest first' });
    const link = within(found).getByRole('link', { name: 'Open in the 2UP matcher: Chelsea, Arsenal v Spurs' });
    expect(link.getAttribute('href')).toBe('/2up-matcher?bm=bet-co&match=e2%2Fmo%2Fhome%7Cbet-co');
  });

  it('says which of the member’s own commissions an alert rates at', async () => {
    setup({ alerts: [alert('a5', 'Own rates', { commissions: [{ exchange: 'smarkets', commission: 0 }] })], matches: [] });
    const item = await screen.findByRole('listitem', { name: /Own rates/ });
    expect(within(item).getByText(/at your commission: Smarkets 0%/)).toBeTruthy();
  });

  it('pauses an alert and shows it paused', async () => {
    const { sent } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Football' }));
    const football = screen.getByRole('listitem', { name: /Football/ });
    await waitFor(() => expect(within(football).getByText('Paused')).toBeTruthy());
    expect(sent('setOddsAlertPaused')).toEqual([{ id: 'a1', paused: true }]);
  });

  it('deletes an alert only once the member confirms', async () => {
    const { sent } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Late tennis' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this alert?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent('deleteOddsAlert')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Late tennis' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete alert' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /Late tennis/ })).toBeNull());
    expect(sent('deleteOddsAlert')).toEqual([{ id: 'a2' }]);
    expect(screen.getByRole('listitem', { name: /Football/ })).toBeTruthy();
  });

  it('says in words that there are no alerts and no matches yet', async () => {
    setup({ alerts: [], matches: [] });
    expect(await screen.findByText('No alerts yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Oddsmatcher' }).getAttribute('href')).toBe('/oddsmatching');
    // Every tool alerts watch that the plan includes, not the oddsmatcher only (platinum: no price boost tracker).
    expect(screen.getByRole('link', { name: 'Open the 2UP Matcher' }).getAttribute('href')).toBe('/2up-matcher');
    expect(screen.getByRole('link', { name: 'Open the Each Way Catcher' }).getAttribute('href')).toBe('/each-way-catcher');
    expect(
      screen.getByText(/Set the filters of the Oddsmatcher, the 2UP Matcher, the Each Way Catcher or the Extra Place Catcher/),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Price Boost Tracker/i })).toBeNull();
    expect(await screen.findByText('No matches found yet')).toBeTruthy();
  });

  it('shows a member without the oddsmatcher in their plan the locked tool instead of the alerts', async () => {
    // Every plan of both brands includes the oddsmatcher: a member without a plan has none.
    const { sent } = setup({ withPlan: false });
    expect(await screen.findByRole('heading', { name: /Oddsmatcher is in the .* plan/ })).toBeTruthy();
    expect(sent('myOddsAlerts')).toEqual([]);
  });
});
