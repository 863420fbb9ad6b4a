// Recorded-shape fixtures of The Odds API v4, written for this project: the documented fields
// and nesting, real bookmaker keys as the provider lists them for the UK region, real club names,
// fictional tennis players and ids, and prices made up to look like a market (bookmakers a few
// per cent over the exchanges, exchange back below lay). Times are relative to `at`, so the
// events always start in the future of the clock a test runs on.

/** A sport as `/v4/sports` answers it. */
export interface FixtureSport {
  key: string;
  group: string;
  title: string;
  description: string;
  active: boolean;
  has_outrights: boolean;
}

/** An outcome of an odds answer. */
export interface FixtureOutcome {
  name: string;
  price: number;
  bet_limit?: number;
}
/** A market of an odds answer. */
export interface FixtureMarket {
  key: string;
  last_update: string;
  outcomes: FixtureOutcome[];
}
/** A bookmaker of an odds answer. */
export interface FixtureBookmaker {
  key: string;
  title: string;
  last_update: string;
  markets: FixtureMarket[];
}
/** An event of an odds answer. */
export interface FixtureEvent {
  id: string;
  sport_key: string;
  sport_title: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  bookmakers: FixtureBookmaker[];
}

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The sports list: two football leagues and a tennis tournament in season, one league out of season, one outright. */
export function fixtureSports(): FixtureSport[] {
  return [
    {
      key: 'soccer_efl_champ',
      group: 'Soccer',
      title: 'Championship',
      description: 'EFL Championship',
      active: true,
      has_outrights: false,
    },
    { key: 'soccer_epl', group: 'Soccer', title: 'EPL', description: 'English Premier League', active: true, has_outrights: false },
    {
      key: 'soccer_fifa_world_cup_winner',
      group: 'Soccer',
      title: 'FIFA World Cup Winner',
      description: 'FIFA World Cup Winner 2030',
      active: true,
      has_outrights: true,
    },
    {
      key: 'soccer_spl',
      group: 'Soccer',
      title: 'Premiership - Scotland',
      description: 'Scottish Premiership',
      active: false,
      has_outrights: false,
    },
    { key: 'tennis_atp_finals', group: 'Tennis', title: 'ATP Finals', description: 'Men Singles', active: true, has_outrights: false },
  ];
}

type Book = readonly [key: string, title: string, prices: readonly number[]];
type Exchange = readonly [key: string, title: string, back: readonly number[], lay: readonly number[], limits: readonly number[] | null];

function event(
  id: string,
  sport: [string, string],
  start: number,
  home: string,
  away: string,
  updated: number,
  books: readonly Book[],
  exchanges: readonly Exchange[],
): FixtureEvent {
  const names = books[0]?.[2].length === 3 ? [home, away, 'Draw'] : [home, away];
  const market = (key: string, prices: readonly number[], limits: readonly number[] | null): FixtureMarket => ({
    key,
    last_update: iso(updated),
    outcomes: names.map((name, i) => ({
      name,
      price: prices[i] as number,
      ...(limits === null ? {} : { bet_limit: limits[i] as number }),
    })),
  });
  return {
    id,
    sport_key: sport[0],
    sport_title: sport[1],
    commence_time: iso(start),
    home_team: home,
    away_team: away,
    bookmakers: [
      ...books.map(([key, title, prices]) => ({ key, title, last_update: iso(updated), markets: [market('h2h', prices, null)] })),
      ...exchanges.map(([key, title, back, lay, limits]) => ({
        key,
        title,
        last_update: iso(updated),
        markets: [market('h2h', back, limits), market('h2h_lay', lay, limits)],
      })),
    ],
  };
}

/** The odds answers by sport key, at `at` (epoch ms): prices last changed a minute before. Home, away, draw order, as the provider answers. */
export function fixtureOdds(at: number): Record<string, FixtureEvent[]> {
  const u = at - 60_000;
  return {
    soccer_epl: [
      event(
        'b1f0a7c2d3e4f5a6b7c8d9e0f1a2b3c4',
        ['soccer_epl', 'EPL'],
        at + 3 * HOUR,
        'Arsenal',
        'Tottenham Hotspur',
        u,
        [
          ['williamhill', 'William Hill', [1.83, 4.2, 3.9]],
          ['paddypower', 'Paddy Power', [1.85, 4.0, 3.8]],
          ['skybet', 'Sky Bet', [1.8, 4.33, 3.9]],
          ['ladbrokes_uk', 'Ladbrokes', [1.83, 4.0, 3.75]],
          ['betfair_sb_uk', 'Betfair Sportsbook', [1.85, 4.0, 3.8]],
        ],
        [
          ['betfair_ex_uk', 'Betfair', [1.88, 4.4, 4.0], [1.89, 4.5, 4.1], [2140.55, 512.3, 830.0]],
          ['smarkets', 'Smarkets', [1.87, 4.4, 3.95], [1.9, 4.6, 4.1], null],
          ['matchbook', 'Matchbook', [1.87, 4.3, 4.0], [1.9, 4.5, 4.1], null],
        ],
      ),
      event(
        'c2a1b8d3e4f5a6b7c8d9e0f1a2b3c4d5',
        ['soccer_epl', 'EPL'],
        at + 27 * HOUR,
        'Leeds United',
        'Sunderland',
        u,
        [
          ['williamhill', 'William Hill', [2.05, 3.6, 3.5]],
          ['unibet_uk', 'Unibet', [2.1, 3.5, 3.45]],
        ],
        [['betfair_ex_uk', 'Betfair', [2.12, 3.75, 3.6], [2.14, 3.8, 3.65], [310.0, 95.5, 120.0]]],
      ),
    ],
    soccer_efl_champ: [
      event(
        'd3b2c9e4f5a6b7c8d9e0f1a2b3c4d5e6',
        ['soccer_efl_champ', 'Championship'],
        at + 5 * HOUR,
        'Coventry City',
        'Norwich City',
        u,
        [
          ['skybet', 'Sky Bet', [2.3, 3.1, 3.3]],
          ['sport888', '888sport', [2.25, 3.2, 3.3]],
        ],
        [['smarkets', 'Smarkets', [2.36, 3.3, 3.45], [2.4, 3.35, 3.5], null]],
      ),
    ],
    tennis_atp_finals: [
      event(
        'e4c3d0f5a6b7c8d9e0f1a2b3c4d5e6f7',
        ['tennis_atp_finals', 'ATP Finals'],
        at + 7 * HOUR,
        'Alex Brandt',
        'Tomas Varga',
        u,
        [['williamhill', 'William Hill', [1.62, 2.3]]],
        [['matchbook', 'Matchbook', [1.66, 2.46], [1.68, 2.5], null]],
      ),
    ],
  };
}
