// The table's rows as the member reads them, rendered in jsdom over a fixed store: an arbitrage row
// is marked by its rating (the hide toggle's test) whatever the ranking, and a short lay quotes the
// lay stake of the ranking shown.
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createOddsmatcher, type MarketSnapshot } from '@matchkit/sdk/matching';
import { MatchGone, OddsTable } from './OddsTable';
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

function storeOf(rankBy: 'rating' | 'snrRetention', snapshot = market, includeBoosts = false, limit = 10): OddsmatcherStore {
  const engine = createOddsmatcher({ limit, stake: 1000, rankBy, filters: { includeBoosts } });
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
  return {
    subscribe: () => () => undefined,
    getSnapshot: () => view,
    connect: () => () => undefined,
    setOptions: () => undefined,
    showMatch: () => undefined,
  };
}

/** One market of `n` selections, each a row, ranked in selection order (the back price falls a tick a runner). */
function runners(n: number): MarketSnapshot {
  const ids = Array.from({ length: n }, (_, i) => `e1/mo/r${i}`);
  return {
    ...market,
    markets: [
      { id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: ids.map((id, i) => ({ id, name: `Runner ${i}` })) },
    ],
    backPrices: ids.map((selectionId, i) => ({ bookmaker: 'bet-co', selectionId, odds: 2.3 - i * 0.01 })),
    exchangePrices: ids.map((selectionId) => ({
      exchange: 'smarkets',
      selectionId,
      back: null,
      lay: { odds: 2.32, liquidity: 100_000 },
      commission: 0.02,
    })),
  };
}

/** `base` whose rows the test changes (as a patch would), its listeners told. */
function movable(base: OddsmatcherStore) {
  let view = base.getSnapshot();
  const listeners = new Set<() => void>();
  const store: OddsmatcherStore = {
    ...base,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => view,
  };
  const setRows = (rows: readonly LiveRow[]) => {
    view = { ...view, rows: [...rows] };
    for (const listener of [...listeners]) listener();
  };
  return { store, setRows };
}

/** The table over `store`, opened at `current` (a row's key) when given. */
function renderTable(store: OddsmatcherStore, rankBy: 'rating' | 'snrRetention' = 'rating', current?: string) {
  render(
    <MemoryRouter>
      <OddsTable
        store={store}
        rankBy={rankBy}
        stake={1000}
        source="oddsmatcher"
        selected={null}
        onSelect={() => undefined}
        member="m1"
        current={current}
      />
    </MemoryRouter>,
  );
}

function show(rankBy: 'rating' | 'snrRetention', store = storeOf(rankBy), current?: string) {
  renderTable(store, rankBy, current);
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

  it('opened at a match (an alert’s link), marks that row current, tints it and focuses it', () => {
    const row = show('rating', storeOf('rating'), rowKey({ selectionId: 'e1/mo/home', bookmaker: 'bet-co', exchange: 'smarkets' }));
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(row.className).toContain('om-current');
    // The current match's tint replaces the arbitrage's.
    expect(row.className).not.toContain('om-arb');
    expect(document.activeElement).toBe(row);
  });

  it('scrolls a current match far down the list into view before focusing it', async () => {
    // jsdom scrolls nothing: a box's scrollTo sets its scrollTop and fires the scroll event the virtualiser follows.
    const savedScrollTo = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      value(this: Element, options: ScrollToOptions) {
        // jsdom's own scrollTop stays 0 whatever is set.
        Object.defineProperty(this, 'scrollTop', { configurable: true, writable: true, value: options.top ?? 0 });
        this.dispatchEvent(new Event('scroll'));
      },
    });
    // ... and lays nothing out: the box's content as tall as 60 rows of 64 px, the most it may scroll.
    const savedScrollHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 64 * 61 });
    onTestFinished(() => {
      if (savedScrollHeight === undefined) Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
      else Object.defineProperty(HTMLElement.prototype, 'scrollHeight', savedScrollHeight);
      if (savedScrollTo === undefined) Reflect.deleteProperty(Element.prototype, 'scrollTo');
      else Object.defineProperty(Element.prototype, 'scrollTo', savedScrollTo);
    });
    const n = 60;
    const store = storeOf('rating', runners(n), false, n);
    const last = store.getSnapshot().rows.at(-1);
    expect(last?.row.selectionName).toBe(`Runner ${n - 1}`);
    renderTable(store, 'rating', last?.key);
    const row = await screen.findByRole('row', { name: new RegExp(`Runner ${n - 1}\\b`) });
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(row);
    expect(screen.getAllByRole('row', { current: true })).toHaveLength(1);
  });

  it('says above the table when the match an alert opened the page at is gone, and nothing while it is there', () => {
    const store = storeOf('rating');
    const here = rowKey({ selectionId: 'e1/mo/home', bookmaker: 'bet-co', exchange: 'smarkets' });
    const { unmount } = render(<MatchGone store={store} match={here} />);
    expect(screen.queryByText(/no longer available/)).toBeNull();
    unmount();
    render(<MatchGone store={store} match="e9/mo/away|bet-co|smarkets" />);
    expect(screen.getByRole('status').textContent).toMatch(/^That match is no longer available/);
  });

  it('does not focus a current match later, when it comes back after leaving the list before it was shown', () => {
    const n = 60;
    const { store, setRows } = movable(storeOf('rating', runners(n), false, n));
    const all = store.getSnapshot().rows;
    const last = all[n - 1];
    if (last === undefined) throw new Error('no last row');
    // jsdom scrolls nothing here: the last row is found but never rendered.
    renderTable(store, 'rating', last.key);
    expect(screen.queryAllByRole('row', { current: true })).toEqual([]);
    act(() => setRows(all.slice(0, n - 1)));
    // Back, at the top: marked, but the member's focus stays where it is.
    act(() => setRows([last, ...all.slice(0, n - 1)]));
    const row = screen.getByRole('row', { current: true });
    expect(row.textContent).toContain(`Runner ${n - 1}`);
    expect(document.activeElement).not.toBe(row);
  });
});
