// Issue 24: the feed's providers as members read them: a configured or neutral name, never the
// key nor the vendor's, and one sentence per state and reason that says what is true.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_PROVIDER_NAMES, feedProviderLabel, feedProviderNotice, type FeedProviderReason } from './feed-status';
import { findIdentifiers } from './identifiers';

const REASONS: readonly FeedProviderReason[] = [
  { kind: 'rationed', until: '1 April 2026' },
  { kind: 'paused', until: '1 April 2026' },
  { kind: 'reconnecting' },
  { kind: 'late' },
  { kind: 'incomplete' },
  { kind: 'unavailable' },
];

describe('the feed’s providers as members read them', () => {
  it('names each provider by its configured name, else a neutral default, else its key’s words', () => {
    expect(feedProviderLabel('betfair')).toBe('the exchange stream');
    expect(feedProviderLabel('odds-api')).toBe('our bookmaker odds source');
    expect(feedProviderLabel('price-hub')).toBe('Price Hub');
    expect(feedProviderLabel('betfair', { betfair: 'the Betfair Exchange' })).toBe('the Betfair Exchange');
    expect(feedProviderLabel('odds-api', { betfair: 'the Betfair Exchange' })).toBe('our bookmaker odds source');
    for (const key of [...Object.keys(DEFAULT_FEED_PROVIDER_NAMES), 'price-hub']) {
      const name = feedProviderLabel(key);
      expect(name).not.toContain(key);
      expect(name).not.toMatch(/Betfair|Odds API/);
      for (const reason of REASONS)
        for (const state of ['degraded', 'down'] as const)
          expect(findIdentifiers(feedProviderNotice(name, state, reason) ?? '')).toEqual([]);
    }
  });

  it('says a rationed provider’s prices are slower until the renewal date, not until it catches up', () => {
    const notice = feedProviderNotice('our bookmaker odds source', 'degraded', { kind: 'rationed', until: '1 April 2026' });
    expect(notice).toBe(
      'Prices from our bookmaker odds source are refreshed less often than usual until 1 April 2026, so they may be a few minutes old.',
    );
    expect(feedProviderNotice('our bookmaker odds source', 'down', { kind: 'paused', until: '1 April 2026' })).toBe(
      'Prices from our bookmaker odds source are not available until 1 April 2026: rows from it are hidden until then.',
    );
  });

  it('does not call live prices delayed when only new markets’ names are missing', () => {
    const notice = feedProviderNotice('the exchange stream', 'degraded', { kind: 'incomplete' });
    expect(notice).toBe('Prices from the exchange stream are up to date, but markets it has just added may not appear yet.');
    expect(notice).not.toMatch(/delayed|older/);
  });

  it('says a reconnecting, late or down provider’s rows are older or hidden, and nothing while it is live or starting', () => {
    expect(feedProviderNotice('the exchange stream', 'degraded', { kind: 'reconnecting' })).toBe(
      'Prices from the exchange stream may be older than usual while we reconnect to it.',
    );
    expect(feedProviderNotice('the exchange stream', 'degraded', { kind: 'late' })).toBe(
      'Prices from the exchange stream are arriving late: they may be older than usual.',
    );
    expect(feedProviderNotice('the exchange stream', 'down', { kind: 'unavailable' })).toBe(
      'Prices from the exchange stream are not available: rows from it are hidden until it is back.',
    );
    expect(feedProviderNotice('the exchange stream', 'live', { kind: 'late' })).toBeNull();
    expect(feedProviderNotice('the exchange stream', 'starting', { kind: 'reconnecting' })).toBeNull();
  });
});
