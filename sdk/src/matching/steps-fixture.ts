// A test fixture shared by the stepped-loading tests (not shipped: no public entry reaches it).

/**
 * A snapshot of n events, one two-runner market each, two bookmakers and one exchange per runner;
 * `lift` raises every back price (a different ranking from the same events).
 */
export function snapshotOf(n: number, lift = 0) {
  const events = [];
  const markets = [];
  const backPrices = [];
  const exchangePrices = [];
  for (let e = 0; e < n; e++) {
    events.push({ id: `e${e}`, sport: 'football', name: `Home ${e} v Away ${e}`, startsAt: '2030-06-01T15:00:00.000Z' });
    markets.push({
      id: `e${e}/mo`,
      eventId: `e${e}`,
      type: 'match-odds',
      name: 'Match Odds',
      runners: [
        { id: `e${e}/h`, name: 'Home' },
        { id: `e${e}/a`, name: 'Away' },
      ],
    });
    for (const r of ['h', 'a']) {
      for (const bookmaker of ['bet-co', 'odds-r-us'])
        backPrices.push({ bookmaker, selectionId: `e${e}/${r}`, odds: 2 + (e % 7) / 10 + lift });
      exchangePrices.push({
        exchange: 'smarkets',
        selectionId: `e${e}/${r}`,
        commission: 0.02,
        back: null,
        lay: { odds: 2.1 + (e % 5) / 10, liquidity: 10_000 },
      });
    }
  }
  return { events, markets, backPrices, exchangePrices };
}
