import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKMAKER_KEYS, DEFAULT_EXCHANGES, feedBookmakerKey, feedSport, toProviderEvent } from './mapping';
import type { WireEvent, WireIssue } from './wire';

/** An event between sides A and B starting at instant 1, with these bookmakers. */
const twoSided = (id: string, sportKey: string, sportTitle: string, bookmakers: WireEvent['bookmakers']): WireEvent => ({
  id,
  sportKey,
  sportTitle,
  commenceTime: 1,
  homeTeam: 'A',
  awayTeam: 'B',
  bookmakers,
});

describe('the mapping onto the provider model', () => {
  it('maps sport keys by their group', () => {
    expect(feedSport('soccer_epl')).toBe('football');
    expect(feedSport('soccer_efl_champ')).toBe('football');
    expect(feedSport('tennis_atp_wimbledon')).toBe('tennis');
    expect(feedSport('rugbyunion_six_nations')).toBe('rugby-union');
    expect(feedSport('politics_us_presidential_election_winner')).toBeNull();
    expect(feedSport('constructor_x')).toBeNull();
  });

  it('keeps a bookmaker key that is already a feed key, drops the _uk suffix, and follows the table', () => {
    expect(feedBookmakerKey('williamhill')).toBe('williamhill');
    expect(feedBookmakerKey('paddypower')).toBe('paddypower');
    expect(feedBookmakerKey('ladbrokes_uk')).toBe('ladbrokes');
    expect(feedBookmakerKey('unibet_uk')).toBe('unibet');
    expect(feedBookmakerKey('betfair_sb_uk')).toBe('betfair-sportsbook');
    expect(feedBookmakerKey('sport888')).toBe('888sport');
    expect(feedBookmakerKey('grosvenor_casino', DEFAULT_BOOKMAKER_KEYS)).toBe('grosvenor-casino');
    expect(feedBookmakerKey('williamhill', { williamhill: 'william-hill' })).toBe('william-hill');
  });

  it('leaves out an outcome that is neither side nor Draw, naming it, and ignores markets it does not map', () => {
    const event: WireEvent = {
      id: 'e1',
      sportKey: 'soccer_epl',
      sportTitle: 'EPL',
      commenceTime: 1,
      homeTeam: 'Everton',
      awayTeam: 'Fulham',
      bookmakers: [
        {
          key: 'williamhill',
          title: 'William Hill',
          markets: [
            {
              key: 'h2h',
              lastUpdate: 0,
              outcomes: [
                { name: 'Everton', price: 2.5 },
                { name: 'Evertonn', price: 2.6 },
                { name: 'Draw', price: 3.3 },
                { name: 'Fulham', price: 2.9 },
              ],
            },
            { key: 'totals', lastUpdate: 0, outcomes: [{ name: 'Over', price: 1.9 }] },
            { key: 'h2h_lay', lastUpdate: 0, outcomes: [{ name: 'Everton', price: 2.6 }] },
          ],
        },
      ],
    };
    const issues: WireIssue[] = [];
    const mapped = toProviderEvent(event, { bookmakers: DEFAULT_BOOKMAKER_KEYS, exchanges: DEFAULT_EXCHANGES }, issues, '[0]');
    expect(issues).toEqual([{ field: '[0].bookmakers[0].markets[0].outcomes[1].name', problem: 'is neither side nor Draw (Evertonn)' }]);
    expect(mapped?.markets[0]?.runners.map((r) => [r.name, r.back.map((b) => b.odds), r.exchange.length])).toEqual([
      ['Everton', [2.5], 0],
      ['Draw', [3.3], 0],
      ['Fulham', [2.9], 0],
    ]);
  });

  it('gives an exchange price with one side only the other side null, and its bet limit as pence', () => {
    const event = twoSided('e2', 'tennis_atp_finals', 'ATP Finals', [
      {
        key: 'smarkets',
        title: 'Smarkets',
        markets: [{ key: 'h2h_lay', lastUpdate: 5, outcomes: [{ name: 'A', price: 1.5, bet_limit: 12.34 }] }],
      },
    ]);
    const mapped = toProviderEvent(event, { bookmakers: {}, exchanges: DEFAULT_EXCHANGES }, [], '[0]');
    expect(mapped?.markets[0]?.runners[0]?.exchange).toEqual([
      { exchange: 'smarkets', back: null, lay: { odds: 1.5, liquidity: 1234 }, commission: 0.02, updatedAt: 5 },
    ]);
  });

  it('dates an exchange price by the older of its two sides: a fresh back never makes a stale lay look fresh', () => {
    const event = twoSided('e5', 'soccer_epl', 'EPL', [
      {
        key: 'smarkets',
        title: 'Smarkets',
        markets: [
          { key: 'h2h', lastUpdate: 9_000, outcomes: [{ name: 'A', price: 2.1 }] },
          { key: 'h2h_lay', lastUpdate: 1_000, outcomes: [{ name: 'A', price: 2.2 }] },
        ],
      },
      {
        key: 'matchbook',
        title: 'Matchbook',
        markets: [
          { key: 'h2h_lay', lastUpdate: 2_000, outcomes: [{ name: 'A', price: 2.24 }] },
          { key: 'h2h', lastUpdate: 7_000, outcomes: [{ name: 'A', price: 2.08 }] },
        ],
      },
    ]);
    const mapped = toProviderEvent(event, { bookmakers: {}, exchanges: DEFAULT_EXCHANGES }, [], '[0]');
    expect(mapped?.markets[0]?.runners[0]?.exchange.map((p) => [p.exchange, p.updatedAt])).toEqual([
      ['matchbook', 2_000],
      ['smarkets', 1_000],
    ]);
  });

  it('leaves out the bookmakers it is told to omit, exchange or not', () => {
    const event = twoSided('e4', 'tennis_atp_finals', 'ATP Finals', [
      { key: 'betfair_ex_uk', title: 'Betfair', markets: [{ key: 'h2h', lastUpdate: 5, outcomes: [{ name: 'A', price: 1.5 }] }] },
      { key: 'skybet', title: 'Sky Bet', markets: [{ key: 'h2h', lastUpdate: 5, outcomes: [{ name: 'A', price: 1.44 }] }] },
      { key: 'williamhill', title: 'William Hill', markets: [{ key: 'h2h', lastUpdate: 5, outcomes: [{ name: 'A', price: 1.45 }] }] },
    ]);
    const mapped = toProviderEvent(
      event,
      { bookmakers: {}, exchanges: DEFAULT_EXCHANGES, omit: new Set(['betfair_ex_uk', 'skybet']) },
      [],
      '[0]',
    );
    expect(mapped?.markets[0]?.runners).toEqual([
      { key: 'A', name: 'A', back: [{ bookmaker: 'williamhill', odds: 1.45, updatedAt: 5 }], exchange: [] },
    ]);
  });

  it('drops an event with no price at all', () => {
    const event: WireEvent = {
      id: 'e3',
      sportKey: 'soccer_epl',
      sportTitle: 'EPL',
      commenceTime: 1,
      homeTeam: 'A',
      awayTeam: 'B',
      bookmakers: [],
    };
    expect(toProviderEvent(event, { bookmakers: {}, exchanges: {} }, [], '[0]')).toBeNull();
  });
});
