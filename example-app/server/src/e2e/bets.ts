// Tracked bets for the end-to-end tests: one for each tracker-totals endpoint of a brand (of the
// shape the endpoint counts: part-lays, no-lay bets or any), a free-bet offer and a manual bet,
// with the results each is settled with (or void, or left open).
import type { EndpointTotals } from '@matchkit/sdk/tracker';
import type { RecordBetMutationVariables } from '@matchkit/sdk/transport';

export type BetInput = RecordBetMutationVariables['input'];
type Leg = BetInput['legs'][number];
type Result = 'won' | 'lost' | 'void';

/** A bet to record and what then happens to it. */
export interface PlannedBet {
  readonly input: BetInput;
  /** One result per leg to settle with, 'void' to void the bet as a whole, or null to leave it open. */
  readonly outcome: readonly Result[] | 'void' | null;
}

const PROFIT_TYPES = ['guaranteed', 'potential', 'ev', 'training'] as const;

const back = (account: string, odds: number, stake: number, role: Leg['role'] = 'qualifying'): Leg => ({
  role,
  side: 'back',
  account,
  odds,
  stake,
  result: 'pending',
});
const lay = (account: string, odds: number, stake: number, commission: number, role: Leg['role'] = 'qualifying'): Leg => ({
  role,
  side: 'lay',
  account,
  odds,
  stake,
  commission,
  result: 'pending',
});

/** Legs of the shape `selects` counts, with results that settle them (the back loses, the lays win, or the other way round). */
function legsFor(selects: EndpointTotals['selects'], i: number): { legs: Leg[]; results: Result[] } {
  const backWins = i % 2 === 0;
  const b: Result = backWins ? 'won' : 'lost';
  const l: Result = backWins ? 'lost' : 'won';
  switch (selects) {
    case 'no-lay':
      return { legs: [back('bet-co', 3.5 + i / 10, 500 + 10 * i)], results: [b] };
    case 'part-lay':
      return { legs: [back('bet-co', 4.2, 2000), lay('smarkets', 4.4, 1100, 0.02), lay('matchbook', 4.5, 830, 0.01)], results: [b, l, l] };
    case 'all':
      return { legs: [back('bet-co', 2.1 + i / 20, 1000 + 50 * i), lay('smarkets', 2.16 + i / 20, 985 + 50 * i, 0.02)], results: [b, l] };
  }
}

/**
 * The bets of the journey for a brand's endpoints (`endpointTotals(brand, [])`): every other one
 * settled, the rest left open; plus a free bet (settled), a manual bet that is voided.
 */
export function plannedBets(entries: readonly EndpointTotals[]): PlannedBet[] {
  const bets: PlannedBet[] = entries.map((entry, i) => {
    const { legs, results } = legsFor(entry.selects, i);
    const source = entry.sources[0];
    if (source === undefined) throw new Error(`endpoint ${entry.endpoint} counts no source`);
    return {
      input: {
        source,
        profitType: PROFIT_TYPES[i % PROFIT_TYPES.length] ?? 'guaranteed',
        event: `Event ${i + 1}`,
        market: 'Match Odds',
        selection: `Selection ${i + 1}`,
        legs,
        expectedProfit: -25 - i,
        placedAt: new Date(Date.UTC(2026, 1, 10 + i, 18, 30)).toISOString(),
        note: `${entry.endpoint} ${JSON.stringify(entry.params)}`,
      },
      outcome: i % 3 === 2 ? null : results,
    };
  });
  bets.push({
    input: {
      source: 'manual',
      profitType: 'guaranteed',
      event: 'Rovers v United',
      market: 'Match Odds',
      selection: 'Rovers',
      legs: [{ ...back('bet-co', 5.0, 2000, 'free-bet'), freeBet: 'snr' }, lay('smarkets', 5.2, 1560, 0.02, 'free-bet')],
      expectedProfit: 1500,
      placedAt: '2026-02-25T19:45:00Z',
      note: 'A £20 free bet (stake not returned)',
    },
    outcome: ['lost', 'won'],
  });
  bets.push({
    input: {
      source: 'manual',
      profitType: 'potential',
      event: 'Race 3',
      market: 'Win',
      selection: 'Horse 7',
      legs: [back('bet-co', 8.0, 1000)],
      expectedProfit: 120,
      placedAt: '2026-02-26T14:10:00Z',
      note: null,
    },
    outcome: 'void',
  });
  return bets;
}
