// Issue 24: the feed's providers as members read them: a name, never the key, and one sentence per
// state that needs one.
import { describe, expect, it } from 'vitest';
import { FEED_PROVIDER_NAMES, feedProviderLabel, feedProviderNotice } from './feed-status';
import { findIdentifiers } from './identifiers';

describe('the feed’s providers as members read them', () => {
  it('names each listed provider by its display name, and an unlisted one by its key’s words', () => {
    expect(feedProviderLabel('betfair')).toBe('the Betfair Exchange');
    expect(feedProviderLabel('odds-api')).toBe('The Odds API');
    expect(feedProviderLabel('price-hub')).toBe('Price Hub');
    for (const key of [...Object.keys(FEED_PROVIDER_NAMES), 'price-hub']) {
      expect(feedProviderLabel(key)).not.toContain(key);
      expect(findIdentifiers(feedProviderNotice(key, 'down') ?? '')).toEqual([]);
    }
  });

  it('says what a delayed or down provider means for the rows, and nothing while it is live or starting', () => {
    expect(feedProviderNotice('betfair', 'down')).toBe(
      'Prices from the Betfair Exchange are not available: rows from it are hidden until it is back.',
    );
    expect(feedProviderNotice('odds-api', 'degraded')).toBe(
      'Prices from The Odds API are delayed: they may be older than usual until it catches up.',
    );
    expect(feedProviderNotice('betfair', 'live')).toBeNull();
    expect(feedProviderNotice('betfair', 'starting')).toBeNull();
  });
});
