// What is simulated: the fictional bookmakers, the exchanges and the names of teams, courses,
// horses and golfers, and the shapes of an event's plan.
import type { Market, SportEvent } from '@matchkit/sdk/matching';

/**
 * Fictional bookmakers (lower-case keys), with their margin on a football match-odds book (per
 * mille of overround: 3.5% to 6.5%, as UK books price a Premier League match) and their refresh
 * rhythm. Other markets scale the margin up (`MarketPlan.marginScale`).
 */
export const BOOKMAKERS = [
  { key: 'alder-bet', margin: 45, refreshMs: 20_000 },
  { key: 'birch-bet', margin: 55, refreshMs: 30_000 },
  { key: 'cedar-bet', margin: 65, refreshMs: 45_000 },
  { key: 'elm-bet', margin: 50, refreshMs: 25_000 },
  { key: 'hazel-bet', margin: 35, refreshMs: 15_000 },
  { key: 'rowan-bet', margin: 60, refreshMs: 35_000 },
] as const;
export type BookmakerKey = (typeof BOOKMAKERS)[number]['key'];

/** The sdk's exchange keys with the commission the simulation charges. */
export const EXCHANGES = {
  smarkets: 0.02,
  matchbook: 0.015,
  betdaq: 0.02,
  betfair: 0.05,
  betconnect: 0.03,
} as const;
export type ExchangeKey = keyof typeof EXCHANGES;
export const EXCHANGE_SALT: Record<ExchangeKey, number> = { smarkets: 1, matchbook: 2, betdaq: 3, betfair: 4, betconnect: 5 };

/** The simulated bookmakers' keys (fictional). */
export const SIMULATED_BOOKMAKERS: readonly string[] = Object.freeze(BOOKMAKERS.map((b) => b.key));
/** The exchanges the simulation prices (the sdk's exchange keys). */
export const SIMULATED_EXCHANGES: readonly string[] = Object.freeze(Object.keys(EXCHANGES));

export const TEAMS = [
  'Ambervale',
  'Brackenford',
  'Corriemoor',
  'Dunhallow',
  'Eastwick Forge',
  'Fallowfield Rovers',
  'Glenmarsh',
  'Holloway Mill',
  'Ironbridge Vale',
  'Juniper Town',
  'Kestrel Heath',
  'Larkspur United',
  'Marrowby',
  'Northcote Albion',
  'Oakhollow',
  'Pennyfold',
  'Quarry Lane',
  'Rushmere Athletic',
  'Saltmarsh City',
  'Thornbury Vale',
  'Umberleigh',
  'Vintner Park',
  'Wexcombe',
  'Yarrowby',
];
export const LEAGUES = ['Simulated League A', 'Simulated League B', 'Simulated Cup'];
export const COURSES = [
  'Ashmoor',
  'Bellbrook',
  'Cranleigh Downs',
  'Dovecote Park',
  'Kestrel Downs',
  'Marram Sands',
  'Oxley Vale',
  'Wrenfield',
];
export const HORSE_A = [
  'Quiet',
  'Copper',
  'Silver',
  'Northern',
  'Bold',
  'Velvet',
  'Lucky',
  'Midnight',
  'Amber',
  'Distant',
  'Golden',
  'Rapid',
  'Hidden',
  'Crimson',
  'Gentle',
  'Restless',
];
export const HORSE_B = [
  'Harbour',
  'Kettle',
  'Lantern',
  'Meadow',
  'Arrow',
  'Comet',
  'Echo',
  'Ember',
  'Falcon',
  'Legend',
  'Orchard',
  'Rumour',
  'Signal',
  'Thistle',
  'Voyage',
  'Willow',
];
export const TOURNAMENTS = ['Simulated Links Classic', 'Heathland Masters (sim)', 'Coastal Open (sim)', 'Parkland Championship (sim)'];
export const INITIALS = 'ABCDEFGHJKLMNPRST';
export const SURNAMES = [
  'Ashdown',
  'Blakemore',
  'Carrow',
  'Dellany',
  'Everleigh',
  'Fenwick',
  'Garrity',
  'Holbeck',
  'Ingleby',
  'Jessop',
  'Kilbride',
  'Lomax',
  'Maddox',
  'Norcott',
  'Ormsby',
  'Pendry',
  'Quayle',
  'Rathbone',
  'Sallis',
  'Tenby',
  'Upcott',
  'Varley',
  'Wickham',
  'Yeoman',
];

export type Sport = 'football' | 'horse-racing' | 'golf';
export const SPORT_CODE: Record<Sport, number> = { football: 1, 'horse-racing': 2, golf: 3 };
export const PREFIX: Record<Sport, string> = { football: 'fb', 'horse-racing': 'hr', golf: 'gf' };

export interface RunnerPlan {
  readonly id: string;
  readonly base: number; // integer weight, at most 2000
  readonly key: number; // hash of the runner, seeds its noise
}

export interface ExchangeBook {
  readonly exchange: ExchangeKey;
  /** Absent: the win market; N: the N-place market. */
  readonly places?: number;
  /** No back side (a lay-only exchange). */
  readonly layOnly?: boolean;
  /** Liquidity range, pounds. */
  readonly minPounds: number;
  readonly spanPounds: number;
  /** A locked each-way lay (betconnect's lock bet) on this win-market price. */
  readonly lock?: { readonly places: number; readonly placeFraction: number };
}

export interface BookmakerBook {
  readonly bookmaker: BookmakerKey;
  readonly eachWay?: { readonly places: number; readonly placeFraction: number };
  readonly bestOddsGuaranteed?: true;
  /** The early payout and the runners it is offered on (the teams, not the draw). */
  readonly earlyPayout?: { readonly goalsAhead: number; readonly runners: readonly number[] };
  /**
   * The runner boosted, the boost (per mille of the winnings: 150 turns 3.0 into 3.3) and the most
   * the bookmaker takes at the boosted price, pence.
   */
  readonly boost?: { readonly runner: number; readonly perMille: number; readonly maxStake: number };
  /** Runners this bookmaker prices (indices); absent: all. */
  readonly runners?: readonly number[];
}

export interface MarketPlan {
  readonly market: Market;
  readonly runners: readonly RunnerPlan[];
  readonly exchanges: readonly ExchangeBook[];
  readonly bookmakers: readonly BookmakerBook[];
  /** Margin multiplier of bookmakers on this market, per mille (racing and golf carry more). */
  readonly marginScale: number;
}

export interface BuilderPlan {
  readonly id: string;
  readonly bookmaker: BookmakerKey;
  readonly legs: readonly { readonly market: number; readonly runner: number }[];
  readonly margin: number; // per mille
}

export interface EventPlan {
  readonly event: SportEvent;
  readonly markets: readonly MarketPlan[];
  readonly builders: readonly BuilderPlan[];
}
