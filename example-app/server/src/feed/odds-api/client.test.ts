import { afterEach, describe, expect, it } from 'vitest';
import { getJson, OddsApiKeyRefused, OddsApiOutOfCredits, redactUrl, retryAfterMs, scrub, type ClientSetup } from './client';
import { startOddsApiFake, type OddsApiFake } from './fake';

const KEY = 'a+b/key=9';
let fake: OddsApiFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const setup = (baseUrl: string, apiKey = KEY): ClientSetup => ({
  baseUrl,
  apiKey,
  timeoutMs: 5_000,
  fetch,
  signal: new AbortController().signal,
  onQuota: () => undefined,
});

describe('one request to The Odds API', () => {
  it('scrubs the key, raw and URL-encoded, from any text', () => {
    expect(scrub(`GET /v4/sports?apiKey=${encodeURIComponent(KEY)} (${KEY})`, KEY)).toBe('GET /v4/sports?apiKey=[redacted] ([redacted])');
    expect(redactUrl(new URL(`https://api.the-odds-api.com/v4/sports?apiKey=${encodeURIComponent(KEY)}&all=true`))).toBe(
      'https://api.the-odds-api.com/v4/sports?apiKey=[redacted]&all=true',
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('7', 0)).toBe(7_000);
    expect(retryAfterMs('Thu, 03 Dec 2026 09:00:30 GMT', Date.UTC(2026, 11, 3, 9))).toBe(30_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });

  it('tells spent credits (401 OUT_OF_USAGE_CREDITS) from a refused key (401 INVALID_KEY)', async () => {
    fake = await startOddsApiFake({ apiKey: KEY, at: Date.now(), credits: 1 });
    const odds = { regions: 'uk', markets: 'h2h,h2h_lay' };
    await expect(getJson(setup(fake.url), '/v4/sports/soccer_epl/odds', odds, Date.now)).rejects.toBeInstanceOf(OddsApiOutOfCredits);
    const refused = getJson(setup(fake.url, 'wrong'), '/v4/sports', {}, Date.now);
    await expect(refused).rejects.toBeInstanceOf(OddsApiKeyRefused);
    await expect(refused).rejects.toMatchObject({ errorCode: 'INVALID_KEY' });
  });
});
