// The table's rows as the member reads them, rendered in jsdom over a fixed store: an arbitrage row
// is marked by its rating (the hide toggle's test) whatever the ranking, and a short lay quotes the
// lay stake of the ranking shown.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOddsmatcher, type MarketSnapshot } from '@matchkit/sdk/matching';
import { OddsTable } from './OddsTable';
import { rowKey, shownLayStake, type LiveRow, type OddsmatcherStore, type OddsmatcherView } from './store';

afterEach(cleanup);

// jsdom lays nothing out: give elements a size so the virtualiser renders rows (put back after:
// the web project's files share one environment).
const saved = ['clientHeight', 'clientWidth'].map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)] as const);
const savedMatchMedia = window.matchMedia;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 900 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1280 });
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});
afterAll(() => {
  for (const [k, d] of saved) {
    if (d === undefined) Reflect.deleteProperty(HTMLElement.prototype, k);
    else Object.defineProperty(HTMLElement.prototype, k, d);
  }
  window.matchMedia = savedMatchMedia;
});

// Back 2.3 at bet-co, lay 2.2 at smarkets (2%): a rating of about 103% (an arbitrage) but an SNR
// retention of about 58%. The lay has only £7 behind it: short for the qualifying lay (about £10.55),
// enough for the free bet's (about £5.96).
const market: MarketSnapshot = {
  events: [{ id: 'e1', sport: 'football', name: 'A v B', startsAt: '2030-06-01T15:00:00.000Z' }],
  markets: [{ id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e1/mo/home', name: 'A' }] }],
  backPrices: [{ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 2.3 }],
  exchangePrices: [{ exchange: 'smarkets', selectionId: 'e1/mo/home', back: null, lay: { odds: 2.2, liquidity: 700 }, commission: 0.02 }],
  betBuilders: [],
};

function storeOf(rankBy: 'rating' | 'snrRetention', snapshot = market, includeBoosts = false): OddsmatcherStore {
  const engine = createOddsmatcher({ limit: 10, stake: 1000, rankBy, filters: { includeBoosts } });
  engine.load(snapshot);
  const rows: LiveRow[] = engine.getSnapshot().map((row) => {
    const layStake = shownLayStake(row, rankBy);
    return { row, key: rowKey(row), version: rankBy, changedAt: 0, trend: 0, layStake, short: layStake > row.layLiquidity };
  });
  const view: OddsmatcherView = {
    rows,
    hiddenArbs: 0,
    at: 0,
    receivedAt: null,
    simulated: true,
    choices: { sports: [], marketTypes: [], marketNames: {}, bookmakers: [], commissions: {} },
    error: null,
    loaded: true,
  };
  return { subscribe: () => () => undefined, getSnapshot: () => view, connect: () => () => undefined, setOptions: () => undefined };
}

function show(rankBy: 'rating' | 'snrRetention', store = storeOf(rankBy)) {
  render(
    <MemoryRouter>
      <OddsTable store={store} rankBy={rankBy} stake={1000} source="oddsmatcher" selected={null} onSelect={() => undefined} member="m1" />
    </MemoryRouter>,
  );
  const row = screen.getByRole('row', { name: /A v B/ });
  return row;
}

describe('the oddsmatcher table', () => {
  it('marks an arbitrage by its rating when ranked by rating', () => {
    const row = show('rating');
    expect(row.className).toContain('om-arb');
    expect(row.textContent).toContain('(arbitrage)');
    expect(row.textContent).toMatch(/Only £7\.00 to lay £10\.5\d/);
  });

  it('marks the same arbitrage ranked by SNR retention (shown figure under 100%), and warns of no false shortage', () => {
    const row = show('snrRetention');
    expect(row.textContent).toMatch(/5\d\.\d\d%/);
    expect(row.className).toContain('om-arb');
    expect(row.textContent).toContain('(arbitrage)');
    expect(row.textContent).not.toContain('Only £7.00');
  });

  it('marks a price boost, shown when asked, with its price before the boost and its maximum stake', () => {
    const boosted = {
      ...market,
      backPrices: [{ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 2.3, boostedFrom: 2.1, maxStake: 2500 }],
    };
    expect(show('rating', storeOf('rating', boosted, true)).textContent).toContain('Boosted from 2.1, max stake £25.00');
    cleanup();
    // Not asked: the bookmaker's standard price, unmarked.
    const standard = show('rating', storeOf('rating', boosted)).textContent;
    expect(standard).not.toContain('Boosted');
    expect(standard).toContain('2.1');
  });
});
