import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { OddsApiOptionsError, resolveOptions, type OddsApiProviderOptions } from './options';

const base: OddsApiProviderOptions = { apiKey: 'k', sports: ['soccer_epl'], clock: () => 0, logger: createLogger('silent') };
const refused = (over: Partial<OddsApiProviderOptions>) => {
  try {
    resolveOptions({ ...base, ...over });
  } catch (error) {
    if (error instanceof OddsApiOptionsError) return error.field;
    throw error;
  }
  return null;
};

describe('the provider options', () => {
  it('fills in the defaults', () => {
    expect(resolveOptions(base)).toMatchObject({
      id: 'odds-api',
      baseUrl: 'https://api.the-odds-api.com',
      regions: ['uk'],
      markets: ['h2h', 'h2h_lay'],
      bookmakers: null,
      intervalMs: 60_000,
      quotaResetDay: 1,
      includeBetLimits: true,
    });
  });

  it('names the option refused', () => {
    expect(refused({ apiKey: ' ' })).toBe('apiKey');
    expect(refused({ baseUrl: 'ftp://x' })).toBe('baseUrl');
    expect(refused({ sports: [] })).toBe('sports');
    expect(refused({ sports: ['politics_uk_election'] })).toBe('sports');
    expect(refused({ sports: ['tennis_*_atp'] })).toBe('sports');
    expect(refused({ sports: ['tennis_atp_*'] })).toBeNull();
    expect(refused({ sports: ['golf_*'] })).toBe('sports');
    expect(refused({ sports: ['basketball_nba_championship_winner'] })).toBe('sports');
    expect(refused({ regions: ['gb'] })).toBe('regions');
    expect(refused({ markets: ['h2h_lay'] })).toBe('markets');
    expect(refused({ intervalMs: 10.5 })).toBe('intervalMs');
    expect(refused({ quotaResetDay: 31 })).toBe('quotaResetDay');
    expect(refused({ exchanges: { betfair_ex_uk: { exchange: 'betfair', commission: 1 } } })).toBe('exchanges.betfair_ex_uk.commission');
    expect(refused({ bookmakerKeys: { sport888: '888 Sport' } })).toBe('bookmakerKeys.sport888');
    expect(refused({ omitBookmakers: ['Betfair Exchange'] })).toBe('omitBookmakers');
  });
});
