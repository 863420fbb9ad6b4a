import { describe, expect, it } from 'vitest';
import { OddsApiAnswerError, readInstant, readOdds, readQuotaHeaders } from './wire';

describe('reading an answer', () => {
  it('reads the quota headers, null where one is absent or not a whole number', () => {
    const h = new Headers({ 'x-requests-remaining': '494', 'x-requests-used': '6', 'x-requests-last': 'two' });
    expect(readQuotaHeaders(h)).toEqual({ remaining: 494, used: 6, last: null });
    expect(readQuotaHeaders(new Headers())).toEqual({ remaining: null, used: null, last: null });
  });

  it('reads ISO 8601 instants with a zone only', () => {
    expect(readInstant('2026-12-05T15:00:00Z')).toBe(Date.UTC(2026, 11, 5, 15));
    expect(readInstant('2026-12-05T15:00:00+01:00')).toBe(Date.UTC(2026, 11, 5, 14));
    expect(readInstant('2026-12-05 15:00')).toBeNull();
    expect(readInstant('2026-12-05T15:00:00')).toBeNull();
    expect(readInstant(1_796_000_000)).toBeNull();
  });

  it('refuses a whole answer that is not an array, naming it', () => {
    expect(() => readOdds({ message: 'x' })).toThrow(OddsApiAnswerError);
  });

  it('keeps the well-formed outcomes of a market and names each one left out', () => {
    const read = readOdds([
      {
        id: 'e1',
        sport_key: 'soccer_epl',
        sport_title: 'EPL',
        commence_time: '2026-12-05T15:00:00Z',
        home_team: 'Everton',
        away_team: 'Fulham',
        bookmakers: [
          {
            key: 'skybet',
            title: 'Sky Bet',
            markets: [
              {
                key: 'h2h',
                last_update: '2026-12-05T14:00:00Z',
                outcomes: [
                  { name: 'Everton', price: 2.5 },
                  { name: 'Fulham', price: '2.9' },
                  { price: 3.3 },
                  { name: 'Draw', price: Number.NaN },
                ],
              },
            ],
          },
        ],
      },
      { id: 'e2', sport_key: 'soccer_epl', commence_time: 'tomorrow', home_team: 'A', away_team: 'B', bookmakers: [] },
    ]);
    expect(read.issues).toEqual([
      { field: '[0].bookmakers[0].markets[0].outcomes[1].price', problem: 'must be decimal odds above 1 (got "2.9")' },
      { field: '[0].bookmakers[0].markets[0].outcomes[2].name', problem: 'is missing' },
      { field: '[0].bookmakers[0].markets[0].outcomes[3].price', problem: 'must be decimal odds above 1 (got null)' },
      { field: '[1].commence_time', problem: 'is not an ISO 8601 instant' },
    ]);
    expect(read.value).toHaveLength(1);
    expect(read.value[0]?.bookmakers[0]?.markets[0]?.outcomes).toEqual([{ name: 'Everton', price: 2.5 }]);
  });
});
