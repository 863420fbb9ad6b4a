// The feed's health on a real server on loopback: /readyz stays 200 and names the provider that
// failed and the kind of its reason, /metrics counts each provider's requests, messages, errors,
// quota, lag, state and reason kind.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedFeed, type FeedSource } from '@matchkit/app-contract/feed';
import type { App } from '../app';
import { createLogger } from '../logger';
import { buildTestApp, testClock } from '../test/app';
import { createProviderFeed } from './provider-feed';
import { footballMatch, manualProvider } from './testing';
import type { ProviderHealth } from './provider';

const started: App[] = [];
afterEach(async () => {
  for (const app of started.splice(0)) await app.stop();
});

async function serve(feed: FeedSource, clock = testClock()) {
  const app = await buildTestApp({ feed, clock });
  started.push(app);
  const { origin } = await app.start(0, '127.0.0.1');
  return origin;
}

describe('the feed’s health in /readyz and /metrics', () => {
  it('stays ready with one provider down, naming it, and reports every provider’s counters', async () => {
    const clock = testClock('2026-12-05T14:00:00Z');
    const odds = manualProvider('odds-api');
    const betfair = manualProvider('betfair');
    const feed = createProviderFeed({ providers: [odds, betfair], clock, logger: createLogger('silent') });
    const origin = await serve(feed, clock);
    odds.send([footballMatch('a1', 'Arsenal', 'Chelsea', clock() + 3_600_000, clock())]);
    odds.setHealth({ state: 'live', lastBookAt: clock(), requests: 12, errors: 1, quotaRemaining: 480, lagMs: 1500 });
    betfair.setHealth({
      state: 'down',
      detail: 'the session token was refused',
      reason: { kind: 'unavailable' },
      messages: 40,
      errors: 3,
    });

    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ok: true,
      feed: {
        state: 'degraded',
        simulated: false,
        providers: [
          { provider: 'odds-api', state: 'live', reason: null, detail: null },
          { provider: 'betfair', state: 'down', reason: 'unavailable', detail: 'the session token was refused' },
        ],
      },
    });

    const text = await (await fetch(`${origin}/metrics`)).text();
    for (const line of [
      'matchkit_feed_provider_requests_total{provider="odds-api"} 12',
      'matchkit_feed_provider_requests_total{provider="betfair"} 0',
      'matchkit_feed_provider_messages_total{provider="betfair"} 40',
      'matchkit_feed_provider_errors_total{provider="odds-api"} 1',
      'matchkit_feed_provider_errors_total{provider="betfair"} 3',
      'matchkit_feed_provider_quota_remaining{provider="odds-api"} 480',
      'matchkit_feed_provider_lag_seconds{provider="odds-api"} 1.5',
      'matchkit_feed_provider_state{provider="odds-api",state="live"} 1',
      'matchkit_feed_provider_state{provider="betfair",state="down"} 1',
      'matchkit_feed_provider_state{provider="betfair",state="live"} 0',
      'matchkit_feed_provider_reason{provider="odds-api",reason="none"} 1',
      'matchkit_feed_provider_reason{provider="odds-api",reason="unavailable"} 0',
      'matchkit_feed_provider_reason{provider="betfair",reason="unavailable"} 1',
      'matchkit_feed_provider_reason{provider="betfair",reason="none"} 0',
      'matchkit_feed_provider_reason{provider="betfair",reason="late"} 0',
    ])
      expect(text).toContain(line);
    // The reason's kind labels the series, never the operators' free text.
    expect(text).not.toMatch(/matchkit_feed_provider_reason\{[^}]*session token/);
    // Betfair reports no quota and no lag: no series for it.
    expect(text).not.toContain('matchkit_feed_provider_quota_remaining{provider="betfair"}');

    // Both down: still ready (the rest of the app serves), the feed down.
    odds.setHealth({ state: 'down', detail: 'the key was refused' });
    expect(await (await fetch(`${origin}/readyz`)).json()).toMatchObject({ ok: true, feed: { state: 'down' } });
    // Rationed, and a kind this release does not know (a newer leader's): read as no reason.
    odds.setHealth({ state: 'degraded', detail: 'quota paced', reason: { kind: 'rationed', until: clock() + 86_400_000 } });
    betfair.setHealth({ reason: { kind: 'throttled' } as unknown as ProviderHealth['reason'] });
    expect(await (await fetch(`${origin}/readyz`)).json()).toMatchObject({
      feed: {
        providers: [
          { provider: 'odds-api', state: 'degraded', reason: 'rationed', detail: 'quota paced' },
          { provider: 'betfair', state: 'down', reason: null },
        ],
      },
    });
    const later = await (await fetch(`${origin}/metrics`)).text();
    expect(later).toContain('matchkit_feed_provider_reason{provider="odds-api",reason="rationed"} 1');
    expect(later).toContain('matchkit_feed_provider_reason{provider="betfair",reason="none"} 1');
    expect(later).not.toContain('throttled');
    // Both live again.
    odds.setHealth({ state: 'live', detail: null, reason: null });
    betfair.setHealth({ state: 'live', detail: null, reason: null, lastBookAt: clock() });
    expect(await (await fetch(`${origin}/readyz`)).json()).toMatchObject({ ok: true, feed: { state: 'live' } });
  });

  it('reports the simulated feed live, with no providers and no provider series', async () => {
    const clock = testClock();
    const origin = await serve(createSimulatedFeed({ seed: 3, clock, eventCount: 10 }), clock);
    expect(await (await fetch(`${origin}/readyz`)).json()).toEqual({ ok: true, feed: { state: 'live', simulated: true, providers: [] } });
    expect(await (await fetch(`${origin}/metrics`)).text()).not.toMatch(/matchkit_feed_provider_\w+\{/);
  });
});
